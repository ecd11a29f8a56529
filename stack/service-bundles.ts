import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SUBGRAPH_ADDRESSES } from '../platform/addresses';
import { setting } from '../platform/configuration/settings';
import { tracingEnabled } from '../platform/tracing';

/**
 * The services `npm start` runs, each from one bundle of its compiled code and the packages it loads
 * (scripts/bundle-services.mjs, after tsc): one file to read and compile instead of ~1,500 to find,
 * read and compile, and with a V8 code cache beside it (stack/code-cache.ts). docs/performance.md, "Starting".
 */

/** dist/ (this file is dist/stack/service-bundles.js). */
const DIST = join(__dirname, '..');
/** Bundles sit two levels under the repository root, as every compiled file that finds schema/ by `__dirname` expects. */
export const BUNDLES_DIR = join(DIST, 'bundles');
/** Which compiled files went into each bundle: a bundle older than one of them is not used. */
export const BUNDLE_MANIFEST = join(BUNDLES_DIR, 'manifest.json');
/** Runs a bundle with its code cache (stack/bundled-service.ts). */
const BUNDLE_RUNNER = join(DIST, 'stack', 'bundled-service.js');

/** Each service's compiled entry point, relative to dist/. */
export const GATEWAY_ENTRY = 'gateway/main.js';
export const WEBHOOK_WORKER_ENTRY = 'subgraphs/integrations/webhook-delivery/worker-main.js';
export const subgraphEntry = (name: string) => `subgraphs/${name}/main.js`;
export const SERVICE_ENTRIES: readonly string[] = [GATEWAY_ENTRY, ...SUBGRAPH_ADDRESSES.map((s) => subgraphEntry(s.name)), WEBHOOK_WORKER_ENTRY];
/** The operator tools `npm run admin` and `npm run seed` run (through cli/admin.js and cli/seed.js: cli/tool-entry.ts). */
export const ADMIN_TOOL_ENTRY = 'cli/admin-tool.js';
export const SEED_TOOL_ENTRY = 'cli/seed-tool.js';
/** Every entry the build bundles. */
export const BUNDLED_ENTRIES: readonly string[] = [...SERVICE_ENTRIES, ADMIN_TOOL_ENTRY, SEED_TOOL_ENTRY];

/** entry → the compiled files (relative to dist/) the build put into its bundle. */
export type BundleManifest = Record<string, string[]>;

export function bundleFileOf(entry: string): string {
  return join(BUNDLES_DIR, entry.replace(/\//g, '.'));
}

function mtimeMs(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function readManifest(): BundleManifest | undefined {
  try {
    return JSON.parse(readFileSync(BUNDLE_MANIFEST, 'utf8')) as BundleManifest;
  } catch {
    return undefined;
  }
}

/**
 * The bundle of an entry when it holds the compiled code as it is now: after `npx tsc -p .` alone
 * (no bundling) a changed file is newer than the bundle, and the compiled files run as they are.
 */
function freshBundle(entry: string, manifest: BundleManifest | undefined): string | undefined {
  const bundle = bundleFileOf(entry);
  const builtAt = mtimeMs(bundle);
  const inputs = manifest?.[entry];
  if (builtAt === undefined || !inputs) return undefined;
  for (const input of inputs) {
    const changedAt = mtimeMs(join(DIST, input));
    if (changedAt === undefined || changedAt > builtAt) return undefined;
  }
  return bundle;
}

/** The fresh bundle of an entry, unless STACK_BUNDLES=0 (then, or without one, the compiled entry runs). */
export function bundleToRun(entry: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return setting('STACK_BUNDLES', env) ? freshBundle(entry, readManifest()) : undefined;
}

/** The compiled file of an entry. */
export const compiledEntry = (entry: string) => join(DIST, entry);

/** Starts OpenTelemetry before a service loads (node --require), when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
const TRACE_EXPORT = join(DIST, 'stack', 'trace-export.js');

/**
 * What `node` runs for each service entry: its fresh bundle through the runner, else the compiled
 * entry itself (no bundles built, one stale, or STACK_BUNDLES=0 for readable stack traces and debuggers).
 * With traces on (OTEL_EXPORTER_OTLP_ENDPOINT), the compiled entry after trace-export.js: instrumentation patches the
 * packages as `require` loads them, and a bundle holds its packages (pg) inside, out of its reach.
 */
export function serviceCommands(entries: readonly string[], env: NodeJS.ProcessEnv = process.env): Map<string, string[]> {
  if (tracingEnabled(env)) return new Map(entries.map((entry) => [entry, ['--require', TRACE_EXPORT, join(DIST, entry)]]));
  const manifest = setting('STACK_BUNDLES', env) ? readManifest() : undefined;
  return new Map(
    entries.map((entry) => {
      const bundle = freshBundle(entry, manifest);
      return [entry, bundle ? [BUNDLE_RUNNER, bundle] : [join(DIST, entry)]];
    }),
  );
}
