import { zoneOffsetMinutes } from './zone-offset';

/**
 * Wall-clock time in an IANA time zone, turned into UTC instants, with fixed rules for the two
 * daylight-saving edge cases (the same rules as RFC 5545 §3.3.5 and JavaScript Temporal's
 * `disambiguation: 'compatible'`):
 *
 * - A NONEXISTENT local time (inside the spring-forward gap, e.g. 02:30 on 2026-03-08 in
 *   America/New_York) is read with the offset in force BEFORE the gap, i.e. it moves forward by the
 *   length of the gap: 02:30 → 03:30 EDT (07:30Z).
 * - An AMBIGUOUS local time (inside the fall-back overlap, e.g. 01:30 on 2026-11-01 in
 *   America/New_York) means its FIRST occurrence: 01:30 EDT (05:30Z), not 01:30 EST (06:30Z).
 *
 * Offsets come from luxon's zone data (see zone-offset.ts). For every other wall time the answer is
 * the one `DateTime.fromObject({…}, { zone })` gives (the tests check this), but luxon's own pick for an
 * AMBIGUOUS time depends on the zone's offset at the moment the code runs, so it is not deterministic
 * over the year and is not used directly.
 */

/** A calendar date with no time zone (month 1–12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

/** Weekday names as schedules spell them, indexed like Date#getUTCDay (0 = Sunday). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** Parses 'YYYY-MM-DD' (a real calendar date) or throws RangeError. */
export function parseLocalDate(text: string): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new RangeError(`"${text}" is not a YYYY-MM-DD date`);
}

export function formatLocalDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The calendar date `days` later (or earlier when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / MS_PER_DAY);
}

export function weekdayOf(date: LocalDate): WeekdayName {
  return WEEKDAY_NAMES[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
}

/** Weekday name, any letter case, to its canonical spelling; throws RangeError on anything else. */
export function parseWeekday(name: string): WeekdayName {
  const found = WEEKDAY_NAMES.find((w) => w.toLowerCase() === String(name).toLowerCase());
  if (!found) throw new RangeError(`"${name}" is not a weekday name (Monday … Sunday)`);
  return found;
}

/**
 * 'HH:mm' to minutes after midnight. Accepts 00:00–23:59 and '24:00' (the end of the day, 1440).
 * Throws RangeError on anything else.
 */
export function parseClockTime(text: string): number {
  if (text === '24:00') return MINUTES_PER_DAY;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new RangeError(`"${text}" is not an HH:mm time`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The calendar date an instant falls on in `zone`. */
export function localDateOf(instant: Date | number, zone: string): LocalDate {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const local = new Date(ms + zoneOffsetMinutes(zone, ms) * MS_PER_MINUTE);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * The UTC instant (epoch ms) at which the wall clock in `zone` shows `minuteOfDay` minutes after the
 * midnight that starts `date`. `minuteOfDay` may be 1440 or more: 1440 is the next day's 00:00.
 * Nonexistent and ambiguous wall times follow the rules at the top of this file.
 */
export function localTimeToUtc(date: LocalDate, minuteOfDay: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MS_PER_MINUTE;
  if (!Number.isFinite(wall)) throw new RangeError(`${formatLocalDate(date)} +${minuteOfDay}min is not a time`);
  // The wall time read with the offset in force a day before and a day after: one instant when no
  // offset change is near; with a change in between, two (ambiguous), one, or none (nonexistent).
  const offsetBefore = zoneOffsetMinutes(zone, wall - MS_PER_DAY);
  const offsetAfter = zoneOffsetMinutes(zone, wall + MS_PER_DAY);
  const early = wall - offsetBefore * MS_PER_MINUTE;
  if (zoneOffsetMinutes(zone, early) === offsetBefore) {
    if (offsetAfter === offsetBefore) return early;
    const late = wall - offsetAfter * MS_PER_MINUTE;
    return zoneOffsetMinutes(zone, late) === offsetAfter ? Math.min(early, late) : early; // ambiguous → first
  }
  const late = wall - offsetAfter * MS_PER_MINUTE;
  if (zoneOffsetMinutes(zone, late) === offsetAfter) return late;
  return early; // nonexistent → offset from before the gap
}
