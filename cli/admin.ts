// `npm run admin -- <command>` (or `node dist/cli/admin.js <command>`): the operator commands of cli/admin-commands.ts.
import { ADMIN_TOOL_ENTRY } from '../stack/service-bundles';
import { runToolEntry } from './tool-entry';

runToolEntry(ADMIN_TOOL_ENTRY);
