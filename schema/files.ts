import { join } from 'node:path';

/** Where the checked-in SDL files live: schema/ at the repository root (also when run from dist/). Importing this loads nothing else. */
export const SCHEMA_DIR = join(__dirname, '..', '..', 'schema');
export const SUPERGRAPH_FILE = join(SCHEMA_DIR, 'supergraph.graphql');
export const API_SCHEMA_FILE = join(SCHEMA_DIR, 'api.graphql');
/** One entry per accepted breaking change of the public API schema. */
export const BREAKING_CHANGES_FILE = join(SCHEMA_DIR, 'breaking-changes.json');
