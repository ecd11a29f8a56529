import { FSWatcher, mkdirSync, watch } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentHash, normalizedHashOf, parseManifest, sha256Of } from './manifest';

/** Manifests read from the folder: the first ones by name beyond this are left out (and logged). */
export const MAX_MANIFEST_FILES = 100;
/** A manifest larger than this is skipped (and logged): a front-end's operations are a few hundred kilobytes at most. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
/** Changes in the folder come in bursts (a copy writes, then closes): the folder is read again once they settle. */
const SETTLE_MS = 50;

/**
 * The trusted documents of every manifest in a folder (`*.json`, as the codegen client preset writes them), kept up to date without a
 * restart: the folder is watched and read again, whole, after each change, so each front-end ships its own file and a deploy copies it
 * in. A manifest that cannot be read, is malformed or too large is logged and skipped; the others are served as before.
 */
export class ManifestFolder {
  private byHash = new Map<DocumentHash, string>();
  private byNormalizedHash = new Set<DocumentHash>();
  private watcher?: FSWatcher;
  private settling?: NodeJS.Timeout;
  private reading: Promise<void> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly maxTokens: number,
  ) {}

  /** Reads the folder (made when missing) and watches it. */
  static async open(dir: string, maxTokens: number): Promise<ManifestFolder> {
    const folder = new ManifestFolder(dir, maxTokens);
    mkdirSync(dir, { recursive: true });
    await folder.read();
    // Never what keeps a process alive (the gateway's listeners are): a gateway that fails to start after this still exits.
    folder.watcher = watch(dir, () => folder.readSoon()).unref();
    folder.watcher.on('error', (error) => console.error(`[gateway] trusted documents: cannot watch ${dir} any longer: ${error.message}`));
    return folder;
  }

  /** The text of the document with this hash, when a manifest has it. */
  textOf(hash: DocumentHash): string | undefined {
    return this.byHash.get(hash);
  }

  /** Whether a manifest has this text, as it is or printed another way (manifest.ts, normalizedHashOf). */
  trusts(text: string): boolean {
    if (this.byHash.has(sha256Of(text))) return true;
    const normalized = normalizedHashOf(text, this.maxTokens);
    return normalized !== undefined && this.byNormalizedHash.has(normalized);
  }

  get size(): number {
    return this.byHash.size;
  }

  close(): void {
    clearTimeout(this.settling);
    this.watcher?.close();
  }

  private readSoon(): void {
    clearTimeout(this.settling);
    this.settling = setTimeout(() => {
      // One reading at a time, in order: the last change is always read last.
      this.reading = this.reading.then(() => this.read());
    }, SETTLE_MS).unref();
  }

  private async read(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => name.endsWith('.json')).sort();
    } catch (error) {
      console.error(`[gateway] trusted documents: cannot read ${this.dir}, the manifests read before are kept: ${(error as Error).message}`);
      return;
    }
    if (names.length > MAX_MANIFEST_FILES) {
      console.error(`[gateway] trusted documents: ${names.length} manifests in ${this.dir}, only the first ${MAX_MANIFEST_FILES} by name are read`);
      names = names.slice(0, MAX_MANIFEST_FILES);
    }
    const byHash = new Map<DocumentHash, string>();
    const byNormalizedHash = new Set<DocumentHash>();
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        const { size } = await stat(path);
        if (size > MAX_MANIFEST_BYTES) throw new Error(`${size} bytes, more than the ${MAX_MANIFEST_BYTES} a manifest may have`);
        for (const document of parseManifest(await readFile(path, 'utf8'), this.maxTokens)) {
          byHash.set(document.hash, document.text);
          byNormalizedHash.add(document.normalizedHash);
        }
      } catch (error) {
        console.error(`[gateway] trusted documents: ${path} is skipped: ${(error as Error).message}`);
      }
    }
    this.byHash = byHash;
    this.byNormalizedHash = byNormalizedHash;
  }
}
