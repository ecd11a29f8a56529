import { route } from '../route';

export const roleRoutes = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/roles/{roleId}',
    tag: 'Orgs / Roles',
    summary: 'Get an organization role with its permissions',
    operation: /* GraphQL */ `
      query GetOrgRole($orgId: Int!, $roleId: String!) {
        organizationRole(orgId: $orgId, roleId: $roleId) { id name type permissions createdAt updatedAt color description organizationId }
      }`,
    result: 'organizationRole',
  }),
];
