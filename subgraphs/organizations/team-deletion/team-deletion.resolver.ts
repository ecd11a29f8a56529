import { Arg, Ctx, Directive, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { Team } from '../team/team.entity';
import { TeamService } from '../team/team.service';
import { TeamDeletionService } from './team-deletion.service';

/** The deleted team's members' cached principals must forget it. */
function deleted(ctx: SubgraphContext, result: { team: Team; memberIds: number[] }): Team {
  for (const id of result.memberIds) ctx.principalsChanged.add(id);
  return result.team;
}

/** Deleting a team (DELETE /v2/teams/{teamId}, DELETE /v2/organizations/{orgId}/teams/{teamId}): above the team folder, which knows nothing of deletions. */
@Resolver(() => Team)
export class TeamDeletionResolver {
  @Mutation(() => Team, {
    description:
      'Deletes a team with its memberships, invite links and (in the scheduling subgraph) its event types; answers the team as it was (DELETE /v2/teams/{teamId}). Team owners.',
  })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_WRITE"]])')
  @Directive('@pbac(permission: "team.delete", roles: ["OWNER"], team: "args.teamId")')
  async deleteTeam(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<Team> {
    const team = await new TeamService(ctx.db).get(teamId);
    return deleted(ctx, await new TeamDeletionService(ctx.db, ctx.graph).delete(teamId, team.parentId));
  }

  @Mutation(() => Team, {
    description:
      'Deletes a team of the organization, as DELETE /v2/teams/{teamId} does (DELETE /v2/organizations/{orgId}/teams/{teamId}): organization ADMIN/OWNER.',
  })
  @Directive('@scopes(anyOf: [["TEAM_PROFILE_WRITE"]])')
  @Directive('@pbac(permission: "team.delete", org: "args.orgId")')
  async deleteOrganizationTeam(@Arg('orgId', () => Int) orgId: number, @Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<Team> {
    return deleted(ctx, await new TeamDeletionService(ctx.db, ctx.graph).delete(teamId, orgId));
  }
}
