import { expectErrorEnvelope, expectSuccess, userWithKey } from '../support/fixtures';
import { oauthClient } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/** Our choice of dates (docs/decisions.md): deprecated since 2026-01-01, removed after 2027-07-01. */
const DEPRECATION = `@${Date.UTC(2026, 0, 1) / 1000}`;
const SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';

/** Spec 2.4's required output fields and their types. */
function expectPlatformWebhookShape(webhook: any, clientId: string) {
  expect(webhook).toMatchObject({
    id: expect.any(Number),
    oAuthClientId: clientId,
    subscriberUrl: expect.any(String),
    active: expect.any(Boolean),
    triggers: expect.any(Array),
    version: expect.any(String),
  });
  expect(webhook).toHaveProperty('payloadTemplate');
  expect(webhook).toHaveProperty('time');
  expect(webhook).toHaveProperty('timeUnit');
  expect(webhook).not.toHaveProperty('secret');
}

/** Spec 4.2: /v2/oauth-clients/{clientId}/webhooks, deprecated; the client authenticates with x-svc-secret-key. */
describe('/v2/oauth-clients/{clientId}/webhooks (deprecated)', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  let a: { id: string; secret: string };
  let b: { id: string; secret: string };
  let hookOfB: number;

  beforeAll(async () => {
    stack = await startTestStack();
    owner = await userWithKey(stack);
    const other = await userWithKey(stack);
    const ca = await oauthClient(stack, owner.user.id);
    const cb = await oauthClient(stack, other.user.id);
    a = { id: ca.client.id, secret: ca.secret! };
    b = { id: cb.client.id, secret: cb.secret! };
    hookOfB = expectSuccess(await call('POST', b, '', { subscriberUrl: 'https://b.example.com/hook', triggers: ['BOOKING_CREATED'] }), 201).id;
  });
  afterAll(() => stack.stop());

  function call(
    method: string,
    client: { id: string; secret: string },
    rest = '',
    body?: unknown,
    headers: Record<string, string> = {},
    pathClient = client.id,
  ) {
    return stack.rest(method, `/v2/oauth-clients/${pathClient}/webhooks${rest}`, { body, headers: { 'x-svc-secret-key': client.secret, ...headers } });
  }

  it('create (201) with every field of 4.2, then list, get, update, delete; every answer carries Deprecation and Sunset', async () => {
    const body = {
      active: true,
      subscriberUrl: 'https://a.example.com/hook',
      triggers: ['BOOKING_CREATED', 'AFTER_HOSTS_SVC_VIDEO_NO_SHOW'],
      payloadTemplate: '{"type":"{{type}}","platform":"{{platformOAuthClientId}}"}',
      secret: 'platform-secret',
      version: '2026-07-27',
      time: 15,
      timeUnit: 'MINUTE',
    };
    const response = await call('POST', a, '', body);
    const created = expectSuccess(response, 201);
    expectPlatformWebhookShape(created, a.id);
    const { secret: _secret, ...shown } = body;
    expect(created).toMatchObject({ ...shown, userId: null, teamId: null, eventTypeId: null });
    expect(JSON.stringify(response.body)).not.toContain('platform-secret');
    expect(response.headers.get('deprecation')).toBe(DEPRECATION);
    expect(response.headers.get('sunset')).toBe(SUNSET);

    const listed = await call('GET', a);
    expect(expectSuccess(listed)).toEqual([created]);
    expect(listed.headers.get('sunset')).toBe(SUNSET);
    expect(expectSuccess(await call('GET', a, `/${created.id}`))).toEqual(created);

    const updated = await call('PATCH', a, `/${created.id}`, { triggers: ['BOOKING_CANCELLED'], time: null, timeUnit: null, active: false });
    expect(expectSuccess(updated)).toMatchObject({
      id: created.id,
      triggers: ['BOOKING_CANCELLED'],
      time: null,
      timeUnit: null,
      active: false,
      oAuthClientId: a.id,
    });
    expect(updated.headers.get('deprecation')).toBe(DEPRECATION);

    expect(expectSuccess(await call('DELETE', a, `/${created.id}`))).toMatchObject({ id: created.id });
    const gone = await call('GET', a, `/${created.id}`);
    expectErrorEnvelope(gone, 404, 'NOT_FOUND');
    expect(gone.headers.get('sunset')).toBe(SUNSET);
  });

  it('delete all answers how many; 409 on the same subscriberUrl twice', async () => {
    const hook = { subscriberUrl: 'https://a.example.com/dup', triggers: ['BOOKING_CREATED'] };
    expectSuccess(await call('POST', a, '', hook), 201);
    expectErrorEnvelope(await call('POST', a, '', hook), 409, 'CONFLICT', /subscriberUrl/);
    expectSuccess(await call('POST', a, '', { ...hook, subscriberUrl: 'https://a.example.com/other' }), 201);
    expect(expectSuccess(await call('DELETE', a))).toBe('2 webhooks deleted');
    expect(expectSuccess(await call('GET', a))).toEqual([]);
    expect(expectSuccess(await call('GET', b, `/${hookOfB}`))).toMatchObject({ id: hookOfB });
  });

  it('the no-show triggers need time ≥ 1 and timeUnit; version and triggers are checked (400 naming the field)', async () => {
    const refused = async (body: unknown, field: RegExp) => expectErrorEnvelope(await call('POST', a, '', body), 400, 'BAD_REQUEST', field);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'] }, /^time\b/);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 2 }, /^timeUnit/);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 0, timeUnit: 'DAY' }, /^time\b/);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 1, timeUnit: 'WEEK' }, /^timeUnit/);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['BOOKING_CREATED'], version: '2021-10-21' }, /^version/);
    await refused({ subscriberUrl: 'https://a.example.com/x', triggers: ['BOOKING_EXPLODED'] }, /^triggers/);
  });

  it('without x-svc-secret-key, or with a wrong one, or a bearer credential alone → 401 (with the deprecation headers)', async () => {
    const none = await stack.rest('GET', `/v2/oauth-clients/${a.id}/webhooks`);
    expectErrorEnvelope(none, 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    expect(none.headers.get('sunset')).toBe(SUNSET);
    expectErrorEnvelope(await stack.rest('GET', `/v2/oauth-clients/${a.id}/webhooks`, { key: owner.key }), 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    expectErrorEnvelope(await call('GET', { id: a.id, secret: 'svc_cs_wrong' }), 401, 'UNAUTHORIZED');
    // the owner's API key with the right secret key: the client is the caller
    expect(expectSuccess(await stack.rest('GET', `/v2/oauth-clients/${a.id}/webhooks`, { key: owner.key, headers: { 'x-svc-secret-key': a.secret } }))).toEqual(
      [],
    );
  });

  it("client A gets nothing of client B's webhooks: B's id with A's secret is 401, A's credential on B's path 403, B's webhook id on A's path 404", async () => {
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['POST', '', { subscriberUrl: 'https://x.example.com/h', triggers: ['BOOKING_CREATED'] }],
      ['DELETE', '', undefined],
      ['GET', `/${hookOfB}`, undefined],
      ['PATCH', `/${hookOfB}`, { active: false }],
      ['DELETE', `/${hookOfB}`, undefined],
    ] as const) {
      expectErrorEnvelope(await call(method, a, rest, body, {}, b.id), 401, 'UNAUTHORIZED');
      const forbidden = await call(method, a, rest, body, { 'x-svc-client-id': a.id }, b.id);
      expectErrorEnvelope(forbidden, 403, 'FORBIDDEN');
      expect(JSON.stringify(forbidden.body)).not.toContain('b.example.com');
    }
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { active: false }],
      ['DELETE', undefined],
    ] as const) {
      expectErrorEnvelope(await call(method, a, `/${hookOfB}`, body), 404, 'NOT_FOUND');
    }
    expect(expectSuccess(await call('GET', b, `/${hookOfB}`))).toMatchObject({ id: hookOfB, active: true, subscriberUrl: 'https://b.example.com/hook' });
  });

  it('the GraphQL fields are @deprecated with a reason; the OpenAPI operations are deprecated', async () => {
    const introspection = await stack.graphql(
      `{ __type(name: "Query") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }`,
      {},
      owner.key,
    );
    const field = introspection.body.data.__type.fields.find((f: any) => f.name === 'oAuthClientWebhooks');
    expect(field).toMatchObject({ isDeprecated: true, deprecationReason: expect.stringMatching(/deprecated/) });
    const openapi: any = await fetch(`${stack.url}/v2/openapi.json`).then((r) => r.json());
    expect(openapi.paths['/v2/oauth-clients/{clientId}/webhooks'].get).toMatchObject({ deprecated: true, security: [{ platformSecretKey: [] }] });
  });
});
