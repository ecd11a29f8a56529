import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../stack/ports';

const ROOT = join(__dirname, '..', '..', '..');

/** Runs `node dist/cli/start.js` (what `npm start` runs after building) and waits for its gateway line. */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['dist/cli/start.js'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no gateway line in 45 s:\n${output}`)), 45_000);
    child.stdout!.on('data', () => {
      if (output.includes('gateway ')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('npm start: embedded PostgreSQL, four subgraphs and the gateway, stopped cleanly by a signal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health, /graphql with an explorer and /v2, then shuts down on SIGTERM and restarts on the same data', async () => {
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      SCHEDULING_PORT: '0',
      ORGANIZATIONS_PORT: '0',
      INTEGRATIONS_PORT: '0',
      OAUTH_PORT: '0',
      INTERNAL_PORT: '0',
    };
    const base = `http://127.0.0.1:${env.PORT}`;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { child } = await start(env);
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', subgraphs: { scheduling: 'ok', organizations: 'ok', integrations: 'ok', oauth: 'ok' } });
      const explorer = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
      expect(explorer.status).toBe(200);
      expect(await explorer.text()).toContain('<html');
      expect((await fetch(`${base}/v2/me`)).status).toBe(401);
      const exited = exitOf(child);
      child.kill(signal);
      expect(await exited).toBe(0);
      await expect(fetch(`${base}/health`)).rejects.toThrow();
    }
  }, 120_000);
});
