import { PAGINATION, route } from '../route';

export const TEAM_FIELDS = /* GraphQL */ `
  fragment TeamFields on Team {
    id name slug bio timeZone parentId isOrganization createdAt
    logoUrl bannerUrl hideBranding isPrivate hideBookATeamMember metadata theme brandColor darkBrandColor timeFormat weekStart
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
    path: '/v2/teams/{teamId}',
    tag: 'Teams',
    summary: 'Get a team (its members)',
    operation: `query GetTeam($teamId: Int!) { team(teamId: $teamId) { ...TeamFields } } ${TEAM_FIELDS}`,
    result: 'team',
  }),
  route({
    method: 'PATCH',
    path: '/v2/teams/{teamId}',
    tag: 'Teams',
    summary: 'Update a team (team admins)',
    operation: `mutation UpdateTeam($teamId: Int!, $input: UpdateTeamInput!) { updateTeam(teamId: $teamId, input: $input) { ...TeamFields } } ${TEAM_FIELDS}`,
    result: 'updateTeam',
  }),
  route({
    method: 'DELETE',
    path: '/v2/teams/{teamId}',
    tag: 'Teams',
    summary: 'Delete a team with its memberships and event types (team owners; answers the deleted team)',
    operation: `mutation DeleteTeam($teamId: Int!) { deleteTeam(teamId: $teamId) { ...TeamFields } } ${TEAM_FIELDS}`,
    result: 'deleteTeam',
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams',
    tag: 'Orgs / Teams',
    summary: 'Get all teams of an organization (organization admins)',
    operation: `
      query GetOrgTeams($orgId: Int!, $take: Int, $skip: Int) {
        organizationTeams(orgId: $orgId, take: $take, skip: $skip) { items { ...TeamFields } ${PAGINATION} }
      } ${TEAM_FIELDS}`,
    result: 'organizationTeams',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/teams',
    tag: 'Orgs / Teams',
    summary: 'Create a team in an organization (the caller becomes its owner)',
    operation: `
      mutation CreateOrgTeam($orgId: Int!, $input: CreateOrganizationTeamInput!) {
        createOrganizationTeam(orgId: $orgId, input: $input) { ...TeamFields }
      } ${TEAM_FIELDS}`,
    result: 'createOrganizationTeam',
    status: 201,
  }),
  // Before /{teamId}: express matches in table order, and "me" would be taken for a team id.
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/me',
    tag: 'Orgs / Teams',
    summary: 'Get the teams of an organization I am a member of',
    operation: `
      query GetMyOrgTeams($orgId: Int!, $take: Int, $skip: Int) {
        myOrganizationTeams(orgId: $orgId, take: $take, skip: $skip) { items { ...TeamFields role: myRole accepted: myMembershipAccepted } ${PAGINATION} }
      } ${TEAM_FIELDS}`,
    result: 'myOrganizationTeams',
    paginated: true,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}',
    tag: 'Orgs / Teams',
    summary: 'Get a team of an organization',
    operation: `query GetOrgTeam($orgId: Int!, $teamId: Int!) { organizationTeam(orgId: $orgId, teamId: $teamId) { ...TeamFields } } ${TEAM_FIELDS}`,
    result: 'organizationTeam',
  }),
  route({
    method: 'PATCH',
    path: '/v2/organizations/{orgId}/teams/{teamId}',
    tag: 'Orgs / Teams',
    summary: 'Update a team of an organization',
    operation: `
      mutation UpdateOrgTeam($orgId: Int!, $teamId: Int!, $input: UpdateTeamInput!) {
        updateOrganizationTeam(orgId: $orgId, teamId: $teamId, input: $input) { ...TeamFields }
      } ${TEAM_FIELDS}`,
    result: 'updateOrganizationTeam',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/teams/{teamId}',
    tag: 'Orgs / Teams',
    summary: 'Delete a team of an organization with its memberships and event types (answers the deleted team)',
    operation: `
      mutation DeleteOrgTeam($orgId: Int!, $teamId: Int!) {
        deleteOrganizationTeam(orgId: $orgId, teamId: $teamId) { ...TeamFields }
      } ${TEAM_FIELDS}`,
    result: 'deleteOrganizationTeam',
  }),
];
