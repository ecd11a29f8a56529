import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Webhook } from './webhook.entity';
import { CreateWebhookInput, UpdateWebhookInput, WebhookPage } from './webhook.inputs';
import { WebhookOwner, WebhookService } from './webhook.service';

/**
 * An organization is a team with `isOrganization` (organizations subgraph): its webhooks carry its id
 * as `teamId`. `@pbac(org: "args.orgId")` only matches an organization membership, so an id that is no
 * organization (a plain team) is refused like another organization's.
 */
const organization = (orgId: number): WebhookOwner => ({ teamId: orgId });

/** Webhooks of an organization: /v2/organizations/{orgId}/webhooks (ORG_WEBHOOK_READ / ORG_WEBHOOK_WRITE, org admins). */
@Resolver(() => Webhook)
export class OrganizationWebhookResolver {
  @Query(() => WebhookPage, { description: 'Webhooks of an organization (GET /v2/organizations/{orgId}/webhooks).' })
  @Directive('@scopes(anyOf: [["ORG_WEBHOOK_READ"]])')
  @Directive('@pbac(permission: "webhook.read", org: "args.orgId")')
  async organizationWebhooks(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).list(organization(orgId), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { description: "One webhook of an organization; another organization's is a 404." })
  @Directive('@scopes(anyOf: [["ORG_WEBHOOK_READ"]])')
  @Directive('@pbac(permission: "webhook.read", org: "args.orgId")')
  organizationWebhook(@Arg('orgId', () => Int) orgId: number, @Arg('webhookId', () => Int) webhookId: number, @Ctx() ctx: SubgraphContext): Promise<Webhook> {
    return new WebhookService(ctx.db).get(organization(orgId), webhookId);
  }

  @Mutation(() => Webhook, { description: 'Creates a webhook of an organization; 409 when it already has one for the subscriberUrl.' })
  @Directive('@scopes(anyOf: [["ORG_WEBHOOK_WRITE"]])')
  @Directive('@pbac(permission: "webhook.create", org: "args.orgId")')
  createOrganizationWebhook(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('input') input: CreateWebhookInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Webhook> {
    const webhooks = new WebhookService(ctx.db);
    return keyedWrite(
      ctx,
      info,
      (reference) => webhooks.recalled(reference),
      () => webhooks.create(organization(orgId), input),
    );
  }

  @Mutation(() => Webhook, { description: 'Changes a webhook of an organization (partial; checked like a create).' })
  @Directive('@scopes(anyOf: [["ORG_WEBHOOK_WRITE"]])')
  @Directive('@pbac(permission: "webhook.update", org: "args.orgId")')
  updateOrganizationWebhook(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('input') input: UpdateWebhookInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).update(organization(orgId), webhookId, input);
  }

  @Mutation(() => Webhook, { description: 'Deletes a webhook of an organization and answers it as it was.' })
  @Directive('@scopes(anyOf: [["ORG_WEBHOOK_WRITE"]])')
  @Directive('@pbac(permission: "webhook.delete", org: "args.orgId")')
  deleteOrganizationWebhook(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).remove(organization(orgId), webhookId);
  }
}
