import { SubgraphContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { TeamRosterDocument } from '../contracts/generated';

/** What scheduling needs to know about a team it does not own: where it sits and who is in it. */
export interface TeamRoster {
  teamId: number;
  isOrganization: boolean;
  /** The organization the team belongs to, if any. */
  parentId: number | null;
  /** Users whose membership of the team is accepted. */
  acceptedMemberIds: number[];
  /** For an organization, its teams' ids (empty for a team; absent where an operator tool does not say). */
  teamIds?: number[];
}

/**
 * Teams and memberships live in the organizations subgraph. Scheduling asks it, never its tables:
 * through the supergraph (the @internal `teamRoster` field) when serving a request, or through the
 * organizations services directly when an operator tool has every DataSource at hand.
 */
export interface TeamDirectory {
  /** The team's roster, or null when there is no such team. */
  roster(teamId: number): Promise<TeamRoster | null>;
}

/** The directory a request uses: the @internal query through the gateway, once per team and request. */
export function teamDirectoryOf(ctx: SubgraphContext): TeamDirectory {
  const rosters = ctx.loaders.get<number, TeamRoster | null>('teamRoster', (teamIds) =>
    Promise.all(teamIds.map((teamId) => ctx.graph.call(TeamRosterDocument, { teamId }).then((data) => data.teamRoster))),
  );
  return { roster: (teamId) => rosters.load(teamId) };
}

/** The organization's roster; NOT_FOUND when the id is no organization. */
export async function organizationRosterOf(ctx: SubgraphContext, orgId: number): Promise<TeamRoster> {
  const roster = await teamDirectoryOf(ctx).roster(orgId);
  if (!roster || !roster.isOrganization) throw notFound('Organization', orgId);
  return roster;
}

/** The team's roster; NOT_FOUND when it is no team, or (on an organization's path) a team of another organization. */
export async function teamRosterOf(ctx: SubgraphContext, teamId: number, orgId?: number | null): Promise<TeamRoster> {
  const roster = await teamDirectoryOf(ctx).roster(teamId);
  if (!roster || roster.isOrganization || (orgId != null && roster.parentId !== orgId)) throw notFound('Team', teamId);
  return roster;
}
