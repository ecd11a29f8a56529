import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

describe('/health is 200 only when every subgraph answers', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  it('is 200 with every subgraph ok', async () => {
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as any).subgraphs).toEqual({ scheduling: 'ok', organizations: 'ok', integrations: 'ok', oauth: 'ok' });
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

  it('a REST route whose subgraph is down answers 500 in the envelope, without internals', async () => {
    const { key } = await userWithKey(stack);
    const response = await stack.rest('GET', '/v2/webhooks', { key });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ status: 'error', error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } });
  });
});
