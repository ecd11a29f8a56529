import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** scripts/check-imports.mjs (npm run imports:check): no circle of files, no import up a layer (issue 24). */
const SCRIPT = join(__dirname, '..', '..', '..', 'scripts', 'check-imports.mjs');

function check(...args: string[]): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout) => resolve({ code: error ? Number(error.code) : 0, lines: stdout.split('\n') }));
  });
}

describe('the drawing of the imports', () => {
  it('has no circle of files and no import up a layer in this repository', async () => {
    const { code, lines } = await check();
    expect({ code, problems: lines.filter((line) => /^(upward|circle):/.test(line)) }).toEqual({ code: 0, problems: [] });
  });

  it('names an upward import, a circle of files, circles of folders (one through a root file), and leaves type-only imports out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'imports-'));
    const files: Record<string, string> = {
      'platform/client.ts': "import { thing } from '../gateway/thing';\nexport const client = thing;\n",
      'gateway/thing.ts': 'export const thing = 1;\n',
      'subgraphs/scheduling/a/one.ts': "import { two } from './two';\nexport const one = two;\n",
      'subgraphs/scheduling/a/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
      'subgraphs/scheduling/b/three.ts': "import { four } from '../c/four';\nexport const three = four;\n",
      'subgraphs/scheduling/c/four.ts': 'export const four = 4;\n',
      'subgraphs/scheduling/c/five.ts': "import { six } from '../b/six';\nexport const five = six;\n",
      'subgraphs/scheduling/b/six.ts': 'export const six = 6;\n',
      // A file at the subgraph's root is a folder of its own: it cannot join two folders into a circle unseen.
      'subgraphs/scheduling/hub.ts': "import { seven } from './e/seven';\nexport const hub = seven;\n",
      'subgraphs/scheduling/e/seven.ts': 'export const seven = 7;\n',
      'subgraphs/scheduling/e/nine.ts': "import { eight } from '../f/eight';\nexport const nine = eight;\n",
      'subgraphs/scheduling/f/eight.ts': "import { hub } from '../hub';\nexport const eight = hub;\n",
      'subgraphs/scheduling/index.ts': "import { nine } from './e/nine';\nexport const all = nine;\n",
      'subgraphs/scheduling/d/x.ts': "import type { Y } from './y';\nexport class X { y?: Y; }\n",
      'subgraphs/scheduling/d/y.ts': "import { X } from './x';\nexport class Y extends X {}\n",
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const { code, lines } = await check('--root', root);
      expect(code).toBe(1);
      expect(lines).toEqual(
        expect.arrayContaining([
          'upward: platform/client.ts → gateway/thing.ts (platform may not import gateway)',
          'circle: subgraphs/scheduling/a/one.ts → subgraphs/scheduling/a/two.ts → subgraphs/scheduling/a/one.ts',
          'folder circle: subgraphs/scheduling/b, subgraphs/scheduling/c',
          'folder circle: subgraphs/scheduling/e, subgraphs/scheduling/f, subgraphs/scheduling/hub',
        ]),
      );
      expect(lines.filter((line) => line.includes('/d/'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
