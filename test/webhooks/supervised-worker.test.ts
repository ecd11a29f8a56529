import { eventually } from '../support/eventually';
import { alive, PrivateSupervisedStack, startPrivateSupervisor, SupervisedStack } from '../support/supervised-stack';

/** ARCHITECTURE "Running": `npm start` runs the webhook workers as supervised processes, named by /health. */
describe('npm start: the webhook workers are supervised processes', () => {
  let supervised: PrivateSupervisedStack;
  let stack: SupervisedStack;
  let base: string;
  const health = async () => (await fetch(`${base}/health`)).json() as Promise<{ status: string; workers?: Record<string, string> }>;

  beforeAll(async () => {
    // On a copy of the migrated template: the embedded PostgreSQL's start is the subject of test/backbone/npm-start.test.ts.
    supervised = await startPrivateSupervisor({ WEBHOOK_WORKERS: '2' }, 90_000);
    ({ stack, base } = supervised);
  }, 120_000);
  afterAll(async () => supervised?.stop());

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
