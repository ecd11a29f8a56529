import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Mutation, Query, Resolver, Root, registerEnumType } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { User } from '../user/user.stub';
import { UserDirectory } from '../directory/user-directory';
import { mailerFromEnvironment } from '../../../platform/mailer';
import { OAuthClient } from './oauth-client.entity';
import { RegisteredOAuthClient, RegisterOAuthClientInput } from './oauth-client.inputs';
import { OAuthClientDecision, OAuthClientReviewService } from './oauth-client-review.service';
import { OAuthClientService } from './oauth-client.service';
import { notifyOwner } from './review-notice';

registerEnumType(OAuthClientDecision, { name: 'OAuthClientDecision', description: "A service admin's review of a pending OAuth client." });

@Resolver(() => OAuthClient)
export class OAuthClientResolver {
  @Query(() => [OAuthClient], { description: 'OAuth clients the caller registered.' })
  @Directive('@scopes(anyOf: [["PROFILE_READ"]])')
  oauthClients(@Ctx() ctx: SubgraphContext): Promise<OAuthClient[]> {
    return new OAuthClientService(ctx.db).listForOwner(ctx.principal.userId!);
  }

  @Mutation(() => RegisteredOAuthClient, { description: 'Registers an OAuth client for review; the client secret is shown only in this answer.' })
  @Directive('@scopes(anyOf: [["PROFILE_WRITE"]])')
  registerOAuthClient(
    @Arg('input') input: RegisterOAuthClientInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RegisteredOAuthClient> {
    const clients = new OAuthClientService(ctx.db);
    return keyedWrite(
      ctx,
      info,
      (reference) => clients.recalled(reference),
      () => clients.register(ctx.principal.userId!, input),
    );
  }

  @Query(() => [OAuthClient], { description: 'OAuth clients waiting for review, oldest first (service admins).' })
  @Directive('@serviceAdmin')
  pendingOAuthClients(@Ctx() ctx: SubgraphContext): Promise<OAuthClient[]> {
    return new OAuthClientReviewService(ctx.db).listPending();
  }

  @Mutation(() => OAuthClient, { description: 'Approves or rejects a pending OAuth client (service admins); the owner receives an e-mail notice either way.' })
  @Directive('@serviceAdmin')
  async reviewOAuthClient(
    @Arg('clientId') clientId: string,
    @Arg('decision', () => OAuthClientDecision) decision: OAuthClientDecision,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OAuthClient> {
    const client = await new OAuthClientReviewService(ctx.db).review(clientId, decision, ctx.principal.userId);
    ctx.principalsChanged.add(client.ownerId);
    const directory = new UserDirectory(ctx.graph);
    await notifyOwner(client, (id) => directory.byId(id), mailerFromEnvironment());
    return client;
  }

  @FieldResolver(() => User, { description: 'The user who registered the client.' })
  owner(@Root() client: OAuthClient): User {
    return { id: client.ownerId };
  }
}
