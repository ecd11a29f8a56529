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
    expect(await eventually(async () => stack.pidOf('webhook-worker-1') !== first && (await health()).workers?.['webhook-worker-1'] === 'ok', { timeoutMs: 60_000 })).toBe(true);
    expect(stack.pidOf('webhook-worker-2')).toBe(second);
    expect(alive(second)).toBe(true);
  }, 120_000);
});
