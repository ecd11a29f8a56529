import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { applyProfile, memberUser, Person, person } from './people';

/**
 * Conformance: teams, team memberships, team invite links and organization team memberships, replayed from the real service's
 * public e2e specs (apps/api/v2/src/modules/…, named beside each case). Their Prisma fixtures become our
 * operator tool and API calls; their assertions are kept, except the deviations of docs/compatibility.md,
 * where the case asserts our answer and names the row.
 */
describe('conformance: teams and memberships', () => {
  let stack: TestStack;
  const bio = 'This is a bio';
  const metadata = { some: 'key' };

  // teams/teams/controllers/teams.controller.e2e-spec.ts
  let alice: Person;
  let bob: Person;
  // teams/memberships/controllers/teams-memberships.controller.e2e-spec.ts
  let teamAdmin: Person;
  let teamMember: Person;
  let invitee: Person;
  let pendingUser: Person;
  let team: { id: number };
  let adminMembershipId: number;
  let memberMembershipId: number;
  // organizations/teams/memberships/e2e/organizations-teams-memberships.controller.e2e-spec.ts
  let orgAdmin: Person;
  let orgMember: Person;
  let orgInvitee: Person;
  let nonOrgUser: Person;
  let org: { id: number };
  let orgTeam: { id: number };
  let nonOrgTeam: { id: number };
  let orgAdminTeamMembershipId: number;
  let orgMemberTeamMembershipId: number;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [alice, bob, teamAdmin, teamMember, invitee, pendingUser, orgAdmin, orgMember, orgInvitee, nonOrgUser] = await Promise.all([
      person(stack, 'alice'),
      person(stack, 'bob'),
      person(stack, 'alice-admin', { bio, metadata }),
      person(stack, 'bob-member', { bio, metadata }),
      person(stack, 'david-invited', { bio, metadata }),
      person(stack, 'pending-user', { bio, metadata }),
      person(stack, 'org-admin', { bio, metadata }),
      person(stack, 'org-member', { bio, metadata }),
      person(stack, 'org-invited', { bio, metadata }),
      person(stack, 'non-org'),
    ]);
    // Teams without an owner, as the specs' fixtures make them: their members are only those listed.
    [team, org, nonOrgTeam] = await Promise.all([
      operator.createTeam({ name: 'Team conformance' }),
      operator.createOrganization({ name: 'Org conformance' }),
      operator.createTeam({ name: 'Team outside the organization' }),
    ]);
    orgTeam = await operator.createTeam({ name: 'Org team conformance', orgId: org.id });
    // The memberships in the order the specs make them (list order is by id).
    adminMembershipId = (await operator.addMember({ teamId: team.id, userId: teamAdmin.id, role: MembershipRole.ADMIN })).id;
    memberMembershipId = (await operator.addMember({ teamId: team.id, userId: teamMember.id, role: MembershipRole.MEMBER })).id;
    orgAdminTeamMembershipId = (await operator.addMember({ teamId: orgTeam.id, userId: orgAdmin.id, role: MembershipRole.ADMIN })).id;
    orgMemberTeamMembershipId = (await operator.addMember({ teamId: orgTeam.id, userId: orgMember.id, role: MembershipRole.MEMBER })).id;
    await Promise.all([
      operator.addMember({ teamId: org.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: org.id, userId: orgMember.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: org.id, userId: orgInvitee.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: nonOrgTeam.id, userId: nonOrgUser.id, role: MembershipRole.MEMBER }),
    ]);
    await Promise.all([teamAdmin, teamMember, invitee, pendingUser, orgAdmin, orgMember, orgInvitee].map((who) => applyProfile(stack, who)));
  });
  afterAll(() => stack.stop());

  describe('teams.controller.e2e-spec.ts (Teams endpoint)', () => {
    let team1: any;
    let team2: any;

    it('"should create first team": 201, the slug of the name, metadata echoed', async () => {
      const body = { name: 'teams dog conformance', metadata: { teamKey: 'teamValue' } };
      team1 = expectSuccess(await stack.rest('POST', '/v2/teams', { key: alice.key, body }), 201);
      expect(team1).toEqual(expect.objectContaining({ id: expect.any(Number), name: body.name, slug: 'teams-dog-conformance', metadata: body.metadata }));
    });

    it('"should not create a team with string metadata": 400', async () => {
      const body = { name: 'teams-dog-string', metadata: JSON.stringify({ teamKey: 'teamValue' }) };
      const response = await stack.rest('POST', '/v2/teams', { key: alice.key, body });
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    });

    it('"should create second team": empty metadata echoed', async () => {
      const body = { name: 'teams-cats-conformance', metadata: {} };
      team2 = expectSuccess(await stack.rest('POST', '/v2/teams', { key: alice.key, body }), 201);
      expect(team2).toEqual(expect.objectContaining({ id: expect.any(Number), name: body.name, metadata: {} }));
    });

    it('"should get a team"', async () => {
      expect(expectSuccess(await stack.rest('GET', `/v2/teams/${team1.id}`, { key: alice.key }))).toEqual(expect.objectContaining({ name: team1.name }));
    });

    it('"should get teams": both', async () => {
      const data = expectSuccess(await stack.rest('GET', '/v2/teams', { key: alice.key }));
      expect(data.map((t: any) => t.id).sort()).toEqual([team1.id, team2.id].sort());
    });

    it('"should update a team": name and metadata', async () => {
      const body = { name: 'teams-dogs-shepherds-conformance', metadata: { teamKey: 'teamValue 2' } };
      team1 = expectSuccess(await stack.rest('PATCH', `/v2/teams/${team1.id}`, { key: alice.key, body }));
      expect(team1).toEqual(expect.objectContaining({ name: body.name, metadata: body.metadata }));
    });

    it('"should not be able to get a team" (not a member): 403', async () => {
      expect((await stack.rest('GET', `/v2/teams/${team2.id}`, { key: bob.key })).status).toBe(403);
    });

    it('"should not be able to delete a team" (an accepted MEMBER): 403', async () => {
      // Their fixture writes an accepted membership; here alice invites bob and bob accepts.
      const body = { userId: bob.id, role: 'MEMBER' };
      const invitation = expectSuccess(await stack.rest('POST', `/v2/teams/${team2.id}/memberships`, { key: alice.key, body }), 201);
      expectSuccess(await stack.rest('POST', `/v2/me/memberships/${invitation.id}/accept`, { key: bob.key }));
      expect((await stack.rest('DELETE', `/v2/teams/${team2.id}`, { key: bob.key })).status).toBe(403);
    });

    it('"should delete team" (both): 200 with the deleted team', async () => {
      for (const deleted of [team1, team2]) {
        const data = expectSuccess(await stack.rest('DELETE', `/v2/teams/${deleted.id}`, { key: alice.key }));
        expect(data).toEqual(expect.objectContaining({ name: deleted.name }));
      }
    });
  });

  describe('teams-memberships.controller.e2e-spec.ts (User is Team Admin)', () => {
    const path = () => `/v2/teams/${team.id}/memberships`;
    const list = async (query = '') => expectSuccess(await stack.rest('GET', `${path()}${query}`, { key: teamAdmin.key }));
    let created: any;

    it('"should get all the memberships of the team": by id, with the user profile', async () => {
      const data = await list();
      expect(data).toEqual([
        expect.objectContaining({ id: adminMembershipId, teamId: team.id, userId: teamAdmin.id, role: 'ADMIN', user: memberUser(teamAdmin) }),
        expect.objectContaining({ id: memberMembershipId, teamId: team.id, userId: teamMember.id, role: 'MEMBER', user: memberUser(teamMember) }),
      ]);
    });

    it('"should not be able to access memberships if not part of the team": 403', async () => {
      expect((await stack.rest('GET', '/v2/teams/9999/memberships', { key: teamAdmin.key })).status).toBe(403);
    });

    it('"should get all the memberships of the org\'s team paginated": skip=1&take=1', async () => {
      const expected = expect.objectContaining({ id: memberMembershipId, teamId: team.id, role: 'MEMBER', user: memberUser(teamMember) });
      expect(await list('?skip=1&take=1')).toEqual([expected]);
    });

    it('"should get membership of the team"', async () => {
      const data = expectSuccess(await stack.rest('GET', `${path()}/${adminMembershipId}`, { key: teamAdmin.key }));
      expect(data).toEqual(expect.objectContaining({ id: adminMembershipId, userId: teamAdmin.id, role: 'ADMIN', user: memberUser(teamAdmin) }));
    });

    it('"should have created the membership of the org\'s team…": 201 — an invitation here (compatibility: memberships, consent)', async () => {
      // Deviation (docs/compatibility.md, "Memberships: consent", rows 1 and 3): accepted:true by an admin is an
      // invitation, and its user is shown to nobody but its person.
      created = expectSuccess(await stack.rest('POST', path(), { key: teamAdmin.key, body: { userId: invitee.id, accepted: true, role: 'MEMBER' } }), 201);
      expect(created).toEqual(expect.objectContaining({ teamId: team.id, userId: invitee.id, role: 'MEMBER', accepted: false, user: null }));
    });

    it('"should update the membership of the org\'s team": role OWNER by an ADMIN — 403 here (compatibility: only an owner grants OWNER)', async () => {
      // Deviation (docs/compatibility.md, "Teams and memberships", row 1).
      const response = await stack.rest('PATCH', `${path()}/${created.id}`, { key: teamAdmin.key, body: { role: 'OWNER' } });
      expect(response.status).toBe(403);
    });

    it('"should assign team wide events when membership transitions from accepted=false to accepted=true via PATCH": 403 (consent)', async () => {
      const body = { userId: pendingUser.id, accepted: false, role: 'MEMBER' };
      const pending = expectSuccess(await stack.rest('POST', path(), { key: teamAdmin.key, body }), 201);
      expect(pending.accepted).toBe(false);
      // Deviation (docs/compatibility.md, "Memberships: consent", row 2): only the person accepts an invitation.
      expect((await stack.rest('PATCH', `${path()}/${pending.id}`, { key: teamAdmin.key, body: { accepted: true } })).status).toBe(403);
      expect((await stack.rest('DELETE', `${path()}/${pending.id}`, { key: teamAdmin.key })).status).toBe(200);
    });

    it('"should delete the membership of the org\'s team we created via api": the removed membership', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `${path()}/${created.id}`, { key: teamAdmin.key })).id).toBe(created.id);
    });

    it('"should fail to get the membership of the org\'s team we just deleted": 404', async () => {
      expect((await stack.rest('GET', `${path()}/${created.id}`, { key: teamAdmin.key })).status).toBe(404);
    });

    it('"should fail if the membership does not exist": 404', async () => {
      expect((await stack.rest('GET', `${path()}/123132145`, { key: teamAdmin.key })).status).toBe(404);
    });

    it('"should filter memberships by single email"', async () => {
      expect(await list(`?emails=${teamAdmin.email}`)).toEqual([expect.objectContaining({ userId: teamAdmin.id, role: 'ADMIN', user: memberUser(teamAdmin) })]);
    });

    it('"should filter memberships by multiple emails"', async () => {
      const data = await list(`?emails=${teamAdmin.email},${teamMember.email}`);
      expect(data.map((m: any) => [m.user.email, m.role]).sort()).toEqual(
        [
          [teamAdmin.email, 'ADMIN'],
          [teamMember.email, 'MEMBER'],
        ].sort(),
      );
    });

    it('"should return empty array when filtering by non-existent email"', async () => {
      expect(await list('?emails=nonexistent-conformance@test.com')).toEqual([]);
    });

    it('"should return partial results when filtering by mix of existing and non-existent emails"', async () => {
      expect((await list(`?emails=${teamAdmin.email},nonexistent-conformance@test.com`)).map((m: any) => m.user.email)).toEqual([teamAdmin.email]);
    });

    it('"should work with pagination and email filtering combined"', async () => {
      const data = await list(`?emails=${teamAdmin.email},${teamMember.email}&skip=1&take=1`);
      expect(data).toHaveLength(1);
      expect([teamAdmin.email, teamMember.email]).toContain(data[0].user.email);
    });

    it('"should handle empty emails array gracefully": no filter', async () => {
      expect(await list('?emails=')).toHaveLength(2);
    });

    it('"should handle URL encoded email addresses in filter"', async () => {
      expect((await list(`?emails=${encodeURIComponent(teamAdmin.email)}`)).map((m: any) => m.user.email)).toEqual([teamAdmin.email]);
    });

    it('"should filter by email and maintain all user properties"', async () => {
      expect(await list(`?emails=${teamMember.email}`)).toEqual([
        expect.objectContaining({ teamId: team.id, userId: teamMember.id, role: 'MEMBER', user: memberUser(teamMember) }),
      ]);
    });

    it('"should validate email array size limits": 21 e-mails are a 400', async () => {
      const tooMany = Array.from({ length: 21 }, (_, i) => `test${i}@example.com`).join(',');
      const response = await stack.rest('GET', `${path()}?emails=${tooMany}`, { key: teamAdmin.key });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/emails/);
    });

    it('(limit) 20 e-mails are accepted', async () => {
      const twenty = [teamAdmin.email, ...Array.from({ length: 19 }, (_, i) => `test${i}@example.com`)].join(',');
      expect((await list(`?emails=${twenty}`)).map((m: any) => m.userId)).toEqual([teamAdmin.id]);
    });
  });

  it('the OpenAPI document marks the deliberate deviations of this family (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    const marks = (path: string, method: string): string[] => paths[path][method]['x-svc-deviation'] ?? [];
    expect(marks('/v2/teams/{teamId}/memberships/{membershipId}', 'patch')).toEqual(expect.arrayContaining([expect.stringMatching(/OWNER/)]));
    expect(marks('/v2/organizations/{orgId}/teams/{teamId}/memberships', 'get')).toEqual([
      expect.stringMatching(/another organization's path gets 404/),
      expect.stringMatching(/team MEMBER without a custom role/), // "Organization roles" (organization-roles.test.ts)
    ]);
    expect(marks('/v2/teams/{teamId}/memberships', 'get')).toEqual([]);
  });

  describe('organizations-teams-memberships.controller.e2e-spec.ts (User is Org Admin)', () => {
    const path = () => `/v2/organizations/${org.id}/teams/${orgTeam.id}/memberships`;
    let created: any;
    // e2e/organizations-teams-memberships.controller.e2e-spec.ts: the team's two event types for all its members.
    const EVENT_TYPES_VERSION = { 'svc-api-version': '2024-06-14' };
    let collective: { id: number };

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const base = { lengthInMinutes: 30, teamId: orgTeam.id, assignAllTeamMembers: true };
      [collective] = await Promise.all([
        operator.createEventType({ ...base, title: 'Collective Event Type', slug: 'collective-event-type', schedulingType: 'collective' }),
        operator.createEventType({ ...base, title: 'Managed Event Type', slug: 'managed-event-type', lengthInMinutes: 60, schedulingType: 'managed' }),
      ]);
    });

    it('"should get all the memberships of the org\'s team": by id, with the user profile', async () => {
      expect(expectSuccess(await stack.rest('GET', path(), { key: orgAdmin.key }))).toEqual([
        expect.objectContaining({ id: orgAdminTeamMembershipId, teamId: orgTeam.id, userId: orgAdmin.id, role: 'ADMIN', user: memberUser(orgAdmin) }),
        expect.objectContaining({ id: orgMemberTeamMembershipId, teamId: orgTeam.id, userId: orgMember.id, role: 'MEMBER', user: memberUser(orgMember) }),
      ]);
    });

    it('"should fail to get all the memberships of team which is not in the org": 404', async () => {
      expect((await stack.rest('GET', `/v2/organizations/${org.id}/teams/${nonOrgTeam.id}/memberships`, { key: orgAdmin.key })).status).toBe(404);
    });

    it('"should get all the memberships of the org\'s team paginated"', async () => {
      expect(expectSuccess(await stack.rest('GET', `${path()}?skip=1&take=1`, { key: orgAdmin.key }))).toEqual([
        expect.objectContaining({ id: orgMemberTeamMembershipId, userId: orgMember.id, role: 'MEMBER', user: memberUser(orgMember) }),
      ]);
    });

    it('"should fail if org does not exist": 403 there, 404 here for the admin of the team (compatibility: team admins on the organization path)', async () => {
      // Deviation (docs/compatibility.md, "Teams and memberships", row 2): the team's admin may use the organization path
      // (spec 4.12, role: team admin), so the answer is that their team is not under that organization.
      const response = await stack.rest('GET', `/v2/organizations/120494059/teams/${orgTeam.id}/memberships`, { key: orgAdmin.key });
      expect(response.status).toBe(404);
      // Somebody who administers neither gets the real service's 403, whether the organization exists or not.
      expect((await stack.rest('GET', `/v2/organizations/120494059/teams/${orgTeam.id}/memberships`, { key: nonOrgUser.key })).status).toBe(403);
      expect((await stack.rest('GET', path(), { key: nonOrgUser.key })).status).toBe(403);
    });

    it('"should get the membership of the org\'s team"', async () => {
      const data = expectSuccess(await stack.rest('GET', `${path()}/${orgAdminTeamMembershipId}`, { key: orgAdmin.key }));
      expect(data).toEqual(
        expect.objectContaining({ id: orgAdminTeamMembershipId, userId: orgAdmin.id, role: 'ADMIN', teamId: orgTeam.id, user: memberUser(orgAdmin) }),
      );
    });

    it('"should fail to get the membership of a team not in the org": 404', async () => {
      const elsewhere = `/v2/organizations/${org.id}/teams/${nonOrgTeam.id}/memberships/${orgAdminTeamMembershipId}`;
      const response = await stack.rest('GET', elsewhere, { key: orgAdmin.key });
      expect(response.status).toBe(404);
    });

    it('"should fail to create the membership of a team not in the org": 404', async () => {
      const body = { userId: orgInvitee.id, accepted: true, role: 'MEMBER' };
      expect((await stack.rest('POST', `/v2/organizations/${org.id}/teams/${nonOrgTeam.id}/memberships`, { key: orgAdmin.key, body })).status).toBe(404);
    });

    it('"should have created the membership of the org\'s team and assigned team wide events": accepted, with the user', async () => {
      const body = { userId: orgInvitee.id, accepted: true, role: 'MEMBER' };
      created = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(created).toEqual(
        expect.objectContaining({ teamId: orgTeam.id, role: 'MEMBER', userId: orgInvitee.id, accepted: true, user: memberUser(orgInvitee) }),
      );
      // Their userHasCorrectEventTypes: a host of the collective event type, and one event type of their own, the managed one's copy.
      const teamEventType = await stack.rest('GET', `/v2/organizations/${org.id}/teams/${orgTeam.id}/event-types/${collective.id}`, {
        key: orgAdmin.key,
        headers: EVENT_TYPES_VERSION,
      });
      expect(expectSuccess(teamEventType).hosts.map((h: { userId: number }) => h.userId)).toContain(orgInvitee.id);
      const own = await stack.rest('GET', `/v2/event-types?username=${orgInvitee.username}`, { key: orgInvitee.key, headers: EVENT_TYPES_VERSION });
      expect(expectSuccess(own).map((e: { slug: string }) => e.slug)).toEqual(['managed-event-type']);
    });

    it('"should fail to create the membership of the org\'s team for a non org user": 422 there, 400 here (compatibility: consent, row 5)', async () => {
      const response = await stack.rest('POST', path(), { key: orgAdmin.key, body: { userId: nonOrgUser.id, accepted: true, role: 'MEMBER' } });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/userId/);
    });

    it('"should update the membership of the org\'s team": role OWNER by an ADMIN — 403 here (compatibility: only an owner grants OWNER)', async () => {
      // Deviation (docs/compatibility.md, "Teams and memberships", row 1).
      const response = await stack.rest('PATCH', `${path()}/${created.id}`, { key: orgAdmin.key, body: { role: 'OWNER' } });
      expect(response.status).toBe(403);
      expect(response.body.error.message).toMatch(/OWNER/);
      // What an ADMIN may change, it changes, with the real service's answer.
      const data = expectSuccess(await stack.rest('PATCH', `${path()}/${created.id}`, { key: orgAdmin.key, body: { role: 'ADMIN' } }));
      expect(data).toEqual(expect.objectContaining({ role: 'ADMIN', user: memberUser(orgInvitee) }));
    });

    it('"should delete the membership of the org\'s team we created via api"', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `${path()}/${created.id}`, { key: orgAdmin.key })).id).toBe(created.id);
    });

    it('"should fail to get the membership of the org\'s team we just deleted": 404', async () => {
      expect((await stack.rest('GET', `${path()}/${created.id}`, { key: orgAdmin.key })).status).toBe(404);
    });

    it('"should fail if the membership does not exist": 404', async () => {
      expect((await stack.rest('GET', `${path()}/123132145`, { key: orgAdmin.key })).status).toBe(404);
    });
  });

  describe('teams/invite/controllers/teams-invite.controller.e2e-spec.ts ("Teams Invite Endpoints")', () => {
    const invite = (who: Person) => stack.rest('POST', `/v2/teams/${team.id}/invite`, { key: who.key });
    const expectInvite = (data: { token: string; inviteLink: string }) => {
      expect(data.token.length).toBeGreaterThan(0);
      expect(data.inviteLink).toEqual(expect.any(String));
      expect(data.inviteLink).toContain(data.token);
    };

    it('"User is Team Admin › should create a team invite": 200, a token inside the link', async () => {
      expectInvite(expectSuccess(await invite(teamAdmin)));
    });

    it('"User is Team Admin › should create a new invite on each request"', async () => {
      const first = expectSuccess(await invite(teamAdmin));
      const second = expectSuccess(await invite(teamAdmin));
      expectInvite(second);
      expect(second.token).not.toEqual(first.token);
    });

    it('"User is Team Member (not Admin) › should fail to create invite as non-admin member": 403', async () => {
      expect((await invite(teamMember)).status).toBe(403);
    });

    it('"User is not a Team Member › should fail to create invite as non-member": 403', async () => {
      expect((await invite(nonOrgUser)).status).toBe(403);
    });
  });
  /**
   * organizations/teams/invite/organizations-teams-invite.controller.e2e-spec.ts ("Organizations Teams Invite Endpoints ›
   * User Authentication - User is Org Team Admin"): their user is ADMIN of the organization and of its team, as this
   * file's organization admin is. The copy replayed is the one without a body: the reference document's operation takes
   * none (an older copy reused a `token` sent in the body).
   */
  describe('organizations-teams-invite.controller.e2e-spec.ts ("User is Org Team Admin")', () => {
    const invite = (teamId: number) => stack.rest('POST', `/v2/organizations/${org.id}/teams/${teamId}/invite`, { key: orgAdmin.key });
    const expectInvite = (data: { token: string; inviteLink: string }) => {
      expect(data.token.length).toBeGreaterThan(0);
      expect(data.inviteLink).toEqual(expect.any(String));
      expect(data.inviteLink).toContain(data.token);
    };

    it('"should create a team invite": 200, a token inside the link', async () => {
      expectInvite(expectSuccess(await invite(orgTeam.id)));
    });

    it('"should create a new invite on each request"', async () => {
      const first = expectSuccess(await invite(orgTeam.id));
      const second = expectSuccess(await invite(orgTeam.id));
      expectInvite(second);
      expect(second.token).not.toEqual(first.token);
    });

    it('"should fail for team not in organization": 404', async () => {
      expect((await invite(nonOrgTeam.id)).status).toBe(404);
    });
  });
  /**
   * organizations/teams/memberships/e2e/organizations-teams-memberships-guard.controller.e2e-spec.ts ("Organizations Teams
   * Memberships Endpoints"): who may be added to an organization and its teams when managed users (a platform OAuth
   * client's) are about. Their platform organization is a fixture row with the platform flag and two clients; here an
   * organization whose OWNER registers the two clients (the operator approves them), which make the managed users (each
   * joins the client's organization, docs/decisions.md "Managed users"). Their clients carry all their permissions; here
   * the first asks for the organization scopes its calls need (spec 5.3).
   */
  describe('e2e/organizations-teams-memberships-guard.controller.e2e-spec.ts', () => {
    let orgOwner: Person;
    let platformOrgOwner: Person;
    let regularOrg: { id: number };
    let platformOrg: { id: number };
    let orgUser: { id: number; email: string };
    let platformOrgUser: { id: number };
    let secondPlatformOrgUser: { id: number };
    let orgTeamMade: { id: number };
    let platformOrgTeam: { id: number };
    const clients: Array<{ id: string; secret: string }> = [];
    const asClient = (method: string, path: string, body?: unknown, c = clients[0]) =>
      stack.rest(method, path, { body, headers: { 'x-svc-client-id': c.id, 'x-svc-secret-key': c.secret } });
    const managedUser = async (c: { id: string; secret: string }) => {
      const body = {
        email: `platform-organization-manager-user-${Math.random().toString(36).slice(2, 8)}@api.com`,
        timeZone: 'Europe/Berlin',
        name: 'Alice Smith',
      };
      const data = expectSuccess(await stack.rest('POST', `/v2/oauth-clients/${c.id}/users`, { body, headers: { 'x-svc-secret-key': c.secret } }), 201);
      expect(data.user).toEqual(expect.objectContaining({ timeZone: body.timeZone, name: body.name }));
      return data.user as { id: number };
    };
    const member = (userId: number) => ({ userId, accepted: true, role: 'MEMBER' });

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [orgOwner, platformOrgOwner] = await Promise.all(['organizations-teams-memberships-org-owner', 'platform-org-owner'].map((l) => person(stack, l)));
      [regularOrg, platformOrg] = await Promise.all([
        operator.createOrganization({ name: 'organizations-teams-memberships-organization' }),
        operator.createOrganization({ name: 'organizations-teams-memberships-platform-organization' }),
      ]);
      await Promise.all([
        operator.addMember({ teamId: regularOrg.id, userId: orgOwner.id, role: MembershipRole.OWNER }),
        operator.addMember({ teamId: platformOrg.id, userId: platformOrgOwner.id, role: MembershipRole.OWNER }),
      ]);
      for (let i = 0; i < 2; i++) {
        const body = {
          name: 'name',
          redirectUris: ['http://localhost:4321'],
          permissions: ['ORG_PROFILE_WRITE', 'ORG_MEMBERSHIP_WRITE', 'TEAM_MEMBERSHIP_WRITE'],
        };
        const created = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: platformOrgOwner.key, body }), 201);
        await operator.reviewOAuthClient(created.clientId, OAuthClientDecision.APPROVE);
        clients.push({ id: created.clientId, secret: created.clientSecret });
      }
    });

    it('"should create org users › should create a new org user", "…platform org manager user using first oAuth client" and "…second oAuth client": 201', async () => {
      const email = `organization-user-${Math.random().toString(36).slice(2, 8)}@api.com`;
      orgUser = expectSuccess(await stack.rest('POST', `/v2/organizations/${regularOrg.id}/users`, { key: orgOwner.key, body: { email } }), 201);
      expect(orgUser.email).toBe(email);
      platformOrgUser = await managedUser(clients[0]);
      secondPlatformOrgUser = await managedUser(clients[1]);
    });

    it('"should create org teams › should create the team for org" and "…for platform org" (as its client): 201, the organization its parent', async () => {
      orgTeamMade = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${regularOrg.id}/teams`, { key: orgOwner.key, body: { name: 'organization team' } }),
        201,
      );
      expect(orgTeamMade).toEqual(expect.objectContaining({ name: 'organization team', parentId: regularOrg.id }));
      platformOrgTeam = expectSuccess(await asClient('POST', `/v2/organizations/${platformOrg.id}/teams`, { name: 'platform organization team' }), 201);
      expect(platformOrgTeam).toEqual(expect.objectContaining({ name: 'platform organization team', parentId: platformOrg.id }));
    });

    it('"organization memberships › negative tests › should not add managed user to organization": 400, their message', async () => {
      const response = await stack.rest('POST', `/v2/organizations/${regularOrg.id}/memberships`, { key: orgOwner.key, body: member(platformOrgUser.id) });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST');
      expect(response.body.error.message).toBe(
        "userId: Can't add user to organization - the user is platform managed user but organization is not because organization probably was not created using OAuth credentials.",
      );
    });

    // docs/compatibility.md, "Memberships: consent", row 5 (422 there on the organization path); on the team path their
    // message names the platform user: here one message whether or not the id is an account, or a managed one.
    it('"organization memberships › negative tests › should not add managed user to organization team" (both paths): 400 naming userId', async () => {
      for (const path of [`/v2/organizations/${regularOrg.id}/teams/${orgTeamMade.id}/memberships`, `/v2/teams/${orgTeamMade.id}/memberships`]) {
        const response = await stack.rest('POST', path, { key: orgOwner.key, body: member(platformOrgUser.id) });
        expectErrorEnvelope(response, 400, 'BAD_REQUEST', `userId: user ${platformOrgUser.id} is not a member of organization ${regularOrg.id}`);
      }
    });

    // Deviation (docs/compatibility.md, "Managed users"): the user POST …/users made is already the organization's member.
    it('"organization memberships › positive tests › should add user to organization" (409 here: already a member) and "…to organization team": 201', async () => {
      const again = await stack.rest('POST', `/v2/organizations/${regularOrg.id}/memberships`, { key: orgOwner.key, body: member(orgUser.id) });
      expectErrorEnvelope(again, 409, 'CONFLICT', `User ${orgUser.id} is already a member of team ${regularOrg.id}`);
      const path = `/v2/organizations/${regularOrg.id}/teams/${orgTeamMade.id}/memberships`;
      expect(expectSuccess(await stack.rest('POST', path, { key: orgOwner.key, body: member(orgUser.id) }), 201)).toEqual(
        expect.objectContaining({ userId: orgUser.id, teamId: orgTeamMade.id, accepted: true }),
      );
    });

    // Deviation (docs/compatibility.md, "Managed users"): organizations have no platform flag, and a team is not bound to
    // the client that made it: the organization's clients act for the organization.
    it('"platform organization memberships › negative tests": a user outside is invited (201, not accepted); the teams take members only (400); a managed user of its other client joins (201)', async () => {
      const invited = expectSuccess(await asClient('POST', `/v2/organizations/${platformOrg.id}/memberships`, member(orgUser.id)), 201);
      expect(invited).toEqual(expect.objectContaining({ userId: orgUser.id, accepted: false }));
      for (const path of [`/v2/organizations/${platformOrg.id}/teams/${platformOrgTeam.id}/memberships`, `/v2/teams/${platformOrgTeam.id}/memberships`])
        expectErrorEnvelope(await asClient('POST', path, member(orgUser.id)), 400, 'BAD_REQUEST', /^userId: /);
      const path = `/v2/organizations/${platformOrg.id}/teams/${platformOrgTeam.id}/memberships`;
      expect(expectSuccess(await asClient('POST', path, member(secondPlatformOrgUser.id)), 201).accepted).toBe(true);
    });

    it('"platform organization memberships › positive tests › should add user to organization" (409 here: already a member) and "…to organization team": 201', async () => {
      expectErrorEnvelope(await asClient('POST', `/v2/organizations/${platformOrg.id}/memberships`, member(platformOrgUser.id)), 409, 'CONFLICT');
      const path = `/v2/organizations/${platformOrg.id}/teams/${platformOrgTeam.id}/memberships`;
      expect(expectSuccess(await asClient('POST', path, member(platformOrgUser.id)), 201).accepted).toBe(true);
    });

    it("a managed user is refused by a team outside any organization too, and by another organization's team path as any outsider", async () => {
      // Made through the API, so the owner's next request knows the team (an operator write reaches the gateway's cached
      // principals by a database notification, which may come after that request).
      const outsideTeam = expectSuccess(
        await stack.rest('POST', '/v2/teams', { key: orgOwner.key, body: { name: 'team outside any organization, guard' } }),
        201,
      );
      const response = await stack.rest('POST', `/v2/teams/${outsideTeam.id}/memberships`, { key: orgOwner.key, body: member(platformOrgUser.id) });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST');
      expect(response.body.error.message).toBe(
        "userId: Can't add user to team - the user is platform managed user but team is not because team probably was not created using OAuth credentials.",
      );
    });

    it('the OpenAPI document marks the deviation on the memberships writes (x-svc-deviation)', async () => {
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      for (const path of ['/v2/organizations/{orgId}/memberships', '/v2/organizations/{orgId}/teams/{teamId}/memberships'])
        expect(paths[path].post['x-svc-deviation']).toContainEqual(expect.stringMatching(/no platform flag/));
    });
  });
});
