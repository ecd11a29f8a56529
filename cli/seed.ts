// `npm run seed` (or `node dist/cli/seed.js`): the demo data of cli/seed-tool.ts.
import { SEED_TOOL_ENTRY } from '../stack/service-bundles';
import { runToolEntry } from './tool-entry';

runToolEntry(SEED_TOOL_ENTRY);
