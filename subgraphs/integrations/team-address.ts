import { SubgraphContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { TeamRosterDocument } from './contracts/generated';

interface TeamPlace {
  teamId: number;
  isOrganization: boolean;
  parentId: number | null;
}

/** Where a team sits, asked of the organizations subgraph through the supergraph (once per team and request). */
function teamPlace(ctx: SubgraphContext, teamId: number): Promise<TeamPlace | null> {
  const loader = ctx.loaders.get<number, TeamPlace | null>('integrationsTeamPlace', (ids) =>
    Promise.all(ids.map((id) => ctx.graph.call(TeamRosterDocument, { teamId: id }).then((data) => data.teamRoster))),
  );
  return loader.load(teamId);
}

/**
 * Under /v2/organizations/{orgId}/teams/{teamId}/…, the team must be one of the organization's teams
 * (else NOT_FOUND): @pbac lets an org admin act on the org's teams, so a team of another org must not pass.
 */
export async function checkOrgTeam(ctx: SubgraphContext, orgId: number, teamId: number): Promise<void> {
  const place = await teamPlace(ctx, teamId);
  if (!place || place.isOrganization || place.parentId !== orgId) throw notFound('Team', teamId);
}

/** Under /v2/organizations/{orgId}/…, the id must be an organization. */
export async function checkOrganization(ctx: SubgraphContext, orgId: number): Promise<void> {
  const place = await teamPlace(ctx, orgId);
  if (!place || !place.isOrganization) throw notFound('Organization', orgId);
}
