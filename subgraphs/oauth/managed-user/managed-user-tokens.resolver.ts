import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Field, Float, Info, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { badInput } from '../../../platform/errors';
import { OAuthClient } from '../oauth-client/oauth-client.entity';
import { TokenService } from '../token/token.service';

@ObjectType({ description: "A managed user's access and refresh tokens (reference KeysDto); the expiries are milliseconds since the epoch." })
export class ManagedUserTokens {
  @Field()
  accessToken: string;

  @Field()
  refreshToken: string;

  @Field(() => Float)
  accessTokenExpiresAt: number;

  @Field(() => Float)
  refreshTokenExpiresAt: number;
}

@InputType({ description: 'Body of POST /v2/oauth/{clientId}/refresh (reference: RefreshTokenInput).' })
export class RefreshManagedUserTokensInput {
  @Field({ description: "The managed user's refresh token." })
  refreshToken: string;
}

/**
 * The oauth side of managed users (reference "Platform / Managed Users"): the users themselves live in
 * the organizations subgraph, which asks for their tokens here through the supergraph (@internal).
 */
@Resolver()
export class ManagedUserTokensResolver {
  @Query(() => OAuthClient, {
    nullable: true,
    description: 'A platform OAuth client, for the organizations subgraph (the organization its managed users join).',
  })
  @Directive('@internal')
  platformOAuthClientById(@Arg('clientId') clientId: string, @Ctx() ctx: SubgraphContext): Promise<OAuthClient | null> {
    return ctx.db.getRepository(OAuthClient).findOneBy({ id: clientId });
  }

  @Mutation(() => ManagedUserTokens, { description: "New tokens of a managed user for the client (the client's scopes); earlier ones stop working." })
  @Directive('@internal')
  async issueManagedUserTokens(
    @Arg('clientId') clientId: string,
    @Arg('userId', () => Int) userId: number,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ManagedUserTokens> {
    const service = new TokenService(ctx.db);
    // Keyed when the caller passed on its keyed write's key (a managed user created or force-refreshed with an Idempotency-Key).
    const tokens = await keyedWrite(
      ctx,
      info,
      (reference) => service.recalledForManagedUser(reference),
      () => service.issueForManagedUser(clientId, userId),
    );
    ctx.principalsChanged.add(userId);
    return tokens;
  }

  @Mutation(() => Int, { description: 'Revokes every grant of the managed user for the client; answers how many.' })
  @Directive('@internal')
  async revokeManagedUserTokens(@Arg('clientId') clientId: string, @Arg('userId', () => Int) userId: number, @Ctx() ctx: SubgraphContext): Promise<number> {
    const revoked = await new TokenService(ctx.db).revokeManagedUser(clientId, userId);
    ctx.principalsChanged.add(userId);
    return revoked;
  }

  @Mutation(() => ManagedUserTokens, {
    description: 'POST /v2/oauth/{clientId}/refresh: a refresh token of the client for a new pair (rotation: the used one stops working).',
  })
  @Directive('@platformClient(clientId: "args.clientId")')
  async refreshManagedUserTokens(
    @Arg('clientId') clientId: string,
    @Arg('input') input: RefreshManagedUserTokensInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ManagedUserTokens> {
    if (typeof input.refreshToken !== 'string' || !input.refreshToken) throw badInput('refreshToken', 'refreshToken is required');
    const outcome = await new TokenService(ctx.db).refreshAsClient(clientId, input.refreshToken);
    for (const userId of outcome.revokedFor) ctx.principalsChanged.add(userId);
    if (outcome.refusal || !outcome.expiries) throw badInput('refreshToken', 'refreshToken is invalid, expired or was already used');
    return outcome.expiries;
  }
}
