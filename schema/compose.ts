import 'reflect-metadata';
import { composeServices } from '@apollo/composition';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { buildFederatedSchema, printPublishedSdl } from '../subgraphs/kit/build-schema';
import { SUBGRAPHS } from '../subgraphs';
import { SUPERGRAPH_FILE } from '../subgraphs/kit/schema-files';
import { API_SCHEMA_FILE, apiSdlOf, checkApiSchema, formatCheck, readChangelog, SCHEMA_DIR } from './check';

export { API_SCHEMA_FILE, SCHEMA_DIR };
export { SUPERGRAPH_FILE };

export interface Composition {
  subgraphs: Array<{ name: string; sdl: string }>;
  supergraphSdl: string;
  /** The API schema clients see (schema/api.graphql): no join__/link__ internals, no @inaccessible fields. */
  apiSdl: string;
  /** Composition hints (printed by `npm run compose` and `npm run schema:check`). */
  hints: string[];
}

/** Builds every subgraph schema from code and composes them with @apollo/composition. */
export async function composeSupergraph(): Promise<Composition> {
  const subgraphs = [];
  for (const definition of SUBGRAPHS) {
    const schema = await buildFederatedSchema(definition);
    subgraphs.push({ name: definition.name, sdl: printPublishedSdl(schema) });
  }
  const result = composeServices(
    subgraphs.map(({ name, sdl }) => ({ name, typeDefs: parse(sdl), url: `http://${name}:${SUBGRAPHS.find((s) => s.name === name)!.defaultPort}/graphql` })),
  );
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((e) => `- ${e.message}`).join('\n')}`);
  return { subgraphs, supergraphSdl: result.supergraphSdl, apiSdl: apiSdlOf(result.supergraphSdl), hints: result.hints.map((h) => h.toString()) };
}

export function readCheckedInApiSchema(): string {
  return readFileSync(API_SCHEMA_FILE, 'utf8');
}

/**
 * The schema check: the API schema composed from the code against the checked-in schema/api.graphql,
 * or against `--base <git ref>`'s (CI: the target branch, so that a `npm run compose` cannot hide a change).
 */
export async function runSchemaCheck(fresh: Composition, published: string): Promise<{ ok: boolean; report: string }> {
  const result = await checkApiSchema(published, fresh.apiSdl, readChangelog());
  const hints = fresh.hints.length
    ? `composition hints (${fresh.hints.length}):\n${fresh.hints.map((h) => `  - ${h}`).join('\n')}\n`
    : 'composition hints: none\n';
  return { ok: result.ok, report: `${hints}${formatCheck(result)}` };
}

export function readCheckedInSupergraph(): string {
  return readFileSync(SUPERGRAPH_FILE, 'utf8');
}

/**
 * `npm run compose`: checks the API schema first (an unrecorded breaking change writes nothing), then
 * writes schema/<subgraph>.graphql, schema/supergraph.graphql and schema/api.graphql.
 * `npm run schema:check [-- --base <git ref>]`: the check alone, nothing written.
 */
async function main() {
  const checkOnly = process.argv.includes('--check');
  const baseAt = process.argv.indexOf('--base');
  const composition = await composeSupergraph();
  const published =
    baseAt > 0
      ? execFileSync('git', ['show', `${process.argv[baseAt + 1]}:schema/api.graphql`], { encoding: 'utf8' })
      : existsSync(API_SCHEMA_FILE)
        ? readCheckedInApiSchema()
        : composition.apiSdl;
  const check = await runSchemaCheck(composition, published);
  console.log(check.report);
  if (!check.ok) {
    console.error(`\nschema check failed: record each breaking change (with a reason) in schema/breaking-changes.json${checkOnly ? '' : ' before composing'}`);
    process.exit(1);
  }
  if (checkOnly) return;
  const { subgraphs, supergraphSdl, apiSdl } = composition;
  for (const { name, sdl } of subgraphs) writeFileSync(join(SCHEMA_DIR, `${name}.graphql`), `${sdl.trim()}\n`);
  writeFileSync(SUPERGRAPH_FILE, `${supergraphSdl.trim()}\n`);
  writeFileSync(API_SCHEMA_FILE, apiSdl);
  console.log(`composed ${subgraphs.map((s) => s.name).join(', ')} into ${SUPERGRAPH_FILE} and ${API_SCHEMA_FILE}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
