// After tsc: one CommonJS bundle per service entry point (dist/bundles/), which the `npm start`
// supervisor runs with a V8 code cache (stack/service-bundles.ts, stack/code-cache.ts). It bundles the
// compiled JavaScript, where tsc has already applied the decorators and emitted their metadata.
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Left to Node's require at run time:
 * - pg: TypeORM loads its driver by name at run time, so a bundled copy would be a second pg;
 * - pg-native: optional, absent.
 */
const EXTERNAL = ['pg', 'pg-native'];

export async function bundleServices(root) {
  const require = createRequire(join(root, 'package.json'));
  const esbuild = require('esbuild');
  const dist = join(root, 'dist');
  const { SERVICE_ENTRIES, BUNDLES_DIR, BUNDLE_MANIFEST, bundleFileOf } = require(join(dist, 'stack', 'service-bundles.js'));
  rmSync(BUNDLES_DIR, { recursive: true, force: true });
  const manifest = {};
  await Promise.all(
    SERVICE_ENTRIES.map(async (entry) => {
      const { metafile } = await esbuild.build({
        absWorkingDir: root,
        entryPoints: [join(dist, entry)],
        outfile: bundleFileOf(entry),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        // type-graphql and TypeORM name types and tables after the classes.
        keepNames: true,
        external: EXTERNAL,
        metafile: true,
        logLevel: 'error',
      });
      manifest[entry] = Object.keys(metafile.inputs)
        .map((input) => relative(dist, join(root, input)))
        .filter((input) => !input.startsWith('..'));
    }),
  );
  writeFileSync(BUNDLE_MANIFEST, JSON.stringify(manifest, null, 1));
}
