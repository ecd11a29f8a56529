import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './cli';

/** Runs node with these arguments in the repository; rejects with its output when it fails. */
function runNode(args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args[0]} … failed (${code}):\n${output}`))));
  });
}

/**
 * Generates with the codegen config into a folder (what it writes under examples/generated/): argv[1] the config, argv[2] the folder,
 * argv[3] when given the one output to generate.
 */
const GENERATE = `
const { generate, loadCodegenConfig } = require('@graphql-codegen/cli');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
(async () => {
  const [configFilePath, outDir, only] = process.argv.slice(1);
  const { config } = await loadCodegenConfig({ configFilePath });
  const generates = only ? { [only]: config.generates[only] } : config.generates;
  for (const output of await generate({ ...config, generates, cwd: process.cwd(), silent: true }, false)) {
    const file = join(outDir, relative('examples/generated', output.filename));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, output.content);
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** The output of examples/codegen.yml the web example is built from. */
export const WEB_OUTPUT = 'examples/generated/web/';

/**
 * What `npm run codegen` does (or only its `only` output), with the outputs written into `outDir` instead of examples/generated/
 * (in a plain node process: the codegen CLI loads ES modules that jest's module system does not).
 */
export function generateExamples(outDir: string, only?: string): Promise<void> {
  return runNode(['-e', GENERATE, join(ROOT, 'examples', 'codegen.yml'), outDir, ...(only ? [only] : [])]);
}

/** What `npm run example:web` builds: the web example from the documents generated into `generatedDir`, into `outDir`. */
export function buildExampleWeb(generatedDir: string, outDir: string): Promise<void> {
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  return runNode([vite, 'build', '--config', join(ROOT, 'examples', 'web', 'vite.config.mts')], {
    EXAMPLE_WEB_GENERATED: join(generatedDir, 'web'),
    EXAMPLE_WEB_OUT: outDir,
  });
}
