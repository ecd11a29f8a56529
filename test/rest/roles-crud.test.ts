import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { startTestStack, TestStack } from '../support/stack';

type Person = Awaited<ReturnType<typeof userWithKey>>;

describe('custom organization roles: CRUD, permissions, assignments (spec 2.15, 4.13, 5.4)', () => {
  let stack: TestStack;
  let orgId: number;
  let otherOrgId: number;
  let teamId: number;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;
  let memberTeamMembershipId: number;
  let otherOrgMembershipId: number;
  const roles = () => `/v2/organizations/${orgId}/roles`;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, otherAdmin] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
    orgId = (await operator.createOrganization({ name: 'Vandelay', ownerId: admin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Kramerica', ownerId: otherAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
    teamId = (await operator.createTeam({ name: 'Imports', orgId, ownerId: admin.user.id })).id;
    memberTeamMembershipId = (await operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER })).id;
    const stranger = await userWithKey(stack);
    otherOrgMembershipId = (await operator.addMember({ teamId: otherOrgId, userId: stranger.user.id, role: MembershipRole.MEMBER })).id;
  });
  afterAll(() => stack.stop());

  let roleId: string;

  it('POST creates a CUSTOM role (201, type 2.15); permissions are sorted and deduplicated', async () => {
    const data = expectSuccess(
      await stack.rest('POST', roles(), {
        key: admin.key,
        body: { name: 'Roster reader', permissions: ['team.readMemberships', 'role.readOrgRoles', 'team.readMemberships'], color: '#112233' },
      }),
      201,
    );
    expect(data).toEqual({
      id: expect.stringMatching(/^role_/),
      name: 'Roster reader',
      type: 'CUSTOM',
      permissions: ['role.readOrgRoles', 'team.readMemberships'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      color: '#112233',
      description: null,
      organizationId: orgId,
    });
    roleId = data.id;
  });

  it('a permission not in resource.action form is a 400 naming permissions; a repeated name a 409', async () => {
    expectErrorEnvelope(
      await stack.rest('POST', roles(), { key: admin.key, body: { name: 'Bad', permissions: ['everything'] } }),
      400,
      'BAD_REQUEST',
      /^permissions/,
    );
    expectErrorEnvelope(await stack.rest('POST', roles(), { key: admin.key, body: { name: 'Roster reader' } }), 409, 'CONFLICT');
  });

  it('GET lists the three SYSTEM roles, then the custom ones', async () => {
    const response = await stack.rest('GET', roles(), { key: admin.key });
    const data = expectSuccess(response);
    expect(data.map((r: { id: string; type: string }) => [r.id, r.type])).toEqual([
      ['member_role', 'SYSTEM'],
      ['admin_role', 'SYSTEM'],
      ['owner_role', 'SYSTEM'],
      [roleId, 'CUSTOM'],
    ]);
    expect(response.body.pagination.totalItems).toBe(4);
  });

  it('PATCH changes the fields sent; a SYSTEM role cannot be changed (400)', async () => {
    expect(expectSuccess(await stack.rest('PATCH', `${roles()}/${roleId}`, { key: admin.key, body: { description: 'Reads rosters' } }))).toMatchObject({
      name: 'Roster reader',
      description: 'Reads rosters',
      permissions: ['role.readOrgRoles', 'team.readMemberships'],
    });
    expectErrorEnvelope(await stack.rest('PATCH', `${roles()}/admin_role`, { key: admin.key, body: { name: 'Boss' } }), 400, 'BAD_REQUEST', /SYSTEM/);
  });

  describe('permissions of a role', () => {
    const permissions = () => `${roles()}/${roleId}/permissions`;
    it('GET answers them; POST adds (200, as the real service); PUT replaces; DELETE …/{permission} removes one (204)', async () => {
      expect(expectSuccess(await stack.rest('GET', permissions(), { key: admin.key }))).toEqual(['role.readOrgRoles', 'team.readMemberships']);
      expect(expectSuccess(await stack.rest('POST', permissions(), { key: admin.key, body: { permissions: ['team.remove'] } }))).toEqual([
        'role.readOrgRoles',
        'team.readMemberships',
        'team.remove',
      ]);
      expect((await stack.rest('DELETE', `${permissions()}/team.remove`, { key: admin.key })).status).toBe(204);
      expect(expectSuccess(await stack.rest('GET', permissions(), { key: admin.key }))).toEqual(['role.readOrgRoles', 'team.readMemberships']);
      expect(expectSuccess(await stack.rest('PUT', permissions(), { key: admin.key, body: { permissions: ['team.readMemberships'] } }))).toEqual([
        'team.readMemberships',
      ]);
    });
    it('the SYSTEM roles answer their permissions but cannot be changed', async () => {
      expect(expectSuccess(await stack.rest('GET', `${roles()}/member_role/permissions`, { key: admin.key }))).toEqual(
        expect.arrayContaining(['team.read', 'eventType.read']),
      );
      expectErrorEnvelope(
        await stack.rest('POST', `${roles()}/member_role/permissions`, { key: admin.key, body: { permissions: ['team.remove'] } }),
        400,
        'BAD_REQUEST',
      );
    });
  });

  describe('assigning a role to a membership: the role decides @pbac rules (custom role granting and lacking a permission)', () => {
    const roster = () => `/v2/organizations/${orgId}/teams/${teamId}/memberships`;

    it('POST …/assignments gives a membership of one of the organization’s teams the role (201); the member gains what it grants', async () => {
      expect((await stack.rest('GET', roster(), { key: member.key })).status).toBe(403);
      const data = expectSuccess(
        await stack.rest('POST', `${roles()}/${roleId}/assignments`, { key: admin.key, body: { membershipId: memberTeamMembershipId } }),
        201,
      );
      expect(data).toMatchObject({ id: memberTeamMembershipId, userId: member.user.id, teamId, role: 'MEMBER', customRoleId: roleId });
      expect((await stack.rest('GET', roster(), { key: member.key })).status).toBe(200);
    });

    it('…and lacks what it does not grant (team.remove)', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', `${roster()}/${memberTeamMembershipId}`, { key: member.key }), 403, 'FORBIDDEN', /team\.remove/);
    });

    it('a PUT of the permissions takes effect for the holders at once', async () => {
      expectSuccess(await stack.rest('PUT', `${roles()}/${roleId}/permissions`, { key: admin.key, body: { permissions: ['role.readOrgRoles'] } }));
      expect((await stack.rest('GET', roster(), { key: member.key })).status).toBe(403);
      expectSuccess(await stack.rest('PUT', `${roles()}/${roleId}/permissions`, { key: admin.key, body: { permissions: ['team.readMemberships'] } }));
      expect(await eventually(async () => (await stack.rest('GET', roster(), { key: member.key })).status === 200)).toBe(true);
    });

    it('a membership of another organization is a 404', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', `${roles()}/${roleId}/assignments`, { key: admin.key, body: { membershipId: otherOrgMembershipId } }),
        404,
        'NOT_FOUND',
      );
    });

    it('DELETE …/assignments/{membershipId} takes the role away: the membership role decides again', async () => {
      expect(
        expectSuccess(await stack.rest('DELETE', `${roles()}/${roleId}/assignments/${memberTeamMembershipId}`, { key: admin.key })).customRoleId,
      ).toBeNull();
      expect((await stack.rest('GET', roster(), { key: member.key })).status).toBe(403);
      expectErrorEnvelope(await stack.rest('DELETE', `${roles()}/${roleId}/assignments/${memberTeamMembershipId}`, { key: admin.key }), 404, 'NOT_FOUND');
    });
  });

  describe('who may', () => {
    it('a plain member and the admin of another organization get 403', async () => {
      for (const who of [member, otherAdmin]) {
        expect((await stack.rest('GET', roles(), { key: who.key })).status).toBe(403);
        expect((await stack.rest('POST', roles(), { key: who.key, body: { name: 'Mine' } })).status).toBe(403);
        expect((await stack.rest('PATCH', `${roles()}/${roleId}`, { key: who.key, body: { name: 'Mine' } })).status).toBe(403);
        expect((await stack.rest('DELETE', `${roles()}/${roleId}`, { key: who.key })).status).toBe(403);
        expect((await stack.rest('POST', `${roles()}/${roleId}/assignments`, { key: who.key, body: { membershipId: memberTeamMembershipId } })).status).toBe(
          403,
        );
      }
    });
    it("the other organization's admin reaching this role through their own organization gets 404", async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/organizations/${otherOrgId}/roles/${roleId}`, { key: otherAdmin.key, body: { name: 'Mine' } }),
        404,
        'NOT_FOUND',
      );
    });
    it('a member whose custom role grants role.create may create roles but not delete them', async () => {
      const creator = expectSuccess(await stack.rest('POST', roles(), { key: admin.key, body: { name: 'Role maker', permissions: ['role.create'] } }), 201);
      const orgMembership = (
        await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [orgId, member.user.id])
      )[0].id;
      expectSuccess(await stack.rest('POST', `${roles()}/${creator.id}/assignments`, { key: admin.key, body: { membershipId: orgMembership } }), 201);
      expectSuccess(await stack.rest('POST', roles(), { key: member.key, body: { name: 'Made by a member' } }), 201);
      expectErrorEnvelope(await stack.rest('DELETE', `${roles()}/${creator.id}`, { key: member.key }), 403, 'FORBIDDEN', /role\.delete/);
    });
  });

  it('DELETE answers the deleted role; it is gone (404)', async () => {
    expect(expectSuccess(await stack.rest('DELETE', `${roles()}/${roleId}`, { key: admin.key })).id).toBe(roleId);
    expectErrorEnvelope(await stack.rest('GET', `${roles()}/${roleId}`, { key: admin.key }), 404, 'NOT_FOUND');
  });
});
