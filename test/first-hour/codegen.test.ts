import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/cli';
import { generateExamples } from '../support/example-web-build';

const EXAMPLES = join(ROOT, 'examples');
/** Under dist/ (ignored by git, inside the repository so that node_modules resolves). */
const CHECK_DIR = join(ROOT, 'dist', 'examples-check');

/** Type errors of the example files in CHECK_DIR, checked with examples/tsconfig.json's options. */
function typeErrors(files: string[]): string[] {
  const { config } = ts.readConfigFile(join(EXAMPLES, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, EXAMPLES);
  const program = ts.createProgram(files, options);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? relative(CHECK_DIR, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('codegen for front-end teams: typed operations over schema/api.graphql', () => {
  beforeAll(async () => {
    rmSync(CHECK_DIR, { recursive: true, force: true });
    mkdirSync(join(CHECK_DIR, 'generated'), { recursive: true });
    await generateExamples(join(CHECK_DIR, 'generated'));
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.ts'))) copyFileSync(join(EXAMPLES, file), join(CHECK_DIR, file));
  }, 60_000);
  afterAll(() => rmSync(CHECK_DIR, { recursive: true, force: true }));

  it('generates the schema types and a TypedDocumentNode per operation, with the graphql-scalars types mapped', () => {
    const generated = readdirSync(join(CHECK_DIR, 'generated')).sort();
    expect(generated).toEqual(['graphql.ts', 'schema.ts', 'web']);
    const schemaTypes = ts.sys.readFile(join(CHECK_DIR, 'generated', 'schema.ts'))!;
    expect(schemaTypes).toContain('DateTimeISO: { input: string; output: string; }');
    expect(schemaTypes).toContain('JSONObject: { input: Record<string, unknown>; output: Record<string, unknown>; }');
    expect(ts.sys.readFile(join(CHECK_DIR, 'generated', 'graphql.ts'))).toMatch(
      /export const MyBookingsDocument = .* as unknown as DocumentNode<MyBookingsQuery, MyBookingsQueryVariables>;/,
    );
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

  it('the web example (examples/web: React, Apollo Client, trusted documents) type-checks against the generated documents', () => {
    const web = join(EXAMPLES, 'web');
    const { config } = ts.readConfigFile(join(web, 'tsconfig.json'), ts.sys.readFile);
    const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, web);
    const program = ts.createProgram(fileNames, { ...options, paths: { '@generated/*': [join(CHECK_DIR, 'generated', 'web', '*')] } });
    expect(ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`)).toEqual([]);
  }, 60_000);

  it('a field the operation did not select is a type error (the result is typed, not any)', () => {
    writeFileSync(
      join(CHECK_DIR, 'wrong-field.ts'),
      `import type { MyBookingsQuery } from './generated/graphql';\nexport const location = (data: MyBookingsQuery) => data.me.bookings[0].location;\n`,
    );
    expect(typeErrors([join(CHECK_DIR, 'wrong-field.ts')]).join('\n')).toMatch(/Property 'location' does not exist/);
  }, 60_000);
});
