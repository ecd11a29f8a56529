import { EntityManager } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { SubgraphContext } from '../../../platform/context';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEventType } from '../booking-record/booking-event.entity';
import { recordBookingEvent } from './booking-events';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking-record/booking.entity';
import { bookingNotFound } from './booking-changes';
import { bookingLocationOf } from '../booking-record/booking-location';
import { checkAttendee, checkEmail, checkPhoneNumber, reasonOf } from '../booking-record/booking-rules';
import { managedBooking } from './booking-access';
import { recalledBooking, recordBookingWrite } from './keyed-booking-writes';
import { KeyedWriteReference } from '../../../platform/keyed-writes';

/**
 * The host's actions on one booking (spec 3, 5.3 BOOKING_WRITE). Statuses move only as this table says;
 * any other move is a 409 naming the booking's status:
 *
 * | action            | from               | to        | event                      |
 * |-------------------|--------------------|-----------|----------------------------|
 * | confirm           | pending            | accepted  | BOOKING_CREATED            |
 * | decline           | pending            | rejected  | BOOKING_REJECTED           |
 * | request reschedule| accepted, pending  | cancelled | BOOKING_CANCELLED          |
 * | mark absent       | accepted (started) | accepted  | BOOKING_NO_SHOW_UPDATED    |
 * | reassign          | accepted, pending  | (same)    | BOOKING_REASSIGNED         |
 * | update location   | accepted, pending  | (same)    | BOOKING_LOCATION_UPDATED   |
 * | add guests/attendee | accepted, pending | (same)   | (no trigger in spec 6)     |
 */
export const MAX_GUESTS = 30;

async function locked(tx: EntityManager, uid: string): Promise<Booking> {
  const booking = await tx.getRepository(Booking).createQueryBuilder('b').setLock('pessimistic_write').where('b.uid = :uid', { uid }).getOne();
  if (!booking) throw bookingNotFound(uid);
  return booking;
}

function refuseUnless(booking: Booking, allowed: readonly BookingStatus[], action: string): void {
  if (allowed.includes(booking.status)) return;
  throw conflict(`Booking ${booking.uid} is ${booking.status} and cannot be ${action} (only a booking that is ${allowed.join(' or ')} can)`);
}

const attendeesOf = (tx: EntityManager, bookingId: number) => tx.find(Attendee, { where: { bookingId }, order: { id: 'ASC' } });

/**
 * Loads the booking the caller may change, then runs `change` on the locked row in one transaction with
 * its event, so a change and its webhook event commit together or not at all (and with the record of a
 * keyed write: sent again with its Idempotency-Key, the change answers the booking instead of running twice).
 */
async function changeBooking(
  ctx: SubgraphContext,
  uid: string,
  change: (tx: EntityManager, booking: Booking, eventType: EventType) => Promise<{ event?: BookingEventType; extra?: Record<string, unknown> } | void>,
): Promise<Booking> {
  const { eventType } = await managedBooking(ctx, uid, 'booking.update');
  return ctx.db.transaction(async (tx) => {
    const booking = await locked(tx, uid);
    const outcome = await change(tx, booking, eventType);
    const saved = await tx.save(booking);
    if (outcome && outcome.event) await recordBookingEvent(tx, outcome.event, saved, await attendeesOf(tx, saved.id), eventType, outcome.extra);
    await recordBookingWrite(tx, saved);
    return saved;
  });
}

export function confirmBooking(ctx: SubgraphContext, uid: string): Promise<Booking> {
  return changeBooking(ctx, uid, async (_tx, booking) => {
    refuseUnless(booking, [BookingStatus.pending], 'confirmed');
    booking.status = BookingStatus.accepted;
    return { event: BookingEventType.created, extra: { confirmed: true } };
  });
}

export function declineBooking(ctx: SubgraphContext, uid: string, input: { reason?: string | null }): Promise<Booking> {
  const reason = reasonOf('reason', input.reason);
  return changeBooking(ctx, uid, async (_tx, booking) => {
    refuseUnless(booking, [BookingStatus.pending], 'declined');
    booking.status = BookingStatus.rejected;
    booking.rejectionReason = reason;
    return { event: BookingEventType.rejected, extra: { rejectionReason: reason } };
  });
}

/** The reason of a reschedule request: `rescheduleReason` (the real service's name) or `reason` (this API's earlier one). */
function rescheduleReasonOf(input: { rescheduleReason?: string | null; reason?: string | null }): string | null {
  const { rescheduleReason, reason } = input;
  if (rescheduleReason != null && reason != null && rescheduleReason !== reason)
    throw badInput('rescheduleReason', 'rescheduleReason and reason were both sent and differ: send rescheduleReason alone (reason is its earlier name)');
  return rescheduleReason != null ? reasonOf('rescheduleReason', rescheduleReason) : reasonOf('reason', reason);
}

export function requestReschedule(
  ctx: SubgraphContext,
  uid: string,
  input: { rescheduleReason?: string | null; reason?: string | null },
  now = new Date(),
): Promise<Booking> {
  const reason = rescheduleReasonOf(input);
  return changeBooking(ctx, uid, async (_tx, booking) => {
    refuseUnless(booking, LIVE_STATUSES, 'asked to be rescheduled');
    if (booking.end.getTime() <= now.getTime()) throw conflict(`Booking ${booking.uid} has already ended and cannot be rescheduled`);
    booking.status = BookingStatus.cancelled;
    booking.rescheduleRequested = true;
    booking.cancellationReason = reason;
    return { event: BookingEventType.cancelled, extra: { requestReschedule: true } };
  });
}

export interface AbsenceInput {
  host?: boolean | null;
  attendees?: Array<{ email: string; absent: boolean }> | null;
}

/** Marks the host and/or attendees absent or present, once the meeting has started. */
export function markAbsent(ctx: SubgraphContext, uid: string, input: AbsenceInput, now = new Date()): Promise<Booking> {
  if (input.host == null && !input.attendees?.length)
    throw badInput('host', 'host or attendees must be sent: whether the host was absent, or attendees [{email, absent}]');
  const marks = (input.attendees ?? []).map((a, i) => ({ email: checkEmail(`attendees[${i}].email`, a.email), absent: a.absent }));
  return changeBooking(ctx, uid, async (tx, booking) => {
    refuseUnless(booking, [BookingStatus.accepted], 'marked absent');
    if (booking.start.getTime() > now.getTime())
      throw conflict(`Booking ${booking.uid} has not started yet: absence can be marked from ${booking.start.toISOString()}`);
    const attendees = await attendeesOf(tx, booking.id);
    for (const [i, mark] of marks.entries()) {
      const attendee = attendees.find((a) => a.email === mark.email);
      if (!attendee) throw badInput(`attendees[${i}].email`, `attendees[${i}].email: ${mark.email} is not an attendee of booking ${booking.uid}`);
      attendee.absent = mark.absent;
    }
    await tx.save(attendees);
    if (input.host != null) booking.absentHost = input.host;
    return {
      event: BookingEventType.noShowUpdated,
      extra: { noShow: { host: booking.absentHost, attendees: attendees.map((a) => ({ email: a.email, absent: a.absent })) } },
    };
  });
}

export function updateLocation(ctx: SubgraphContext, uid: string, input: { location?: unknown }): Promise<Booking> {
  return changeBooking(ctx, uid, async (_tx, booking, eventType) => {
    // Nothing to change (the real service's answer): the booking as it is, no BOOKING_LOCATION_UPDATED.
    if (input.location == null) return;
    const location = bookingLocationOf(input.location, eventType.locations);
    refuseUnless(booking, LIVE_STATUSES, 'moved to another location');
    booking.location = location;
    return { event: BookingEventType.locationUpdated };
  });
}

export function addGuests(ctx: SubgraphContext, uid: string, input: { guests: string[] }): Promise<Booking> {
  if (!Array.isArray(input.guests) || !input.guests.length) throw badInput('guests', 'guests must list at least one e-mail address');
  const sent = input.guests.map((g, i) => checkEmail(`guests[${i}]`, g));
  return changeBooking(ctx, uid, async (tx, booking) => {
    refuseUnless(booking, LIVE_STATUSES, 'given guests');
    // A guest already on the booking (a guest, or an attendee) is a 400, as the real add-guests spec has it.
    const present = new Set([...booking.guests, ...(await attendeesOf(tx, booking.id)).map((a) => a.email)]);
    const again = sent.findIndex((email) => present.has(email));
    if (again >= 0) throw badInput(`guests[${again}]`, `guests[${again}]: ${sent[again]} is already a guest or an attendee of booking ${booking.uid}`);
    const guests = [...new Set([...booking.guests, ...sent])];
    if (guests.length > MAX_GUESTS) throw badInput('guests', `guests: a booking has at most ${MAX_GUESTS} guests (it has ${booking.guests.length})`);
    booking.guests = guests;
  });
}

export interface NewAttendee {
  name: string;
  email: string;
  timeZone: string;
  language?: string | null;
  phoneNumber?: string | null;
}

export async function addAttendee(ctx: SubgraphContext, uid: string, input: NewAttendee): Promise<Attendee> {
  const details = checkAttendee({ ...input, language: input.language ?? undefined }, 'attendee');
  const phoneNumber = checkPhoneNumber('phoneNumber', input.phoneNumber);
  let added: Attendee | undefined;
  await changeBooking(ctx, uid, async (tx, booking) => {
    refuseUnless(booking, LIVE_STATUSES, 'given attendees');
    if ((await attendeesOf(tx, booking.id)).some((a) => a.email === details.email)) throw conflict(`${details.email} already attends booking ${booking.uid}`);
    added = await tx.save(tx.create(Attendee, { bookingId: booking.id, ...details, phoneNumber }));
  });
  return added!;
}

/** The answer of an attendee added by a keyed write that committed before: the attendee with that e-mail, as it is now. */
export async function recalledAttendee(ctx: SubgraphContext, reference: KeyedWriteReference, email: string): Promise<Attendee> {
  const booking = await recalledBooking(ctx.db, reference);
  return ctx.db.getRepository(Attendee).findOneByOrFail({ bookingId: booking.id, email: checkEmail('email', email) });
}

export async function attendeesOfBooking(ctx: SubgraphContext, uid: string): Promise<Attendee[]> {
  const { booking } = await managedBooking(ctx, uid, 'booking.read');
  return attendeesOf(ctx.db.manager, booking.id);
}

export async function attendeeOfBooking(ctx: SubgraphContext, uid: string, attendeeId: number): Promise<Attendee> {
  const { booking } = await managedBooking(ctx, uid, 'booking.read');
  const attendee = await ctx.db.getRepository(Attendee).findOneBy({ id: attendeeId, bookingId: booking.id });
  if (!attendee) throw notFound('Attendee', attendeeId);
  return attendee;
}
