import { Info, Zone } from 'luxon';
import { isIanaTimeZone } from '../../../platform/time-zones';

/**
 * The UTC offset of an IANA time zone at an instant, from luxon (which reads the runtime's tz data
 * through Intl), memoised so that slot maths over months of days costs a few lookups per DST period
 * instead of one Intl call (~10 µs) per window edge.
 *
 * The memo is a list of spans per zone in which the offset is known to be constant. A miss asks luxon
 * for the offset at the instant and one day either side; if the three agree the whole two days are one
 * span, otherwise the change instant is found by bisection (to the millisecond). This assumes what
 * every zone's rules satisfy in practice: the offset does not change and change back within one day.
 * The memo only ever returns what luxon would have returned, so the functions using it stay pure.
 */

const MS_PER_DAY = 86_400_000;
const MAX_SPANS_PER_ZONE = 10_000;

interface Span {
  /** First and last millisecond (inclusive) with this offset. */
  first: number;
  last: number;
  offset: number;
}

interface ZoneMemo {
  zone: Zone;
  spans: Span[]; // sorted, disjoint
}

const memos = new Map<string, ZoneMemo>();
const validity = new Map<string, boolean>();

/**
 * True for an IANA time zone name: the same rule as everywhere else in the API (platform/time-zones.ts),
 * which luxon can use too; memoised, as the check builds an Intl formatter.
 */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || !name) return false;
  let valid = validity.get(name);
  if (valid === undefined) {
    valid = isIanaTimeZone(name);
    if (validity.size > 1_000) validity.clear();
    validity.set(name, valid);
  }
  return valid;
}

/** Throws RangeError unless `zone` is an IANA time zone name luxon can use. */
export function assertTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new RangeError(`"${zone}" is not an IANA time zone`);
}

/** True when luxon writes the zone's offset as 'Z' (the fixed UTC zone), not '+00:00'. */
export function isUniversalZone(zone: string): boolean {
  return memoOf(zone).zone.isUniversal;
}

function memoOf(zone: string): ZoneMemo {
  let memo = memos.get(zone);
  if (!memo) {
    assertTimeZone(zone);
    memo = { zone: Info.normalizeZone(zone), spans: [] };
    memos.set(zone, memo);
  }
  return memo;
}

/** Minutes to add to UTC to get the wall-clock time in `zone` at `instant` (epoch ms). */
export function zoneOffsetMinutes(zone: string, instant: number): number {
  const memo = memoOf(zone);
  const { spans } = memo;
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].last < instant) lo = mid + 1;
    else if (spans[mid].first > instant) hi = mid - 1;
    else return spans[mid].offset;
  }
  const span = probe(memo.zone, instant);
  insert(memo, span);
  return span.offset;
}

/** The span of constant offset around `instant`, looking one day either way. */
function probe(zone: Zone, instant: number): Span {
  const offset = zone.offset(instant);
  let first = instant - MS_PER_DAY;
  if (zone.offset(first) !== offset) {
    // offset(first) differs, offset(instant) matches: find the first matching millisecond.
    let [bad, good] = [first, instant];
    while (good - bad > 1) {
      const mid = Math.floor((bad + good) / 2);
      if (zone.offset(mid) === offset) good = mid;
      else bad = mid;
    }
    first = good;
  }
  let last = instant + MS_PER_DAY;
  if (zone.offset(last) !== offset) {
    let [good, bad] = [instant, last];
    while (bad - good > 1) {
      const mid = Math.floor((bad + good) / 2);
      if (zone.offset(mid) === offset) good = mid;
      else bad = mid;
    }
    last = good;
  }
  return { first, last, offset };
}

/** Adds a span, joining it with neighbours of the same offset that overlap or touch it. */
function insert(memo: ZoneMemo, span: Span): void {
  if (memo.spans.length >= MAX_SPANS_PER_ZONE) memo.spans = [];
  const spans = memo.spans;
  let at = 0;
  while (at < spans.length && spans[at].first < span.first) at++;
  spans.splice(at, 0, span);
  // Join with the previous span(s) and the next span(s) while they share the offset and meet.
  let i = at;
  while (i > 0 && spans[i - 1].offset === spans[i].offset && spans[i - 1].last + 1 >= spans[i].first) {
    spans[i - 1].last = Math.max(spans[i - 1].last, spans[i].last);
    spans.splice(i, 1);
    i--;
  }
  while (i + 1 < spans.length && spans[i + 1].offset === spans[i].offset && spans[i].last + 1 >= spans[i + 1].first) {
    spans[i].last = Math.max(spans[i].last, spans[i + 1].last);
    spans.splice(i + 1, 1);
  }
}
