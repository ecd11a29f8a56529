import { Arg, Ctx, Directive, Mutation, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { OAuthTokenRequest, OAuthTokenResponse } from './token.inputs';
import { TokenService } from './token.service';

@Resolver()
export class TokenResolver {
  /** Public: the client authenticates itself in the request (client_id, client_secret or PKCE). */
  @Mutation(() => OAuthTokenResponse, { description: 'The OAuth 2.0 token endpoint (POST /v2/auth/oauth2/token): exchange a code, or rotate a refresh token.' })
  @Directive('@public')
  async oauthToken(@Arg('input') input: OAuthTokenRequest, @Ctx() ctx: SubgraphContext): Promise<OAuthTokenResponse> {
    const outcome = await new TokenService(ctx.db).exchange(input);
    for (const userId of outcome.revokedFor) ctx.principalsChanged.add(userId);
    if (outcome.refusal) throw outcome.refusal;
    return outcome.response!;
  }
}
