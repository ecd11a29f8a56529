import { Interval, mergeMs, MsInterval, toMs } from './interval';

const MS_PER_MINUTE = 60_000;

export interface AvailableSlotsInput {
  /** When the host can be booked (e.g. from `openIntervals`); any order, may overlap. */
  open: readonly Interval[];
  /** When the host cannot be booked: bookings, calendar events, reached booking limits; any order. */
  busy: readonly Interval[];
  /** Length of one booking. */
  lengthInMinutes: number;
  /** Distance between two slot starts; defaults to the length. */
  stepMinutes?: number;
  /** Slots start at or after this instant … */
  rangeStart: Date;
  /** … and strictly before this one. */
  rangeEnd: Date;
  /** The current time; without it no notice is applied. */
  now?: Date;
  /** A slot cannot start sooner than this many minutes after `now`. */
  minimumNoticeMinutes?: number;
  /** The grid starts this many minutes after each open interval's start (offsetStart). */
  offsetMinutes?: number;
}

/**
 * The start of every bookable slot, in ascending order.
 *
 * A candidate slot starts at an open interval's start plus a whole number of steps (after open
 * intervals have been merged, so a schedule 09:00–12:00 + 12:00–17:00 steps from 09:00). It is kept when
 * - [start, start + length) lies wholly inside that open interval;
 * - it overlaps no busy interval (touching is fine: a booking ending at 10:00 leaves a 10:00 slot);
 * - rangeStart <= start < rangeEnd — the range bounds the START only, so a slot may end after
 *   rangeEnd if its open interval allows it (a page asking for one day gets that day's 23:30 slot);
 * - start >= now + minimumNoticeMinutes, when `now` is given.
 *
 * Because the grid is anchored to the open interval's start, compute `open` for a range that covers
 * whole days around [rangeStart, rangeEnd) (as `slotsForSchedule` does) if slot times must not depend
 * on where the requested range begins.
 *
 * Cost: O((o + b) log(o + b) + s) for o open intervals, b busy intervals and s candidate slots; busy
 * intervals are sorted and merged once, then swept with one pointer, and the grid jumps over every
 * busy interval and over the part of the range before the earliest allowed start.
 */
export function availableSlots(input: AvailableSlotsInput): Date[] {
  const length = input.lengthInMinutes * MS_PER_MINUTE;
  const step = (input.stepMinutes ?? input.lengthInMinutes) * MS_PER_MINUTE;
  if (!(length > 0) || !Number.isFinite(length)) throw new RangeError('lengthInMinutes must be a positive number');
  if (!(step > 0) || !Number.isFinite(step)) throw new RangeError('stepMinutes must be a positive number');

  const rangeEnd = input.rangeEnd.getTime();
  let earliest = input.rangeStart.getTime();
  if (input.now) earliest = Math.max(earliest, input.now.getTime() + (input.minimumNoticeMinutes ?? 0) * MS_PER_MINUTE);

  const open = mergeMs(input.open.map(toMs));
  const busy = mergeMs(input.busy.map(toMs)); // sorted, disjoint: ends ascend too
  const slots: Date[] = [];
  let b = 0;

  for (const o of open) {
    if (o.start >= rangeEnd) break;
    const anchor = { start: o.start + (input.offsetMinutes ?? 0) * MS_PER_MINUTE, end: o.end };
    let start = firstGridPointAtOrAfter(anchor, step, earliest);
    while (start + length <= o.end && start < rangeEnd) {
      const end = start + length;
      while (b < busy.length && busy[b].end <= start) b++;
      if (b < busy.length && busy[b].start < end) {
        start = firstGridPointAtOrAfter(anchor, step, busy[b].end); // skip the whole busy interval
        continue;
      }
      slots.push(new Date(start));
      start += step;
    }
  }
  return slots;
}

/** The smallest o.start + k·step (k >= 0) that is >= `bound`. */
function firstGridPointAtOrAfter(o: MsInterval, step: number, bound: number): number {
  if (bound <= o.start) return o.start;
  return o.start + Math.ceil((bound - o.start) / step) * step;
}
