import { Interval } from './interval';
import { localTimeToUtc, parseLocalDate } from './local-time';
import { openIntervals, ScheduleHours } from './open-intervals';

/** Spec 2.14: a schedule's weekly availability and date overrides, in its IANA time zone. */

const ALL_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function schedule(timeZone: string, availability: ScheduleHours['availability'], overrides: ScheduleHours['overrides'] = []): ScheduleHours {
  return { timeZone, availability, overrides };
}

function open(s: ScheduleHours, from: string, to: string): Array<[string, string]> {
  return openIntervals(s, new Date(from), new Date(to)).map((i) => [i.start.toISOString(), i.end.toISOString()]);
}

function hours(i: Interval): number {
  return (i.end.getTime() - i.start.getTime()) / 3_600_000;
}

describe('weekly availability is wall-clock time in the schedule time zone', () => {
  const london = schedule('Europe/London', [{ days: ['Wednesday'], startTime: '09:00', endTime: '17:00' }]);

  it('09:00–17:00 Europe/London is 08:00–16:00Z in summer (BST) and 09:00–17:00Z in winter (GMT)', () => {
    expect(open(london, '2026-07-01T00:00:00Z', '2026-07-02T00:00:00Z')).toEqual([['2026-07-01T08:00:00.000Z', '2026-07-01T16:00:00.000Z']]);
    expect(open(london, '2026-01-07T00:00:00Z', '2026-01-08T00:00:00Z')).toEqual([['2026-01-07T09:00:00.000Z', '2026-01-07T17:00:00.000Z']]);
  });

  it('only the named weekdays are open', () => {
    expect(open(london, '2026-07-02T00:00:00Z', '2026-07-07T00:00:00Z')).toEqual([]);
  });

  it('America/New_York, March 2026 switch (Mar 8): 09:00 is 14:00Z in EST (-05:00) before, 13:00Z in EDT (-04:00) after', () => {
    const ny = schedule('America/New_York', [{ days: ALL_WEEK, startTime: '09:00', endTime: '17:00' }]);
    expect(open(ny, '2026-03-06T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([
      ['2026-03-06T14:00:00.000Z', '2026-03-06T22:00:00.000Z'],
      ['2026-03-07T14:00:00.000Z', '2026-03-07T22:00:00.000Z'],
      ['2026-03-08T13:00:00.000Z', '2026-03-08T21:00:00.000Z'], // the switch day: still 8 real hours
      ['2026-03-09T13:00:00.000Z', '2026-03-09T21:00:00.000Z'],
    ]);
  });

  it('America/New_York, November 2026 switch (Nov 1): 09:00 is 13:00Z in EDT before, 14:00Z in EST after', () => {
    const ny = schedule('America/New_York', [{ days: ALL_WEEK, startTime: '09:00', endTime: '17:00' }]);
    expect(open(ny, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([
      ['2026-10-31T13:00:00.000Z', '2026-10-31T21:00:00.000Z'],
      ['2026-11-01T14:00:00.000Z', '2026-11-01T22:00:00.000Z'], // the switch day: still 8 real hours
      ['2026-11-02T14:00:00.000Z', '2026-11-02T22:00:00.000Z'],
    ]);
  });

  it('several windows on one day stay apart; touching ones are merged', () => {
    const split = schedule('UTC', [
      { days: ['Monday'], startTime: '09:00', endTime: '12:00' },
      { days: ['Monday'], startTime: '13:00', endTime: '15:00' },
      { days: ['Monday'], startTime: '15:00', endTime: '16:00' },
    ]);
    expect(open(split, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z')).toEqual([
      ['2026-03-02T09:00:00.000Z', '2026-03-02T12:00:00.000Z'],
      ['2026-03-02T13:00:00.000Z', '2026-03-02T16:00:00.000Z'],
    ]);
  });
});

describe('a window that spans a DST change is as long as the wall clock says', () => {
  const nights = schedule('America/New_York', [{ days: ['Sunday'], startTime: '00:00', endTime: '04:00' }]);

  it('00:00–04:00 on 2026-03-08 (clocks jump 02:00 → 03:00) lasts 3 hours', () => {
    const [window] = openIntervals(nights, new Date('2026-03-08T00:00:00Z'), new Date('2026-03-09T00:00:00Z'));
    expect([window.start.toISOString(), window.end.toISOString()]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T08:00:00.000Z']);
    expect(hours(window)).toBe(3);
  });

  it('00:00–04:00 on 2026-11-01 (clocks fall back 02:00 → 01:00) lasts 5 hours', () => {
    const [window] = openIntervals(nights, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-02T00:00:00Z'));
    expect([window.start.toISOString(), window.end.toISOString()]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T09:00:00.000Z']);
    expect(hours(window)).toBe(5);
  });

  it('a 01:00–03:00 night window crossing 02:00 lasts 1 hour in March and 3 hours in November', () => {
    const crossing = schedule('America/New_York', [{ days: ['Sunday'], startTime: '01:00', endTime: '03:00' }]);
    expect(open(crossing, '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([['2026-03-08T06:00:00.000Z', '2026-03-08T07:00:00.000Z']]);
    expect(open(crossing, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([['2026-11-01T05:00:00.000Z', '2026-11-01T08:00:00.000Z']]);
  });

  it('a 22:00–06:00 window runs past midnight and through the switch: 7 hours into Mar 8, 9 hours into Nov 1', () => {
    const overnight = schedule('America/New_York', [{ days: ['Saturday'], startTime: '22:00', endTime: '06:00' }]);
    expect(open(overnight, '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([['2026-03-08T03:00:00.000Z', '2026-03-08T10:00:00.000Z']]);
    expect(open(overnight, '2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([['2026-11-01T02:00:00.000Z', '2026-11-01T11:00:00.000Z']]);
  });

  it("an endTime of '00:00' after a startTime means until midnight", () => {
    const evening = schedule('UTC', [{ days: ['Monday'], startTime: '18:00', endTime: '00:00' }]);
    expect(open(evening, '2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z')).toEqual([['2026-03-02T18:00:00.000Z', '2026-03-03T00:00:00.000Z']]);
  });
});

describe('nonexistent local times move forward by the gap; ambiguous ones mean their first occurrence', () => {
  it('02:30 on 2026-03-08 in America/New_York does not exist and is read as 03:30 EDT (07:30Z)', () => {
    const late = schedule('America/New_York', [{ days: ['Sunday'], startTime: '02:30', endTime: '05:00' }]);
    expect(open(late, '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([['2026-03-08T07:30:00.000Z', '2026-03-08T09:00:00.000Z']]);
  });

  it('a window lying wholly inside the gap (02:00–03:00) is empty', () => {
    const gap = schedule('America/New_York', [{ days: ['Sunday'], startTime: '02:00', endTime: '03:00' }]);
    expect(open(gap, '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([]);
  });

  it('01:30 on 2026-11-01 in America/New_York happens twice and means the first, 01:30 EDT (05:30Z)', () => {
    const early = schedule('America/New_York', [{ days: ['Sunday'], startTime: '00:00', endTime: '01:30' }]);
    const late = schedule('America/New_York', [{ days: ['Sunday'], startTime: '01:30', endTime: '03:00' }]);
    expect(open(early, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([['2026-11-01T04:00:00.000Z', '2026-11-01T05:30:00.000Z']]);
    expect(open(late, '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([['2026-11-01T05:30:00.000Z', '2026-11-01T08:00:00.000Z']]);
  });

  it('the same rules hold east of Greenwich, where clocks go back in April (Australia/Adelaide)', () => {
    const at = (date: string, minute: number, zone: string) => new Date(localTimeToUtc(parseLocalDate(date), minute, zone)).toISOString();
    expect(at('2026-04-05', 150, 'Australia/Adelaide')).toBe('2026-04-04T16:00:00.000Z'); // first 02:30, ACDT +10:30
    expect(at('2026-10-04', 150, 'Australia/Adelaide')).toBe('2026-10-03T17:00:00.000Z'); // gap: 03:30 ACDT
    expect(at('2026-11-01', 90, 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('2026-03-08', 150, 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('zones with 30-minute offsets', () => {
  it('Asia/Kolkata (+05:30, no DST): 09:00–17:00 is 03:30–11:30Z', () => {
    const kolkata = schedule('Asia/Kolkata', [{ days: ['Monday'], startTime: '09:00', endTime: '17:00' }]);
    expect(open(kolkata, '2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z')).toEqual([['2026-03-02T03:30:00.000Z', '2026-03-02T11:30:00.000Z']]);
  });

  it('Australia/Adelaide, DST ends 2026-04-05: 09:00 is 22:30Z the day before in ACDT (+10:30), 23:30Z in ACST (+09:30)', () => {
    const adelaide = schedule('Australia/Adelaide', [{ days: ['Saturday', 'Monday'], startTime: '09:00', endTime: '17:00' }]);
    expect(open(adelaide, '2026-04-03T00:00:00Z', '2026-04-07T00:00:00Z')).toEqual([
      ['2026-04-03T22:30:00.000Z', '2026-04-04T06:30:00.000Z'],
      ['2026-04-05T23:30:00.000Z', '2026-04-06T07:30:00.000Z'],
    ]);
  });

  it('Australia/Adelaide, DST starts 2026-10-04: 09:00 is 23:30Z the day before in ACST, 22:30Z in ACDT', () => {
    const adelaide = schedule('Australia/Adelaide', [{ days: ['Saturday', 'Monday'], startTime: '09:00', endTime: '17:00' }]);
    expect(open(adelaide, '2026-10-02T00:00:00Z', '2026-10-06T00:00:00Z')).toEqual([
      ['2026-10-02T23:30:00.000Z', '2026-10-03T07:30:00.000Z'],
      ['2026-10-04T22:30:00.000Z', '2026-10-05T06:30:00.000Z'],
    ]);
  });

  it('Australia/Adelaide switch days: 00:00–04:00 lasts 5 hours on 2026-04-05 and 3 hours on 2026-10-04', () => {
    const nights = schedule('Australia/Adelaide', [{ days: ['Sunday'], startTime: '00:00', endTime: '04:00' }]);
    expect(open(nights, '2026-04-04T00:00:00Z', '2026-04-05T12:00:00Z')).toEqual([['2026-04-04T13:30:00.000Z', '2026-04-04T18:30:00.000Z']]);
    expect(open(nights, '2026-10-03T00:00:00Z', '2026-10-04T12:00:00Z')).toEqual([['2026-10-03T14:30:00.000Z', '2026-10-03T17:30:00.000Z']]);
  });
});

describe('a date override replaces that date’s weekly hours', () => {
  const weekdays = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];

  it('the override’s hours are the only hours of its date; other dates keep the weekly hours', () => {
    const s = schedule('America/New_York', weekdays, [{ date: '2026-03-02', startTime: '12:00', endTime: '14:00' }]);
    expect(open(s, '2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z')).toEqual([
      ['2026-03-02T17:00:00.000Z', '2026-03-02T19:00:00.000Z'],
      ['2026-03-03T14:00:00.000Z', '2026-03-03T22:00:00.000Z'],
    ]);
  });

  it('an override opens a date that has no weekly hours, in the schedule time zone', () => {
    const s = schedule('America/New_York', weekdays, [{ date: '2026-03-07', startTime: '10:00', endTime: '11:00' }]);
    expect(open(s, '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([['2026-03-07T15:00:00.000Z', '2026-03-07T16:00:00.000Z']]);
  });

  it('several overrides on one date add up', () => {
    const s = schedule('UTC', weekdays, [
      { date: '2026-03-02', startTime: '08:00', endTime: '09:00' },
      { date: '2026-03-02', startTime: '18:00', endTime: '19:00' },
    ]);
    expect(open(s, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z')).toEqual([
      ['2026-03-02T08:00:00.000Z', '2026-03-02T09:00:00.000Z'],
      ['2026-03-02T18:00:00.000Z', '2026-03-02T19:00:00.000Z'],
    ]);
  });

  it('an override also replaces the part of the previous evening’s night window that falls on its date', () => {
    const s = schedule('UTC', [{ days: ['Sunday'], startTime: '22:00', endTime: '02:00' }], [{ date: '2026-03-02', startTime: '09:00', endTime: '10:00' }]);
    expect(open(s, '2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z')).toEqual([
      ['2026-03-01T22:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      ['2026-03-02T09:00:00.000Z', '2026-03-02T10:00:00.000Z'],
    ]);
  });
});

describe('an override with startTime == endTime closes its date', () => {
  const weekdays = [{ days: ['Monday', 'Tuesday'], startTime: '09:00', endTime: '17:00' }];

  it("'00:00'–'00:00' closes the date", () => {
    const s = schedule('Europe/Berlin', weekdays, [{ date: '2026-03-02', startTime: '00:00', endTime: '00:00' }]);
    expect(open(s, '2026-03-01T00:00:00Z', '2026-03-04T00:00:00Z')).toEqual([['2026-03-03T08:00:00.000Z', '2026-03-03T16:00:00.000Z']]);
  });

  it('any equal pair, e.g. 10:00–10:00, closes it too', () => {
    const s = schedule('Europe/Berlin', weekdays, [{ date: '2026-03-03', startTime: '10:00', endTime: '10:00' }]);
    expect(open(s, '2026-03-01T00:00:00Z', '2026-03-04T00:00:00Z')).toEqual([['2026-03-02T08:00:00.000Z', '2026-03-02T16:00:00.000Z']]);
  });
});

describe('the result', () => {
  const always = schedule('UTC', [{ days: ALL_WEEK, startTime: '00:00', endTime: '24:00' }]);

  it('is clipped to the range, sorted and merged across midnight', () => {
    expect(open(always, '2026-03-02T10:15:00Z', '2026-03-05T08:00:00Z')).toEqual([['2026-03-02T10:15:00.000Z', '2026-03-05T08:00:00.000Z']]);
  });

  it('is empty for an empty or inverted range', () => {
    expect(open(always, '2026-03-02T10:00:00Z', '2026-03-02T10:00:00Z')).toEqual([]);
    expect(open(always, '2026-03-03T10:00:00Z', '2026-03-02T10:00:00Z')).toEqual([]);
  });

  it('a year of a weekly schedule has one window per open day', () => {
    const ny = schedule('America/New_York', [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }]);
    const year = openIntervals(ny, new Date('2026-01-01T05:00:00Z'), new Date('2027-01-01T05:00:00Z'));
    expect(year).toHaveLength(261);
    expect(year.every((w) => hours(w) === 8)).toBe(true);
  });

  it('rejects an unknown time zone, weekday name or malformed time', () => {
    const range = [new Date('2026-03-02T00:00:00Z'), new Date('2026-03-03T00:00:00Z')] as const;
    expect(() => openIntervals(schedule('Mars/Olympus', []), ...range)).toThrow(RangeError);
    expect(() => openIntervals(schedule('UTC', [{ days: ['Funday'], startTime: '09:00', endTime: '10:00' }]), ...range)).toThrow(/weekday/);
    expect(() => openIntervals(schedule('UTC', [{ days: ['Monday'], startTime: '9:00', endTime: '10:00' }]), ...range)).toThrow(/HH:mm/);
    expect(() => openIntervals(schedule('UTC', [], [{ date: '2026-02-30', startTime: '09:00', endTime: '10:00' }]), ...range)).toThrow(/YYYY-MM-DD/);
  });
});
