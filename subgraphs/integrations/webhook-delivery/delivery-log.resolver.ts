import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, PageOf, paginationOf } from '../../../platform/pagination';
import { DeliveryLogService } from './delivery-log.service';
import { WebhookDelivery } from './webhook-delivery.entity';

@ObjectType()
export class WebhookDeliveryPage extends PageOf(WebhookDelivery) {}

/** The delivery log of the caller's own webhooks: /v2/webhooks/{webhookId}/deliveries. */
@Resolver(() => WebhookDelivery)
export class DeliveryLogResolver {
  @Query(() => WebhookDeliveryPage, {
    description: "Deliveries of one of the caller's webhooks, newest first, with their attempts (GET /v2/webhooks/{webhookId}/deliveries).",
  })
  @Directive('@scopes(anyOf: [["WEBHOOK_READ"]])')
  async webhookDeliveries(@Arg('webhookId', () => Int) webhookId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookDeliveryPage> {
    const [items, total] = await new DeliveryLogService(ctx.db).list(ctx.principal.userId!, webhookId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Mutation(() => WebhookDelivery, {
    description: "Sends a delivery of one of the caller's webhooks again, as a new delivery (POST /v2/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver).",
  })
  @Directive('@scopes(anyOf: [["WEBHOOK_WRITE"]])')
  redeliverWebhookDelivery(
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('deliveryId') deliveryId: string,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<WebhookDelivery> {
    const log = new DeliveryLogService(ctx.db);
    // Sent again with its Idempotency-Key after a lost answer: the delivery it queued, not a second one.
    return keyedWrite(
      ctx,
      info,
      (reference) => log.recalled(ctx.principal.userId!, webhookId, reference.deliveryId as string),
      () => log.redeliver(ctx.principal.userId!, webhookId, deliveryId),
    );
  }
}
