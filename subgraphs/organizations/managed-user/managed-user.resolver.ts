import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedElsewhere, keyedWrite } from '../../../platform/keyed-writes';
import { UpdateMeInput } from '../user/update-me';
import { ManagedUserService } from './managed-user.service';
import { CreatedManagedUser, CreateManagedUserInput, ManagedUser, ManagedUserKeys } from './managed-user.type';

/**
 * `/v2/oauth-clients/{clientId}/users…` (reference "Platform / Managed Users"): called by the platform
 * OAuth client itself, with its id and secret key (`@platformClient`); no scope of spec 5.3 is asked.
 */
@Resolver(() => ManagedUser)
export class ManagedUserResolver {
  @Query(() => [ManagedUser], { description: 'Managed users of the client, oldest first; `emails` filters by the given or the plus-addressed e-mail.' })
  @Directive('@platformClient(clientId: "args.clientId")')
  managedUsers(
    @Arg('clientId') clientId: string,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 250 (default 100).' }) limit: number | null,
    @Arg('offset', () => Int, { nullable: true, description: '0 or more (default 0).' }) offset: number | null,
    @Arg('emails', () => [String], { nullable: true }) emails: string[] | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedUser[]> {
    return new ManagedUserService(ctx).list(clientId, { limit, offset, emails });
  }

  @Query(() => ManagedUser, { description: "One managed user of the client; another client's user is NOT_FOUND." })
  @Directive('@platformClient(clientId: "args.clientId")')
  managedUser(@Arg('clientId') clientId: string, @Arg('userId', () => Int) userId: number, @Ctx() ctx: SubgraphContext): Promise<ManagedUser> {
    return new ManagedUserService(ctx).get(clientId, userId);
  }

  @Mutation(() => CreatedManagedUser, {
    description: "Creates a managed user of the client (a member of the client's organization) and answers its access and refresh tokens.",
  })
  @Directive('@platformClient(clientId: "args.clientId")')
  createManagedUser(
    @Arg('clientId') clientId: string,
    @Arg('input') input: CreateManagedUserInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CreatedManagedUser> {
    const users = new ManagedUserService(ctx);
    return keyedWrite(
      ctx,
      info,
      (reference) => users.recalled(clientId, reference),
      () => users.create(clientId, input),
    );
  }

  @Mutation(() => ManagedUser, { description: 'Changes a managed user; omitted fields keep their value (the body of PATCH /v2/me).' })
  @Directive('@platformClient(clientId: "args.clientId")')
  updateManagedUser(
    @Arg('clientId') clientId: string,
    @Arg('userId', () => Int) userId: number,
    @Arg('input') input: UpdateMeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedUser> {
    return new ManagedUserService(ctx).update(clientId, userId, input);
  }

  @Mutation(() => ManagedUser, { description: 'Deletes a managed user: its tokens stop working. Answers the deleted user.' })
  @Directive('@platformClient(clientId: "args.clientId")')
  async deleteManagedUser(@Arg('clientId') clientId: string, @Arg('userId', () => Int) userId: number, @Ctx() ctx: SubgraphContext): Promise<ManagedUser> {
    const deleted = await new ManagedUserService(ctx).delete(clientId, userId);
    ctx.principalsChanged.add(userId);
    return deleted;
  }

  @Mutation(() => ManagedUserKeys, { description: 'New access and refresh tokens of a managed user (lost tokens); the earlier ones stop working.' })
  @Directive('@platformClient(clientId: "args.clientId")')
  async forceRefreshManagedUser(
    @Arg('clientId') clientId: string,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ManagedUserKeys> {
    // Its one write is the oauth subgraph's new grant, keyed there (Idempotency-Key): the same request sent again answers that pair.
    const keys = await keyedElsewhere(ctx, info, () => new ManagedUserService(ctx).forceRefresh(clientId, userId));
    ctx.principalsChanged.add(userId);
    return keys;
  }
}
