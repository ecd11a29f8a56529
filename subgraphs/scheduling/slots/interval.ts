/**
 * Half-open UTC time intervals [start, end) and the set operations slot maths needs.
 *
 * Every function is pure: inputs are never mutated, new arrays and Date objects are returned.
 * Intervals that touch (a.end == b.start) do NOT overlap: a booking that ends at 10:00 leaves 10:00 free.
 * Empty or inverted intervals (end <= start) are ignored by every operation.
 */
export interface Interval {
  start: Date;
  end: Date;
}

/** A time interval as epoch milliseconds, used inside the sweeps to avoid re-reading Date objects. */
export interface MsInterval {
  start: number;
  end: number;
}

export function toMs(interval: Interval): MsInterval {
  return { start: interval.start.getTime(), end: interval.end.getTime() };
}

export function fromMs(interval: MsInterval): Interval {
  return { start: new Date(interval.start), end: new Date(interval.end) };
}

/** True when the two intervals share at least one instant; touching edges do not count. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime() && !isEmpty(a) && !isEmpty(b);
}

export function isEmpty(interval: Interval): boolean {
  return !(interval.end.getTime() > interval.start.getTime());
}

/** Sorted by start, overlapping or touching ones joined, empty ones dropped (epoch-ms form). O(n log n). */
export function mergeMs(intervals: readonly MsInterval[]): MsInterval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: MsInterval[] = [];
  for (const next of sorted) {
    const last = merged[merged.length - 1];
    if (last && next.start <= last.end) {
      if (next.end > last.end) last.end = next.end;
    } else {
      merged.push({ start: next.start, end: next.end });
    }
  }
  return merged;
}

/**
 * What is left of `from` once every `busy` interval is taken out (epoch-ms form).
 * Both inputs may be unsorted and overlapping; the result is sorted and merged. O((n + m) log(n + m)).
 */
export function subtractMs(from: readonly MsInterval[], busy: readonly MsInterval[]): MsInterval[] {
  const open = mergeMs(from);
  const blocked = mergeMs(busy);
  const result: MsInterval[] = [];
  let j = 0;
  for (const interval of open) {
    let cursor = interval.start;
    while (j < blocked.length && blocked[j].end <= cursor) j++;
    let k = j;
    while (k < blocked.length && blocked[k].start < interval.end) {
      if (blocked[k].start > cursor) result.push({ start: cursor, end: blocked[k].start });
      if (blocked[k].end > cursor) cursor = blocked[k].end;
      if (cursor >= interval.end) break;
      k++;
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end });
  }
  return result;
}

/** The parts of the (merged) intervals that lie within [rangeStart, rangeEnd) (epoch-ms form). */
export function clipMs(intervals: readonly MsInterval[], rangeStart: number, rangeEnd: number): MsInterval[] {
  const result: MsInterval[] = [];
  for (const i of mergeMs(intervals)) {
    const start = Math.max(i.start, rangeStart);
    const end = Math.min(i.end, rangeEnd);
    if (end > start) result.push({ start, end });
  }
  return result;
}
