import { Arg, Ctx, Directive, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { applyTeamRoster } from './team-roster-sync.service';

/** What scheduling does when a team's members change in the organizations subgraph (its team roster outbox calls it). */
@Resolver()
export class TeamRosterSyncResolver {
  @Mutation(() => Int, {
    description:
      "Applies a team's accepted members to its event types: assignAllTeamMembers ones take every member, others drop hosts who left; managed copies follow. Idempotent; answers how many event types changed. For other subgraphs only.",
  })
  @Directive('@internal')
  applyTeamRoster(@Arg('teamId', () => Int) teamId: number, @Arg('memberIds', () => [Int]) memberIds: number[], @Ctx() ctx: SubgraphContext): Promise<number> {
    return applyTeamRoster(ctx.db, teamId, memberIds);
  }
}
