import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { launchChromium } from '../support/chromium';
import { csrfOf, PageSession, PASSWORD, pkcePair } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { SignUpInvitationService } from '../../subgraphs/organizations/sign-up-invitation/sign-up-invitation.service';

interface Outcome {
  state: string | null;
  expectedState: string;
  error?: string | null;
  tokens?: any;
  me?: any;
  refreshed?: any;
  meAfterRefresh?: any;
}

/**
 * A third-party app on loopback, as an integrator would write it: /start sends the browser to the
 * authorization page with PKCE (S256) and a state; /callback receives the redirect, exchanges the
 * code at the token endpoint, calls GET /v2/me with the token, refreshes it and calls again.
 */
async function startTestApp(apiUrl: string, scope: string) {
  const outcomes: Outcome[] = [];
  const pending = new Map<string, string>(); // state → code_verifier
  let clientId = '';
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const redirectUri = `http://${req.headers.host}/callback`;
    if (url.pathname === '/start') {
      const { verifier, challenge } = pkcePair();
      const state = `state-${outcomes.length}-${Math.random().toString(36).slice(2)}`;
      pending.set(state, verifier);
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      res.writeHead(302, { location: `${apiUrl}/auth/oauth2/authorize?${query}` }).end();
      return;
    }
    if (url.pathname === '/callback') {
      const state = url.searchParams.get('state');
      const outcome: Outcome = { state, expectedState: [...pending.keys()].at(-1)! };
      outcomes.push(outcome);
      if (url.searchParams.get('error') || !state || !pending.has(state)) {
        outcome.error = url.searchParams.get('error');
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Not connected</h1><p id="error">${outcome.error}</p>`);
        return;
      }
      const token = async (body: Record<string, string>) =>
        (
          await fetch(`${apiUrl}/v2/auth/oauth2/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(body).toString(),
          })
        ).json() as Promise<any>;
      const me = async (accessToken: string) =>
        (await fetch(`${apiUrl}/v2/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json() as Promise<any>;
      outcome.tokens = await token({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: url.searchParams.get('code')!,
        redirect_uri: redirectUri,
        code_verifier: pending.get(state)!,
      });
      outcome.me = await me(outcome.tokens.access_token);
      outcome.refreshed = await token({ grant_type: 'refresh_token', client_id: clientId, refresh_token: outcome.tokens.refresh_token });
      outcome.meAfterRefresh = await me(outcome.refreshed.access_token);
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Connected</h1><p id="who">${outcome.me?.data?.email}</p>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    outcomes,
    useClient: (id: string) => (clientId = id),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/auth\/login/);
  await page.fill('#email', email);
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
}

/** The whole flow in real Chromium (spec 2.2, 3, 4.1, 5.2): register, review, authorize with PKCE, exchange, call, refresh; and Deny. */
describe('in a browser: register a client, approve it, authorize an app with PKCE', () => {
  let stack: TestStack;
  let browser: Browser;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let developer: { id: number; email: string };
  let admin: { id: number; email: string };
  let developerContext: BrowserContext;
  let clientId: string;
  let organization: { id: number };
  let adminKey: string;

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    const operator = operatorOf(stack);
    developer = await operator.createUser({ email: 'dev@example.com', name: 'Dana Developer', password: PASSWORD, timeZone: 'UTC' });
    admin = await operator.createUser({ email: 'root@example.com', name: 'Ravi Reviewer', password: PASSWORD, timeZone: 'UTC', isServiceAdmin: true });
    app = await startTestApp(stack.url, 'PROFILE_READ BOOKING_READ');
    // An organization whose ADMIN (the reviewer, with an API key) makes accounts: POST /v2/organizations/{orgId}/users.
    organization = await operator.createOrganization({ name: 'Acme Sign-up' });
    await operator.addMember({ teamId: organization.id, userId: admin.id, role: MembershipRole.ADMIN });
    adminKey = (await operator.createApiKey(admin.id)).key;
    browser = await launchChromium();
    developerContext = await browser.newContext();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stack?.stop();
  });

  it('a signed-in user registers a public client on the developer settings page: pending, no secret', async () => {
    const page = await developerContext.newPage();
    await page.goto(`${stack.url}/auth/settings/developer`);
    await signIn(page, developer.email);
    expect(new URL(page.url()).pathname).toBe('/auth/settings/developer');
    await page.fill('#name', 'Loopback App');
    await page.fill('#redirect_uris', `${app.url}/callback`);
    await page.check('input[name=client_type][value=public]');
    await page.check('input[name=scopes][value=PROFILE_READ]');
    await page.check('input[name=scopes][value=BOOKING_READ]');
    await Promise.all([page.waitForNavigation(), page.click('form[action="/auth/settings/developer/clients"] button[type=submit]')]);
    clientId = (await page.textContent('.new-client-id'))!.trim();
    expect(clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(await page.locator('.new-client-secret').count()).toBe(0);
    expect(await page.textContent(`[data-client-id="${clientId}"] .status`)).toBe('PENDING');
    app.useClient(clientId);
    await page.close();
  }, 60_000);

  it('a service admin, in another browser, approves it on the review page; the owner gets the e-mail', async () => {
    const adminContext = await browser.newContext();
    const page = await adminContext.newPage();
    await page.goto(`${stack.url}/auth/admin/oauth-clients`);
    await signIn(page, admin.email);
    const card = page.locator(`[data-client-id="${clientId}"]`);
    expect(await card.textContent()).toContain('Loopback App');
    expect(await card.textContent()).toContain(developer.email);
    await Promise.all([page.waitForNavigation(), card.locator('button[value=approve]').click()]);
    expect(await page.textContent('.notice')).toContain(`OAuth client ${clientId} approved`);
    const mail = await stack.mail.waitFor((m) => m.subject.includes('Loopback App'));
    expect(mail.to).toEqual([developer.email]);
    expect(mail.subject).toBe('Your OAuth client "Loopback App" was approved');
    await adminContext.close();
  }, 60_000);

  it('the app sends the signed-in user to the consent screen; Allow → the app exchanges the code, calls GET /v2/me, refreshes', async () => {
    const page = await developerContext.newPage();
    await page.goto(`${app.url}/start`);
    expect(new URL(page.url()).pathname).toBe('/auth/oauth2/authorize');
    expect(await page.textContent('h1')).toContain('Loopback App');
    const scopes = await page.textContent('.scopes');
    expect(scopes).toContain('PROFILE_READ');
    expect(scopes).toContain('BOOKING_READ');
    await Promise.all([page.waitForURL(`${app.url}/callback**`), page.click('button[value=allow]')]);
    expect(await page.textContent('#who')).toBe(developer.email);

    const outcome = app.outcomes.at(-1)!;
    expect(outcome.state).toBe(outcome.expectedState);
    expect(outcome.tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 1800,
      scope: 'PROFILE_READ BOOKING_READ',
    });
    expect(outcome.me).toMatchObject({ status: 'success', data: { id: developer.id, email: developer.email } });
    expect(outcome.refreshed).toMatchObject({ token_type: 'bearer', expires_in: 1800, scope: 'PROFILE_READ BOOKING_READ' });
    expect(outcome.refreshed.refresh_token).not.toBe(outcome.tokens.refresh_token);
    expect(outcome.meAfterRefresh).toMatchObject({ status: 'success', data: { id: developer.id } });
    await page.close();
  }, 60_000);

  it('a browser that is not signed in goes through the sign-in page and back; Deny → the app gets access_denied and its state', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/start`);
    await signIn(page, developer.email);
    expect(new URL(page.url()).pathname).toBe('/auth/oauth2/authorize');
    await Promise.all([page.waitForURL(`${app.url}/callback**`), page.click('button[value=deny]')]);
    expect(await page.textContent('#error')).toBe('access_denied');
    const outcome = app.outcomes.at(-1)!;
    expect(outcome.error).toBe('access_denied');
    expect(outcome.state).toBe(outcome.expectedState);
    expect(outcome.tokens).toBeUndefined();
    await context.close();
  }, 60_000);

  describe('the sign-up e-mail of an account an organization makes', () => {
    const createUser = (body: object, headers: Record<string, string> = {}) =>
      stack.rest('POST', `/v2/organizations/${organization.id}/users`, { key: adminKey, body, headers });
    /** The set-password link of the e-mail to `email`, on this stack's address (the e-mail's is PUBLIC_URL's). */
    const linkOf = async (email: string) => {
      const mail = await stack.mail.waitFor((m) => m.to.includes(email));
      const link = new URL(/^https?:\/\/\S+\/auth\/set-password\?token=\S+$/m.exec(mail.text)![0]);
      return { mail, path: `${link.pathname}${link.search}` };
    };

    it('its person follows the link, chooses a password on the page, signs in with it; the link works once; a keyed retry sends one e-mail', async () => {
      const email = 'nia.newcomer@example.com';
      const first = expectSuccess(await createUser({ email, name: 'Nia Newcomer' }, { 'idempotency-key': 'sign-up-nia' }), 201);
      expect(expectSuccess(await createUser({ email, name: 'Nia Newcomer' }, { 'idempotency-key': 'sign-up-nia' }), 201).id).toBe(first.id);
      const { mail, path } = await linkOf(email);
      expect(mail.subject).toBe('Ravi Reviewer invited you to join the organization "Acme Sign-up"');
      expect(mail.text).toContain('Ravi Reviewer (root@example.com) made you an account in the organization "Acme Sign-up"');

      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${stack.url}${path}`);
      expect(await page.textContent('h1')).toBe('Choose your password');
      expect(await page.inputValue('#email')).toBe(email);
      await page.fill('#password', 'nia-chose-this');
      await page.fill('#confirmation', 'nia-chose-this');
      await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(await page.textContent('.notice')).toContain('Your password is set');
      await Promise.all([page.waitForNavigation(), page.click('a.sign-in')]);
      await page.fill('#email', email);
      await page.fill('#password', 'nia-chose-this');
      await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(new URL(page.url()).pathname).toBe('/auth/settings/developer');
      expect(await page.textContent('.who')).toBe(email);

      const again = await page.goto(`${stack.url}${path}`);
      expect(again!.status()).toBe(410);
      expect(await page.textContent('.notice')).toContain('This link was used already');
      await context.close();
      // The keyed retry made no account and sent no e-mail: one e-mail, by now long received.
      expect(stack.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    }, 60_000);

    it('the page checks the password rule and its form; an expired or unknown link is a clear page; a taken e-mail is a 409 that leaves its account alone', async () => {
      process.env.SIGN_UP_LINK_LIFETIME_HOURS = String(1 / 3600); // one second
      let expiring: Awaited<ReturnType<typeof linkOf>>;
      try {
        expectSuccess(await createUser({ email: 'late.comer@example.com', name: 'Late Comer' }), 201);
        expiring = await linkOf('late.comer@example.com');
      } finally {
        delete process.env.SIGN_UP_LINK_LIFETIME_HOURS;
      }
      expectSuccess(await createUser({ email: 'rita.rules@example.com', name: 'Rita Rules' }), 201);
      const { path } = await linkOf('rita.rules@example.com');
      const token = new URL(path, stack.url).searchParams.get('token')!;
      const session = new PageSession(stack.url);
      const form = await session.get(path);
      expect(form.status).toBe(200);
      const post = (fields: Record<string, string>) => session.post('/auth/set-password', { token, csrf: csrfOf(form.html), ...fields });
      const short = await post({ password: 'seven77', confirmation: 'seven77' });
      expect(short.status).toBe(400);
      expect(short.html).toContain('The password must be at least 8 characters.');
      expect((await post({ password: 'long enough', confirmation: 'long enougH' })).html).toContain('The two passwords differ.');
      const forged = await post({ password: 'long enough', confirmation: 'long enough', csrf: 'forged' });
      expect(forged.status).toBe(403);
      expect((await session.get(path)).status).toBe(200); // none of these used the link

      expect(await eventually(async () => (await session.get(expiring.path)).status === 410, { timeoutMs: 3_000 })).toBe(true);
      expect((await session.get(expiring.path)).html).toContain('This link has expired.');
      const tooLate = await session.post('/auth/set-password', {
        token: new URL(expiring.path, stack.url).searchParams.get('token')!,
        csrf: csrfOf(form.html),
        password: 'long enough',
        confirmation: 'long enough',
      });
      expect(tooLate.status).toBe(410);

      for (const unknown of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'nonsense', 'x'.repeat(400)]) {
        const answer = await session.get(`/auth/set-password?token=${encodeURIComponent(unknown)}`);
        expect(answer.status).toBe(404);
        expect(answer.html).toContain('This link is not valid.');
      }
      expect((await session.get('/auth/set-password')).status).toBe(404);

      // Whoever has an account already: 409, and their password still signs them in; no sign-up e-mail.
      expect((await createUser({ email: developer.email, name: 'Someone Else' })).status).toBe(409);
      const existing = new PageSession(stack.url);
      const login = await existing.get('/auth/login');
      expect(
        (await existing.post('/auth/login', { email: developer.email, password: PASSWORD, csrf: csrfOf(login.html), next: '/auth/invitations' })).status,
      ).toBe(303);
      expect(stack.mail.messages.filter((m) => m.to.includes(developer.email) && m.subject.includes('invited you'))).toEqual([]);
    }, 60_000);

    it('an e-mail that could not be sent (SMTP down) waits in the outbox and the retry sends it, with a working link', async () => {
      const email = 'otto.outage@example.com';
      const organizations = stack.db('organizations');
      const pending = async () =>
        (await organizations.query('SELECT last_error FROM sign_up_invitations i JOIN users u ON u.id = i.user_id WHERE u.email = $1', [email]))[0];
      const receiver = process.env.SMTP_URL;
      process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens there: the send fails
      try {
        expectSuccess(await createUser({ email, name: 'Otto Outage' }), 201);
        expect(await eventually(async () => (await pending())?.last_error != null)).toBe(true);
      } finally {
        process.env.SMTP_URL = receiver;
      }
      expect(stack.mail.messages.filter((m) => m.to.includes(email))).toEqual([]);
      // The poll's turn (every SIGN_UP_EMAIL_POLL_MS, after the backoff), brought forward.
      await organizations.query('UPDATE sign_up_invitations SET next_attempt_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)', [email]);
      expect(await new SignUpInvitationService(organizations).retryDue()).toBe(1);
      const { path } = await linkOf(email);
      expect((await new PageSession(stack.url).get(path)).status).toBe(200);
    });
  });
});
