import { GraphQLJSONObject } from 'graphql-scalars';
import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Field, FieldResolver, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, paginationOf } from '../../../platform/pagination';
import { Team } from '../team/team.stub';
import { BookingPageUser } from '../user/booking-page-user.stub';
import { EventType } from './event-type.entity';
import { CreateEventTypeInput, EventTypePage, UpdateEventTypeInput } from './event-type.inputs';
import { hostsByEventTypeId } from './event-type.loaders';
import { TeamEventTypeHost, teamEventTypeHostOf } from './team-event-type-host.type';
import { EventTypeService } from './event-type.service';
import { listedOwnerOf } from './listed-owner';

@ObjectType({
  description: 'Recurrence of an event type (Recurrence_2024_06_14): a booking repeats every interval weeks / months / years, up to occurrences times.',
})
export class EventTypeRecurrence {
  @Field(() => Int) interval: number;
  @Field(() => Int) occurrences: number;
  @Field() frequency: string;
}

@Resolver(() => EventType)
export class EventTypeResolver {
  @Query(() => EventTypePage, {
    description:
      "GET /v2/event-types: the caller's personal event types (EVENT_TYPE_READ); with username, that user's, public (the hidden ones only to the user)," +
      ' inside the organization orgSlug or orgId when given.',
  })
  @Directive('@public(when: "args.username")')
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  async eventTypes(
    @Args() page: PageArgs,
    @Ctx() ctx: SubgraphContext,
    @Arg('eventSlug', () => String, { nullable: true, description: 'Only the event type with this slug.' }) eventSlug: string | null,
    @Arg('username', () => String, { nullable: true, description: "Whose event types: this user's (public)." }) username: string | null,
    @Arg('orgSlug', () => String, { nullable: true, description: 'With username: the organization the user belongs to, by its slug.' }) orgSlug: string | null,
    @Arg('orgId', () => Int, { nullable: true, description: 'With username: the organization the user belongs to, by its id.' }) orgId: number | null,
  ): Promise<EventTypePage> {
    const ownerId = await listedOwnerOf(ctx, { username, orgSlug, orgId });
    const shownOnly = ownerId !== ctx.principal.userId;
    const [items, total] = await new EventTypeService(ctx.db).listPersonal(ownerId, page, eventSlug, shownOnly);
    return { items, pagination: paginationOf(total, page) };
  }

  @Query(() => EventType, { description: "One of the caller's personal event types." })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_READ"]])')
  eventType(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<EventType> {
    return new EventTypeService(ctx.db).getPersonal(eventTypeId, ctx.principal.userId!);
  }

  @Mutation(() => EventType, { description: 'Creates a personal event type (POST /v2/event-types).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  createEventType(@Arg('input') input: CreateEventTypeInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<EventType> {
    const eventTypes = new EventTypeService(ctx.db);
    // Sent again with its Idempotency-Key after a lost answer: the event type it made, not a 409 for its slug.
    return keyedWrite(
      ctx,
      info,
      (reference) => eventTypes.getPersonal(reference.eventTypeId as number, ctx.principal.userId!),
      () => eventTypes.create({ ...input, ownerId: ctx.principal.userId }),
    );
  }

  @Mutation(() => EventType, { description: 'Changes a personal event type; `teamId` and `parentId` cannot change (PATCH /v2/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  updateEventType(
    @Arg('eventTypeId', () => Int) eventTypeId: number,
    @Arg('input') input: UpdateEventTypeInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EventType> {
    return new EventTypeService(ctx.db).update(eventTypeId, ctx.principal.userId!, input);
  }

  @Mutation(() => EventType, { description: 'Deletes a personal event type and answers it as it was (DELETE /v2/event-types/{eventTypeId}).' })
  @Directive('@scopes(anyOf: [["EVENT_TYPE_WRITE"]])')
  deleteEventType(@Arg('eventTypeId', () => Int) eventTypeId: number, @Ctx() ctx: SubgraphContext): Promise<EventType> {
    return new EventTypeService(ctx.db).deletePersonal(eventTypeId, ctx.principal.userId!);
  }

  /**
   * Hosts are shown as REST shows them (id, name, username, avatar: their public face), never with their e-mail: whoever reads
   * a team event type (its members, the organization's members) is not shown the members' e-mails by any REST route.
   */
  @FieldResolver(() => [BookingPageUser], {
    description: 'Users who host a team event type (empty for a personal one: its owner hosts it), as their public face.',
  })
  async hosts(@Root() eventType: EventType, @Ctx() ctx: SubgraphContext): Promise<BookingPageUser[]> {
    const hosts = await hostsByEventTypeId(ctx).load(eventType.id);
    return hosts.map((h) => Object.assign(new BookingPageUser(), { id: h.userId }));
  }

  @FieldResolver(() => [TeamEventTypeHost], {
    description:
      'The hosts of a team event type with their round-robin role (mandatory, priority) and public face (empty for a personal one); REST answers `hosts` with these.',
  })
  async teamHosts(@Root() eventType: EventType, @Ctx() ctx: SubgraphContext): Promise<TeamEventTypeHost[]> {
    const hosts = await hostsByEventTypeId(ctx).load(eventType.id);
    return hosts.map((host) => teamEventTypeHostOf(eventType, host));
  }

  @FieldResolver(() => [BookingPageUser], { description: 'The owner of a personal event type, else the hosts (reference `users`), as their public face.' })
  async users(@Root() eventType: EventType, @Ctx() ctx: SubgraphContext): Promise<BookingPageUser[]> {
    if (eventType.teamId == null && eventType.ownerId != null) return [Object.assign(new BookingPageUser(), { id: eventType.ownerId })];
    return this.hosts(eventType, ctx);
  }

  @FieldResolver(() => EventTypeRecurrence, { nullable: true, description: 'null unless the event type is recurring.' })
  recurrence(@Root() eventType: EventType): EventTypeRecurrence | null {
    return eventType.recurrence ?? null;
  }

  @FieldResolver(() => GraphQLJSONObject, { description: 'Always {} (no metadata is kept on event types).' })
  metadata(): Record<string, unknown> {
    return {};
  }

  @FieldResolver(() => Int, { description: 'Always 0: paid event types are not offered.' })
  price(): number {
    return 0;
  }

  @FieldResolver(() => String, { description: 'Always "usd" (the reference default; no payments).' })
  currency(): string {
    return 'usd';
  }

  @FieldResolver(() => Boolean, { description: 'Always false: there is no booking page to forward query parameters from.' })
  forwardParamsSuccessRedirect(): boolean {
    return false;
  }

  @FieldResolver(() => Boolean, { description: 'Always false: instant meetings are not offered.' })
  isInstantEvent(): boolean {
    return false;
  }

  @FieldResolver(() => Boolean, {
    description: 'Bookings must carry emailVerificationCode, a code mailed to the attendee (POST /v2/bookings/email-verification-code).',
  })
  requiresBookerEmailVerification(@Root() eventType: EventType): boolean {
    return eventType.requiresBookerEmailVerification === true;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Seats per slot of a seated event type, else null.' })
  seatsPerTimeSlot(@Root() eventType: EventType): number | null {
    return eventType.seats?.seatsPerTimeSlot ?? null;
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Seated event types: whether attendees see each other.' })
  seatsShowAttendees(@Root() eventType: EventType): boolean | null {
    return eventType.seats ? eventType.seats.showAttendeeInfo : null;
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Seated event types: whether the free seat count is shown.' })
  seatsShowAvailabilityCount(@Root() eventType: EventType): boolean | null {
    return eventType.seats ? eventType.seats.showAvailabilityCount : null;
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The team that owns a team event type.' })
  team(@Root() eventType: EventType): Team | null {
    return eventType.teamId == null ? null : Object.assign(new Team(), { id: eventType.teamId });
  }
}
