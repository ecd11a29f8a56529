import { fewestStatements } from '../support/sql-statements';
import { userWithKey } from '../support/fixtures';
import { oauthClient, OAuthClientDecision, tokenRequest, userAndCode } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { eventually } from '../support/eventually';

/** Spec 5.1: every credential kind the gateway accepts, and the 401s for the rest (7.1). */
describe('credential kinds (5.1)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const accessToken = async (options: Parameters<typeof userAndCode>[1] = {}) => {
    const flow = await userAndCode(stack, { isPublic: true, ...options });
    const { body } = await tokenRequest(stack, {
      client_id: flow.client.id,
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: flow.redirectUri,
      code_verifier: flow.verifier,
    });
    return { ...flow, token: body.access_token as string, refreshToken: body.refresh_token as string };
  };

  describe('Authorization: Bearer <API_KEY>, the key prefixed with svc_', () => {
    it('acts as the key’s user with full rights', async () => {
      const { user, key } = await userWithKey(stack);
      expect(key).toMatch(/^svc_[0-9a-f]{64}$/);
      const me = await stack.rest('GET', '/v2/me', { key });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(user.id);
      expect((await stack.rest('GET', '/v2/webhooks', { key })).status).toBe(200);
    });
  });

  describe('an OAuth access token in the same header, as Bearer <token>', () => {
    it('acts as the user who allowed it, with the granted scopes only', async () => {
      const { owner, token } = await accessToken({ scopes: ['PROFILE_READ', 'WEBHOOK_READ'], scope: 'PROFILE_READ' });
      const me = await stack.rest('GET', '/v2/me', { key: token });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(owner.user.id);
      const webhooks = await stack.rest('GET', '/v2/webhooks', { key: token });
      expect(webhooks.status).toBe(403);
      expect(webhooks.body.error.message).toContain('WEBHOOK_READ');
    });

    it('works on /graphql too, where the scope rules apply the same way', async () => {
      const { owner, token } = await accessToken({ scopes: ['PROFILE_READ'] });
      const { body } = await stack.graphql('{ me { id } }', {}, token);
      expect(body.data.me.id).toBe(owner.user.id);
      const refused = await stack.graphql('{ apiKeys { id } }', {}, token);
      expect(refused.body.errors).toBeUndefined(); // apiKeys needs PROFILE_READ, which the token has
      const noScope = await stack.graphql('mutation { revokeApiKey(id: 1) { id } }', {}, token);
      expect(noScope.body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('is resolved from the cache: repeated requests cost no extra statement for the credential', async () => {
      const { token } = await accessToken();
      const request = async () => expect((await stack.rest('GET', '/v2/me', { key: token })).status).toBe(200);
      const first = await fewestStatements(request, 1);
      const cached = await fewestStatements(request);
      expect(cached).toBeLessThan(first);
      expect(await fewestStatements(request)).toBe(cached);
    });
  });

  describe('platform customers send the OAuth client id and secret key as headers (x-svc-client-id, x-svc-secret-key)', () => {
    it('act as the client’s owner, with the client’s scopes', async () => {
      const owner = await userWithKey(stack);
      const { client, secret } = await oauthClient(stack, owner.user.id, { scopes: ['PROFILE_READ'] });
      const headers = { 'x-svc-client-id': client.id, 'x-svc-secret-key': secret! };
      const me = await stack.rest('GET', '/v2/me', { headers });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(owner.user.id);
      expect((await stack.rest('GET', '/v2/webhooks', { headers })).status).toBe(403);
    });

    it('a wrong secret key, one header alone, a public, pending or rejected client → 401', async () => {
      const owner = await userWithKey(stack);
      const { client, secret } = await oauthClient(stack, owner.user.id);
      const { client: publicClient } = await oauthClient(stack, owner.user.id, { isPublic: true });
      const pending = await oauthClient(stack, owner.user.id, { decision: 'pending' });
      const rejected = await oauthClient(stack, owner.user.id, { decision: OAuthClientDecision.REJECT });
      const refused: Array<Record<string, string>> = [
        { 'x-svc-client-id': client.id, 'x-svc-secret-key': 'svc_cs_wrong' },
        { 'x-svc-client-id': client.id },
        { 'x-svc-secret-key': secret! },
        { 'x-svc-client-id': publicClient.id, 'x-svc-secret-key': secret! },
        { 'x-svc-client-id': pending.client.id, 'x-svc-secret-key': pending.secret! },
        { 'x-svc-client-id': rejected.client.id, 'x-svc-secret-key': rejected.secret! },
      ];
      for (const headers of refused) {
        const answer = await stack.rest('GET', '/v2/me', { headers });
        expect({ headers, status: answer.status, code: answer.body.error?.code }).toEqual({ headers, status: 401, code: 'UNAUTHORIZED' });
      }
    });

    it('with an Authorization header as well, the bearer credential is the caller, and the platform headers must still be valid', async () => {
      const owner = await userWithKey(stack);
      const other = await userWithKey(stack);
      const { client, secret } = await oauthClient(stack, owner.user.id);
      const both = await stack.rest('GET', '/v2/me', { key: other.key, headers: { 'x-svc-client-id': client.id, 'x-svc-secret-key': secret! } });
      expect(both.body.data.id).toBe(other.user.id);
      expect((await stack.rest('GET', '/v2/me', { key: other.key, headers: { 'x-svc-client-id': client.id, 'x-svc-secret-key': 'wrong' } })).status).toBe(401);
    });
  });

  describe('expired, revoked or malformed credentials → 401 in the envelope', () => {
    it('a malformed credential', async () => {
      for (const authorization of ['Bearer svc_at_notatoken', 'Bearer garbage', 'Basic dXNlcjpwYXNz', 'Bearer']) {
        const answer = await stack.rest('GET', '/v2/me', { headers: { authorization } });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ status: 'error', error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
      }
    });

    it('a credential longer than any key, token or secret (over the declared input limit) → 401, not a 500 (fuzz finding)', async () => {
      const long = 'x'.repeat(5_000);
      for (const headers of [
        { authorization: `Bearer ${long}` },
        { authorization: `Bearer svc_at_${long}` },
        { 'x-svc-client-id': long, 'x-svc-secret-key': long },
      ] as Array<Record<string, string>>) {
        const answer = await stack.rest('GET', '/v2/me', { headers });
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 401,
          body: { status: 'error', error: { code: 'UNAUTHORIZED', message: expect.any(String) } },
        });
      }
    });

    it('a refresh token or an authorization code is no access token', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      expect((await stack.rest('GET', '/v2/me', { key: flow.code })).status).toBe(401);
      const { refreshToken } = await accessToken();
      expect((await stack.rest('GET', '/v2/me', { key: refreshToken })).status).toBe(401);
    });

    it('a token revoked in the database by someone else (an operator) stops working within moments (NOTIFY), not after the cache TTL', async () => {
      const { owner, token } = await accessToken();
      expect((await stack.rest('GET', '/v2/me', { key: token })).status).toBe(200); // cached now
      await stack.db('oauth').query('UPDATE oauth_grants SET revoked_at = now() WHERE user_id = $1', [owner.user.id]);
      expect(await eventually(async () => (await stack.rest('GET', '/v2/me', { key: token })).status === 401)).toBe(true);
    });

    it('v1 style apiKey query parameters → 401', async () => {
      const { key } = await userWithKey(stack);
      const answer = await stack.rest('GET', `/v2/me?apiKey=${key}`);
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toMatch(/apiKey query parameter is no longer accepted/);
    });
  });

  describe('the gateway takes the system principal only from the services themselves', () => {
    it('a forged x-svc-principal on the public /graphql is dropped: the caller is anonymous and gets nothing', async () => {
      const response = await fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-svc-principal': 'eyJraW5kIjoic3lzdGVtIn0.forged' },
        body: JSON.stringify({ query: '{ me { email } }' }),
      });
      const body = (await response.json()) as any;
      expect(body.data?.me ?? null).toBeNull();
      expect(body.errors[0].extensions.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    });

    it('@internal user lookups and password checks are not in the public schema (@inaccessible): API callers cannot even ask', async () => {
      const { key, user } = await userWithKey(stack);
      const lookup = await stack.graphql('query($ids: [Int!]!) { usersById(ids: $ids) { email } }', { ids: [user.id] }, key);
      expect(lookup.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const check = await stack.graphql('mutation { verifyPassword(email: "a@b.c", password: "x") { id } }', {}, key);
      expect(check.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });
});

/** RFC 8414 authorization server metadata (spec 4.1's endpoints, 5.3's scopes). */
describe('GET /.well-known/oauth-authorization-server', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  it('names the issuer, both endpoints and what is supported', async () => {
    const response = await fetch(`${stack.url}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: stack.url,
      authorization_endpoint: `${stack.url}/auth/oauth2/authorize`,
      token_endpoint: `${stack.url}/v2/auth/oauth2/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    });
    const scopes = metadata.scopes_supported as string[];
    expect(scopes).toHaveLength(45);
    expect(scopes).toEqual(expect.arrayContaining(['EVENT_TYPE_READ', 'CREDITS_WRITE', 'TEAM_VERIFIED_RESOURCES_WRITE', 'ORG_WEBHOOK_WRITE']));
  });
});
