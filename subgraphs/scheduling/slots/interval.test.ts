import { clipMs, fromMs, Interval, mergeMs, overlaps, subtractMs, toMs } from './interval';

/** Half-open intervals [start, end): the building blocks of open hours and busy time. */

const at = (hhmm: string) => new Date(`2026-03-02T${hhmm}:00.000Z`);
const iv = (from: string, to: string): Interval => ({ start: at(from), end: at(to) });
const show = (list: Interval[]) => list.map((i) => `${i.start.toISOString().slice(11, 16)}-${i.end.toISOString().slice(11, 16)}`);
// The sweeps work on epoch milliseconds; the cases are written and read as wall-clock intervals.
const mergeIntervals = (list: Interval[]) => mergeMs(list.map(toMs)).map(fromMs);
const subtractIntervals = (from: Interval[], busy: Interval[]) => subtractMs(from.map(toMs), busy.map(toMs)).map(fromMs);
const clipIntervals = (list: Interval[], start: Date, end: Date) => clipMs(list.map(toMs), start.getTime(), end.getTime()).map(fromMs);

describe('overlap: intervals that only touch do not overlap', () => {
  it('09:00–10:00 and 10:00–11:00 touch and do not overlap', () => {
    expect(overlaps(iv('09:00', '10:00'), iv('10:00', '11:00'))).toBe(false);
  });

  it('09:00–10:01 and 10:00–11:00 overlap; containment overlaps', () => {
    expect(overlaps(iv('09:00', '10:01'), iv('10:00', '11:00'))).toBe(true);
    expect(overlaps(iv('09:00', '12:00'), iv('10:00', '11:00'))).toBe(true);
  });

  it('an empty interval overlaps nothing', () => {
    expect(overlaps(iv('10:30', '10:30'), iv('10:00', '11:00'))).toBe(false);
  });
});

describe('merge: sorted, overlapping and touching intervals joined, empty ones dropped', () => {
  it('joins in any input order and leaves gaps alone', () => {
    expect(show(mergeIntervals([iv('13:00', '14:00'), iv('09:00', '10:00'), iv('09:30', '11:00'), iv('11:00', '12:00'), iv('12:30', '12:30')]))).toEqual([
      '09:00-12:00',
      '13:00-14:00',
    ]);
  });

  it('does not change its input', () => {
    const input = [iv('10:00', '11:00'), iv('09:00', '10:30')];
    mergeIntervals(input);
    expect(show(input)).toEqual(['10:00-11:00', '09:00-10:30']);
  });
});

describe('subtract: what is left once busy time is taken out', () => {
  it('cuts holes, trims edges and removes covered intervals', () => {
    const open = [iv('09:00', '12:00'), iv('13:00', '15:00'), iv('16:00', '17:00')];
    const busy = [iv('10:00', '10:30'), iv('11:30', '13:30'), iv('15:30', '18:00'), iv('08:00', '09:15')];
    expect(show(subtractIntervals(open, busy))).toEqual(['09:15-10:00', '10:30-11:30', '13:30-15:00']);
  });

  it('busy time touching an open interval leaves it whole', () => {
    expect(show(subtractIntervals([iv('09:00', '10:00')], [iv('08:00', '09:00'), iv('10:00', '11:00')]))).toEqual(['09:00-10:00']);
  });

  it('nothing busy leaves the (merged) open intervals', () => {
    expect(show(subtractIntervals([iv('09:00', '10:00'), iv('10:00', '11:00')], []))).toEqual(['09:00-11:00']);
  });
});

describe('clip: the parts inside a range', () => {
  it('keeps only what lies in [rangeStart, rangeEnd)', () => {
    expect(show(clipIntervals([iv('08:00', '10:00'), iv('11:00', '12:00'), iv('13:00', '15:00')], at('09:00'), at('14:00')))).toEqual([
      '09:00-10:00',
      '11:00-12:00',
      '13:00-14:00',
    ]);
  });
});
