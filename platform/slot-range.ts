/**
 * Instants and ranges as clients write them in query strings and bodies (no I/O).
 *
 * - A timestamp is ISO 8601 with a date and a time: `2030-03-11T13:00:00Z`, `…T09:00:00-04:00`,
 *   `…T13:00Z`, `…T13:00:00.000Z`. Without a zone designator it is read as UTC (the reference: "must
 *   be in UTC timezone").
 * - Where a whole day is meant (a range bound), a bare date `2030-03-11` is accepted too: as a start it
 *   is that day's 00:00 UTC, as an end the day is included (the next day's 00:00 UTC, exclusive).
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export class InstantError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field} ${message}`);
  }
}

function realDate(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** An ISO 8601 timestamp (date and time); throws InstantError naming `field` otherwise. */
export function parseTimestamp(field: string, text: unknown): Date {
  const match = typeof text === 'string' ? TIMESTAMP.exec(text.trim()) : null;
  if (!match) throw new InstantError(field, `must be an ISO 8601 timestamp such as 2030-03-11T13:00:00Z, got ${JSON.stringify(text)}`);
  const [, y, mo, d, h, mi, s = '0', fraction = '0', zone = 'Z'] = match;
  if (!realDate(Number(y), Number(mo), Number(d)) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new InstantError(field, `is not a real date and time: ${JSON.stringify(text)}`);
  }
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(fraction.padEnd(3, '0').slice(0, 3)));
  if (zone.toUpperCase() === 'Z') return new Date(ms);
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  if (offset > 18 * 60) throw new InstantError(field, `has an offset out of range: ${zone}`);
  return new Date(ms - sign * offset * 60_000);
}

/** A range bound: a timestamp, or a bare date (the day's start, or for an end the day included). */
export function parseRangeBound(field: string, text: unknown, bound: 'start' | 'end'): Date {
  const match = typeof text === 'string' ? DATE.exec(text.trim()) : null;
  if (!match) return parseTimestamp(field, text);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!realDate(y, m, d)) throw new InstantError(field, `is not a real date: ${JSON.stringify(text)}`);
  return new Date(Date.UTC(y, m - 1, d + (bound === 'end' ? 1 : 0)));
}

/** The longest range one slots request may cover. */
export const MAX_RANGE_DAYS = 366;

/** [start, end) for a slots request: end after start, at most MAX_RANGE_DAYS long. */
export function slotRange(startTime: unknown, endTime: unknown, names = { start: 'startTime', end: 'endTime' }): { start: Date; end: Date } {
  const start = parseRangeBound(names.start, startTime, 'start');
  const end = parseRangeBound(names.end, endTime, 'end');
  if (end.getTime() <= start.getTime()) throw new InstantError(names.end, `must be after ${names.start}`);
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * 86_400_000) {
    throw new InstantError(names.end, `must be at most ${MAX_RANGE_DAYS} days after ${names.start}`);
  }
  return { start, end };
}
