import { Arg, Ctx, Directive, Field, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { forbidden } from '../../../platform/errors';
import { ApiKey } from './api-key.entity';
import { ApiKeyService } from './api-key.service';

@InputType({ description: 'Body of POST /v2/api-keys/refresh (reference: RefreshApiKeyInput).' })
export class RefreshApiKeyInput {
  @Field(() => Int, { nullable: true, description: 'Days the new key is valid: 1 to 3650, default 30.' })
  apiKeyDaysValid?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: the new key never expires (apiKeyDaysValid is then ignored).' })
  apiKeyNeverExpires?: boolean | null;
}

@ObjectType({ description: 'A new API key, shown only this once.' })
export class RefreshedApiKey {
  @Field()
  apiKey: string;
}

@Resolver(() => ApiKey)
export class ApiKeyResolver {
  @Query(() => [ApiKey], { description: "The caller's API keys that are not revoked." })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  apiKeys(@Ctx() ctx: SubgraphContext): Promise<ApiKey[]> {
    return new ApiKeyService(ctx.db).listForUser(ctx.principal.userId!);
  }

  @Mutation(() => ApiKey, { description: "Revokes one of the caller's API keys; it stops working at once." })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  async revokeApiKey(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<ApiKey> {
    const revoked = await new ApiKeyService(ctx.db).revoke(ctx.principal.userId!, id);
    ctx.principalsChanged.add(revoked.userId);
    return revoked;
  }

  @Mutation(() => RefreshedApiKey, {
    description: 'POST /v2/api-keys/refresh: a new API key for the one this request is authenticated with, which stops working at once.',
  })
  async refreshApiKey(
    @Arg('input', () => RefreshApiKeyInput, { nullable: true }) input: RefreshApiKeyInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RefreshedApiKey> {
    const { userId, apiKeyId, kind } = ctx.principal;
    if (kind !== 'apiKey' || userId == null || apiKeyId == null)
      throw forbidden('Only an API key can be refreshed: send it as Authorization: Bearer <API key>');
    const { key } = await new ApiKeyService(ctx.db).refresh(userId, apiKeyId, input ?? {});
    ctx.principalsChanged.add(userId);
    return { apiKey: key };
  }
}
