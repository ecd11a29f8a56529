import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { reservedPort } from '../support/reserved-port';
import { privateStackEnv, startSupervisor } from '../support/supervised-stack';

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start: embedded PostgreSQL, four subgraphs and the gateway, stopped cleanly by a signal', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves /health, /graphql with an explorer and /v2, then shuts down on SIGTERM to npm itself (every port freed) and on SIGINT, and restarts on the same data', async () => {
    // Fixed ports (no 0), so that the test knows every port the stack holds.
    const env: Record<string, string> = { ...(await privateStackEnv(dataDir)), LOG_LEVEL: 'warn' };
    for (const variable of ['SCHEDULING_PORT', 'ORGANIZATIONS_PORT', 'INTEGRATIONS_PORT', 'OAUTH_PORT', 'INTERNAL_PORT'])
      env[variable] = String(await reservedPort());
    const ports = ['PORT', 'INTERNAL_PORT', 'SCHEDULING_PORT', 'ORGANIZATIONS_PORT', 'INTEGRATIONS_PORT', 'OAUTH_PORT', 'EMBEDDED_PG_PORT'].map((v) =>
      Number(env[v]),
    );
    const base = `http://127.0.0.1:${env.PORT}`;
    // The first start is `npm start` as a person types it, on an empty DATA_DIR; SIGTERM goes to the npm process, which
    // passes it on. The second runs the supervisor itself (what npm start runs) on the same data, stopped by Ctrl-C.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const stack = await startSupervisor(env, 120_000, signal === 'SIGTERM' ? 'npm' : 'node');
      try {
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
        for (const port of ports) expect({ port, held: await listening(port) }).toEqual({ port, held: true });

        stack.child.kill(signal);
        expect(await stack.exited).toBe(0);
        const allFree = async () => (await Promise.all(ports.map(listening))).every((held) => !held);
        expect(await eventually(allFree, { timeoutMs: 30_000 })).toBe(true);
        expect(stack.output()).toContain(`${signal}: shutting down`);
        await expect(fetch(`${base}/health`)).rejects.toThrow();
        // The embedded server stopped with the stack (PostgreSQL removes its pid file on a clean shutdown).
        expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      } finally {
        stack.child.kill('SIGKILL');
      }
    }
  }, 240_000);
});
