import { DEVIATION } from '../deviations';
import { PAGINATION, route } from '../route';

export const MEMBERSHIP_FIELDS = /* GraphQL */ `
  fragment MembershipFields on Membership {
    id userId teamId accepted role disableImpersonation
    user { email avatarUrl username name bio metadata }
  }`;

/** Organization memberships also answer the member's attributes (reference OrganizationMembershipOutput). */
const ORG_MEMBERSHIP = '...MembershipFields attributes { id name type option optionId options { optionId option } }';
/** Each attribute carries `option`/`optionId` or `options` by its type (the reference's four attribute shapes). */
const ATTRIBUTE_NULLS = { omit: ['option', 'optionId', 'options'] } as const;

const TEAM = '/v2/teams/{teamId}/memberships';
const ORG_TEAM = '/v2/organizations/{orgId}/teams/{teamId}/memberships';
const ORG = '/v2/organizations/{orgId}/memberships';

/** Memberships of teams, of organization teams and of organizations (spec 2.13, 4.12). */
export const membershipRoutes = [
  // Teams / Memberships
  route({
    method: 'GET',
    path: TEAM,
    tag: 'Teams / Memberships',
    summary: 'Get all memberships of a team',
    operation: `
      query GetTeamMemberships($teamId: Int!, $take: Int, $skip: Int, $emails: [String!]) {
        teamMemberships(teamId: $teamId, take: $take, skip: $skip, emails: $emails) { items { ...MembershipFields } ${PAGINATION} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'teamMemberships',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: TEAM,
    tag: 'Teams / Memberships',
    summary: 'Add a user to a team',
    deviations: [DEVIATION.consent, DEVIATION.ownerGrantsOwner],
    operation: `
      mutation CreateTeamMembership($teamId: Int!, $input: CreateMembershipInput!) {
        createTeamMembership(teamId: $teamId, input: $input) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'createTeamMembership',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${TEAM}/{membershipId}`,
    tag: 'Teams / Memberships',
    summary: 'Get a membership of a team',
    operation: `
      query GetTeamMembership($teamId: Int!, $membershipId: Int!) {
        teamMembership(teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'teamMembership',
  }),
  route({
    method: 'PATCH',
    path: `${TEAM}/{membershipId}`,
    tag: 'Teams / Memberships',
    summary: 'Update a membership of a team (role, accepted, impersonation)',
    deviations: [DEVIATION.consent, DEVIATION.ownerGrantsOwner],
    operation: `
      mutation UpdateTeamMembership($teamId: Int!, $membershipId: Int!, $input: UpdateMembershipInput!) {
        updateTeamMembership(teamId: $teamId, membershipId: $membershipId, input: $input) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'updateTeamMembership',
  }),
  route({
    method: 'DELETE',
    path: `${TEAM}/{membershipId}`,
    tag: 'Teams / Memberships',
    summary: 'Remove a team membership (answers the removed membership)',
    operation: `
      mutation DeleteTeamMembership($teamId: Int!, $membershipId: Int!) {
        removeTeamMembership(teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'removeTeamMembership',
  }),
  // Orgs / Teams / Memberships
  route({
    method: 'GET',
    path: ORG_TEAM,
    tag: 'Orgs / Teams / Memberships',
    summary: 'Get all memberships of an organization team',
    deviations: [DEVIATION.teamAdminOnOrgPath],
    operation: `
      query GetOrgTeamMemberships($orgId: Int!, $teamId: Int!, $take: Int, $skip: Int, $emails: [String!]) {
        organizationTeamMemberships(orgId: $orgId, teamId: $teamId, take: $take, skip: $skip, emails: $emails) {
          items { ...MembershipFields }
          ${PAGINATION}
        }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'organizationTeamMemberships',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: ORG_TEAM,
    tag: 'Orgs / Teams / Memberships',
    summary: 'Add a member of the organization to one of its teams',
    deviations: [DEVIATION.consent, DEVIATION.ownerGrantsOwner, DEVIATION.teamAdminOnOrgPath],
    operation: `
      mutation CreateOrgTeamMembership($orgId: Int!, $teamId: Int!, $input: CreateMembershipInput!) {
        createOrganizationTeamMembership(orgId: $orgId, teamId: $teamId, input: $input) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'createOrganizationTeamMembership',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${ORG_TEAM}/{membershipId}`,
    tag: 'Orgs / Teams / Memberships',
    summary: 'Get a membership of an organization team',
    deviations: [DEVIATION.teamAdminOnOrgPath],
    operation: `
      query GetOrgTeamMembership($orgId: Int!, $teamId: Int!, $membershipId: Int!) {
        organizationTeamMembership(orgId: $orgId, teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'organizationTeamMembership',
  }),
  route({
    method: 'PATCH',
    path: `${ORG_TEAM}/{membershipId}`,
    tag: 'Orgs / Teams / Memberships',
    summary: 'Update a membership of an organization team',
    deviations: [DEVIATION.consent, DEVIATION.ownerGrantsOwner, DEVIATION.teamAdminOnOrgPath],
    operation: `
      mutation UpdateOrgTeamMembership($orgId: Int!, $teamId: Int!, $membershipId: Int!, $input: UpdateMembershipInput!) {
        updateOrganizationTeamMembership(orgId: $orgId, teamId: $teamId, membershipId: $membershipId, input: $input) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'updateOrganizationTeamMembership',
  }),
  route({
    method: 'DELETE',
    path: `${ORG_TEAM}/{membershipId}`,
    tag: 'Orgs / Teams / Memberships',
    summary: 'Remove an organization team membership (answers the removed membership)',
    deviations: [DEVIATION.teamAdminOnOrgPath],
    operation: `
      mutation DeleteOrgTeamMembership($orgId: Int!, $teamId: Int!, $membershipId: Int!) {
        removeOrganizationTeamMembership(orgId: $orgId, teamId: $teamId, membershipId: $membershipId) { ...MembershipFields }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'removeOrganizationTeamMembership',
  }),
  // Orgs / Memberships
  route({
    method: 'GET',
    path: ORG,
    tag: 'Orgs / Memberships',
    summary: 'Get all memberships of an organization',
    operation: `
      query GetOrgMemberships($orgId: Int!, $take: Int, $skip: Int) {
        organizationMemberships(orgId: $orgId, take: $take, skip: $skip) { items { ${ORG_MEMBERSHIP} } ${PAGINATION} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'organizationMemberships',
    nulls: ATTRIBUTE_NULLS,
    paginated: true,
  }),
  route({
    method: 'POST',
    path: ORG,
    tag: 'Orgs / Memberships',
    summary: 'Add an existing user to an organization',
    deviations: [DEVIATION.consent],
    operation: `
      mutation CreateOrgMembership($orgId: Int!, $input: CreateMembershipInput!) {
        createOrganizationMembership(orgId: $orgId, input: $input) { ${ORG_MEMBERSHIP} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'createOrganizationMembership',
    nulls: ATTRIBUTE_NULLS,
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${ORG}/{membershipId}`,
    tag: 'Orgs / Memberships',
    summary: 'Get a membership of an organization',
    operation: `
      query GetOrgMembership($orgId: Int!, $membershipId: Int!) {
        organizationMembership(orgId: $orgId, membershipId: $membershipId) { ${ORG_MEMBERSHIP} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'organizationMembership',
    nulls: ATTRIBUTE_NULLS,
  }),
  route({
    method: 'PATCH',
    path: `${ORG}/{membershipId}`,
    tag: 'Orgs / Memberships',
    summary: 'Update a membership of an organization',
    deviations: [DEVIATION.consent],
    operation: `
      mutation UpdateOrgMembership($orgId: Int!, $membershipId: Int!, $input: UpdateMembershipInput!) {
        updateOrganizationMembership(orgId: $orgId, membershipId: $membershipId, input: $input) { ${ORG_MEMBERSHIP} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'updateOrganizationMembership',
    nulls: ATTRIBUTE_NULLS,
  }),
  route({
    method: 'DELETE',
    path: `${ORG}/{membershipId}`,
    tag: 'Orgs / Memberships',
    summary: 'Remove a user from an organization and its teams (answers the removed membership)',
    operation: `
      mutation DeleteOrgMembership($orgId: Int!, $membershipId: Int!) {
        removeOrganizationMembership(orgId: $orgId, membershipId: $membershipId) { ${ORG_MEMBERSHIP} }
      } ${MEMBERSHIP_FIELDS}`,
    result: 'removeOrganizationMembership',
    nulls: ATTRIBUTE_NULLS,
  }),
];
