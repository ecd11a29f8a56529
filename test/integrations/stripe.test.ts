import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { followConsent, OAuthProviderServer, pointServiceAt, startOAuthProviderServer } from '../support/oauth-provider-server';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Stripe Connect for users (/v2/stripe) and organization teams (/v2/organizations/{orgId}/teams/{teamId}/stripe),
 * the reference's Stripe and Orgs / Teams / Stripe operations, against the loopback OAuth + API server
 * (test/support/oauth-provider-server.ts): connect URL, Stripe's redirect to save, and the check.
 */
describe('Stripe Connect', () => {
  let stack: TestStack;
  let provider: OAuthProviderServer;
  let restoreEnv: () => void = () => undefined;
  let orgOwner: Awaited<ReturnType<typeof userWithKey>>;
  let teamAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;
  let org: { id: number };
  let team: { id: number };
  let otherTeam: { id: number };

  beforeAll(async () => {
    provider = await startOAuthProviderServer();
    restoreEnv = pointServiceAt(provider, { PUBLIC_URL: 'https://svc.example.com' });
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgOwner, teamAdmin, member] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
    team = await operator.createTeam({ name: 'Sales', orgId: org.id, ownerId: teamAdmin.user.id });
    otherTeam = await operator.createTeam({ name: 'Support', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(async () => {
    await stack?.stop();
    await provider?.stop();
    restoreEnv();
  });

  const query = (q: { state: string; code: string }) => `state=${encodeURIComponent(q.state)}&code=${encodeURIComponent(q.code)}`;

  describe('/v2/stripe (the caller)', () => {
    it('connect → Stripe → save → check: the account is stored sealed, the state is single use, and the reference shapes hold', async () => {
      const { user, key } = await userWithKey(stack);
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/check', { key }), 404, 'NOT_FOUND', /Stripe connection/);

      const connect = await stack.rest('GET', '/v2/stripe/connect?returnTo=https://app.example.com/payments', { key });
      expectReferenceShape('GET', '/v2/stripe/connect', connect.body);
      const authUrl = new URL(expectSuccess(connect).authUrl);
      expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${provider.url}/stripe/authorize`);
      expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
        client_id: provider.clients.stripe.id,
        response_type: 'code',
        scope: 'read_write',
        redirect_uri: 'https://svc.example.com/v2/stripe/save',
      });

      const back = await followConsent(authUrl.toString());
      expect(back.redirect.pathname).toBe('/v2/stripe/save');
      const save = await stack.rest('GET', `/v2/stripe/save?${query(back)}`);
      expect(save).toMatchObject({ status: 200, body: { url: 'https://app.example.com/payments' } });
      expectReferenceShape('GET', '/v2/stripe/save', save.body);
      expectErrorEnvelope(await stack.rest('GET', `/v2/stripe/save?${query(back)}`), 400, 'BAD_REQUEST', /state/);

      const [row] = await stack
        .db('integrations')
        .query('SELECT user_id, team_id, stripe_account_id, key_ciphertext FROM stripe_connections WHERE user_id = $1', [user.id]);
      expect(row).toMatchObject({ user_id: user.id, team_id: null, stripe_account_id: provider.stripeAccounts.at(-1) });
      expect(row.key_ciphertext).toMatch(/^v1\./);
      expect(row.key_ciphertext).not.toContain('at-stripe');

      const check = await stack.rest('GET', '/v2/stripe/check', { key });
      expect(check).toMatchObject({ status: 200, body: { status: 'success' } });
      expectReferenceShape('GET', '/v2/stripe/check', check.body);
    });

    it('a consent without returnTo goes back to the service; a new consent replaces the account; a token Stripe no longer accepts makes check answer 400 and stay so', async () => {
      const { user, key } = await userWithKey(stack);
      const first = await followConsent(expectSuccess(await stack.rest('GET', '/v2/stripe/connect', { key })).authUrl);
      expect((await stack.rest('GET', `/v2/stripe/save?${query(first)}`)).body).toEqual({ url: 'https://svc.example.com' });
      const second = await followConsent(expectSuccess(await stack.rest('GET', '/v2/stripe/connect', { key })).authUrl);
      expect((await stack.rest('GET', `/v2/stripe/save?${query(second)}`)).status).toBe(200);
      const rows = await stack.db('integrations').query('SELECT stripe_account_id FROM stripe_connections WHERE user_id = $1', [user.id]);
      expect(rows).toEqual([{ stripe_account_id: provider.stripeAccounts.at(-1) }]);

      provider.revoke('stripe');
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/check', { key }), 400, 'BAD_REQUEST', /no longer valid/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/check', { key }), 400, 'BAD_REQUEST', /no longer valid/);
    });

    it('save refuses a missing code or state, an unknown state, and a code Stripe refuses (400, nothing stored)', async () => {
      const { user, key } = await userWithKey(stack);
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/save?code=abc'), 400, 'BAD_REQUEST', /state/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/save?state=nope&code=abc'), 400, 'BAD_REQUEST', /state/);
      const back = await followConsent(expectSuccess(await stack.rest('GET', '/v2/stripe/connect', { key })).authUrl);
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/stripe/save?state=${encodeURIComponent(back.state)}&code=not-a-code`),
        400,
        'BAD_REQUEST',
        /Stripe refused/,
      );
      expect(await stack.db('integrations').query('SELECT id FROM stripe_connections WHERE user_id = $1', [user.id])).toEqual([]);
    });

    it('connect and check need a credential (401) and the APPS scopes', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/connect'), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/check'), 401, 'UNAUTHORIZED');
    });
  });

  describe('/v2/organizations/{orgId}/teams/{teamId}/stripe (team admins, org admins)', () => {
    const base = () => `/v2/organizations/${org.id}/teams/${team.id}/stripe`;

    it("a team admin connects the team; the team's check succeeds; the admin's own check still finds no personal account", async () => {
      const connect = await stack.rest('GET', `${base()}/connect?returnTo=https://app.example.com/ok&onErrorReturnTo=https://app.example.com/ko`, {
        key: teamAdmin.key,
      });
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/connect', connect.body);
      const authUrl = new URL(expectSuccess(connect).authUrl);
      expect(authUrl.searchParams.get('redirect_uri')).toBe(`https://svc.example.com${base()}/save`);

      const back = await followConsent(authUrl.toString());
      // Only the team's own save path takes a consent issued for the team.
      expectErrorEnvelope(await stack.rest('GET', `/v2/stripe/save?${query(back)}`), 400, 'BAD_REQUEST', /state/);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${otherTeam.id}/stripe/save?${query(back)}`), 404, 'NOT_FOUND');
      const save = await stack.rest('GET', `${base()}/save?${query(back)}`);
      expect(save).toMatchObject({ status: 200, body: { url: 'https://app.example.com/ok' } });
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/save', save.body);

      const check = await stack.rest('GET', `${base()}/check`, { key: orgOwner.key });
      expect(check).toMatchObject({ status: 200, body: { status: 'success' } });
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/stripe/check', check.body);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${otherTeam.id}/stripe/check`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', '/v2/stripe/check', { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('a plain member of the team may neither connect nor check it (403)', async () => {
      expectErrorEnvelope(await stack.rest('GET', `${base()}/connect`, { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `${base()}/check`, { key: member.key }), 403, 'FORBIDDEN');
    });
  });
});
