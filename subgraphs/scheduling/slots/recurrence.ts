import type { Recurrence } from '../event-type/event-type-settings';
import { LocalDate, localDateOf, localTimeToUtc } from './local-time';

const MINUTE = 60_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The local date `steps` weeks / months / years after `first`, or null when that month has no such day (31st, 29 February). */
function stepFrom(first: LocalDate, frequency: Recurrence['frequency'], steps: number): LocalDate | null {
  if (frequency === 'weekly') {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + 7 * steps));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  const months = frequency === 'monthly' ? steps : 12 * steps;
  const index = first.month - 1 + months;
  const year = first.year + Math.floor(index / 12);
  const month = (index % 12) + 1;
  return first.day <= daysInMonth(year, month) ? { year, month, day: first.day } : null;
}

/**
 * The starts of `count` occurrences of a recurring booking whose first occurrence starts at `start`:
 * every `interval` weeks / months / years at the same wall-clock time in `zone` (the attendee's), so
 * a weekly 09:00 meeting stays at 09:00 across a daylight-saving change. As RFC 5545 (RRULE) does, a
 * month without the first occurrence's day (the 31st, 29 February) is skipped, not clamped.
 */
export function occurrenceStarts(start: Date, recurrence: Pick<Recurrence, 'frequency' | 'interval'>, count: number, zone: string): Date[] {
  const first = localDateOf(start, zone);
  const minuteOfDay = Math.round((start.getTime() - localTimeToUtc(first, 0, zone)) / MINUTE);
  const starts: Date[] = [start];
  for (let step = 1; starts.length < count && step < count * 12; step++) {
    const date = stepFrom(first, recurrence.frequency, step * recurrence.interval);
    if (date) starts.push(new Date(localTimeToUtc(date, minuteOfDay, zone)));
  }
  return starts;
}
