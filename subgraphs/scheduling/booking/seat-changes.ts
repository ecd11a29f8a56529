import { DataSource, EntityManager, In } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { hostIdsOf, OwnerDirectory } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { loadEventTypeContext } from '../slots/event-type-context';
import { applyRollingWindow } from '../slots/rolling-window';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEventType } from '../booking-record/booking-event.entity';
import { recordBookingEvent } from './booking-events';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking-record/booking.entity';
import { instantOf } from '../booking-record/booking-rules';
import { bookingTitle, insertBooking } from './booking-writes';
import { recordBookingWrite } from './keyed-booking-writes';
import { placeBooking } from './host-assignment';

const DAY = 86_400_000;

/** The live booking and the attendee holding `seatUid` in it, locked; 404 for an unknown booking or seat, 409 unless live. */
async function lockedSeat(tx: EntityManager, uid: string, seatUid: string): Promise<{ booking: Booking; seat: Attendee; eventType: EventType }> {
  const booking = await tx.getRepository(Booking).createQueryBuilder('b').setLock('pessimistic_write').where('b.uid = :uid', { uid }).getOne();
  if (!booking) throw notFound('Booking', uid);
  const seat = await tx.findOneBy(Attendee, { bookingId: booking.id, seatUid });
  if (!seat) throw notFound('Seat', seatUid);
  if (!LIVE_STATUSES.includes(booking.status)) throw conflict(`Booking ${uid} is ${booking.status}: its seats cannot change`);
  const eventType = await tx.findOneByOrFail(EventType, { id: booking.eventTypeId });
  return { booking, seat, eventType };
}

function seatUidOf(value: string): string {
  const seatUid = value.trim();
  if (!seatUid || seatUid.length > 100) throw badInput('seatUid', 'seatUid must be the uid of a seat of the booking');
  return seatUid;
}

/**
 * Cancels one seat of a seated booking (POST …/cancel with seatUid): the attendee holding it leaves the
 * booking, the others keep their seats, and the seat can be booked again. The last seat cancelled
 * cancels the booking. A BOOKING_CANCELLED event naming the seat is written in the same transaction.
 * The answer shows no attendee unless the event type shows attendees to each other or the caller manages the booking.
 */
export async function cancelSeat(db: DataSource, uid: string, seatUidText: string, by: string | null): Promise<Booking> {
  const seatUid = seatUidOf(seatUidText);
  return db.transaction(async (tx) => {
    const { booking, seat, eventType } = await lockedSeat(tx, uid, seatUid);
    await tx.delete(Attendee, { id: seat.id });
    const left = await tx.count(Attendee, { where: { bookingId: booking.id } });
    if (left === 0) {
      booking.status = BookingStatus.cancelled;
      booking.cancelledByEmail = by;
      await tx.save(booking);
    }
    await recordBookingEvent(tx, BookingEventType.cancelled, booking, [seat], eventType, { seatUid });
    await recordBookingWrite(tx, booking);
    return booking;
  });
}

/**
 * Moves one seat of a seated booking to another start (POST …/reschedule with seatUid): the attendee
 * keeps the seat uid and joins the seated booking at the new time (409 when its seats are taken), or a
 * new booking is made for them there; the others keep their seats. When the last attendee leaves, the
 * old booking ends cancelled with rescheduledToUid. One transaction, with a BOOKING_RESCHEDULED event.
 * The answer is the booking the seat is now in.
 */
export async function rescheduleSeat(
  db: DataSource,
  directory: OwnerDirectory | null,
  uid: string,
  input: { start: string; seatUid: string; reschedulingReason?: string | null; rescheduledByEmail?: string | null },
  reason: string | null,
  now = new Date(),
): Promise<Booking> {
  const seatUid = seatUidOf(input.seatUid);
  const start = instantOf('start', input.start);
  if (start.getTime() <= now.getTime()) throw badInput('start', `start must be in the future, got ${start.toISOString()}`);
  const old = await db.getRepository(Booking).findOneBy({ uid });
  if (!old) throw notFound('Booking', uid);
  const eventType = await db.getRepository(EventType).findOneByOrFail({ id: old.eventTypeId });
  if (!eventType.seats) throw badInput('seatUid', `seatUid: booking ${uid} is not a seated booking`);
  const end = new Date(start.getTime() + (old.end.getTime() - old.start.getTime()));
  const hostIds = await hostIdsOf(db, eventType);
  const window = { from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) };
  const [calendars, context] = await Promise.all([
    loadHostCalendars(db, { hostIds, scheduleId: eventType.scheduleId, ...window }, directory),
    loadEventTypeContext(db.manager, eventType, hostIds, { ...window, now, lengthInMinutes: old.duration }),
  ]);
  await applyRollingWindow(db, directory, eventType, context, old.duration, now);
  return placeBooking(db, { start, end, calendars, now, context, eventType, preferredHostId: old.userId }, async (tx, hostId) => {
    const { booking: from, seat } = await lockedSeat(tx, uid, seatUid);
    if (from.start.getTime() === start.getTime() && from.userId === hostId) throw conflict(`Seat ${seatUid} is already booked at ${start.toISOString()}`);
    await tx.delete(Attendee, { id: seat.id });
    const { name, email, timeZone, language, phoneNumber, bookingFieldsResponses, metadata } = seat;
    const moved = { name, email, timeZone, language, phoneNumber, seatUid, bookingFieldsResponses, metadata };
    const extra = { rescheduledFrom: { uid: from.uid, seatUid, start: from.start.toISOString(), end: from.end.toISOString(), hostId: from.userId } };
    let target = await tx.findOne(Booking, {
      where: { eventTypeId: eventType.id, userId: hostId, start, end, status: In([...LIVE_STATUSES]) },
      lock: { mode: 'pessimistic_write' },
    });
    if (target) {
      const taken = await tx.count(Attendee, { where: { bookingId: target.id } });
      if (taken >= eventType.seats!.seatsPerTimeSlot)
        throw conflict(`The slot at ${start.toISOString()} is fully booked: all ${eventType.seats!.seatsPerTimeSlot} seats are taken`);
      const joined = await tx.save(tx.create(Attendee, { bookingId: target.id, ...moved }));
      await recordBookingEvent(tx, BookingEventType.rescheduled, target, [joined], eventType, extra);
    } else {
      target = await insertBooking(
        tx,
        {
          eventType,
          hostId,
          start,
          end,
          // The seat's own title, answers and metadata: the booking it left holds other attendees' (name, e-mail).
          title: bookingTitle(eventType, name),
          description: from.description,
          status: from.status,
          location: from.location,
          metadata: metadata ?? {},
          bookingFieldsResponses: { ...(bookingFieldsResponses ?? {}), name, email },
          reschedulingReason: reason,
          rescheduledFromUid: from.uid,
          rescheduledByEmail: input.rescheduledByEmail ?? null,
        },
        [moved],
        { type: BookingEventType.rescheduled, extra },
      );
    }
    if ((await tx.count(Attendee, { where: { bookingId: from.id } })) === 0) {
      from.status = BookingStatus.cancelled;
      from.rescheduledToUid = target.uid;
      from.reschedulingReason = reason;
      from.rescheduledByEmail = input.rescheduledByEmail ?? null;
      await tx.save(from);
    }
    target.bookedSeatUid = seatUid;
    await recordBookingWrite(tx, target);
    return target;
  });
}
