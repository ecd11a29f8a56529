import { Arg, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { ApiKey } from './api-key.entity';
import { ApiKeyService } from './api-key.service';

@Resolver(() => ApiKey)
export class ApiKeyResolver {
  @Query(() => [ApiKey], { description: "The caller's API keys that are not revoked." })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  apiKeys(@Ctx() ctx: SubgraphContext): Promise<ApiKey[]> {
    return new ApiKeyService(ctx.db).listForUser(ctx.principal.userId!);
  }

  @Mutation(() => ApiKey, { description: 'Revokes one of the caller\'s API keys; it stops working at once.' })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  async revokeApiKey(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<ApiKey> {
    const revoked = await new ApiKeyService(ctx.db).revoke(ctx.principal.userId!, id);
    ctx.principalsChanged.add(revoked.userId);
    return revoked;
  }
}
