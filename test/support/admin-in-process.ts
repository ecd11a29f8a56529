import { admin, ADMIN_USAGE_HINT } from '../../cli/admin-commands';
import { toolOutcome } from '../../cli/run-tool';
import { CliResult } from './cli';

/**
 * The admin tool's commands run in this process with `env` (DATABASE_URL at least) set, and left set for the file: the
 * outcome `node dist/cli/admin.js` prints and exits with, without a process start (a second of CPU, mostly loading
 * the tool). A file keeps one real run per command it checks (runCli) for the process's own exit code and streams;
 * its other cases of the same command (refusals, variants) run here. Messages the command logs are not captured: cases
 * that read them spawn the tool.
 */
export function adminInProcess(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  Object.assign(process.env, env);
  return toolOutcome('admin', ADMIN_USAGE_HINT, admin, args);
}
