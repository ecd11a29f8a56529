#!/usr/bin/env node
// Builds dist/ (tsc, then the bundles `npm start` runs: scripts/bundle-services.mjs) only when a source
// changed since the last successful build, so `npm start`, `npm run admin`, `seed` and `compose` run the
// compiled code at once on an unchanged checkout.
// `npm install` builds through the `prepare` script. Plain JavaScript: it must run before any build.
//
// Stale when any TypeScript file or folder under the compiled folders (a folder's mtime changes when
// a file is added, removed or renamed), tsconfig.json or package-lock.json is newer than
// dist/.build-stamp. Other files (schema/*.graphql) are read at run time and need no build.
// Silent when up to date: operator tools print their JSON on stdout.
//
// `--force` builds whatever the stamp says. `--clean` (npm test) wants dist/ to be a build of the current sources into
// an empty folder, so that no compiled file of a source removed since is left to run: it keeps dist/ when its stamp
// says so (a build that found no dist/, as `npm ci`'s prepare on a clean checkout, and nothing changed since), else
// removes dist/ and builds again. On CI that is `npm ci`'s build, reused instead of compiled a second time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServices } from './bundle-services.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TSCONFIG = join(ROOT, 'tsconfig.json');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-stamp');
/** The stamp's second line when the build started without a dist/ folder: nothing in it but that build's output. */
const FROM_SCRATCH = 'from scratch';

/** The newest mtime under `path` (files and folders), with the path that has it. */
function newest(path, found = { mtimeMs: 0, path: '' }) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return found;
  }
  const compiled = stat.isDirectory() || /\.(ts|mts|cts|json)$/.test(path);
  if (compiled && stat.mtimeMs > found.mtimeMs) found = { mtimeMs: stat.mtimeMs, path };
  if (stat.isDirectory()) for (const entry of readdirSync(path)) if (entry !== 'node_modules') found = newest(join(path, entry), found);
  return found;
}

// Before the sources exist (a Docker layer that installs dependencies first) there is nothing to build.
if (!existsSync(TSCONFIG)) process.exit(0);

const { include = [] } = JSON.parse(readFileSync(TSCONFIG, 'utf8'));
let source = { mtimeMs: 0, path: '' };
for (const path of [TSCONFIG, join(ROOT, 'package-lock.json'), ...include.map((folder) => join(ROOT, folder))]) source = newest(path, source);
let built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const upToDate = source.mtimeMs <= built;
if (process.argv.includes('--clean')) {
  if (upToDate && readFileSync(STAMP, 'utf8').split('\n')[1] === FROM_SCRATCH) process.exit(0);
  rmSync(DIST, { recursive: true, force: true });
  built = 0;
} else if (upToDate && !process.argv.includes('--force')) process.exit(0);
const fromScratch = !existsSync(DIST);

process.stderr.write(built ? `build: ${source.path.slice(ROOT.length + 1)} changed, compiling…\n` : 'build: compiling dist/…\n');
const startedAt = new Date();
const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', ROOT], {
  stdio: ['ignore', process.stderr, process.stderr],
});
if (tsc.status !== 0) {
  process.stderr.write(`build: tsc failed (exit ${tsc.status ?? tsc.signal}); fix the errors above and run the command again\n`);
  process.exit(1);
}
try {
  await bundleServices(ROOT);
} catch (error) {
  // Without bundles `npm start` runs the compiled files: slower to start, the same services.
  process.stderr.write(`build: bundling the services failed, npm start will run the compiled files: ${error instanceof Error ? error.message : error}\n`);
}
// The stamp carries the time the build started: a file saved during the build is seen as changed next time.
writeFileSync(STAMP, `${startedAt.toISOString()}\n${fromScratch ? `${FROM_SCRATCH}\n` : ''}`);
utimesSync(STAMP, startedAt, startedAt);
