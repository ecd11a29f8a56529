import { createRequire } from 'node:module';
import { runWithCodeCache } from '../stack/code-cache';
import { bundleToRun, compiledEntry } from '../stack/service-bundles';

/**
 * Runs an operator tool (cli/admin-tool.ts, cli/seed-tool.ts) from its bundle with a V8 code cache, as `npm start`
 * runs the services (stack/service-bundles.ts): one file instead of ~1,500 to find and compile. Without a fresh
 * bundle (after `npx tsc -p .` alone, or STACK_BUNDLES=0) the compiled tool runs. The cache is written when the
 * tool exits, with the code it ran, when there was none yet.
 */
export function runToolEntry(entry: string): void {
  const bundle = bundleToRun(entry);
  if (!bundle) {
    const file = compiledEntry(entry);
    createRequire(file)(file);
    return;
  }
  const script = runWithCodeCache(bundle);
  if (!script.cacheUsed) process.once('exit', () => script.saveCache());
}
