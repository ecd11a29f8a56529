// The admin tool's process (the bundle cli/admin.ts runs): the operator commands of cli/admin-commands.ts on its arguments.
import { admin, ADMIN_USAGE_HINT } from './admin-commands';
import { runTool } from './run-tool';

runTool('admin', ADMIN_USAGE_HINT, admin);
