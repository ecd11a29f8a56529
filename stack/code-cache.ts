import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Module from 'node:module';
import { dirname } from 'node:path';
import { constants, Script } from 'node:vm';

/**
 * Runs a CommonJS file (a service bundle) as the main module, compiled with a V8 code cache kept beside
 * it (`<file>.cache`): with the cache V8 neither parses the file nor compiles the functions that ran
 * before the cache was made. Node 20 has no `module.enableCompileCache`, and v8-compile-cache fails on
 * Node 20's require() of ES modules (docs/decisions.md, "Starting from bundles").
 */
export interface CachedScript {
  /** Whether V8 took the cache (false: none yet, or one of another bundle, Node or V8 flags). */
  readonly cacheUsed: boolean;
  /**
   * Writes the cache when it was not used, with the code compiled so far (call it once the service is
   * ready: the functions start-up ran are in it). A folder that cannot be written leaves it at that.
   */
  saveCache(): void;
}

/**
 * V8 checks a cache against its own version and flags, but of the source only its length: the key
 * ties it to this file as built (size and time) and to this Node.
 */
function cacheKeyOf(file: string): Buffer {
  const { size, mtimeMs } = statSync(file);
  return Buffer.from(`${process.version} ${process.arch} ${size} ${mtimeMs}\n`);
}

function readCache(cacheFile: string, key: Buffer): Buffer | undefined {
  let stored: Buffer;
  try {
    stored = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return stored.subarray(0, key.length).equals(key) ? stored.subarray(key.length) : undefined;
}

export function runWithCodeCache(file: string): CachedScript {
  const cacheFile = `${file}.cache`;
  const key = cacheKeyOf(file);
  const cachedData = readCache(cacheFile, key);
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;
  const module = new Module(file);
  module.filename = file;
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    cacheUsed,
    saveCache() {
      if (cacheUsed) return;
      // Another process of the same bundle (a second webhook worker) may write it at the same time: each writes its own file, the last rename wins.
      const partial = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(partial, Buffer.concat([key, script.createCachedData()]));
        renameSync(partial, cacheFile);
      } catch {
        try {
          unlinkSync(partial);
        } catch {
          // nothing was written
        }
      }
    },
  };
}
