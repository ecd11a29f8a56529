import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { checkTeamEventType, TeamEventTypeAddress } from '../team-event-type-address';
import { Webhook } from './webhook.entity';
import { CreateWebhookInput, UpdateWebhookInput, WebhookPage } from './webhook.inputs';
import { WebhookOwner, WebhookService } from './webhook.service';

const ORG_ID = {
  nullable: true,
  description:
    'The organization, when the team is addressed inside it (/v2/organizations/{orgId}/teams/{teamId}/…): its admins may act too, and the team must be one of its teams.',
};

/** The team event type as a webhook owner, once the path's ids are known to fit together (else NOT_FOUND). */
async function teamEventType(ctx: SubgraphContext, address: TeamEventTypeAddress): Promise<WebhookOwner> {
  await checkTeamEventType(ctx, address);
  return { eventTypeId: address.eventTypeId };
}

/**
 * Webhooks of a team event type: /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks and the same under
 * /v2/organizations/{orgId}/teams/{teamId}/… (spec 5.3: TEAM_EVENT_TYPE_READ / TEAM_EVENT_TYPE_WRITE).
 * Team admins and owners, or on the organization path the organization's admins and owners.
 */
@Resolver(() => Webhook)
export class TeamEventTypeWebhookResolver {
  @Query(() => WebhookPage, { description: 'Webhooks of a team event type (GET /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "webhook.read", team: "args.teamId", org: "args.orgId")')
  async teamEventTypeWebhooks(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<WebhookPage> {
    const [items, total] = await new WebhookService(ctx.db).list(await teamEventType(ctx, { teamId, eventTypeId, orgId }), page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => Webhook, { description: 'One webhook of a team event type.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "webhook.read", team: "args.teamId", org: "args.orgId")')
  async teamEventTypeWebhook(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).get(await teamEventType(ctx, { teamId, eventTypeId, orgId }), webhookId);
  }

  @Mutation(() => Webhook, { description: 'Creates a webhook of a team event type; 409 when it already has one for the subscriberUrl.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "webhook.create", team: "args.teamId", org: "args.orgId")')
  async createTeamEventTypeWebhook(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: CreateWebhookInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Webhook> {
    const webhooks = new WebhookService(ctx.db);
    const create = async () => webhooks.create(await teamEventType(ctx, { teamId, eventTypeId, orgId }), input);
    return keyedWrite(ctx, info, (reference) => webhooks.recalled(reference), create);
  }

  @Mutation(() => Webhook, { description: 'Changes a webhook of a team event type (partial; checked like a create).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "webhook.update", team: "args.teamId", org: "args.orgId")')
  async updateTeamEventTypeWebhook(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('input') input: UpdateWebhookInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).update(await teamEventType(ctx, { teamId, eventTypeId, orgId }), webhookId, input);
  }

  @Mutation(() => Webhook, { description: 'Deletes a webhook of a team event type and answers it as it was.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "webhook.delete", team: "args.teamId", org: "args.orgId")')
  async deleteTeamEventTypeWebhook(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('webhookId', () => Int) webhookId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<Webhook> {
    return new WebhookService(ctx.db).remove(await teamEventType(ctx, { teamId, eventTypeId, orgId }), webhookId);
  }

  @Mutation(() => String, {
    description: 'Deletes every webhook of a team event type; answers how many (DELETE /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks).',
  })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "webhook.delete", team: "args.teamId", org: "args.orgId")')
  async deleteAllTeamEventTypeWebhooks(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<string> {
    const count = await new WebhookService(ctx.db).removeAll(await teamEventType(ctx, { teamId, eventTypeId, orgId }));
    return `${count} webhooks deleted`;
  }
}
