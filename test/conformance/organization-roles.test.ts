import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** A service account key of the spec's shape (4.3); nothing reads it at Google here. */
const SERVICE_ACCOUNT_KEY = {
  private_key: '-----BEGIN PRIVATE KEY-----\ntest-private-key\n-----END PRIVATE KEY-----\n',
  client_email: 'test@test-project.iam.gserviceaccount.com',
  client_id: '123456789',
};

/**
 * Conformance: organization roles, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/organizations/roles/organizations-roles.controller.e2e-spec.ts ("Organizations Roles
 * Endpoints", test names beside each case). Their fixtures write two organizations (one with their PBAC feature
 * switched on), the memberships and two custom roles; here the operator makes them. This API has no PBAC switch:
 * a custom role's permissions decide wherever one is assigned, the membership role's otherwise. Their 403 messages
 * name their guards (`RolesGuard - …`): only the status is replayed.
 */
describe('conformance: organization roles', () => {
  let stack: TestStack;
  let legacyOrgAdmin: Person;
  let legacyOrgMember: Person;
  let withRolePermission: Person;
  let withoutRolePermission: Person;
  let noRole: Person;
  let nonOrgUser: Person;
  let organization: { id: number };
  let pbacOrganization: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [legacyOrgAdmin, legacyOrgMember, withRolePermission, withoutRolePermission, noRole, nonOrgUser] = await Promise.all(
      [
        'legacy-org-admin',
        'legacy-org-member',
        'pbac-org-user-with-role-permission',
        'pbac-org-user-without-role-permission',
        'no-role-user',
        'non-org-user',
      ].map((label) => person(stack, label)),
    );
    [organization, pbacOrganization] = await Promise.all(['org-roles-test', 'pbac-org-roles-test'].map((name) => operator.createOrganization({ name })));
    const [, , withMembership, withoutMembership] = await Promise.all([
      operator.addMember({ teamId: organization.id, userId: legacyOrgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: organization.id, userId: legacyOrgMember.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: pbacOrganization.id, userId: withRolePermission.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: pbacOrganization.id, userId: withoutRolePermission.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: pbacOrganization.id, userId: noRole.id, role: MembershipRole.MEMBER }),
    ]);
    const [roleManager, basicRole] = await Promise.all([
      operator.createRole({
        organizationId: pbacOrganization.id,
        name: 'Role Manager',
        permissions: ['role.create', 'role.read', 'role.update', 'role.delete'],
      }),
      operator.createRole({ organizationId: pbacOrganization.id, name: 'Basic Role', permissions: ['booking.read'] }),
    ]);
    await Promise.all([operator.assignRole(withMembership.id, roleManager.id), operator.assignRole(withoutMembership.id, basicRole.id)]);
  });
  afterAll(() => stack.stop());

  const roles = (org: { id: number }) => `/v2/organizations/${org.id}/roles`;
  const call = (method: string, path: string, key: string, body?: unknown) => stack.rest(method, path, { key, body });

  /**
   * roles/permissions/organizations-roles-permissions.controller.e2e-spec.ts: their caller's custom role manages roles;
   * here it holds role.readOrgRoles too, which reading a role's permissions takes (row 1 of "Organization roles").
   * Their bulk removal (DELETE …/permissions?permissions=a,b) is not replayed: no such operation in spec 4.13.
   */
  describe('permissions/organizations-roles-permissions.controller.e2e-spec.ts', () => {
    let manager: Person;
    const permissionsOf = (roleId: string) => `${roles(pbacOrganization)}/${roleId}/permissions`;
    const invalid =
      "permissions: Permission 'invalid' must be a valid permission string in format 'resource.action' (e.g., 'eventType.read', 'booking.create')";
    const newRole = async (name: string, permissions: string[]) => {
      const data = expectSuccess(await call('POST', roles(pbacOrganization), manager.key, { name, permissions }), 201);
      expect(data.permissions).toEqual(permissions);
      return data.id as string;
    };

    beforeAll(async () => {
      manager = await person(stack, 'pbac-org-permissions-manager');
      const operator = operatorOf(stack);
      const [membership, role] = await Promise.all([
        operator.addMember({ teamId: pbacOrganization.id, userId: manager.id, role: MembershipRole.MEMBER }),
        operator.createRole({
          organizationId: pbacOrganization.id,
          name: 'Permissions Manager',
          permissions: ['role.create', 'role.read', 'role.update', 'role.delete', 'role.readOrgRoles'],
        }),
      ]);
      await operator.assignRole(membership.id, role.id);
    });

    it('"Negative Tests › rejects invalid permission on add (400)", "…on replace (400)", "…on delete single (400)": their message after the field', async () => {
      const roleId = await newRole('neg-invalid', ['booking.read']);
      for (const response of [
        await call('POST', permissionsOf(roleId), manager.key, { permissions: ['invalid'] }),
        await call('PUT', permissionsOf(roleId), manager.key, { permissions: ['invalid'] }),
        await call('DELETE', `${permissionsOf(roleId)}/invalid`, manager.key),
      ])
        expect([response.status, response.body.error?.message]).toEqual([400, invalid]);
    });

    it('"Negative Tests › returns 404 when modifying permissions for role not belonging to organization": their message', async () => {
      const foreign = await operatorOf(stack).createRole({ organizationId: organization.id, name: 'foreign-permissions-role', permissions: ['booking.read'] });
      const response = await call('POST', permissionsOf(foreign.id), manager.key, { permissions: ['eventType.read'] });
      expect([response.status, response.body.error?.message]).toEqual([404, `Role with id ${foreign.id} within team id ${pbacOrganization.id} not found`]);
    });

    // Deviation (docs/compatibility.md, "Organization roles"): the SYSTEM roles are the organization's and cannot change.
    it('"Negative Tests › returns 404 when modifying permissions of a default (system) role …": 400 here', async () => {
      expect((await call('POST', permissionsOf('member_role'), manager.key, { permissions: ['eventType.read'] })).status).toBe(400);
    });

    it('"lists permissions for a role (GET /)"', async () => {
      const roleId = await newRole('perm-target-role-list', ['booking.read']);
      expect(expectSuccess(await call('GET', permissionsOf(roleId), manager.key))).toEqual(['booking.read']);
    });

    it('"adds permissions (POST /)": 200, all of them', async () => {
      const roleId = await newRole('perm-target-role-add', ['booking.read']);
      const added = await call('POST', permissionsOf(roleId), manager.key, { permissions: ['eventType.create', 'eventType.read'] });
      expect(expectSuccess(added, 200)).toEqual(['booking.read', 'eventType.create', 'eventType.read']);
    });

    it('"replaces all permissions (PUT /)": 200, the new ones', async () => {
      const roleId = await newRole('perm-target-role-put', ['booking.read']);
      const replaced = await call('PUT', permissionsOf(roleId), manager.key, { permissions: ['booking.read', 'eventType.update'] });
      expect(expectSuccess(replaced, 200)).toEqual(['booking.read', 'eventType.update']);
    });

    it('"removes a single permission (DELETE /:permission)": 204, the rest kept', async () => {
      const roleId = await newRole('perm-target-role-delone', ['booking.read', 'eventType.update']);
      expect((await call('DELETE', `${permissionsOf(roleId)}/eventType.update`, manager.key)).status).toBe(204);
      expect(expectSuccess(await call('GET', permissionsOf(roleId), manager.key))).toEqual(['booking.read']);
    });
  });

  describe('"Role Creation Authorization"', () => {
    it('"Positive Tests › should allow role creation when organization has PBAC enabled and user has a create permission": 201', async () => {
      const input = { name: 'Test Role PBAC', permissions: ['booking.read', 'eventType.create'] };
      const data = expectSuccess(await call('POST', roles(pbacOrganization), withRolePermission.key, input), 201);
      expect(data).toMatchObject({ name: input.name, permissions: input.permissions, organizationId: pbacOrganization.id });
    });

    it('"Positive Tests › should allow role creation when organization does not have PBAC enabled and user is org admin": 201', async () => {
      const input = { name: 'Test Role Legacy Admin', permissions: ['booking.read'] };
      const data = expectSuccess(await call('POST', roles(organization), legacyOrgAdmin.key, input), 201);
      expect(data).toMatchObject({ name: input.name, organizationId: organization.id });
    });

    it.each([
      ['organization has PBAC enabled but user has no role assigned', () => [pbacOrganization, noRole] as const],
      ['organization has PBAC enabled but user role lacks required permission', () => [pbacOrganization, withoutRolePermission] as const],
      ['organization does not have PBAC enabled and user has no membership', () => [organization, nonOrgUser] as const],
      ['organization does not have PBAC enabled and user has member membership (not admin)', () => [organization, legacyOrgMember] as const],
    ])('"Negative Tests › should not allow role creation when %s": 403', async (_case, who) => {
      const [org, caller] = who();
      expect((await call('POST', roles(org), caller.key, { name: 'Test Role Refused', permissions: ['booking.read'] })).status).toBe(403);
    });
  });

  describe('"CRUD Role Endpoints"', () => {
    let createdRoleId: string;

    it('"should create a role": 201, its name, permissions and organization', async () => {
      const input = { name: 'CRUD Test Role', permissions: ['booking.read', 'eventType.create'] };
      const data = expectSuccess(await call('POST', roles(pbacOrganization), withRolePermission.key, input), 201);
      expect(data).toMatchObject({ name: input.name, permissions: input.permissions, organizationId: pbacOrganization.id });
      createdRoleId = data.id;
    });

    it('"should update role permissions and name"', async () => {
      const input = { name: 'CRUD Test Role Updated', permissions: ['booking.read', 'eventType.read'] };
      const data = expectSuccess(await call('PATCH', `${roles(pbacOrganization)}/${createdRoleId}`, withRolePermission.key, input));
      expect(data).toMatchObject({ id: createdRoleId, name: input.name, permissions: input.permissions, organizationId: pbacOrganization.id });
    });

    // Deviation (docs/compatibility.md, "Organization roles"): reading roles takes role.readOrgRoles (spec 4.13), not their role.read.
    it('"should fetch the role" and "should fetch all roles": 403 with role.read; with role.readOrgRoles, the role, in the list', async () => {
      expect((await call('GET', `${roles(pbacOrganization)}/${createdRoleId}`, withRolePermission.key)).status).toBe(403);
      expect((await call('GET', roles(pbacOrganization), withRolePermission.key)).status).toBe(403);
      const reader = await person(stack, 'pbac-org-role-reader');
      const operator = operatorOf(stack);
      const [membership, readerRole] = await Promise.all([
        operator.addMember({ teamId: pbacOrganization.id, userId: reader.id, role: MembershipRole.MEMBER }),
        operator.createRole({ organizationId: pbacOrganization.id, name: 'Role Reader', permissions: ['role.readOrgRoles'] }),
      ]);
      await operator.assignRole(membership.id, readerRole.id);
      const one = expectSuccess(await call('GET', `${roles(pbacOrganization)}/${createdRoleId}`, reader.key));
      expect(one).toMatchObject({ id: createdRoleId, organizationId: pbacOrganization.id });
      const all = expectSuccess(await call('GET', roles(pbacOrganization), reader.key));
      expect(all.find((r: { id: string }) => r.id === createdRoleId)).toMatchObject({ organizationId: pbacOrganization.id });
    });

    it('"should delete the role": 200, the role deleted', async () => {
      const data = expectSuccess(await call('DELETE', `${roles(pbacOrganization)}/${createdRoleId}`, withRolePermission.key));
      expect(data).toMatchObject({ id: createdRoleId, organizationId: pbacOrganization.id });
    });

    describe('"Negative error cases"', () => {
      const invalid = "Permission 'invalid' must be a valid permission string in format 'resource.action' (e.g., 'eventType.read', 'booking.create')";
      const notFound = (roleId: string) => `Role with id ${roleId} within team id ${pbacOrganization.id} not found`;
      let foreignRole: { id: string };

      beforeAll(async () => {
        foreignRole = await operatorOf(stack).createRole({ organizationId: organization.id, name: 'foreign-role', permissions: ['booking.read'] });
      });

      // Deviation (the same table): a name taken is a conflict here, as every unique name of this API.
      it('"should fail to create a role with a duplicate name (400)": 409 here, naming the role', async () => {
        const body = { name: 'dup-role', permissions: ['booking.read'] };
        expectSuccess(await call('POST', roles(pbacOrganization), withRolePermission.key, body), 201);
        const response = await call('POST', roles(pbacOrganization), withRolePermission.key, body);
        expect([response.status, response.body.error?.message]).toEqual([409, 'The organization already has a role named "dup-role"']);
      });

      // Deviation (docs/compatibility.md, Bookings row 1's rule): their sentence after the field's path.
      it('"should fail to create a role with invalid permissions (400)" and "should fail to update with invalid permissions (400)": their message', async () => {
        const created = await call('POST', roles(pbacOrganization), withRolePermission.key, { name: 'invalid-perms', permissions: ['invalid'] });
        expect([created.status, created.body.error?.message]).toEqual([400, `permissions: ${invalid}`]);
        const role = expectSuccess(
          await call('POST', roles(pbacOrganization), withRolePermission.key, { name: 'update-invalid', permissions: ['booking.read'] }),
          201,
        );
        const updated = await call('PATCH', `${roles(pbacOrganization)}/${role.id}`, withRolePermission.key, {
          name: 'update-invalid-2',
          permissions: ['invalid'],
        });
        expect([updated.status, updated.body.error?.message]).toEqual([400, `permissions: ${invalid}`]);
      });

      it('"should return 404 when updating a role from a different organization" and "…when deleting a role from a different organization": their message', async () => {
        const path = `${roles(pbacOrganization)}/${foreignRole.id}`;
        const updated = await call('PATCH', path, withRolePermission.key, { permissions: ['eventType.read'] });
        expect([updated.status, updated.body.error?.message]).toEqual([404, notFound(foreignRole.id)]);
        const deleted = await call('DELETE', path, withRolePermission.key);
        expect([deleted.status, deleted.body.error?.message]).toEqual([404, notFound(foreignRole.id)]);
      });

      // Deviation (the same table): the SYSTEM roles are the organization's here (GET shows them), and cannot change: 400 saying so.
      it('"should return 404 when updating (deleting) a role not belonging to the organization" and "…a default (system) role …": 400 here', async () => {
        const updated = await call('PATCH', `${roles(pbacOrganization)}/admin_role`, withRolePermission.key, {
          name: 'no-update-default',
          permissions: ['booking.read'],
        });
        expect([updated.status, updated.body.error?.message]).toEqual([400, expect.stringMatching(/^roleId: admin_role is a SYSTEM role/)]);
        const deleted = await call('DELETE', `${roles(pbacOrganization)}/member_role`, withRolePermission.key);
        expect([deleted.status, deleted.body.error?.message]).toEqual([400, expect.stringMatching(/^roleId: member_role is a SYSTEM role/)]);
      });

      it('the OpenAPI document marks the deviations of roles (x-svc-deviation)', async () => {
        const permissions = '/v2/organizations/{orgId}/roles/{roleId}/permissions';
        const { paths: all } = (await stack.rest('GET', '/v2/openapi.json')).body;
        for (const [path, method] of [
          [permissions, 'post'],
          [permissions, 'put'],
          [`${permissions}/{permission}`, 'delete'],
        ])
          expect(all[path][method]['x-svc-deviation']).toEqual([expect.stringMatching(/SYSTEM roles/)]);
        const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
        const marks = (path: string, method: string): string[] => paths[path][method]['x-svc-deviation'] ?? [];
        expect(marks('/v2/organizations/{orgId}/roles', 'post')).toEqual([expect.stringMatching(/name taken is a 409/)]);
        expect(marks('/v2/organizations/{orgId}/roles/{roleId}', 'get')).toEqual([expect.stringMatching(/role\.readOrgRoles/)]);
        expect(marks('/v2/organizations/{orgId}/roles/{roleId}', 'patch')).toEqual(
          expect.arrayContaining([expect.stringMatching(/SYSTEM roles/), expect.stringMatching(/name taken is a 409/)]),
        );
        expect(marks('/v2/organizations/{orgId}/roles/{roleId}', 'delete')).toEqual([expect.stringMatching(/SYSTEM roles/)]);
      });
    });
  });
  /**
   * organizations/delegation-credentials/organizations-delegation-credential.controller.e2e-spec.ts ("Organizations
   * Delegation Credentials Endpoints" › "User Authentication - User is Org Admin"), with this file's organization admin.
   * Their fixture writes the credential disabled; here POST makes it (disabled, as it answers). Their spies assert that
   * enabling calls their ensureDefaultCalendars (Google mocked), an internal step this API does not have: enabling a
   * credential here provisions no calendar (docs/decisions.md, "Issue 22 — busy-times filter and organization replays").
   */
  describe('organizations-delegation-credential.controller.e2e-spec.ts', () => {
    let credentialId: string;
    const credentials = () => `/v2/organizations/${organization.id}/delegation-credentials`;
    const setEnabled = async (enabled: boolean) =>
      expectSuccess(await call('PATCH', `${credentials()}/${credentialId}`, legacyOrgAdmin.key, { enabled })).enabled as boolean;

    beforeAll(async () => {
      const body = { domain: 'test-domain.com', workspacePlatformSlug: 'google', serviceAccountKey: SERVICE_ACCOUNT_KEY };
      const created = expectSuccess(await call('POST', credentials(), legacyOrgAdmin.key, body), 201);
      expect(created.enabled).toBe(false);
      credentialId = created.id;
    });

    it('"should call ensureDefaultCalendars when enabling delegation credentials": 200, enabled', async () => {
      expect(await setEnabled(true)).toBe(true);
    });

    it('"should not call ensureDefaultCalendars when disabling delegation credentials": 200, disabled', async () => {
      expect(await setEnabled(false)).toBe(false);
    });

    it('"should not call ensureDefaultCalendars when enabling already enabled delegation credentials": 200, enabled both times', async () => {
      expect(await setEnabled(true)).toBe(true);
      expect(await setEnabled(true)).toBe(true);
    });
  });
});
