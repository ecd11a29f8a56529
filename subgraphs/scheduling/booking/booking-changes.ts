import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { badInput, conflict, notFoundSaying } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { hostRolesOfEventType } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { loadEventTypeContext } from '../slots/event-type-context';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEventType } from '../booking-record/booking-event.entity';
import { recordBookingEvent } from './booking-events';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking-record/booking.entity';
import { checkGuests, checkMetadata, instantOf, reasonOf } from '../booking-record/booking-rules';
import { bookingLocationOf } from '../booking-record/booking-location';
import { checkFormAnswers } from '../booking-field/booking-field-answers';
import { insertBooking } from './booking-writes';
import { recordBookingWrite } from './keyed-booking-writes';
import { placeBooking } from './host-assignment';
import { OwnerDirectory } from '../slots/event-type-lookup';
import { applyRollingWindow } from '../slots/rolling-window';
import { cancelSeries, isSeriesUid } from './recurring-booking';
import { cancelSeat, rescheduleSeat } from './seat-changes';
import { heldByBooker } from './booking-event-type-rules';

const DAY = 86_400_000;

export const bookingNotFound = (uid: string) => notFoundSaying(`Booking with uid ${JSON.stringify(uid)} not found`);

/** Only accepted and pending bookings change; a cancelled or rejected one is a 409 saying what it is. */
function refuseUnlessLive(booking: Booking, action: 'cancelled' | 'rescheduled'): void {
  if (LIVE_STATUSES.includes(booking.status)) return;
  const rescheduled = booking.rescheduledToUid ? ` (it was rescheduled to ${booking.rescheduledToUid})` : '';
  throw conflict(`Booking ${booking.uid} is ${booking.status}${rescheduled} and cannot be ${action}`);
}

/**
 * A seated booking is rescheduled one seat at a time: the real service's message (its seated-bookings spec),
 * its documentation links replaced by the paths of this API.
 */
const seatUidRequired = (uid: string) =>
  `Booking with uid=${uid} is a seated booking which means you have to provide seatUid in the request body to specify which seat specifically you want to reschedule. ` +
  'First, fetch the booking using GET /v2/bookings/{bookingUid} and then within the attendees array you will find the seatUid of the booking you want to reschedule. ' +
  'Second, provide the seatUid in the request body to specify which seat specifically you want to reschedule using POST /v2/bookings/{bookingUid}/reschedule';

/** The booking row, locked for the rest of the transaction. */
async function lockedBooking(tx: EntityManager, uid: string): Promise<Booking> {
  const booking = await tx.getRepository(Booking).createQueryBuilder('b').setLock('pessimistic_write').where('b.uid = :uid', { uid }).getOne();
  if (!booking) throw bookingNotFound(uid);
  return booking;
}

/**
 * The real service's rule: the host of a live booking (or of an occurrence of a series) who cancels it, or a seat of it,
 * gives a cancellationReason; 400 without one. Attendees, and callers through an OAuth or platform client, need none.
 */
async function refuseHostWithoutReason(db: DataSource, uid: string, hostId: number): Promise<void> {
  const hosted = await db.getRepository(Booking).exists({
    where: [
      { uid, userId: hostId, status: In([...LIVE_STATUSES]) },
      { recurringBookingUid: uid, userId: hostId, status: In([...LIVE_STATUSES]) },
    ],
  });
  if (hosted) throw badInput('cancellationReason', 'Cancellation reason is required when you are the host');
}

/**
 * Cancels an accepted or pending booking (POST /v2/bookings/{uid}/cancel): status `cancelled`, the
 * reason kept, a BOOKING_CANCELLED event written in the same transaction. Cancelling a booking that
 * is already cancelled (or rejected) is a 409 and changes nothing.
 */
export async function cancelBooking(
  db: DataSource,
  uid: string,
  input: {
    cancellationReason?: string | null;
    cancelSubsequentBookings?: boolean | null;
    seatUid?: string | null;
    /** Who cancels (change-author.ts): recorded as cancelledByEmail. */
    cancelledByEmail?: string | null;
    /** The caller's user id when they answer for themselves (not through an OAuth or platform client): a host must give a reason. */
    callerUserId?: number | null;
  },
): Promise<Booking> {
  const by = input.cancelledByEmail ?? null;
  const reason = reasonOf('cancellationReason', input.cancellationReason);
  if (reason === null && input.callerUserId != null) await refuseHostWithoutReason(db, uid, input.callerUserId);
  if (input.seatUid != null) return cancelSeat(db, uid, input.seatUid, by);
  const record = async (tx: EntityManager, booking: Booking) => {
    const [attendees, eventType] = await Promise.all([
      tx.find(Attendee, { where: { bookingId: booking.id }, order: { id: 'ASC' } }),
      tx.findOneBy(EventType, { id: booking.eventTypeId }),
    ]);
    await recordBookingEvent(tx, BookingEventType.cancelled, booking, attendees, eventType);
  };
  // A recurring booking's uid cancels every occurrence left; cancelSubsequentBookings, this one and the later ones.
  if (await isSeriesUid(db, uid)) return cancelSeries(db, uid, { reason, by }, record);
  if (input.cancelSubsequentBookings) {
    const booking = await db.getRepository(Booking).findOneBy({ uid });
    if (booking?.recurringBookingUid) {
      refuseUnlessLive(booking, 'cancelled');
      return cancelSeries(db, booking.recurringBookingUid, { reason, by }, record, booking.start);
    }
  }
  return db.transaction(async (tx) => {
    const booking = await lockedBooking(tx, uid);
    refuseUnlessLive(booking, 'cancelled');
    booking.status = BookingStatus.cancelled;
    booking.cancellationReason = reason;
    booking.cancelledByEmail = by;
    await tx.save(booking);
    const [attendees, eventType] = await Promise.all([
      tx.find(Attendee, { where: { bookingId: booking.id }, order: { id: 'ASC' } }),
      tx.findOneBy(EventType, { id: booking.eventTypeId }),
    ]);
    await recordBookingEvent(tx, BookingEventType.cancelled, booking, attendees, eventType);
    // A seated booking cancelled whole (by its host) frees every seat, as its last seat cancelled does: no attendee is left.
    await tx.delete(Attendee, { bookingId: booking.id, seatUid: Not(IsNull()) });
    await recordBookingWrite(tx, booking);
    return booking;
  });
}

/** What a booking was booked with, which its reschedule carries over unless the older body sends it anew. */
type BookingDetails = Pick<Booking, 'description' | 'location' | 'metadata' | 'bookingFieldsResponses' | 'guests'>;

const detailsOf = (booking: Booking): BookingDetails => ({
  description: booking.description,
  location: booking.location,
  metadata: booking.metadata,
  bookingFieldsResponses: booking.bookingFieldsResponses,
  guests: booking.guests,
});

/** The older body's `metadata`, `responses` (form answers; its guests and location) sent with rescheduleUid. */
export interface SentDetails {
  metadata?: Record<string, unknown> | null;
  answers: Record<string, unknown>;
  guests?: string[] | null;
  location?: unknown;
}

/**
 * Sent details checked as a new booking's are (400 naming the field), as the changes they make to the booking rescheduled:
 * metadata, guests and location when sent; the answers over its own (its attendee's name and e-mail stay), their notes
 * its description.
 */
function replacementOf(sent: SentDetails, eventType: EventType): (previous: Booking) => Partial<BookingDetails> {
  const metadata = sent.metadata == null ? undefined : checkMetadata(sent.metadata);
  const guests = sent.guests == null ? undefined : checkGuests(sent.guests, 'responses.guests');
  const answers = checkMetadata(sent.answers, 'responses');
  checkFormAnswers(eventType.bookingFields, answers);
  const location = sent.location == null ? undefined : bookingLocationOf(sent.location, eventType.locations, 'responses.location');
  const notes = typeof answers.notes === 'string' ? answers.notes.trim() || null : undefined;
  return (previous) => ({
    bookingFieldsResponses: { ...previous.bookingFieldsResponses, ...answers, ...(guests?.length ? { guests } : {}) },
    ...(metadata ? { metadata } : {}),
    ...(guests ? { guests } : {}),
    ...(location ? { location } : {}),
    ...(notes !== undefined ? { description: notes } : {}),
  });
}

/**
 * Moves a booking to a new start (POST /v2/bookings/{uid}/reschedule) and answers the new booking.
 * The new time must be bookable as for a new booking, the old booking's own time and count left out
 * (it keeps its host when that host is free). In one transaction the old booking becomes `cancelled`
 * with `rescheduledToUid`, the new one is inserted with `rescheduledFromUid` and the attendees, and
 * a BOOKING_RESCHEDULED event is written: the old row is cancelled before the new one is inserted,
 * so a new time that overlaps the old one passes the exclusion constraint.
 */
export async function rescheduleBooking(
  db: DataSource,
  directory: OwnerDirectory | null,
  uid: string,
  input: {
    start: string;
    reschedulingReason?: string | null;
    seatUid?: string | null;
    /** Who reschedules (change-author.ts): recorded as rescheduledByEmail on the booking left and on the new one. */
    rescheduledByEmail?: string | null;
    /** The older body's reschedule (rescheduleUid) books anew with what it sends: that replaces the booking's own. */
    replacing?: SentDetails;
    /** The slot reservation the rescheduler holds for the new time (the older body's reservedSlotUid): not in the way, ended by the move. */
    reservedSlotUid?: string | null;
  },
  now = new Date(),
): Promise<Booking> {
  const reason = reasonOf('reschedulingReason', input.reschedulingReason);
  if (input.seatUid != null) return rescheduleSeat(db, directory, uid, { ...input, seatUid: input.seatUid }, reason, now);
  const start = instantOf('start', input.start);
  const old = await db.getRepository(Booking).findOneBy({ uid });
  if (!old) throw bookingNotFound(uid);
  refuseUnlessLive(old, 'rescheduled');
  if (start.getTime() <= now.getTime()) throw badInput('start', `start must be in the future, got ${start.toISOString()}`);
  const eventType = await db.getRepository(EventType).findOneByOrFail({ id: old.eventTypeId });
  if (eventType.seats) throw badInput('seatUid', seatUidRequired(uid));
  const end = new Date(start.getTime() + eventType.lengthInMinutes * 60_000);
  const replacement = input.replacing ? replacementOf(input.replacing, eventType) : null;
  const reservation = await heldByBooker(db, eventType.id, input.reservedSlotUid, start, end, now, 'reservedSlotUid');
  const attendees = await db.getRepository(Attendee).find({ where: { bookingId: old.id }, order: { id: 'ASC' } });

  const hosts = await hostRolesOfEventType(db, eventType);
  const hostIds = hosts.map((h) => h.userId);
  const calendars = await loadHostCalendars(
    db,
    {
      hostIds,
      scheduleId: eventType.scheduleId,
      from: new Date(start.getTime() - DAY),
      to: new Date(end.getTime() + DAY),
      excludeBookingId: old.id,
    },
    directory,
  );
  const context = await loadEventTypeContext(db.manager, eventType, hostIds, {
    from: new Date(start.getTime() - DAY),
    to: new Date(end.getTime() + DAY),
    now,
    excludeBookingId: old.id,
    exceptReservationUid: reservation?.uid,
  });
  await applyRollingWindow(db, directory, eventType, context, eventType.lengthInMinutes, now);
  const placement = {
    start,
    end,
    calendars,
    hosts,
    preferredHostId: old.userId,
    excludeBookingId: old.id,
    now,
    context,
    eventType,
    exceptReservationUid: reservation?.uid,
  };
  return placeBooking(db, placement, async (tx, hostId) => {
    const previous = await lockedBooking(tx, uid);
    refuseUnlessLive(previous, 'rescheduled');
    if (reservation) await tx.query('DELETE FROM slot_reservations WHERE uid = $1', [reservation.uid]);
    const newUid = randomUUID();
    previous.status = BookingStatus.cancelled;
    previous.rescheduledToUid = newUid;
    previous.reschedulingReason = reason;
    previous.rescheduledByEmail = input.rescheduledByEmail ?? null;
    await tx.save(previous);
    const moved = await insertBooking(
      tx,
      {
        uid: newUid,
        eventType,
        hostId,
        start,
        end,
        title: previous.title,
        status: BookingStatus.accepted,
        ...detailsOf(previous),
        ...replacement?.(previous),
        reschedulingReason: reason,
        rescheduledFromUid: previous.uid,
        rescheduledByEmail: input.rescheduledByEmail ?? null,
        platformOAuthClientId: previous.platformOAuthClientId,
        recurringBookingUid: previous.recurringBookingUid,
      },
      attendees.map(({ name, email, timeZone, language, phoneNumber }) => ({ name, email, timeZone, language, phoneNumber })),
      {
        type: BookingEventType.rescheduled,
        extra: { rescheduledFrom: { uid: previous.uid, start: previous.start.toISOString(), end: previous.end.toISOString(), hostId: previous.userId } },
      },
    );
    await recordBookingWrite(tx, moved);
    return moved;
  });
}
