import { SubgraphContext } from '../kit/context';
import { In } from 'typeorm';
import { byKey, groupedByKey } from '../kit/loaders';
import { Attendee } from './booking/attendee.entity';
import { Booking } from './booking/booking.entity';
import { BookingHost } from './booking/booking-host.entity';
import { BookingService } from './booking/booking.service';
import { EventType } from './event-type/event-type.entity';
import { EventTypeService } from './event-type/event-type.service';
import { BookingLimits, BookingLimitService } from './booking-limit/booking-limit.service';
import { PrivateLink } from './private-link/private-link.entity';
import { PrivateLinkService } from './private-link/private-link.service';
import { Schedule } from './schedule/schedule.entity';
import { ScheduleService } from './schedule/schedule.service';

export const eventTypeById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventType | null>('eventTypeById', async (ids) => byKey(ids, await new EventTypeService(ctx.db).findByIds(ids), (e) => e.id));

export const bookingById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking | null>('bookingById', async (ids) => byKey(ids, await new BookingService(ctx.db).findByIds(ids), (b) => b.id));

export const bookingsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking[]>('bookingsByUserId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).forHosts(ids), (b) => b.userId),
  );

export const attendeesByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Attendee[]>('attendeesByBookingId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).attendeesOf(ids), (a) => a.bookingId),
  );

export const schedulesByOwnerId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Schedule[]>('schedulesByOwnerId', async (ids) =>
    groupedByKey(ids, await new ScheduleService(ctx.db).forOwners(ids), (s) => s.ownerId),
  );

export const bookingLimitsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, BookingLimits>('bookingLimitsByUserId', async (ids) => {
    const limits = await new BookingLimitService(ctx.db).limitsOf(ids);
    return ids.map((id) => limits.get(id)!);
  });

/** The id of each user's default schedule (null without one): only the id, not the schedule's availability. */
export const defaultScheduleIdByOwnerId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number | null>('defaultScheduleIdByOwnerId', async (ownerIds) => {
    const rows: Array<{ owner_id: number; id: number }> = await ctx.db.query('SELECT owner_id, id FROM schedules WHERE owner_id = ANY($1::int4[]) AND is_default', [[...ownerIds]]);
    const byOwner = new Map(rows.map((row) => [row.owner_id, row.id]));
    return ownerIds.map((id) => byOwner.get(id) ?? null);
  });

export const privateLinkById = (ctx: SubgraphContext) =>
  ctx.loaders.get<string, PrivateLink | null>('privateLinkById', async (ids) => byKey(ids, await new PrivateLinkService(ctx.db).findByIds(ids), (l) => l.linkId));
/** Every host a booking occupies, the organizer first (then co-hosts of a collective booking by user id): one statement. */
export const hostIdsByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number[]>('hostIdsByBookingId', async (ids) => {
    const rows = await ctx.db.getRepository(BookingHost).find({ where: { bookingId: In([...ids]) }, order: { organizer: 'DESC', userId: 'ASC' } });
    return groupedByKey(ids, rows, (h) => h.bookingId).map((hosts) => hosts.map((h) => h.userId));
  });
