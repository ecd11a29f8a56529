import { Arg, Args, Ctx, Directive, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../kit/context';
import { PageArgs, paginationOf } from '../../kit/pagination';
import { Webhook } from './webhook.entity';
import { CreateWebhookInput, WebhookPage } from './webhook.inputs';
import { WebhookService } from './webhook.service';

@Resolver(() => Webhook)
export class WebhookResolver {
  @Query(() => WebhookPage, { description: "The caller's webhooks (GET /v2/webhooks)." })
  @Directive('@scopes(anyOf: [["WEBHOOK_READ"]])')
  async webhooks(@Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).listForUser(ctx.principal.userId!, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { description: 'One of the caller\'s webhooks (GET /v2/webhooks/{webhookId}).' })
  @Directive('@scopes(anyOf: [["WEBHOOK_READ"]])')
  webhook(@Arg('id', () => Int) id: number, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).getForUser(ctx.principal.userId!, id);
  }

  @Mutation(() => Webhook, { description: 'Creates a webhook of the caller (POST /v2/webhooks).' })
  @Directive('@scopes(anyOf: [["WEBHOOK_WRITE"]])')
  createWebhook(@Arg('input') input: CreateWebhookInput, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).create(ctx.principal.userId!, input);
  }
}
