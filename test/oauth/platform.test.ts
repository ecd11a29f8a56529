import { createHash } from 'node:crypto';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { OAuthClientDecision } from '../support/oauth';
import { OAuthClientReviewService } from '../../subgraphs/oauth/oauth-client/oauth-client-review.service';
import { referenceValidator } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 86_400_000;

/** The reference's success schema of METHOD path accepts the answer. */
function expectReferenceShape(method: string, path: string, body: unknown) {
  const validate = referenceValidator(method, path);
  expect({ path, valid: validate(body), errors: validate.errors ?? null }).toEqual({ path, valid: true, errors: null });
}

/**
 * The platform surface of the reference document: OAuth clients of an organization ("OAuth Clients"),
 * managed users of a platform client ("Platform / Managed Users") and POST /v2/api-keys/refresh ("Api Keys").
 */
describe('platform: OAuth clients, managed users, API key refresh', () => {
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;
  let outsider: Awaited<ReturnType<typeof userWithKey>>;
  let otherAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let orgId: number;
  let client: { id: string; secret: string };
  let otherClient: { id: string; secret: string };

  const approve = (clientId: string) => new OAuthClientReviewService(stack.db('oauth')).review(clientId, OAuthClientDecision.APPROVE, null);
  const asClient = (c: { id: string; secret: string }, method: string, rest: string, body?: unknown, pathClient = c.id) =>
    stack.rest(method, `/v2/oauth-clients/${pathClient}${rest}`, { body, headers: { 'x-svc-secret-key': c.secret } });

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, outsider, otherAdmin] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Platformco', ownerId: admin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
    await operator.createOrganization({ name: 'Otherco', ownerId: otherAdmin.user.id });
    const created = expectSuccess(
      await stack.rest('POST', '/v2/oauth-clients', {
        key: otherAdmin.key,
        body: { name: 'Other app', redirectUris: ['https://other.example.com/cb'], permissions: ['PROFILE_READ'] },
      }),
      201,
    );
    otherClient = { id: created.clientId, secret: created.clientSecret };
    await approve(otherClient.id);
  });
  afterAll(() => stack.stop());

  describe('OAuth clients of an organization (/v2/oauth-clients)', () => {
    it('an organization admin creates one (201): the secret is answered once and stored only as its hash', async () => {
      const body = {
        name: 'Platform app',
        redirectUris: ['https://app.example.com/callback', 'http://localhost:3001/cb'],
        permissions: ['PROFILE_READ', 'PROFILE_WRITE', 'BOOKING_READ'],
        bookingRedirectUri: 'https://app.example.com/booked',
        areEmailsEnabled: true,
      };
      const response = await stack.rest('POST', '/v2/oauth-clients', { key: admin.key, body });
      expectReferenceShape('POST', '/v2/oauth-clients', response.body);
      const data = expectSuccess(response, 201);
      expect(data.clientSecret).toMatch(/^svc_cs_[0-9a-f]{64}$/);
      client = { id: data.clientId, secret: data.clientSecret };
      const [row] = await stack.db('oauth').query('SELECT * FROM oauth_clients WHERE id = $1', [client.id]);
      expect(row).toMatchObject({ secret_hash: sha256(client.secret), organization_id: orgId, owner_id: admin.user.id, status: 'PENDING', is_public: false });
      expect(JSON.stringify(row)).not.toContain(client.secret);
    });

    it('list, get, update: the reference shape; `secret` is only a hint of the secret; `permissions` are the scopes', async () => {
      const list = await stack.rest('GET', '/v2/oauth-clients', { key: admin.key });
      expectReferenceShape('GET', '/v2/oauth-clients', list.body);
      expect(expectSuccess(list).map((c: any) => c.id)).toEqual([client.id]);
      const one = await stack.rest('GET', `/v2/oauth-clients/${client.id}`, { key: admin.key });
      expectReferenceShape('GET', '/v2/oauth-clients/{clientId}', one.body);
      const shown = expectSuccess(one);
      expect(shown).toMatchObject({
        id: client.id,
        name: 'Platform app',
        permissions: ['PROFILE_READ', 'PROFILE_WRITE', 'BOOKING_READ'],
        redirectUris: ['https://app.example.com/callback', 'http://localhost:3001/cb'],
        organizationId: orgId,
        areEmailsEnabled: true,
        areDefaultEventTypesEnabled: false,
        areCalendarEventsEnabled: true,
        bookingRedirectUri: 'https://app.example.com/booked',
        secret: `svc_cs_…${client.secret.slice(-4)}`,
      });
      expect(JSON.stringify(one.body)).not.toContain(client.secret);
      const patched = await stack.rest('PATCH', `/v2/oauth-clients/${client.id}`, {
        key: admin.key,
        body: { name: 'Platform app 2', areCalendarEventsEnabled: false, bookingRedirectUri: null },
      });
      expectReferenceShape('PATCH', '/v2/oauth-clients/{clientId}', patched.body);
      expect(expectSuccess(patched)).toMatchObject({
        name: 'Platform app 2',
        areCalendarEventsEnabled: false,
        permissions: ['PROFILE_READ', 'PROFILE_WRITE', 'BOOKING_READ'],
      });
      expect(patched.body.data).not.toHaveProperty('bookingRedirectUri');
    });

    it('redirect URIs and permissions are checked (400 naming the field); "*" grants every user scope', async () => {
      const post = (body: Record<string, unknown>) =>
        stack.rest('POST', '/v2/oauth-clients', {
          key: admin.key,
          body: { name: 'Bad', redirectUris: ['https://a.example.com/cb'], permissions: ['PROFILE_READ'], ...body },
        });
      expectErrorEnvelope(await post({ redirectUris: ['javascript:alert(1)'] }), 400, 'BAD_REQUEST', /^redirectUris/);
      expectErrorEnvelope(await post({ redirectUris: ['not a url'] }), 400, 'BAD_REQUEST', /^redirectUris/);
      expectErrorEnvelope(await post({ redirectUris: ['https://a.example.com/cb#frag'] }), 400, 'BAD_REQUEST', /^redirectUris/);
      expectErrorEnvelope(
        await post({ redirectUris: Array.from({ length: 11 }, (_, i) => `https://a.example.com/${i}`) }),
        400,
        'BAD_REQUEST',
        /^redirectUris/,
      );
      expectErrorEnvelope(await post({ redirectUris: [] }), 400, 'BAD_REQUEST', /^redirectUris/);
      expectErrorEnvelope(await post({ permissions: [] }), 400, 'BAD_REQUEST', /^permissions/);
      expectErrorEnvelope(await post({ permissions: ['EVERYTHING'] }), 400, 'BAD_REQUEST', /^permissions/);
      expectErrorEnvelope(await post({ bookingRedirectUri: 'ftp://a.example.com' }), 400, 'BAD_REQUEST', /^bookingRedirectUri/);
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/oauth-clients/${client.id}`, { key: admin.key, body: { redirectUris: ['data:text/html,x'] } }),
        400,
        'BAD_REQUEST',
        /^redirectUris/,
      );
      const all = expectSuccess(await post({ permissions: ['*'] }), 201);
      const shown = expectSuccess(await stack.rest('GET', `/v2/oauth-clients/${all.clientId}`, { key: admin.key }));
      // spec 5.3's user scopes
      const userScopes = ['EVENT_TYPE', 'BOOKING', 'SCHEDULE', 'APPS', 'PROFILE', 'WEBHOOK', 'VERIFIED_RESOURCES', 'CREDITS'].flatMap((s) => [
        `${s}_READ`,
        `${s}_WRITE`,
      ]);
      expect([...shown.permissions].sort()).toEqual([...userScopes].sort());
      expectSuccess(await stack.rest('DELETE', `/v2/oauth-clients/${all.clientId}`, { key: admin.key }));
    });

    it('only organization admins: a member 403, a user in no organization 403; another organization sees nothing of it (404, not listed)', async () => {
      expect((await stack.rest('GET', '/v2/oauth-clients', { key: member.key })).status).toBe(403);
      expect(
        (
          await stack.rest('POST', '/v2/oauth-clients', {
            key: member.key,
            body: { name: 'x', redirectUris: ['https://a.example.com'], permissions: ['PROFILE_READ'] },
          })
        ).status,
      ).toBe(403);
      expect((await stack.rest('GET', `/v2/oauth-clients/${client.id}`, { key: outsider.key })).status).toBe(403);
      expect(expectSuccess(await stack.rest('GET', '/v2/oauth-clients', { key: otherAdmin.key })).map((c: any) => c.id)).toEqual([otherClient.id]);
      for (const [method, body] of [['GET'], ['PATCH', { name: 'Hijacked' }], ['DELETE']] as const) {
        expectErrorEnvelope(await stack.rest(method, `/v2/oauth-clients/${client.id}`, { key: otherAdmin.key, body }), 404, 'NOT_FOUND');
      }
      expect(expectSuccess(await stack.rest('GET', `/v2/oauth-clients/${client.id}`, { key: admin.key })).name).toBe('Platform app 2');
    });

    it('a new client is pending review (spec 3): its secret key opens nothing until a service admin approves it', async () => {
      expectErrorEnvelope(await asClient(client, 'GET', '/users'), 401, 'UNAUTHORIZED');
      await approve(client.id);
      expect(expectSuccess(await asClient(client, 'GET', '/users'))).toEqual([]);
    });
  });

  describe('managed users of a platform client (/v2/oauth-clients/{clientId}/users)', () => {
    let alice: { id: number; accessToken: string; refreshToken: string };

    it('create (201): the user, a member of the client organization, with an access and a refresh token of the client scopes', async () => {
      const before = Date.now();
      const response = await asClient(client, 'POST', '/users', {
        email: 'Alice@Example.com',
        name: 'Alice',
        timeZone: 'America/New_York',
        timeFormat: 24,
        weekStart: 'Monday',
        locale: 'de',
        bio: 'hi',
        metadata: { plan: 'gold' },
      });
      expectReferenceShape('POST', '/v2/oauth-clients/{clientId}/users', response.body);
      const data = expectSuccess(response, 201);
      expect(data.user).toMatchObject({
        email: `alice+${client.id}@example.com`,
        name: 'Alice',
        timeZone: 'America/New_York',
        timeFormat: 24,
        weekStart: 'Monday',
        locale: 'de',
        bio: 'hi',
        metadata: { plan: 'gold' },
        // the reference: a time zone given makes the default schedule (Monday to Friday, 9 to 5)
        defaultScheduleId: expect.any(Number),
      });
      expect(data.accessToken).toMatch(/^svc_at_/);
      expect(data.refreshToken).toMatch(/^svc_rt_/);
      // spec 2.3: access tokens last 1800 s
      expect(data.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 1_800_000 - 5_000);
      expect(data.accessTokenExpiresAt).toBeLessThanOrEqual(Date.now() + 1_800_000);
      alice = { id: data.user.id, accessToken: data.accessToken, refreshToken: data.refreshToken };
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: alice.accessToken }));
      expect(me).toMatchObject({ id: alice.id, email: `alice+${client.id}@example.com`, organizationId: orgId });
      // the client has no SCHEDULE_READ: its managed user's token cannot list schedules
      expect((await stack.rest('GET', '/v2/schedules', { key: alice.accessToken })).status).toBe(403);
      const [row] = await stack
        .db('oauth')
        .query(`SELECT g.scopes FROM oauth_grants g WHERE g.user_id = $1 AND g.client_id = $2 AND g.revoked_at IS NULL`, [alice.id, client.id]);
      expect([...row.scopes].sort()).toEqual(['BOOKING_READ', 'PROFILE_READ', 'PROFILE_WRITE']);
      expectErrorEnvelope(await asClient(client, 'POST', '/users', { email: 'alice@example.com', name: 'Alice again' }), 409, 'CONFLICT');
      expectErrorEnvelope(await asClient(client, 'POST', '/users', { email: 'nope', name: 'X' }), 400, 'BAD_REQUEST', /^email/);
      expectErrorEnvelope(
        await asClient(client, 'POST', '/users', { email: 'x@example.com', name: 'X', timeZone: 'Mars/Base' }),
        400,
        'BAD_REQUEST',
        /^timeZone/,
      );
    });

    it('list (emails filter by the given address), get, update: the reference shapes', async () => {
      await asClient(client, 'POST', '/users', { email: 'bob@example.com', name: 'Bob' });
      const list = await asClient(client, 'GET', '/users');
      expectReferenceShape('GET', '/v2/oauth-clients/{clientId}/users', list.body);
      expect(expectSuccess(list).map((u: any) => u.name)).toEqual(['Alice', 'Bob']);
      expect(expectSuccess(await asClient(client, 'GET', '/users?emails=alice@example.com')).map((u: any) => u.id)).toEqual([alice.id]);
      expect(expectSuccess(await asClient(client, 'GET', '/users?limit=1&offset=1')).map((u: any) => u.name)).toEqual(['Bob']);
      expectErrorEnvelope(await asClient(client, 'GET', '/users?limit=0'), 400, 'BAD_REQUEST', /^limit/);
      const one = await asClient(client, 'GET', `/users/${alice.id}`);
      expectReferenceShape('GET', '/v2/oauth-clients/{clientId}/users/{userId}', one.body);
      const patched = await asClient(client, 'PATCH', `/users/${alice.id}`, { name: 'Alice Smith', timeFormat: 12, email: 'alice.smith@example.com' });
      expectReferenceShape('PATCH', '/v2/oauth-clients/{clientId}/users/{userId}', patched.body);
      expect(expectSuccess(patched)).toMatchObject({
        id: alice.id,
        name: 'Alice Smith',
        timeFormat: 12,
        email: `alice.smith+${client.id}@example.com`,
        timeZone: 'America/New_York',
      });
      expectErrorEnvelope(await asClient(client, 'PATCH', `/users/${alice.id}`, { weekStart: 'Someday' }), 400, 'BAD_REQUEST', /^weekStart/);
    });

    it('force-refresh: a new pair, the earlier tokens stop working', async () => {
      const response = await asClient(client, 'POST', `/users/${alice.id}/force-refresh`);
      expectReferenceShape('POST', '/v2/oauth-clients/{clientId}/users/{userId}/force-refresh', response.body);
      const keys = expectSuccess(response);
      expect(keys.accessToken).not.toBe(alice.accessToken);
      expect((await stack.rest('GET', '/v2/me', { key: alice.accessToken })).status).toBe(401);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: keys.accessToken })).id).toBe(alice.id);
      alice = { ...alice, accessToken: keys.accessToken, refreshToken: keys.refreshToken };
    });

    it('POST /v2/oauth/{clientId}/refresh: the refresh token for a new pair (rotation); a refresh token used twice is refused and ends the grant', async () => {
      const response = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, {
        headers: { 'x-svc-secret-key': client.secret },
        body: { refreshToken: alice.refreshToken },
      });
      expectReferenceShape('POST', '/v2/oauth/{clientId}/refresh', response.body);
      const keys = expectSuccess(response);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: keys.accessToken })).id).toBe(alice.id);
      const again = await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, {
        headers: { 'x-svc-secret-key': client.secret },
        body: { refreshToken: alice.refreshToken },
      });
      expectErrorEnvelope(again, 400, 'BAD_REQUEST', /^refreshToken/);
      expect((await stack.rest('GET', '/v2/me', { key: keys.accessToken })).status).toBe(401);
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/oauth/${client.id}/refresh`, { body: { refreshToken: keys.refreshToken } }),
        401,
        'UNAUTHORIZED',
        /x-svc-secret-key/,
      );
      // another client cannot refresh this client's tokens, even with its own secret key
      const foreign = await stack.rest('POST', `/v2/oauth/${otherClient.id}/refresh`, {
        headers: { 'x-svc-secret-key': otherClient.secret },
        body: { refreshToken: keys.refreshToken },
      });
      expectErrorEnvelope(foreign, 400, 'BAD_REQUEST', /^refreshToken/);
      alice = { ...alice, ...expectSuccess(await asClient(client, 'POST', `/users/${alice.id}/force-refresh`)) };
    });

    it('only the client itself, with its secret key: a wrong key 401, an API key 401, another client 403 on this path and 404 for this client users on its own', async () => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/oauth-clients/${client.id}/users`, { key: admin.key }), 401, 'UNAUTHORIZED', /x-svc-secret-key/);
      expectErrorEnvelope(await asClient({ id: client.id, secret: otherClient.secret }, 'GET', '/users'), 401, 'UNAUTHORIZED');
      const crossed = await stack.rest('GET', `/v2/oauth-clients/${client.id}/users`, {
        headers: { 'x-svc-client-id': otherClient.id, 'x-svc-secret-key': otherClient.secret },
      });
      expect(crossed.status).toBe(403);
      for (const [method, rest, body] of [
        ['GET', ''],
        ['PATCH', '', { name: 'Hijacked' }],
        ['DELETE', ''],
        ['POST', '/force-refresh'],
      ] as const) {
        expectErrorEnvelope(await asClient(otherClient, method, `/users/${alice.id}${rest}`, body), 404, 'NOT_FOUND');
      }
      expect(expectSuccess(await asClient(otherClient, 'GET', '/users'))).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: alice.accessToken })).name).toBe('Alice Smith');
    });

    it('delete (200, the deleted user): its tokens stop working, it is gone', async () => {
      const response = await asClient(client, 'DELETE', `/users/${alice.id}`);
      expectReferenceShape('DELETE', '/v2/oauth-clients/{clientId}/users/{userId}', response.body);
      expect(expectSuccess(response).id).toBe(alice.id);
      expect((await stack.rest('GET', '/v2/me', { key: alice.accessToken })).status).toBe(401);
      expectErrorEnvelope(await asClient(client, 'GET', `/users/${alice.id}`), 404, 'NOT_FOUND');
    });

    it('deleting the client (200, the deleted client) revokes every token it issued and its secret key', async () => {
      const carol = expectSuccess(await asClient(client, 'POST', '/users', { email: 'carol@example.com', name: 'Carol' }), 201);
      expect((await stack.rest('GET', '/v2/me', { key: carol.accessToken })).status).toBe(200);
      const deleted = await stack.rest('DELETE', `/v2/oauth-clients/${client.id}`, { key: admin.key });
      expectReferenceShape('DELETE', '/v2/oauth-clients/{clientId}', deleted.body);
      expect(expectSuccess(deleted).id).toBe(client.id);
      expect((await stack.rest('GET', '/v2/me', { key: carol.accessToken })).status).toBe(401);
      expect((await asClient(client, 'GET', '/users')).status).toBe(401);
      expect(expectSuccess(await stack.rest('GET', '/v2/oauth-clients', { key: admin.key }))).toEqual([]);
    });
  });

  describe('POST /v2/api-keys/refresh', () => {
    const refresh = (key: string, body: unknown = {}) => stack.rest('POST', '/v2/api-keys/refresh', { key, body });

    it('answers a new key (200, reference shape), stored only as its hash; the old key stops working at once; 30 days by default', async () => {
      const user = await userWithKey(stack);
      const before = Date.now();
      const response = await refresh(user.key);
      expectReferenceShape('POST', '/v2/api-keys/refresh', response.body);
      const { apiKey } = expectSuccess(response);
      expect(apiKey).toMatch(/^svc_[0-9a-f]{64}$/);
      expect((await stack.rest('GET', '/v2/me', { key: user.key })).status).toBe(401);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: apiKey })).id).toBe(user.user.id);
      const rows = await stack.db('oauth').query('SELECT hashed_key, expires_at, revoked_at FROM api_keys WHERE user_id = $1 ORDER BY id', [user.user.id]);
      expect(rows).toHaveLength(2);
      expect(rows[0].revoked_at).not.toBeNull();
      expect(rows[1]).toMatchObject({ hashed_key: sha256(apiKey), revoked_at: null });
      expect(JSON.stringify(rows)).not.toContain(apiKey);
      const expires = new Date(rows[1].expires_at).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 5_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    });

    it('apiKeyDaysValid and apiKeyNeverExpires set the new key expiry; a bad value is a 400 naming the field', async () => {
      const user = await userWithKey(stack);
      const sixty = expectSuccess(await refresh(user.key, { apiKeyDaysValid: 60 })).apiKey;
      const [row] = await stack.db('oauth').query('SELECT expires_at FROM api_keys WHERE hashed_key = $1', [sha256(sixty)]);
      expect(Math.round((new Date(row.expires_at).getTime() - Date.now()) / DAY_MS)).toBe(60);
      const forever = expectSuccess(await refresh(sixty, { apiKeyNeverExpires: true })).apiKey;
      const [kept] = await stack.db('oauth').query('SELECT expires_at FROM api_keys WHERE hashed_key = $1', [sha256(forever)]);
      expect(kept.expires_at).toBeNull();
      expectErrorEnvelope(await refresh(forever, { apiKeyDaysValid: 0 }), 400, 'BAD_REQUEST', /^apiKeyDaysValid/);
      expect((await stack.rest('GET', '/v2/me', { key: forever })).status).toBe(200);
    });

    it('only an API key can be refreshed: anonymous 401, a managed user access token 403', async () => {
      expect((await stack.rest('POST', '/v2/api-keys/refresh', { body: {} })).status).toBe(401);
      const managed = expectSuccess(await asClient(otherClient, 'POST', '/users', { email: 'dave@example.com', name: 'Dave' }), 201);
      expect((await refresh(managed.accessToken)).status).toBe(403);
    });
  });
});
