import { SubgraphContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { TeamEventTypePlaceDocument } from './contracts/generated';

/** Where a team event type is addressed: `/v2/teams/{teamId}/…`, or `/v2/organizations/{orgId}/teams/{teamId}/…` with `orgId`. */
export interface TeamEventTypeAddress {
  teamId: number;
  eventTypeId: number;
  orgId?: number | null;
}

/**
 * Checks that the event type is one of the team's and, on the organization path, that the team is one
 * of the organization's; NOT_FOUND otherwise. Answers the organization the team belongs to, if any (ids of others are not confirmed). `@pbac` has already
 * checked the caller's role on the team or the organization named in the path, which is why the path's
 * ids must be checked against each other here. Event types belong to the scheduling subgraph and teams
 * to the organizations subgraph: both are asked through the supergraph (@internal fields), never SQL.
 */
export async function checkTeamEventType(
  ctx: SubgraphContext,
  { teamId, eventTypeId, orgId }: TeamEventTypeAddress,
): Promise<{ organizationId: number | null }> {
  const data = await ctx.graph.call(TeamEventTypePlaceDocument, { eventTypeId, teamId });
  const roster = data.teamRoster;
  if (!roster || roster.isOrganization || (orgId != null && roster.parentId !== orgId)) throw notFound('Team', teamId);
  if (data.teamEventTypeTeamId !== teamId) throw notFound('Event type', eventTypeId);
  return { organizationId: roster.parentId };
}
