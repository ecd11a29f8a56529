import { DEVIATION } from '../deviations';
import { PAGINATION, route } from '../route';

const ROLE = 'id name type permissions createdAt updatedAt color description organizationId';
const MEMBERSHIP = 'id userId teamId accepted role customRoleId';

export const roleRoutes = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/roles/{roleId}',
    tag: 'Orgs / Roles',
    summary: 'Get an organization role with its permissions',
    operation: `
      query GetOrgRole($orgId: Int!, $roleId: String!) {
        organizationRole(orgId: $orgId, roleId: $roleId) { ${ROLE} }
      }`,
    result: 'organizationRole',
    deviations: [DEVIATION.rolesReadPermission],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/roles',
    tag: 'Orgs / Roles',
    summary: 'Get the roles of an organization (the SYSTEM roles, then the custom ones)',
    operation: `query GetOrgRoles($orgId: Int!, $take: Int, $skip: Int) { organizationRoles(orgId: $orgId, take: $take, skip: $skip) { items { ${ROLE} } ${PAGINATION} } }`,
    result: 'organizationRoles',
    paginated: true,
    deviations: [DEVIATION.rolesReadPermission],
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/roles',
    tag: 'Orgs / Roles',
    summary: 'Create a custom role with resource.action permissions',
    operation: `mutation CreateOrgRole($orgId: Int!, $input: CreateRoleInput!) { createOrganizationRole(orgId: $orgId, input: $input) { ${ROLE} } }`,
    result: 'createOrganizationRole',
    status: 201,
    deviations: [DEVIATION.roleNameTaken],
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/roles/{roleId}',
    tag: 'Orgs / Roles',
    summary: 'Update a custom role',
    operation: `mutation UpdateOrgRole($orgId: Int!, $roleId: String!, $input: UpdateRoleInput!) { updateOrganizationRole(orgId: $orgId, roleId: $roleId, input: $input) { ${ROLE} } }`,
    result: 'updateOrganizationRole',
    deviations: [DEVIATION.systemRolesFixed, DEVIATION.roleNameTaken],
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/roles/{roleId}',
    tag: 'Orgs / Roles',
    summary: 'Delete a custom role (answers the deleted role; its members fall back to their membership role)',
    operation: `mutation DeleteOrgRole($orgId: Int!, $roleId: String!) { deleteOrganizationRole(orgId: $orgId, roleId: $roleId) { ${ROLE} } }`,
    result: 'deleteOrganizationRole',
    deviations: [DEVIATION.systemRolesFixed],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/roles/{roleId}/permissions',
    tag: 'Orgs / Roles / Permissions',
    summary: 'Get the permissions of a role',
    operation: `query GetOrgRolePermissions($orgId: Int!, $roleId: String!) { organizationRolePermissions(orgId: $orgId, roleId: $roleId) }`,
    result: 'organizationRolePermissions',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/roles/{roleId}/permissions',
    tag: 'Orgs / Roles / Permissions',
    summary: 'Add permissions to a custom role (200: all of its permissions)',
    operation: `mutation AddOrgRolePermissions($orgId: Int!, $roleId: String!, $input: RolePermissionsInput!) { addOrganizationRolePermissions(orgId: $orgId, roleId: $roleId, input: $input) }`,
    result: 'addOrganizationRolePermissions',
    deviations: [DEVIATION.systemRolesFixed],
  }),
  route({
    method: 'PUT',
    path: '/v2/organizations/{orgId}/roles/{roleId}/permissions',
    tag: 'Orgs / Roles / Permissions',
    summary: 'Replace the permissions of a custom role',
    operation: `mutation ReplaceOrgRolePermissions($orgId: Int!, $roleId: String!, $input: RolePermissionsInput!) { replaceOrganizationRolePermissions(orgId: $orgId, roleId: $roleId, input: $input) }`,
    result: 'replaceOrganizationRolePermissions',
    deviations: [DEVIATION.systemRolesFixed],
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/roles/{roleId}/permissions/{permission}',
    tag: 'Orgs / Roles / Permissions',
    summary: 'Remove one permission from a custom role (204 No Content)',
    operation: `mutation RemoveOrgRolePermission($orgId: Int!, $roleId: String!, $permission: String!) { removeOrganizationRolePermission(orgId: $orgId, roleId: $roleId, permission: $permission) }`,
    result: 'removeOrganizationRolePermission',
    status: 204,
    deviations: [DEVIATION.systemRolesFixed],
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/roles/{roleId}/assignments',
    tag: 'Orgs / Roles',
    summary: 'Give a membership of the organization (or of one of its teams) the custom role',
    operation: `mutation AssignOrgRole($orgId: Int!, $roleId: String!, $input: AssignRoleInput!) { assignOrganizationRole(orgId: $orgId, roleId: $roleId, input: $input) { ${MEMBERSHIP} } }`,
    result: 'assignOrganizationRole',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/roles/{roleId}/assignments/{membershipId}',
    tag: 'Orgs / Roles',
    summary: 'Take the custom role from a membership (answers the membership)',
    operation: `mutation UnassignOrgRole($orgId: Int!, $roleId: String!, $membershipId: Int!) { unassignOrganizationRole(orgId: $orgId, roleId: $roleId, membershipId: $membershipId) { ${MEMBERSHIP} } }`,
    result: 'unassignOrganizationRole',
  }),
];
