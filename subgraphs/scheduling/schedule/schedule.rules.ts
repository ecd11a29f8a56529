import { badInput } from '../../../platform/errors';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { Availability, AvailabilityOverride } from './schedule.entity';

/** Weekday names as schedules spell them (type 2.14). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What a schedule is open for when created without weekly hours: Monday to Friday, 09:00–17:00. */
export const WORKING_HOURS: Availability[] = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day that exists (2024-02-29 does, 2023-02-29 does not). */
export function isCalendarDate(text: unknown): text is string {
  const parts = typeof text === 'string' ? DATE.exec(text) : null;
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function checkName(name: unknown): string {
  if (typeof name !== 'string' || !name.trim()) throw badInput('name', 'name must not be empty');
  if (name.trim().length > 200) throw badInput('name', 'name must be at most 200 characters');
  return name.trim();
}

export function checkTimeZone(timeZone: unknown): string {
  if (!isIanaTimeZone(timeZone)) throw badInput('timeZone', `timeZone "${String(timeZone)}" is not an IANA time zone name (such as Europe/Rome)`);
  return timeZone;
}

/**
 * HH:mm for both ends, start before end (a window does not cross midnight). An override may also have
 * start equal to end (`00:00`–`00:00`): it opens nothing, so it closes its date (see
 * slots/open-intervals.ts); weekly hours may not (a day without hours is simply not listed).
 */
function checkWindow(at: string, window: { startTime: string; endTime: string }, closedAllowed = false): void {
  for (const end of ['startTime', 'endTime'] as const) {
    if (typeof window[end] !== 'string' || !TIME.test(window[end]))
      throw badInput(`${at}.${end}`, `${at}.${end} must be a time HH:mm (00:00 to 23:59), got "${window[end]}"`);
  }
  if (closedAllowed && window.startTime === window.endTime) return;
  if (window.startTime >= window.endTime) {
    const closing = closedAllowed ? ', or equal to it (such as 00:00–00:00) to close the date' : '';
    throw badInput(`${at}.startTime`, `${at}.startTime (${window.startTime}) must be before endTime (${window.endTime})${closing}`);
  }
}

/** Weekly hours: known weekday names, each listed once per entry, HH:mm windows. */
export function checkAvailability(field: string, availability: Availability[]): Availability[] {
  return availability.map((entry, i) => {
    const at = `${field}[${i}]`;
    if (!Array.isArray(entry.days) || entry.days.length === 0) throw badInput(`${at}.days`, `${at}.days must name at least one weekday (Monday … Sunday)`);
    const unknown = entry.days.find((day) => !WEEKDAYS.includes(day));
    if (unknown !== undefined)
      throw badInput(`${at}.days`, `${at}.days: "${unknown}" is not a weekday name (Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday)`);
    const twice = entry.days.find((day, j) => entry.days.indexOf(day) !== j);
    if (twice) throw badInput(`${at}.days`, `${at}.days lists ${twice} twice`);
    checkWindow(at, entry);
    return { days: [...entry.days], startTime: entry.startTime, endTime: entry.endTime };
  });
}

/** Date overrides: real calendar dates, one window per date; start equal to end closes the date. */
export function checkOverrides(field: string, overrides: AvailabilityOverride[]): AvailabilityOverride[] {
  const seen = new Set<string>();
  return overrides.map((override, i) => {
    const at = `${field}[${i}]`;
    if (!isCalendarDate(override.date)) throw badInput(`${at}.date`, `${at}.date must be a calendar date YYYY-MM-DD, got "${override.date}"`);
    if (seen.has(override.date)) throw badInput(`${at}.date`, `${at}.date: ${override.date} has more than one override`);
    seen.add(override.date);
    checkWindow(at, override, true);
    return { date: override.date, startTime: override.startTime, endTime: override.endTime };
  });
}
