import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Webhook } from './webhook.entity';
import { CreateWebhookInput, UpdateWebhookInput, WebhookPage } from './webhook.inputs';
import { WebhookOwner, WebhookService } from './webhook.service';

/** Spec 4.2 and 9: this family is deprecated and will be removed (the sunset date is in docs/decisions.md). */
export const OAUTH_CLIENT_WEBHOOKS_DEPRECATION =
  'Webhooks of a platform OAuth client are deprecated and will be removed (spec 9): subscribe with organization webhooks (organizationWebhooks) or user webhooks (webhooks) instead.';
const deprecated = { deprecationReason: OAUTH_CLIENT_WEBHOOKS_DEPRECATION };

const client = (clientId: string): WebhookOwner => ({ oAuthClientId: clientId });
const CLIENT_ID = { description: 'The platform OAuth client; the caller must be that client, authenticated by its secret key.' };

/**
 * Webhooks of a platform OAuth client (deprecated): /v2/oauth-clients/{clientId}/webhooks. The client
 * itself calls them with its secret key (`@platformClient`); they fire for events of its managed users.
 */
@Resolver(() => Webhook)
export class OAuthClientWebhookResolver {
  @Query(() => WebhookPage, { ...deprecated, description: 'Webhooks of a platform OAuth client (GET /v2/oauth-clients/{clientId}/webhooks).' })
  @Directive('@platformClient(clientId: "args.clientId")')
  async oAuthClientWebhooks(@Arg('clientId', CLIENT_ID) clientId: string, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).list(client(clientId), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { ...deprecated, description: "One webhook of a platform OAuth client; another client's is a 404." })
  @Directive('@platformClient(clientId: "args.clientId")')
  oAuthClientWebhook(
    @Arg('clientId', CLIENT_ID) clientId: string,
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).get(client(clientId), webhookId);
  }

  @Mutation(() => Webhook, { ...deprecated, description: 'Creates a webhook of a platform OAuth client; 409 when it already has one for the subscriberUrl.' })
  @Directive('@platformClient(clientId: "args.clientId")')
  createOAuthClientWebhook(
    @Arg('clientId', CLIENT_ID) clientId: string,
    @Arg('input') input: CreateWebhookInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Webhook> {
    const webhooks = new WebhookService(ctx.db);
    return keyedWrite(
      ctx,
      info,
      (reference) => webhooks.recalled(reference),
      () => webhooks.create(client(clientId), input),
    );
  }

  @Mutation(() => Webhook, { ...deprecated, description: 'Changes a webhook of a platform OAuth client (partial; checked like a create).' })
  @Directive('@platformClient(clientId: "args.clientId")')
  updateOAuthClientWebhook(
    @Arg('clientId', CLIENT_ID) clientId: string,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('input') input: UpdateWebhookInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).update(client(clientId), webhookId, input);
  }

  @Mutation(() => Webhook, { ...deprecated, description: 'Deletes a webhook of a platform OAuth client and answers it as it was.' })
  @Directive('@platformClient(clientId: "args.clientId")')
  deleteOAuthClientWebhook(
    @Arg('clientId', CLIENT_ID) clientId: string,
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).remove(client(clientId), webhookId);
  }

  @Mutation(() => String, {
    ...deprecated,
    description: 'Deletes every webhook of a platform OAuth client; answers how many (DELETE /v2/oauth-clients/{clientId}/webhooks).',
  })
  @Directive('@platformClient(clientId: "args.clientId")')
  async deleteAllOAuthClientWebhooks(@Arg('clientId', CLIENT_ID) clientId: string, @Ctx() ctx: SubgraphContext): Promise<string> {
    const count = await new WebhookService(ctx.db).removeAll(client(clientId));
    return `${count} webhooks deleted`;
  }
}
