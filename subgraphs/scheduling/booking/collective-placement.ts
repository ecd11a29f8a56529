import { DataSource, EntityManager } from 'typeorm';
import { conflict, isConstraintViolation } from '../../../platform/errors';
import { wouldExceedLimits } from '../slots/booking-limits';
import { countedBookings } from '../slots/event-type-context';
import { eventTypeLimitMessage, eventTypeLimitProblem, withBuffers } from '../slots/event-type-rules';
import { heldAndLive, limitPadding, liveBookings } from '../slots/host-calendars';
import { overlaps } from '../slots/interval';
import { SlotProblem, slotProblemOf, unavailable } from './booking-availability';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { SlotReservation } from '../booking-record/slot-reservation.entity';
import type { Placement } from './placement';
import { markCoHosted } from './booking-writes';

const DAY = 86_400_000;

/** A booking that needs several hosts at once (collective, or round robin with mandatory hosts) refused because one of them cannot take it. */
export function refused(problem: SlotProblem, start: Date, hostId: number | undefined, eventType: Placement['eventType']) {
  const why = problem.kind === 'eventTypeLimit' ? eventTypeLimitMessage(problem.problem) : unavailable([problem], start, 1).message;
  const rule =
    eventType?.schedulingType === 'collective'
      ? 'a collective event type is booked only when every host is free'
      : 'a round-robin event type with mandatory hosts is booked only when every mandatory host and one other host are free';
  return conflict(`${why}${hostId != null ? ` (host ${hostId})` : ''}: ${rule}`);
}

/**
 * Collective event types (and round robin with mandatory hosts, given those hosts and the one picked): the booking occupies every host. All hosts must be free on their loaded
 * calendars; then, in one transaction, the event type's limits are counted again under its lock, the
 * hosts' advisory locks are taken in ascending user id (the order every booking path locks one host
 * in, so no deadlock), each host's bookings, held slots and booking limits are read again, `write`
 * inserts the booking for the organizer (the preferred host, else the first host) and every other
 * host becomes a co-host row of `booking_hosts` (of `slot_reservation_co_hosts` when `write` holds a slot). Its exclusion constraint has the last word: a
 * concurrent booking of any of the hosts makes this one a 409.
 */
export async function placeCollective<T>(db: DataSource, placement: Placement, write: (tx: EntityManager, hostId: number) => Promise<T>): Promise<T> {
  const { start, end, calendars, context, eventType, now } = placement;
  if (!calendars.length) throw unavailable([], start, 0);
  for (const calendar of calendars) {
    const problem = slotProblemOf(calendar, start, end, context, now);
    if (problem) throw refused(problem, start, calendar.hostId, eventType);
  }
  const hostIds = calendars.map((c) => c.hostId);
  const organizerId = placement.preferredHostId !== undefined && hostIds.includes(placement.preferredHostId) ? placement.preferredHostId : hostIds[0];
  try {
    return await db.transaction(async (tx) => {
      if (context && eventType && (context.rules.bookingLimitsCount || context.rules.bookingLimitsDuration)) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.event_types', eventType.id]);
        const counted = await countedBookings(tx, eventType, start, end, placement.excludeBookingId);
        const problem = eventTypeLimitProblem(context.rules, counted, start, Math.round((end.getTime() - start.getTime()) / 60_000), calendars[0].timeZone);
        if (problem) throw refused({ kind: 'eventTypeLimit', problem }, start, undefined, eventType);
      }
      for (const hostId of [...hostIds].sort((a, b) => a - b)) {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.bookings', hostId]);
      }
      const around = { from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) };
      const { held, live } = await heldAndLive(tx, hostIds, around, now, placement.exceptReservationUid, placement.excludeBookingId);
      const rules = context?.rules ?? {};
      for (const calendar of calendars) {
        const busy = [...held.filter((r) => r.userId === calendar.hostId), ...live.filter((b) => b.userId === calendar.hostId)];
        if (withBuffers(busy, rules).some((b) => overlaps(b, { start, end }))) throw refused({ kind: 'taken' }, start, calendar.hostId, eventType);
        if (Object.values(calendar.limits).some((bound) => bound != null)) {
          const pad = limitPadding([calendar.limits]);
          const counted = await liveBookings(
            tx,
            [calendar.hostId],
            new Date(start.getTime() - pad),
            new Date(start.getTime() + pad),
            placement.excludeBookingId,
          );
          const exceeded = wouldExceedLimits(
            calendar.limits,
            counted.filter((b) => b.status === BookingStatus.accepted).map((b) => b.start),
            start,
            calendar.timeZone,
          );
          if (exceeded) throw refused({ kind: 'limit', exceeded }, start, calendar.hostId, eventType);
        }
      }
      const written = await write(tx, organizerId);
      // The booking (each occurrence of a series), or the reservation of the slot, occupies the co-hosts too; a seat joined again adds nothing.
      const coHostIds = hostIds.filter((id) => id !== organizerId);
      if (written instanceof Booking) for (const booking of written.series ?? [written]) await addCoHosts(tx, booking, coHostIds);
      if (written instanceof SlotReservation) await holdCoHosts(tx, written, coHostIds);
      return written;
    });
  } catch (error) {
    if (isConstraintViolation(error, 'exclusion')) throw refused({ kind: 'taken' }, start, undefined, eventType);
    throw error;
  }
}

/** A reservation of a collective slot holds every host: the co-hosts' rows (its user is the organizer). */
async function holdCoHosts(tx: EntityManager, reservation: SlotReservation, coHostIds: readonly number[]): Promise<void> {
  if (!coHostIds.length) return;
  await tx.query(`INSERT INTO slot_reservation_co_hosts (reservation_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
    reservation.id,
    [...coHostIds],
  ]);
}

/** The co-host rows of a collective booking (the organizer's row is written by the trigger on `bookings`). */
async function addCoHosts(tx: EntityManager, booking: Booking, coHostIds: readonly number[]): Promise<void> {
  if (!coHostIds.length) return;
  markCoHosted(booking);
  await tx.query(
    `INSERT INTO booking_hosts (booking_id, user_id, organizer, start_time, end_time, live)
     SELECT $1, unnest($2::int[]), false, b.start_time, b.end_time, b.status IN ('accepted', 'pending') FROM bookings b WHERE b.id = $1
     ON CONFLICT (booking_id, user_id) DO NOTHING`,
    [booking.id, [...coHostIds]],
  );
}
