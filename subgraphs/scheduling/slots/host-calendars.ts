import { DataSource, EntityManager, In } from 'typeorm';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking-record/booking.entity';
import { BookingLimits, BookingLimitService } from '../booking-limit/booking-limit.service';
import { Schedule } from '../schedule/schedule.entity';
import { outOfOfficeBusyTimes } from './ooo-busy-times';
import { Interval } from './interval';
import { OwnerDirectory } from './event-type-lookup';
import { calendarBusyOf } from './calendar-busy-times';
import { ScheduleHours } from './open-intervals';

/** What decides when one host can be booked: loaded for every host of an event type at once. */
export interface HostCalendar {
  hostId: number;
  /** The event type's schedule when it has one, else the host's default schedule; null: never open. */
  schedule: ScheduleHours | null;
  /**
   * The host's time zone, in which booking limit periods are counted (rule 4): the user's profile time
   * zone (asked of the organizations subgraph, only for hosts with limits), else the zone of the host's
   * default schedule, else of the schedule in use, else UTC.
   */
  timeZone: string;
  limits: BookingLimits;
  /** Accepted and pending bookings of the host in the window. */
  busy: Interval[];
  /** Starts of the host's accepted bookings in the window: what the limits count (rule 1). */
  acceptedStarts: Date[];
}

const DAY = 86_400_000;

/** How far around a range accepted bookings must be read to count the longest limit period in force. */
export function limitPadding(limits: Iterable<BookingLimits>): number {
  let days = 2;
  for (const l of limits) {
    if (l.perYear != null) days = Math.max(days, 368);
    else if (l.perMonth != null) days = Math.max(days, 33);
    else if (l.perWeek != null) days = Math.max(days, 9);
  }
  return days * DAY;
}

export interface CalendarRequest {
  hostIds: readonly number[];
  /** The event type's own schedule, if any. */
  scheduleId: number | null;
  /** The instants slots are computed for (already padded by a day or two by the caller). */
  from: Date;
  to: Date;
  /** A booking to leave out (the one being rescheduled): its time is free and it does not count. */
  excludeBookingId?: number;
}

/**
 * Four statements whatever the number of hosts: the schedules (the event type's and every host's
 * default), the booking limits, the live bookings of every host in the window widened to the longest
 * limit period in force, and their out-of-office entries; plus the calendar busy times (a callback).
 */
export async function loadHostCalendars(
  db: DataSource,
  request: CalendarRequest,
  directory: Pick<OwnerDirectory, 'timeZonesOf' | 'calendarBusyTimes'> | null = null,
): Promise<HostCalendar[]> {
  const hostIds = [...new Set(request.hostIds)];
  if (!hostIds.length) return [];
  const [schedules, limits] = await Promise.all([
    db.getRepository(Schedule).find({
      where: request.scheduleId == null ? [{ ownerId: In(hostIds), isDefault: true }] : [{ ownerId: In(hostIds), isDefault: true }, { id: request.scheduleId }],
    }),
    new BookingLimitService(db).limitsOf(hostIds),
  ]);
  const pad = limitPadding(limits.values());
  const limited = hostIds.filter((id) => Object.values(limits.get(id)!).some((bound) => bound != null));
  // Independent reads, side by side (the calendar busy times are a callback through the gateway).
  const [profileZones, bookings, away, calendarBusy] = await Promise.all([
    directory && limited.length ? directory.timeZonesOf(limited) : Promise.resolve(new Map<number, string>()),
    liveBookings(db.manager, hostIds, new Date(request.from.getTime() - pad), new Date(request.to.getTime() + pad), request.excludeBookingId),
    outOfOfficeBusyTimes(db.manager, hostIds, request.from, request.to),
    calendarBusyOf(directory, hostIds, request.from, request.to),
  ]);

  const eventTypeSchedule = schedules.find((s) => s.id === request.scheduleId) ?? null;
  return hostIds.map((hostId) => {
    const own = schedules.find((s) => s.ownerId === hostId && s.isDefault) ?? null;
    const schedule = eventTypeSchedule ?? own;
    const mine = bookings.filter((b) => b.userId === hostId);
    return {
      hostId,
      schedule,
      timeZone: profileZones.get(hostId) ?? own?.timeZone ?? schedule?.timeZone ?? 'UTC',
      limits: limits.get(hostId)!,
      busy: [...mine.map(bufferedInterval), ...(away.get(hostId) ?? []), ...(calendarBusy.get(hostId) ?? [])],
      acceptedStarts: mine.filter((b) => b.status === BookingStatus.accepted).map((b) => b.start),
    };
  });
}

/** The largest buffer an event type can have (event-type-settings' MINUTES_MAX is far larger; buffers past a day are read as a day's reach). */
const BUFFER_REACH = DAY;

/** A live booking with the buffers of its own event type (minutes). */
export type BufferedBooking = Booking & { ownBuffers: { before: number; after: number } };

/**
 * The time a booking keeps its host busy: the booking widened by its own event type's before and after
 * buffers. Whatever event type is booked next adds its own buffers on top (withBuffers), so between
 * two bookings there are the first one's after-buffer plus the second one's before-buffer, as the
 * reference service counts them.
 */
export function bufferedInterval(booking: Pick<BufferedBooking, 'start' | 'end'> & { ownBuffers?: BufferedBooking['ownBuffers'] }): Interval {
  const before = (booking.ownBuffers?.before ?? 0) * 60_000;
  const after = (booking.ownBuffers?.after ?? 0) * 60_000;
  return { start: new Date(booking.start.getTime() - before), end: new Date(booking.end.getTime() + after) };
}

const busyWithin = (from: Date, to: Date) => (b: BufferedBooking) => {
  const busy = bufferedInterval(b);
  return busy.start.getTime() < to.getTime() && busy.end.getTime() > from.getTime();
};

type LiveRow = {
  id: number;
  user_id: number;
  event_type_id: number;
  start_time: Date;
  end_time: Date;
  status: BookingStatus;
  buffer_before: number | null;
  buffer_after: number | null;
};

/**
 * The bookings of `liveBookings` as one statement ($1 hosts, $2/$3 the window widened by BUFFER_REACH,
 * $4 the booking left out): those the hosts organize, then the live collective bookings they co-host
 * without organizing them (one row per co-host, `user_id` the co-host).
 */
const LIVE_BOOKINGS = `
  SELECT b.id, b.user_id, b.event_type_id, b.start_time, b.end_time, b.status, e.before_event_buffer AS buffer_before, e.after_event_buffer AS buffer_after
    FROM bookings b LEFT JOIN event_types e ON e.id = b.event_type_id
   WHERE b.user_id = ANY($1) AND b.status IN ('${LIVE_STATUSES.join("', '")}') AND b.start_time < $3 AND b.end_time > $2 AND b.id <> $4
  UNION ALL
  SELECT b.id, h.user_id, b.event_type_id, b.start_time, b.end_time, b.status, e.before_event_buffer, e.after_event_buffer
    FROM booking_hosts h JOIN bookings b ON b.id = h.booking_id LEFT JOIN event_types e ON e.id = b.event_type_id
   WHERE h.user_id = ANY($1) AND NOT h.organizer AND h.live AND h.start_time < $3 AND h.end_time > $2 AND h.booking_id <> $4`;

const liveParameters = (hostIds: readonly number[], from: Date, to: Date, excludeBookingId?: number) => [
  [...hostIds],
  new Date(from.getTime() - BUFFER_REACH),
  new Date(to.getTime() + BUFFER_REACH),
  excludeBookingId ?? -1,
];

function bufferedBookingOf(r: LiveRow): BufferedBooking {
  return Object.assign(new Booking(), {
    id: r.id,
    userId: r.user_id,
    eventTypeId: r.event_type_id,
    start: new Date(r.start_time),
    end: new Date(r.end_time),
    status: r.status,
    ownBuffers: { before: Number(r.buffer_before ?? 0), after: Number(r.buffer_after ?? 0) },
  });
}

/**
 * Accepted and pending bookings of the hosts whose buffered time has any part in [from, to), with their
 * event type's buffers: those they organize, and the collective bookings they co-host (answered with
 * `userId` set to the co-host). One statement (it was two, plus TypeORM's entity hydration: booking
 * creation reads this twice, docs/performance.md).
 */
export async function liveBookings(
  manager: EntityManager,
  hostIds: readonly number[],
  from: Date,
  to: Date,
  excludeBookingId?: number,
): Promise<BufferedBooking[]> {
  const rows: LiveRow[] = await manager.query(LIVE_BOOKINGS, liveParameters(hostIds, from, to, excludeBookingId));
  return rows.map(bufferedBookingOf).filter(busyWithin(from, to));
}

/** A hold of hostBusyAt's parameters that is unexpired, not the booker's own, and overlaps [start, end) with the new buffers. */
const HELD_BUSY = `r.reserved_until > $9 AND r.uid <> $10 AND r.start_time < $3 AND r.end_time > $2
        AND r.start_time - $6::int * interval '1 minute' < $8 AND r.end_time + $5::int * interval '1 minute' > $7`;

/**
 * Whether a live booking of the host (organized or co-hosted, widened by its own event type's buffers) or
 * a slot someone else holds (the host's or a collective hold's co-host row, unexpired, except
 * `exceptReservationUid`) keeps [start, end) busy once the new event type's buffers are added, as
 * withBuffers and bufferedInterval count them: one statement. Rows more than BUFFER_REACH away are not
 * read (as in liveBookings), so a true answer is always one the full availability check agrees with.
 */
export async function hostBusyAt(
  manager: EntityManager,
  hostId: number,
  start: Date,
  end: Date,
  /** The new event type's buffers (minutes). */
  buffers: { beforeEventBuffer?: number | null; afterEventBuffer?: number | null },
  now: Date,
  exceptReservationUid?: string | null,
): Promise<boolean> {
  // $5/$6 the new event type's before/after buffers (minutes); $7 start, $8 end.
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM (${LIVE_BOOKINGS}) live
      WHERE live.start_time - (coalesce(live.buffer_before, 0) + $6::int) * interval '1 minute' < $8
        AND live.end_time + (coalesce(live.buffer_after, 0) + $5::int) * interval '1 minute' > $7
     UNION ALL
     SELECT 1 FROM slot_reservations r
      WHERE r.user_id = ANY($1) AND ${HELD_BUSY}
     UNION ALL
     SELECT 1 FROM slot_reservation_co_hosts c JOIN slot_reservations r ON r.id = c.reservation_id
      WHERE c.user_id = ANY($1) AND ${HELD_BUSY}
     LIMIT 1`,
    [...liveParameters([hostId], start, end), buffers.beforeEventBuffer ?? 0, buffers.afterEventBuffer ?? 0, start, end, now, exceptReservationUid ?? ''],
  );
  return rows.length > 0;
}

/**
 * Under a host's lock: the slots others hold (as `heldReservations`) and the live bookings (as
 * `liveBookings`) of the hosts around [from, to), in one statement instead of three, so the lock is
 * held for fewer round trips.
 */
export async function heldAndLive(
  tx: EntityManager,
  hostIds: readonly number[],
  around: { from: Date; to: Date },
  now: Date,
  exceptReservationUid?: string | null,
  excludeBookingId?: number,
): Promise<{ held: Array<Interval & { userId: number; uid: string }>; live: BufferedBooking[] }> {
  const rows: Array<LiveRow & { uid: string | null }> = await tx.query(
    `SELECT live.*, NULL AS uid FROM (${LIVE_BOOKINGS}) live
     UNION ALL
     SELECT r.id, r.user_id, r.event_type_id, r.start_time, r.end_time, NULL, NULL, NULL, r.uid
       FROM slot_reservations r
      WHERE r.user_id = ANY($1) AND r.start_time < $6 AND r.end_time > $5 AND r.reserved_until > $7 AND r.uid <> $8`,
    [...liveParameters(hostIds, around.from, around.to, excludeBookingId), around.from, around.to, now, exceptReservationUid ?? ''],
  );
  const held = rows.filter((r) => r.uid !== null).map((r) => ({ start: new Date(r.start_time), end: new Date(r.end_time), userId: r.user_id, uid: r.uid! }));
  const live = rows
    .filter((r) => r.uid === null)
    .map(bufferedBookingOf)
    .filter(busyWithin(around.from, around.to));
  return { held, live };
}
