import { startGateway } from '../../gateway/gateway';
import { readCheckedInSupergraph } from '../../schema/compose';
import { freePort } from '../../stack/ports';
import { eventually } from '../support/eventually';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** The 503 envelope of a dependency that is down: named, without addresses, with Retry-After. */
function expectUnavailable(response: { status: number; body: any; headers: Headers }, message: RegExp) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(response.body).toEqual({ status: 'error', error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(message) } });
  expect(response.body.error.message).not.toMatch(/127\.0\.0\.1|http:|postgres:|ECONN|\bat\b/);
}

/** GET `url` as status and JSON body. */
async function probe(url: string): Promise<{ status: number; body: any }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('/health/live: the process answers; /health/ready: it can serve; /health: the detailed view, 503 only when a subgraph or the database is down', () => {
  let stack: TestStack;
  let key: string;
  beforeAll(async () => {
    stack = await startTestStack({ databaseProxy: true });
    ({ key } = await userWithKey(stack));
  });
  afterAll(() => stack.stop());

  it("/health/live and /health/ready answer 200 on the gateway and on each subgraph's own port", async () => {
    for (const base of [stack.url, ...Object.values(stack.subgraphs).map((s) => s.origin)]) {
      expect({ base, ...(await probe(`${base}/health/live`)) }).toEqual({ base, status: 200, body: { status: 'ok' } });
      expect({ base, ...(await probe(`${base}/health/ready`)) }).toEqual({ base, status: 200, body: { status: 'ok' } });
    }
  });

  it('/health is 200 with every subgraph and the database ok', async () => {
    expect(await probe(`${stack.url}/health`)).toEqual({
      status: 200,
      body: { status: 'ok', subgraphs: { scheduling: 'ok', organizations: 'ok', integrations: 'ok', oauth: 'ok' }, database: 'ok' },
    });
  });

  it('a webhook worker that does not answer never takes the gateway out of rotation: ready 200, /health 200 naming the worker down', async () => {
    const closed = await freePort();
    const gateway = await startGateway({
      supergraphSdl: readCheckedInSupergraph(),
      subgraphUrls: Object.fromEntries(Object.values(stack.subgraphs).map((s) => [s.name, s.url])),
      workerHealthUrls: { 'webhook-worker-1': `http://127.0.0.1:${closed}/health` },
      port: 0,
      internalPort: 0,
      databaseUrl: stack.databaseUrl,
    });
    try {
      expect(await probe(`${gateway.url}/health/ready`)).toEqual({ status: 200, body: { status: 'ok' } });
      const health = await probe(`${gateway.url}/health`);
      expect(health.status).toBe(200);
      expect(health.body.status).toBe('degraded');
      expect(health.body.workers).toEqual({ 'webhook-worker-1': expect.stringMatching(/^unreachable/) });
      expect(health.body.subgraphs.scheduling).toBe('ok');
    } finally {
      await gateway.stop();
    }
  });

  it('PostgreSQL down: REST answers 503 naming the service whose database is unreachable, and recovers when it is back', async () => {
    // Resolved once while the database answers: the credential cache keeps the caller known.
    expect((await stack.rest('GET', '/v2/webhooks', { key })).status).toBe(200);
    await stack.databaseProxy.cut();
    try {
      expectUnavailable(await stack.rest('GET', '/v2/webhooks', { key }), /^The integrations service's database is unavailable; retry shortly$/);
      const graphql = await stack.graphql('{ webhooks { items { id } } }', {}, key);
      expect(graphql.status).toBe(503);
      expect(graphql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      const health = await fetch(`${stack.url}/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as any).subgraphs.integrations).toBe('status 503');
      const ready = await probe(`${stack.url}/health/ready`);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not ready', notReady: expect.objectContaining({ database: 'unreachable', integrations: 'status 503' }) });
      expect(await probe(`${stack.url}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
      const subgraphReady = await probe(`${stack.subgraphs.integrations.origin}/health/ready`);
      expect(subgraphReady).toEqual({ status: 503, body: { status: 'not ready', notReady: { database: expect.any(String) } } });
      expect(await probe(`${stack.subgraphs.integrations.origin}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
    } finally {
      await stack.databaseProxy.restore();
    }
    expect(await eventually(async () => (await stack.rest('GET', '/v2/webhooks', { key })).status === 200)).toBe(true);
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('is 503 naming the subgraph that stopped answering', async () => {
    await stack.subgraphs.integrations.stop();
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as any;
    expect(body.status).toBe('degraded');
    expect(body.subgraphs.integrations).toMatch(/^unreachable/);
    expect(body.subgraphs.scheduling).toBe('ok');
    const ready = await probe(`${stack.url}/health/ready`);
    expect(ready).toEqual({ status: 503, body: { status: 'not ready', notReady: { integrations: expect.stringMatching(/^unreachable/) } } });
    expect(await probe(`${stack.url}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('a REST route whose subgraph is down answers 503 in the envelope with Retry-After, without internals; other routes keep answering', async () => {
    expectUnavailable(await stack.rest('GET', '/v2/webhooks', { key }), /^The integrations service is unavailable; retry shortly$/);
    expect((await stack.rest('GET', '/v2/me', { key })).status).toBe(200);
  });

  it('/graphql answers SERVICE_UNAVAILABLE with HTTP 503 and Retry-After when it has no data at all', async () => {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ webhooks { items { id } } }' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await response.json()) as any;
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'The integrations service is unavailable; retry shortly',
        extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }),
      }),
    ]);
    expect((await stack.graphql('{ me { id } }', {}, key)).status).toBe(200);
  });
});
