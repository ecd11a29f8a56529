import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManifestFolder } from './manifest-folder';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const manifestOf = (...documents: string[]) => JSON.stringify(Object.fromEntries(documents.map((text) => [`sha256:${sha256(text)}`, text])));
const MAX_TOKENS = 2000;

describe('the folder of manifests: bounded, malformed ones skipped', () => {
  let dir: string;
  let folder: ManifestFolder | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'manifests-'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    folder?.close();
    rmSync(dir, { recursive: true, force: true });
    jest.restoreAllMocks();
  });

  it('serves each document by its hash, and trusts its text as it is or printed another way; other text is not trusted', async () => {
    writeFileSync(join(dir, 'web.json'), manifestOf('query A { me { id } }'));
    folder = await ManifestFolder.open(dir, MAX_TOKENS);
    expect(folder.textOf(sha256('query A { me { id } }'))).toBe('query A { me { id } }');
    expect(folder.trusts('query A { me { id } }')).toBe(true);
    expect(folder.trusts('query A {\n  me {\n    id\n  }\n}\n')).toBe(true);
    expect(folder.trusts('query A { me { id name } }')).toBe(false);
    expect(folder.trusts('query A {')).toBe(false);
  });

  it('skips a manifest over 1 MB, a file that is not *.json, and keeps the rest', async () => {
    writeFileSync(join(dir, 'big.json'), manifestOf(`query Big { me { id } } ${'#'.repeat(1024 * 1024)}`));
    writeFileSync(join(dir, 'notes.txt'), manifestOf('query Notes { me { id } }'));
    writeFileSync(join(dir, 'web.json'), manifestOf('query A { me { id } }'));
    folder = await ManifestFolder.open(dir, MAX_TOKENS);
    expect(folder.size).toBe(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/big\.json is skipped: \d+ bytes, more than the 1048576 a manifest may have/));
  });

  it('reads the first 100 manifests by name, and says so', async () => {
    for (let i = 0; i < 101; i++) writeFileSync(join(dir, `m${String(i).padStart(3, '0')}.json`), manifestOf(`query Q${i} { me { id } }`));
    folder = await ManifestFolder.open(dir, MAX_TOKENS);
    expect(folder.size).toBe(100);
    expect(folder.textOf(sha256('query Q100 { me { id } }'))).toBeUndefined();
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/101 manifests in .*, only the first 100 by name are read/));
  });

  it('a document beyond the token limit makes its manifest malformed', async () => {
    writeFileSync(join(dir, 'long.json'), manifestOf(`query Long { ${'me { id } '.repeat(10)} }`));
    folder = await ManifestFolder.open(dir, 20);
    expect(folder.size).toBe(0);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/long\.json is skipped: the document of sha256:\w+ is not a GraphQL document within 20 tokens/),
    );
  });
});
