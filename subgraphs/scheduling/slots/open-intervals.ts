import type { Schedule } from '../schedule/schedule.entity';
import { clipMs, fromMs, Interval, mergeMs, MsInterval, subtractMs } from './interval';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  LocalDate,
  localDateOf,
  localTimeToUtc,
  MINUTES_PER_DAY,
  parseClockTime,
  parseLocalDate,
  parseWeekday,
  WeekdayName,
  weekdayOf,
} from './local-time';
import { assertTimeZone } from './zone-offset';

/** The parts of a schedule (type 2.14) that say when it is open. */
export type ScheduleHours = Pick<Schedule, 'timeZone' | 'availability' | 'overrides'>;

/**
 * The UTC intervals in which `schedule` is open within [rangeStart, rangeEnd): sorted, merged
 * (touching windows are joined, so 09:00–12:00 and 12:00–17:00 give one 09:00–17:00 interval),
 * and clipped to the range.
 *
 * Conventions:
 * - Weekly availability and overrides are wall-clock times in `schedule.timeZone`. Each window is
 *   turned into UTC per calendar date, so a window that spans a DST change is as long as the wall
 *   clock says it is in real time (00:00–04:00 in America/New_York on 2026-03-08 lasts 3 hours, on
 *   2026-11-01 it lasts 5), and 09:00–17:00 is 8 hours on either side of the change.
 * - Nonexistent local times (spring-forward gap) are read with the offset from before the gap, so they
 *   move later by the gap length (02:30 → 03:30); ambiguous ones (fall-back overlap) mean their first
 *   occurrence. See local-time.ts.
 * - A window with startTime == endTime is empty. An endTime earlier than the startTime runs past
 *   midnight into the next calendar day (so '22:00'–'02:00' is a night window and '09:00'–'00:00'
 *   lasts until midnight); '24:00' is also accepted as an endTime meaning midnight at the end of the day.
 * - An override REPLACES the weekly hours of its whole local date (from that date's 00:00 to the next
 *   day's 00:00, including the tail of a previous day's night window). Several overrides on one date
 *   add up. An override with startTime == endTime (e.g. '00:00'–'00:00') opens nothing, so it CLOSES
 *   that date.
 * - Malformed times, dates, weekday names or time zones throw RangeError.
 */
export function openIntervals(schedule: ScheduleHours, rangeStart: Date, rangeEnd: Date): Interval[] {
  return openIntervalsMs(schedule, rangeStart.getTime(), rangeEnd.getTime()).map(fromMs);
}

/** `openIntervals` with epoch milliseconds in and out. */
export function openIntervalsMs(schedule: ScheduleHours, rangeStart: number, rangeEnd: number): MsInterval[] {
  const zone = schedule.timeZone;
  assertTimeZone(zone);
  if (!(rangeEnd > rangeStart)) return [];

  const weekly = weeklyWindows(schedule.availability ?? []);
  const overrides = overrideWindows(schedule.overrides ?? []);

  // Local dates whose windows can reach into the range: the day before the first one (a night window
  // may run past midnight) up to the last one.
  const firstDate = addDays(localDateOf(rangeStart, zone), -1);
  const lastDate = localDateOf(rangeEnd, zone);
  const dayCount = daysBetween(firstDate, lastDate) + 1;

  const fromWeekly: MsInterval[] = [];
  const replacedDays: MsInterval[] = [];
  const fromOverrides: MsInterval[] = [];
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(firstDate, i);
    const override = overrides.get(formatLocalDate(date));
    if (override) {
      replacedDays.push(windowOn(date, { start: 0, end: MINUTES_PER_DAY }, zone));
      for (const w of override) fromOverrides.push(windowOn(date, w, zone));
    } else {
      for (const w of weekly.get(weekdayOf(date)) ?? []) fromWeekly.push(windowOn(date, w, zone));
    }
  }

  const open = subtractMs(fromWeekly, replacedDays).concat(fromOverrides);
  return clipMs(mergeMs(open), rangeStart, rangeEnd);
}

/** A window of wall-clock minutes on one date: end > start; end may pass 1440 (into the next day). */
interface ClockWindow {
  start: number;
  end: number;
}

function clockWindow(startTime: string, endTime: string): ClockWindow | null {
  const start = parseClockTime(startTime);
  let end = parseClockTime(endTime);
  if (start === MINUTES_PER_DAY) throw new RangeError('startTime cannot be 24:00');
  if (end === start) return null; // empty (for an override: the date is closed)
  if (end < start) end += MINUTES_PER_DAY; // runs past midnight
  return { start, end };
}

function weeklyWindows(availability: ScheduleHours['availability']): Map<WeekdayName, ClockWindow[]> {
  const byDay = new Map<WeekdayName, ClockWindow[]>();
  for (const a of availability) {
    const window = clockWindow(a.startTime, a.endTime);
    for (const name of a.days) {
      const day = parseWeekday(name);
      if (!window) continue;
      byDay.set(day, [...(byDay.get(day) ?? []), window]);
    }
  }
  return byDay;
}

/** 'YYYY-MM-DD' → that date's windows (an empty list for a closed date). */
function overrideWindows(overrides: ScheduleHours['overrides']): Map<string, ClockWindow[]> {
  const byDate = new Map<string, ClockWindow[]>();
  for (const o of overrides) {
    const key = formatLocalDate(parseLocalDate(o.date));
    const window = clockWindow(o.startTime, o.endTime);
    const list = byDate.get(key) ?? [];
    if (window) list.push(window);
    byDate.set(key, list);
  }
  return byDate;
}

function windowOn(date: LocalDate, window: ClockWindow, zone: string): MsInterval {
  return { start: localTimeToUtc(date, window.start, zone), end: localTimeToUtc(date, window.end, zone) };
}
