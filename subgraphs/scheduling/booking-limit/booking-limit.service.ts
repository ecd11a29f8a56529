import { leanFindBy } from '../../../platform/lean-reads';
import { DataSource } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { BookingLimit } from './booking-limit.entity';

/** A user's booking limits (spec 2.17): the most accepted bookings per calendar period; null = no bound. */
export interface BookingLimits {
  perDay: number | null;
  perWeek: number | null;
  perMonth: number | null;
  perYear: number | null;
}

/** A merge: an omitted (undefined) bound is untouched, null removes it, a number sets it. */
export type BookingLimitChanges = { [K in keyof BookingLimits]?: number | null };

export const BOUNDS = ['perDay', 'perWeek', 'perMonth', 'perYear'] as const;

/** Each bound's column of `booking_limits`. */
export const BOUND_COLUMNS: Record<keyof BookingLimits, string> = { perDay: 'per_day', perWeek: 'per_week', perMonth: 'per_month', perYear: 'per_year' };

export const NO_LIMITS: Readonly<BookingLimits> = Object.freeze({ perDay: null, perWeek: null, perMonth: null, perYear: null });

/** The bounds of a row (a BookingLimit, or any row with the four properties); none set without a row. */
export function limitsOfRow(row: BookingLimits | undefined): BookingLimits {
  return row ? { perDay: row.perDay, perWeek: row.perWeek, perMonth: row.perMonth, perYear: row.perYear } : { ...NO_LIMITS };
}

/** Each bound is a whole number of at least 1, or null. */
function checkChanges(changes: BookingLimitChanges): Array<keyof BookingLimits> {
  const sent = BOUNDS.filter((bound) => changes[bound] !== undefined);
  for (const bound of sent) {
    const value = changes[bound];
    if (value !== null && !(Number.isInteger(value) && value! >= 1)) {
      throw badInput(bound, `${bound} must be a whole number of at least 1, or null to remove the limit (got ${JSON.stringify(value)})`);
    }
  }
  return sent;
}

export class BookingLimitService {
  constructor(private readonly db: DataSource) {}

  /** The limits of each user, all four null for a user who has set none: one entry per id. */
  async limitsOf(userIds: readonly number[]): Promise<Map<number, BookingLimits>> {
    const rows = await leanFindBy(this.db, BookingLimit, 'userId', userIds);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    return new Map(userIds.map((id) => [id, limitsOfRow(byUser.get(id))]));
  }

  async of(userId: number): Promise<BookingLimits> {
    return (await this.limitsOf([userId])).get(userId)!;
  }

  /** Merges the changes into the user's limits in one statement (no lost update between two PATCHes). */
  async update(userId: number, changes: BookingLimitChanges): Promise<BookingLimits> {
    const sent = checkChanges(changes);
    if (sent.length === 0) return this.of(userId);
    const values = Object.fromEntries(sent.map((bound) => [bound, changes[bound]]));
    await this.db
      .createQueryBuilder()
      .insert()
      .into(BookingLimit)
      .values({ userId, ...values, updatedAt: () => 'now()' })
      .orUpdate([...sent.map((bound) => BOUND_COLUMNS[bound]), 'updated_at'], ['user_id'])
      .execute();
    return this.of(userId);
  }

  /** Removes every limit of the user. */
  async clear(userId: number): Promise<BookingLimits> {
    await this.db.getRepository(BookingLimit).delete({ userId });
    return { ...NO_LIMITS };
  }
}
