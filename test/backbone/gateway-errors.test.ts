import { userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

describe('the gateway turns subgraph failures into clear client errors, without internals', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const BOOKING = { start: '2031-01-06T10:00:00Z', eventTypeId: 1, attendee: { name: 'Ann', email: 'ann@example.com', timeZone: 'UTC' } };

  it('a custom-scalar value the subgraph refuses is a 400 naming the field (REST), BAD_USER_INPUT (GraphQL)', async () => {
    const rest = await stack.rest('POST', '/v2/bookings', { headers: { 'svc-api-version': '2024-08-13' }, body: { ...BOOKING, metadata: 'not an object' } });
    expect(rest.status).toBe(400);
    expect(rest.body.error.message).toMatch(/^metadata: JSONObject cannot represent non-object value/);

    const { body } = await stack.graphql(
      'mutation($m: JSONObject) { createBooking(input: { start: "2031-01-06T10:00:00Z", eventTypeId: 1, attendee: { name: "Ann", email: "ann@example.com", timeZone: "UTC" }, metadata: $m }) { id } }',
      { m: 'nope' },
    );
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
  });

  it('a subgraph that cannot be reached is SERVICE_UNAVAILABLE (HTTP 503 without data) on /graphql, naming the service in words only', async () => {
    const { key } = await userWithKey(stack);
    await stack.subgraphs.integrations.stop();
    const { status, body } = await stack.graphql('{ webhooks { items { id } } }', {}, key);
    expect(status).toBe(503);
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'The integrations service is unavailable; retry shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } }),
    ]);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed/);
  });
});
