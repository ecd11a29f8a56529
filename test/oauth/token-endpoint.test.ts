import { IsNull } from 'typeorm';
import { OAuthGrant } from '../../subgraphs/oauth/token/grant.entity';
import { OAuthToken } from '../../subgraphs/oauth/token/token.entity';
import { AuthorizationCode } from '../../subgraphs/oauth/authorization/authorization-code.entity';
import { userWithKey } from '../support/fixtures';
import { decide, oauthClient, OAuthClientDecision, pkcePair, signedIn, tokenRequest, userAndCode } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/** POST {base_url}/v2/auth/oauth2/token (spec 2.3, 3, 4.1, 5.2, 7.3). */
describe('POST /v2/auth/oauth2/token', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const exchange = (flow: Awaited<ReturnType<typeof userAndCode>>, extra: Record<string, string | undefined> = {}) =>
    tokenRequest(stack, {
      client_id: flow.client.id,
      client_secret: flow.secret ?? undefined,
      grant_type: 'authorization_code',
      code: flow.code,
      redirect_uri: flow.redirectUri,
      code_verifier: flow.verifier,
      ...extra,
    });

  const expectTokenResponse = (answer: { status: number; body: any; headers: Headers }, scope: string) => {
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'bearer', expires_in: 1800, scope });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  };

  const expectOAuthError = (answer: { status: number; body: any; headers: Headers }, status: number, error: string, description: string | RegExp) => {
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { error, error_description: expect.any(String) } });
    expect(answer.body.error_description).toMatch(description);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  };

  describe('the body is JSON or application/x-www-form-urlencoded; client_id is always in the body', () => {
    it('a form-encoded exchange answers the token response', async () => {
      const flow = await userAndCode(stack);
      expectTokenResponse(await exchange(flow), 'PROFILE_READ BOOKING_READ');
    });

    it('a JSON exchange answers the same', async () => {
      const flow = await userAndCode(stack);
      const answer = await tokenRequest(
        stack,
        { client_id: flow.client.id, client_secret: flow.secret!, grant_type: 'authorization_code', code: flow.code, redirect_uri: flow.redirectUri },
        'json',
      );
      expectTokenResponse(answer, 'PROFILE_READ BOOKING_READ');
    });

    it('a body that is neither (or malformed JSON) is an invalid_request in the OAuth format', async () => {
      const response = await fetch(`${stack.url}/v2/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"client_id":',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(/not valid JSON/) });
      const empty = await fetch(`${stack.url}/v2/auth/oauth2/token`, { method: 'POST' });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { error: string }).error).toBe('invalid_request');
    });

    it('an Authorization header is not needed, and one that is no bearer credential is ignored (the client authenticates in the body)', async () => {
      const flow = await userAndCode(stack);
      const response = await fetch(`${stack.url}/v2/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic Zm9vOmJhcg==' },
        body: new URLSearchParams({
          client_id: flow.client.id,
          client_secret: flow.secret!,
          grant_type: 'authorization_code',
          code: flow.code,
          redirect_uri: flow.redirectUri,
        }).toString(),
      });
      expect(response.status).toBe(200);
    });
  });

  describe('Exchange, confidential: client_id, client_secret, grant_type=authorization_code, code, redirect_uri', () => {
    it('answers access_token, refresh_token, token_type bearer, expires_in 1800 and the granted scopes space-delimited (2.3)', async () => {
      const flow = await userAndCode(stack, { scopes: ['PROFILE_READ', 'BOOKING_READ', 'SCHEDULE_READ'], scope: 'SCHEDULE_READ,PROFILE_READ' });
      const answer = await exchange(flow);
      expectTokenResponse(answer, 'SCHEDULE_READ PROFILE_READ');
      expect(answer.body.access_token).not.toBe(answer.body.refresh_token);
    });

    it('the access token calls the API as the user who allowed it', async () => {
      const flow = await userAndCode(stack);
      const { body } = await exchange(flow);
      const me = await stack.rest('GET', '/v2/me', { key: body.access_token });
      expect(me.status).toBe(200);
      expect(me.body.data.id).toBe(flow.owner.user.id);
    });

    it('a confidential client that sent a code_challenge must send its code_verifier (PKCE honoured)', async () => {
      const flow = await userAndCode(stack, { pkce: true });
      expectOAuthError(await exchange(flow, { code_verifier: undefined }), 400, 'invalid_request', 'code_verifier is required');
      expectOAuthError(await exchange(flow, { code_verifier: pkcePair().verifier }), 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      expectTokenResponse(await exchange(flow), 'PROFILE_READ BOOKING_READ');
    });

    it('a code_verifier for a request without code_challenge is refused (no PKCE downgrade)', async () => {
      const flow = await userAndCode(stack);
      expectOAuthError(await exchange(flow, { code_verifier: pkcePair().verifier }), 400, 'invalid_grant', /no code_challenge/);
    });
  });

  describe('Exchange, public (PKCE): client_id, grant_type=authorization_code, code, redirect_uri, code_verifier', () => {
    it('answers the token response without any client secret', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      expect(flow.secret).toBeNull();
      expectTokenResponse(await exchange(flow), 'PROFILE_READ BOOKING_READ');
    });

    it('the code_verifier is the original verifier for the sent code_challenge', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      expectOAuthError(await exchange(flow, { code_verifier: undefined }), 400, 'invalid_request', 'code_verifier is required');
      expectOAuthError(await exchange(flow, { code_verifier: pkcePair().verifier }), 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      expectOAuthError(await exchange(flow, { code_verifier: 'short' }), 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      expectTokenResponse(await exchange(flow), 'PROFILE_READ BOOKING_READ');
    });
  });

  describe('the redirect_uri must match the one used at authorization', () => {
    it('another registered redirect_uri is an invalid_grant', async () => {
      const flow = await userAndCode(stack, { redirectUris: ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'] });
      expectOAuthError(await exchange(flow, { redirect_uri: 'http://127.0.0.1:9/b' }), 400, 'invalid_grant', /redirect_uri/);
    });

    it('a missing redirect_uri is an invalid_request', async () => {
      const flow = await userAndCode(stack);
      expectOAuthError(await exchange(flow, { redirect_uri: undefined }), 400, 'invalid_request', 'redirect_uri is required');
    });
  });

  describe('Refresh, confidential: client_id, client_secret, grant_type=refresh_token, refresh_token', () => {
    it('answers a new token response: the refresh token rotates, the scopes stay exactly those granted', async () => {
      const flow = await userAndCode(stack, { scopes: ['PROFILE_READ', 'BOOKING_READ', 'WEBHOOK_READ'], scope: 'WEBHOOK_READ PROFILE_READ' });
      const first = await exchange(flow);
      const refreshed = await tokenRequest(stack, {
        client_id: flow.client.id,
        client_secret: flow.secret!,
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token,
      });
      expectTokenResponse(refreshed, 'WEBHOOK_READ PROFILE_READ');
      expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
      expect(refreshed.body.access_token).not.toBe(first.body.access_token);
      const me = await stack.rest('GET', '/v2/me', { key: refreshed.body.access_token });
      expect(me.status).toBe(200);
      expect((await stack.rest('GET', '/v2/teams', { key: refreshed.body.access_token })).status).toBe(403);
    });

    it('a scope parameter other than the granted scopes is refused: a refresh keeps them', async () => {
      const flow = await userAndCode(stack);
      const first = await exchange(flow);
      const wider = await tokenRequest(stack, {
        client_id: flow.client.id,
        client_secret: flow.secret!,
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token,
        scope: 'PROFILE_READ',
      });
      expectOAuthError(wider, 400, 'invalid_scope', /PROFILE_READ BOOKING_READ/);
      const same = await tokenRequest(stack, {
        client_id: flow.client.id,
        client_secret: flow.secret!,
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token,
        scope: 'BOOKING_READ PROFILE_READ',
      });
      expectTokenResponse(same, 'PROFILE_READ BOOKING_READ');
    });

    it('a wrong client_secret is invalid_client, and the refresh token of another client is invalid_grant', async () => {
      const flow = await userAndCode(stack);
      const first = await exchange(flow);
      expectOAuthError(
        await tokenRequest(stack, {
          client_id: flow.client.id,
          client_secret: 'svc_cs_wrong',
          grant_type: 'refresh_token',
          refresh_token: first.body.refresh_token,
        }),
        401,
        'invalid_client',
        'invalid_client_credentials',
      );
      const other = await oauthClient(stack, flow.owner.user.id);
      expectOAuthError(
        await tokenRequest(stack, {
          client_id: other.client.id,
          client_secret: other.secret!,
          grant_type: 'refresh_token',
          refresh_token: first.body.refresh_token,
        }),
        400,
        'invalid_grant',
        /refresh_token/,
      );
    });
  });

  describe('Refresh, public: client_id, grant_type=refresh_token, refresh_token', () => {
    it('answers a new token response without a secret', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const first = await exchange(flow);
      const refreshed = await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
      expectTokenResponse(refreshed, 'PROFILE_READ BOOKING_READ');
    });

    it('a missing refresh_token is an invalid_request', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      expectOAuthError(
        await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token' }),
        400,
        'invalid_request',
        'refresh_token is required',
      );
    });
  });

  describe('refresh tokens rotate: a used or revoked one is invalid_grant', () => {
    it('a used refresh token is refused, and its grant is revoked (a replay means it leaked)', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const first = await exchange(flow);
      const second = await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
      expect(second.status).toBe(200);
      expect((await stack.rest('GET', '/v2/me', { key: second.body.access_token })).status).toBe(200);
      const replay = await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
      expectOAuthError(replay, 400, 'invalid_grant', /refresh_token/);
      expect((await stack.rest('GET', '/v2/me', { key: second.body.access_token })).status).toBe(401);
      const later = await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
      expectOAuthError(later, 400, 'invalid_grant', /refresh_token/);
    });

    it('a refresh token of a revoked grant is refused', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const first = await exchange(flow);
      await stack.db('oauth').getRepository(OAuthGrant).update({ userId: flow.owner.user.id }, { revokedAt: new Date() });
      expectOAuthError(
        await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: first.body.refresh_token }),
        400,
        'invalid_grant',
        /refresh_token/,
      );
    });

    it('an expired refresh token is refused', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const first = await exchange(flow);
      await stack
        .db('oauth')
        .getRepository(OAuthToken)
        .update({ kind: 'refresh', usedAt: IsNull() }, { expiresAt: new Date(Date.now() - 1000) });
      expectOAuthError(
        await tokenRequest(stack, { client_id: flow.client.id, grant_type: 'refresh_token', refresh_token: first.body.refresh_token }),
        400,
        'invalid_grant',
        /refresh_token/,
      );
    });
  });

  describe('7.3: invalid_grant code_invalid_or_expired — authorization code already used, expired or invalid', () => {
    it('a code used a second time is refused, and the tokens issued from it stop working at once', async () => {
      const flow = await userAndCode(stack);
      const first = await exchange(flow);
      expect((await stack.rest('GET', '/v2/me', { key: first.body.access_token })).status).toBe(200); // cached now
      expectOAuthError(await exchange(flow), 400, 'invalid_grant', /^code_invalid_or_expired$/);
      expect((await stack.rest('GET', '/v2/me', { key: first.body.access_token })).status).toBe(401);
      const refresh = await tokenRequest(stack, {
        client_id: flow.client.id,
        client_secret: flow.secret!,
        grant_type: 'refresh_token',
        refresh_token: first.body.refresh_token,
      });
      expectOAuthError(refresh, 400, 'invalid_grant', /refresh_token/);
    });

    it('an expired code (10 minutes) is refused', async () => {
      const flow = await userAndCode(stack);
      await stack
        .db('oauth')
        .getRepository(AuthorizationCode)
        .update({ userId: flow.owner.user.id }, { expiresAt: new Date(Date.now() - 1000) });
      expectOAuthError(await exchange(flow), 400, 'invalid_grant', /^code_invalid_or_expired$/);
    });

    it('codes are issued for 10 minutes', async () => {
      const flow = await userAndCode(stack);
      const [row] = await stack.db('oauth').getRepository(AuthorizationCode).findBy({ userId: flow.owner.user.id });
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(599_000);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(601_000);
      expect(row.codeHash).not.toBe(flow.code);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('an unknown code, or the code of another client, is refused', async () => {
      const flow = await userAndCode(stack);
      expectOAuthError(await exchange(flow, { code: 'svc_ac_unknown' }), 400, 'invalid_grant', /^code_invalid_or_expired$/);
      const other = await oauthClient(stack, flow.owner.user.id, { redirectUris: [flow.redirectUri] });
      expectOAuthError(await exchange(flow, { client_id: other.client.id, client_secret: other.secret! }), 400, 'invalid_grant', /^code_invalid_or_expired$/);
      expectTokenResponse(await exchange(flow), 'PROFILE_READ BOOKING_READ');
    });
  });

  describe('7.3: invalid_client invalid_client_credentials — client_secret does not match client_id', () => {
    it('answers 401 with the error body', async () => {
      const flow = await userAndCode(stack);
      expectOAuthError(await exchange(flow, { client_secret: 'svc_cs_not-the-secret' }), 401, 'invalid_client', /^invalid_client_credentials$/);
    });

    it('a confidential client that sends no secret is refused the same way', async () => {
      const flow = await userAndCode(stack);
      expectOAuthError(await exchange(flow, { client_secret: undefined }), 401, 'invalid_client', /^invalid_client_credentials$/);
    });
  });

  describe('7.3: invalid_client client_not_found — no client with that client_id', () => {
    it('answers 401 with the error body', async () => {
      expectOAuthError(
        await tokenRequest(stack, { client_id: 'no-such-client', grant_type: 'authorization_code', code: 'x', redirect_uri: 'http://127.0.0.1:9/callback' }),
        401,
        'invalid_client',
        /^client_not_found$/,
      );
    });
  });

  describe('7.3: invalid_request client_id is required — client_id missing', () => {
    it('answers 400 with the error body, in JSON and in a form', async () => {
      expectOAuthError(await tokenRequest(stack, { grant_type: 'authorization_code', code: 'x' }), 400, 'invalid_request', /^client_id is required$/);
      expectOAuthError(
        await tokenRequest(stack, { grant_type: 'refresh_token', refresh_token: 'x' }, 'json'),
        400,
        'invalid_request',
        /^client_id is required$/,
      );
    });
  });

  describe("7.3: invalid_request grant_type must be 'authorization_code' or 'refresh_token' — other grant type", () => {
    it.each([['client_credentials'], ['password'], [undefined]])('grant_type=%s answers 400 with the error body', async (grantType) => {
      const flow = await userAndCode(stack);
      expectOAuthError(
        await tokenRequest(stack, { client_id: flow.client.id, client_secret: flow.secret!, grant_type: grantType }),
        400,
        'invalid_request',
        /^grant_type must be 'authorization_code' or 'refresh_token'$/,
      );
    });
  });

  describe('a client that is not approved cannot obtain tokens', () => {
    it('a rejected client is refused (unauthorized_client)', async () => {
      const owner = await userWithKey(stack);
      const { client, secret } = await oauthClient(stack, owner.user.id, { decision: OAuthClientDecision.REJECT });
      expectOAuthError(
        await tokenRequest(stack, {
          client_id: client.id,
          client_secret: secret!,
          grant_type: 'authorization_code',
          code: 'x',
          redirect_uri: client.redirectUris[0],
        }),
        400,
        'unauthorized_client',
        /client_not_approved/,
      );
    });
  });

  describe('secrets are stored hashed', () => {
    it('no access token, refresh token or code appears in the tables, only their SHA-256', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const { body } = await exchange(flow);
      const rows: Array<{ token_hash: string }> = await stack.db('oauth').query('SELECT token_hash FROM oauth_tokens');
      const stored =
        JSON.stringify(await stack.db('oauth').query('SELECT * FROM oauth_tokens')) +
        JSON.stringify(await stack.db('oauth').query('SELECT * FROM authorization_codes'));
      for (const secret of [body.access_token, body.refresh_token, flow.code]) expect(stored).not.toContain(secret);
      for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('access tokens expire after 1800 seconds', () => {
    it('an expired access token is refused with 401', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      const { body } = await exchange(flow);
      await stack.db('oauth').query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'access'`);
      const me = await stack.rest('GET', '/v2/me', { key: body.access_token });
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ status: 'error', error: { code: 'UNAUTHORIZED', message: 'Invalid, revoked or expired access token' } });
    });

    it('tokens are issued for 1800 seconds (access) and 30 days (refresh)', async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      await exchange(flow);
      const rows: Array<{ kind: string; seconds: number }> = await stack
        .db('oauth')
        .query(
          `SELECT t.kind, round(extract(epoch FROM t.expires_at - t.created_at)) AS seconds FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE g.user_id = $1`,
          [flow.owner.user.id],
        );
      const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.seconds)]));
      expect(Math.abs(byKind.access - 1800)).toBeLessThanOrEqual(1);
      expect(Math.abs(byKind.refresh - 30 * 24 * 3600)).toBeLessThanOrEqual(1);
    });
  });

  it('the whole flow with the helpers used above reaches the consent page through sign-in', async () => {
    const owner = await userWithKey(stack);
    const { client } = await oauthClient(stack, owner.user.id, { isPublic: true });
    const session = await signedIn(stack, owner.user.email);
    const pkce = pkcePair();
    const back = await decide(session, {
      client_id: client.id,
      redirect_uri: client.redirectUris[0],
      scope: 'PROFILE_READ',
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(back.searchParams.get('state')).toBe('s');
  });
});
