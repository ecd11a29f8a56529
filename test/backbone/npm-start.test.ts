import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateStackEnv, startSupervisor } from '../support/supervised-stack';

describe('npm start: embedded PostgreSQL, four subgraphs and the gateway, stopped cleanly by a signal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health, /graphql with an explorer and /v2, then shuts down on SIGTERM and restarts on the same data', async () => {
    const env = await privateStackEnv(dataDir);
    const base = `http://127.0.0.1:${env.PORT}`;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const stack = await startSupervisor(env);
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        subgraphs: { scheduling: 'ok', organizations: 'ok', integrations: 'ok', oauth: 'ok' },
        database: 'ok',
        workers: { 'webhook-worker': 'ok' },
      });
      const explorer = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
      expect(explorer.status).toBe(200);
      expect(await explorer.text()).toContain('<html');
      expect((await fetch(`${base}/v2/me`)).status).toBe(401);
      stack.child.kill(signal);
      expect(await stack.exited).toBe(0);
      await expect(fetch(`${base}/health`)).rejects.toThrow();
      // The embedded server stopped with the stack (PostgreSQL removes its pid file on a clean shutdown).
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    }
  }, 150_000);
});
