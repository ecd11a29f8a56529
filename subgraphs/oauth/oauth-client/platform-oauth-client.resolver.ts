import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { forbidden } from '../../../platform/errors';
import { OAuthClient } from './oauth-client.entity';
import { CreatedPlatformOAuthClient, CreatePlatformOAuthClientInput, UpdatePlatformOAuthClientInput } from './platform-oauth-client.inputs';
import { organizationOfCaller, PlatformOAuthClientService } from './platform-oauth-client.service';

/**
 * `/v2/oauth-clients[/{clientId}]` (reference "OAuth Clients"): the platform OAuth clients of the caller's
 * organization, for its ADMIN/OWNER (or a custom role with the permission). No scope of spec 5.3 names
 * them, so access tokens and platform credentials are refused (API keys only).
 */
@Resolver(() => OAuthClient)
export class PlatformOAuthClientResolver {
  private organizationOf(ctx: SubgraphContext): number {
    const organizationId = organizationOfCaller(ctx.principal);
    if (organizationId == null) throw forbidden('For organization members only: the caller belongs to no organization');
    return organizationId;
  }

  @Query(() => [OAuthClient], { description: "The platform OAuth clients of the caller's organization (GET /v2/oauth-clients)." })
  @Directive('@pbac(permission: "oauthClient.read", org: "principal.organizationId")')
  platformOAuthClients(@Ctx() ctx: SubgraphContext): Promise<OAuthClient[]> {
    return new PlatformOAuthClientService(ctx.db).list(this.organizationOf(ctx));
  }

  @Query(() => OAuthClient, { description: "One platform OAuth client of the caller's organization; another organization's is NOT_FOUND." })
  @Directive('@pbac(permission: "oauthClient.read", org: "principal.organizationId")')
  platformOAuthClient(@Arg('clientId') clientId: string, @Ctx() ctx: SubgraphContext): Promise<OAuthClient> {
    return new PlatformOAuthClientService(ctx.db).get(this.organizationOf(ctx), clientId);
  }

  @Mutation(() => CreatedPlatformOAuthClient, {
    description: "Creates a platform OAuth client of the caller's organization, pending review (spec 3); the secret is shown only in this answer.",
  })
  @Directive('@pbac(permission: "oauthClient.create", org: "principal.organizationId")')
  createPlatformOAuthClient(
    @Arg('input') input: CreatePlatformOAuthClientInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CreatedPlatformOAuthClient> {
    const clients = new PlatformOAuthClientService(ctx.db);
    const organizationId = this.organizationOf(ctx);
    return keyedWrite(
      ctx,
      info,
      (reference) => clients.recalled(reference),
      () => clients.create(organizationId, ctx.principal.userId!, input),
    );
  }

  @Mutation(() => OAuthClient, { description: "Changes a platform OAuth client of the caller's organization; omitted fields keep their value." })
  @Directive('@pbac(permission: "oauthClient.update", org: "principal.organizationId")')
  updatePlatformOAuthClient(
    @Arg('clientId') clientId: string,
    @Arg('input') input: UpdatePlatformOAuthClientInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<OAuthClient> {
    return new PlatformOAuthClientService(ctx.db).update(this.organizationOf(ctx), clientId, input);
  }

  @Mutation(() => OAuthClient, {
    description: "Deletes a platform OAuth client of the caller's organization; every token it issued stops working. Answers the deleted client.",
  })
  @Directive('@pbac(permission: "oauthClient.delete", org: "principal.organizationId")')
  async deletePlatformOAuthClient(@Arg('clientId') clientId: string, @Ctx() ctx: SubgraphContext): Promise<OAuthClient> {
    const { client, tokenHolders } = await new PlatformOAuthClientService(ctx.db).delete(this.organizationOf(ctx), clientId);
    for (const userId of [client.ownerId, ...tokenHolders]) ctx.principalsChanged.add(userId);
    return client;
  }
}
