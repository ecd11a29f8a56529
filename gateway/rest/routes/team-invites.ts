import { route } from '../route';
import { MEMBERSHIP_FIELDS } from './memberships';

const INVITE = 'token inviteLink expiresAt';

/** Invite links of teams: created and revoked by team admins; whoever holds one joins with it. */
export const teamInviteRoutes = [
  route({
    method: 'POST',
    path: '/v2/teams/{teamId}/invite',
    tag: 'Teams / Invite',
    summary: 'Create a team invite link',
    operation: `mutation CreateTeamInvite($teamId: Int!) { createTeamInvite(teamId: $teamId) { ${INVITE} } }`,
    result: 'createTeamInvite',
  }),
  route({
    method: 'DELETE',
    path: '/v2/teams/{teamId}/invite',
    tag: 'Teams / Invite',
    summary: 'Revoke every usable invite link of a team',
    operation: `mutation RevokeTeamInvites($teamId: Int!) { revokeTeamInvites(teamId: $teamId) { revoked } }`,
    result: 'revokeTeamInvites',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/teams/{teamId}/invite',
    tag: 'Orgs / Teams / Invite',
    summary: 'Create team invite link',
    operation: `mutation CreateOrgTeamInvite($orgId: Int!, $teamId: Int!) { createOrganizationTeamInvite(orgId: $orgId, teamId: $teamId) { ${INVITE} } }`,
    result: 'createOrganizationTeamInvite',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/teams/{teamId}/invite',
    tag: 'Orgs / Teams / Invite',
    summary: 'Revoke every usable invite link of an organization team',
    operation: `mutation RevokeOrgTeamInvites($orgId: Int!, $teamId: Int!) { revokeOrganizationTeamInvites(orgId: $orgId, teamId: $teamId) { revoked } }`,
    result: 'revokeOrganizationTeamInvites',
  }),
  route({
    method: 'POST',
    path: '/v2/teams/invite/accept',
    tag: 'Teams / Invite',
    summary: 'Join the team of an invite link (answers my membership)',
    operation: `mutation AcceptTeamInvite($input: AcceptTeamInviteInput!) { acceptTeamInvite(input: $input) { ...MembershipFields } } ${MEMBERSHIP_FIELDS}`,
    result: 'acceptTeamInvite',
  }),
];
