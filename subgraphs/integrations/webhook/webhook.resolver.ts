import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { notFound } from '../../../platform/errors';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Webhook } from './webhook.entity';
import { CreateWebhookInput, UpdateWebhookInput, WebhookPage } from './webhook.inputs';
import { WebhookOwner, WebhookService } from './webhook.service';
import { PersonalEventTypeOwnerDocument } from '../contracts/generated';

const me = (ctx: SubgraphContext): WebhookOwner => ({ userId: ctx.principal.userId! });

/** The caller's own webhooks: /v2/webhooks. */
@Resolver(() => Webhook)
export class WebhookResolver {
  @Query(() => WebhookPage, { description: "The caller's webhooks (GET /v2/webhooks)." })
  @Directive('@scopes(anyOf: [["WEBHOOK_READ"]])')
  async webhooks(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).list(me(ctx), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { description: "One of the caller's webhooks (GET /v2/webhooks/{webhookId})." })
  @Directive('@scopes(anyOf: [["WEBHOOK_READ"]])')
  webhook(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).get(me(ctx), id);
  }

  @Mutation(() => Webhook, { description: 'Creates a webhook of the caller (POST /v2/webhooks).' })
  @Directive('@scopes(anyOf: [["WEBHOOK_WRITE"]])')
  createWebhook(@Arg('input') input: CreateWebhookInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Webhook> {
    const webhooks = new WebhookService(ctx.db);
    return keyedWrite(
      ctx,
      info,
      (reference) => webhooks.recalled(reference),
      () => webhooks.create(me(ctx), input),
    );
  }

  @Mutation(() => Webhook, { description: "Changes one of the caller's webhooks (PATCH /v2/webhooks/{webhookId})." })
  @Directive('@scopes(anyOf: [["WEBHOOK_WRITE"]])')
  updateWebhook(@Arg('id', () => Int) id: number, @Arg('input') input: UpdateWebhookInput, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).update(me(ctx), id, input);
  }

  @Mutation(() => Webhook, { description: "Deletes one of the caller's webhooks and answers it as it was (DELETE /v2/webhooks/{webhookId})." })
  @Directive('@scopes(anyOf: [["WEBHOOK_WRITE"]])')
  deleteWebhook(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).remove(me(ctx), id);
  }
}

/**
 * The event type as a webhook owner, once it is known to be one of the caller's personal event types.
 * Event types belong to the scheduling subgraph: it is asked through the supergraph (@internal
 * `personalEventTypeOwnerId`), never its tables. NOT_FOUND for anybody else's, team event types included.
 */
async function ownEventType(ctx: SubgraphContext, eventTypeId: number): Promise<WebhookOwner> {
  const data = await ctx.graph.call(PersonalEventTypeOwnerDocument, { eventTypeId });
  if (data.personalEventTypeOwnerId == null || data.personalEventTypeOwnerId !== ctx.principal.userId) throw notFound('Event type', eventTypeId);
  return { eventTypeId };
}

/** Webhooks of one of the caller's personal event types: /v2/event-types/{eventTypeId}/webhooks. */
@Resolver(() => Webhook)
export class EventTypeWebhookResolver {
  @Query(() => WebhookPage, { description: "Webhooks of one of the caller's event types (GET /v2/event-types/{eventTypeId}/webhooks)." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  async eventTypeWebhooks(@Arg('eventTypeId', () => Int) eventTypeId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).list(await ownEventType(ctx, eventTypeId), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { description: "One webhook of one of the caller's event types." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  async eventTypeWebhook(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).get(await ownEventType(ctx, eventTypeId), webhookId);
  }

  @Mutation(() => Webhook, { description: "Creates a webhook of one of the caller's event types." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  createEventTypeWebhook(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: CreateWebhookInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Webhook> {
    const webhooks = new WebhookService(ctx.db);
    return keyedWrite(
      ctx,
      info,
      (reference) => webhooks.recalled(reference),
      async () => webhooks.create(await ownEventType(ctx, eventTypeId), input),
    );
  }

  @Mutation(() => Webhook, { description: "Changes a webhook of one of the caller's event types." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async updateEventTypeWebhook(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('input') input: UpdateWebhookInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).update(await ownEventType(ctx, eventTypeId), webhookId, input);
  }

  @Mutation(() => Webhook, { description: "Deletes a webhook of one of the caller's event types and answers it as it was." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async deleteEventTypeWebhook(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).remove(await ownEventType(ctx, eventTypeId), webhookId);
  }

  @Mutation(() => String, {
    description: "Deletes every webhook of one of the caller's event types; answers how many (DELETE /v2/event-types/{eventTypeId}/webhooks).",
  })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async deleteAllEventTypeWebhooks(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<string> {
    const count = await new WebhookService(ctx.db).removeAll(await ownEventType(ctx, eventTypeId));
    return `${count} webhooks deleted`;
  }
}
