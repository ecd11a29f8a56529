import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { unauthenticated } from '../../../platform/errors';
import { selectsOnlyKey } from '../../../platform/key-only';
import { membershipsByUserId } from '../team/team.loaders';
import { userById } from './user.loaders';
import { Membership } from '../team/membership.entity';
import { User } from './user.entity';
import { UserService } from './user.service';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { description: 'The caller: profile with organization and team memberships (GET /v2/me).' })
  @Directive('@shareable')
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  async me(@Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<User> {
    // The gateway on its way to the user's data in another subgraph (the bookings of a nested query):
    // the principal, resolved from a credential of an existing user, already holds the id.
    if (ctx.principal.userId != null && selectsOnlyKey(info)) return Object.assign(new User(), { id: ctx.principal.userId });
    const user = ctx.principal.userId == null ? null : await userById(ctx).load(ctx.principal.userId);
    if (!user) throw unauthenticated('The credential belongs to a user that no longer exists');
    return user;
  }

  @Query(() => [User], { description: 'Users by id (those that exist), for the services themselves: the oauth pages and review e-mails.' })
  @Directive('@internal')
  usersById(@Arg('ids', () => [Int]) ids: number[], @Ctx() ctx: SubgraphContext): Promise<User[]> {
    return new UserService(ctx.db).findByIds(ids);
  }

  @Mutation(() => User, { nullable: true, description: 'The user with this e-mail and password, or null (the sign-in page of the oauth subgraph).' })
  @Directive('@internal')
  verifyPassword(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: SubgraphContext): Promise<User | null> {
    return new UserService(ctx.db).verifyCredentials(email, password);
  }

  @FieldResolver(() => [Membership], { description: 'Teams and organizations the user belongs to.' })
  @Directive('@ownData(userId: "parent.id")')
  memberships(@Root() user: User, @Ctx() ctx: SubgraphContext): Promise<Membership[]> {
    return membershipsByUserId(ctx).load(user.id);
  }
}
