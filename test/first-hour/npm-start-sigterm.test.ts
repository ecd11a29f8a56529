import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reservedPort } from '../support/reserved-port';
import { ROOT } from '../support/cli';
import { eventually } from '../support/eventually';
import { privateStackEnv } from '../support/supervised-stack';

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

describe('SIGTERM to the `npm start` process itself stops the whole stack', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-npm-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('npm exits, and the gateway, the internal listener, every subgraph and the embedded PostgreSQL free their ports', async () => {
    // Fixed ports (no 0), so that the test knows every port the stack holds.
    const env: Record<string, string> = { ...(await privateStackEnv(dataDir)), LOG_LEVEL: 'warn' };
    for (const variable of ['SCHEDULING_PORT', 'ORGANIZATIONS_PORT', 'INTEGRATIONS_PORT', 'OAUTH_PORT', 'INTERNAL_PORT'])
      env[variable] = String(await reservedPort());
    const ports = ['PORT', 'INTERNAL_PORT', 'SCHEDULING_PORT', 'ORGANIZATIONS_PORT', 'INTEGRATIONS_PORT', 'OAUTH_PORT', 'EMBEDDED_PG_PORT'].map((v) =>
      Number(env[v]),
    );

    const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const healthy = async () => (await fetch(`http://127.0.0.1:${env.PORT}/health`).catch(() => undefined))?.status === 200;
      expect(await eventually(healthy, { timeoutMs: 120_000 })).toBe(true);
      for (const port of ports) expect(await listening(port)).toBe(true);

      npm.kill('SIGTERM');
      await exited;
      const allFree = async () => (await Promise.all(ports.map(listening))).every((held) => !held);
      expect(await eventually(allFree, { timeoutMs: 30_000 })).toBe(true);
      expect(output).toContain('SIGTERM: shutting down');
    } finally {
      npm.kill('SIGKILL');
    }
  }, 180_000);
});
