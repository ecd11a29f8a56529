import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../gateway/rest/routes';
import { routeProblems } from '../gateway/rest/route-check';
import { INTERNAL_SCHEMA_FILE, SUPERGRAPH_FILE } from '../platform/schema-files';
import { API_SCHEMA_FILE, SCHEMA_DIR } from '../schema/check';
import { checkContracts, composeSupergraph, readCheckedInApiSchema, runSchemaCheck } from '../schema/compose';
import { readContracts, ROOT, staleFiles } from '../schema/contracts';

/** The REST façade's generated contracts, whose texts the route table in dist/ was built from. */
const REST_CONTRACTS_GENERATED_FILE = 'gateway/rest/contracts/generated.ts';

/**
 * `npm run compose`: checks the API schema and the contracts first (an unrecorded breaking change, or a contract the
 * new schema breaks, or a REST route's operation it breaks, writes nothing), then writes schema/<subgraph>.graphql, schema/supergraph.graphql,
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
  // The route table in dist/ carries the operation texts of the last build: when the REST contracts' generated file is
  // about to change, those texts are stale (the contracts check above validated the new ones); the next build checks them.
  const restContractsStale = staleFiles(contracts.outputs).includes(REST_CONTRACTS_GENERATED_FILE);
  const routes = restContractsStale ? [] : routeProblems(ROUTES, composition.internalSdl);
  if (restContractsStale) console.log(`REST routes: ${REST_CONTRACTS_GENERATED_FILE} changes; the route table is checked again after the next build`);
  if (routes.length) {
    console.error(`\nREST routes (gateway/rest/routes/), ${routes.length} to fix:\n${routes.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  if (!restContractsStale) console.log(`REST routes: ${ROUTES.length} operations valid on the internal supergraph`);
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
