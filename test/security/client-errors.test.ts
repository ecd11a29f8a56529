import { userWithKey } from '../support/fixtures';
import { authorizePath, csrfOf, oauthClient, PageAnswer, PageSession, tokenRequest } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/**
 * What a client sends wrong is answered as the client's mistake: a 4xx saying what to fix, never a 500 (a 500 tells
 * the operator something broke, and tells an attacker which input reached the database unchecked).
 */
describe('every client error is a 4xx', () => {
  const NUL = '\u0000';
  let stack: TestStack;
  let clientId: string;
  let redirectUri: string;

  beforeAll(async () => {
    stack = await startTestStack();
    const owner = await userWithKey(stack);
    const { client } = await oauthClient(stack, owner.user.id);
    clientId = client.id;
    redirectUri = client.redirectUris[0];
  });
  afterAll(() => stack.stop());

  /** The page's text without its markup, to read its message. */
  const textOf = (answer: PageAnswer) => answer.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  describe('the sign-in page (/auth/login) answers a form it cannot use with the form and a 400', () => {
    async function signIn(email: string, password: string): Promise<PageAnswer> {
      const browser = new PageSession(stack.url);
      const form = await browser.get('/auth/login');
      return browser.post('/auth/login', { email, password, csrf: csrfOf(form.html), next: '/auth/settings/developer' });
    }

    it.each([
      ['an e-mail over 255 characters', `${'a'.repeat(250)}@example.com`, 'secret', /e-mail.*at most 255 characters/i],
      ['a password over 1,000 characters', 'someone@example.com', 'p'.repeat(1_001), /password.*at most 1,?000 characters/i],
      ['a NUL character in the e-mail', `someone${NUL}@example.com`, 'secret', /e-mail.*NUL/i],
      ['a NUL character in the password', 'someone@example.com', `sec${NUL}ret`, /password.*NUL/i],
    ])('%s', async (_case, email, password, message) => {
      const answer = await signIn(email, password);
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('action="/auth/login"'); // the sign-in form again, as for a wrong password
      expect(textOf(answer)).toMatch(message);
    });
  });

  describe('the authorization page (/auth/oauth2/authorize) shows a parameter it cannot read, with a 400 and no redirect (RFC 6749 4.1.2.1)', () => {
    it('client_id=%00 is answered on the page, as an unknown client is, not at a redirect URI', async () => {
      const answer = await new PageSession(stack.url).get('/auth/oauth2/authorize?client_id=%00');
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(textOf(answer)).toMatch(/client_id.*NUL/);
    });

    it.each(['redirect_uri', 'state', 'code_challenge', 'scope'])('a NUL character in %s', async (name) => {
      const params: Record<string, string> = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'PROFILE_READ', state: 's' };
      params[name] = `${params[name] ?? 'x'}${NUL}`;
      const answer = await new PageSession(stack.url).get(authorizePath(params));
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(textOf(answer)).toMatch(new RegExp(`${name}.*NUL`));
    });
  });

  describe('the token endpoint answers a NUL character in any field as RFC 6749 invalid_request', () => {
    it.each(['client_id', 'client_secret', 'code', 'redirect_uri', 'code_verifier', 'grant_type'])('%s', async (name) => {
      const fields: Record<string, string> = {
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: 'x',
        code: 'abc',
        redirect_uri: redirectUri,
        code_verifier: 'v'.repeat(43),
      };
      fields[name] = `${fields[name]}${NUL}`;
      const answer = await tokenRequest(stack, fields);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'invalid_request', error_description: expect.stringMatching(new RegExp(`${name}.*NUL`)) });
    });
  });

  describe('/graphql', () => {
    async function post(body: unknown) {
      const response = await fetch(`${stack.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> } };
    }

    it('a subscription is a 400: subscriptions are not supported', async () => {
      const answer = await post({ query: 'subscription { me { id } }' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0].message).toMatch(/subscriptions are not supported/i);
    });

    it('an operationName that is not in the document is a 400 naming it', async () => {
      const answer = await post({ query: 'query Mine { me { id } }', operationName: 'Theirs' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0].message).toMatch(/Theirs/);
    });
  });
});
