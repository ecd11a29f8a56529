import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

/** GET /v2/me (spec 4.15) and how /v2 reads credentials (spec 5.1, 7.1). */
describe('GET /v2/me', () => {
  let stack: TestStack;
  let alice: Awaited<ReturnType<typeof userWithKey>>;
  let bob: Awaited<ReturnType<typeof userWithKey>>;
  let org: { id: number; name: string; slug: string };
  let orgTeam: { id: number; name: string; slug: string };
  let standalone: { id: number; name: string; slug: string };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    alice = await userWithKey(stack, { name: 'Alice Admin' });
    bob = await userWithKey(stack, { name: 'Bob Builder' });
    org = await operator.createOrganization({ name: 'Acme Corp', ownerId: alice.user.id });
    orgTeam = await operator.createTeam({ name: 'Acme Platform', orgId: org.id, ownerId: alice.user.id });
    standalone = await operator.createTeam({ name: 'Book Club', ownerId: bob.user.id });
    await operator.addMember({ teamId: standalone.id, userId: alice.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  describe('returns the profile of the caller, with organization and team memberships', () => {
    it('answers 200 with the success envelope and the caller’s profile', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: alice.key }));
      expect(me).toMatchObject({
        id: alice.user.id,
        email: alice.user.email,
        username: alice.user.username,
        name: 'Alice Admin',
        timeZone: 'Europe/London',
        metadata: {},
      });
      expect(typeof me.createdAt).toBe('string');
    });

    it('names the organization the caller belongs to', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: alice.key }));
      expect(me.organizationId).toBe(org.id);
      expect(me.organization).toEqual({ id: org.id, name: 'Acme Corp', slug: org.slug, isPlatform: false });
    });

    it('lists the organization membership and every team membership with its role', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: alice.key }));
      const byTeam = Object.fromEntries(me.memberships.map((m: any) => [m.teamId, m]));
      expect(
        Object.keys(byTeam)
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual([org.id, orgTeam.id, standalone.id].sort((a, b) => a - b));
      expect(byTeam[org.id]).toMatchObject({ role: 'OWNER', accepted: true, team: { id: org.id, isOrganization: true, parentId: null } });
      expect(byTeam[orgTeam.id]).toMatchObject({
        role: 'OWNER',
        accepted: true,
        team: { id: orgTeam.id, name: 'Acme Platform', isOrganization: false, parentId: org.id },
      });
      expect(byTeam[standalone.id]).toMatchObject({
        role: 'MEMBER',
        accepted: true,
        team: { id: standalone.id, name: 'Book Club', isOrganization: false, parentId: null },
      });
      for (const m of me.memberships) expect(typeof m.id).toBe('number');
    });

    it('answers only the caller’s own profile: another key sees another user', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: bob.key }));
      expect(me.id).toBe(bob.user.id);
      expect(me.organizationId).toBeNull();
      expect(me).not.toHaveProperty('organization'); // optional in the reference's MeOutput, and not nullable
      expect(me.memberships.map((m: any) => [m.teamId, m.role])).toEqual([[standalone.id, 'OWNER']]);
    });

    it('answers MeOutput of the reference: timeFormat, weekStart, defaultScheduleId, organizationId', async () => {
      const response = await stack.rest('GET', '/v2/me', { key: alice.key });
      expectReferenceShape('GET', '/v2/me', response.body);
      expect(response.body.data).toMatchObject({ timeFormat: 12, weekStart: 'Sunday', locale: 'en', defaultScheduleId: null });
      expectReferenceShape('GET', '/v2/me', await stack.rest('GET', '/v2/me', { key: bob.key }).then((r) => r.body));
    });

    it('has no pagination (it is not a list)', async () => {
      const { body } = await stack.rest('GET', '/v2/me', { key: alice.key });
      expect(body).not.toHaveProperty('pagination');
    });
  });

  describe('Authorization: Bearer <API_KEY>, where the key is prefixed with svc_ (5.1)', () => {
    it('no credential → 401 UNAUTHORIZED error envelope', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/me'), 401, 'UNAUTHORIZED', /Authorization: Bearer/);
    });

    it('an unknown svc_ key → 401 UNAUTHORIZED', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/me', { headers: { authorization: 'Bearer svc_unknown' } }), 401, 'UNAUTHORIZED', /API key/);
    });

    it('an unknown access token → 401 UNAUTHORIZED', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/me', { headers: { authorization: 'Bearer not-a-token' } }), 401, 'UNAUTHORIZED');
    });

    it.each([['Basic x'], ['Bearer'], ['Bearer a b'], ['Token svc_abc']])('a malformed Authorization header (%s) → 401 UNAUTHORIZED', async (header) => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/me', { headers: { authorization: header } }), 401, 'UNAUTHORIZED', /Bearer/);
    });

    it('a valid API key without the "Bearer " scheme → 401 UNAUTHORIZED', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/me', { headers: { authorization: alice.key } }), 401, 'UNAUTHORIZED', /Bearer/);
    });

    it('the scheme name is case-insensitive ("bearer <key>" works)', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { headers: { authorization: `bearer ${alice.key}` } }));
      expect(me.id).toBe(alice.user.id);
    });
  });

  describe('a revoked API key stops working at once', () => {
    it('GET /v2/me answers 200, then 401 right after the key is revoked', async () => {
      const carol = await userWithKey(stack, { name: 'Carol Revoker' });
      expectSuccess(await stack.rest('GET', '/v2/me', { key: carol.key })); // the credential is now cached
      const keys = await stack.graphql('{ apiKeys { id } }', {}, carol.key);
      const [{ id }] = keys.body.data.apiKeys;
      const revoked = await stack.graphql('mutation ($id: Int!) { revokeApiKey(id: $id) { id } }', { id }, carol.key);
      expect(revoked.body.errors).toBeUndefined();
      expectErrorEnvelope(await stack.rest('GET', '/v2/me', { key: carol.key }), 401, 'UNAUTHORIZED', /API key/);
    });
  });

  describe('v1 style apiKey query parameters are no longer accepted (5.1)', () => {
    it('?apiKey=<a valid key> → 401 whose message says the apiKey query parameter is no longer accepted', async () => {
      const response = await stack.rest('GET', `/v2/me?apiKey=${encodeURIComponent(alice.key)}`);
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /apiKey query parameter is no longer accepted/);
    });

    it('?apiKey= is refused even next to a valid Authorization header', async () => {
      const response = await stack.rest('GET', `/v2/me?apiKey=${encodeURIComponent(alice.key)}`, { key: alice.key });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED', /apiKey query parameter is no longer accepted/);
    });
  });

  describe("PATCH /v2/me: the reference's UpdateManagedUserInput; omitted fields keep their value (PROFILE_WRITE)", () => {
    const patch = (key: string, body: unknown) => stack.rest('PATCH', '/v2/me', { key, body });

    it('changes name, time zone, week start, time format, locale, bio and metadata and answers MeOutput', async () => {
      const dora = await userWithKey(stack, { name: 'Dora Before' });
      const response = await patch(dora.key, {
        name: 'Dora After',
        timeZone: 'America/New_York',
        weekStart: 'Monday',
        timeFormat: 24,
        locale: 'pt-BR',
        bio: 'Hi',
        metadata: { team: 'blue' },
      });
      expect(expectSuccess(response)).toMatchObject({
        id: dora.user.id,
        name: 'Dora After',
        timeZone: 'America/New_York',
        weekStart: 'Monday',
        timeFormat: 24,
        locale: 'pt-BR',
        bio: 'Hi',
        metadata: { team: 'blue' },
      });
      expectReferenceShape('PATCH', '/v2/me', response.body);
      // omitted fields keep their value
      expect(expectSuccess(await patch(dora.key, { bio: null }))).toMatchObject({ name: 'Dora After', timeFormat: 24, bio: null });
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: dora.key }))).toMatchObject({ name: 'Dora After', weekStart: 'Monday', locale: 'pt-BR' });
    });

    it("defaultScheduleId moves the default to one of my schedules; another user's → 400 naming it", async () => {
      const erin = await userWithKey(stack);
      const operator = operatorOf(stack);
      const first = await operator.createSchedule({ ownerId: erin.user.id, name: 'First', timeZone: 'UTC' });
      const second = await operator.createSchedule({ ownerId: erin.user.id, name: 'Second', timeZone: 'UTC' });
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: erin.key })).defaultScheduleId).toBe(first.id);
      expect(expectSuccess(await patch(erin.key, { defaultScheduleId: second.id })).defaultScheduleId).toBe(second.id);
      const schedules = expectSuccess(await stack.rest('GET', '/v2/schedules', { key: erin.key }));
      expect(schedules.map((s: { id: number; isDefault: boolean }) => [s.id, s.isDefault])).toEqual([
        [first.id, false],
        [second.id, true],
      ]);
      const alicesSchedule = await operator.createSchedule({ ownerId: alice.user.id, name: 'Alice', timeZone: 'UTC' });
      expectErrorEnvelope(await patch(erin.key, { defaultScheduleId: alicesSchedule.id }), 400, 'BAD_REQUEST', /^defaultScheduleId/);
    });

    it.each([
      [{ timeFormat: 13 }, /^timeFormat/],
      [{ weekStart: 'Someday' }, /^weekStart/],
      [{ timeZone: 'Mars/Olympus' }, /^timeZone/],
      [{ locale: 'xx' }, /^locale/],
      [{ email: 'not-an-email' }, /^email/],
      [{ name: '  ' }, /^name/],
      [{ name: null }, /^name/],
      [{ avatarUrl: 'javascript:alert(1)' }, /^avatarUrl/],
    ])('%j → 400 naming the field, nothing changed', async (body, message) => {
      const frank = await userWithKey(stack, { name: 'Frank' });
      expectErrorEnvelope(await patch(frank.key, body), 400, 'BAD_REQUEST', message);
      expect(expectSuccess(await stack.rest('GET', '/v2/me', { key: frank.key })).name).toBe('Frank');
    });

    it('an e-mail another user has → 409; without a credential → 401', async () => {
      const gina = await userWithKey(stack);
      expectErrorEnvelope(await patch(gina.key, { email: alice.user.email.toUpperCase() }), 409, 'CONFLICT', /^email/);
      expectErrorEnvelope(await stack.rest('PATCH', '/v2/me', { body: { name: 'x' } }), 401, 'UNAUTHORIZED');
    });
  });
});
