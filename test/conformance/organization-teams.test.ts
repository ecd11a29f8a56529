import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/**
 * Conformance: the teams of an organization (GET/POST /v2/organizations/{orgId}/teams, GET …/teams/me,
 * GET/PATCH/DELETE …/teams/{teamId}), replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/organizations/teams/index/organizations-teams.controller.e2e-spec.ts. Each of its
 * `describe`s has an organization of its own there; here too, so that the cases do not see each other's teams.
 * Their Prisma fixtures become our operator tool; the creator's membership, which they read from the database,
 * is read here through the API (the organization team's memberships, as its organization admin).
 */
describe('conformance: organization teams', () => {
  let stack: TestStack;
  const bio = 'This is our test team created via API';

  // "User Authentication - User is Org Admin"
  let orgAdmin: Person;
  let adminOrg: { id: number };
  let adminTeam1: { id: number };
  let adminTeam2: { id: number };
  // "User Authentication - User is Org Member"
  let orgMember: Person;
  let memberOrg: { id: number };
  let memberTeam1: { id: number };
  let memberTeam2: { id: number };
  // "User Authentication - User is Team Owner"
  let teamOwner: Person;
  let ownerOrg: { id: number };
  let ownerTeam1: { id: number };
  let ownerTeam2: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgAdmin, orgMember, teamOwner] = await Promise.all(['org-teams-admin', 'org-teams-member', 'org-teams-owner'].map((label) => person(stack, label)));
    [adminOrg, memberOrg, ownerOrg] = await Promise.all([
      operator.createOrganization({ name: 'Organization teams, admin' }),
      operator.createOrganization({ name: 'Organization teams, member' }),
      operator.createOrganization({ name: 'Organization teams, team owner' }),
    ]);
    // Teams without an owner, as the spec's fixtures make them; each pair in order (the list is by id).
    const pair = async (orgId: number, label: string) => {
      const first = await operator.createTeam({ name: `${label} team1`, orgId });
      return [first, await operator.createTeam({ name: `${label} team2`, orgId })];
    };
    [[adminTeam1, adminTeam2], [memberTeam1, memberTeam2], [ownerTeam1, ownerTeam2]] = await Promise.all([
      pair(adminOrg.id, 'Admin org'),
      pair(memberOrg.id, 'Member org'),
      pair(ownerOrg.id, 'Owner org'),
    ]);
    await Promise.all([
      operator.addMember({ teamId: adminOrg.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: memberOrg.id, userId: orgMember.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: ownerOrg.id, userId: teamOwner.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: ownerTeam1.id, userId: teamOwner.id, role: MembershipRole.OWNER }),
      operator.addMember({ teamId: ownerTeam2.id, userId: teamOwner.id, role: MembershipRole.OWNER }),
    ]);
  });
  afterAll(() => stack.stop());

  describe('organizations-teams.controller.e2e-spec.ts (User is Org Admin)', () => {
    const path = () => `/v2/organizations/${adminOrg.id}/teams`;
    const get = (suffix = '') => stack.rest('GET', `${path()}${suffix}`, { key: orgAdmin.key });
    /** The creator's membership of a team it made (their fixture reads it from the database). */
    const creatorMembership = async (teamId: number) => {
      const memberships = expectSuccess(await stack.rest('GET', `${path()}/${teamId}/memberships`, { key: orgAdmin.key }));
      return memberships.find((m: any) => m.userId === orgAdmin.id);
    };
    let created: any;

    it('"should get all the teams of the org": by id', async () => {
      expect(expectSuccess(await get()).map((t: any) => t.id)).toEqual([adminTeam1.id, adminTeam2.id]);
    });

    it('"should get all the teams of the org paginated": skip=1&take=1', async () => {
      expect(expectSuccess(await get('?skip=1&take=1')).map((t: any) => t.id)).toEqual([adminTeam2.id]);
    });

    it('"should fail if org does not exist": 403', async () => {
      expect((await stack.rest('GET', '/v2/organizations/120494059/teams', { key: orgAdmin.key })).status).toBe(403);
    });

    it('"should get the team of the org": id and parentId', async () => {
      expect(expectSuccess(await get(`/${adminTeam1.id}`))).toEqual(expect.objectContaining({ id: adminTeam1.id, parentId: adminOrg.id }));
    });

    it('"should create the team of the org": 201, slug and bio as given; the creator an accepted OWNER', async () => {
      const body = { name: 'organizations-teams-api-team1-conformance', slug: 'team-created-via-api', bio };
      created = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(created).toEqual(expect.objectContaining({ name: body.name, slug: 'team-created-via-api', bio, parentId: adminOrg.id }));
      expect(await creatorMembership(created.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: true }));
    });

    it('"should get all the teams of the authenticated org member": the created team, role OWNER, accepted', async () => {
      const data = expectSuccess(await get('/me'));
      expect(data.find((t: any) => t.id === created.id)).toEqual(expect.objectContaining({ role: 'OWNER' }));
      expect(data.some((t: any) => t.accepted)).toBe(true);
    });

    it('"should update the team of the org": name, weekStart, logoUrl, bannerUrl', async () => {
      const body = {
        name: 'organizations-teams-api-team1-conformance-updated',
        weekStart: 'Monday',
        logoUrl: 'https://example.com/avatar/b0b58752-68ad-4c0d-8024-4fa382a77752.png',
        bannerUrl: 'https://example.com/avatar/949be534-7a88-4185-967c-c020b0c0bef3.png',
      };
      created = expectSuccess(await stack.rest('PATCH', `${path()}/${created.id}`, { key: orgAdmin.key, body }));
      expect(created).toEqual(expect.objectContaining({ ...body, parentId: adminOrg.id }));
    });

    it('"should delete the team of the org we created via api": the team as it was', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `${path()}/${created.id}`, { key: orgAdmin.key }));
      expect(data).toEqual(expect.objectContaining({ id: created.id, parentId: adminOrg.id }));
    });

    it('"should fail to get the team of the org we just deleted": 404', async () => {
      expect((await get(`/${created.id}`)).status).toBe(404);
    });

    it('"should fail if the team does not exist": 404', async () => {
      expect((await get('/123132145')).status).toBe(404);
    });

    it('"should create the team of the org without auto-accepting creator": the creator an OWNER not accepted', async () => {
      const body = { name: 'organizations-teams-api-team2-conformance', autoAcceptCreator: false };
      const team = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(team).toEqual(expect.objectContaining({ name: body.name, parentId: adminOrg.id }));
      expect(await creatorMembership(team.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: false }));
    });

    it('"should create the team of the org with automatically set slug": the slug of the name', async () => {
      const body = { name: 'Organizations Teams Automatic Slug', bio };
      const team = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(team).toEqual(expect.objectContaining({ name: body.name, slug: 'organizations-teams-automatic-slug', bio, parentId: adminOrg.id }));
      expect(await creatorMembership(team.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: true }));
    });
  });

  describe('organizations-teams.controller.e2e-spec.ts (User is Org Member)', () => {
    const path = () => `/v2/organizations/${memberOrg.id}/teams`;

    it('"should deny get all the teams of the org": 403', async () => {
      expect((await stack.rest('GET', path(), { key: orgMember.key })).status).toBe(403);
    });

    it('"should deny get all the teams of the org paginated": 403', async () => {
      expect((await stack.rest('GET', `${path()}?skip=1&take=1`, { key: orgMember.key })).status).toBe(403);
    });

    it('"should deny get the team of the org": 403', async () => {
      const response = await stack.rest('GET', `${path()}/${memberTeam1.id}`, { key: orgMember.key });
      expect(response.status).toBe(403);
      expect(response.body.status).toBe('error');
    });

    it('"should deny create the team of the org": 403', async () => {
      expect((await stack.rest('POST', path(), { key: orgMember.key, body: { name: 'organizations-teams-member-denied' } })).status).toBe(403);
    });

    it('"should deny update the team of the org": 403', async () => {
      expect((await stack.rest('PATCH', `${path()}/${memberTeam1.id}`, { key: orgMember.key, body: { name: 'denied-updated' } })).status).toBe(403);
    });

    it('"should deny delete the team of the org we created via api": 403', async () => {
      expect((await stack.rest('DELETE', `${path()}/${memberTeam2.id}`, { key: orgMember.key })).status).toBe(403);
    });
  });

  describe('organizations-teams.controller.e2e-spec.ts (User is Team Owner)', () => {
    const path = () => `/v2/organizations/${ownerOrg.id}/teams`;

    it('"should deny get all the teams of the org": 403', async () => {
      expect((await stack.rest('GET', path(), { key: teamOwner.key })).status).toBe(403);
    });

    it('"should deny get all the teams of the org paginated": 403', async () => {
      expect((await stack.rest('GET', `${path()}?skip=1&take=1`, { key: teamOwner.key })).status).toBe(403);
    });

    it('"should get the team of the org for which the user is team owner": 200', async () => {
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key })).id).toBe(ownerTeam1.id);
    });

    it('"should deny create the team of the org": 403', async () => {
      expect((await stack.rest('POST', path(), { key: teamOwner.key, body: { name: 'organizations-teams-owner-denied' } })).status).toBe(403);
    });

    it('"should deny update the team of the org": 403, and the team is unchanged', async () => {
      const response = await stack.rest('PATCH', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key, body: { name: 'denied-updated' } });
      expect(response.status).toBe(403);
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key })).name).toBe('Owner org team1');
    });

    it('"should deny delete the team of the org we created via api": 403, and the team is still there', async () => {
      expect((await stack.rest('DELETE', `${path()}/${ownerTeam2.id}`, { key: teamOwner.key })).status).toBe(403);
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam2.id}`, { key: teamOwner.key })).id).toBe(ownerTeam2.id);
    });
  });
});
