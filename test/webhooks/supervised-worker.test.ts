import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { alive, privateStackEnv, startSupervisor, SupervisedStack } from '../support/supervised-stack';

/** ARCHITECTURE "Running": `npm start` runs the webhook workers as supervised processes, named by /health. */
describe('npm start: the webhook workers are supervised processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-webhook-workers-'));
  let stack: SupervisedStack;
  let base: string;
  const health = async () => (await fetch(`${base}/health`)).json() as Promise<{ status: string; workers?: Record<string, string> }>;

  beforeAll(async () => {
    const env: Record<string, string> = { ...(await privateStackEnv(dataDir)), WEBHOOK_WORKERS: '2' };
    base = `http://127.0.0.1:${env.PORT}`;
    stack = await startSupervisor(env, 90_000);
  }, 120_000);
  afterAll(async () => {
    if (stack.child.exitCode === null && stack.child.signalCode === null) {
      stack.child.kill('SIGTERM');
      await stack.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('WEBHOOK_WORKERS=2 starts two, /health names both; one killed with -9 is restarted while the other keeps running', async () => {
    expect(await eventually(async () => (await health()).status === 'ok', { timeoutMs: 30_000 })).toBe(true);
    expect((await health()).workers).toEqual({ 'webhook-worker-1': 'ok', 'webhook-worker-2': 'ok' });
    const [first, second] = [stack.pidOf('webhook-worker-1'), stack.pidOf('webhook-worker-2')];
    process.kill(first, 'SIGKILL');
    expect(await eventually(async () => !alive(first), { timeoutMs: 10_000 })).toBe(true);
    // Workers never gate a gateway's readiness: the gateway stays in rotation while one is down.
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    expect(
      await eventually(async () => stack.pidOf('webhook-worker-1') !== first && (await health()).workers?.['webhook-worker-1'] === 'ok', { timeoutMs: 60_000 }),
    ).toBe(true);
    expect(stack.pidOf('webhook-worker-2')).toBe(second);
    expect(alive(second)).toBe(true);
  }, 120_000);

  it('each worker process answers /health/live and /health/ready (its database, where the queue is) on its own port', async () => {
    const workerHealth = stack.output().match(/^webhook-worker-2 +health (http:\S+)\/health$/m)?.[1];
    expect(workerHealth).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const path of ['/health/live', '/health/ready']) {
      const response = await fetch(`${workerHealth}${path}`);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 200, body: { status: 'ok' } });
    }
  });
});
