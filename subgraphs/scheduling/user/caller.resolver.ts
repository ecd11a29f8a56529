import { Ctx, Directive, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { unauthenticated } from '../../../platform/errors';
import { User } from './user.stub';

/**
 * `me` here as well (shared with organizations): a query that reads only the caller's scheduling data
 * (`me { bookings … }`) is planned as one fetch to this subgraph instead of organizations for the id,
 * then here (docs/performance.md, change 20). The principal names the caller's user id.
 */
@Resolver(() => User)
export class CallerResolver {
  @Query(() => User, { description: 'The caller: profile with organization and team memberships (GET /v2/me).' })
  @Directive('@shareable')
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  me(@Ctx() ctx: SubgraphContext): User {
    if (ctx.principal.userId == null) throw unauthenticated('The credential belongs to a user that no longer exists');
    return Object.assign(new User(), { id: ctx.principal.userId });
  }
}
