import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root: the nearest folder above this file with a package.json (from dist/platform/ or from a bundle in dist/bundles/). */
function repositoryRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}: the checked-in schema cannot be found`);
  }
}

/**
 * Where the checked-in SDL files live: schema/ at the repository root. On the floor, so that a subgraph (the
 * organizations' system roles), the gateway and the schema tooling all find them; importing this loads nothing else.
 */
export const SCHEMA_DIR = join(repositoryRoot(), 'schema');
export const SUPERGRAPH_FILE = join(SCHEMA_DIR, 'supergraph.graphql');
export const API_SCHEMA_FILE = join(SCHEMA_DIR, 'api.graphql');
/** The internal supergraph's API schema (the public one plus the @inaccessible fields): what the services' contracts are checked against. */
export const INTERNAL_SCHEMA_FILE = join(SCHEMA_DIR, 'internal.graphql');
/** One entry per accepted breaking change of the public API schema. */
export const BREAKING_CHANGES_FILE = join(SCHEMA_DIR, 'breaking-changes.json');
