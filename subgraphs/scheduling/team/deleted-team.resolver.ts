import { Arg, Ctx, Directive, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { removeEventTypesOfDeletedTeam } from './deleted-team.service';

/** What scheduling does when the organizations subgraph deletes a team (its team deletion outbox calls it). */
@Resolver()
export class DeletedTeamResolver {
  @Mutation(() => Int, {
    description:
      'Removes the event types of a deleted team; idempotent (a second call finds nothing left). Answers how many event types were deleted. For other subgraphs only.',
  })
  @Directive('@internal')
  removeTeamEventTypes(@Arg('teamId', () => Int) teamId: number, @Ctx() ctx: SubgraphContext): Promise<number> {
    return removeEventTypesOfDeletedTeam(ctx.db, teamId);
  }
}
