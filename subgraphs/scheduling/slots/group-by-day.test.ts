import { DateTime } from 'luxon';
import { slotsByDay } from './group-by-day';

/** Slots as a booking page lists them: by date in the requested time zone, with that zone's offset. */

const d = (iso: string) => new Date(iso);

describe('days are keyed by the date in the requested time zone', () => {
  it('a slot at 01:00Z on 2026-03-03 is listed under 2026-03-02 for America/New_York', () => {
    expect(slotsByDay([d('2026-03-03T01:00:00Z')], 'America/New_York')).toEqual({ '2026-03-02': [{ start: '2026-03-02T20:00:00.000-05:00' }] });
  });

  it('the same instants fall on other dates in other zones', () => {
    const slots = [d('2026-03-02T20:00:00Z'), d('2026-03-03T01:00:00Z')];
    expect(Object.keys(slotsByDay(slots, 'America/New_York'))).toEqual(['2026-03-02']);
    expect(Object.keys(slotsByDay(slots, 'Asia/Tokyo'))).toEqual(['2026-03-03']);
    expect(Object.keys(slotsByDay(slots, 'Europe/London'))).toEqual(['2026-03-02', '2026-03-03']);
  });
});

describe('start is ISO 8601 with the requested zone’s offset at that instant', () => {
  it('America/New_York across the March switch: -05:00 before, -04:00 after', () => {
    expect(slotsByDay([d('2026-03-07T14:00:00Z'), d('2026-03-08T13:00:00Z')], 'America/New_York')).toEqual({
      '2026-03-07': [{ start: '2026-03-07T09:00:00.000-05:00' }],
      '2026-03-08': [{ start: '2026-03-08T09:00:00.000-04:00' }],
    });
  });

  it('America/New_York across the November switch: both 01:30s of 2026-11-01 are told apart by their offset', () => {
    expect(slotsByDay([d('2026-11-01T05:30:00Z'), d('2026-11-01T06:30:00Z')], 'America/New_York')).toEqual({
      '2026-11-01': [{ start: '2026-11-01T01:30:00.000-04:00' }, { start: '2026-11-01T01:30:00.000-05:00' }],
    });
  });

  it('Asia/Kolkata +05:30 and Australia/Adelaide +10:30 / +09:30', () => {
    expect(slotsByDay([d('2026-03-02T03:30:00Z')], 'Asia/Kolkata')).toEqual({ '2026-03-02': [{ start: '2026-03-02T09:00:00.000+05:30' }] });
    expect(slotsByDay([d('2026-04-03T22:30:00Z'), d('2026-04-05T23:30:00Z')], 'Australia/Adelaide')).toEqual({
      '2026-04-04': [{ start: '2026-04-04T09:00:00.000+10:30' }],
      '2026-04-06': [{ start: '2026-04-06T09:00:00.000+09:30' }],
    });
  });

  it('UTC is written with Z, as luxon writes it', () => {
    expect(slotsByDay([d('2026-03-02T09:00:00Z')], 'UTC')).toEqual({ '2026-03-02': [{ start: '2026-03-02T09:00:00.000Z' }] });
  });

  it('every start reads back as the same instant and matches luxon’s toISO()', () => {
    const zones = ['America/New_York', 'Australia/Adelaide', 'Asia/Kolkata', 'Europe/London', 'Etc/UTC', 'Pacific/Chatham', 'America/St_Johns'];
    const instants = Array.from({ length: 400 }, (_, i) => d('2026-01-01T00:00:00Z').getTime() + i * 22 * 3_600_000 + i * 60_000);
    for (const zone of zones) {
      const days = slotsByDay(
        instants.map((ms) => new Date(ms)),
        zone,
      );
      const starts = Object.values(days)
        .flat()
        .map((s) => s.start);
      expect(starts.map((s) => new Date(s).getTime())).toEqual(instants);
      expect(starts).toEqual(instants.map((ms) => DateTime.fromMillis(ms, { zone }).toISO()));
    }
  });
});

describe('days and slots are in order, without duplicates', () => {
  it('unsorted input gives ascending keys and slots', () => {
    const days = slotsByDay([d('2026-03-04T15:00:00Z'), d('2026-03-02T16:00:00Z'), d('2026-03-02T15:00:00Z'), d('2026-03-02T15:00:00Z')], 'UTC');
    expect(Object.keys(days)).toEqual(['2026-03-02', '2026-03-04']);
    expect(days['2026-03-02'].map((s) => s.start)).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-02T16:00:00.000Z']);
  });

  it('no slots, no days; an unknown zone is refused', () => {
    expect(slotsByDay([], 'UTC')).toEqual({});
    expect(() => slotsByDay([], 'Nowhere/Special')).toThrow(RangeError);
  });
});
