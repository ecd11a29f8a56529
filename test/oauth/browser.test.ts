import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { operatorOf } from '../support/fixtures';
import { launchChromium } from '../support/chromium';
import { PASSWORD, pkcePair } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

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

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    const operator = operatorOf(stack);
    developer = await operator.createUser({ email: 'dev@example.com', name: 'Dana Developer', password: PASSWORD, timeZone: 'UTC' });
    admin = await operator.createUser({ email: 'root@example.com', name: 'Ravi Reviewer', password: PASSWORD, timeZone: 'UTC', isServiceAdmin: true });
    app = await startTestApp(stack.url, 'PROFILE_READ BOOKING_READ');
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
});
