import { EntityManager } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { CountedBooking, EventTypeRules } from './event-type-rules';
import { Interval } from './interval';

const DAY = 86_400_000;

/** What the event type's own rules need beyond the hosts' calendars, loaded in at most two statements. */
export interface EventTypeContext {
  rules: EventTypeRules;
  /** Accepted bookings of this event type (all hosts), for its booking limits. */
  counted: CountedBooking[];
  /** Held slots of the hosts that have not expired (the caller's own reservation left out). */
  reservations: Array<Interval & { userId: number; uid: string }>;
  /** Seated event types: its live bookings with a free seat, which another attendee may join at exactly their time. */
  joinable: SeatedBooking[];
  /** A rolling booking window: no meeting starts at or after this instant (set by applyRollingWindow). */
  rollingWindowEnd?: Date;
}

/** A live booking of a seated event type and how many attendees hold its seats. */
export interface SeatedBooking extends Interval {
  bookingId: number;
  hostId: number;
  attendees: number;
}

/** The seated booking of `hostId` at exactly [start, end) that still has a free seat, if any. */
export function joinableAt(context: EventTypeContext | undefined, hostId: number, start: Date, end: Date): SeatedBooking | undefined {
  return context?.joinable.find((b) => b.hostId === hostId && b.start.getTime() === start.getTime() && b.end.getTime() === end.getTime());
}

/** Live bookings of a seated event type around [from, to) with fewer attendees than seats. */
async function joinableBookings(manager: EntityManager, eventType: EventType, from: Date, to: Date): Promise<SeatedBooking[]> {
  if (!eventType.seats) return [];
  const rows: Array<{ id: number; user_id: number; start_time: Date; end_time: Date; attendees: string }> = await manager.query(
    `SELECT b.id, b.user_id, b.start_time, b.end_time, (SELECT count(*) FROM attendees a WHERE a.booking_id = b.id) AS attendees
       FROM bookings b WHERE b.event_type_id = $1 AND b.status IN ('accepted', 'pending') AND b.start_time < $3 AND b.end_time > $2`,
    [eventType.id, from, to],
  );
  return rows
    .map((r) => ({ bookingId: r.id, hostId: r.user_id, start: new Date(r.start_time), end: new Date(r.end_time), attendees: Number(r.attendees) }))
    .filter((b) => b.attendees < eventType.seats!.seatsPerTimeSlot);
}

export function rulesOf(eventType: EventType, lengthInMinutes = eventType.lengthInMinutes): EventTypeRules {
  return {
    lengthInMinutes,
    slotInterval: eventType.slotInterval,
    minimumBookingNotice: eventType.minimumBookingNotice ?? 0,
    beforeEventBuffer: eventType.beforeEventBuffer ?? 0,
    afterEventBuffer: eventType.afterEventBuffer ?? 0,
    offsetStart: eventType.offsetStart ?? 0,
    bookingWindow: eventType.bookingWindow,
    bookingLimitsCount: eventType.bookingLimitsCount,
    bookingLimitsDuration: eventType.bookingLimitsDuration,
  };
}

/** How far around a window the event type's bookings are read to count its longest limit period. */
function limitPad(rules: EventTypeRules): number {
  const bounds = { ...(rules.bookingLimitsCount ?? {}), ...(rules.bookingLimitsDuration ?? {}) };
  if (bounds.year != null) return 368 * DAY;
  if (bounds.month != null) return 33 * DAY;
  if (bounds.week != null) return 9 * DAY;
  return 2 * DAY;
}

/** The event type's accepted bookings (start and minutes) that its limits count, around [from, to). */
export async function countedBookings(
  manager: EntityManager,
  eventType: EventType,
  from: Date,
  to: Date,
  excludeBookingId?: number,
): Promise<CountedBooking[]> {
  const rules = rulesOf(eventType);
  if (!rules.bookingLimitsCount && !rules.bookingLimitsDuration) return [];
  const pad = limitPad(rules);
  const rows: Array<{ start: Date; end: Date }> = await manager.query(
    `SELECT start_time AS start, end_time AS "end" FROM bookings
      WHERE event_type_id = $1 AND status = 'accepted' AND start_time >= $2 AND start_time < $3 AND id <> $4`,
    [eventType.id, new Date(from.getTime() - pad), new Date(to.getTime() + pad), excludeBookingId ?? -1],
  );
  return rows.map((r) => ({ start: new Date(r.start), minutes: Math.round((new Date(r.end).getTime() - new Date(r.start).getTime()) / 60_000) }));
}

/**
 * Reservations of the hosts that overlap [from, to) and are still held at `now`, except `exceptUid`:
 * one entry per held host — the reservation's user, and for a collective slot each co-host it holds too.
 */
export async function heldReservations(
  manager: EntityManager,
  hostIds: readonly number[],
  from: Date,
  to: Date,
  now: Date,
  exceptUid?: string | null,
): Promise<EventTypeContext['reservations']> {
  if (!hostIds.length) return [];
  const rows: Array<{ start: Date; end: Date; userId: number; uid: string }> = await manager.query(
    `SELECT r.start_time AS start, r.end_time AS "end", r.user_id AS "userId", r.uid FROM slot_reservations r
      WHERE r.user_id = ANY($1::int[]) AND r.start_time < $3 AND r.end_time > $2 AND r.reserved_until > $4 AND r.uid <> $5
     UNION ALL
     SELECT r.start_time, r.end_time, c.user_id, r.uid FROM slot_reservation_co_hosts c JOIN slot_reservations r ON r.id = c.reservation_id
      WHERE c.user_id = ANY($1::int[]) AND r.start_time < $3 AND r.end_time > $2 AND r.reserved_until > $4 AND r.uid <> $5`,
    [[...hostIds], from, to, now, exceptUid ?? ''],
  );
  return rows.map((r) => ({ start: new Date(r.start), end: new Date(r.end), userId: Number(r.userId), uid: r.uid }));
}

export async function loadEventTypeContext(
  manager: EntityManager,
  eventType: EventType,
  hostIds: readonly number[],
  window: { from: Date; to: Date; now: Date; lengthInMinutes?: number; exceptReservationUid?: string | null; excludeBookingId?: number },
): Promise<EventTypeContext> {
  const [counted, reservations, joinable] = await Promise.all([
    countedBookings(manager, eventType, window.from, window.to, window.excludeBookingId),
    heldReservations(manager, hostIds, window.from, window.to, window.now, window.exceptReservationUid),
    joinableBookings(manager, eventType, window.from, window.to),
  ]);
  return { rules: rulesOf(eventType, window.lengthInMinutes), counted, reservations, joinable };
}
