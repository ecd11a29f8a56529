import { Arg, Args, Ctx, Directive, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { In } from 'typeorm';
import { SubgraphContext } from '../../../platform/context';
import { badInput, forbidden } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { OrganizationUser } from '../organization/organization-user.stub';
import { organizationRosterOf, teamRosterOf } from '../team/team-directory';
import { Booking } from '../booking-record/booking.entity';
import { BookingFilterArgs, BookingListArgs, OrganizationBookingListArgs } from './booking.inputs';
import { BookingReferenceOutput } from './booking-actions.inputs';
import { bookingNotFound } from './booking-changes';
import { BookingQueries, BookingScope } from './booking-queries';
import { BookingPage, bookingPageOf } from './booking.resolver';

/** The organization's booking scope: its teams' event types and its members' personal ones (404 for no organization). */
async function organizationScope(ctx: SubgraphContext, orgId: number, userId?: number): Promise<Extract<BookingScope, { kind: 'organization' }>> {
  const roster = await organizationRosterOf(ctx, orgId);
  return { kind: 'organization', memberIds: roster.acceptedMemberIds, teamIds: [orgId, ...(roster.teamIds ?? [])], userId };
}

/** A team (of the organization, on the organization paths); 404 otherwise. */
async function teamScope(ctx: SubgraphContext, teamId: number, orgId: number | null | undefined): Promise<BookingScope> {
  await teamRosterOf(ctx, teamId, orgId);
  return { kind: 'team', teamId };
}

/** A team's list filtered by an event type that is not the team's names a mistake: a 400 naming it (as the real service), not an empty page. */
async function refuseOtherEventTypes(ctx: SubgraphContext, teamId: number, args: BookingFilterArgs): Promise<void> {
  const named = [...new Set([args.eventTypeId, ...(args.eventTypeIds ?? [])].filter((id): id is number => id != null))];
  if (!named.length) return;
  const found = new Set((await ctx.db.getRepository(EventType).find({ select: { id: true }, where: { id: In(named), teamId } })).map((e) => e.id));
  const others = named.filter((id) => !found.has(id));
  if (others.length) {
    const field = args.eventTypeId != null && others.includes(args.eventTypeId) ? 'eventTypeId' : 'eventTypeIds';
    throw badInput(field, `${field}: ${others.join(', ')} ${others.length > 1 ? 'are not event types' : 'is not an event type'} of team ${teamId}`);
  }
}

async function pageOf(ctx: SubgraphContext, scope: BookingScope, args: BookingFilterArgs & Partial<OrganizationBookingListArgs>): Promise<BookingPage> {
  const [items, total] = await new BookingQueries(ctx.db).list(scope, args);
  return bookingPageOf(items, total, args);
}

/** Booking lists of teams and organizations (spec 5.3 TEAM_BOOKING_READ, ORG_BOOKING_READ), for their admins. */
@Resolver(() => OrganizationUser)
export class BookingListsResolver {
  @Query(() => BookingPage, {
    description:
      "Bookings of the organization's teams and of its members' personal event types (GET /v2/organizations/{orgId}/bookings). Organization ADMIN/OWNER.",
  })
  @Directive('@scopes(anyOf: [["ORG_BOOKING_READ"]])')
  @Directive('@pbac(permission: "booking.readOrgBookings", org: "args.orgId")')
  async organizationBookings(
    @Arg('orgId', () => Int) orgId: number,
    @Args() args: OrganizationBookingListArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingPage> {
    const scope = await organizationScope(ctx, orgId);
    const outsiders = (args.userIds ?? []).filter((id) => !scope.memberIds.includes(id));
    // One answer whether the user exists or not: the organization's admins learn nothing of other accounts.
    if (outsiders.length)
      throw forbidden(`userIds: ${outsiders.join(', ')} ${outsiders.length > 1 ? 'are not members' : 'is not a member'} of the organization`);
    return pageOf(ctx, scope, args);
  }

  @Query(() => BookingPage, {
    description:
      "Bookings of the team's event types (GET /v2/teams/{teamId}/bookings, /v2/organizations/{orgId}/teams/{teamId}/bookings). Team ADMIN/OWNER, or organization ADMIN/OWNER on the organization path.",
  })
  @Directive('@scopes(anyOf: [["TEAM_BOOKING_READ"]])')
  @Directive('@pbac(permission: "booking.readTeamBookings", team: "args.teamId", org: "args.orgId")')
  async teamBookings(
    @Arg('teamId', () => Int) teamId: number,
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Args() args: BookingFilterArgs,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingPage> {
    const scope = await teamScope(ctx, teamId, orgId);
    await refuseOtherEventTypes(ctx, teamId, args);
    return pageOf(ctx, scope, args);
  }

  @Query(() => [BookingReferenceOutput], {
    description:
      'Where a booking of the team was written in calendar and video providers; empty until a calendar or conferencing provider is connected (GET /v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references).',
  })
  @Directive('@scopes(anyOf: [["TEAM_BOOKING_READ"]])')
  @Directive('@pbac(permission: "booking.readTeamBookings", team: "args.teamId", org: "args.orgId")')
  async teamBookingReferences(
    @Arg('orgId', () => Int, { nullable: true }) orgId: number | null,
    @Arg('teamId', () => Int) teamId: number,
    @Arg('uid') uid: string,
    @Arg('type', () => String, { nullable: true }) _type: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingReferenceOutput[]> {
    await teamScope(ctx, teamId, orgId);
    const booking = await ctx.db.getRepository(Booking).findOneBy({ uid });
    const eventType = booking && (await ctx.db.getRepository(EventType).findOneBy({ id: booking.eventTypeId }));
    if (!eventType || eventType.teamId !== teamId) throw bookingNotFound(uid);
    return [];
  }

  @FieldResolver(() => BookingPage, {
    description: "The member's bookings within the organization (GET /v2/organizations/{orgId}/users/{userId}/bookings). Organization ADMIN/OWNER.",
  })
  @Directive('@scopes(anyOf: [["ORG_BOOKING_READ"]])')
  @Directive('@pbac(permission: "booking.readOrgBookings", org: "parent.orgId")')
  async bookings(@Root() member: OrganizationUser, @Args() args: BookingListArgs, @Ctx() ctx: SubgraphContext): Promise<BookingPage> {
    return pageOf(ctx, await organizationScope(ctx, member.orgId, member.userId), args);
  }
}
