import { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { SubgraphContext } from '../../../platform/context';
import { keyedWrite } from '../../../platform/keyed-writes';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking } from '../booking-record/booking.entity';
import {
  AddAttendeeInput,
  AddGuestsInput,
  BookingRecording,
  BookingReferenceOutput,
  CalendarLinkOutput,
  ConferencingSession,
  DeclineBookingInput,
  MarkAbsentInput,
  ReassignBookingInput,
  RequestRescheduleInput,
  UpdateBookingLocationInput,
} from './booking-actions.inputs';
import {
  addAttendee,
  addGuests,
  attendeeOfBooking,
  attendeesOfBooking,
  confirmBooking,
  declineBooking,
  markAbsent,
  recalledAttendee,
  requestReschedule,
  updateLocation,
} from './booking-actions';
import { managedBooking } from './booking-access';
import { calendarLinks } from './booking-calendar-links';
import { reassignBooking } from './booking-reassignment';
import { recalledBooking } from './keyed-booking-writes';

const READ = '@scopes(anyOf: [["BOOKING_READ"]])';
const WRITE = '@scopes(anyOf: [["BOOKING_WRITE"]])';
const WHO = "Its host, an ADMIN/OWNER of the team (or organization) of its team event type, or an ADMIN/OWNER of the host's organization.";
/** A change sent with an Idempotency-Key runs once: sent again, it answers the booking as its first run left it (platform/keyed-writes.ts). */
const once = (ctx: SubgraphContext, info: GraphQLResolveInfo, change: () => Promise<Booking>) =>
  keyedWrite(ctx, info, (reference) => recalledBooking(ctx.db, reference), change);

/** What a host (or team admin) does with one booking after it was made (spec 3, 5.3). */
@Resolver()
export class BookingActionsResolver {
  @Mutation(() => Booking, { description: `Accepts a pending booking; 409 unless it is pending (POST /v2/bookings/{bookingUid}/confirm). ${WHO}` })
  @Directive(WRITE)
  confirmBooking(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Booking> {
    return once(ctx, info, () => confirmBooking(ctx, uid));
  }

  @Mutation(() => Booking, {
    description: `Rejects a pending booking with a reason; 409 unless it is pending (POST /v2/bookings/{bookingUid}/decline). ${WHO}`,
  })
  @Directive(WRITE)
  declineBooking(
    @Arg('uid') uid: string,
    @Arg('input', () => DeclineBookingInput, { nullable: true }) input: DeclineBookingInput | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, () => declineBooking(ctx, uid, input ?? {}));
  }

  @Mutation(() => Booking, {
    description: `Marks the host and/or attendees absent once the meeting started (POST /v2/bookings/{bookingUid}/mark-absent). ${WHO}`,
  })
  @Directive(WRITE)
  markBookingAbsent(
    @Arg('uid') uid: string,
    @Arg('input') input: MarkAbsentInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, () => markAbsent(ctx, uid, input));
  }

  @Mutation(() => Booking, {
    description: `Gives a team booking to the least recently booked other host who is free (POST /v2/bookings/{bookingUid}/reassign). ${WHO}`,
  })
  @Directive(WRITE)
  reassignBooking(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<Booking> {
    return once(ctx, info, () => reassignBooking(ctx, uid, null, {}));
  }

  @Mutation(() => Booking, {
    description: `Gives a team booking to this host of its event type, who must be free (POST /v2/bookings/{bookingUid}/reassign/{userId}). ${WHO}`,
  })
  @Directive(WRITE)
  reassignBookingToUser(
    @Arg('uid') uid: string,
    @Arg('userId', () => Int) userId: number,
    @Arg('input', () => ReassignBookingInput, { nullable: true }) input: ReassignBookingInput | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, () => reassignBooking(ctx, uid, userId, input ?? {}));
  }

  @Mutation(() => Booking, {
    description: `Cancels the booking and asks the attendee to book another time (POST /v2/bookings/{bookingUid}/request-reschedule). ${WHO}`,
  })
  @Directive(WRITE)
  requestBookingReschedule(
    @Arg('uid') uid: string,
    @Arg('input', () => RequestRescheduleInput, { nullable: true }) input: RequestRescheduleInput | null,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, () => requestReschedule(ctx, uid, input ?? {}));
  }

  @Mutation(() => Booking, { description: `Invites guests by e-mail (POST /v2/bookings/{bookingUid}/guests). ${WHO}` })
  @Directive(WRITE)
  addBookingGuests(@Arg('uid') uid: string, @Arg('input') input: AddGuestsInput, @Ctx() ctx: SubgraphContext): Promise<Booking> {
    return addGuests(ctx, uid, input);
  }

  @Mutation(() => Attendee, { description: `Adds an attendee (POST /v2/bookings/{bookingUid}/attendees); 409 when that e-mail already attends. ${WHO}` })
  @Directive(WRITE)
  addBookingAttendee(
    @Arg('uid') uid: string,
    @Arg('input') input: AddAttendeeInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Attendee> {
    return keyedWrite(
      ctx,
      info,
      (reference) => recalledAttendee(ctx, reference, input.email),
      () => addAttendee(ctx, uid, input),
    );
  }

  @Mutation(() => Booking, { description: `Moves the meeting to another of the event type's locations (PATCH /v2/bookings/{bookingUid}/location). ${WHO}` })
  @Directive(WRITE)
  updateBookingLocation(
    @Arg('uid') uid: string,
    @Arg('input') input: UpdateBookingLocationInput,
    @Ctx() ctx: SubgraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Booking> {
    return once(ctx, info, () => updateLocation(ctx, uid, input));
  }

  @Query(() => [Attendee], { description: `The booking's attendees (GET /v2/bookings/{bookingUid}/attendees). ${WHO}` })
  @Directive(READ)
  bookingAttendees(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<Attendee[]> {
    return attendeesOfBooking(ctx, uid);
  }

  @Query(() => Attendee, { description: `One attendee of the booking (GET /v2/bookings/{bookingUid}/attendees/{attendeeId}). ${WHO}` })
  @Directive(READ)
  bookingAttendee(@Arg('uid') uid: string, @Arg('attendeeId', () => Int) attendeeId: number, @Ctx() ctx: SubgraphContext): Promise<Attendee> {
    return attendeeOfBooking(ctx, uid, attendeeId);
  }

  @Query(() => [CalendarLinkOutput], {
    description: `Add-to-calendar links: Google, Microsoft Office, Microsoft Outlook, ICS (GET /v2/bookings/{bookingUid}/calendar-links). ${WHO}`,
  })
  @Directive(READ)
  async bookingCalendarLinks(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<CalendarLinkOutput[]> {
    const { booking } = await managedBooking(ctx, uid, 'booking.read');
    return calendarLinks(booking, await attendeesOfBooking(ctx, uid));
  }

  @Query(() => [BookingReferenceOutput], {
    description: `Where the booking was written in calendar and video providers; empty until a calendar or conferencing provider is connected (GET /v2/bookings/{bookingUid}/references). ${WHO}`,
  })
  @Directive(READ)
  async bookingReferences(
    @Arg('uid') uid: string,
    @Arg('type', () => String, { nullable: true }) _type: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<BookingReferenceOutput[]> {
    await managedBooking(ctx, uid, 'booking.read');
    return [];
  }

  @Query(() => [BookingRecording], {
    description: `Recordings of the meeting; empty until a conferencing provider exists (GET /v2/bookings/{bookingUid}/recordings). ${WHO}`,
  })
  @Directive(READ)
  async bookingRecordings(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<BookingRecording[]> {
    await managedBooking(ctx, uid, 'booking.read');
    return [];
  }

  @Query(() => [String], {
    description: `Download links of transcripts; empty until a conferencing provider exists (GET /v2/bookings/{bookingUid}/transcripts). ${WHO}`,
  })
  @Directive(READ)
  async bookingTranscripts(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<string[]> {
    await managedBooking(ctx, uid, 'booking.read');
    return [];
  }

  @Query(() => [ConferencingSession], {
    description: `Video sessions of the meeting; empty until a conferencing provider exists (GET /v2/bookings/{bookingUid}/conferencing-sessions). ${WHO}`,
  })
  @Directive(READ)
  async bookingConferencingSessions(@Arg('uid') uid: string, @Ctx() ctx: SubgraphContext): Promise<ConferencingSession[]> {
    await managedBooking(ctx, uid, 'booking.read');
    return [];
  }
}
