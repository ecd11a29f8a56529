import { PAGINATION, route } from '../route';

const TEAM_FIELDS = /* GraphQL */ `fragment TeamFields on Team { id name slug bio timeZone parentId isOrganization createdAt }`;
const MEMBERSHIP_FIELDS = /* GraphQL */ `
  fragment MembershipFields on Membership {
    id userId teamId accepted role disableImpersonation
    user { email avatarUrl username name bio metadata }
  }`;

export const teamRoutes = [
  route({
    method: 'GET',
    path: '/v2/teams',
    tag: 'Teams',
    summary: 'Get the teams I am a member of',
    operation: `query GetTeams($take: Int, $skip: Int) { teams(take: $take, skip: $skip) { items { ...TeamFields } ${PAGINATION} } } ${TEAM_FIELDS}`,
    result: 'teams',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/teams',
    tag: 'Teams',
    summary: 'Create a team (the caller becomes its owner)',
    operation: `mutation CreateTeam($input: CreateTeamInput!) { createTeam(input: $input) { ...TeamFields } } ${TEAM_FIELDS}`,
    result: 'createTeam',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/memberships',
    tag: 'Orgs / Teams / Memberships',
    summary: 'Get all memberships of an organization team',
    operation: `
      query GetOrgTeamMemberships($orgId: Int!, $teamId: Int!, $take: Int, $skip: Int) {
        organizationTeamMemberships(orgId: $orgId, teamId: $teamId, take: $take, skip: $skip) {
          items { ...MembershipFields }
          ${PAGINATION}
        }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'organizationTeamMemberships',
    paginated: true,
  }),
  route({
    method: 'DELETE',
    path: '/v2/teams/{teamId}/memberships/{membershipId}',
    tag: 'Teams / Memberships',
    summary: 'Remove a team membership (answers the removed membership)',
    operation: `
      mutation DeleteTeamMembership($teamId: Int!, $membershipId: Int!) {
        removeTeamMembership(teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'removeTeamMembership',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}',
    tag: 'Orgs / Teams / Memberships',
    summary: 'Remove an organization team membership (answers the removed membership)',
    operation: `
      mutation DeleteOrgTeamMembership($orgId: Int!, $teamId: Int!, $membershipId: Int!) {
        removeOrganizationTeamMembership(orgId: $orgId, teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'removeOrganizationTeamMembership',
  }),
];
