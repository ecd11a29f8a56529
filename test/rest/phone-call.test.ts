import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RunningGateway, startGateway } from '../../gateway/gateway';
import { GATEWAY_SCHEMA } from '../../gateway/rate-limits/store';
import { RunningSubgraph, startSubgraph } from '../../platform/server';
import { readCheckedInSupergraph } from '../../schema/compose';
import { integrations } from '../../subgraphs/integrations';
import { ApiKeyService } from '../../subgraphs/oauth/api-key/api-key.service';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { accessTokenWithScopes } from '../support/oauth';
import { startTestStack, TEST_RATE_LIMITS, TestStack } from '../support/stack';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';

/** A call provider on loopback: records what it was asked (each order is a call placed) and answers what the test sets. */
interface Provider {
  url: string;
  orders: Array<{ headers: IncomingMessage['headers']; body: any }>;
  answer: { status: number; body: unknown };
  /** Awaited after an order is taken and before it is answered (the test cuts a database there, or holds the answer). */
  beforeAnswer?: () => Promise<void>;
  server: Server;
}

async function startProvider(): Promise<Provider> {
  const provider = { orders: [], answer: { status: 201, body: {} } } as unknown as Provider;
  let n = 0;
  provider.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/calls') return res.writeHead(404).end();
      provider.orders.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      n += 1;
      const body = provider.answer.status === 201 ? { callId: `call_${n}`, agentId: `agent_${n}`, ...(provider.answer.body as object) } : provider.answer.body;
      const { status } = provider.answer;
      void (provider.beforeAnswer?.() ?? Promise.resolve()).then(() => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    });
  });
  await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`;
  return provider;
}

const VERSION = { 'svc-api-version': '2026-06-12' };

/** Spec 4.5 (body, version, role, scope), 2.16 (answer), 8 (E.164). */
describe('POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call', () => {
  let stack: TestStack;
  let provider: Provider;
  type U = Awaited<ReturnType<typeof userWithKey>>;
  let teamAdmin: U, teamMember: U, orgAdmin: U, outsider: U;
  let orgId: number, otherOrgId: number, teamId: number, otherTeamId: number, eventTypeId: number, otherEventTypeId: number;

  beforeAll(async () => {
    provider = await startProvider();
    process.env.PHONE_CALL_PROVIDER_URL = provider.url;
    process.env.PHONE_CALL_PROVIDER_API_KEY = 'provider-key-123';
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [teamAdmin, teamMember, orgAdmin, outsider] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Calls org', ownerId: orgAdmin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Other org', ownerId: outsider.user.id })).id;
    teamId = (await operator.createTeam({ name: 'Calls team', orgId, ownerId: teamAdmin.user.id })).id;
    await operator.addMember({ teamId, userId: teamMember.user.id, role: MembershipRole.MEMBER });
    otherTeamId = (await operator.createTeam({ name: 'Other team', orgId: otherOrgId, ownerId: outsider.user.id })).id;
    eventTypeId = (await operator.createEventType({ title: 'Check-in', slug: 'check-in', lengthInMinutes: 15, teamId, hostIds: [teamAdmin.user.id] })).id;
    otherEventTypeId = (
      await operator.createEventType({ title: 'Other', slug: 'other', lengthInMinutes: 15, teamId: otherTeamId, hostIds: [outsider.user.id] })
    ).id;
  });
  afterAll(async () => {
    await stack.stop();
    provider.server.close();
    delete process.env.PHONE_CALL_PROVIDER_URL;
    delete process.env.PHONE_CALL_PROVIDER_API_KEY;
  });

  const path = (o = orgId, t = teamId, e = eventTypeId) => `/v2/organizations/${o}/teams/${t}/event-types/${e}/create-phone-call`;
  const bodyFor = (user: U, extra: Record<string, unknown> = {}) => ({
    yourPhoneNumber: '+14155550100',
    numberToCall: '+447700900123',
    svcApiKey: user.key,
    enabled: true,
    templateType: 'CHECK_IN_APPOINTMENT',
    schedulerName: 'Ada',
    guestName: 'Grace',
    guestEmail: 'grace@example.com',
    guestCompany: 'Navy',
    beginMessage: 'Hello Grace',
    generalPrompt: 'Confirm the appointment.',
    ...extra,
  });
  const call = (user: U, body: unknown = bodyFor(user), p = path(), headers: Record<string, string> = VERSION, key = user.key) =>
    stack.rest('POST', p, { key, body, headers });

  it('a team admin places a call: 201 with {callId, agentId} (spec 2.16), the provider got the order with its key', async () => {
    const before = provider.orders.length;
    const response = await call(teamAdmin);
    expect(expectSuccess(response, 201)).toEqual({ callId: expect.stringMatching(/^call_/), agentId: expect.stringMatching(/^agent_/) });
    expect(provider.orders.length).toBe(before + 1);
    const order = provider.orders.at(-1)!;
    expect(order.headers.authorization).toBe('Bearer provider-key-123');
    expect(order.body).toMatchObject({
      fromNumber: '+14155550100',
      toNumber: '+447700900123',
      templateType: 'CHECK_IN_APPOINTMENT',
      enabled: true,
      eventType: { id: eventTypeId, teamId, organizationId: orgId },
      guestEmail: 'grace@example.com',
      generalPrompt: 'Confirm the appointment.',
      svcApiKey: teamAdmin.key,
    });
    // the record keeps no API key
    const [row] = await stack.db('integrations').query('SELECT * FROM phone_calls ORDER BY id DESC LIMIT 1');
    expect(row).toMatchObject({
      call_id: response.body.data.callId,
      event_type_id: eventTypeId,
      team_id: teamId,
      org_id: orgId,
      requested_by_user_id: teamAdmin.user.id,
    });
    expect(JSON.stringify(row)).not.toContain(teamAdmin.key);
  });

  it('the organization admin may place it too (org role on the org path); the optional fields may be left out', async () => {
    const {
      schedulerName: _a,
      guestName: _b,
      guestEmail: _c,
      guestCompany: _d,
      beginMessage: _e,
      generalPrompt: _f,
      enabled: _g,
      templateType: _h,
      ...minimal
    } = bodyFor(orgAdmin);
    expectSuccess(await call(orgAdmin, minimal), 201);
    expect(provider.orders.at(-1)!.body).toMatchObject({ templateType: 'CUSTOM_TEMPLATE', enabled: true, guestName: null });
  });

  it('without svc-api-version 2026-06-12 → 404 naming the header; nothing is placed', async () => {
    const before = provider.orders.length;
    for (const headers of [{}, { 'svc-api-version': '2024-08-13' }] as Array<Record<string, string>>) {
      expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin), path(), headers), 404, 'NOT_FOUND', /svc-api-version: 2026-06-12/);
    }
    expect(provider.orders.length).toBe(before);
  });

  it('phone numbers must be E.164 (^\\+[1-9]\\d{1,14}$): 400 naming the field; nothing is placed', async () => {
    const before = provider.orders.length;
    const bad = ['14155550100', '+04155550100', '+1', '+1234567890123456', '+1 415 555 0100', '+1415555010a', ''];
    for (const value of bad) {
      expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { yourPhoneNumber: value })), 400, 'BAD_REQUEST', /^yourPhoneNumber/);
      expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { numberToCall: value })), 400, 'BAD_REQUEST', /^numberToCall/);
    }
    for (const good of ['+12', '+123456789012345']) expectSuccess(await call(teamAdmin, bodyFor(teamAdmin, { numberToCall: good })), 201);
    expect(provider.orders.length).toBe(before + 2);
  });

  it('other fields: templateType, svcApiKey (the caller’s own live API key), guestEmail, missing required fields → 400 naming them', async () => {
    const before = provider.orders.length;
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { templateType: 'SOMETHING' })), 400, 'BAD_REQUEST', /^templateType/);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { svcApiKey: 'not-a-key' })), 400, 'BAD_REQUEST', /^svcApiKey/);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { svcApiKey: `svc_${'0'.repeat(64)}` })), 400, 'BAD_REQUEST', /^svcApiKey/);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { svcApiKey: outsider.key })), 400, 'BAD_REQUEST', /^svcApiKey/);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { guestEmail: 'nope' })), 400, 'BAD_REQUEST', /^guestEmail/);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { enabled: 'yes' })), 400, 'BAD_REQUEST', /enabled/);
    for (const field of ['yourPhoneNumber', 'numberToCall', 'svcApiKey']) {
      const body: Record<string, unknown> = bodyFor(teamAdmin);
      delete body[field];
      expectErrorEnvelope(await call(teamAdmin, body), 400, 'BAD_REQUEST', new RegExp(field));
    }
    // a revoked key
    const spare = await operatorOf(stack).createApiKey(teamAdmin.user.id);
    await new ApiKeyService(stack.db('oauth')).revoke(teamAdmin.user.id, spare.apiKey.id);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin, { svcApiKey: spare.key })), 400, 'BAD_REQUEST', /^svcApiKey/);
    expect(provider.orders.length).toBe(before);
  });

  it('a plain team member → 403; another organization’s owner → 403; ids that do not fit together → 404', async () => {
    const before = provider.orders.length;
    expectErrorEnvelope(await call(teamMember), 403, 'FORBIDDEN');
    expectErrorEnvelope(await call(outsider), 403, 'FORBIDDEN');
    // the outsider's own organization with this organization's team, or its own team with this event type
    expectErrorEnvelope(await call(outsider, bodyFor(outsider), path(otherOrgId, teamId, eventTypeId)), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call(outsider, bodyFor(outsider), path(otherOrgId, otherTeamId, eventTypeId)), 404, 'NOT_FOUND');
    // org A's admin with org B's team and event type under org A
    expectErrorEnvelope(await call(orgAdmin, bodyFor(orgAdmin), path(orgId, otherTeamId, otherEventTypeId)), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call(orgAdmin, bodyFor(orgAdmin), path(orgId, teamId, otherEventTypeId)), 404, 'NOT_FOUND');
    expect(provider.orders.length).toBe(before);
  });

  it('scope TEAM_EVENT_TYPE_WRITE (spec 5.3: "create a phone call (also org)"): a token without it → 403', async () => {
    const without = await accessTokenWithScopes(stack, teamAdmin.user.id, ['TEAM_EVENT_TYPE_READ']);
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin), path(), VERSION, without), 403, 'FORBIDDEN', /TEAM_EVENT_TYPE_WRITE/);
    const withScope = await accessTokenWithScopes(stack, teamAdmin.user.id, ['TEAM_EVENT_TYPE_WRITE']);
    expectSuccess(await call(teamAdmin, bodyFor(teamAdmin), path(), VERSION, withScope), 201);
  });

  it('the provider refusing the order → 400 with its reason; failing or answering nonsense → 503 with Retry-After; nothing recorded', async () => {
    const count = async () => Number((await stack.db('integrations').query('SELECT count(*) AS n FROM phone_calls'))[0].n);
    const before = await count();
    provider.answer = { status: 422, body: { message: 'number is not reachable' } };
    expectErrorEnvelope(await call(teamAdmin), 400, 'BAD_REQUEST', /number is not reachable/);
    provider.answer = { status: 500, body: { message: 'boom' } };
    const failed = await call(teamAdmin);
    expectErrorEnvelope(failed, 503, 'SERVICE_UNAVAILABLE');
    expect(failed.headers.get('retry-after')).toBe('5');
    provider.answer = { status: 200, body: { nothing: true } };
    expectErrorEnvelope(await call(teamAdmin), 503, 'SERVICE_UNAVAILABLE');
    provider.answer = { status: 201, body: {} };
    expect(await count()).toBe(before);
  });

  it("the reference's team path /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call: team admins only, a team outside any organization too", async () => {
    const teamPath = (t: number, e: number) => `/v2/teams/${t}/event-types/${e}/create-phone-call`;
    const placed = expectSuccess(await call(teamAdmin, bodyFor(teamAdmin), teamPath(teamId, eventTypeId)), 201);
    const [row] = await stack.db('integrations').query('SELECT org_id FROM phone_calls WHERE call_id = $1', [placed.callId]);
    expect(row.org_id).toBe(orgId);
    expect(provider.orders.at(-1)!.body.eventType).toEqual({ id: eventTypeId, teamId, organizationId: orgId });
    // the organization's admin is no admin of the team on the team path
    expectErrorEnvelope(await call(orgAdmin, bodyFor(orgAdmin), teamPath(teamId, eventTypeId)), 403, 'FORBIDDEN');
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin), teamPath(teamId, otherEventTypeId)), 404, 'NOT_FOUND');
    expectErrorEnvelope(await call(teamAdmin, bodyFor(teamAdmin), teamPath(teamId, eventTypeId), {}), 404, 'NOT_FOUND', /svc-api-version/);

    const operator = operatorOf(stack);
    const standalone = (await operator.createTeam({ name: 'Standalone', ownerId: outsider.user.id })).id;
    const standaloneType = (
      await operator.createEventType({ title: 'Solo', slug: 'solo', lengthInMinutes: 15, teamId: standalone, hostIds: [outsider.user.id] })
    ).id;
    const solo = expectSuccess(await call(outsider, bodyFor(outsider), teamPath(standalone, standaloneType)), 201);
    const [soloRow] = await stack.db('integrations').query('SELECT org_id FROM phone_calls WHERE call_id = $1', [solo.callId]);
    expect(soloRow.org_id).toBeNull();
  });

  it('no provider configured, or one that cannot be reached → 503', async () => {
    process.env.PHONE_CALL_PROVIDER_URL = 'http://127.0.0.1:9';
    expectErrorEnvelope(await call(teamAdmin), 503, 'SERVICE_UNAVAILABLE', /phone call provider/);
    delete process.env.PHONE_CALL_PROVIDER_URL;
    expectErrorEnvelope(await call(teamAdmin), 503, 'SERVICE_UNAVAILABLE', /PHONE_CALL_PROVIDER_URL/);
    process.env.PHONE_CALL_PROVIDER_URL = provider.url;
    expectSuccess(await call(teamAdmin), 201);
  });

  /**
   * Issue 23: the provider takes no key of ours, so the call's row is committed (PLACING, with the key's record) before
   * the provider is asked (subgraphs/integrations/phone-call/phone-call-intent.ts). A second replica of integrations,
   * its database behind a relay the provider can cut and its answers behind a relay that can lose one, sits behind a
   * second gateway; the retries go through the stack's own gateway and replica.
   */
  describe('Idempotency-Key: one call at the provider, whatever happens to the request placing it', () => {
    let databaseRelay: TcpProxy, answerRelay: TcpProxy, replica: RunningSubgraph, lossy: RunningGateway;
    /** A new number for each case: its calls are the rows with it. */
    let numbers = 0;
    const nextNumber = () => `+1555010${String(++numbers).padStart(4, '0')}`;
    const keyed = async (base: string, numberToCall: string, key: string) => {
      const response = await fetch(`${base}${path()}`, {
        method: 'POST',
        headers: { ...VERSION, authorization: `Bearer ${teamAdmin.key}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(bodyFor(teamAdmin, { numberToCall })),
      });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), headers: response.headers, text };
    };
    const callsTo = (numberToCall: string) =>
      stack.db('integrations').query('SELECT call_id, agent_id, state FROM phone_calls WHERE number_to_call = $1 ORDER BY id', [numberToCall]);
    const UNKNOWN = /outcome is unknown.*no call is placed again for this key.*new Idempotency-Key/;

    beforeAll(async () => {
      databaseRelay = await startTcpProxy(Number(new URL(stack.databaseUrl).port));
      const databaseUrl = Object.assign(new URL(stack.databaseUrl), { port: String(databaseRelay.port) }).toString();
      replica = await startSubgraph(integrations, { databaseUrl, port: 0, gatewayUrl: () => stack.gateway.internalUrl, rateLimits: TEST_RATE_LIMITS });
      answerRelay = await startTcpProxy(Number(new URL(replica.url).port));
      const subgraphUrls = Object.fromEntries(Object.values(stack.subgraphs).map((s) => [s.name, s.url]));
      subgraphUrls.integrations = `http://127.0.0.1:${answerRelay.port}/graphql`;
      lossy = await startGateway({
        supergraphSdl: readCheckedInSupergraph(),
        subgraphUrls,
        port: 0,
        internalPort: 0,
        databaseUrl: stack.databaseUrl,
        rateLimits: TEST_RATE_LIMITS,
      });
    });
    afterAll(async () => {
      await lossy?.stop();
      await Promise.all([answerRelay?.stop(), replica?.stop()]);
      await databaseRelay?.stop();
    });
    afterEach(() => {
      provider.beforeAnswer = undefined;
      provider.answer = { status: 201, body: {} };
    });

    it('the answer lost after the commit: the retry through another gateway answers the call placed; one order, sent with a key', async () => {
      const [number, key, before] = [nextNumber(), randomUUID(), provider.orders.length];
      answerRelay.loseAnswerTo('mutation');
      expectErrorEnvelope(await keyed(lossy.url, number, key), 503, 'SERVICE_UNAVAILABLE');
      const placed = expectSuccess(await keyed(stack.url, number, key), 201);
      expect(provider.orders.length).toBe(before + 1);
      expect(await callsTo(number)).toEqual([{ call_id: placed.callId, agent_id: placed.agentId, state: 'PLACED' }]);
      // Our key for a provider that de-duplicates: not the client's Idempotency-Key, which stays ours.
      expect(provider.orders.at(-1)!.headers['idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    });

    it('a provider that does not answer in time may have placed the call: 409 outcome unknown, and no second call for the key', async () => {
      const [number, key, before] = [nextNumber(), randomUUID(), provider.orders.length];
      let answer = () => {};
      provider.beforeAnswer = () => new Promise<void>((resolve) => (answer = resolve));
      process.env.OUTBOUND_TIMEOUT_MS = '300';
      try {
        expectErrorEnvelope(await keyed(stack.url, number, key), 409, 'CONFLICT', UNKNOWN);
      } finally {
        delete process.env.OUTBOUND_TIMEOUT_MS;
        answer();
      }
      expectErrorEnvelope(await keyed(lossy.url, number, key), 409, 'CONFLICT', UNKNOWN);
      expect(provider.orders.length).toBe(before + 1);
      expect(await callsTo(number)).toEqual([{ call_id: null, agent_id: null, state: 'PLACING' }]);
    });

    it('a provider failure releases the key: after a 503 the same key places the call; a refusal (400) is final and replayed without a call', async () => {
      const [number, key, before] = [nextNumber(), randomUUID(), provider.orders.length];
      provider.answer = { status: 500, body: { message: 'boom' } };
      expectErrorEnvelope(await keyed(stack.url, number, key), 503, 'SERVICE_UNAVAILABLE');
      provider.answer = { status: 201, body: {} };
      const placed = await keyed(lossy.url, number, key);
      expect(placed.headers.get('idempotent-replayed')).toBeNull();
      expect(await callsTo(number)).toEqual([{ call_id: expectSuccess(placed, 201).callId, agent_id: placed.body.data.agentId, state: 'PLACED' }]);
      expect(provider.orders.length).toBe(before + 2);

      const [refusedNumber, refusedKey] = [nextNumber(), randomUUID()];
      provider.answer = { status: 422, body: { message: 'number is not reachable' } };
      const refused = await keyed(stack.url, refusedNumber, refusedKey);
      expectErrorEnvelope(refused, 400, 'BAD_REQUEST', /number is not reachable/);
      provider.answer = { status: 201, body: {} };
      const again = await keyed(lossy.url, refusedNumber, refusedKey);
      expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([400, 'true', refused.text]);
      expect(provider.orders.length).toBe(before + 3);
      expect(await callsTo(refusedNumber)).toEqual([]);
    });

    it('a retry that reaches the replica while the first request is still placing the call waits for it and answers its call', async () => {
      const [number, key, before] = [nextNumber(), randomUUID(), provider.orders.length];
      let answer = () => {};
      provider.beforeAnswer = () => new Promise<void>((resolve) => (answer = resolve));
      // The gateway's own claim on the key ends (as if the gateway serving the first request died): the retry gets through.
      process.env.IDEMPOTENCY_LEASE_MS = '200';
      const sent: Array<ReturnType<typeof keyed>> = [];
      try {
        sent.push(keyed(lossy.url, number, key));
        expect(await eventually(async () => provider.orders.length === before + 1)).toBe(true);
        delete process.env.IDEMPOTENCY_LEASE_MS;
        const LEASED = `SELECT count(*)::int AS n FROM "${GATEWAY_SCHEMA}".idempotency_keys WHERE lease_until > now()`;
        expect(await eventually(async () => (await stack.db('integrations').query(LEASED))[0].n === 0)).toBe(true);
        sent.push(keyed(stack.url, number, key));
        // The retry found the call PLACING and waits for the lock of the request placing it.
        const WAITING = `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
        expect(await eventually(async () => (await stack.db('integrations').query(WAITING))[0].n === 1)).toBe(true);
      } finally {
        delete process.env.IDEMPOTENCY_LEASE_MS;
        answer();
        await Promise.allSettled(sent);
      }
      const [firstAnswer, retryAnswer] = await Promise.all(sent);
      expect(expectSuccess(retryAnswer, 201)).toEqual(expectSuccess(firstAnswer, 201));
      expect(provider.orders.length).toBe(before + 1);
    });

    // Last: the replica's connections are cut here.
    it('the request dies between the provider’s answer and its commit (its database cut): the retry places no second call, 409 outcome unknown', async () => {
      const [number, key, before] = [nextNumber(), randomUUID(), provider.orders.length];
      provider.beforeAnswer = () => databaseRelay.cut();
      try {
        expectErrorEnvelope(await keyed(lossy.url, number, key), 503, 'SERVICE_UNAVAILABLE');
      } finally {
        await databaseRelay.restore();
      }
      const retry = await keyed(stack.url, number, key);
      expectErrorEnvelope(retry, 409, 'CONFLICT', UNKNOWN);
      expect(provider.orders.length).toBe(before + 1);
      // The intent stays, for an operator to see; the 409 is kept for the key like any 4xx.
      expect(await callsTo(number)).toEqual([{ call_id: null, agent_id: null, state: 'PLACING' }]);
      const again = await keyed(lossy.url, number, key);
      expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([409, 'true', retry.text]);
      expect(provider.orders.length).toBe(before + 1);
    });
  });
});
