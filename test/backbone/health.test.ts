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
});
