import { PAGINATION, route } from '../route';

const ORG_USER_FIELDS = /* GraphQL */ `
  fragment OrganizationUserFields on OrganizationMember {
    id email username name bio avatarUrl timeZone weekStart timeFormat locale hideBranding metadata createdDate organizationRole accepted
    profile { id organizationId userId username }
  }`;

/** Users of an organization (the reference's "Orgs / Users"). */
export const organizationUserRoutes = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users',
    tag: 'Orgs / Users',
    summary: 'Get all users of an organization (filter by emails, teamIds, assignedOptionIds with attributeQueryOperator AND|OR|NONE)',
    operation: `
      query GetOrgUsers($orgId: Int!, $take: Int, $skip: Int, $emails: [String!], $teamIds: [Int!], $assignedOptionIds: [String!], $attributeQueryOperator: String) {
        organizationUsers(
          orgId: $orgId, take: $take, skip: $skip, emails: $emails, teamIds: $teamIds,
          assignedOptionIds: $assignedOptionIds, attributeQueryOperator: $attributeQueryOperator
        ) { items { ...OrganizationUserFields } ${PAGINATION} }
      } ${ORG_USER_FIELDS}`,
    result: 'organizationUsers',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/users',
    tag: 'Orgs / Users',
    summary: 'Create a user of an organization',
    operation: `
      mutation CreateOrgUser($orgId: Int!, $input: CreateOrganizationUserInput!) {
        createOrganizationUser(orgId: $orgId, input: $input) { ...OrganizationUserFields }
      } ${ORG_USER_FIELDS}`,
    result: 'createOrganizationUser',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/users/{userId}',
    tag: 'Orgs / Users',
    summary: 'Update a user the organization created',
    operation: `
      mutation UpdateOrgUser($orgId: Int!, $userId: Int!, $input: UpdateOrganizationUserInput!) {
        updateOrganizationUser(orgId: $orgId, userId: $userId, input: $input) { ...OrganizationUserFields }
      } ${ORG_USER_FIELDS}`,
    result: 'updateOrganizationUser',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/users/{userId}',
    tag: 'Orgs / Users',
    summary: 'Remove a user from an organization (deleting the account the organization created)',
    operation: `
      mutation DeleteOrgUser($orgId: Int!, $userId: Int!) {
        deleteOrganizationUser(orgId: $orgId, userId: $userId) { ...OrganizationUserFields }
      } ${ORG_USER_FIELDS}`,
    result: 'deleteOrganizationUser',
  }),
];
