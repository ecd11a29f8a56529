import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { sha256Hex } from '../../platform/sha256';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { person } from './people';

const SCHEDULES_VERSION = { 'svc-api-version': '2024-06-11' };
const EVENT_TYPES_VERSION = { 'svc-api-version': '2024-06-14' };
/** The reference's CreateManagedUserInput.timeZone: the default schedule is Monday to Friday, 9 AM to 5 PM. */
const WORKING_WEEK = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];
/** The reference's areDefaultEventTypesEnabled: 30 and 60 minutes, each without and with video (their slugs). */
const DEFAULT_EVENT_TYPE_SLUGS = ['sixty-minutes', 'sixty-minutes-video', 'thirty-minutes', 'thirty-minutes-video'];
const AVATAR = 'https://example.com/avatars/alice.png';

interface Client {
  id: string;
  secret: string;
}

/** `alice@example.com` of client `c1` is `alice+c1@example.com` (their getOAuthUserEmail). */
const oauthEmail = (clientId: string, email: string) => {
  const [local, domain] = email.split('@');
  return `${local}+${clientId}@${domain}`;
};

/**
 * Conformance: managed users of a platform OAuth client, replayed from the real service's public e2e specs
 * apps/api/v2/src/modules/oauth-clients/controllers/oauth-client-users/oauth-client-users.controller.e2e-spec.ts
 * ("OAuth Client Users Endpoints") and the refresh part of
 * apps/api/v2/src/modules/oauth-clients/controllers/oauth-flow/oauth-flow.controller.e2e-spec.ts ("OAuthFlow
 * Endpoints"), test names beside each case. Their clients are rows made by a fixture; here an owner of the
 * organization creates them (POST /v2/oauth-clients) and the operator approves them (a new client is pending, spec 3).
 * What their fixtures read from the database is read through the API: the client's users (GET …/users), the user's
 * event types and schedules (with the managed user's own access token).
 * Not replayed: their "User team even-types" describe (teams made by an OAuth client: no such teams here; its one
 * assertion counts the event types their fixture gave the team).
 */
describe('conformance: managed users of a platform OAuth client', () => {
  let stack: TestStack;
  let client: Client;
  let clientWithoutEventTypes: Client;

  const asClient = (c: Client, method: string, path: string, body?: unknown) =>
    stack.rest(method, `/v2/oauth-clients/${c.id}/users${path}`, { body, headers: { 'x-svc-secret-key': c.secret } });

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const [owner, org] = await Promise.all([
      person(stack, 'oauth-client-users-admin'),
      operator.createOrganization({ name: 'oauth-client-users-organization' }),
    ]);
    await operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER });
    const register = async (areDefaultEventTypesEnabled: boolean): Promise<Client> => {
      const created = expectSuccess(
        await stack.rest('POST', '/v2/oauth-clients', {
          key: owner.key,
          body: {
            name: 'name',
            redirectUris: ['http://localhost:4321'],
            permissions: ['EVENT_TYPE_READ', 'SCHEDULE_READ', 'SCHEDULE_WRITE', 'PROFILE_READ'],
            areDefaultEventTypesEnabled,
          },
        }),
        201,
      );
      await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
      return { id: created.clientId, secret: created.clientSecret };
    };
    [client, clientWithoutEventTypes] = await Promise.all([register(true), register(false)]);
  });
  afterAll(() => stack.stop());

  it('the OpenAPI document marks the deviations of managed users (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    expect(paths['/v2/oauth-clients/{clientId}/users'].get['x-svc-deviation']).toEqual([expect.stringMatching(/emails: Invalid email/)]);
    for (const [path, method] of [
      ['/v2/oauth-clients/{clientId}/users', 'post'],
      ['/v2/oauth-clients/{clientId}/users/{userId}/force-refresh', 'post'],
      ['/v2/oauth/{clientId}/refresh', 'post'],
    ]) {
      expect(paths[path][method]['x-svc-deviation']).toEqual([expect.stringMatching(/opaque \(svc_at_…, svc_rt_…\), not JWTs/)]);
    }
  });

  describe('"Not authenticated"', () => {
    it('"secret header not set › /POST": 401', async () => {
      const response = await stack.rest('POST', `/v2/oauth-clients/${client.id}/users`, { body: { email: 'bob@example.com' } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    });

    it.each([
      ['/GET/:id', 'GET'],
      ['/PUT/:id', 'PATCH'],
      ['/DELETE/:id', 'DELETE'],
    ])('"Bearer access token not set › %s": 401', async (_name, method) => {
      expect((await stack.rest(method, `/v2/oauth-clients/${client.id}/users/200`)).status).toBe(401);
    });

    // Deviation (docs/compatibility.md, "Managed users", row 3): no such routes (spec 4.1's token endpoint instead).
    it.each([
      ['authorize', 'missing Cookie with user'],
      ['exchange', 'missing Authorization Bearer token'],
    ])('"OAuthFlow Endpoints › POST /oauth/:clientId/%s %s": 404', async (step) => {
      expect((await stack.rest('POST', `/v2/oauth/${client.id}/${step}`)).status).toBe(404);
    });

    it('"OAuthFlow Endpoints › POST /oauth/:clientId/refresh missing x-svc-secret-key header with secret": 401', async () => {
      const response = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, { body: { refreshToken: 'x' } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /x-svc-secret-key/);
    });
  });

  describe('"User Authenticated"', () => {
    const alice = { email: 'oauth-client-users-user@example.com', name: 'Alice Smith' };
    const bob = { email: 'oauth-client-users-user-2@example.com', name: 'Bob Smith' };
    const carol = { email: 'oauth-client-users-user2@example.com', name: 'Alice Smith' };
    const preferences = { weekStart: 'Monday', timeFormat: 24, locale: 'fr', avatarUrl: AVATAR };
    let aliceData: any;
    let bobData: any;

    it('"should fail /POST with incorrect timeZone": 400 naming timeZone', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'incorrect-time-zone', avatarUrl: AVATAR });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^timeZone/);
    });

    it('"should fail /POST with incorrect timeFormat": 400 naming timeFormat', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'Europe/Rome', timeFormat: 100 });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^timeFormat/);
    });

    /** Their userHasDefaultSchedule and userHasOnlyOneSchedule, through the user's own token. */
    async function expectOneDefaultSchedule(data: any, timeZone: string) {
      expect(data.user.defaultScheduleId).toEqual(expect.any(Number));
      const schedules = expectSuccess(await stack.rest('GET', '/v2/schedules', { key: data.accessToken, headers: SCHEDULES_VERSION }));
      expect(schedules).toEqual([expect.objectContaining({ id: data.user.defaultScheduleId, isDefault: true, timeZone, availability: WORKING_WEEK })]);
    }

    /** Their userHasDefaultEventTypes (the four slugs) and userDoesNotHaveDefaultEventTypes (none). */
    async function eventTypeSlugs(data: any): Promise<string[]> {
      const eventTypes = expectSuccess(await stack.rest('GET', '/v2/event-types', { key: data.accessToken, headers: EVENT_TYPES_VERSION }));
      return eventTypes.map((e: { slug: string }) => e.slug).sort();
    }

    it.each([
      ['"/POST with default event types" (the first)', 'Alice', alice, 'Europe/Rome', () => client, 1, DEFAULT_EVENT_TYPE_SLUGS],
      ['"/POST with default event types" (the second)', 'Bob', bob, 'Europe/Rome', () => client, 2, DEFAULT_EVENT_TYPE_SLUGS],
      ['"/POST without default event types"', 'Carol', carol, 'America/New_York', () => clientWithoutEventTypes, 1, []],
    ] as const)(
      "%s: 201, the user and its tokens; the client's users, the default event types, one default schedule",
      async (_name, who, body, timeZone, of, usersCount, slugs) => {
        const data = expectSuccess(await asClient(of(), 'POST', '', { ...body, timeZone, ...preferences }), 201);
        expect(data.user).toMatchObject({ email: oauthEmail(of().id, body.email), timeZone, name: body.name, ...preferences });
        expect(data).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
        const users = expectSuccess(await asClient(of(), 'GET', ''));
        expect(users).toHaveLength(usersCount);
        expect(users.map((u: { email: string }) => u.email)).toContain(data.user.email);
        expect(await eventTypeSlugs(data)).toEqual(slugs);
        await expectOneDefaultSchedule(data, timeZone);
        if (who === 'Alice') aliceData = data;
        if (who === 'Bob') bobData = data;
      },
    );

    it('"should fail /POST using already used managed user email": 409 naming the existing user', async () => {
      const response = await asClient(client, 'POST', '', { ...alice, timeZone: 'Europe/Rome', ...preferences });
      expectErrorEnvelope(response, 409, 'CONFLICT', `User with the provided e-mail already exists. Existing user ID=${aliceData.user.id}`);
    });

    it('"/GET: return list of managed users": both, the first created first', async () => {
      const users = expectSuccess(await asClient(client, 'GET', '?limit=10&offset=0'));
      expect(users.map((u: { email: string; name: string }) => [u.email, u.name])).toEqual([
        [aliceData.user.email, alice.name],
        [bobData.user.email, bob.name],
      ]);
    });

    it.each([
      ['"/GET: managed user by original email"', () => alice.email, () => [aliceData]],
      ['"/GET: managed users by original emails"', () => `${alice.email},${bob.email}`, () => [aliceData, bobData]],
      ['"/GET: managed user by oAuth email"', () => encodeURIComponent(aliceData.user.email), () => [aliceData]],
      [
        '"/GET: managed users by oAuth emails"',
        () => `${encodeURIComponent(aliceData.user.email)},${encodeURIComponent(bobData.user.email)}`,
        () => [aliceData, bobData],
      ],
    ])('%s', async (_name, emails, expected) => {
      const users = expectSuccess(await asClient(client, 'GET', `?limit=10&offset=0&emails=${emails()}`));
      expect(users.map((u: { email: string; name: string }) => [u.email, u.name])).toEqual(expected().map((d) => [d.user.email, d.user.name]));
    });

    // Deviation (docs/compatibility.md, "Managed users", row 1): the message starts with the field at fault.
    it('"should error /GET if managed user email is invalid": 400 "Invalid email invalid-email" (after `emails: `)', async () => {
      const response = await asClient(client, 'GET', '?limit=10&offset=0&emails=invalid-email');
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', 'emails: Invalid email invalid-email');
    });

    it('"/GET/:id": the user, its OAuth e-mail', async () => {
      expect(expectSuccess(await asClient(client, 'GET', `/${aliceData.user.id}`)).email).toBe(oauthEmail(client.id, alice.email));
    });

    it('"/PUT/:id" (PATCH): the new e-mail, plus-addressed; the new locale', async () => {
      const updated = expectSuccess(await asClient(client, 'PATCH', `/${aliceData.user.id}`, { email: 'pineapple-pizza@example.com', locale: 'pt-BR' }));
      expect(updated).toMatchObject({ email: oauthEmail(client.id, 'pineapple-pizza@example.com'), locale: 'pt-BR' });
    });

    it('(beyond the spec) PATCH with a new timeZone moves the default schedule to it, as PATCH /v2/me does', async () => {
      expect(expectSuccess(await asClient(client, 'PATCH', `/${bobData.user.id}`, { timeZone: 'America/Chicago' })).timeZone).toBe('America/Chicago');
      const schedule = expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: bobData.accessToken, headers: SCHEDULES_VERSION }));
      expect(schedule).toMatchObject({ id: bobData.user.defaultScheduleId, timeZone: 'America/Chicago', availability: WORKING_WEEK });
    });

    it('"/DELETE/:id": 200', async () => {
      expect((await asClient(client, 'DELETE', `/${aliceData.user.id}`)).status).toBe(200);
    });

    // Deviation (docs/compatibility.md, "Managed users", row 2): the tokens are opaque; their decoded claims are read back through the API.
    it('"OAuthFlow Endpoints › Refresh Token Endpoint › POST /oauth/:clientId/refresh": 200, a new pair of the same user and their expiries', async () => {
      const before = Date.now();
      const response = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, {
        headers: { 'x-svc-secret-key': client.secret },
        body: { refreshToken: bobData.refreshToken },
      });
      const keys = expectSuccess(response);
      expect(keys).toEqual({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        accessTokenExpiresAt: expect.any(Number),
        refreshTokenExpiresAt: expect.any(Number),
      });
      expect(keys.accessTokenExpiresAt).toBeGreaterThan(before);
      expect(keys.refreshTokenExpiresAt).toBeGreaterThan(keys.accessTokenExpiresAt);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: keys.accessToken })).id).toBe(bobData.user.id);
    });
  });

  /**
   * apps/api/v2/src/modules/auth/strategies/api-auth/api-auth.strategy.e2e-spec.ts ("ApiAuthStrategy › authenticate
   * with strategy"), test names beside each case. Theirs calls the strategy's methods directly and reads the user it
   * returns; here each credential calls GET /v2/me, whose answer is that user. Their one user owns two organizations,
   * each with a platform OAuth client (here registered by that owner and approved by the operator). Their organizationId
   * assertions read a field of the request object no answer shows; the user half of each case is replayed.
   */
  describe('api-auth.strategy.e2e-spec.ts (ApiAuthStrategy: how a request is authenticated)', () => {
    let owner: Awaited<ReturnType<typeof person>>;
    let keyUser: Awaited<ReturnType<typeof person>>;
    let clientOne: Client;
    let clientTwo: Client;
    let managedUser: { id: number; accessToken: string };
    const me = (init: { key?: string; headers?: Record<string, string> }) => stack.rest('GET', '/v2/me', init);
    const platformHeaders = (c: Client) => ({ 'x-svc-client-id': c.id, 'x-svc-secret-key': c.secret });
    /** Their ONLY_CLIENT_ID_PROVIDED_MESSAGE and ONLY_CLIENT_SECRET_PROVIDED_MESSAGE, with this API's header names. */
    const ONLY_CLIENT_ID =
      "Only 'x-svc-client-id' header provided. Please also provide 'x-svc-secret-key' header or Auth bearer token as 'Authentication' header";
    const ONLY_SECRET = "Only 'x-svc-secret-key' header provided. Please also provide 'x-svc-client-id' header or Auth bearer token as 'Authentication' header";

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const [who, apiKeyUser, orgOne, orgTwo] = await Promise.all([
        person(stack, 'api-auth-oauth-user'),
        person(stack, 'api-auth-api-key-user'),
        operator.createOrganization({ name: 'api-auth-organization-1' }),
        operator.createOrganization({ name: 'api-auth-organization-2' }),
      ]);
      [owner, keyUser] = [who, apiKeyUser];
      await Promise.all([orgOne, orgTwo].map((org) => operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER })));
      const register = async (): Promise<Client> => {
        const body = { name: 'name', redirectUris: ['http://localhost:3000'], permissions: ['PROFILE_READ'] };
        const created = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: owner.key, body }), 201);
        await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
        return { id: created.clientId, secret: created.clientSecret };
      };
      [clientOne, clientTwo] = await Promise.all([register(), register()]);
      // POST /v2/oauth-clients registers a client in the caller's first organization; their fixture writes the second
      // client's row under the second organization, as this does.
      await stack.db('oauth').query('UPDATE oauth_clients SET organization_id = $1 WHERE id = $2', [orgTwo.id, clientTwo.id]);
      const made = expectSuccess(
        await stack.rest('POST', `/v2/oauth-clients/${clientOne.id}/users`, {
          body: { email: 'api-auth-access-token-user@example.com', name: 'api-auth-access-token-user', timeZone: 'Europe/Rome' },
          headers: { 'x-svc-secret-key': clientOne.secret },
        }),
        201,
      );
      managedUser = { id: made.user.id, accessToken: made.accessToken };
    });

    it('"should return user associated with valid access token": a managed user\'s access token is that user', async () => {
      expect(expectSuccess(await me({ key: managedUser.accessToken })).id).toBe(managedUser.id);
    });

    // "should return user associated with valid api key and correctly set organizationId for org1" / "…for org2": the
    // key's user is the caller, asserted by test/oauth/credentials.test.ts ("acts as the key's user with full rights").
    it('"should return user associated with valid api key …" (the key of their user, here GET /v2/me by it)', async () => {
      expect(expectSuccess(await me({ key: keyUser.key })).id).toBe(keyUser.id);
    });

    it('"should return user associated with valid OAuth client" and "…for org2": each organization\'s client is its owner', async () => {
      expect(expectSuccess(await me({ headers: platformHeaders(clientOne) })).id).toBe(owner.id);
      expect(expectSuccess(await me({ headers: platformHeaders(clientTwo) })).id).toBe(owner.id);
    });

    it('"should throw 401 if api key is invalid": their svc_test_badkey1234, and (beyond the spec) an expired key', async () => {
      for (const authorization of ['Bearer svc_test_badkey1234', 'Bearer svc_test_}']) {
        expectErrorEnvelope(await me({ headers: { authorization } }), 401, 'UNAUTHORIZED');
      }
      const { key } = await operatorOf(stack).createApiKey(keyUser.id);
      await stack.db('oauth').query(`UPDATE api_keys SET expires_at = now() - interval '1 day' WHERE hashed_key = $1`, [sha256Hex(key)]);
      expectErrorEnvelope(await me({ key }), 401, 'UNAUTHORIZED', /expired/);
    });

    it('"should throw 401 if only OAuth ID is provided": the message names the header missing', async () => {
      const response = await me({ headers: { 'x-svc-client-id': `${clientOne.id}gibberish` } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
      expect(response.body.error.message).toContain(ONLY_CLIENT_ID);
    });

    it('"should throw 401 if only OAuth Client Secret is provided": the message names the header missing', async () => {
      const response = await me({ headers: { 'x-svc-secret-key': `${clientOne.secret}gibberish` } });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
      expect(response.body.error.message).toContain(ONLY_SECRET);
    });

    it('(their messages\' "or Auth bearer token") one platform header beside a bearer credential: the bearer credential is the caller', async () => {
      const withId = await me({ key: managedUser.accessToken, headers: { 'x-svc-client-id': clientOne.id } });
      expect(expectSuccess(withId).id).toBe(managedUser.id);
      expect(expectSuccess(await me({ key: keyUser.key, headers: { 'x-svc-secret-key': 'whatever' } })).id).toBe(keyUser.id);
    });

    it('"should throw 401 if OAuth ID is invalid"', async () => {
      expectErrorEnvelope(await me({ headers: { 'x-svc-client-id': `${clientOne.id}gibberish`, 'x-svc-secret-key': 'secret' } }), 401, 'UNAUTHORIZED');
    });

    // "should throw 401 if OAuth secret is invalid": test/oauth/credentials.test.ts ("a wrong secret key, one header alone, …") asserts it.

    it('"should throw 401 if request does not contain Bearer token nor OAuth client credentials"', async () => {
      expectErrorEnvelope(await me({}), 401, 'UNAUTHORIZED');
    });
  });
});
