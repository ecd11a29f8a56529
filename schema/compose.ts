import 'reflect-metadata';
import { composeServices } from '@apollo/composition';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { buildFederatedSchema, printPublishedSdl } from '../platform/build-schema';
import { SUBGRAPHS } from '../subgraphs';
import { INTERNAL_SCHEMA_FILE, SUPERGRAPH_FILE } from '../platform/schema-files';
import { internalSupergraphOf } from '../platform/internal-supergraph';
import { API_SCHEMA_FILE, apiSdlOf, checkApiSchema, formatCheck, readChangelog, SCHEMA_DIR } from './check';
import { contractOutputs, contractProblems, readContracts, ROOT, staleFiles } from './contracts';

export { API_SCHEMA_FILE, SCHEMA_DIR };
export { SUPERGRAPH_FILE };

export interface Composition {
  subgraphs: Array<{ name: string; sdl: string }>;
  supergraphSdl: string;
  /** The API schema clients see (schema/api.graphql): no join__/link__ internals, no @inaccessible fields. */
  apiSdl: string;
  /** The internal supergraph's API schema (schema/internal.graphql): the public one plus the @inaccessible fields; the contracts' schema. */
  internalSdl: string;
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
  return {
    subgraphs,
    supergraphSdl: result.supergraphSdl,
    apiSdl: apiSdlOf(result.supergraphSdl),
    internalSdl: apiSdlOf(internalSupergraphOf(result.supergraphSdl)),
    hints: result.hints.map((h) => h.toString()),
  };
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
 * The contracts between services against a composition: each must be valid on its internal schema (a problem names
 * the caller, the operation and its document), and (`staleOk` false) the committed generated files and
 * docs/contracts.md must be what `npm run contracts` writes from it.
 */
export async function checkContracts(fresh: Composition, staleOk: boolean): Promise<{ problems: string[]; outputs: Array<{ file: string; content: string }> }> {
  const problems = contractProblems(readContracts(), fresh.internalSdl);
  if (problems.length) return { problems, outputs: [] };
  const outputs = await contractOutputs(fresh.internalSdl, fresh.supergraphSdl);
  const stale = staleOk ? [] : staleFiles(outputs);
  return { problems: stale.map((file) => `${file} is out of date with the contracts: run \`npm run contracts\``), outputs };
}

/**
 * `npm run compose`: checks the API schema and the contracts first (an unrecorded breaking change, or a contract the
 * new schema breaks, writes nothing), then writes schema/<subgraph>.graphql, schema/supergraph.graphql,
 * schema/api.graphql, schema/internal.graphql, the contracts' generated files and docs/contracts.md.
 * `npm run schema:check [-- --base <git ref>]`: the checks alone, nothing written; it also fails when a committed
 * generated file of the contracts is out of date.
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
  const contracts = await checkContracts(composition, !checkOnly);
  if (contracts.problems.length) {
    console.error(`\ncontracts between services, ${contracts.problems.length} to fix:\n${contracts.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`contracts between services: ${readContracts().length} operations valid on the internal supergraph`);
  if (checkOnly) return;
  const { subgraphs, supergraphSdl, apiSdl, internalSdl } = composition;
  for (const { name, sdl } of subgraphs) writeFileSync(join(SCHEMA_DIR, `${name}.graphql`), `${sdl.trim()}\n`);
  writeFileSync(SUPERGRAPH_FILE, `${supergraphSdl.trim()}\n`);
  writeFileSync(API_SCHEMA_FILE, apiSdl);
  writeFileSync(INTERNAL_SCHEMA_FILE, internalSdl);
  for (const { file, content } of contracts.outputs) writeFileSync(join(ROOT, file), content);
  console.log(
    `composed ${subgraphs.map((s) => s.name).join(', ')} into ${SUPERGRAPH_FILE}, ${API_SCHEMA_FILE} and ${INTERNAL_SCHEMA_FILE}; ` +
      `wrote ${contracts.outputs.map((o) => o.file).join(', ')}`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
