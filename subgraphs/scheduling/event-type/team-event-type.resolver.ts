import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { teamDirectoryOf } from '../team/team-directory';
import { EventType } from './event-type.entity';
import { EventTypePage } from './event-type.inputs';
import { hostsByEventTypeId } from './event-type.loaders';
import { CreateTeamEventTypeInput, UpdateTeamEventTypeInput } from './team-event-type.inputs';
import { TeamEventTypeService } from './team-event-type.service';
import { managedFamilyOf } from './managed-event-types';
import { teamConferencingOf } from './team-conferencing';

const service = (ctx: SubgraphContext) => new TeamEventTypeService(ctx.db, teamDirectoryOf(ctx));
const ORG_ID = {
  nullable: true,
  description:
    'The organization, when the team is addressed inside it (/v2/organizations/{orgId}/teams/{teamId}/…): its admins may act too, and the team must be one of its teams.',
};

/**
 * Team event types, at /v2/teams/{teamId}/event-types and /v2/organizations/{orgId}/teams/{teamId}/event-types
 * (the same fields, with `orgId` for the latter). Reading: any team member; writing: team admins.
 */
@Resolver(() => EventType)
export class TeamEventTypeResolver {
  @Query(() => EventTypePage, { description: 'Event types of a team (GET /v2/teams/{teamId}/event-types).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "eventType.read", roles: ["MEMBER", "ADMIN", "OWNER"], team: "args.teamId", org: "args.orgId")')
  async teamEventTypes(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Arg('eventSlug', () => String, { nullable: true, description: 'Only the event type with this slug.' }) eventSlug: string | null,
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventTypePage> {
    const [items, total] = await service(ctx).list({ teamId, orgId }, page, eventSlug);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => EventTypePage, {
    description: 'Event types of every team of the organization (GET /v2/organizations/{orgId}/teams/event-types). Organization ADMIN/OWNER.',
  })
  @Directive('@scopes(anyOf: [["ORG_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "eventType.read", org: "args.orgId")')
  async organizationTeamEventTypes(@Arg('orgId', () => Int) orgId: number, @Args() page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<EventTypePage> {
    const [items, total] = await service(ctx).listOfOrganization(orgId, page);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => EventType, { description: 'One event type of a team (GET /v2/teams/{teamId}/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_READ"]])')
  @Directive('@pbac(permission: "eventType.read", roles: ["MEMBER", "ADMIN", "OWNER"], team: "args.teamId", org: "args.orgId")')
  teamEventType(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    return service(ctx).get({ teamId, orgId }, eventTypeId);
  }

  @Mutation(() => EventType, { description: 'Creates a team event type with its hosts (POST /v2/teams/{teamId}/event-types).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.create", team: "args.teamId", org: "args.orgId")')
  createTeamEventType(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('input') input: CreateTeamEventTypeInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EventType> {
    // Sent again with its Idempotency-Key after a lost answer: the event type it made, not a 409 for its slug.
    return keyedWrite(
      ctx,
      info,
      (reference) => service(ctx).get({ teamId, orgId }, reference.eventTypeId as number),
      () => service(ctx).create({ teamId, orgId }, input, teamConferencingOf(ctx)),
    );
  }

  @Mutation(() => EventType, {
    description: 'Changes a team event type; `teamId` and `parentId` cannot change (PATCH /v2/teams/{teamId}/event-types/{eventTypeId}).',
  })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.update", team: "args.teamId", org: "args.orgId")')
  updateTeamEventType(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: UpdateTeamEventTypeInput,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    return service(ctx).update({ teamId, orgId }, eventTypeId, input, teamConferencingOf(ctx));
  }

  @Mutation(() => EventType, { description: 'Deletes a team event type and answers it as it was (DELETE /v2/teams/{teamId}/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["TEAM_EVENT_TYPE_WRITE"]])')
  @Directive('@pbac(permission: "eventType.delete", team: "args.teamId", org: "args.orgId")')
  async deleteTeamEventType(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('orgId', () => Int, ORG_ID) orgId: number | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    await hostsByEventTypeId(ctx).load(eventTypeId); // the answer shows the hosts the event type had
    return service(ctx).delete({ teamId, orgId }, eventTypeId);
  }

  @FieldResolver(() => [EventType], {
    nullable: true,
    description:
      "A managed team event type: itself first, then each assigned member's copy (what creating or updating one answers over REST, as the reference does); null for any other event type.",
  })
  managedEventTypes(@Root() eventType: EventType, @Ctx() ctx: SubgraphContext): Promise<EventType[] | null> {
    return managedFamilyOf(ctx.db, eventType);
  }
}
