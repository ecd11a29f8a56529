import { Arg, Ctx, Directive, Int, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { ManagedUserDefaultsService } from './managed-user-defaults.service';

/** The default schedule and event types of a new managed user, for the organizations subgraph (POST /v2/oauth-clients/{clientId}/users). */
@Resolver()
export class ManagedUserDefaultsResolver {
  @Mutation(() => Int, {
    nullable: true,
    description:
      "Gives a new managed user a default schedule (Monday to Friday 09:00–17:00 in `timeZone`, when given) and, with `defaultEventTypes`, the four default event types; what the user has already is kept. Answers the user's default schedule id.",
  })
  @Directive('@internal')
  setUpManagedUser(
    @Arg('userId', () => Int) userId: number,
    @Arg('timeZone', () => String, { nullable: true }) timeZone: string | null,
    @Arg('defaultEventTypes') defaultEventTypes: boolean,
    @Ctx() ctx: SubgraphContext,
  ): Promise<number | null> {
    return new ManagedUserDefaultsService(ctx.db).setUp(userId, timeZone, defaultEventTypes);
  }
}
