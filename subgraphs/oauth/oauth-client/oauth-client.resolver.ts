import { Arg, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { OAuthClient } from './oauth-client.entity';
import { RegisteredOAuthClient, RegisterOAuthClientInput } from './oauth-client.inputs';
import { OAuthClientService } from './oauth-client.service';

@Resolver(() => OAuthClient)
export class OAuthClientResolver {
  @Query(() => [OAuthClient], { description: 'OAuth clients the caller registered.' })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  oauthClients(@Ctx() ctx: SubgraphContext): Promise<OAuthClient[]> {
    return new OAuthClientService(ctx.db).listForOwner(ctx.principal.userId!);
  }

  @Mutation(() => RegisteredOAuthClient, { description: 'Registers an OAuth client for review; the client secret is shown only in this answer.' })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  registerOAuthClient(@Arg('input') input: RegisterOAuthClientInput, @Ctx() ctx: SubgraphContext): Promise<RegisteredOAuthClient> {
    return new OAuthClientService(ctx.db).register(ctx.principal.userId!, input);
  }
}
