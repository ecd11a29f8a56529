import { readCheckedInSupergraph } from '../../schema/compose';
import { operatorOf, userWithKey } from '../support/fixtures';
import { authorizePath, csrfOf, oauthClient, PageSession, signedIn, tokenRequest, userAndCode } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

const REGISTER = /* GraphQL */ `
  mutation Register($input: RegisterOAuthClientInput!) {
    registerOAuthClient(input: $input) { secret client { id name status isPublic scopes redirectUris ownerId owner { id email } } }
  }`;
const REVIEW = /* GraphQL */ `
  mutation Review($clientId: String!, $decision: OAuthClientDecision!) {
    reviewOAuthClient(clientId: $clientId, decision: $decision) { id status reviewedAt owner { email } }
  }`;
const PENDING = /* GraphQL */ `{ pendingOAuthClients { id name status } }`;

/** OAuth clients: registration (spec 2.2, 8) and review by a service admin (spec 3), with the owner's e-mail notice. */
describe('OAuth clients: registration and review', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof userWithKey>>;
  let adminKey: string;
  let admin: { id: number; email: string };

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    owner = await userWithKey(stack, { name: 'Olive Owner' });
    const operator = operatorOf(stack);
    const created = await operator.createUser({
      email: `admin-${Date.now()}@example.com`,
      name: 'Sam Admin',
      password: 'correct horse battery',
      timeZone: 'UTC',
      isServiceAdmin: true,
    });
    admin = created;
    adminKey = (await operator.createApiKey(created.id)).key;
  });
  afterAll(() => stack.stop());

  const register = (input: Record<string, unknown>, key = owner.key) =>
    stack.graphql(REGISTER, { input: { name: 'Calendar Sync', redirectUris: ['https://sync.example.com/cb'], scopes: ['PROFILE_READ'], ...input } }, key);

  describe('2.2: created by a user; at least one scope; up to 10 redirect URIs; public (no secret, PKCE) or confidential (a secret)', () => {
    it('a confidential client gets a secret, shown only in the answer and stored hashed', async () => {
      const { body } = await register({ isPublic: false });
      expect(body.errors).toBeUndefined();
      const { secret, client } = body.data.registerOAuthClient;
      expect(secret).toMatch(/^svc_cs_/);
      expect(client).toMatchObject({
        name: 'Calendar Sync',
        isPublic: false,
        status: 'PENDING',
        ownerId: owner.user.id,
        owner: { id: owner.user.id, email: owner.user.email },
      });
      const rows = JSON.stringify(await stack.db('oauth').query('SELECT * FROM oauth_clients WHERE id = $1', [client.id]));
      expect(rows).not.toContain(secret);
      const listed = await stack.graphql('{ oauthClients { id status } }', {}, owner.key);
      expect(listed.body.data.oauthClients).toContainEqual({ id: client.id, status: 'PENDING' });
    });

    it('a public client has no secret', async () => {
      const { body } = await register({ isPublic: true });
      expect(body.data.registerOAuthClient.secret).toBeNull();
      expect(body.data.registerOAuthClient.client.isPublic).toBe(true);
    });

    it('no scope is refused (8: at least one at client creation)', async () => {
      const { body } = await register({ scopes: [] });
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(body.errors[0].message).toMatch(/^scopes: /);
    });

    it('an unknown scope is refused', async () => {
      const { body } = await register({ scopes: ['PROFILE_READ', 'EVERYTHING'] });
      expect(body.errors[0].message).toMatch(/^scopes: .*EVERYTHING/);
    });

    it('10 redirect URIs are accepted, 11 refused (8), none refused', async () => {
      const uris = (n: number) => Array.from({ length: n }, (_, i) => `https://app.example.com/cb/${i}`);
      expect((await register({ redirectUris: uris(10) })).body.data.registerOAuthClient.client.redirectUris).toHaveLength(10);
      expect((await register({ redirectUris: uris(11) })).body.errors[0].message).toMatch(/^redirectUris: .*at most 10/);
      expect((await register({ redirectUris: [] })).body.errors[0].message).toMatch(/^redirectUris: /);
      expect((await register({ redirectUris: ['javascript:alert(1)'] })).body.errors[0].message).toMatch(/^redirectUris: /);
    });
  });

  describe('3: a new client is pending and not usable yet', () => {
    it('the authorization page refuses it and the token endpoint too', async () => {
      const { body } = await register({ redirectUris: ['http://127.0.0.1:9/cb'] });
      const { client, secret } = body.data.registerOAuthClient;
      const session = await signedIn(stack, owner.user.email);
      const page = await session.get(authorizePath({ client_id: client.id, redirect_uri: 'http://127.0.0.1:9/cb', scope: 'PROFILE_READ' }));
      expect(page.status).toBe(400);
      expect(page.html).toMatch(/not been approved by a service admin/);
      const token = await tokenRequest(stack, { client_id: client.id, client_secret: secret, grant_type: 'refresh_token', refresh_token: 'x' });
      expect(token.body.error).toBe('unauthorized_client');
      const platform = await stack.rest('GET', '/v2/me', { headers: { 'x-svc-client-id': client.id, 'x-svc-secret-key': secret } });
      expect(platform.status).toBe(401);
    });
  });

  describe('3: review by a service admin — only service admins may review (@serviceAdmin)', () => {
    it('the SDL declares the rule on the review fields', async () => {
      const supergraph = readCheckedInSupergraph();
      expect(supergraph).toMatch(/reviewOAuthClient\([^)]*\): OAuthClient! @join__field\(graph: OAUTH\) @serviceAdmin/);
      expect(supergraph).toMatch(/pendingOAuthClients: \[OAuthClient!\]! @join__field\(graph: OAUTH\) @serviceAdmin/);
    });

    it('a user who is no service admin is refused (FORBIDDEN), and the client stays pending', async () => {
      const { body } = await register({});
      const id = body.data.registerOAuthClient.client.id;
      const refused = await stack.graphql(REVIEW, { clientId: id, decision: 'APPROVE' }, owner.key);
      expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await stack.graphql(PENDING, {}, owner.key)).body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await stack.graphql(REVIEW, { clientId: id, decision: 'APPROVE' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect((await stack.graphql(PENDING, {}, adminKey)).body.data.pendingOAuthClients.map((c: { id: string }) => c.id)).toContain(id);
    });

    it("a service admin's OAuth access token (an app acting for them) is refused too", async () => {
      const flow = await userAndCode(stack, { isPublic: true });
      // make the flow's user a service admin: the token acts for an admin, yet with an app's scopes
      await stack.db('organizations').query('UPDATE users SET is_service_admin = true WHERE id = $1', [flow.owner.user.id]);
      const token = await tokenRequest(stack, {
        client_id: flow.client.id,
        grant_type: 'authorization_code',
        code: flow.code,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier,
      });
      const { body } = await register({});
      const refused = await stack.graphql(REVIEW, { clientId: body.data.registerOAuthClient.client.id, decision: 'APPROVE' }, token.body.access_token);
      expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });

  describe('3: pending → approved, ready to use; the owner receives an e-mail notice', () => {
    it('approve through GraphQL: APPROVED, and the owner gets an e-mail over SMTP', async () => {
      const { body } = await register({ name: 'Approve Me' });
      const id = body.data.registerOAuthClient.client.id;
      const approved = await stack.graphql(REVIEW, { clientId: id, decision: 'APPROVE' }, adminKey);
      expect(approved.body.errors).toBeUndefined();
      expect(approved.body.data.reviewOAuthClient).toMatchObject({
        id,
        status: 'APPROVED',
        reviewedAt: expect.any(String),
        owner: { email: owner.user.email },
      });
      const mail = await stack.mail.waitFor((m) => m.subject.includes('Approve Me'));
      expect(mail.to).toEqual([owner.user.email]);
      expect(mail.subject).toBe('Your OAuth client "Approve Me" was approved');
      expect(mail.text).toContain('Hello Olive Owner,');
      expect(mail.text).toContain(id);
      expect((await stack.graphql(PENDING, {}, adminKey)).body.data.pendingOAuthClients.map((c: { id: string }) => c.id)).not.toContain(id);
    });

    it('an approved client is ready to use: the authorization page shows its consent screen', async () => {
      const { body } = await register({ name: 'Ready', redirectUris: ['http://127.0.0.1:9/cb'] });
      const id = body.data.registerOAuthClient.client.id;
      await stack.graphql(REVIEW, { clientId: id, decision: 'APPROVE' }, adminKey);
      const session = await signedIn(stack, owner.user.email);
      const page = await session.get(authorizePath({ client_id: id, redirect_uri: 'http://127.0.0.1:9/cb', scope: 'PROFILE_READ' }));
      expect(page.status).toBe(200);
      expect(page.html).toContain('value="allow"');
    });
  });

  describe('3: pending → rejected; the owner receives an e-mail notice', () => {
    it('reject through GraphQL: REJECTED, unusable, and the owner gets an e-mail', async () => {
      const { body } = await register({ name: 'Reject Me' });
      const id = body.data.registerOAuthClient.client.id;
      const rejected = await stack.graphql(REVIEW, { clientId: id, decision: 'REJECT' }, adminKey);
      expect(rejected.body.data.reviewOAuthClient.status).toBe('REJECTED');
      const mail = await stack.mail.waitFor((m) => m.subject.includes('Reject Me'));
      expect(mail.subject).toBe('Your OAuth client "Reject Me" was rejected');
      expect(mail.to).toEqual([owner.user.email]);
    });

    it('a review is final: reviewing again is a CONFLICT; an unknown client NOT_FOUND', async () => {
      const { body } = await register({});
      const id = body.data.registerOAuthClient.client.id;
      await stack.graphql(REVIEW, { clientId: id, decision: 'REJECT' }, adminKey);
      expect((await stack.graphql(REVIEW, { clientId: id, decision: 'APPROVE' }, adminKey)).body.errors[0].extensions.code).toBe('CONFLICT');
      expect((await stack.graphql(REVIEW, { clientId: 'nope', decision: 'APPROVE' }, adminKey)).body.errors[0].extensions.code).toBe('NOT_FOUND');
    });
  });

  describe('the admin review page: list pending clients, approve or reject', () => {
    it('a service admin approves on the page; the owner gets the e-mail', async () => {
      const { client } = await oauthClient(stack, owner.user.id, { name: 'Paged Client', decision: 'pending' });
      const browser = await signedIn(stack, admin.email);
      const list = await browser.get('/auth/admin/oauth-clients');
      expect(list.status).toBe(200);
      expect(list.html).toContain('Paged Client');
      expect(list.html).toContain(owner.user.email);
      const answer = await browser.post(`/auth/admin/oauth-clients/${client.id}/review`, { csrf: csrfOf(list.html), decision: 'approve' });
      expect(answer.status).toBe(303);
      const after = await browser.get(new URL(answer.location!).pathname + new URL(answer.location!).search);
      expect(after.html).toContain(`OAuth client ${client.id} approved. Its owner was notified by e-mail.`);
      const mail = await stack.mail.waitFor((m) => m.subject.includes('Paged Client'));
      expect(mail.subject).toContain('was approved');
    });

    it('a user who is no service admin gets 403 on the page and cannot post a review', async () => {
      const { client } = await oauthClient(stack, owner.user.id, { decision: 'pending' });
      const browser = await signedIn(stack, owner.user.email);
      const page = await browser.get('/auth/admin/oauth-clients');
      expect(page.status).toBe(403);
      const settings = await browser.get('/auth/settings/developer');
      const post = await browser.post(`/auth/admin/oauth-clients/${client.id}/review`, { csrf: csrfOf(settings.html), decision: 'approve' });
      expect(post.status).toBe(403);
      const rows: Array<{ status: string }> = await stack.db('oauth').query('SELECT status FROM oauth_clients WHERE id = $1', [client.id]);
      expect(rows[0].status).toBe('PENDING');
    });

    describe("the review form needs the CSRF token of the admin's own session", () => {
      const statusOf = async (clientId: string) =>
        ((await stack.db('oauth').query('SELECT status FROM oauth_clients WHERE id = $1', [clientId])) as Array<{ status: string }>)[0].status;

      it('without the token: 403, the client stays PENDING and the owner gets no e-mail', async () => {
        const { client } = await oauthClient(stack, owner.user.id, { name: 'Unforged Client', decision: 'pending' });
        const browser = await signedIn(stack, admin.email);
        await browser.get('/auth/admin/oauth-clients');
        const answer = await browser.post(`/auth/admin/oauth-clients/${client.id}/review`, { decision: 'approve' });
        expect(answer.status).toBe(403);
        expect(await statusOf(client.id)).toBe('PENDING');
        expect(stack.mail.messages.some((m) => m.subject.includes('Unforged Client'))).toBe(false);
      });

      it("with another session's token (even another admin session's): 403, the client stays PENDING", async () => {
        const { client } = await oauthClient(stack, owner.user.id, { decision: 'pending' });
        const victim = await signedIn(stack, admin.email);
        const attacker = await signedIn(stack, admin.email);
        const attackerToken = csrfOf((await attacker.get('/auth/admin/oauth-clients')).html);
        const answer = await victim.post(`/auth/admin/oauth-clients/${client.id}/review`, { csrf: attackerToken, decision: 'reject' });
        expect(answer.status).toBe(403);
        expect(await statusOf(client.id)).toBe('PENDING');
      });
    });

    it('signed out: the page sends the browser to sign in', async () => {
      const answer = await new PageSession(stack.url).get('/auth/admin/oauth-clients');
      expect(answer.status).toBe(303);
      expect(answer.location).toContain('/auth/login?next=%2Fauth%2Fadmin%2Foauth-clients');
    });
  });

  describe('developer settings page: own clients with status, register a new one, the secret shown once', () => {
    it('registers a confidential client from the form and shows its secret once', async () => {
      const browser = await signedIn(stack, owner.user.email);
      const page = await browser.get('/auth/settings/developer');
      expect(page.status).toBe(200);
      const answer = await browser.post('/auth/settings/developer/clients', {
        csrf: csrfOf(page.html),
        name: 'Form Client',
        redirect_uris: 'https://form.example.com/cb\r\nhttps://form.example.com/cb2',
        client_type: 'confidential',
        scopes: ['PROFILE_READ', 'BOOKING_WRITE'],
      });
      expect(answer.status).toBe(201);
      const secret = /class="secret new-client-secret">([^<]+)</.exec(answer.html)![1];
      const id = /class="new-client-id">([^<]+)</.exec(answer.html)![1];
      expect(secret).toMatch(/^svc_cs_/);
      const clients = await stack.graphql('{ oauthClients { id name status scopes redirectUris isPublic } }', {}, owner.key);
      expect(clients.body.data.oauthClients).toContainEqual({
        id,
        name: 'Form Client',
        status: 'PENDING',
        scopes: ['PROFILE_READ', 'BOOKING_WRITE'],
        redirectUris: ['https://form.example.com/cb', 'https://form.example.com/cb2'],
        isPublic: false,
      });
      const again = await browser.get('/auth/settings/developer');
      expect(again.html).toContain(id);
      expect(again.html).toContain('PENDING');
      expect(again.html).not.toContain(secret);
    });

    it('a registration without scopes is refused on the page with the message, the form refilled', async () => {
      const browser = await signedIn(stack, owner.user.email);
      const page = await browser.get('/auth/settings/developer');
      const answer = await browser.post('/auth/settings/developer/clients', {
        csrf: csrfOf(page.html),
        name: 'No Scopes',
        redirect_uris: 'https://x.example.com/cb',
        client_type: 'public',
      });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('scopes: must contain at least one scope');
      expect(answer.html).toContain('value="No Scopes"');
    });

    it('without the CSRF token nothing is registered', async () => {
      const browser = await signedIn(stack, owner.user.email);
      const answer = await browser.post('/auth/settings/developer/clients', {
        name: 'Forged',
        redirect_uris: 'https://x.example.com/cb',
        scopes: 'PROFILE_READ',
      });
      expect(answer.status).toBe(403);
      const clients = await stack.graphql('{ oauthClients { name } }', {}, owner.key);
      expect(clients.body.data.oauthClients.map((c: { name: string }) => c.name)).not.toContain('Forged');
    });
  });
});
