import { DataSource, In } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { SubgraphContext } from '../../../platform/context';
import { hostRolesOfEventType, ownerDirectoryOf } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { Attendee } from '../booking-record/attendee.entity';
import { BookingEventType } from '../booking-record/booking-event.entity';
import { recordBookingEvent } from './booking-events';
import { Booking, LIVE_STATUSES } from '../booking-record/booking.entity';
import { managedBooking } from './booking-access';
import { reasonOf } from '../booking-record/booking-rules';
import { placeBooking } from './host-assignment';
import { recordBookingWrite } from './keyed-booking-writes';

const DAY = 86_400_000;

/** Hosts ordered by when they were last booked for anything (never booked first), then by user id. */
async function leastRecentlyBooked(db: DataSource, hostIds: number[]): Promise<number[]> {
  if (hostIds.length < 2) return hostIds;
  const rows: Array<{ userId: number; last: Date }> = await db
    .getRepository(Booking)
    .createQueryBuilder('b')
    .select('b.user_id', 'userId')
    .addSelect('max(b.created_at)', 'last')
    .where({ userId: In(hostIds) })
    .groupBy('b.user_id')
    .getRawMany();
  const last = new Map(rows.map((r) => [Number(r.userId), new Date(r.last).getTime()]));
  return [...hostIds].sort((a, b) => (last.get(a) ?? -Infinity) - (last.get(b) ?? -Infinity) || a - b);
}

/**
 * Gives a team booking to another host of its event type (POST /v2/bookings/{uid}/reassign[/{userId}]).
 * The chosen host (or, automatically, the least recently booked host who is free at that time) must be
 * a host of the event type and free: availability, booking limits and the exclusion constraint decide
 * as for a new booking. The booking keeps its uid, time and attendees; BOOKING_REASSIGNED records the
 * previous host.
 */
export async function reassignBooking(
  ctx: SubgraphContext,
  uid: string,
  toUserId: number | null,
  input: { reason?: string | null },
  now = new Date(),
): Promise<Booking> {
  const reason = reasonOf('reason', input.reason);
  const { booking, eventType } = await managedBooking(ctx, uid, 'booking.update');
  if (eventType.teamId == null)
    throw badInput('bookingUid', `bookingUid: booking ${uid} is of a personal event type, which has one host: only team bookings can be reassigned`);
  if (eventType.schedulingType === 'collective')
    throw badInput('bookingUid', `bookingUid: booking ${uid} is of a collective event type, which every host attends: it cannot be reassigned`);
  if (!LIVE_STATUSES.includes(booking.status)) throw conflict(`Booking ${uid} is ${booking.status} and cannot be reassigned`);
  if (booking.end.getTime() <= now.getTime()) throw conflict(`Booking ${uid} has already ended and cannot be reassigned`);
  // Mandatory hosts attend the booking already (co-hosts of the round-robin host, who organizes it): not candidates.
  const roles = await hostRolesOfEventType(ctx.db, eventType);
  const hostIds = roles.filter((h) => !h.mandatory && h.userId !== booking.userId).map((h) => h.userId);
  if (toUserId != null) {
    if (toUserId === booking.userId || roles.some((h) => h.mandatory && h.userId === toUserId))
      throw badInput('userId', `userId: user ${toUserId} already hosts booking ${uid}`);
    // 404 like any id the caller cannot use: which users exist is not confirmed through a booking.
    if (!hostIds.includes(toUserId)) throw notFound('Host', toUserId);
  }
  const candidates = toUserId != null ? [toUserId] : await leastRecentlyBooked(ctx.db, hostIds);
  if (!candidates.length) throw conflict(`Booking ${uid} has no other host to be reassigned to`);
  const calendars = await loadHostCalendars(
    ctx.db,
    {
      hostIds: candidates,
      scheduleId: eventType.scheduleId,
      from: new Date(booking.start.getTime() - DAY),
      to: new Date(booking.end.getTime() + DAY),
      excludeBookingId: booking.id,
    },
    ownerDirectoryOf(ctx),
  );
  const previousHostId = booking.userId;
  let lastRefusal: unknown;
  for (const hostId of candidates) {
    try {
      return await placeBooking(
        ctx.db,
        { start: booking.start, end: booking.end, calendars: calendars.filter((c) => c.hostId === hostId), excludeBookingId: booking.id, now },
        async (tx, chosen) => {
          const row = await tx
            .getRepository(Booking)
            .createQueryBuilder('b')
            .setLock('pessimistic_write')
            .where('b.id = :id', { id: booking.id })
            .getOneOrFail();
          if (!LIVE_STATUSES.includes(row.status) || row.userId !== previousHostId)
            throw conflict(`Booking ${uid} changed while it was being reassigned; try again`);
          row.userId = chosen;
          const saved = await tx.save(row);
          const attendees = await tx.find(Attendee, { where: { bookingId: row.id }, order: { id: 'ASC' } });
          await recordBookingEvent(tx, BookingEventType.reassigned, saved, attendees, eventType, {
            reassignedFrom: { hostId: previousHostId },
            reassignReason: reason,
          });
          await recordBookingWrite(tx, saved);
          return saved;
        },
      );
    } catch (error) {
      if (toUserId != null || (error as { extensions?: { code?: string } }).extensions?.code !== 'CONFLICT') throw error;
      lastRefusal = error;
    }
  }
  throw lastRefusal ?? conflict(`No other host of event type ${eventType.id} is free at ${booking.start.toISOString()}`);
}
