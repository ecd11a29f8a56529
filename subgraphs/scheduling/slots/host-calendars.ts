import { DataSource, EntityManager, In } from 'typeorm';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking/booking.entity';
import { BookingLimits, BookingLimitService } from '../booking-limit/booking-limit.service';
import { Schedule } from '../schedule/schedule.entity';
import { outOfOfficeBusyTimes } from '../out-of-office/ooo-busy-times';
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
 * Three statements whatever the number of hosts: the schedules (the event type's and every host's
 * default), the booking limits, and the live bookings of every host in the window widened to the
 * longest limit period in force.
 */
export async function loadHostCalendars(db: DataSource, request: CalendarRequest, directory: Pick<OwnerDirectory, 'timeZonesOf' | 'calendarBusyTimes'> | null = null): Promise<HostCalendar[]> {
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
  const profileZones = directory && limited.length ? await directory.timeZonesOf(limited) : new Map<number, string>();
  const bookings = await liveBookings(db.manager, hostIds, new Date(request.from.getTime() - pad), new Date(request.to.getTime() + pad), request.excludeBookingId);
  const away = await outOfOfficeBusyTimes(db.manager, hostIds, request.from, request.to);
  const calendarBusy = await calendarBusyOf(directory, hostIds, request.from, request.to);

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

/**
 * Accepted and pending bookings of the hosts whose buffered time has any part in [from, to), with their
 * event type's buffers: those they organize, and the collective bookings they co-host (answered with
 * `userId` set to the co-host). Two statements.
 */
export async function liveBookings(manager: EntityManager, hostIds: readonly number[], from: Date, to: Date, excludeBookingId?: number): Promise<BufferedBooking[]> {
  const [organized, coHosted] = await Promise.all([organizedBookings(manager, hostIds, from, to, excludeBookingId), coHostedBookings(manager, hostIds, from, to, excludeBookingId)]);
  return coHosted.length ? [...organized, ...coHosted] : organized;
}

/** Live collective bookings the hosts take part in without organizing them, one row per co-host. */
async function coHostedBookings(manager: EntityManager, hostIds: readonly number[], from: Date, to: Date, excludeBookingId?: number): Promise<BufferedBooking[]> {
  const rows: Array<{ id: number; user_id: number; event_type_id: number; start_time: Date; end_time: Date; status: BookingStatus; buffer_before: number | null; buffer_after: number | null }> = await manager.query(
    `SELECT b.id, h.user_id, b.event_type_id, b.start_time, b.end_time, b.status, e.before_event_buffer AS buffer_before, e.after_event_buffer AS buffer_after
       FROM booking_hosts h JOIN bookings b ON b.id = h.booking_id LEFT JOIN event_types e ON e.id = b.event_type_id
      WHERE h.user_id = ANY($1) AND NOT h.organizer AND h.live AND h.start_time < $3 AND h.end_time > $2 AND h.booking_id <> $4`,
    [[...hostIds], new Date(from.getTime() - BUFFER_REACH), new Date(to.getTime() + BUFFER_REACH), excludeBookingId ?? -1],
  );
  return rows
    .map((r) =>
      Object.assign(new Booking(), {
        id: r.id,
        userId: r.user_id,
        eventTypeId: r.event_type_id,
        start: new Date(r.start_time),
        end: new Date(r.end_time),
        status: r.status,
        ownBuffers: { before: Number(r.buffer_before ?? 0), after: Number(r.buffer_after ?? 0) },
      }),
    )
    .filter(busyWithin(from, to));
}

async function organizedBookings(manager: EntityManager, hostIds: readonly number[], from: Date, to: Date, excludeBookingId?: number): Promise<BufferedBooking[]> {
  const query = manager
    .getRepository(Booking)
    .createQueryBuilder('b')
    .select(['b.id', 'b.userId', 'b.eventTypeId', 'b.start', 'b.end', 'b.status'])
    .leftJoin('event_types', 'e', 'e.id = b.event_type_id')
    .addSelect('e.before_event_buffer', 'buffer_before')
    .addSelect('e.after_event_buffer', 'buffer_after')
    .where('b.user_id IN (:...hostIds)', { hostIds })
    .andWhere('b.status IN (:...live)', { live: LIVE_STATUSES })
    .andWhere('b.start_time < :to AND b.end_time > :from', { from: new Date(from.getTime() - BUFFER_REACH), to: new Date(to.getTime() + BUFFER_REACH) });
  if (excludeBookingId !== undefined) query.andWhere('b.id <> :excludeBookingId', { excludeBookingId });
  const { entities, raw } = await query.getRawAndEntities<{ b_id: number; buffer_before: number | null; buffer_after: number | null }>();
  const buffers = new Map(raw.map((r) => [Number(r.b_id), { before: Number(r.buffer_before ?? 0), after: Number(r.buffer_after ?? 0) }]));
  return entities.map((b) => Object.assign(b, { ownBuffers: buffers.get(b.id) ?? { before: 0, after: 0 } })).filter(busyWithin(from, to));
}
