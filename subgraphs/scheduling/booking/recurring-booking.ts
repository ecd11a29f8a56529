import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, conflict } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeContext, countedBookings } from '../slots/event-type-context';
import { eventTypeLimitMessage, eventTypeLimitProblem, withBuffers } from '../slots/event-type-rules';
import { limitMessage, wouldExceedLimits } from '../slots/booking-limits';
import { bufferedInterval, heldAndLive, HostCalendar, limitPadding, liveBookings } from '../slots/host-calendars';
import { Interval, overlaps } from '../slots/interval';
import { occurrenceStarts } from '../slots/recurrence';
import { SlotProblem, slotProblemOf, unavailable } from './booking-availability';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { AttendeeDetails } from '../booking-record/booking-rules';
import { BookingRow, insertBooking } from './booking-writes';
import { placeBooking } from './host-assignment';
import { requiredHostIds } from '../slots/event-type-lookup';
import type { HostRole } from '../event-type/host-roles';
import { recordBookingWrite } from './keyed-booking-writes';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * How many occurrences a booking of the event type makes: null for a single booking. `recurrenceCount`
 * on an event type that is not recurring (or is seated), or outside 1 … the event type's occurrences, is a 400 naming it.
 */
export function recurrenceCountOf(eventType: EventType, asked: number | null | undefined): number | null {
  // A seated event type books seats, never series (both are refused together now; a row may hold both from before).
  if (!eventType.recurrence || eventType.seats) {
    if (asked != null)
      throw badInput(
        'recurrenceCount',
        `recurrenceCount: event type ${eventType.id} is not recurring${eventType.seats ? ' (it is seated: it books seats)' : ''}`,
      );
    return null;
  }
  if (asked == null) return eventType.recurrence.occurrences;
  if (!Number.isInteger(asked) || asked < 1 || asked > eventType.recurrence.occurrences) {
    throw badInput(
      'recurrenceCount',
      `recurrenceCount must be a whole number from 1 to ${eventType.recurrence.occurrences} (the event type's occurrences), got ${asked}`,
    );
  }
  return asked;
}

/** The occurrences of a series starting at `start`, in the attendee's zone. */
export function seriesOf(eventType: EventType, start: Date, length: number, count: number, zone: string): Interval[] {
  return occurrenceStarts(start, eventType.recurrence!, count, zone).map((s) => ({ start: s, end: new Date(s.getTime() + length * MINUTE) }));
}

/** The end of the last occurrence (how far the hosts' calendars must be read). */
export function seriesEnd(eventType: EventType, start: Date, length: number, count: number, zone: string): Date {
  const series = seriesOf(eventType, start, length, count, zone);
  return series[series.length - 1].end;
}

export interface SeriesPlacement {
  start: Date;
  length: number;
  count: number;
  /** The hosts' calendars, read over the whole series. */
  calendars: readonly HostCalendar[];
  /** The event type's hosts with their round-robin roles. */
  hosts: readonly HostRole[];
  context: EventTypeContext;
  eventType: EventType;
  now: Date;
  attendee: AttendeeDetails;
  /** The fields every occurrence shares. */
  row: Omit<BookingRow, 'hostId' | 'start' | 'end' | 'uid' | 'recurringBookingUid'>;
  preferredHostId?: number;
  exceptReservationUid?: string | null;
}

/**
 * Books every occurrence of a recurring booking with one host, in one transaction: all are booked or
 * none. The minimum notice and the booking window apply to the first occurrence (as a booker picks it
 * on the slots page); every occurrence must lie in the host's availability and be free (buffers and
 * booking limits included). A host is chosen among those free for every occurrence; under the host's
 * lock each later occurrence is checked again and written, so of two overlapping series booked at once
 * exactly one wins each contested slot and the other gets a 409 with nothing booked. The answer is the
 * first occurrence, carrying the whole series.
 */
export async function bookSeries(db: DataSource, series: SeriesPlacement, beforeWrite: (tx: EntityManager) => Promise<void>): Promise<Booking> {
  const { eventType, now, context } = series;
  const occurrences = seriesOf(eventType, series.start, series.length, series.count, series.attendee.timeZone);
  const later: EventTypeContext = { ...context, rules: { ...context.rules, bookingWindow: null, minimumBookingNotice: 0 }, rollingWindowEnd: undefined };
  const contextOf = (i: number) => (i === 0 ? context : later);
  const freeForAll = (c: HostCalendar) => occurrences.every((o, i) => !slotProblemOf(c, o.start, o.end, contextOf(i), now));
  // A host every booking includes (collective, mandatory) must be free for every occurrence: the series is not booked without them.
  const required = requiredHostIds(eventType, series.hosts);
  const missing = series.calendars.find((c) => required.includes(c.hostId) && !freeForAll(c));
  if (missing) throw firstUnavailable([missing], occurrences, contextOf, now);
  const free = series.calendars.filter(freeForAll);
  if (!free.length) throw firstUnavailable(series.calendars, occurrences, contextOf, now);

  const recurringBookingUid = randomUUID();
  const [first] = occurrences;
  return placeBooking(
    db,
    {
      start: first.start,
      end: first.end,
      calendars: free,
      hosts: series.hosts,
      now,
      context,
      eventType,
      preferredHostId: series.preferredHostId,
      exceptReservationUid: series.exceptReservationUid,
    },
    async (tx, hostId) => {
      await beforeWrite(tx);
      const calendar = free.find((c) => c.hostId === hostId)!;
      const written: Booking[] = [];
      for (const [i, occurrence] of occurrences.entries()) {
        if (i > 0) await refuseUnlessStillFree(tx, series, calendar, occurrence, `occurrence ${i + 1} of ${occurrences.length}`);
        written.push(await insertBooking(tx, { ...series.row, hostId, start: occurrence.start, end: occurrence.end, recurringBookingUid }, [series.attendee]));
      }
      written[0].series = written;
      await recordBookingWrite(tx, written[0]);
      return written[0];
    },
  );
}

/** The 409 for the first occurrence no host can take, naming it. */
function firstUnavailable(calendars: readonly HostCalendar[], occurrences: Interval[], contextOf: (i: number) => EventTypeContext, now: Date) {
  for (const [i, o] of occurrences.entries()) {
    const problems = calendars.map((c) => slotProblemOf(c, o.start, o.end, contextOf(i), now)).filter((p): p is SlotProblem => p != null);
    if (problems.length === calendars.length) {
      const reason = unavailable(problems, o.start, calendars.length);
      return conflict(`${reason.message} (occurrence ${i + 1} of ${occurrences.length} of the recurring booking; none was booked)`);
    }
  }
  return conflict(`No host of the event type is free for all ${occurrences.length} occurrences of the recurring booking; none was booked`);
}

/**
 * Under the host's lock (taken by placeBooking): a later occurrence must still be free of the host's
 * live bookings and of held slots (with buffers), and within the event type's and the host's booking
 * limits, counting the occurrences already written in this transaction.
 */
async function refuseUnlessStillFree(tx: EntityManager, series: SeriesPlacement, calendar: HostCalendar, occurrence: Interval, which: string): Promise<void> {
  const { start, end } = occurrence;
  const { eventType, context, now } = series;
  const around = { from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) };
  const { held, live } = await heldAndLive(tx, [calendar.hostId], around, now, series.exceptReservationUid);
  const none = '; none of the recurring booking was booked';
  if (withBuffers([...held, ...live.map(bufferedInterval)], context.rules).some((b) => overlaps(b, occurrence))) {
    throw conflict(`The slot at ${start.toISOString()} (${which}) is already taken: the host has another booking at that time${none}`);
  }
  const minutes = Math.round((end.getTime() - start.getTime()) / MINUTE);
  if (context.rules.bookingLimitsCount || context.rules.bookingLimitsDuration) {
    const counted = await countedBookings(tx, eventType, start, end);
    const problem = eventTypeLimitProblem(context.rules, counted, start, minutes, calendar.timeZone);
    if (problem) throw conflict(`${eventTypeLimitMessage(problem)} (slot at ${start.toISOString()}, ${which})${none}`);
  }
  if (Object.values(calendar.limits).some((bound) => bound != null)) {
    const pad = limitPadding([calendar.limits]);
    const bookings = await liveBookings(tx, [calendar.hostId], new Date(start.getTime() - pad), new Date(start.getTime() + pad));
    const exceeded = wouldExceedLimits(
      calendar.limits,
      bookings.filter((b) => b.status === BookingStatus.accepted).map((b) => b.start),
      start,
      calendar.timeZone,
    );
    if (exceeded)
      throw conflict(
        `${limitMessage(exceeded)}: the host cannot take another booking that ${exceeded.period} (slot at ${start.toISOString()}, ${which})${none}`,
      );
  }
}

/** Whether `uid` names a recurring booking (the uid its occurrences share) rather than one booking. */
export async function isSeriesUid(db: DataSource | EntityManager, uid: string): Promise<boolean> {
  const rows: unknown[] = await db.query(
    'SELECT 1 FROM bookings WHERE recurring_booking_uid = $1 AND NOT EXISTS (SELECT 1 FROM bookings WHERE uid = $1) LIMIT 1',
    [uid],
  );
  return rows.length > 0;
}

/** Every occurrence of a recurring booking by start, the first one carrying them all as its `series`; null when there is none. */
export function asSeries(occurrences: Booking[]): Booking | null {
  if (!occurrences.length) return null;
  const sorted = [...occurrences].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id);
  sorted[0].series = sorted;
  return sorted[0];
}

/**
 * Cancels the live occurrences of a recurring booking that start at or after `from` (all of them
 * without it), in one transaction with a BOOKING_CANCELLED event each, and answers the whole series.
 * 409 when none is left to cancel.
 */
export async function cancelSeries(
  db: DataSource,
  recurringBookingUid: string,
  cancellation: { reason: string | null; by: string | null },
  record: (tx: EntityManager, booking: Booking) => Promise<void>,
  from?: Date,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const occurrences = await tx
      .getRepository(Booking)
      .createQueryBuilder('b')
      .setLock('pessimistic_write')
      .where('b.recurring_booking_uid = :uid', { uid: recurringBookingUid })
      .orderBy('b.start_time', 'ASC')
      .getMany();
    const targets = occurrences.filter(
      (b) => (b.status === BookingStatus.accepted || b.status === BookingStatus.pending) && (!from || b.start.getTime() >= from.getTime()),
    );
    if (!targets.length) throw conflict(`Recurring booking ${recurringBookingUid} has no occurrence left to cancel`);
    for (const booking of targets) {
      booking.status = BookingStatus.cancelled;
      booking.cancellationReason = cancellation.reason;
      booking.cancelledByEmail = cancellation.by;
      await tx.save(booking);
      await record(tx, booking);
    }
    const series = asSeries(occurrences)!;
    await recordBookingWrite(tx, series);
    return series;
  });
}
