import { occurrenceStarts } from './recurrence';

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
