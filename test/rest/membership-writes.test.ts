import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { referenceShapeErrors } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Memberships of teams (/v2/teams/{teamId}/memberships), of organization teams
 * (/v2/organizations/{orgId}/teams/{teamId}/memberships) and of organizations
 * (/v2/organizations/{orgId}/memberships): list, get, create, update, delete (spec 2.13, 4.12, 8);
 * the last owner of a team or organization cannot be removed or demoted (409), even by concurrent requests.
 */
describe('membership families', () => {
  let stack: TestStack;
  let owner: Caller, admin: Caller, member: Caller, newcomer: Caller, outsider: Caller;
  let orgOwner: Caller, orgAdmin: Caller, orgMember: Caller, orgRecruit: Caller, org2Owner: Caller, org2User: Caller;
  let team: { id: number }, otherTeam: { id: number }, org: { id: number }, orgTeam: { id: number }, org2: { id: number }, org2Team: { id: number };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    stack = await startTestStack();
    const op = operatorOf(stack);
    const user = (name: string) => userWithKey(stack, { name });
    [owner, admin, member, newcomer, outsider, orgOwner, orgAdmin, orgMember, orgRecruit, org2Owner, org2User] = await Promise.all(
      [
        'Ona Owner',
        'Ada Admin',
        'Mo Member',
        'Nia New',
        'Oz Outsider',
        'Oli OrgOwner',
        'Ari OrgAdmin',
        'Meg OrgMember',
        'Rex Recruit',
        'Gus Org2',
        'Yan Org2User',
      ].map(user),
    );
    team = await op.createTeam({ name: 'Core', ownerId: owner.user.id });
    ids.admin = (await op.addMember({ teamId: team.id, userId: admin.user.id, role: MembershipRole.ADMIN })).id;
    ids.member = (await op.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER })).id;
    ids.owner = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [team.id, owner.user.id]))[0].id;
    otherTeam = await op.createTeam({ name: 'Elsewhere', ownerId: outsider.user.id });
    ids.otherOwner = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [otherTeam.id]))[0].id;

    org = await op.createOrganization({ name: 'Initech', ownerId: orgOwner.user.id });
    ids.orgOwner = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [org.id]))[0].id;
    ids.orgAdmin = (await op.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN })).id;
    ids.orgMember = (await op.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER })).id;
    orgTeam = await op.createTeam({ name: 'Initech Ops', orgId: org.id, ownerId: orgOwner.user.id });
    org2 = await op.createOrganization({ name: 'Umbrella', ownerId: org2Owner.user.id });
    await op.addMember({ teamId: org2.id, userId: org2User.user.id, role: MembershipRole.MEMBER });
    org2Team = await op.createTeam({ name: 'Umbrella Labs', orgId: org2.id, ownerId: org2Owner.user.id });
    ids.org2TeamOwner = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [org2Team.id]))[0].id;
  });
  afterAll(() => stack.stop());

  const teamPath = (suffix = '') => `/v2/teams/${team.id}/memberships${suffix}`;
  const orgTeamPath = (suffix = '', orgId = org.id, teamId = orgTeam.id) => `/v2/organizations/${orgId}/teams/${teamId}/memberships${suffix}`;
  const orgPath = (suffix = '', orgId = org.id) => `/v2/organizations/${orgId}/memberships${suffix}`;

  describe('team memberships (/v2/teams/{teamId}/memberships): team admins', () => {
    it('GET lists them in the reference shape (TeamMembershipOutput) with pagination', async () => {
      const response = await stack.rest('GET', teamPath(), { key: admin.key });
      const data = expectSuccess(response);
      expect(data.map((m: any) => m.id)).toEqual([ids.owner, ids.admin, ids.member]);
      for (const m of data) expect(referenceShapeErrors('TeamMembershipOutput', m)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
      const page = await stack.rest('GET', teamPath('?take=1&skip=1'), { key: owner.key });
      expect(expectSuccess(page).map((m: any) => m.id)).toEqual([ids.admin]);
      expect(page.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 3, hasNextPage: true });
    });

    it.each([
      ['take=0', 'take'],
      ['take=251', 'take'],
      ['skip=-1', 'skip'],
      ['take=abc', 'take'],
    ])('paging rule (1 to 250, skip 0 or more): ?%s → 400 naming %s', async (query, field) => {
      expectErrorEnvelope(await stack.rest('GET', teamPath(`?${query}`), { key: admin.key }), 400, 'BAD_REQUEST', new RegExp(field));
    });

    it('take=250 and skip=0 are accepted', async () => {
      expect(expectSuccess(await stack.rest('GET', teamPath('?take=250&skip=0'), { key: admin.key }))).toHaveLength(3);
    });

    it('a plain member and an outsider get 403', async () => {
      expectErrorEnvelope(await stack.rest('GET', teamPath(), { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', teamPath(`/${ids.member}`), { key: outsider.key }), 403, 'FORBIDDEN');
    });

    it('GET one: 200; a membership of another team is 404 here', async () => {
      expect(expectSuccess(await stack.rest('GET', teamPath(`/${ids.member}`), { key: admin.key }))).toMatchObject({
        id: ids.member,
        userId: member.user.id,
        role: 'MEMBER',
      });
      expectErrorEnvelope(await stack.rest('GET', teamPath(`/${ids.otherOwner}`), { key: admin.key }), 404, 'NOT_FOUND');
    });

    it('POST adds a user: 201, defaults role MEMBER, accepted false, disableImpersonation false', async () => {
      const data = expectSuccess(await stack.rest('POST', teamPath(), { key: admin.key, body: { userId: newcomer.user.id } }), 201);
      expect(data).toMatchObject({ teamId: team.id, userId: newcomer.user.id, role: 'MEMBER', accepted: false, disableImpersonation: false });
      // Consent (docs/compatibility.md): an invitation shows the team nothing of the person, so `user` is null until accepted.
      expect(data.user).toBeNull();
      expect(referenceShapeErrors('TeamMembershipOutput', data)).toEqual(['/user must be object']);
      ids.newcomer = data.id;
    });

    it('POST: the same user again → 409; an unknown user → 404; a bad role → 400; by a plain member → 403', async () => {
      expectErrorEnvelope(await stack.rest('POST', teamPath(), { key: admin.key, body: { userId: newcomer.user.id } }), 409, 'CONFLICT');
      expectErrorEnvelope(await stack.rest('POST', teamPath(), { key: admin.key, body: { userId: 999999 } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(), { key: admin.key, body: { userId: outsider.user.id, role: 'KING' } }),
        400,
        'BAD_REQUEST',
        /role/,
      );
      expectErrorEnvelope(await stack.rest('POST', teamPath(), { key: admin.key, body: {} }), 400, 'BAD_REQUEST', /userId/);
      expectErrorEnvelope(await stack.rest('POST', teamPath(), { key: member.key, body: { userId: outsider.user.id } }), 403, 'FORBIDDEN');
    });

    it('PATCH changes role, accepted and disableImpersonation; other fields are kept', async () => {
      // Consent: the admin cannot accept the invitation for the person (403); the person accepts it themselves.
      expectErrorEnvelope(
        await stack.rest('PATCH', teamPath(`/${ids.newcomer}`), { key: admin.key, body: { accepted: true } }),
        403,
        'FORBIDDEN',
        /invitation/,
      );
      expectSuccess(await stack.rest('POST', `/v2/me/memberships/${ids.newcomer}/accept`, { key: newcomer.key }));
      const data = expectSuccess(
        await stack.rest('PATCH', teamPath(`/${ids.newcomer}`), { key: admin.key, body: { role: 'ADMIN', accepted: true, disableImpersonation: true } }),
      );
      expect(data).toMatchObject({ id: ids.newcomer, role: 'ADMIN', accepted: true, disableImpersonation: true });
      expect(expectSuccess(await stack.rest('PATCH', teamPath(`/${ids.newcomer}`), { key: admin.key, body: { role: 'MEMBER' } }))).toMatchObject({
        role: 'MEMBER',
        accepted: true,
        disableImpersonation: true,
      });
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(`/${ids.newcomer}`), { key: admin.key, body: { role: null } }), 400, 'BAD_REQUEST', /role/);
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(`/${ids.newcomer}`), { key: member.key, body: { role: 'OWNER' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(`/${ids.otherOwner}`), { key: admin.key, body: { role: 'MEMBER' } }), 404, 'NOT_FOUND');
    });

    it('the last owner can be neither demoted, nor un-accepted, nor removed (409); with a second owner it can', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(`/${ids.owner}`), { key: admin.key, body: { role: 'ADMIN' } }), 409, 'CONFLICT', /last owner/);
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(`/${ids.owner}`), { key: owner.key, body: { accepted: false } }), 409, 'CONFLICT', /last owner/);
      expectErrorEnvelope(await stack.rest('DELETE', teamPath(`/${ids.owner}`), { key: owner.key }), 409, 'CONFLICT', /last owner/);
      expectSuccess(await stack.rest('PATCH', teamPath(`/${ids.admin}`), { key: owner.key, body: { role: 'OWNER' } }));
      expect(expectSuccess(await stack.rest('PATCH', teamPath(`/${ids.owner}`), { key: admin.key, body: { role: 'ADMIN' } })).role).toBe('ADMIN');
    });

    it('DELETE answers the removed membership; it is gone', async () => {
      expect(expectSuccess(await stack.rest('DELETE', teamPath(`/${ids.newcomer}`), { key: admin.key }))).toMatchObject({
        id: ids.newcomer,
        userId: newcomer.user.id,
      });
      expectErrorEnvelope(await stack.rest('GET', teamPath(`/${ids.newcomer}`), { key: admin.key }), 404, 'NOT_FOUND');
    });
  });

  describe('concurrent demotions and removals of the last two owners never leave zero owners', () => {
    async function twoOwnerTeam(round: number) {
      const op = operatorOf(stack);
      const t = await op.createTeam({ name: `Race ${round}`, ownerId: owner.user.id });
      const second = await op.addMember({ teamId: t.id, userId: member.user.id, role: MembershipRole.OWNER });
      await op.addMember({ teamId: t.id, userId: admin.user.id, role: MembershipRole.ADMIN });
      const first = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [t.id, owner.user.id]))[0].id;
      // The operator writes past the gateway: its cached principal of the admin learns the new team from the change notification.
      expect(await eventually(async () => (await stack.rest('GET', `/v2/teams/${t.id}/memberships`, { key: admin.key })).status === 200)).toBe(true);
      return { teamId: t.id, owners: [first, second.id] };
    }
    const acceptedOwners = async (teamId: number) =>
      (await stack.db('organizations').query(`SELECT count(*)::int AS n FROM memberships WHERE team_id = $1 AND role = 'OWNER' AND accepted`, [teamId]))[0].n;

    it.each([0, 1, 2, 3])('round %i: two demotions at once → one 200, one 409, one owner left', async (round) => {
      const { teamId, owners } = await twoOwnerTeam(round);
      const responses = await Promise.all(
        owners.map((id) => stack.rest('PATCH', `/v2/teams/${teamId}/memberships/${id}`, { key: admin.key, body: { role: 'MEMBER' } })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await acceptedOwners(teamId)).toBe(1);
    });

    it.each([4, 5])('round %i: a removal and a demotion at once → one owner left', async (round) => {
      const { teamId, owners } = await twoOwnerTeam(round);
      const responses = await Promise.all([
        stack.rest('DELETE', `/v2/teams/${teamId}/memberships/${owners[0]}`, { key: admin.key }),
        stack.rest('PATCH', `/v2/teams/${teamId}/memberships/${owners[1]}`, { key: admin.key, body: { accepted: false } }),
      ]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await acceptedOwners(teamId)).toBe(1);
    });
  });

  describe('organization team memberships (/v2/organizations/{orgId}/teams/{teamId}/memberships): team or organization admins', () => {
    it('POST: the org admin adds a member of the organization (201); someone outside the organization → 400 naming userId', async () => {
      const data = expectSuccess(
        await stack.rest('POST', orgTeamPath(), { key: orgAdmin.key, body: { userId: orgMember.user.id, role: 'MEMBER', accepted: true } }),
        201,
      );
      expect(data).toMatchObject({ teamId: orgTeam.id, userId: orgMember.user.id, accepted: true });
      expect(referenceShapeErrors('TeamMembershipOutput', data)).toEqual([]);
      ids.orgTeamMember = data.id;
      expectErrorEnvelope(await stack.rest('POST', orgTeamPath(), { key: orgAdmin.key, body: { userId: org2User.user.id } }), 400, 'BAD_REQUEST', /userId/);
      expectErrorEnvelope(await stack.rest('POST', orgTeamPath(), { key: orgAdmin.key, body: { userId: 999999 } }), 400, 'BAD_REQUEST', /userId/);
    });

    it('GET list and one, PATCH: the org admin; the plain org member 403', async () => {
      expect(expectSuccess(await stack.rest('GET', orgTeamPath(), { key: orgAdmin.key })).map((m: any) => m.userId)).toEqual([
        orgOwner.user.id,
        orgMember.user.id,
      ]);
      expect(expectSuccess(await stack.rest('GET', orgTeamPath(`/${ids.orgTeamMember}`), { key: orgAdmin.key })).id).toBe(ids.orgTeamMember);
      expect(expectSuccess(await stack.rest('PATCH', orgTeamPath(`/${ids.orgTeamMember}`), { key: orgAdmin.key, body: { role: 'ADMIN' } })).role).toBe('ADMIN');
      expectErrorEnvelope(await stack.rest('GET', orgTeamPath(), { key: orgRecruit.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', orgTeamPath('?take=251'), { key: orgAdmin.key }), 400, 'BAD_REQUEST', /take/);
    });

    it("another organization's team under this organization's path is 404; under its own path 403", async () => {
      expectErrorEnvelope(await stack.rest('GET', orgTeamPath(`/${ids.org2TeamOwner}`, org.id, org2Team.id), { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('PATCH', orgTeamPath(`/${ids.org2TeamOwner}`, org.id, org2Team.id), { key: orgAdmin.key, body: { role: 'MEMBER' } }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(await stack.rest('GET', orgTeamPath(`/${ids.org2TeamOwner}`, org2.id, org2Team.id), { key: orgAdmin.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('DELETE', orgTeamPath(`/${ids.org2TeamOwner}`, org2.id, org2Team.id), { key: orgAdmin.key }), 403, 'FORBIDDEN');
    });

    it('the last owner of the team is kept (409); DELETE of another member answers it', async () => {
      const ownerRow = expectSuccess(await stack.rest('GET', orgTeamPath(), { key: orgAdmin.key }))[0];
      expectErrorEnvelope(await stack.rest('DELETE', orgTeamPath(`/${ownerRow.id}`), { key: orgAdmin.key }), 409, 'CONFLICT');
      expect(expectSuccess(await stack.rest('DELETE', orgTeamPath(`/${ids.orgTeamMember}`), { key: orgAdmin.key })).id).toBe(ids.orgTeamMember);
    });
  });

  describe('organization memberships (/v2/organizations/{orgId}/memberships): organization admins', () => {
    const notKept: string[] = []; // attributes are answered (attributes.test.ts checks their shapes)

    it('GET lists them in the reference shape (OrganizationMembershipOutput)', async () => {
      const response = await stack.rest('GET', orgPath(), { key: orgAdmin.key });
      const data = expectSuccess(response);
      expect(data.map((m: any) => m.id)).toEqual([ids.orgOwner, ids.orgAdmin, ids.orgMember]);
      for (const m of data) expect(referenceShapeErrors('OrganizationMembershipOutput', m, notKept)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3 });
      expectErrorEnvelope(await stack.rest('GET', orgPath('?take=0'), { key: orgAdmin.key }), 400, 'BAD_REQUEST', /take/);
    });

    it("a plain member, another organization's owner and a team admin outside it get 403", async () => {
      expectErrorEnvelope(await stack.rest('GET', orgPath(), { key: orgMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', orgPath(), { key: org2Owner.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', orgPath(), { key: admin.key, body: { userId: admin.user.id } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', orgPath('', org2.id) + `/${ids.orgOwner}`, { key: orgAdmin.key }), 403, 'FORBIDDEN');
    });

    it('POST adds a user (201); PATCH changes the role; GET one answers it', async () => {
      const data = expectSuccess(
        await stack.rest('POST', orgPath(), { key: orgAdmin.key, body: { userId: orgRecruit.user.id, role: 'MEMBER', accepted: true } }),
        201,
      );
      // Consent: the organization invites; the person accepts with their own key, and only then does it show them.
      expect(data).toMatchObject({ accepted: false, user: null });
      ids.recruit = data.id;
      const accepted = expectSuccess(await stack.rest('POST', `/v2/me/memberships/${ids.recruit}/accept`, { key: orgRecruit.key }));
      expect(accepted).toMatchObject({ id: ids.recruit, accepted: true, user: { email: orgRecruit.user.email } });
      const listed = expectSuccess(await stack.rest('GET', orgPath(`/${ids.recruit}`), { key: orgAdmin.key }));
      expect(referenceShapeErrors('OrganizationMembershipOutput', listed, notKept)).toEqual([]);
      expect(expectSuccess(await stack.rest('PATCH', orgPath(`/${ids.recruit}`), { key: orgAdmin.key, body: { role: 'ADMIN' } })).role).toBe('ADMIN');
      expect(expectSuccess(await stack.rest('GET', orgPath(`/${ids.recruit}`), { key: orgAdmin.key }))).toMatchObject({
        userId: orgRecruit.user.id,
        role: 'ADMIN',
      });
      expectErrorEnvelope(await stack.rest('GET', orgPath(`/${ids.admin}`), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    });

    it('DELETE removes the user from the organization and from its teams', async () => {
      expectSuccess(await stack.rest('POST', orgTeamPath(), { key: orgAdmin.key, body: { userId: orgRecruit.user.id, accepted: true } }), 201);
      expect(expectSuccess(await stack.rest('DELETE', orgPath(`/${ids.recruit}`), { key: orgAdmin.key })).id).toBe(ids.recruit);
      expect(await stack.db('organizations').query('SELECT team_id FROM memberships WHERE user_id = $1', [orgRecruit.user.id])).toEqual([]);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/me`, { key: orgRecruit.key }), 403, 'FORBIDDEN');
    });

    it('the last owner of the organization can be neither removed nor demoted (409)', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', orgPath(`/${ids.orgOwner}`), { key: orgAdmin.key }), 409, 'CONFLICT');
      expectErrorEnvelope(await stack.rest('PATCH', orgPath(`/${ids.orgOwner}`), { key: orgAdmin.key, body: { role: 'MEMBER' } }), 409, 'CONFLICT');
    });
  });
  describe('only an OWNER grants OWNER (@pbac grantsRole): an ADMIN trying gets 403', () => {
    it('team memberships: an ADMIN may add and promote up to ADMIN, never to OWNER; the OWNER may', async () => {
      const op = operatorOf(stack);
      const t = await op.createTeam({ name: 'Escalation', ownerId: owner.user.id });
      await op.addMember({ teamId: t.id, userId: admin.user.id, role: MembershipRole.ADMIN });
      const mo = await op.addMember({ teamId: t.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const path = (suffix = '') => `/v2/teams/${t.id}/memberships${suffix}`;
      expectErrorEnvelope(
        await stack.rest('POST', path(), { key: admin.key, body: { userId: newcomer.user.id, role: 'OWNER' } }),
        403,
        'FORBIDDEN',
        /Only an OWNER/,
      );
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${mo.id}`), { key: admin.key, body: { role: 'OWNER' } }), 403, 'FORBIDDEN', /Only an OWNER/);
      const adminSelf = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [t.id, admin.user.id]))[0].id;
      expectErrorEnvelope(await stack.rest('PATCH', path(`/${adminSelf}`), { key: admin.key, body: { role: 'OWNER' } }), 403, 'FORBIDDEN', /Only an OWNER/);
      expect(expectSuccess(await stack.rest('PATCH', path(`/${mo.id}`), { key: admin.key, body: { role: 'ADMIN' } })).role).toBe('ADMIN');
      expect(expectSuccess(await stack.rest('POST', path(), { key: admin.key, body: { userId: newcomer.user.id, role: 'ADMIN' } }), 201).role).toBe('ADMIN');
      expect(expectSuccess(await stack.rest('PATCH', path(`/${mo.id}`), { key: owner.key, body: { role: 'OWNER' } })).role).toBe('OWNER');
      const owners = await stack.db('organizations').query(`SELECT user_id FROM memberships WHERE team_id = $1 AND role = 'OWNER' ORDER BY user_id`, [t.id]);
      expect(owners.map((r: any) => r.user_id)).toEqual([owner.user.id, member.user.id].sort((a, b) => a - b));
    });

    it('organization memberships, organization users and organization team memberships: the same rule', async () => {
      const op = operatorOf(stack);
      const o = await op.createOrganization({ name: 'Escalation Org', ownerId: owner.user.id });
      await op.addMember({ teamId: o.id, userId: admin.user.id, role: MembershipRole.ADMIN });
      const mo = await op.addMember({ teamId: o.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const ot = await op.createTeam({ name: 'Escalation Org Team', orgId: o.id, ownerId: owner.user.id });
      const tm = await op.addMember({ teamId: ot.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const orgMemberships = `/v2/organizations/${o.id}/memberships`;
      expectErrorEnvelope(
        await stack.rest('POST', orgMemberships, { key: admin.key, body: { userId: newcomer.user.id, role: 'OWNER' } }),
        403,
        'FORBIDDEN',
        /Only an OWNER of the organization/,
      );
      expectErrorEnvelope(
        await stack.rest('PATCH', `${orgMemberships}/${mo.id}`, { key: admin.key, body: { role: 'OWNER' } }),
        403,
        'FORBIDDEN',
        /Only an OWNER/,
      );
      const orgUsers = `/v2/organizations/${o.id}/users`;
      expectErrorEnvelope(
        await stack.rest('POST', orgUsers, { key: admin.key, body: { email: `boss-${o.id}@example.com`, organizationRole: 'OWNER' } }),
        403,
        'FORBIDDEN',
        /Only an OWNER/,
      );
      expect(
        expectSuccess(await stack.rest('POST', orgUsers, { key: admin.key, body: { email: `clerk-${o.id}@example.com`, organizationRole: 'ADMIN' } }), 201),
      ).toMatchObject({ organizationRole: 'ADMIN' });
      // The organization's ADMIN manages its teams, but does not make their owners; the organization's OWNER does.
      const teamPathOf = `/v2/organizations/${o.id}/teams/${ot.id}/memberships/${tm.id}`;
      expectErrorEnvelope(await stack.rest('PATCH', teamPathOf, { key: admin.key, body: { role: 'OWNER' } }), 403, 'FORBIDDEN', /Only an OWNER/);
      expect(expectSuccess(await stack.rest('PATCH', teamPathOf, { key: owner.key, body: { role: 'OWNER' } })).role).toBe('OWNER');
      expect(expectSuccess(await stack.rest('PATCH', `${orgMemberships}/${mo.id}`, { key: owner.key, body: { role: 'OWNER' } })).role).toBe('OWNER');
      expect(
        expectSuccess(await stack.rest('POST', orgMemberships, { key: owner.key, body: { userId: newcomer.user.id, role: 'OWNER', accepted: true } }), 201)
          .role,
      ).toBe('OWNER');
    });
  });
});
