import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/cli';

const EXAMPLES = join(ROOT, 'examples');
/** Under dist/ (ignored by git, inside the repository so that node_modules resolves). */
const CHECK_DIR = join(ROOT, 'dist', 'examples-check');

/** Type errors of the example files in CHECK_DIR, checked with examples/tsconfig.json's options. */
function typeErrors(files: string[]): string[] {
  const { config } = ts.readConfigFile(join(EXAMPLES, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, EXAMPLES);
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? relative(CHECK_DIR, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

/** Generates with the codegen config into a folder (what it writes under examples/generated/): argv[1] the config, argv[2] the folder. */
const GENERATE = `
const { generate, loadCodegenConfig } = require('@graphql-codegen/cli');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
(async () => {
  const [configFilePath, outDir] = process.argv.slice(1);
  const { config } = await loadCodegenConfig({ configFilePath });
  for (const output of await generate({ ...config, cwd: process.cwd(), silent: true }, false)) {
    const file = join(outDir, relative('examples/generated', output.filename));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, output.content);
  }
})().catch((error) => { console.error(error); process.exit(1); });
`;

describe('codegen for front-end teams: typed operations over schema/api.graphql', () => {
  beforeAll(async () => {
    rmSync(CHECK_DIR, { recursive: true, force: true });
    mkdirSync(join(CHECK_DIR, 'generated'), { recursive: true });
    // What `npm run codegen` does, with the outputs written here instead of examples/generated/
    // (in a plain node process: the codegen CLI loads ES modules that jest's module system does not).
    const codegen = spawnSync(process.execPath, ['-e', GENERATE, join(EXAMPLES, 'codegen.yml'), join(CHECK_DIR, 'generated')], { cwd: ROOT, encoding: 'utf8' });
    if (codegen.status !== 0) throw new Error(`codegen failed:\n${codegen.stdout}${codegen.stderr}`);
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.ts'))) copyFileSync(join(EXAMPLES, file), join(CHECK_DIR, file));
  }, 60_000);
  afterAll(() => rmSync(CHECK_DIR, { recursive: true, force: true }));

  it('generates the schema types and a TypedDocumentNode per operation, with the graphql-scalars types mapped', () => {
    const generated = readdirSync(join(CHECK_DIR, 'generated')).sort();
    expect(generated).toEqual(['graphql.ts', 'schema.ts', 'web']);
    const schemaTypes = ts.sys.readFile(join(CHECK_DIR, 'generated', 'schema.ts'))!;
    expect(schemaTypes).toContain("DateTimeISO: { input: string; output: string; }");
    expect(schemaTypes).toContain("JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }");
    expect(ts.sys.readFile(join(CHECK_DIR, 'generated', 'graphql.ts'))).toMatch(/export const MyBookingsDocument = .* as unknown as DocumentNode<MyBookingsQuery, MyBookingsQueryVariables>;/);
  });

  it('writes the manifest of trusted documents: one per operation of examples/operations, each id the SHA-256 of its text', () => {
    const operations = readdirSync(join(EXAMPLES, 'operations')).filter((name) => name.endsWith('.graphql'));
    const manifest: Record<string, string> = JSON.parse(readFileSync(join(CHECK_DIR, 'generated', 'web', 'persisted-documents.json'), 'utf8'));
    expect(Object.keys(manifest)).toHaveLength(operations.length);
    for (const [id, text] of Object.entries(manifest)) expect(id).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
    const myBookings = Object.values(manifest).find((text) => text.startsWith('query MyBookings '));
    // With __typename in every selection set, as Apollo Client's cache reads it.
    expect(myBookings).toMatch(/^query MyBookings \{ __typename me \{ __typename bookings \{ __typename attendees \{ __typename email name \}/);
    // The client preset's documents carry their id, for a link to send instead of the text.
    const [id] = Object.keys(manifest).filter((key) => manifest[key] === myBookings);
    expect(readFileSync(join(CHECK_DIR, 'generated', 'web', 'graphql.ts'), 'utf8')).toContain(`export const MyBookingsDocument = {"__meta__":{"hash":"${id}"}`);
  });

  it('the Apollo Client example type-checks against the generated types', () => {
    expect(typeErrors([join(CHECK_DIR, 'my-bookings.ts')])).toEqual([]);
  }, 60_000);

  it('a field the operation did not select is a type error (the result is typed, not any)', () => {
    writeFileSync(
      join(CHECK_DIR, 'wrong-field.ts'),
      `import type { MyBookingsQuery } from './generated/graphql';\nexport const location = (data: MyBookingsQuery) => data.me.bookings[0].location;\n`,
    );
    expect(typeErrors([join(CHECK_DIR, 'wrong-field.ts')]).join('\n')).toMatch(/Property 'location' does not exist/);
  }, 60_000);
});
