import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { privateLinkBookingUrl } from '../../../platform/booking-url';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeService } from '../event-type/event-type.service';
import { TeamEventTypeService } from '../event-type/team-event-type.service';
import { eventTypeById } from '../event-type/event-type.loaders';
import { privateLinkById } from './private-link.loaders';
import { teamDirectoryOf } from '../team/team-directory';
import { isExpired, PrivateLink } from './private-link.entity';
import { CreatePrivateLinkInput, UpdatePrivateLinkInput } from './private-link.inputs';
import { PrivateLinkService } from './private-link.service';

/** The caller's own personal event type, or NOT_FOUND. */
const personal = (ctx: SubgraphContext, eventTypeId: number) => new EventTypeService(ctx.db).getPersonal(eventTypeId, ctx.principal.userId!);
/** An event type of a team of the organization, or NOT_FOUND. */
const ofOrgTeam = (ctx: SubgraphContext, orgId: number, teamId: number, eventTypeId: number) =>
  new TeamEventTypeService(ctx.db, teamDirectoryOf(ctx)).get({ teamId, orgId }, eventTypeId);
const links = (ctx: SubgraphContext) => new PrivateLinkService(ctx.db);

/** A link created with an Idempotency-Key is created once: sent again after a lost answer, the same link (platform/keyed-writes.ts). */
const createdOnce = (ctx: SubgraphContext, info: GraphQLResolveInfo, eventType: EventType, input: CreatePrivateLinkInput) =>
  keyedWrite(
    ctx,
    info,
    (reference) => links(ctx).get(eventType, reference.linkId as string),
    () => links(ctx).create(eventType, input),
  );

/**
 * Private links (spec 2.7, 4.6) of the caller's event types (/v2/event-types/{eventTypeId}/private-links)
 * and of organization team event types (/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links, team admins).
 */
@Resolver(() => PrivateLink)
export class PrivateLinkResolver {
  @Query(() => [PrivateLink], { description: 'Private links of one of the caller’s event types.' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  async eventTypePrivateLinks(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<PrivateLink[]> {
    return links(ctx).list(await personal(ctx, eventTypeId));
  }

  @Mutation(() => PrivateLink, { description: 'Creates a private link for one of the caller’s event types.' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async createEventTypePrivateLink(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: CreatePrivateLinkInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PrivateLink> {
    return createdOnce(ctx, info, await personal(ctx, eventTypeId), input);
  }

  @Mutation(() => PrivateLink, { description: 'Changes the expiry or the usage cap of a private link of one of the caller’s event types.' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async updateEventTypePrivateLink(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('linkId') linkId: string,
    @Arg('input') input: UpdatePrivateLinkInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrivateLink> {
    return links(ctx).update(await personal(ctx, eventTypeId), linkId, input);
  }

  @Mutation(() => PrivateLink, { description: 'Deletes a private link of one of the caller’s event types and answers it as it was.' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  async deleteEventTypePrivateLink(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('linkId') linkId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrivateLink> {
    return links(ctx).remove(await personal(ctx, eventTypeId), linkId);
  }

  @Query(() => [PrivateLink], { description: 'Private links of an event type of an organization team.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "eventType.read", team: "args.teamId", org: "args.orgId")')
  async teamEventTypePrivateLinks(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrivateLink[]> {
    return links(ctx).list(await ofOrgTeam(ctx, orgId, teamId, eventTypeId));
  }

  @Mutation(() => PrivateLink, { description: 'Creates a private link for an event type of an organization team.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  async createTeamEventTypePrivateLink(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: CreatePrivateLinkInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PrivateLink> {
    return createdOnce(ctx, info, await ofOrgTeam(ctx, orgId, teamId, eventTypeId), input);
  }

  @Mutation(() => PrivateLink, { description: 'Changes the expiry or the usage cap of a private link of an organization team event type.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  async updateTeamEventTypePrivateLink(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('linkId') linkId: string,
    @Arg('input') input: UpdatePrivateLinkInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrivateLink> {
    return links(ctx).update(await ofOrgTeam(ctx, orgId, teamId, eventTypeId), linkId, input);
  }

  @Mutation(() => PrivateLink, { description: 'Deletes a private link of an organization team event type and answers it as it was.' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  async deleteTeamEventTypePrivateLink(
    @Arg('orgId', () => Int) orgId: number,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('linkId') linkId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrivateLink> {
    return links(ctx).remove(await ofOrgTeam(ctx, orgId, teamId, eventTypeId), linkId);
  }

  @FieldResolver(() => Boolean, {
    description: 'True once `expiresAt` has passed or the usage count has reached `maxUsageCount`: the link cannot be used to book.',
  })
  isExpired(@Root() link: PrivateLink): boolean {
    return isExpired(link);
  }

  @FieldResolver(() => String, {
    description: 'Booking URL of the link, `{base}/d/{linkId}/{eventSlug}`, without organization (the behaviour before svc-api-version 2024-09-04).',
  })
  async bookingUrl(@Root() link: PrivateLink, @Ctx() ctx: SubgraphContext): Promise<string> {
    return privateLinkBookingUrl(link.linkId, (await this.eventTypeOf(link, ctx)).slug);
  }

  @FieldResolver(() => Int, { nullable: true, description: 'The team of the link’s event type, if it is a team event type.' })
  async teamId(@Root() link: PrivateLink, @Ctx() ctx: SubgraphContext): Promise<number | null> {
    return (await this.eventTypeOf(link, ctx)).teamId;
  }

  @FieldResolver(() => String, { description: 'Slug of the link’s event type.' })
  async eventTypeSlug(@Root() link: PrivateLink, @Ctx() ctx: SubgraphContext): Promise<string> {
    return (await this.eventTypeOf(link, ctx)).slug;
  }

  private async eventTypeOf(link: PrivateLink, ctx: SubgraphContext): Promise<EventType> {
    return (await eventTypeById(ctx).load(link.eventTypeId))!;
  }
}

export const privateLinkReference = {
  // Batched: a list of links resolved from another subgraph is one statement, not one per link.
  __resolveReference: (ref: { linkId: string }, ctx: SubgraphContext) => privateLinkById(ctx).load(String(ref.linkId)),
};
