import { userWithKey } from '../support/fixtures';
import { authorizePath, csrfOf, decide, hiddenFields, oauthClient, OAuthClientDecision, PageSession, PASSWORD, pkcePair, signedIn } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/** GET {auth_url}/auth/oauth2/authorize and its consent page (spec 4.1, 5.2, 7.2). */
describe('GET /auth/oauth2/authorize', () => {
  let stack: TestStack;
  let user: Awaited<ReturnType<typeof userWithKey>>;
  let session: PageSession;
  let client: Awaited<ReturnType<typeof oauthClient>>['client'];
  let publicClient: Awaited<ReturnType<typeof oauthClient>>['client'];
  const REDIRECT = 'http://127.0.0.1:9/callback?app=1';

  beforeAll(async () => {
    stack = await startTestStack();
    user = await userWithKey(stack);
    session = await signedIn(stack, user.user.email);
    ({ client } = await oauthClient(stack, user.user.id, { scopes: ['PROFILE_READ', 'BOOKING_READ'], redirectUris: [REDIRECT, 'https://app.example.com/cb'] }));
    ({ client: publicClient } = await oauthClient(stack, user.user.id, { isPublic: true, scopes: ['PROFILE_READ'], redirectUris: [REDIRECT] }));
  });
  afterAll(() => stack.stop());

  const params = (overrides: Record<string, string | undefined> = {}) => ({
    client_id: client.id,
    redirect_uri: REDIRECT,
    scope: 'PROFILE_READ',
    state: 'st-42',
    ...overrides,
  });

  /** An error shown on the page: 400, HTML with the message, no redirect. */
  const expectPageError = async (query: Record<string, string | undefined>, message: RegExp) => {
    const answer = await session.get(authorizePath(query));
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(answer.html).toMatch(message);
    expect(answer.html).not.toContain('name="decision"');
  };

  /** An error sent back to the redirect_uri with error, error_description (and state). */
  const expectRedirectError = async (query: Record<string, string | undefined>, error: string, description: string) => {
    const answer = await session.get(authorizePath(query));
    expect(answer.status).toBe(302);
    const back = new URL(answer.location!);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/callback');
    expect(back.searchParams.get('app')).toBe('1');
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('error_description')).toBe(description);
    expect(back.searchParams.get('code')).toBeNull();
    return back;
  };

  describe('7.2, shown on the authorization page with no redirect: client not found', () => {
    it('an unknown client_id', async () => {
      await expectPageError(params({ client_id: 'no-such-client' }), /OAuth client not found/);
    });

    it('a missing client_id', async () => {
      await expectPageError(params({ client_id: undefined }), /client_id parameter is required/);
    });
  });

  describe('7.2, shown on the authorization page with no redirect: client not approved by a service admin', () => {
    it('a pending client', async () => {
      const { client: pending } = await oauthClient(stack, user.user.id, { decision: 'pending', redirectUris: [REDIRECT] });
      await expectPageError(params({ client_id: pending.id }), /not been approved by a service admin/);
    });

    it('a rejected client', async () => {
      const { client: rejected } = await oauthClient(stack, user.user.id, { decision: OAuthClientDecision.REJECT, redirectUris: [REDIRECT] });
      await expectPageError(params({ client_id: rejected.id }), /not been approved by a service admin/);
    });
  });

  describe('7.2, shown on the authorization page with no redirect: redirect_uri matching none of the registered URIs', () => {
    it.each([
      ['another URL', 'https://evil.example.com/callback'],
      ['a prefix of a registered one', 'http://127.0.0.1:9/callback'],
      ['a registered one plus a path', 'https://app.example.com/cb/more'],
      ['another letter case', 'https://APP.example.com/cb'],
    ])('%s', async (_label, redirectUri) => {
      await expectPageError(params({ redirect_uri: redirectUri }), /redirect_uri matches none of the redirect URIs registered for this OAuth client/);
    });

    it('a missing redirect_uri', async () => {
      await expectPageError(params({ redirect_uri: undefined }), /redirect_uri matches none/);
    });

    it('the errors are checked before sign-in: a signed-out browser sees them too', async () => {
      const answer = await new PageSession(stack.url).get(authorizePath(params({ redirect_uri: 'https://evil.example.com/' })));
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
    });
  });

  describe('7.2: a missing scope shows a message that the `scope` parameter is required for this OAuth client, on the authorization page', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['only separators', ' , '],
    ])('scope %s', async (_label, scope) => {
      await expectPageError(params({ scope }), /The <code>scope<\/code> parameter is required for this OAuth client\./);
    });
  });

  describe('7.2: an unrecognized scope value redirects with error=invalid_scope and error_description=Requested scope is not a recognized scope', () => {
    it('an unknown scope name, alone or beside known ones', async () => {
      const back = await expectRedirectError(params({ scope: 'PROFILE_READ NOT_A_SCOPE' }), 'invalid_scope', 'Requested scope is not a recognized scope');
      expect(back.searchParams.get('state')).toBe('st-42');
      await expectRedirectError(params({ scope: 'profile_read' }), 'invalid_scope', 'Requested scope is not a recognized scope');
    });
  });

  describe("7.2: a scope not enabled on the client redirects with error=invalid_request and error_description=Requested scope exceeds the client's registered scopes, plus state", () => {
    it('a known scope the client did not register', async () => {
      const back = await expectRedirectError(
        params({ scope: 'PROFILE_READ,WEBHOOK_WRITE' }),
        'invalid_request',
        "Requested scope exceeds the client's registered scopes",
      );
      expect(back.searchParams.get('state')).toBe('st-42');
    });
  });

  describe('7.2: if the user denies, the redirect carries an error', () => {
    it('Deny → error=access_denied with the state, and no code', async () => {
      const back = await decide(session, params(), 'deny');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('state')).toBe('st-42');
      expect(back.searchParams.get('code')).toBeNull();
    });
  });

  describe('4.1: on Allow, the user is redirected to redirect_uri with query parameters code and state', () => {
    it('Allow → code and state, on the exact registered redirect_uri (its own query kept)', async () => {
      const back = await decide(session, params());
      expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/callback');
      expect(back.searchParams.get('app')).toBe('1');
      expect(back.searchParams.get('code')).toMatch(/^svc_ac_[A-Za-z0-9_-]{43}$/);
      expect(back.searchParams.get('state')).toBe('st-42');
      expect(back.searchParams.get('error')).toBeNull();
    });

    it('without a state, the redirect carries only the code', async () => {
      const back = await decide(session, params({ state: undefined }));
      expect([...back.searchParams.keys()].sort()).toEqual(['app', 'code']);
    });

    it('scope is space- or comma-separated; the consent page shows the client name and every requested scope', async () => {
      const consent = await session.get(authorizePath(params({ scope: 'PROFILE_READ,BOOKING_READ' })));
      expect(consent.status).toBe(200);
      expect(consent.html).toContain(client.name);
      expect(consent.html).toContain('PROFILE_READ');
      expect(consent.html).toContain('BOOKING_READ');
      expect(consent.html).toContain('value="allow"');
      expect(consent.html).toContain('value="deny"');
      expect(hiddenFields(consent.html).scope).toBe('PROFILE_READ BOOKING_READ');
      const spaced = await session.get(authorizePath(params({ scope: 'BOOKING_READ PROFILE_READ' })));
      expect(hiddenFields(spaced.html).scope).toBe('BOOKING_READ PROFILE_READ');
    });
  });

  describe('5.2: public clients use PKCE: code_challenge (S256) at authorization', () => {
    it('a public client without code_challenge is sent back with invalid_request', async () => {
      const back = await expectRedirectError(
        params({ client_id: publicClient.id }),
        'invalid_request',
        'code_challenge is required for public clients (PKCE, method S256)',
      );
      expect(back.searchParams.get('state')).toBe('st-42');
    });

    it('a method other than S256 is sent back with invalid_request', async () => {
      await expectRedirectError(
        params({ client_id: publicClient.id, code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }),
        'invalid_request',
        'code_challenge_method must be S256',
      );
    });

    it('a challenge that is no S256 value is sent back with invalid_request', async () => {
      await expectRedirectError(
        params({ client_id: publicClient.id, code_challenge: 'too-short', code_challenge_method: 'S256' }),
        'invalid_request',
        'code_challenge must be the base64url-encoded SHA-256 of the code_verifier (43 characters)',
      );
    });

    it('with an S256 challenge the consent page is shown', async () => {
      const consent = await session.get(
        authorizePath(params({ client_id: publicClient.id, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })),
      );
      expect(consent.status).toBe(200);
      expect(consent.html).toContain(publicClient.name);
    });
  });

  describe('not signed in → the sign-in page, then back to the authorize URL', () => {
    it('redirects to /auth/login with the authorize URL as next, and back there after signing in', async () => {
      const browser = new PageSession(stack.url);
      const path = authorizePath(params());
      const first = await browser.get(path);
      expect(first.status).toBe(303);
      const login = new URL(first.location!);
      expect(login.pathname).toBe('/auth/login');
      expect(login.searchParams.get('next')).toBe(path);
      const form = await browser.get(`${login.pathname}${login.search}`);
      expect(form.status).toBe(200);
      expect(form.html).toContain('type="password"');
      const signedInAnswer = await browser.post('/auth/login', { ...hiddenFields(form.html), email: user.user.email, password: PASSWORD });
      expect(signedInAnswer.status).toBe(303);
      expect(new URL(signedInAnswer.location!).pathname + new URL(signedInAnswer.location!).search).toBe(path);
      const consent = await browser.get(path);
      expect(consent.status).toBe(200);
      expect(consent.html).toContain('value="allow"');
    });

    it('a wrong password shows an error and signs nobody in', async () => {
      const browser = new PageSession(stack.url);
      const form = await browser.get('/auth/login');
      const answer = await browser.post('/auth/login', {
        csrf: csrfOf(form.html),
        email: user.user.email,
        password: 'wrong password',
        next: '/auth/settings/developer',
      });
      expect(answer.status).toBe(401);
      expect(answer.html).toContain('Incorrect e-mail or password.');
      expect(browser.cookies.has('svc_session')).toBe(false);
      const unknown = await browser.post('/auth/login', { csrf: csrfOf(form.html), email: 'nobody@example.com', password: PASSWORD });
      expect(unknown.status).toBe(401);
    });

    it('next is only ever a page of ours (no open redirect)', async () => {
      const browser = new PageSession(stack.url);
      const form = await browser.get('/auth/login?next=https://evil.example.com/');
      const answer = await browser.post('/auth/login', { ...hiddenFields(form.html), email: user.user.email, password: PASSWORD });
      expect(answer.location).toBe(`${stack.url}/auth/settings/developer`);
    });
  });

  describe('the session cookie is HttpOnly and SameSite=Lax, stored hashed, with an expiry; sign-out ends it', () => {
    it('Set-Cookie carries HttpOnly, SameSite=Lax, Path=/auth and a Max-Age; no Secure over plain http', async () => {
      const browser = new PageSession(stack.url);
      const form = await browser.get('/auth/login');
      const response = await fetch(`${stack.url}/auth/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        body: new URLSearchParams({ csrf: csrfOf(form.html), email: user.user.email, password: PASSWORD }).toString(),
      });
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\/auth/);
      expect(cookie).toMatch(/; Max-Age=43200/);
      expect(cookie).not.toMatch(/Secure/);
      const secret = decodeURIComponent(cookie.split(';')[0].split('=')[1]);
      const rows = JSON.stringify(await stack.db('oauth').query('SELECT * FROM auth_sessions'));
      expect(rows).not.toContain(secret);
    });

    it('a client-sent X-Forwarded-Proto does not change the cookie (no proxy is trusted unless TRUST_PROXY says so; test/security/trust-boundaries.test.ts)', async () => {
      const response = await fetch(`${stack.url}/auth/login`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.getSetCookie().find((c) => c.startsWith('svc_csrf='))).not.toMatch(/Secure/);
    });

    it('after sign-out the old cookie no longer signs anybody in', async () => {
      const browser = await signedIn(stack, user.user.email);
      const oldCookie = browser.cookies.get('svc_session')!;
      const settings = await browser.get('/auth/settings/developer');
      const out = await browser.post('/auth/logout', { csrf: csrfOf(settings.html) });
      expect(out.status).toBe(303);
      const replay = new PageSession(stack.url);
      replay.cookies.set('svc_session', oldCookie);
      expect((await replay.get('/auth/settings/developer')).status).toBe(303);
    });

    it("sign-out without the CSRF token, or with another session's, ends nothing: the session still signs in", async () => {
      const browser = await signedIn(stack, user.user.email);
      const other = await signedIn(stack, user.user.email);
      const otherToken = csrfOf((await other.get('/auth/settings/developer')).html);
      for (const fields of [{}, { csrf: otherToken }, { csrf: 'forged' }] as Array<Record<string, string>>) {
        const out = await browser.post('/auth/logout', fields);
        expect(out.status).toBe(403);
        expect((await browser.get('/auth/settings/developer')).status).toBe(200);
      }
    });

    it('an expired session no longer signs anybody in', async () => {
      const browser = await signedIn(stack, user.user.email);
      await stack.db('oauth').query(`UPDATE auth_sessions SET expires_at = now() - interval '1 second'`);
      const answer = await browser.get('/auth/settings/developer');
      expect(answer.status).toBe(303);
      expect(answer.location).toContain('/auth/login');
      session = await signedIn(stack, user.user.email);
    });
  });

  describe('a CSRF token on every form, checked on POST', () => {
    it('a consent POST without the token (or with another session’s) issues nothing', async () => {
      const consent = await session.get(authorizePath(params()));
      const fields = hiddenFields(consent.html);
      const missing = await session.post('/auth/oauth2/authorize', { ...fields, csrf: '', decision: 'allow' });
      expect(missing.status).toBe(403);
      expect(missing.location).toBeNull();
      const other = await signedIn(stack, user.user.email);
      const otherToken = csrfOf((await other.get(authorizePath(params()))).html);
      const foreign = await session.post('/auth/oauth2/authorize', { ...fields, csrf: otherToken, decision: 'allow' });
      expect(foreign.status).toBe(403);
    });

    it('a sign-in POST without the pre-session cookie’s token is refused', async () => {
      const browser = new PageSession(stack.url);
      const answer = await browser.post('/auth/login', { email: user.user.email, password: PASSWORD, csrf: 'forged' });
      expect(answer.status).toBe(403);
      expect(browser.cookies.has('svc_session')).toBe(false);
    });

    it('the consent POST re-checks every rule: tampered hidden fields are refused like a tampered URL', async () => {
      const consent = await session.get(authorizePath(params()));
      const fields = hiddenFields(consent.html);
      const wider = await session.post('/auth/oauth2/authorize', { ...fields, scope: 'PROFILE_READ WEBHOOK_WRITE', decision: 'allow' });
      expect(wider.status).toBe(303);
      expect(new URL(wider.location!).searchParams.get('error')).toBe('invalid_request');
      const elsewhere = await session.post('/auth/oauth2/authorize', { ...fields, redirect_uri: 'https://evil.example.com/', decision: 'allow' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.location).toBeNull();
    });
  });

  describe('pages are plain HTML, all output HTML-escaped, and cannot be framed', () => {
    it('a client name with markup is shown as text on the consent page', async () => {
      const { client: nasty } = await oauthClient(stack, user.user.id, { name: '<script>alert("x")</script> & Co', redirectUris: [REDIRECT] });
      const consent = await session.get(authorizePath(params({ client_id: nasty.id })));
      expect(consent.status).toBe(200);
      expect(consent.html).not.toContain('<script>');
      expect(consent.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    });

    it('a state with markup is escaped in the hidden field', async () => {
      const consent = await session.get(authorizePath(params({ state: '"><img src=x>' })));
      expect(consent.html).not.toContain('<img src=x>');
      expect(hiddenFields(consent.html).state).toBe('"><img src=x>');
    });

    it('security headers: no framing, no scripts, nothing cached, no referrer', async () => {
      const consent = await session.get(authorizePath(params()));
      expect(consent.headers.get('x-frame-options')).toBe('DENY');
      expect(consent.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(consent.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(consent.headers.get('cache-control')).toBe('no-store');
      expect(consent.headers.get('referrer-policy')).toBe('no-referrer');
      expect(consent.html).not.toMatch(/<script/i);
    });
  });
});
