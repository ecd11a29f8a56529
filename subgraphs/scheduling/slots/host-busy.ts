import { EventTypeContext } from './event-type-context';
import { eventTypeLimitPeriods, outsideBookingWindow, withBuffers } from './event-type-rules';
import { HostCalendar } from './host-calendars';
import { Interval } from './interval';

/**
 * When one host cannot start a meeting of the event type, over [from, to): the host's live bookings and
 * the slots others hold, both widened by the event type's buffers; the periods in which the event type's
 * own booking limits are reached (counted in the host's time zone); and the time outside its booking
 * window. (The host's user booking limits are added by `slotsForSchedule`.)
 */
export function hostBusy(calendar: HostCalendar, context: EventTypeContext, lengthInMinutes: number, range: { from: Date; to: Date }, now: Date): Interval[] {
  const held = context.reservations.filter((r) => r.userId === calendar.hostId);
  return [
    ...withBuffers([...calendar.busy, ...held], context.rules),
    ...eventTypeLimitPeriods(context.rules, context.counted, lengthInMinutes, calendar.timeZone, range.from, range.to),
    ...outsideBookingWindow(context.rules.bookingWindow, now, calendar.timeZone, range.from, range.to),
    ...(context.rollingWindowEnd && context.rollingWindowEnd < range.to ? [{ start: context.rollingWindowEnd, end: range.to }] : []),
  ];
}
