import { availableSlots } from './available-slots';
import { Interval } from './interval';
import { openIntervals } from './open-intervals';

/** Bookable slot starts: a grid over the open hours, minus busy time, inside the range, after the notice. */

const at = (hhmm: string, day = '2026-03-02') => new Date(`${day}T${hhmm}:00.000Z`);
const iv = (from: string, to: string): Interval => ({ start: at(from), end: at(to) });
const times = (slots: Date[]) => slots.map((d) => d.toISOString().slice(11, 16));
const DAY = { rangeStart: at('00:00'), rangeEnd: at('00:00', '2026-03-03') };

describe('slots are aligned to the start of each open interval and step by stepMinutes', () => {
  it('the step defaults to the length', () => {
    expect(times(availableSlots({ open: [iv('09:00', '11:00')], busy: [], lengthInMinutes: 30, ...DAY }))).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('a shorter step gives overlapping slots', () => {
    expect(times(availableSlots({ open: [iv('09:00', '10:00')], busy: [], lengthInMinutes: 30, stepMinutes: 15, ...DAY }))).toEqual([
      '09:00',
      '09:15',
      '09:30',
    ]);
  });

  it('each open interval has its own grid', () => {
    expect(times(availableSlots({ open: [iv('09:10', '10:10'), iv('13:00', '14:00')], busy: [], lengthInMinutes: 30, ...DAY }))).toEqual([
      '09:10',
      '09:40',
      '13:00',
      '13:30',
    ]);
  });
});

describe('a slot lies wholly inside an open interval', () => {
  it('a 30-minute slot at 10:30 does not fit in 09:00–10:45', () => {
    expect(times(availableSlots({ open: [iv('09:00', '10:45')], busy: [], lengthInMinutes: 30, ...DAY }))).toEqual(['09:00', '09:30', '10:00']);
  });

  it('an open interval shorter than the length has no slot', () => {
    expect(availableSlots({ open: [iv('09:00', '09:20')], busy: [], lengthInMinutes: 30, ...DAY })).toEqual([]);
  });
});

describe('a slot overlapping a busy interval disappears; touching edges are allowed', () => {
  const open = [iv('09:00', '12:00')];

  it('a booking ending at 10:00 leaves the 10:00 slot, one starting at 10:00 leaves the 09:30 slot', () => {
    expect(times(availableSlots({ open, busy: [iv('09:00', '10:00')], lengthInMinutes: 30, ...DAY }))).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(times(availableSlots({ open, busy: [iv('10:00', '11:00')], lengthInMinutes: 30, ...DAY }))).toEqual(['09:00', '09:30', '11:00', '11:30']);
  });

  it('a busy interval off the grid removes every slot it touches, and the grid does not move', () => {
    expect(times(availableSlots({ open, busy: [iv('09:50', '10:40')], lengthInMinutes: 30, ...DAY }))).toEqual(['09:00', '11:00', '11:30']);
  });

  it('busy intervals may come unsorted and overlapping', () => {
    const busy = [iv('11:30', '12:00'), iv('09:10', '09:20'), iv('09:15', '09:40'), iv('10:30', '10:45')];
    expect(times(availableSlots({ open, busy, lengthInMinutes: 30, stepMinutes: 15, ...DAY }))).toEqual(['09:45', '10:00', '10:45', '11:00']);
  });

  it('busy time outside the open hours changes nothing', () => {
    expect(times(availableSlots({ open, busy: [iv('07:00', '09:00'), iv('12:00', '13:00')], lengthInMinutes: 60, ...DAY }))).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
  });
});

describe('the range bounds slot starts: rangeStart <= start < rangeEnd', () => {
  const open = [iv('09:00', '12:00')];

  it('a range starting mid-interval keeps the grid of the open interval', () => {
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, rangeStart: at('10:10'), rangeEnd: at('23:00') }))).toEqual(['10:30', '11:00', '11:30']);
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, rangeStart: at('10:00'), rangeEnd: at('23:00') }))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('a slot starting before rangeEnd may end after it; one starting at rangeEnd is out', () => {
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, rangeStart: at('00:00'), rangeEnd: at('10:45') }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
    ]);
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, rangeStart: at('00:00'), rangeEnd: at('10:30') }))).toEqual(['09:00', '09:30', '10:00']);
  });
});

describe('no slot starts before now + minimum notice', () => {
  const open = [iv('09:00', '12:00')];

  it('now 09:05 with 60 minutes notice: the first slot is 10:30', () => {
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, ...DAY, now: at('09:05'), minimumNoticeMinutes: 60 }))).toEqual([
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('a slot exactly at now + notice is kept', () => {
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 30, ...DAY, now: at('09:00'), minimumNoticeMinutes: 60 }))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('without now, no notice is applied', () => {
    expect(times(availableSlots({ open, busy: [], lengthInMinutes: 60, ...DAY, minimumNoticeMinutes: 600 }))).toEqual(['09:00', '10:00', '11:00']);
  });
});

describe('slots of a schedule follow its wall clock across DST changes', () => {
  const ny = { timeZone: 'America/New_York', availability: [{ days: ['Friday', 'Sunday', 'Monday'], startTime: '09:00', endTime: '17:00' }], overrides: [] };
  const range = { rangeStart: new Date('2026-03-06T00:00:00Z'), rangeEnd: new Date('2026-03-10T00:00:00Z') };

  it('09:00 America/New_York is 14:00Z on Fri 2026-03-06 (EST) and 13:00Z on Sun 03-08 and Mon 03-09 (EDT), 8 one-hour slots a day', () => {
    const slots = availableSlots({ open: openIntervals(ny, range.rangeStart, range.rangeEnd), busy: [], lengthInMinutes: 60, ...range });
    const isos = slots.map((d) => d.toISOString());
    expect(isos.filter((s) => s.startsWith('2026-03-06'))).toHaveLength(8);
    expect(isos.filter((s) => s.startsWith('2026-03-08'))).toHaveLength(8);
    expect(isos[0]).toBe('2026-03-06T14:00:00.000Z');
    expect(isos[8]).toBe('2026-03-08T13:00:00.000Z');
    expect(isos[16]).toBe('2026-03-09T13:00:00.000Z');
  });
});

describe('arguments', () => {
  it('rejects a length or step that is not positive', () => {
    expect(() => availableSlots({ open: [], busy: [], lengthInMinutes: 0, ...DAY })).toThrow(RangeError);
    expect(() => availableSlots({ open: [], busy: [], lengthInMinutes: 30, stepMinutes: -5, ...DAY })).toThrow(RangeError);
  });
});
