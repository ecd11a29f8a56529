import { SubgraphContext } from '../kit/context';
import { In } from 'typeorm';
import { byKey, groupedByKey } from '../kit/loaders';
import { Attendee } from './booking-record/attendee.entity';
import { Booking } from './booking-record/booking.entity';
import { BookingHost } from './booking-record/booking-host.entity';
import { BookingService } from './booking/booking.service';
import { EventType } from './event-type/event-type.entity';
import { EventTypeService } from './event-type/event-type.service';
import { BookingLimits, BOUND_COLUMNS, BOUNDS, limitsOfRow } from './booking-limit/booking-limit.service';
import { PrivateLink } from './private-link/private-link.entity';
import { PrivateLinkService } from './private-link/private-link.service';
import { Schedule } from './schedule/schedule.entity';
import { ScheduleService } from './schedule/schedule.service';

export const eventTypeById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, EventType | null>('eventTypeById', async (ids) => byKey(ids, await new EventTypeService(ctx.db).findByIds(ids), (e) => e.id));

export const bookingById = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking | null>('bookingById', async (ids) => byKey(ids, await new BookingService(ctx.db).findByIds(ids), (b) => b.id));

export const bookingsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Booking[]>('bookingsByUserId', async (ids) => groupedByKey(ids, await new BookingService(ctx.db).forHosts(ids), (b) => b.userId));

export const attendeesByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Attendee[]>('attendeesByBookingId', async (ids) =>
    groupedByKey(ids, await new BookingService(ctx.db).attendeesOf(ids), (a) => a.bookingId),
  );

export const schedulesByOwnerId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, Schedule[]>('schedulesByOwnerId', async (ids) =>
    groupedByKey(ids, await new ScheduleService(ctx.db).forOwners(ids), (s) => s.ownerId),
  );

/** What a user's profile shows from this subgraph (GET /v2/me): the default schedule's id and the booking limits. */
export interface UserSchedulingSettings {
  defaultScheduleId: number | null;
  bookingLimits: BookingLimits;
}

/**
 * Both fields of each user in one statement (at most one default schedule per owner: a unique index),
 * so that GET /v2/me's call to this subgraph sends one statement instead of two. Limits a user never
 * set are all null.
 */
export const schedulingSettingsByUserId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, UserSchedulingSettings>('schedulingSettingsByUserId', async (userIds) => {
    const rows: Array<BookingLimits & { id: number; default_schedule_id: number | null }> = await ctx.db.query(
      `SELECT u.id, s.id AS default_schedule_id,
              ${BOUNDS.map((bound) => `l.${BOUND_COLUMNS[bound]} AS "${bound}"`).join(', ')}
       FROM unnest($1::int4[]) AS u(id)
       LEFT JOIN schedules s ON s.owner_id = u.id AND s.is_default
       LEFT JOIN booking_limits l ON l.user_id = u.id`,
      [[...userIds]],
    );
    const byUser = new Map(rows.map((row) => [row.id, row]));
    return userIds.map((id) => {
      const row = byUser.get(id);
      return { defaultScheduleId: row?.default_schedule_id ?? null, bookingLimits: limitsOfRow(row) };
    });
  });

export const privateLinkById = (ctx: SubgraphContext) =>
  ctx.loaders.get<string, PrivateLink | null>('privateLinkById', async (ids) =>
    byKey(ids, await new PrivateLinkService(ctx.db).findByIds(ids), (l) => l.linkId),
  );
/** Every host a booking occupies, the organizer first (then co-hosts of a collective booking by user id): one statement. */
export const hostIdsByBookingId = (ctx: SubgraphContext) =>
  ctx.loaders.get<number, number[]>('hostIdsByBookingId', async (ids) => {
    const rows = await ctx.db.getRepository(BookingHost).find({ where: { bookingId: In([...ids]) }, order: { organizer: 'DESC', userId: 'ASC' } });
    return groupedByKey(ids, rows, (h) => h.bookingId).map((hosts) => hosts.map((h) => h.userId));
  });
