import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSubgraphDataSources } from '../../cli/open-data-sources';
import { postmasterPid } from '../../stack/postmaster';
import { Operator } from '../../stack/operator';
import { eventually } from '../support/eventually';
import { alive, privateStackEnv, spawnSupervisor, startSupervisor, SupervisedStack } from '../support/supervised-stack';

const SERVICES = ['scheduling', 'organizations', 'integrations', 'oauth', 'gateway'];

interface Observation {
  path: string;
  status: number | 'refused';
  retryAfter: string | null;
  code?: string;
}

describe('npm start supervises every service in its own process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-supervisor-'));
  const otherDataDir = mkdtempSync(join(tmpdir(), 'svc-supervisor-other-'));
  let env: Record<string, string>;
  let base: string;
  let stack: SupervisedStack;
  let key: string;

  const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const health = async () =>
    (await fetch(`${base}/health`)).json() as Promise<{ status: string; subgraphs: Record<string, string>; workers?: Record<string, string> }>;

  beforeAll(async () => {
    // The five services this file kills and counts, and two webhook workers (ARCHITECTURE "Running": supervised
    // processes, named by /health), whose cases come first.
    env = { ...(await privateStackEnv(dataDir)), WEBHOOK_WORKERS: '2' };
    base = `http://127.0.0.1:${env.PORT}`;
    stack = await startSupervisor(env, 90_000);
    // A user and an API key, made as the operator tools make them (on the embedded server npm start runs).
    const sources = await openSubgraphDataSources(`postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/svc`);
    try {
      const operator = new Operator(sources.db);
      const user = await operator.createUser({
        email: `sup-${randomBytes(4).toString('hex')}@example.com`,
        name: 'Sup',
        timeZone: 'UTC',
        password: 'correct horse battery',
      });
      ({ key } = await operator.createApiKey(user.id));
    } finally {
      await sources.close();
    }
  }, 120_000);

  afterAll(async () => {
    if (stack.child.exitCode === null && stack.child.signalCode === null) {
      stack.child.kill('SIGTERM');
      await stack.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(otherDataDir, { recursive: true, force: true });
  });

  describe('the webhook workers are supervised processes', () => {
    it('WEBHOOK_WORKERS=2 starts two, /health names both; one killed with -9 is restarted while the other keeps running', async () => {
      expect(await eventually(async () => (await health()).status === 'ok', { timeoutMs: 30_000 })).toBe(true);
      expect((await health()).workers).toEqual({ 'webhook-worker-1': 'ok', 'webhook-worker-2': 'ok' });
      const [first, second] = [stack.pidOf('webhook-worker-1'), stack.pidOf('webhook-worker-2')];
      process.kill(first, 'SIGKILL');
      expect(await eventually(async () => !alive(first), { timeoutMs: 10_000 })).toBe(true);
      // Workers never gate a gateway's readiness: the gateway stays in rotation while one is down.
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      expect(
        await eventually(async () => stack.pidOf('webhook-worker-1') !== first && (await health()).workers?.['webhook-worker-1'] === 'ok', {
          timeoutMs: 60_000,
        }),
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

  it('a subgraph killed under load: its routes answer 503 with Retry-After (never refused, never 500), the others 200, and it comes back by itself', async () => {
    expect((await get('/v2/webhooks')).status).toBe(200);
    const observations: Observation[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        for (const path of ['/v2/webhooks', '/v2/me']) {
          try {
            const response = await get(path);
            const body = (await response.json()) as { error?: { code: string } };
            observations.push({ path, status: response.status, retryAfter: response.headers.get('retry-after'), code: body.error?.code });
          } catch {
            observations.push({ path, status: 'refused', retryAfter: null });
          }
        }
      }
    })();

    const killedAt = Date.now();
    process.kill(stack.pidOf('integrations'), 'SIGKILL');
    let degraded: { status: string; subgraphs: Record<string, string> } | undefined;
    expect(await eventually(async () => (degraded = await health()).status === 'degraded', { timeoutMs: 10_000 })).toBe(true);
    expect(degraded!.subgraphs).toEqual({ scheduling: 'ok', organizations: 'ok', integrations: expect.stringMatching(/^unreachable/), oauth: 'ok' });
    expect(await eventually(async () => observations.some((o) => o.path === '/v2/webhooks' && o.status === 503), { timeoutMs: 10_000 })).toBe(true);

    expect(await eventually(async () => (await health()).status === 'ok' && (await get('/v2/webhooks')).status === 200, { timeoutMs: 30_000 })).toBe(true);
    const recoveredInMs = Date.now() - killedAt;
    loading = false;
    await load;
    console.log(`integrations SIGKILLed: back (health 200, /v2/webhooks 200) after ${recoveredInMs} ms; ${observations.length} requests under load`);

    expect(stack.output()).toMatch(/\[supervisor\] integrations: killed by SIGKILL; restarting in \d+ ms/);
    // The new process reports the supervisor's restart of it in its metrics, on its own port.
    const integrations = /^integrations +(http:\/\/\S+)\/graphql$/m.exec(stack.output())![1];
    expect(await (await fetch(`${integrations}/metrics`)).text()).toMatch(/^svc_process_restarts_total 1$/m);
    expect(observations.filter((o) => o.path === '/v2/me').every((o) => o.status === 200)).toBe(true);
    const webhooks = observations.filter((o) => o.path === '/v2/webhooks');
    expect(webhooks.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    for (const unavailable of webhooks.filter((o) => o.status === 503)) {
      expect(unavailable).toEqual({ path: '/v2/webhooks', status: 503, retryAfter: expect.stringMatching(/^\d+$/), code: 'SERVICE_UNAVAILABLE' });
    }
  }, 60_000);

  it('the gateway killed is restarted too', async () => {
    const killedAt = Date.now();
    process.kill(stack.pidOf('gateway'), 'SIGKILL');
    expect(
      await eventually(async () => (await health().catch(() => undefined))?.status === 'ok' && (await get('/v2/me')).status === 200, { timeoutMs: 30_000 }),
    ).toBe(true);
    console.log(`gateway SIGKILLed: back after ${Date.now() - killedAt} ms`);
    expect(stack.output()).toMatch(/\[supervisor\] gateway: killed by SIGKILL; restarting in \d+ ms/);
  }, 60_000);

  it('kill -9 of the supervisor takes every service with it; the next start adopts the PostgreSQL it left and serves the same data', async () => {
    const pids = SERVICES.map((name) => stack.pidOf(name));
    const postgresPid = postmasterPid(join(dataDir, 'postgres'));
    stack.child.kill('SIGKILL');
    await stack.exited;
    expect(await eventually(async () => pids.every((pid) => !alive(pid)), { timeoutMs: 10_000 })).toBe(true);
    expect(alive(postgresPid)).toBe(true);

    stack = await startSupervisor(env, 90_000);
    expect(stack.output()).toContain('adopted the embedded PostgreSQL server left running on this DATA_DIR');
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await get('/v2/me')).status).toBe(200);
  }, 120_000);

  it('another DATA_DIR meeting a server on the same port fails to start, naming both folders and the port', async () => {
    const other = spawnSupervisor({ ...(await privateStackEnv(otherDataDir)), EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT });
    expect(await other.exited).toBe(1);
    expect(other.output()).toContain(`port ${env.EMBEDDED_PG_PORT}`);
    expect(other.output()).toContain(join(dataDir, 'postgres'));
    expect(other.output()).toContain(join(otherDataDir, 'postgres'));
    expect((await fetch(`${base}/health`)).status).toBe(200);
  }, 30_000);

  it('SIGTERM stops the services and the adopted PostgreSQL, exit 0', async () => {
    const postgresPid = postmasterPid(join(dataDir, 'postgres'));
    const pids = SERVICES.map((name) => stack.pidOf(name));
    stack.child.kill('SIGTERM');
    expect(await stack.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(await eventually(async () => !alive(postgresPid), { timeoutMs: 10_000 })).toBe(true);
  }, 60_000);
});
