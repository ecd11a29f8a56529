import { DataSource } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeContext, loadEventTypeContext } from './event-type-context';
import { hostIdsOf, OwnerDirectory } from './event-type-lookup';
import { loadHostCalendars } from './host-calendars';
import { addDays, formatLocalDate, LocalDate, localDateOf, localTimeToUtc, weekdayOf } from './local-time';
import { slotsOfHosts } from './host-slots';

const DAY = 86_400_000;

/** How far ahead free days are looked for: a week per day counted plus four weeks (a host open one day a week still fills the window), at most two years. */
export function rollingHorizonDays(value: number): number {
  return Math.min(730, 7 * value + 28);
}

/**
 * The end of a rolling window of `value` days (pure): local midnight (in `zone`) after the `value`-th
 * date, from today on, that has a free slot; for `businessDays` only Monday to Friday count (a free
 * Saturday before the end stays bookable, as in the fixed window). null: fewer such dates exist in the
 * horizon, so the window reaches to its end.
 */
export function rollingWindowEndOf(type: 'businessDays' | 'calendarDays', value: number, slotStarts: readonly Date[], zone: string): Date | null {
  const dates = new Map<string, LocalDate>();
  for (const start of [...slotStarts].sort((a, b) => a.getTime() - b.getTime())) {
    const date = localDateOf(start, zone);
    const weekday = weekdayOf(date);
    if (type === 'businessDays' && (weekday === 'Saturday' || weekday === 'Sunday')) continue;
    dates.set(formatLocalDate(date), date);
    if (dates.size === value) return new Date(localTimeToUtc(addDays(date, 1), 0, zone));
  }
  return null;
}

/**
 * A rolling booking window (`bookingWindow.rolling: true`): the slots of the event type are computed
 * from now over the horizon, and the window ends after the value-th day that has one (in the time zone
 * of the first host); `context.rollingWindowEnd` then bounds slots and bookings. Days that are closed or
 * fully booked are not counted, so the window reaches further as days fill up. No-op otherwise.
 */
export async function applyRollingWindow(
  db: DataSource,
  directory: OwnerDirectory | null,
  eventType: EventType,
  context: EventTypeContext,
  lengthInMinutes: number,
  now: Date,
): Promise<void> {
  const window = eventType.bookingWindow;
  if (!window || window.type === 'range' || !window.rolling) return;
  const hostIds = await hostIdsOf(db, eventType);
  const range = { start: now, end: new Date(now.getTime() + rollingHorizonDays(window.value) * DAY) };
  const around = { from: new Date(range.start.getTime() - 2 * DAY), to: new Date(range.end.getTime() + 3 * DAY) };
  const [calendars, free] = await Promise.all([
    loadHostCalendars(db, { hostIds, scheduleId: eventType.scheduleId, ...around }, directory),
    loadEventTypeContext(db.manager, eventType, hostIds, { ...around, now, lengthInMinutes }),
  ]);
  const slots = slotsOfHosts(calendars, free, range, now);
  const zone = calendars[0]?.timeZone ?? 'UTC';
  context.rollingWindowEnd =
    rollingWindowEndOf(
      window.type,
      window.value,
      slots.map((s) => s.start),
      zone,
    ) ?? undefined;
}
