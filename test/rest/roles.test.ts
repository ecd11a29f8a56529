import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { eventually } from '../support/eventually';

describe('organization roles (2.15) and permission checks (PBAC)', () => {
  let stack: TestStack;
  let orgId: number;
  let otherOrgId: number;
  let teamId: number;
  let orgAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let orgMember: Awaited<ReturnType<typeof userWithKey>>;
  let otherAdmin: Awaited<ReturnType<typeof userWithKey>>;
  let customRoleId: string;
  let memberTeamMembershipId: number;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    orgAdmin = await userWithKey(stack);
    orgMember = await userWithKey(stack);
    otherAdmin = await userWithKey(stack);
    orgId = (await operator.createOrganization({ name: 'Globex', ownerId: orgAdmin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Umbrella', ownerId: otherAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    teamId = (await operator.createTeam({ name: 'Field', orgId, ownerId: orgAdmin.user.id })).id;
    memberTeamMembershipId = (await operator.addMember({ teamId, userId: orgMember.user.id, role: MembershipRole.MEMBER })).id;
    customRoleId = (
      await operator.createRole({
        organizationId: orgId,
        name: 'Auditor',
        permissions: ['team.readMemberships', 'role.readOrgRoles'],
        color: '#336699',
        description: 'Reads rosters',
      })
    ).id;
  });
  afterAll(() => stack.stop());

  describe('GET /v2/organizations/{orgId}/roles/{roleId} — Role: org admin, PBAC role.readOrgRoles', () => {
    it('answers a custom role as type 2.15', async () => {
      const { status, body } = await stack.rest('GET', `/v2/organizations/${orgId}/roles/${customRoleId}`, { key: orgAdmin.key });
      expect(status).toBe(200);
      expect(body.data).toEqual({
        id: customRoleId,
        name: 'Auditor',
        type: 'CUSTOM',
        permissions: ['role.readOrgRoles', 'team.readMemberships'],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        color: '#336699',
        description: 'Reads rosters',
        organizationId: orgId,
      });
    });

    it('answers the SYSTEM roles with the permissions the schema grants each membership role', async () => {
      const admin = (await stack.rest('GET', `/v2/organizations/${orgId}/roles/admin_role`, { key: orgAdmin.key })).body.data;
      const member = (await stack.rest('GET', `/v2/organizations/${orgId}/roles/member_role`, { key: orgAdmin.key })).body.data;
      expect(admin.type).toBe('SYSTEM');
      expect(admin.permissions).toEqual(expect.arrayContaining(['team.readMemberships', 'team.remove', 'role.readOrgRoles']));
      expect(member.permissions).toContain('team.read');
      // listing a team's members is for its admins (spec 4.12), on every path (issue 21)
      expect(member.permissions).not.toContain('team.readMemberships');
      expect(member.permissions).not.toContain('team.remove');
    });

    it('refuses a plain organization member (403) and the admin of another organization (403)', async () => {
      expect((await stack.rest('GET', `/v2/organizations/${orgId}/roles/${customRoleId}`, { key: orgMember.key })).status).toBe(403);
      expect((await stack.rest('GET', `/v2/organizations/${orgId}/roles/${customRoleId}`, { key: otherAdmin.key })).status).toBe(403);
    });

    it('is 404 for an unknown role or a role of another organization', async () => {
      expect((await stack.rest('GET', `/v2/organizations/${orgId}/roles/role_nope`, { key: orgAdmin.key })).status).toBe(404);
      expect((await stack.rest('GET', `/v2/organizations/${otherOrgId}/roles/${customRoleId}`, { key: otherAdmin.key })).status).toBe(404);
    });
  });

  describe('a custom role decides @pbac checks by its permissions instead of the membership role', () => {
    const memberships = () => `/v2/organizations/${orgId}/teams/${teamId}/memberships`;

    it('a MEMBER whose role grants team.readMemberships may read the roster', async () => {
      expect((await stack.rest('GET', memberships(), { key: orgMember.key })).status).toBe(403);
      await operatorOf(stack).assignRole(memberTeamMembershipId, customRoleId);
      expect(await eventually(async () => (await stack.rest('GET', memberships(), { key: orgMember.key })).status === 200)).toBe(true);
    });

    it('but not remove members: the role lacks team.remove', async () => {
      const { status, body } = await stack.rest('DELETE', `/v2/organizations/${orgId}/teams/${teamId}/memberships/${memberTeamMembershipId}`, {
        key: orgMember.key,
      });
      expect(status).toBe(403);
      expect(body.error.message).toContain('team.remove');
    });

    it('taking the permission away from the role takes effect for its members', async () => {
      await stack.db('organizations').query(`UPDATE roles SET permissions = '{role.readOrgRoles}' WHERE id = $1`, [customRoleId]);
      expect(await eventually(async () => (await stack.rest('GET', memberships(), { key: orgMember.key })).status === 403)).toBe(true);
    });
  });
});
