import { Interval } from './interval';
import { addDays, LocalDate, localDateOf, localTimeToUtc } from './local-time';
import { assertTimeZone } from './zone-offset';

/**
 * User booking limits (spec 2.17, 4.14 and §8 "Booking limits rules"): the maximum number of accepted
 * bookings, across all of the user's personal and team event types, per calendar day, week, month and
 * year in the user's time zone. A null or missing bound is no limit.
 *
 * Conventions:
 * - Periods are calendar periods in the user's time zone (rule 4): a day runs from local midnight to
 *   local midnight (23 or 25 real hours on DST change days), a week from Monday 00:00 (ISO 8601 weeks),
 *   a month from the 1st, a year from 1 January. A limit therefore resets at the start of the next one.
 * - A booking counts in the period that contains its START, read in the user's time zone: a booking at
 *   23:30 local counts for that local day even when it is already the next day in UTC.
 * - A bound is reached when count >= bound; a bound of 0 (or less) blocks every period.
 * - Only ACCEPTED bookings are passed in; callers filter out pending, cancelled and rejected ones.
 */
export interface BookingLimits {
  perDay?: number | null;
  perWeek?: number | null;
  perMonth?: number | null;
  perYear?: number | null;
}

export type LimitPeriod = 'day' | 'week' | 'month' | 'year';

/** A calendar period whose bound is reached: every slot in it is busy (rule 3). */
export interface ReachedPeriod extends Interval {
  period: LimitPeriod;
  limit: number;
  /** Accepted bookings that start in the period. */
  count: number;
}

/** Shortest period first: the order in which limits are checked and reported. */
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month', 'year'];

const LIMIT_KEYS: Record<LimitPeriod, keyof BookingLimits> = {
  day: 'perDay',
  week: 'perWeek',
  month: 'perMonth',
  year: 'perYear',
};

/** A calendar period in the user's time zone, as UTC bounds [start, end). */
interface CalendarPeriod {
  start: number;
  end: number;
}

/** The first local date of the day / week (Monday) / month / year that contains `date`. */
export function firstDateOf(date: LocalDate, period: LimitPeriod): LocalDate {
  switch (period) {
    case 'day':
      return date;
    case 'week':
      return addDays(date, -((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7)); // back to Monday
    case 'month':
      return { year: date.year, month: date.month, day: 1 };
    case 'year':
      return { year: date.year, month: 1, day: 1 };
  }
}

/** The first local date of the next period. */
export function nextFirstDate(first: LocalDate, period: LimitPeriod): LocalDate {
  switch (period) {
    case 'day':
      return addDays(first, 1);
    case 'week':
      return addDays(first, 7);
    case 'month':
      return first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { year: first.year, month: first.month + 1, day: 1 };
    case 'year':
      return { year: first.year + 1, month: 1, day: 1 };
  }
}

/** The period that starts on local date `first`, bounded by local midnights (see local-time.ts for DST). */
export function periodFrom(first: LocalDate, period: LimitPeriod, zone: string): CalendarPeriod {
  return {
    start: localTimeToUtc(first, 0, zone),
    end: localTimeToUtc(nextFirstDate(first, period), 0, zone),
  };
}

/** The period of kind `period` that contains `instant` in `zone`. */
function periodContaining(instant: number, period: LimitPeriod, zone: string): CalendarPeriod {
  return periodFrom(firstDateOf(localDateOf(instant, zone), period), period, zone);
}

function boundOf(limits: BookingLimits, period: LimitPeriod): number | null {
  const value = limits[LIMIT_KEYS[period]];
  return typeof value === 'number' && !Number.isNaN(value) ? value : null;
}

/**
 * The UTC intervals of every day / week / month / year (in `timeZone`) that overlaps
 * [rangeStart, rangeEnd) and in which the accepted bookings already reach that period's bound.
 * Periods are returned whole (not clipped to the range), sorted by start then by period length.
 * Treat them as busy: every slot inside disappears, so the strictest bound wins on its own (rule 2).
 */
export function limitReachedPeriods(
  limits: BookingLimits,
  acceptedBookingStarts: readonly Date[],
  timeZone: string,
  rangeStart: Date,
  rangeEnd: Date,
): ReachedPeriod[] {
  assertTimeZone(timeZone);
  const from = rangeStart.getTime();
  const to = rangeEnd.getTime();
  if (!(to > from)) return [];
  const reached: ReachedPeriod[] = [];

  for (const period of LIMIT_PERIODS) {
    const limit = boundOf(limits, period);
    if (limit === null) continue;
    const reachedIn = (p: CalendarPeriod, count: number) => reached.push({ start: new Date(p.start), end: new Date(p.end), period, limit, count });

    if (limit <= 0) {
      // Nothing may be booked: every period touching the range is reached.
      let first = firstDateOf(localDateOf(from, timeZone), period);
      for (let p = periodFrom(first, period, timeZone); p.start < to; p = periodFrom(first, period, timeZone)) {
        reachedIn(p, countIn(acceptedBookingStarts, p));
        first = nextFirstDate(first, period);
      }
      continue;
    }

    const counts = new Map<number, { period: CalendarPeriod; count: number }>();
    for (const booking of acceptedBookingStarts) {
      const first = firstDateOf(localDateOf(booking, timeZone), period);
      const key = Date.UTC(first.year, first.month - 1, first.day);
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { period: periodFrom(first, period, timeZone), count: 1 });
    }
    for (const { period: p, count } of counts.values()) {
      if (count >= limit && p.start < to && p.end > from) reachedIn(p, count);
    }
  }

  const order = (p: LimitPeriod) => LIMIT_PERIODS.indexOf(p);
  return reached.sort((a, b) => a.start.getTime() - b.start.getTime() || order(a.period) - order(b.period));
}

function countIn(starts: readonly Date[], p: CalendarPeriod): number {
  let count = 0;
  for (const s of starts) if (s.getTime() >= p.start && s.getTime() < p.end) count++;
  return count;
}

/** Which limit a new booking would break. */
export interface ExceededLimit {
  period: LimitPeriod;
  limit: number;
}

/**
 * The limit that forbids accepting one more booking starting at `newStart`, or null when it fits:
 * a period's bound forbids it when the accepted bookings starting in newStart's period (in `timeZone`)
 * already number `limit` or more. When several bounds forbid it, the shortest period is reported
 * (day, then week, month, year).
 */
export function wouldExceedLimits(limits: BookingLimits, acceptedBookingStarts: readonly Date[], newStart: Date, timeZone: string): ExceededLimit | null {
  assertTimeZone(timeZone);
  for (const period of LIMIT_PERIODS) {
    const limit = boundOf(limits, period);
    if (limit === null) continue;
    const p = periodContaining(newStart.getTime(), period, timeZone);
    if (countIn(acceptedBookingStarts, p) >= limit) return { period, limit };
  }
  return null;
}

/** A message for the error a booking attempt returns (rule 3), e.g. "Booking limit reached: 2 per day". */
export function limitMessage(exceeded: ExceededLimit): string {
  return `Booking limit reached: ${exceeded.limit} per ${exceeded.period}`;
}
