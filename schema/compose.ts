import 'reflect-metadata';
import { composeServices } from '@apollo/composition';
import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { buildFederatedSchema, printPublishedSdl } from '../platform/build-schema';
import { SUBGRAPHS } from '../subgraphs';
import { SUPERGRAPH_FILE } from '../platform/schema-files';
import { internalSupergraphOf } from '../platform/internal-supergraph';
import { API_SCHEMA_FILE, apiSdlOf, checkApiSchema, formatCheck, readChangelog, SCHEMA_DIR } from './check';
import { contractOutputs, contractProblems, readContracts, staleFiles } from './contracts';

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
