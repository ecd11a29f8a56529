import { DateTime, IANAZone } from 'luxon';
import { addDays, localDateOf, localTimeToUtc, parseClockTime, parseLocalDate, weekdayOf } from './local-time';
import { zoneOffsetMinutes } from './zone-offset';

/** Wall-clock time in an IANA zone ↔ UTC: what every schedule window and limit period is built on. */

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Adelaide', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Santiago', 'Pacific/Chatham', 'UTC'];

describe('offsets are luxon’s, at every instant', () => {
  it('agree with luxon over 2026 sampled every 7 hours 7 minutes, DST changes included', () => {
    for (const zone of ZONES) {
      const tz = IANAZone.create(zone);
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 427 * 60_000) {
        if (zoneOffsetMinutes(zone, t) !== tz.offset(t)) throw new Error(`${zone} at ${new Date(t).toISOString()}`);
      }
    }
  });

  it('change at the exact millisecond: America/New_York on 2026-03-08 at 07:00Z', () => {
    const change = Date.parse('2026-03-08T07:00:00Z');
    expect(zoneOffsetMinutes('America/New_York', change - 1)).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', change)).toBe(-240);
  });
});

describe('wall-clock times that exist once are the instant luxon’s DateTime.fromObject gives', () => {
  it('every half hour of DST change days and four times a day otherwise, all 2026, apart from the ambiguous ones', () => {
    for (const zone of ZONES) {
      const tz = IANAZone.create(zone);
      for (let day = parseLocalDate('2026-01-01'); day.year === 2026; day = addDays(day, 1)) {
        const noon = Date.UTC(day.year, day.month - 1, day.day, 12);
        const changeDay = tz.offset(noon - 86_400_000) !== tz.offset(noon + 86_400_000);
        for (const minute of changeDay ? Array.from({ length: 48 }, (_, i) => i * 30) : [0, 150, 540, 1410]) {
          const ours = localTimeToUtc(day, minute, zone);
          const theirs = DateTime.fromObject({ ...day, hour: Math.floor(minute / 60), minute: minute % 60 }, { zone });
          const wall = (t: number) => t + tz.offset(t) * 60_000;
          const ambiguous = [30, 60, 120].some((m) => wall(ours + m * 60_000) === wall(ours)); // shown again later
          if (ambiguous) continue; // luxon's pick then depends on today's date
          if (ours !== theirs.toMillis()) throw new Error(`${zone} ${JSON.stringify(day)} +${minute}: ${new Date(ours).toISOString()} vs ${theirs.toISO()}`);
        }
      }
    }
  });
});

describe('nonexistent times use the offset from before the gap; ambiguous ones their first occurrence', () => {
  const at = (date: string, hhmm: string, zone: string) => new Date(localTimeToUtc(parseLocalDate(date), parseClockTime(hhmm), zone)).toISOString();

  it('America/New_York: 02:30 on 2026-03-08 → 07:30Z (03:30 EDT); 01:30 on 2026-11-01 → 05:30Z (01:30 EDT)', () => {
    expect(at('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('Australia/Adelaide: 02:30 on 2026-10-04 → 17:00Z (03:30 ACDT); 02:30 on 2026-04-05 → 16:00Z (02:30 ACDT)', () => {
    expect(at('2026-10-04', '02:30', 'Australia/Adelaide')).toBe('2026-10-03T17:00:00.000Z');
    expect(at('2026-04-05', '02:30', 'Australia/Adelaide')).toBe('2026-04-04T16:00:00.000Z');
  });

  it('Australia/Lord_Howe, whose clocks move by 30 minutes: 02:15 on 2026-10-04 → 02:45 (+11:00)', () => {
    expect(at('2026-10-04', '02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:45:00.000Z');
  });

  it('24:00 is the next day’s midnight', () => {
    expect(at('2026-03-07', '24:00', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
  });
});

describe('calendar dates', () => {
  it('the local date of an instant is read in the zone', () => {
    expect(localDateOf(new Date('2026-03-03T04:30:00Z'), 'America/New_York')).toEqual({ year: 2026, month: 3, day: 2 });
    expect(localDateOf(new Date('2026-03-02T18:30:00Z'), 'Asia/Kolkata')).toEqual({ year: 2026, month: 3, day: 3 });
  });

  it('weekdays and date arithmetic ignore time zones', () => {
    expect(weekdayOf(parseLocalDate('2026-03-08'))).toBe('Sunday');
    expect(addDays(parseLocalDate('2026-02-28'), 1)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(addDays(parseLocalDate('2026-01-01'), -1)).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('malformed dates and times are refused', () => {
    expect(() => parseLocalDate('2026-13-01')).toThrow(RangeError);
    expect(() => parseClockTime('24:30')).toThrow(RangeError);
    expect(() => parseClockTime('7:00')).toThrow(RangeError);
  });
});
