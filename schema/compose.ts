import 'reflect-metadata';
import { composeServices } from '@apollo/composition';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import { buildFederatedSchema, printPublishedSdl } from '../subgraphs/kit/build-schema';
import { SUBGRAPHS } from '../subgraphs';

/** Where the checked-in SDL files live: schema/ at the repository root (also when run from dist/). */
export const SCHEMA_DIR = join(__dirname, '..', '..', 'schema');
export const SUPERGRAPH_FILE = join(SCHEMA_DIR, 'supergraph.graphql');

export interface Composition {
  subgraphs: Array<{ name: string; sdl: string }>;
  supergraphSdl: string;
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
  return { subgraphs, supergraphSdl: result.supergraphSdl };
}

export function readCheckedInSupergraph(): string {
  return readFileSync(SUPERGRAPH_FILE, 'utf8');
}

/** `npm run compose`: writes schema/<subgraph>.graphql and schema/supergraph.graphql. */
async function main() {
  const { subgraphs, supergraphSdl } = await composeSupergraph();
  for (const { name, sdl } of subgraphs) writeFileSync(join(SCHEMA_DIR, `${name}.graphql`), `${sdl.trim()}\n`);
  writeFileSync(SUPERGRAPH_FILE, `${supergraphSdl.trim()}\n`);
  console.log(`composed ${subgraphs.map((s) => s.name).join(', ')} into ${SUPERGRAPH_FILE}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
