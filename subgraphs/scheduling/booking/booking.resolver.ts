import { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, Directive, Field, FieldResolver, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { PageArgs, PageOf, paginationOf } from '../../../platform/pagination';
import { EventType } from '../event-type/event-type.entity';
import { attendeesByBookingId, hostIdsByBookingId, userEmailById } from './booking.loaders';
import { eventTypeById } from '../event-type/event-type.loaders';
import { ownerDirectoryOf } from '../slots/event-type-lookup';
import { User } from '../user/user.stub';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';
import { BookingListArgs, CancelBookingInput, CreateBookingInput, LegacyCreateBookingInput, RescheduleBookingInput } from './booking.inputs';
import { cancelBooking, rescheduleBooking } from './booking-changes';
import { createBooking } from './booking-creation';
import { bookingManagerCheck } from './booking-authentication';
import { callerEmail, rescheduledByOf } from './change-author';
import { legacyBookingRequest } from './legacy-booking-request';
import { hiddenSeatsView, seesAttendees } from './booking-access';
import { isAttendeeSupplied, locationText, webAddressOf } from '../booking-record/booking-location';
import { BookingQueries } from './booking-queries';
import { meetingUrlNow, wakeBookingHooks } from './booking-hooks';
import { bookingTitle, writtenBooking } from './booking-writes';
import { BookingParticipant, participantsOf } from './booking-participants';
import { recalledBooking } from './keyed-booking-writes';
import { inSpan } from '../../../platform/tracing';

/** The platform OAuth client of the caller's credential (an access token or the client's own headers): a booking made with it records it. */
const clientOf = (ctx: SubgraphContext) => ((ctx.principal.kind === 'oauth' || ctx.principal.kind === 'platform') && ctx.principal.clientId) || null;
/** A booking just committed: its meeting URL asked for at once (the queued hooks retry it), the other hooks woken. */
const withHooks = async (ctx: SubgraphContext, booking: Promise<Booking>) => primeWritten(ctx, await meetingUrlNow(ctx.db, ctx.graph, await booking));
/** A write sent with an Idempotency-Key runs once: sent again, it answers the booking its first run committed (platform/keyed-writes.ts). */
const once = (ctx: SubgraphContext, info: GraphQLResolveInfo, write: () => Promise<Booking>) =>
  keyedWrite(ctx, info, (reference) => recalledBooking(ctx.db, reference), write);

/**
 * The answer to a booking just written reads its event type, attendees and hosts: the request's loaders
 * get what the write already holds instead of three statements (docs/performance.md). Not for a seat
 * joined (an existing booking); a booking with co-hosts (collective, or round robin with mandatory hosts: added after the
 * insert) reads its hosts back.
 */
function primeWritten(ctx: SubgraphContext, booking: Booking): Booking {
  for (const one of [booking, ...(booking.series ?? [])]) {
    const written = writtenBooking(one);
    if (!written) continue;
    eventTypeById(ctx).prime(one.eventTypeId, written.eventType);
    attendeesByBookingId(ctx).prime(
      one.id,
      [...written.attendees].sort((a, b) => a.id - b.id),
    );
    if (!written.coHosted) hostIdsByBookingId(ctx).prime(one.id, [one.userId]);
  }
  return booking;
}

@ObjectType()
export class BookingPage extends PageOf(Booking) {
  @Field(() => Int, { nullable: true, description: "REST (the older version's nextCursor): the skip of the next page; null on the last page." })
  @Directive('@inaccessible')
  nextCursor: number | null;
}

/** A page of bookings: its position, and where the next page starts (skip + the items returned) while there is one. */
export function bookingPageOf(items: Booking[], total: number, page: PageArgs): BookingPage {
  const pagination = paginationOf(total, page);
  return { items, pagination, nextCursor: pagination.hasNextPage ? pagination.totalItems - pagination.remainingItems : null };
}

const hostOf = (booking: Booking) => Object.assign(new User(), { id: booking.userId });

/**
 * Bookings (spec 2.18, 4.15). Creating, cancelling and rescheduling are public (no directive, spec
 * 5.3): the booking's uid is what a guest holds. Reading needs BOOKING_READ and shows the caller's
 * bookings as host.
 */
@Resolver(() => Booking)
export class BookingResolver {
  @Query(() => BookingPage, { description: 'Bookings the caller hosts, filtered, sorted and paged (GET /v2/bookings).' })
  @Directive('@scopes(anyOf: [["BOOKING_READ"]])')
  async bookings(@Args() args: BookingListArgs, @Ctx() ctx: SubgraphContext): Promise<BookingPage> {
    const [items, total] = await new BookingQueries(ctx.db).listForHost(ctx.principal.userId!, { ...args, callerClientId: clientOf(ctx) });
    return bookingPageOf(items, total, args);
  }

  @Query(() => Booking, { description: 'One booking the caller hosts, by uid (GET /v2/bookings/{bookingUid}).' })
  @Directive('@scopes(anyOf: [["BOOKING_READ"]])')
  booking(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<Booking> {
    return new BookingQueries(ctx.db).getForHost(uid, ctx.principal.userId!);
  }

  @Mutation(() => Booking, {
    description: 'Books a slot for an attendee; 409 when it is not available (POST /v2/bookings, svc-api-version 2024-08-13). Public.',
  })
  @Directive('@public')
  createBooking(@Arg('input') input: CreateBookingInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Booking> {
    const request = { ...input, platformOAuthClientId: clientOf(ctx) };
    return inSpan('booking create', { 'svc.event_type_id': input.eventTypeId ?? -1 }, () =>
      once(ctx, info, () => withHooks(ctx, createBooking(ctx.db, ownerDirectoryOf(ctx), request, new Date(), bookingManagerCheck(ctx)))),
    );
  }

  @Mutation(() => Booking, { description: 'The older POST /v2/bookings body (responses, timeZone, language; rescheduleUid reschedules). Public.' })
  @Directive('@public')
  // Only the REST façade sends this body: out of the public graph, served through the gateway's internal schema.
  @Directive('@inaccessible')
  legacyCreateBooking(@Arg('input') input: LegacyCreateBookingInput, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Booking> {
    return once(ctx, info, () => this.legacyWrite(input, ctx));
  }

  private legacyWrite(input: LegacyCreateBookingInput, ctx: SubgraphContext): Promise<Booking> {
    const request = legacyBookingRequest(input, clientOf(ctx));
    if (input.rescheduleUid) {
      const uid = input.rescheduleUid;
      const replacing = { metadata: request.metadata, answers: request.bookingFieldsResponses ?? {}, guests: request.guests, location: request.location };
      const reschedule = (rescheduledByEmail: string | null) =>
        rescheduleBooking(ctx.db, ownerDirectoryOf(ctx), uid, {
          start: input.start,
          reschedulingReason: input.responses.rescheduleReason,
          rescheduledByEmail,
          replacing,
          reservedSlotUid: input.reservedSlotUid,
        });
      return withHooks(ctx, rescheduledByOf(ctx, input.rescheduledBy).then(reschedule));
    }
    return withHooks(ctx, createBooking(ctx.db, ownerDirectoryOf(ctx), request, new Date(), bookingManagerCheck(ctx)));
  }

  @Mutation(() => Booking, { description: 'Cancels a booking; 409 when it is already cancelled (POST /v2/bookings/{bookingUid}/cancel). Public.' })
  @Directive('@public')
  cancelBooking(
    @Arg('uid') uid: string,
    @Arg('input') input: CancelBookingInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, async () => {
      const booking = await cancelBooking(ctx.db, uid, {
        ...input,
        cancelledByEmail: await callerEmail(ctx),
        callerUserId: clientOf(ctx) ? null : ctx.principal.userId,
      });
      wakeBookingHooks(ctx.db);
      return booking;
    });
  }

  @Mutation(() => Booking, {
    description: 'Moves a booking to a new start and answers the new booking; the old one ends cancelled (POST /v2/bookings/{bookingUid}/reschedule). Public.',
  })
  @Directive('@public')
  rescheduleBooking(
    @Arg('uid') uid: string,
    @Arg('input') input: RescheduleBookingInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, async () =>
      withHooks(ctx, rescheduleBooking(ctx.db, ownerDirectoryOf(ctx), uid, { ...input, rescheduledByEmail: await rescheduledByOf(ctx, input.rescheduledBy) })),
    );
  }

  @FieldResolver(() => [Attendee], {
    description:
      'The attendees; of a seated event type that hides them (showAttendeeInfo false), none unless the caller is its host or an admin of its team (a booker finds their seat in seatUid).',
  })
  async attendees(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<Attendee[]> {
    const [attendees, eventType] = await Promise.all([attendeesByBookingId(ctx).load(booking.id), eventTypeById(ctx).load(booking.eventTypeId)]);
    return (await seesAttendees(ctx, booking, eventType)) ? attendees : [];
  }

  @FieldResolver()
  async title(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string> {
    const view = await hiddenSeatsView(ctx, booking);
    if (!view) return booking.title;
    return view.seat ? bookingTitle(view.eventType, view.seat.name) : view.eventType.title;
  }

  @FieldResolver(() => String, { nullable: true })
  async description(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string | null> {
    return (await hiddenSeatsView(ctx, booking)) ? null : booking.description;
  }

  @FieldResolver()
  async bookingFieldsResponses(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<Record<string, unknown>> {
    const view = await hiddenSeatsView(ctx, booking);
    if (!view) return booking.bookingFieldsResponses;
    return view.seat ? { ...(view.seat.bookingFieldsResponses ?? {}), email: view.seat.email } : {};
  }

  @FieldResolver()
  async metadata(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<Record<string, unknown>> {
    const view = await hiddenSeatsView(ctx, booking);
    return view ? (view.seat?.metadata ?? {}) : booking.metadata;
  }

  @FieldResolver()
  async guests(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string[]> {
    const view = await hiddenSeatsView(ctx, booking);
    if (!view) return booking.guests;
    const guests = view.seat?.bookingFieldsResponses?.guests;
    return Array.isArray(guests) ? guests.map(String) : [];
  }

  @FieldResolver(() => [BookingParticipant], {
    description: 'REST (BookingOutput_2024_08_13.attendees): the attendees, then a collective booking’s other hosts (the real service lists them there).',
  })
  // A REST-only shape: out of the public graph, as legacyCreateBooking.
  @Directive('@inaccessible')
  async participants(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<BookingParticipant[]> {
    return participantsOf(ctx, booking, await this.attendees(booking, ctx));
  }

  @FieldResolver(() => [User], { description: 'REST (BookingOutput_2024_08_13.hosts): the organizer only, as the real service names one.' })
  @Directive('@inaccessible')
  organizers(@Root() booking: Booking): User[] {
    return [hostOf(booking)];
  }

  @FieldResolver(() => [Booking], {
    nullable: true,
    description:
      'Set when the answer stands for a whole recurring booking (booked, read or cancelled by its recurringBookingUid, or cancelled with cancelSubsequentBookings): every occurrence by start. null otherwise.',
  })
  occurrences(@Root() booking: Booking): Booking[] | null {
    return booking.series ?? null;
  }

  @FieldResolver(() => EventType)
  eventType(@Root() booking: Booking, @Ctx() ctx: SubgraphContext) {
    return eventTypeById(ctx).load(booking.eventTypeId);
  }

  @FieldResolver(() => [User], { description: 'Hosts of the meeting (id, name, email, username, timeZone from the organizations subgraph).' })
  async hosts(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<User[]> {
    // A collective booking has every host of its event type; any other booking its one host.
    const ids = await hostIdsByBookingId(ctx).load(booking.id);
    return ids.length > 1 ? ids.map((id) => Object.assign(new User(), { id })) : [hostOf(booking)];
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "REST (the older version's userPrimaryEmail): the e-mail of the host whose calendar the booking occupies.",
  })
  @Directive('@inaccessible')
  userPrimaryEmail(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string | null> {
    return userEmailById(ctx).load(booking.userId);
  }

  @FieldResolver(() => User, { description: "The host whose calendar the booking occupies (the older API's `user`)." })
  host(@Root() booking: Booking): User {
    return hostOf(booking);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Where the meeting takes place, as text: the attendee's address, phone or place, the organizer's address, link or phone number, or `integrations:<app>`.",
  })
  async location(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string | null> {
    return (await this.hidesLocation(booking, ctx)) ? booking.location!.type : locationText(booking.location);
  }

  /**
   * A seated booking that hides its attendees from one another keeps the first booker's own location (their address,
   * phone or place, typed when they booked): that booker sees it (the booking's own answers name them), every other
   * booker is answered its type only, also once the first booker's seat is gone.
   */
  private async hidesLocation(booking: Booking, ctx: SubgraphContext): Promise<boolean> {
    if (!isAttendeeSupplied(booking.location)) return false;
    const view = await hiddenSeatsView(ctx, booking);
    if (!view) return false;
    return view.seat === null || view.seat.email !== booking.bookingFieldsResponses.email;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The seat the request took, on the answer of a booking of a seated event type or of a seat rescheduled (CreateSeatedBookingOutput_2024_08_13); null elsewhere (a read shows each seat on its attendee).',
  })
  seatUid(@Root() booking: Booking): string | null {
    return booking.bookedSeatUid ?? null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The meeting's URL: the one its conferencing location got (built-in daily-video), else the location itself when it is a web address (a link booked as the location); null otherwise or while it is being made.",
  })
  async meetingUrl(@Root() booking: Booking, @Ctx() ctx: SubgraphContext): Promise<string | null> {
    if (booking.meetingUrl) return booking.meetingUrl;
    return (await this.hidesLocation(booking, ctx)) ? null : webAddressOf(locationText(booking.location));
  }
}
