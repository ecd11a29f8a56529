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

describe('/health is 200 only when every subgraph answers; a dependency that is down is a 503', () => {
  let stack: TestStack;
  let key: string;
  beforeAll(async () => {
    stack = await startTestStack({ databaseProxy: true });
    ({ key } = await userWithKey(stack));
  });
  afterAll(() => stack.stop());

  it('is 200 with every subgraph ok', async () => {
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).subgraphs).toEqual({ scheduling: 'ok', organizations: 'ok', integrations: 'ok', oauth: 'ok' });
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
    expect(body.errors).toEqual([expect.objectContaining({ message: 'The integrations service is unavailable; retry shortly', extensions: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }) })]);
    expect((await stack.graphql('{ me { id } }', {}, key)).status).toBe(200);
  });
});
