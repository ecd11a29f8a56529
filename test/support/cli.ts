import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The repository root, from dist/test/support. */
export const ROOT = join(__dirname, '..', '..', '..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a compiled operator tool (what `npm run admin` / `npm run seed` run after building) with extra environment. */
export function runCli(tool: 'admin' | 'seed', env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`dist/cli/${tool}.js`, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
