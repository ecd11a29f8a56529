import { SubgraphContext } from '../../../platform/context';
import { BookingLimits, BOUND_COLUMNS, BOUNDS, limitsOfRow } from './booking-limit.service';

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
