import { assertTimeZone, isUniversalZone, zoneOffsetMinutes } from './zone-offset';

/** One slot as a booking page shows it. */
export interface DaySlot {
  /**
   * ISO 8601 local time with the requested zone's offset, as luxon's `toISO()` writes it:
   * '2026-03-08T09:00:00.000-04:00', or '…Z' for the zone 'UTC'.
   */
  start: string;
}

/**
 * Slot starts grouped by calendar date in `timeZone`: keys are 'YYYY-MM-DD' in that zone, in
 * ascending order (insertion order of the returned object), each day's slots ascending, duplicates
 * dropped. A slot at 2026-03-03T01:00Z is listed under '2026-03-02' for America/New_York.
 */
export function slotsByDay(slotStarts: readonly Date[], timeZone: string): Record<string, DaySlot[]> {
  assertTimeZone(timeZone);
  const universal = isUniversalZone(timeZone);
  const sorted = slotStarts.map((d) => d.getTime()).sort((a, b) => a - b);
  const suffixes = new Map<number, string>();
  const days: Record<string, DaySlot[]> = {};
  let previous = NaN;
  for (const ms of sorted) {
    if (ms === previous) continue;
    previous = ms;
    const offset = zoneOffsetMinutes(timeZone, ms);
    let suffix = suffixes.get(offset);
    if (suffix === undefined) suffixes.set(offset, (suffix = universal && offset === 0 ? 'Z' : offsetText(offset)));
    const local = new Date(ms + offset * 60_000).toISOString(); // the wall time, written as if UTC
    (days[local.slice(0, 10)] ??= []).push({ start: local.slice(0, 23) + suffix });
  }
  return days;
}

/** '+05:30', '-04:00', '+00:00'. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
