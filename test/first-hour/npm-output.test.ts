import { spawn } from 'node:child_process';
import { ROOT } from '../support/cli';

function npm(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: ROOT, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm keeps its own errors; operator output stays clean with `npm run -s`', () => {
  it('`npm run nonexistent` says the script is missing (no project-wide loglevel=silent)', async () => {
    const result = await npm('run', 'nonexistent');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Missing script: "nonexistent"');
  }, 30_000);

  it('`npm run -s admin -- help` prints the usage alone on stdout (no banner, no build chatter)', async () => {
    const result = await npm('run', '-s', 'admin', '--', 'help');
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('Usage: npm run admin')).toBe(true);
  }, 120_000);
});
