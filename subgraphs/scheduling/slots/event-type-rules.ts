import type { BookingWindow, EventTypeLimits } from '../event-type/event-type-settings';
import { firstDateOf, LimitPeriod, LIMIT_PERIODS, periodFrom } from './booking-limits';
import { Interval } from './interval';
import { addDays, LocalDate, localDateOf, localTimeToUtc, weekdayOf } from './local-time';

const MINUTE = 60_000;

/**
 * The rules of one event type that shape its slots and the bookings it accepts (pure: no I/O).
 * Every field is a body field of the reference's event type create/update.
 */
export interface EventTypeRules {
  lengthInMinutes: number;
  slotInterval?: number | null;
  minimumBookingNotice?: number;
  beforeEventBuffer?: number;
  afterEventBuffer?: number;
  offsetStart?: number;
  bookingWindow?: BookingWindow | null;
  bookingLimitsCount?: EventTypeLimits | null;
  bookingLimitsDuration?: EventTypeLimits | null;
}

/**
 * Existing bookings seen through the buffers of the event type being booked: a new meeting
 * [S, E) needs [S - before, E + after) free, which is the same as widening every existing
 * booking [s, e) to [s - after, e + before).
 */
export function withBuffers(busy: readonly Interval[], rules: Pick<EventTypeRules, 'beforeEventBuffer' | 'afterEventBuffer'>): Interval[] {
  const before = (rules.beforeEventBuffer ?? 0) * MINUTE;
  const after = (rules.afterEventBuffer ?? 0) * MINUTE;
  if (!before && !after) return [...busy];
  return busy.map((b) => ({ start: new Date(b.start.getTime() - after), end: new Date(b.end.getTime() + before) }));
}

/** The earliest instant a meeting may start: now plus the minimum notice. */
export function earliestStart(now: Date, rules: Pick<EventTypeRules, 'minimumBookingNotice'>): Date {
  return new Date(now.getTime() + (rules.minimumBookingNotice ?? 0) * MINUTE);
}

function midnight(date: LocalDate, zone: string): Date {
  return new Date(localTimeToUtc(date, 0, zone));
}

/**
 * Where slot starts must lie under the booking window, in `zone` (the host's):
 * - `calendarDays` N: from now until local midnight after the N-th day counted from today (today is day 1);
 * - `businessDays` N: the same, counting only Monday to Friday (today counts when it is one);
 * - `range` [from, to]: from local midnight of `from` to local midnight after `to`.
 * null: no window.
 */
export function bookingWindowBounds(window: BookingWindow | null | undefined, now: Date, zone: string): Interval | null {
  // A rolling window depends on the hosts' free days: slots/rolling-window.ts bounds it.
  if (!window || (window.type !== 'range' && window.rolling)) return null;
  const today = localDateOf(now, zone);
  if (window.type === 'range') {
    const [from, to] = window.value.map((d) => {
      const [year, month, day] = d.split('-').map(Number);
      return { year, month, day };
    });
    return { start: midnight(from, zone), end: midnight(addDays(to, 1), zone) };
  }
  let last: LocalDate;
  if (window.type === 'calendarDays') last = addDays(today, window.value - 1);
  else {
    let counted = 0;
    for (let d = today; ; d = addDays(d, 1)) {
      const weekday = weekdayOf(d);
      if (weekday !== 'Saturday' && weekday !== 'Sunday') counted++;
      if (counted === window.value) {
        last = d;
        break;
      }
    }
  }
  return { start: new Date(-8.64e15), end: midnight(addDays(last, 1), zone) };
}

/** True when a meeting starting at `start` lies in the booking window. */
export function inBookingWindow(start: Date, window: BookingWindow | null | undefined, now: Date, zone: string): boolean {
  const bounds = bookingWindowBounds(window, now, zone);
  return !bounds || (start.getTime() >= bounds.start.getTime() && start.getTime() < bounds.end.getTime());
}

/** The times outside the booking window, as busy intervals over [from, to). */
export function outsideBookingWindow(window: BookingWindow | null | undefined, now: Date, zone: string, from: Date, to: Date): Interval[] {
  const bounds = bookingWindowBounds(window, now, zone);
  if (!bounds) return [];
  const busy: Interval[] = [];
  if (bounds.start.getTime() > from.getTime()) busy.push({ start: from, end: bounds.start });
  if (bounds.end.getTime() < to.getTime()) busy.push({ start: bounds.end, end: to });
  return busy;
}

/** An accepted booking of the event type, as its limits count it. */
export interface CountedBooking {
  start: Date;
  minutes: number;
}

const PERIOD_KEY: Record<LimitPeriod, keyof EventTypeLimits> = { day: 'day', week: 'week', month: 'month', year: 'year' };

/** Which event type limit a meeting of `minutes` starting at `start` would break, or null. */
export interface EventTypeLimitProblem {
  kind: 'count' | 'duration';
  period: LimitPeriod;
  limit: number;
}

/**
 * Event type booking limits (count: bookings; duration: minutes booked) per calendar day, ISO week,
 * month and year in `zone`. A new meeting of `minutes` starting at `start` fits a count bound while
 * fewer than `limit` bookings start in its period, and a duration bound while the minutes booked in
 * the period plus its own stay within `limit`. Shortest period reported first, count before duration.
 */
export function eventTypeLimitProblem(
  rules: Pick<EventTypeRules, 'bookingLimitsCount' | 'bookingLimitsDuration'>,
  bookings: readonly CountedBooking[],
  start: Date,
  minutes: number,
  zone: string,
): EventTypeLimitProblem | null {
  for (const period of LIMIT_PERIODS) {
    const first = firstDateOf(localDateOf(start, zone), period);
    const p = periodFrom(first, period, zone);
    const inPeriod = bookings.filter((b) => b.start.getTime() >= p.start && b.start.getTime() < p.end);
    const count = rules.bookingLimitsCount?.[PERIOD_KEY[period]];
    if (count != null && inPeriod.length + 1 > count) return { kind: 'count', period, limit: count };
    const duration = rules.bookingLimitsDuration?.[PERIOD_KEY[period]];
    if (duration != null && inPeriod.reduce((sum, b) => sum + b.minutes, 0) + minutes > duration) return { kind: 'duration', period, limit: duration };
  }
  return null;
}

/**
 * The periods over [from, to) in which no further meeting of `minutes` fits the event type's limits:
 * busy as a whole (a period is listed when its bookings already reach the count bound, or when the
 * minutes booked plus `minutes` pass the duration bound).
 */
export function eventTypeLimitPeriods(
  rules: Pick<EventTypeRules, 'bookingLimitsCount' | 'bookingLimitsDuration'>,
  bookings: readonly CountedBooking[],
  minutes: number,
  zone: string,
  from: Date,
  to: Date,
): Interval[] {
  if (!rules.bookingLimitsCount && !rules.bookingLimitsDuration) return [];
  const busy: Interval[] = [];
  for (const period of LIMIT_PERIODS) {
    const count = rules.bookingLimitsCount?.[PERIOD_KEY[period]];
    const duration = rules.bookingLimitsDuration?.[PERIOD_KEY[period]];
    if (count == null && duration == null) continue;
    const blocksEverything = (count != null && count < 1) || (duration != null && minutes > duration);
    const starts = blocksEverything ? [from] : bookings.map((b) => b.start);
    const seen = new Set<number>();
    for (const s of starts) {
      const p = periodFrom(firstDateOf(localDateOf(s, zone), period), period, zone);
      if (seen.has(p.start) || p.end <= from.getTime() || p.start >= to.getTime()) continue;
      seen.add(p.start);
      const inPeriod = bookings.filter((b) => b.start.getTime() >= p.start && b.start.getTime() < p.end);
      const full =
        blocksEverything ||
        (count != null && inPeriod.length >= count) ||
        (duration != null && inPeriod.reduce((sum, b) => sum + b.minutes, 0) + minutes > duration);
      if (full) busy.push({ start: new Date(p.start), end: new Date(p.end) });
    }
    if (blocksEverything) return [{ start: from, end: to }];
  }
  return busy;
}

/** The message of the 409 when an event type limit refuses a booking. */
export function eventTypeLimitMessage(problem: EventTypeLimitProblem): string {
  return problem.kind === 'count'
    ? `Event type booking limit reached: ${problem.limit} per ${problem.period}`
    : `Event type booking duration limit reached: ${problem.limit} minutes per ${problem.period}`;
}

/** Keeps the earliest slot of each calendar date in `zone` (onlyShowFirstAvailableSlot). */
export function firstSlotPerDay<T extends { start: Date }>(slots: readonly T[], zone: string): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const d = localDateOf(slot.start, zone);
    const key = `${d.year}-${d.month}-${d.day}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(slot);
  }
  return kept;
}
