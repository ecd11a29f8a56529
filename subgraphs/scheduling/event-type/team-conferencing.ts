import { SubgraphContext } from '../../../platform/context';
import { badInput } from '../../../platform/errors';
import { TeamConferencingLocationTypesDocument } from '../contracts/generated';
import { EventTypeLocation } from './event-type.entity';
import { BUILT_IN_VIDEO, CONFERENCING_LOCATION_TYPES } from './event-type-locations';

/**
 * The conferencing apps a team has connected, which live in the integrations subgraph: the location
 * types (`integrations:zoom`, …) its connections serve.
 */
export interface TeamConferencing {
  locationTypes(teamId: number): Promise<string[]>;
}

/** The team's connected apps asked through the supergraph (the @internal `teamConferencingLocationTypes`). */
export function teamConferencingOf(ctx: SubgraphContext): TeamConferencing {
  return {
    locationTypes: (teamId) => ctx.graph.call(TeamConferencingLocationTypesDocument, { teamId }).then((data) => data.teamConferencingLocationTypes),
  };
}

const TEAM_APPS = Object.keys(CONFERENCING_LOCATION_TYPES).filter((app) => !['daily', 'daily-video', 'msteams'].includes(app));

/**
 * A team event type's `integration` locations name the built-in video app or an app the team itself has
 * connected (the meeting is made with the team's connection): a 400 naming `locations[i].integration`
 * otherwise, as the real service refuses "zoom not connected." A team outside an organization has no
 * conferencing connections here (they are made under /v2/organizations/{orgId}/teams/{teamId}/conferencing).
 */
export async function checkTeamConferencing(
  team: { teamId: number; orgId: number | null },
  locations: readonly EventTypeLocation[] | null | undefined,
  conferencing: TeamConferencing,
): Promise<void> {
  const wanted = (locations ?? [])
    .map((location, index) => ({ index, app: location.type === 'integration' ? location.integration?.trim() : undefined }))
    .filter((item): item is { index: number; app: string } => !!item.app);
  let connected: Set<string> | undefined;
  for (const { index, app } of wanted) {
    const name = `locations[${index}].integration`;
    const locationType = CONFERENCING_LOCATION_TYPES[app];
    if (!locationType) throw badInput(name, `${name}: ${app} is no conferencing app a team event type can use; use one of ${TEAM_APPS.join(', ')}`);
    if (locationType === BUILT_IN_VIDEO) continue;
    connected ??= new Set(await conferencing.locationTypes(team.teamId));
    if (connected.has(locationType)) continue;
    const where =
      team.orgId != null
        ? `a team admin connects it under /v2/organizations/${team.orgId}/teams/${team.teamId}/conferencing`
        : 'conferencing apps are connected to teams of an organization only; use cal-video or organizersDefaultApp';
    throw badInput(name, `${name}: ${app} is not connected to team ${team.teamId}: ${where}`);
  }
}
