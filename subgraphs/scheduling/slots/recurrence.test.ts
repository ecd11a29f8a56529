import { occurrenceStarts } from './recurrence';
import { rollingWindowEndOf } from './rolling-window';
import { bufferedInterval } from './host-calendars';
import { withBuffers } from './event-type-rules';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('occurrenceStarts: the occurrences of a recurring booking', () => {
  it('weekly, interval 1: the same UTC time every 7 days in UTC', () => {
    expect(iso(occurrenceStarts(new Date('2030-06-03T09:00:00Z'), { frequency: 'weekly', interval: 1 }, 3, 'UTC'))).toEqual([
      '2030-06-03T09:00:00.000Z',
      '2030-06-10T09:00:00.000Z',
      '2030-06-17T09:00:00.000Z',
    ]);
  });

  it('weekly, interval 2, across the end of daylight saving in New York: stays at 09:00 local', () => {
    // 2030-10-28 09:00 EDT = 13:00Z; DST ends 2030-11-03; 2030-11-11 09:00 EST = 14:00Z.
    expect(iso(occurrenceStarts(new Date('2030-10-28T13:00:00Z'), { frequency: 'weekly', interval: 2 }, 2, 'America/New_York'))).toEqual([
      '2030-10-28T13:00:00.000Z',
      '2030-11-11T14:00:00.000Z',
    ]);
  });

  it('monthly from the 31st: months without a 31st are skipped (RRULE), not clamped', () => {
    expect(iso(occurrenceStarts(new Date('2030-01-31T10:00:00Z'), { frequency: 'monthly', interval: 1 }, 3, 'UTC'))).toEqual([
      '2030-01-31T10:00:00.000Z',
      '2030-03-31T10:00:00.000Z',
      '2030-05-31T10:00:00.000Z',
    ]);
  });

  it('yearly, interval 1: same date next year', () => {
    expect(iso(occurrenceStarts(new Date('2030-06-03T09:00:00Z'), { frequency: 'yearly', interval: 1 }, 2, 'Europe/Rome'))).toEqual([
      '2030-06-03T09:00:00.000Z',
      '2031-06-03T09:00:00.000Z',
    ]);
  });

  it('count 1: the first occurrence only', () => {
    expect(occurrenceStarts(new Date('2030-06-03T09:00:00Z'), { frequency: 'weekly', interval: 1 }, 1, 'UTC')).toHaveLength(1);
  });
});

describe('rolling booking window: the N-th date with a free slot ends it', () => {
  // Free slots on Wed 2030-06-05, Sat 06-08, Mon 06-10, Mon 06-10 again, Wed 06-12 (UTC).
  const starts = ['2030-06-05T09:00:00Z', '2030-06-08T09:00:00Z', '2030-06-10T09:00:00Z', '2030-06-10T11:00:00Z', '2030-06-12T09:00:00Z'].map(
    (s) => new Date(s),
  );

  it('calendarDays 3: after the third date that has a slot (two slots on one date count once)', () => {
    expect(rollingWindowEndOf('calendarDays', 3, starts, 'UTC')?.toISOString()).toBe('2030-06-11T00:00:00.000Z');
  });

  it('businessDays 3: the Saturday is not counted', () => {
    expect(rollingWindowEndOf('businessDays', 3, starts, 'UTC')?.toISOString()).toBe('2030-06-13T00:00:00.000Z');
  });

  it('counted in the zone given: local midnight after the date in New York', () => {
    expect(rollingWindowEndOf('calendarDays', 1, starts, 'America/New_York')?.toISOString()).toBe('2030-06-06T04:00:00.000Z');
  });

  it('fewer dates than N: no bound', () => {
    expect(rollingWindowEndOf('calendarDays', 6, starts, 'UTC')).toBeNull();
  });
});

describe("buffers: a booking's own event type buffers, plus those of the event type being booked", () => {
  it('X 11:00–12:00 with before 60 / after 30 keeps 10:00–12:30 busy; Y with before 15 needs 15 more after it', () => {
    const busy = bufferedInterval({ start: new Date('2030-09-02T11:00:00Z'), end: new Date('2030-09-02T12:00:00Z'), ownBuffers: { before: 60, after: 30 } });
    expect([busy.start.toISOString(), busy.end.toISOString()]).toEqual(['2030-09-02T10:00:00.000Z', '2030-09-02T12:30:00.000Z']);
    const [seen] = withBuffers([busy], { beforeEventBuffer: 15, afterEventBuffer: 0 });
    expect(seen.end.toISOString()).toBe('2030-09-02T12:45:00.000Z');
  });
});
