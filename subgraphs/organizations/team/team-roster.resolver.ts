import { Arg, Ctx, Directive, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { membershipsByTeamId, teamById } from './team.loaders';
import { Team } from './team.entity';

/** Where a team sits and who is in it: what other subgraphs check team event type hosts against. */
@ObjectType({ description: 'A team, its organization and its accepted members (for other subgraphs).' })
export class TeamRoster {
  @Field(() => Int) teamId: number;
  @Field() isOrganization: boolean;
  @Field(() => Int, { nullable: true, description: 'The organization the team belongs to.' }) parentId: number | null;
  @Field(() => [Int], { description: 'Users whose membership is accepted.' }) acceptedMemberIds: number[];
  @Field(() => [Int], { description: "For an organization, its teams' ids (empty for a team)." }) teamIds: number[];
}

@Resolver(() => TeamRoster)
export class TeamRosterResolver {
  @Query(() => TeamRoster, { nullable: true, description: 'A team and its accepted members; null when there is no such team. For other subgraphs only.' })
  @Directive('@internal')
  async teamRoster(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<TeamRoster | null> {
    const team = await teamById(ctx).load(teamId);
    if (!team) return null;
    const members = await membershipsByTeamId(ctx).load(teamId);
    return {
      teamId: team.id,
      isOrganization: team.isOrganization,
      parentId: team.parentId,
      acceptedMemberIds: members.filter((m) => m.accepted).map((m) => m.userId),
      teamIds: team.isOrganization
        ? (await ctx.db.getRepository(Team).find({ select: { id: true }, where: { parentId: team.id }, order: { id: 'ASC' } })).map((t) => t.id)
        : [],
    };
  }
}
