import { DataSource, EntityManager, In, MoreThanOrEqual } from 'typeorm';
import { isConstraintViolation } from '../../../platform/errors';
import { wouldExceedLimits } from '../slots/booking-limits';
import { bufferedInterval, heldAndLive, HostCalendar, limitPadding, liveBookings } from '../slots/host-calendars';
import { Booking, BookingStatus, LIVE_STATUSES } from '../booking-record/booking.entity';
import { SlotProblem, slotProblemOf, unavailable } from './booking-availability';
import { countedBookings } from '../slots/event-type-context';
import { eventTypeLimitProblem, withBuffers } from '../slots/event-type-rules';
import { overlaps } from '../slots/interval';
import { placeCollective } from './collective-placement';
import { placeWithMandatoryHosts } from './mandatory-host-placement';
import { hostRolesOfEventType, mandatorySplit } from '../slots/event-type-lookup';
import { DEFAULT_HOST_PRIORITY } from '../event-type/host-roles';
import type { Placement } from './placement';

const DAY = 86_400_000;

/** A host refused inside the transaction (its booking limit, counted again under the host's lock). */
class HostRefused extends Error {
  constructor(readonly problem: SlotProblem) {
    super(problem.kind);
  }
}

/** Serializes the booking writes of one host, so that its booking limits are counted without races. */
async function lockHost(tx: EntityManager, hostId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.bookings', hostId]);
}

/** Hosts of higher priority first, then those with fewer upcoming live bookings, then by user id: one statement. */
async function byLoad(db: DataSource, hostIds: number[], now: Date, priorities: ReadonlyMap<number, number>): Promise<number[]> {
  if (hostIds.length < 2) return hostIds;
  const rows: Array<{ userId: number; count: string }> = await db
    .getRepository(Booking)
    .createQueryBuilder('b')
    .select('b.user_id', 'userId')
    .addSelect('count(*)', 'count')
    .where({ userId: In(hostIds), status: In(LIVE_STATUSES), start: MoreThanOrEqual(now) })
    .groupBy('b.user_id')
    .getRawMany();
  return fairOrder(hostIds, new Map(rows.map((r) => [Number(r.userId), Number(r.count)])), priorities);
}

/**
 * Round robin: the hosts of higher priority first (HOST_PRIORITIES index; medium when unknown), then those with fewer
 * upcoming bookings, ties by lower user id (pure).
 */
export function fairOrder(hostIds: readonly number[], upcoming: ReadonlyMap<number, number>, priorities: ReadonlyMap<number, number> = new Map()): number[] {
  const priority = (id: number) => priorities.get(id) ?? DEFAULT_HOST_PRIORITY;
  return [...hostIds].sort((a, b) => priority(b) - priority(a) || (upcoming.get(a) ?? 0) - (upcoming.get(b) ?? 0) || a - b);
}

/**
 * Books the first host that can take [start, end) and answers what `write` wrote; a 409 saying why
 * when none can. Hosts are read as free from their calendars first; then, per host in its own
 * transaction: the host's advisory lock, its booking limits counted again, and `write`. The
 * database decides double bookings: when the exclusion constraint `bookings_host_no_overlap`
 * refuses the row (another request took the time in between), the next free host is tried.
 */
export async function placeBooking<T>(db: DataSource, placement: Placement, write: (tx: EntityManager, hostId: number) => Promise<T>): Promise<T> {
  const { eventType } = placement;
  if (eventType?.schedulingType === 'collective') return placeCollective(db, placement, write);
  const roles = placement.hosts ?? (eventType?.teamId != null ? await hostRolesOfEventType(db, eventType) : []);
  const split = eventType ? mandatorySplit(eventType, roles) : null;
  const mandatory = placement.calendars.filter((c) => split?.mandatory.includes(c.hostId));
  const { start, end } = placement;
  const problems: SlotProblem[] = [];
  const free: HostCalendar[] = [];
  for (const calendar of placement.calendars) {
    if (mandatory.includes(calendar)) continue;
    const problem = slotProblemOf(calendar, start, end, placement.context, placement.now);
    if (problem) problems.push(problem);
    else free.push(calendar);
  }
  const ordered = await byLoad(
    db,
    free.map((c) => c.hostId),
    placement.now,
    new Map(roles.map((r) => [r.userId, r.priority])),
  );
  if (placement.preferredHostId !== undefined && ordered.includes(placement.preferredHostId)) {
    ordered.splice(ordered.indexOf(placement.preferredHostId), 1);
    ordered.unshift(placement.preferredHostId);
  }
  if (mandatory.length) {
    const candidates = ordered.map((id) => free.find((c) => c.hostId === id)!);
    return placeWithMandatoryHosts(db, placement, { mandatory, optionalCount: placement.calendars.length - mandatory.length, candidates, problems }, write);
  }

  for (const hostId of ordered) {
    const calendar = free.find((c) => c.hostId === hostId)!;
    try {
      return await db.transaction(async (tx) => {
        const { context, eventType } = placement;
        if (context && eventType && (context.rules.bookingLimitsCount || context.rules.bookingLimitsDuration)) {
          // The event type's limits count bookings of every host: counted again under the event type's lock (taken before the host's).
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.event_types', eventType.id]);
          const counted = await countedBookings(tx, eventType, start, end, placement.excludeBookingId);
          const problem = eventTypeLimitProblem(context.rules, counted, start, Math.round((end.getTime() - start.getTime()) / 60_000), calendar.timeZone);
          if (problem) throw new HostRefused({ kind: 'eventTypeLimit', problem });
        }
        await lockHost(tx, hostId);
        if (context) {
          // A slot someone else holds, or a buffer that a booking made in between now covers, refuses this host.
          const around = { from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) };
          const { held, live } = await heldAndLive(tx, [hostId], around, placement.now, placement.exceptReservationUid, placement.excludeBookingId);
          // A seated booking of this event type at exactly this time is joined, not overlapped (its seats are counted by the write).
          const seated = (b: { eventTypeId?: number; start: Date; end: Date }) =>
            eventType?.seats != null && b.eventTypeId === eventType.id && b.start.getTime() === start.getTime() && b.end.getTime() === end.getTime();
          const blocking = live.filter((b) => !seated(b));
          if (withBuffers([...held, ...blocking.map(bufferedInterval)], context.rules).some((b) => overlaps(b, { start, end })))
            throw new HostRefused({ kind: 'taken' });
        }
        const pad = limitPadding([calendar.limits]);
        if (Object.values(calendar.limits).some((bound) => bound != null)) {
          const counted = await liveBookings(tx, [hostId], new Date(start.getTime() - pad), new Date(start.getTime() + pad), placement.excludeBookingId);
          const accepted = counted.filter((b) => b.status === BookingStatus.accepted).map((b) => b.start);
          const exceeded = wouldExceedLimits(calendar.limits, accepted, start, calendar.timeZone);
          if (exceeded) throw new HostRefused({ kind: 'limit', exceeded });
        }
        return write(tx, hostId);
      });
    } catch (error) {
      if (error instanceof HostRefused) problems.push(error.problem);
      else if (isConstraintViolation(error, 'exclusion')) problems.push({ kind: 'taken' });
      else throw error;
    }
  }
  throw unavailable(problems, start, placement.calendars.length);
}
