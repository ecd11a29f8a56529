import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { referenceShapeErrors } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * /v2/organizations/{orgId}/users (the reference's "Orgs / Users"; spec 5.3 ORG_MEMBERSHIP_READ "all
 * users", ORG_MEMBERSHIP_WRITE "create, update, delete users"): organization admins.
 */
describe('organization users', () => {
  let stack: TestStack;
  let orgOwner: Caller, orgAdmin: Caller, orgMember: Caller, ownAccount: Caller, org2Owner: Caller;
  let org: { id: number }, orgTeam: { id: number }, org2: { id: number };
  let created: any;
  const path = (suffix = '', orgId = org.id) => `/v2/organizations/${orgId}/users${suffix}`;
  // The reference requires weekStart and hideBranding, which this service does not keep for users.
  const shapeErrors = (value: unknown) => referenceShapeErrors('GetOrgUsersWithProfileOutput', value, ['weekStart', 'hideBranding']);

  beforeAll(async () => {
    stack = await startTestStack();
    const op = operatorOf(stack);
    [orgOwner, orgAdmin, orgMember, ownAccount, org2Owner] = await Promise.all(
      ['Odo Owner', 'Abe Admin', 'Mae Member', 'Sam Self', 'Pat Org2'].map((name) => userWithKey(stack, { name })),
    );
    org = await op.createOrganization({ name: 'Hooli', ownerId: orgOwner.user.id });
    await op.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN });
    await op.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    await op.addMember({ teamId: org.id, userId: ownAccount.user.id, role: MembershipRole.MEMBER });
    orgTeam = await op.createTeam({ name: 'Hooli XYZ', orgId: org.id, ownerId: orgOwner.user.id });
    await op.addMember({ teamId: orgTeam.id, userId: ownAccount.user.id, role: MembershipRole.MEMBER });
    org2 = await op.createOrganization({ name: 'Pied Piper', ownerId: org2Owner.user.id });
  });
  afterAll(() => stack.stop());

  describe('POST: creates a user who belongs to the organization', () => {
    it('201 with the user and their profile in the organization; the membership is accepted with the role asked', async () => {
      created = expectSuccess(
        await stack.rest('POST', path(), {
          key: orgAdmin.key,
          body: { email: 'New.Hire@Example.com', name: 'New Hire', timeZone: 'America/New_York', organizationRole: 'ADMIN', bio: 'Hi', metadata: { desk: 7 } },
        }),
        201,
      );
      expect(created).toMatchObject({
        email: 'new.hire@example.com',
        username: 'new.hire',
        name: 'New Hire',
        timeZone: 'America/New_York',
        bio: 'Hi',
        metadata: { desk: 7 },
        organizationRole: 'ADMIN',
        accepted: true,
      });
      expect(created.profile).toEqual({ id: expect.any(Number), organizationId: org.id, userId: created.id, username: 'new.hire' });
      expect(shapeErrors(created)).toEqual([]);
    });

    it('the new user is reachable under /v2/organizations/{orgId}/users/{userId}/… (schedules)', async () => {
      expect(expectSuccess(await stack.rest('GET', path(`/${created.id}/schedules`), { key: orgAdmin.key }))).toEqual([]);
    });

    it('autoAccept false leaves the membership pending; the default role is MEMBER', async () => {
      const data = expectSuccess(await stack.rest('POST', path(), { key: orgOwner.key, body: { email: 'pending@example.com', autoAccept: false } }), 201);
      expect(data).toMatchObject({ organizationRole: 'MEMBER', accepted: false, name: 'pending', timeZone: 'Europe/London' });
    });

    it.each([
      [{ email: 'not-an-email' }, 'email'],
      [{}, 'email'],
      [{ email: 'tz@example.com', timeZone: 'Nowhere/Land' }, 'timeZone'],
      [{ email: 'role@example.com', organizationRole: 'CEO' }, 'organizationRole'],
      [{ email: 'user@example.com', username: 'Bad Name!' }, 'username'],
    ])('%j → 400 naming %s', async (body, field) => {
      expectErrorEnvelope(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 400, 'BAD_REQUEST', new RegExp(field));
    });

    it('an e-mail that already has an account → 409', async () => {
      expectErrorEnvelope(await stack.rest('POST', path(), { key: orgAdmin.key, body: { email: orgMember.user.email } }), 409, 'CONFLICT');
    });

    it('a plain member, or the owner of another organization, gets 403', async () => {
      expectErrorEnvelope(await stack.rest('POST', path(), { key: orgMember.key, body: { email: 'x@example.com' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', path(), { key: org2Owner.key, body: { email: 'x@example.com' } }), 403, 'FORBIDDEN');
    });
  });

  describe('GET: every user of the organization, filtered by e-mails or teams, paginated', () => {
    it('lists them in the reference shape, by user id', async () => {
      const response = await stack.rest('GET', path(), { key: orgAdmin.key });
      const data = expectSuccess(response);
      expect(data.map((u: any) => u.email)).toEqual(
        expect.arrayContaining([
          orgOwner.user.email,
          orgAdmin.user.email,
          orgMember.user.email,
          ownAccount.user.email,
          'new.hire@example.com',
          'pending@example.com',
        ]),
      );
      expect(response.body.pagination).toMatchObject({ totalItems: 6, currentPage: 1, totalPages: 1, hasNextPage: false });
      for (const u of data) expect(shapeErrors(u)).toEqual([]);
    });

    it('emails (comma-separated, any letter case) keeps only those users', async () => {
      const data = expectSuccess(
        await stack.rest('GET', path(`?emails=${encodeURIComponent(`NEW.HIRE@example.com,${orgMember.user.email}`)}`), { key: orgAdmin.key }),
      );
      expect(data.map((u: any) => u.id).sort()).toEqual([created.id, orgMember.user.id].sort());
    });

    it('teamIds keeps the members of those teams of the organization', async () => {
      const data = expectSuccess(await stack.rest('GET', path(`?teamIds=${orgTeam.id}`), { key: orgAdmin.key }));
      expect(data.map((u: any) => u.id).sort()).toEqual([orgOwner.user.id, ownAccount.user.id].sort());
    });

    it('take and skip page through them; take 251 is a 400', async () => {
      const response = await stack.rest('GET', path('?take=2&skip=2'), { key: orgAdmin.key });
      expect(expectSuccess(response)).toHaveLength(2);
      expect(response.body.pagination).toMatchObject({ totalItems: 6, currentPage: 2, totalPages: 3, hasNextPage: true });
      expectErrorEnvelope(await stack.rest('GET', path('?take=251'), { key: orgAdmin.key }), 400, 'BAD_REQUEST', /take/);
    });

    it('a plain member and another organization get 403', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(), { key: orgMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', path(), { key: org2Owner.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', path('', org2.id), { key: orgAdmin.key }), 403, 'FORBIDDEN');
    });
  });

  describe('PATCH: changes a user the organization created', () => {
    it('200 with the fields sent changed and the others kept', async () => {
      const data = expectSuccess(
        await stack.rest('PATCH', path(`/${created.id}`), { key: orgAdmin.key, body: { name: 'Renamed Hire', timeZone: 'Asia/Tokyo', bio: null } }),
      );
      expect(data).toMatchObject({ id: created.id, name: 'Renamed Hire', timeZone: 'Asia/Tokyo', bio: null, email: 'new.hire@example.com' });
      expect(shapeErrors(data)).toEqual([]);
    });

    it('bad values → 400 naming the field; an e-mail in use → 409', async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', path(`/${created.id}`), { key: orgAdmin.key, body: { timeZone: 'Nowhere/Land' } }),
        400,
        'BAD_REQUEST',
        /timeZone/,
      );
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${created.id}`), { key: orgAdmin.key, body: { email: null } }), 400, 'BAD_REQUEST', /email/);
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${created.id}`), { key: orgAdmin.key, body: { email: orgOwner.user.email } }), 409, 'CONFLICT');
    });

    it("a user who joined with an account of their own is not the organization's to change (409)", async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', path(`/${ownAccount.user.id}`), { key: orgAdmin.key, body: { name: 'Taken over' } }),
        409,
        'CONFLICT',
        /account of their own/,
      );
    });

    it('a user outside the organization is 404; a plain member gets 403', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${org2Owner.user.id}`), { key: orgAdmin.key, body: { name: 'x' } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${created.id}`), { key: orgMember.key, body: { name: 'x' } }), 403, 'FORBIDDEN');
    });
  });

  describe('DELETE: removes the user from the organization', () => {
    it('a user the organization created is deleted with their memberships; the /users/{userId}/… routes answer 404', async () => {
      expect(expectSuccess(await stack.rest('DELETE', path(`/${created.id}`), { key: orgAdmin.key }))).toMatchObject({
        id: created.id,
        email: 'new.hire@example.com',
      });
      const db = stack.db('organizations');
      expect(await db.query('SELECT id FROM users WHERE id = $1', [created.id])).toEqual([]);
      expect(await db.query('SELECT id FROM memberships WHERE user_id = $1', [created.id])).toEqual([]);
      expectErrorEnvelope(await stack.rest('GET', path(`/${created.id}/schedules`), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    });

    it('a user with an account of their own leaves the organization and its teams, and keeps the account', async () => {
      expectSuccess(await stack.rest('DELETE', path(`/${ownAccount.user.id}`), { key: orgAdmin.key }));
      const db = stack.db('organizations');
      expect(await db.query('SELECT id FROM users WHERE id = $1', [ownAccount.user.id])).toHaveLength(1);
      expect(await db.query('SELECT team_id FROM memberships WHERE user_id = $1', [ownAccount.user.id])).toEqual([]);
      expectSuccess(await stack.rest('GET', '/v2/me', { key: ownAccount.key }));
    });

    it("the last owner of the organization cannot be removed (409); another organization's user is 404", async () => {
      expectErrorEnvelope(await stack.rest('DELETE', path(`/${orgOwner.user.id}`), { key: orgAdmin.key }), 409, 'CONFLICT');
      expectErrorEnvelope(await stack.rest('DELETE', path(`/${org2Owner.user.id}`), { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', path(`/${orgMember.user.id}`), { key: orgMember.key }), 403, 'FORBIDDEN');
    });
  });
  describe('managed organizations (/v2/organizations/{orgId}/organizations, reference "Managed Orgs"): organization admins', () => {
    const managed = (suffix = '', orgId = org.id) => `/v2/organizations/${orgId}/organizations${suffix}`;
    let made: any;

    it('POST creates one (201, ManagedOrganizationWithApiKeyOutput) whose API key acts as its OWNER, and nowhere else', async () => {
      const before = Date.now();
      made = expectSuccess(await stack.rest('POST', managed(), { key: orgAdmin.key, body: { name: 'Hooli Kids', metadata: { tier: 'gold' } } }), 201);
      expect(referenceShapeErrors('ManagedOrganizationWithApiKeyOutput', made)).toEqual([]);
      expect(made).toMatchObject({ name: 'Hooli Kids', slug: 'hooli-kids', metadata: { tier: 'gold' }, apiKey: expect.stringMatching(/^svc_[0-9a-f]{64}$/) });
      const days = (Date.parse(made.apiKeyExpiresAt) - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
      const members = expectSuccess(await stack.rest('GET', `/v2/organizations/${made.id}/memberships`, { key: made.apiKey }));
      expect(members.map((m: any) => m.role)).toEqual(['OWNER']);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/memberships`, { key: made.apiKey }), 403, 'FORBIDDEN');
      // A managed organization is an organization, not a team of its manager.
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/teams`, { key: orgAdmin.key })).map((t: any) => t.id)).not.toContain(made.id);
      const forever = expectSuccess(
        await stack.rest('POST', managed(), { key: orgOwner.key, body: { name: 'Hooli Forever', slug: 'hooli-forever', apiKeyNeverExpires: true } }),
        201,
      );
      expect(forever).toMatchObject({ slug: 'hooli-forever', apiKeyExpiresAt: null });
      expectErrorEnvelope(
        await stack.rest('POST', managed(), { key: orgAdmin.key, body: { name: 'Bad', apiKeyDaysValid: 0 } }),
        400,
        'BAD_REQUEST',
        /apiKeyDaysValid/,
      );
      expectErrorEnvelope(await stack.rest('POST', managed(), { key: orgAdmin.key, body: { name: 'Again', slug: 'hooli-kids' } }), 409, 'CONFLICT');
    });

    it('GET lists them (paginated; slug and metadataKey+metadataValue filters) and GET one answers it', async () => {
      const all = await stack.rest('GET', managed(), { key: orgAdmin.key });
      expect(expectSuccess(all).map((o: any) => o.slug)).toEqual(['hooli-kids', 'hooli-forever']);
      expect(all.body.pagination).toMatchObject({ totalItems: 2 });
      for (const o of expectSuccess(all)) expect(referenceShapeErrors('ManagedOrganizationOutput', o)).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', managed('?slug=hooli-forever'), { key: orgAdmin.key })).map((o: any) => o.slug)).toEqual(['hooli-forever']);
      expect(expectSuccess(await stack.rest('GET', managed('?metadataKey=tier&metadataValue=gold'), { key: orgAdmin.key })).map((o: any) => o.id)).toEqual([
        made.id,
      ]);
      expectErrorEnvelope(await stack.rest('GET', managed('?metadataKey=tier'), { key: orgAdmin.key }), 400, 'BAD_REQUEST', /metadataValue/);
      expect(expectSuccess(await stack.rest('GET', managed(`/${made.id}`), { key: orgAdmin.key }))).toEqual({
        id: made.id,
        name: 'Hooli Kids',
        slug: 'hooli-kids',
        metadata: { tier: 'gold' },
      });
    });

    it("a plain member gets 403; another organization's owner 403 here and 404 through its own organization", async () => {
      expectErrorEnvelope(await stack.rest('GET', managed(), { key: orgMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', managed(), { key: orgMember.key, body: { name: 'Nope' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', managed(`/${made.id}`), { key: org2Owner.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', managed(`/${made.id}`, org2.id), { key: org2Owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', managed(`/${made.id}`, org2.id), { key: org2Owner.key }), 404, 'NOT_FOUND');
      // The managed organization's own key does not manage its manager's other organizations.
      expectErrorEnvelope(await stack.rest('GET', managed(), { key: made.apiKey }), 403, 'FORBIDDEN');
    });

    it('PATCH renames and replaces metadata; DELETE answers it, it is gone and its API key stops working', async () => {
      expect(
        expectSuccess(await stack.rest('PATCH', managed(`/${made.id}`), { key: orgAdmin.key, body: { name: 'Hooli Junior', metadata: { tier: 'silver' } } })),
      ).toEqual({
        id: made.id,
        name: 'Hooli Junior',
        slug: 'hooli-kids',
        metadata: { tier: 'silver' },
      });
      expectErrorEnvelope(await stack.rest('PATCH', managed(`/${made.id}`), { key: orgAdmin.key, body: { name: '' } }), 400, 'BAD_REQUEST', /name/);
      expect(expectSuccess(await stack.rest('DELETE', managed(`/${made.id}`), { key: orgAdmin.key })).id).toBe(made.id);
      expectErrorEnvelope(await stack.rest('GET', managed(`/${made.id}`), { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expect((await stack.rest('GET', '/v2/me', { key: made.apiKey })).status).toBe(401);
    });
  });
});
