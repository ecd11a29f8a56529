import { availableSlots } from './available-slots';
import { BookingLimits, limitMessage, limitReachedPeriods, wouldExceedLimits } from './booking-limits';
import { openIntervals } from './open-intervals';

/**
 * Spec 2.17 and §8 "Booking limits rules": perDay, perWeek, perMonth, perYear count accepted bookings in
 * calendar periods of the user's time zone; a reached period is busy; the strictest bound applies; a
 * limit resets at the start of the next period.
 */

const NY = 'America/New_York';
const d = (iso: string) => new Date(iso);
const MARCH = [d('2026-03-01T00:00:00Z'), d('2026-04-05T00:00:00Z')] as const;

function reached(limits: BookingLimits, bookings: string[], from = MARCH[0], to = MARCH[1], zone = NY) {
  return limitReachedPeriods(limits, bookings.map(d), zone, from, to).map((p) => [p.period, p.start.toISOString(), p.end.toISOString()]);
}

/** Hourly slots of a 09:00–17:00 every-day schedule in New York, minus the reached periods, as local 'MM-DD HH'. */
function slotsWithLimits(limits: BookingLimits, bookings: string[], from: string, to: string): string[] {
  const schedule = {
    timeZone: NY,
    availability: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], startTime: '09:00', endTime: '17:00' }],
    overrides: [],
  };
  const [rangeStart, rangeEnd] = [d(from), d(to)];
  const busy = limitReachedPeriods(limits, bookings.map(d), NY, rangeStart, rangeEnd);
  const slots = availableSlots({ open: openIntervals(schedule, rangeStart, rangeEnd), busy, lengthInMinutes: 60, rangeStart, rangeEnd });
  return slots.map((s) => new Intl.DateTimeFormat('en-CA', { timeZone: NY, month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).format(s));
}

describe('perDay: a local day with as many accepted bookings as the bound is busy from midnight to midnight', () => {
  it('two bookings on 2026-03-03 with perDay 2: the whole New York day (05:00Z to 05:00Z) is reached', () => {
    expect(reached({ perDay: 2 }, ['2026-03-03T14:00:00Z', '2026-03-03T16:00:00Z'])).toEqual([['day', '2026-03-03T05:00:00.000Z', '2026-03-04T05:00:00.000Z']]);
  });

  it('fewer bookings than the bound reach nothing', () => {
    expect(reached({ perDay: 2 }, ['2026-03-03T14:00:00Z'])).toEqual([]);
  });

  it('a booking at 23:30 local counts for that local day although it is the next day in UTC', () => {
    // 2026-03-03T04:30Z is 23:30 on 2026-03-02 in New York (EST).
    expect(reached({ perDay: 2 }, ['2026-03-02T15:00:00Z', '2026-03-03T04:30:00Z'])).toEqual([['day', '2026-03-02T05:00:00.000Z', '2026-03-03T05:00:00.000Z']]);
    expect(reached({ perDay: 2 }, ['2026-03-03T15:00:00Z', '2026-03-03T04:30:00Z'])).toEqual([]);
  });

  it('the day of the DST change is 23 hours long', () => {
    expect(reached({ perDay: 1 }, ['2026-03-08T15:00:00Z'])).toEqual([['day', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']]);
  });

  it('the limit resets at the next local midnight: slots on the next day stay', () => {
    expect(slotsWithLimits({ perDay: 1 }, ['2026-03-02T15:00:00Z'], '2026-03-02T05:00:00Z', '2026-03-04T05:00:00Z')).toEqual([
      '03-03, 09',
      '03-03, 10',
      '03-03, 11',
      '03-03, 12',
      '03-03, 13',
      '03-03, 14',
      '03-03, 15',
      '03-03, 16',
    ]);
  });
});

describe('perWeek: weeks run from Monday 00:00 to the next Monday 00:00 in the user time zone', () => {
  it('bookings on Monday 2026-03-02 and Sunday 2026-03-08 share a week; the week ends at 04:00Z after the DST change', () => {
    expect(reached({ perWeek: 2 }, ['2026-03-02T15:00:00Z', '2026-03-08T15:00:00Z'])).toEqual([
      ['week', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ]);
  });

  it('Sunday 2026-03-01 belongs to the week before', () => {
    expect(reached({ perWeek: 2 }, ['2026-03-01T15:00:00Z', '2026-03-02T15:00:00Z'])).toEqual([]);
  });

  it('a reached week hides every slot until the next Monday', () => {
    const slots = slotsWithLimits({ perWeek: 1 }, ['2026-03-04T15:00:00Z'], '2026-03-07T05:00:00Z', '2026-03-10T04:00:00Z');
    expect(slots[0]).toBe('03-09, 09');
    expect(slots).toHaveLength(8);
  });
});

describe('perMonth and perYear: calendar months and years in the user time zone', () => {
  it('perMonth 3 with three bookings in March: 2026-03-01 00:00 EST to 2026-04-01 00:00 EDT', () => {
    const march = ['2026-03-02T15:00:00Z', '2026-03-15T15:00:00Z', '2026-03-31T15:00:00Z'];
    expect(reached({ perMonth: 3 }, march)).toEqual([['month', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']]);
  });

  it('a booking at 21:00 on 31 March local (01:00Z on 1 April) counts for March', () => {
    expect(reached({ perMonth: 1 }, ['2026-04-01T01:00:00Z'], d('2026-04-01T12:00:00Z'), d('2026-04-10T00:00:00Z'))).toEqual([]);
    expect(reached({ perMonth: 1 }, ['2026-04-01T01:00:00Z'])).toEqual([['month', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']]);
  });

  it('perYear 2 with two bookings in 2026: the whole local year is reached, 2027 is not', () => {
    expect(reached({ perYear: 2 }, ['2026-01-05T15:00:00Z', '2026-07-05T15:00:00Z'], d('2026-12-30T00:00:00Z'), d('2027-01-03T00:00:00Z'))).toEqual([
      ['year', '2026-01-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z'],
    ]);
  });
});

describe('a null or missing bound is no limit', () => {
  it('perDay null with perWeek 1: only the week counts', () => {
    expect(reached({ perDay: null, perWeek: 1, perMonth: null }, ['2026-03-03T15:00:00Z'])).toEqual([
      ['week', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ]);
  });

  it('all bounds null or absent: nothing is ever reached', () => {
    expect(reached({ perDay: null, perWeek: null, perMonth: null, perYear: null }, ['2026-03-03T15:00:00Z', '2026-03-03T16:00:00Z'])).toEqual([]);
    expect(reached({}, ['2026-03-03T15:00:00Z'])).toEqual([]);
  });

  it('a bound of 0 blocks every period in the range', () => {
    expect(reached({ perDay: 0 }, [], d('2026-03-02T12:00:00Z'), d('2026-03-03T12:00:00Z'))).toEqual([
      ['day', '2026-03-02T05:00:00.000Z', '2026-03-03T05:00:00.000Z'],
      ['day', '2026-03-03T05:00:00.000Z', '2026-03-04T05:00:00.000Z'],
    ]);
  });
});

describe('when several bounds are set, the strictest applies', () => {
  it('perDay 5 and perWeek 2: two bookings on Monday hide the rest of the week although no day is full', () => {
    const bookings = ['2026-03-02T14:00:00Z', '2026-03-02T15:00:00Z'];
    expect(reached({ perDay: 5, perWeek: 2 }, bookings)).toEqual([['week', '2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z']]);
    expect(slotsWithLimits({ perDay: 5, perWeek: 2 }, bookings, '2026-03-03T05:00:00Z', '2026-03-06T05:00:00Z')).toEqual([]);
  });

  it('perDay 1 and perWeek 10: one booking hides its day only', () => {
    const slots = slotsWithLimits({ perDay: 1, perWeek: 10 }, ['2026-03-03T15:00:00Z'], '2026-03-03T05:00:00Z', '2026-03-05T05:00:00Z');
    expect(slots.every((s) => s.startsWith('03-04'))).toBe(true);
    expect(slots).toHaveLength(8);
  });

  it('reached periods are listed by start, shorter periods first', () => {
    expect(reached({ perDay: 1, perWeek: 1, perMonth: 1, perYear: 1 }, ['2026-03-03T15:00:00Z']).map(([period]) => period)).toEqual([
      'year',
      'month',
      'week',
      'day',
    ]);
  });
});

describe('periods outside the range are not returned; reached ones are returned whole', () => {
  it('a full day before the range is left out, one overlapping the range is whole', () => {
    expect(reached({ perDay: 1 }, ['2026-03-02T15:00:00Z', '2026-03-05T15:00:00Z'], d('2026-03-05T12:00:00Z'), d('2026-03-06T00:00:00Z'))).toEqual([
      ['day', '2026-03-05T05:00:00.000Z', '2026-03-06T05:00:00.000Z'],
    ]);
  });

  it('the period records its limit and count', () => {
    const [period] = limitReachedPeriods({ perDay: 2 }, [d('2026-03-03T14:00:00Z'), d('2026-03-03T15:00:00Z'), d('2026-03-03T16:00:00Z')], NY, ...MARCH);
    expect(period).toMatchObject({ period: 'day', limit: 2, count: 3 });
  });
});

describe('a booking attempt in a reached period is refused, naming the limit', () => {
  const bookings = ['2026-03-02T14:00:00Z', '2026-03-02T15:00:00Z'].map(d);

  it('a third booking on the same local day breaks perDay 2', () => {
    expect(wouldExceedLimits({ perDay: 2 }, bookings, d('2026-03-02T20:00:00Z'), NY)).toEqual({ period: 'day', limit: 2 });
  });

  it('23:30 local on the same day is the same day; the next local day is free again', () => {
    expect(wouldExceedLimits({ perDay: 2 }, bookings, d('2026-03-03T04:30:00Z'), NY)).toEqual({ period: 'day', limit: 2 });
    expect(wouldExceedLimits({ perDay: 2 }, bookings, d('2026-03-03T05:00:00Z'), NY)).toBeNull();
  });

  it('when several limits are broken the shortest period is named; otherwise the one that is', () => {
    expect(wouldExceedLimits({ perDay: 2, perWeek: 2 }, bookings, d('2026-03-02T20:00:00Z'), NY)).toEqual({ period: 'day', limit: 2 });
    expect(wouldExceedLimits({ perDay: 3, perWeek: 2 }, bookings, d('2026-03-04T15:00:00Z'), NY)).toEqual({ period: 'week', limit: 2 });
    expect(wouldExceedLimits({ perMonth: 2 }, bookings, d('2026-03-31T15:00:00Z'), NY)).toEqual({ period: 'month', limit: 2 });
    expect(wouldExceedLimits({ perYear: 2 }, bookings, d('2026-12-31T15:00:00Z'), NY)).toEqual({ period: 'year', limit: 2 });
  });

  it('a null bound is ignored, and the next period is free', () => {
    expect(wouldExceedLimits({ perDay: null, perWeek: 2 }, bookings, d('2026-03-09T15:00:00Z'), NY)).toBeNull();
    expect(wouldExceedLimits({ perDay: null }, bookings, d('2026-03-02T20:00:00Z'), NY)).toBeNull();
  });

  it('the message says which limit', () => {
    expect(limitMessage({ period: 'week', limit: 3 })).toBe('Booking limit reached: 3 per week');
  });
});

describe('a limit period in a time zone with a 30-minute offset', () => {
  it('Asia/Kolkata: the day runs from 18:30Z to 18:30Z', () => {
    expect(reached({ perDay: 1 }, ['2026-03-02T19:00:00Z'], ...MARCH, 'Asia/Kolkata')).toEqual([
      ['day', '2026-03-02T18:30:00.000Z', '2026-03-03T18:30:00.000Z'],
    ]);
  });
});
