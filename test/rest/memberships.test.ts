import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Team memberships (spec 2.13, 4.12, 8):
 * GET /v2/organizations/{orgId}/teams/{teamId}/memberships, DELETE /v2/teams/{teamId}/memberships/{membershipId}
 * and DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}. Role: team admin.
 */
describe('team memberships', () => {
  let stack: TestStack;
  // People. Every membership is made before the first request: credentials are cached with their memberships.
  let orgOwner: Caller;
  let orgAdmin: Caller; // ADMIN of the organization, member of none of its teams
  let orgMember: Caller; // MEMBER of the organization only
  let teamOwner: Caller;
  let teamAdmin: Caller; // ADMIN of `team` and of `squad`
  let member: Caller; // MEMBER of `team` and of `squad`
  let outsider: Caller; // OWNER of `otherTeam` in the same organization
  let victims: Caller[]; // MEMBERs of `squad`, removed one by one
  // Places.
  let org: { id: number };
  let otherOrg: { id: number };
  let team: { id: number };
  let squad: { id: number };
  let foreignTeam: { id: number }; // a team of otherOrg, where teamAdmin is ADMIN too
  let standaloneTeam: { id: number }; // a team of no organization, where teamAdmin is ADMIN
  let crew: { id: number }; // an org team where teamAdmin is ADMIN until removed
  // Memberships.
  let teamMembershipIds: { owner: number; admin: number; member: number };
  let victimMembershipIds: number[];
  let memberOfSquadId: number;
  let foreignMembershipId: number;
  let standaloneVictimId: number;
  let crewAdminMembershipId: number;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const user = (name: string) => userWithKey(stack, { name });
    [orgOwner, orgAdmin, orgMember, teamOwner, teamAdmin, member, outsider] = [
      await user('Olga Owner'),
      await user('Adam OrgAdmin'),
      await user('Mia OrgMember'),
      await user('Tom TeamOwner'),
      await user('Tara TeamAdmin'),
      await user('Max Member'),
      await user('Otto Outsider'),
    ];
    victims = [await user('Vic One'), await user('Vic Two'), await user('Vic Three'), await user('Vic Four')];

    org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
    otherOrg = await operator.createOrganization({ name: 'Globex', ownerId: outsider.user.id });
    await operator.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN });
    await operator.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });

    team = await operator.createTeam({ name: 'Engineering', orgId: org.id, ownerId: teamOwner.user.id });
    const adminMembership = await operator.addMember({ teamId: team.id, userId: teamAdmin.user.id, role: MembershipRole.ADMIN });
    const memberMembership = await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });

    squad = await operator.createTeam({ name: 'Squad', orgId: org.id, ownerId: teamOwner.user.id });
    await operator.addMember({ teamId: squad.id, userId: teamAdmin.user.id, role: MembershipRole.ADMIN });
    memberOfSquadId = (await operator.addMember({ teamId: squad.id, userId: member.user.id, role: MembershipRole.MEMBER })).id;
    victimMembershipIds = [];
    for (const victim of victims)
      victimMembershipIds.push((await operator.addMember({ teamId: squad.id, userId: victim.user.id, role: MembershipRole.MEMBER })).id);

    await operator.createTeam({ name: 'Sales', orgId: org.id, ownerId: outsider.user.id });
    foreignTeam = await operator.createTeam({ name: 'Globex Engineering', orgId: otherOrg.id, ownerId: outsider.user.id });
    await operator.addMember({ teamId: foreignTeam.id, userId: teamAdmin.user.id, role: MembershipRole.ADMIN });
    foreignMembershipId = (await operator.addMember({ teamId: foreignTeam.id, userId: member.user.id, role: MembershipRole.MEMBER })).id;
    standaloneTeam = await operator.createTeam({ name: 'Book club', ownerId: teamAdmin.user.id });
    standaloneVictimId = (await operator.addMember({ teamId: standaloneTeam.id, userId: victims[0].user.id, role: MembershipRole.MEMBER })).id;

    crew = await operator.createTeam({ name: 'Crew', orgId: org.id, ownerId: teamOwner.user.id });
    crewAdminMembershipId = (await operator.addMember({ teamId: crew.id, userId: teamAdmin.user.id, role: MembershipRole.ADMIN })).id;

    const ownerMembership = (await stack.rest('GET', '/v2/me', { key: teamOwner.key })).body.data.memberships.find((m: any) => m.teamId === team.id);
    teamMembershipIds = { owner: ownerMembership.id, admin: adminMembership.id, member: memberMembership.id };
  });
  afterAll(() => stack.stop());

  const listPath = (orgId: number, teamId: number, query = '') => `/v2/organizations/${orgId}/teams/${teamId}/memberships${query}`;

  /** Ids of the squad's memberships, as its team admin sees them. */
  async function squadMembershipIds(): Promise<number[]> {
    return expectSuccess(await stack.rest('GET', listPath(org.id, squad.id), { key: teamAdmin.key })).map((m: any) => m.id);
  }

  describe('GET /v2/organizations/{orgId}/teams/{teamId}/memberships: data is an array of type 2.13', () => {
    it('a team admin gets 200 with every membership of the team, in the shape of 2.13, and pagination', async () => {
      const response = await stack.rest('GET', listPath(org.id, team.id), { key: teamAdmin.key });
      const data = expectSuccess(response);
      expect(data).toEqual([
        {
          id: teamMembershipIds.owner,
          userId: teamOwner.user.id,
          teamId: team.id,
          accepted: true,
          role: 'OWNER',
          disableImpersonation: false,
          user: { email: teamOwner.user.email, username: teamOwner.user.username, name: 'Tom TeamOwner', avatarUrl: null, bio: null, metadata: {} },
        },
        expect.objectContaining({ id: teamMembershipIds.admin, userId: teamAdmin.user.id, teamId: team.id, role: 'ADMIN', accepted: true }),
        expect.objectContaining({ id: teamMembershipIds.member, userId: member.user.id, teamId: team.id, role: 'MEMBER', accepted: true }),
      ]);
      for (const m of data) {
        expect(Object.keys(m).sort()).toEqual(['accepted', 'disableImpersonation', 'id', 'role', 'teamId', 'user', 'userId']);
        expect(Object.keys(m.user).sort()).toEqual(['avatarUrl', 'bio', 'email', 'metadata', 'name', 'username']);
        expect(typeof m.user.email).toBe('string');
        expect(typeof m.user.metadata).toBe('object');
      }
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('the team owner gets 200', async () => {
      expect(expectSuccess(await stack.rest('GET', listPath(org.id, team.id), { key: teamOwner.key }))).toHaveLength(3);
    });

    it('an org admin (ADMIN of the organization, not of the team) gets 200', async () => {
      const data = expectSuccess(await stack.rest('GET', listPath(org.id, team.id), { key: orgAdmin.key }));
      expect(data.map((m: any) => m.id)).toEqual([teamMembershipIds.owner, teamMembershipIds.admin, teamMembershipIds.member]);
    });

    it('the org owner gets 200', async () => {
      expect(expectSuccess(await stack.rest('GET', listPath(org.id, team.id), { key: orgOwner.key }))).toHaveLength(3);
    });

    it('a plain MEMBER of the team → 403 FORBIDDEN', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id), { key: member.key }), 403, 'FORBIDDEN');
    });

    it('a plain MEMBER of the organization → 403 FORBIDDEN', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id), { key: orgMember.key }), 403, 'FORBIDDEN');
    });

    it('the owner of another team of the same organization → 403 FORBIDDEN', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id), { key: outsider.key }), 403, 'FORBIDDEN');
    });

    it('without a credential → 401 UNAUTHORIZED', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id)), 401, 'UNAUTHORIZED');
    });

    it('a team that is not in that organization → 404 NOT_FOUND (for the team admin and for the org admin)', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(otherOrg.id, team.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, foreignTeam.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, standaloneTeam.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, foreignTeam.id), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    });

    it('an unknown team → 404 NOT_FOUND for the org admin', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, 999999), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    });

    it('the organization itself is not one of its teams → 404 NOT_FOUND', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, org.id), { key: orgOwner.key }), 404, 'NOT_FOUND');
    });

    it('non-numeric path ids → 400 naming the parameter', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, 'abc' as never), { key: teamAdmin.key }), 400, 'BAD_REQUEST', /teamId/);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/x/teams/${team.id}/memberships`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /orgId/);
    });
  });

  describe('query: a maximum item count (integer 1 to 250) and a skip count (integer, 0 or more)', () => {
    it.each([
      ['take=0', /\btake\b/],
      ['take=251', /\btake\b/],
      ['take=-1', /\btake\b/],
      ['take=abc', /\btake\b/],
      ['take=1.5', /\btake\b/],
      ['skip=-1', /\bskip\b/],
      ['skip=abc', /\bskip\b/],
    ])('%s → 400 BAD_REQUEST whose message names the parameter', async (query, field) => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id, `?${query}`), { key: teamAdmin.key }), 400, 'BAD_REQUEST', field);
    });

    it('take=250 and skip=0 are accepted', async () => {
      const response = await stack.rest('GET', listPath(org.id, team.id, '?take=250&skip=0'), { key: teamAdmin.key });
      expect(expectSuccess(response)).toHaveLength(3);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('take=1 → one membership and hasNextPage; take=2&skip=2 → the last one', async () => {
      const first = await stack.rest('GET', listPath(org.id, team.id, '?take=1'), { key: teamAdmin.key });
      expect(expectSuccess(first).map((m: any) => m.id)).toEqual([teamMembershipIds.owner]);
      expect(first.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 3, hasNextPage: true });
      const last = await stack.rest('GET', listPath(org.id, team.id, '?take=2&skip=2'), { key: teamAdmin.key });
      expect(expectSuccess(last).map((m: any) => m.id)).toEqual([teamMembershipIds.member]);
      expect(last.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
    });

    it('the 403 of a plain member comes regardless of the query', async () => {
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, team.id, '?take=250'), { key: member.key }), 403, 'FORBIDDEN');
    });
  });

  describe('DELETE /v2/teams/{teamId}/memberships/{membershipId}: data is the removed membership', () => {
    it('a team admin → 200 with the removed membership, and the member is gone afterwards', async () => {
      const [victim, id] = [victims[0], victimMembershipIds[0]];
      const removed = expectSuccess(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${id}`, { key: teamAdmin.key }));
      expect(removed).toEqual({
        id,
        userId: victim.user.id,
        teamId: squad.id,
        accepted: true,
        role: 'MEMBER',
        disableImpersonation: false,
        user: { email: victim.user.email, username: victim.user.username, name: 'Vic One', avatarUrl: null, bio: null, metadata: {} },
      });
      expect(await squadMembershipIds()).not.toContain(id);
    });

    it('the same membership again → 404 NOT_FOUND', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${victimMembershipIds[0]}`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('a plain member → 403 FORBIDDEN, and nothing is removed', async () => {
      const before = await squadMembershipIds();
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${victimMembershipIds[1]}`, { key: member.key }), 403, 'FORBIDDEN');
      expect(await squadMembershipIds()).toEqual(before);
    });

    it('a user of another team → 403 FORBIDDEN, and nothing is removed', async () => {
      const before = await squadMembershipIds();
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${victimMembershipIds[1]}`, { key: outsider.key }), 403, 'FORBIDDEN');
      expect(await squadMembershipIds()).toEqual(before);
    });

    it('without a credential → 401, and nothing is removed', async () => {
      const before = await squadMembershipIds();
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${victimMembershipIds[1]}`), 401, 'UNAUTHORIZED');
      expect(await squadMembershipIds()).toEqual(before);
    });

    it('an unknown membership → 404 NOT_FOUND', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/999999`, { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('a membership of another team → 404 NOT_FOUND, and it is not removed', async () => {
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/${teamMembershipIds.member}`, { key: teamAdmin.key }),
        404,
        'NOT_FOUND',
      );
      const engineering = expectSuccess(await stack.rest('GET', listPath(org.id, team.id), { key: teamAdmin.key }));
      expect(engineering.map((m: any) => m.id)).toContain(teamMembershipIds.member);
    });

    it('a removed team admin loses the role at once', async () => {
      expectSuccess(await stack.rest('GET', listPath(org.id, crew.id), { key: teamAdmin.key }));
      expectSuccess(await stack.rest('DELETE', `/v2/teams/${crew.id}/memberships/${crewAdminMembershipId}`, { key: teamOwner.key }));
      expectErrorEnvelope(await stack.rest('GET', listPath(org.id, crew.id), { key: teamAdmin.key }), 403, 'FORBIDDEN');
    });

    it('a team admin of a team outside any organization → 200', async () => {
      const removed = expectSuccess(await stack.rest('DELETE', `/v2/teams/${standaloneTeam.id}/memberships/${standaloneVictimId}`, { key: teamAdmin.key }));
      expect(removed).toMatchObject({ id: standaloneVictimId, teamId: standaloneTeam.id, userId: victims[0].user.id });
    });

    it('non-numeric ids → 400 naming the parameter', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${squad.id}/memberships/abc`, { key: teamAdmin.key }), 400, 'BAD_REQUEST', /membershipId/);
    });
  });

  describe('DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}: the same', () => {
    it('a team admin → 200 with the removed membership, and the member is gone afterwards', async () => {
      const [victim, id] = [victims[1], victimMembershipIds[1]];
      const removed = expectSuccess(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${squad.id}/memberships/${id}`, { key: teamAdmin.key }));
      expect(removed).toMatchObject({
        id,
        userId: victim.user.id,
        teamId: squad.id,
        role: 'MEMBER',
        accepted: true,
        user: { email: victim.user.email, name: 'Vic Two' },
      });
      expect(await squadMembershipIds()).not.toContain(id);
    });

    it('an org admin (not a member of the team) → 200', async () => {
      const id = victimMembershipIds[2];
      const removed = expectSuccess(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${squad.id}/memberships/${id}`, { key: orgAdmin.key }));
      expect(removed).toMatchObject({ id, userId: victims[2].user.id, teamId: squad.id });
      expect(await squadMembershipIds()).not.toContain(id);
    });

    it('a plain member → 403 FORBIDDEN, and nothing is removed', async () => {
      const before = await squadMembershipIds();
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${squad.id}/memberships/${victimMembershipIds[3]}`, { key: member.key }),
        403,
        'FORBIDDEN',
      );
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${squad.id}/memberships/${victimMembershipIds[3]}`, { key: orgMember.key }),
        403,
        'FORBIDDEN',
      );
      expect(await squadMembershipIds()).toEqual(before);
    });

    it('a team belonging to a different org → 404 NOT_FOUND, and nothing is removed', async () => {
      const before = await squadMembershipIds();
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${otherOrg.id}/teams/${squad.id}/memberships/${victimMembershipIds[3]}`, { key: teamAdmin.key }),
        404,
        'NOT_FOUND',
      );
      expect(await squadMembershipIds()).toEqual(before);
      // and the other way round: the org admin of `org` on a team of `otherOrg`
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${foreignTeam.id}/memberships/${foreignMembershipId}`, { key: orgAdmin.key }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${foreignTeam.id}/memberships/${foreignMembershipId}`, { key: teamAdmin.key }),
        404,
        'NOT_FOUND',
      );
      const foreign = expectSuccess(await stack.rest('GET', listPath(otherOrg.id, foreignTeam.id), { key: teamAdmin.key }));
      expect(foreign.map((m: any) => m.id)).toContain(foreignMembershipId);
    });

    it('an unknown membership → 404 NOT_FOUND', async () => {
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${squad.id}/memberships/999999`, { key: teamAdmin.key }),
        404,
        'NOT_FOUND',
      );
    });

    it('the squad keeps everybody who was not removed', async () => {
      const remaining = await squadMembershipIds();
      expect(remaining).toEqual(expect.arrayContaining([memberOfSquadId, victimMembershipIds[3]]));
      expect(remaining).toHaveLength(4); // owner, admin, member, the fourth victim
    });
  });
});
