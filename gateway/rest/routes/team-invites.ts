import {
  AcceptTeamInviteDocument,
  CreateOrgTeamInviteDocument,
  CreateTeamInviteDocument,
  RevokeOrgTeamInvitesDocument,
  RevokeTeamInvitesDocument,
} from '../contracts/generated';
import { route } from '../route';

/** Invite links of teams: created and revoked by team admins; whoever holds one joins with it. */
export const teamInviteRoutes = [
  route({
    method: 'POST',
    path: '/v2/teams/{teamId}/invite',
    tag: 'Teams / Invite',
    summary: 'Create a team invite link',
    document: CreateTeamInviteDocument,
    result: 'createTeamInvite',
  }),
  route({
    method: 'DELETE',
    path: '/v2/teams/{teamId}/invite',
    tag: 'Teams / Invite',
    summary: 'Revoke every usable invite link of a team',
    document: RevokeTeamInvitesDocument,
    result: 'revokeTeamInvites',
  }),
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/teams/{teamId}/invite',
    tag: 'Orgs / Teams / Invite',
    summary: 'Create team invite link',
    document: CreateOrgTeamInviteDocument,
    result: 'createOrganizationTeamInvite',
  }),
  route({
    method: 'DELETE',
    path: '/v2/organizations/{orgId}/teams/{teamId}/invite',
    tag: 'Orgs / Teams / Invite',
    summary: 'Revoke every usable invite link of an organization team',
    document: RevokeOrgTeamInvitesDocument,
    result: 'revokeOrganizationTeamInvites',
  }),
  route({
    method: 'POST',
    path: '/v2/teams/invite/accept',
    tag: 'Teams / Invite',
    summary: 'Join the team of an invite link (answers my membership)',
    document: AcceptTeamInviteDocument,
    result: 'acceptTeamInvite',
  }),
];
