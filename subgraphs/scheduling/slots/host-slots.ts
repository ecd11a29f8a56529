import { earliestStart } from './event-type-rules';
import { EventTypeContext } from './event-type-context';
import { hostBusy } from './host-busy';
import { HostCalendar } from './host-calendars';
import { slotsForSchedule } from './schedule-slots';
import { TeamSlot, teamSlots } from './team-slots';

const DAY = 86_400_000;

/**
 * The slots of an event type whose hosts are loaded: each host's schedule (with overrides) minus the
 * host's accepted and pending bookings and every period whose booking limit is reached, cut into
 * slots of the event type's length; a slot is offered when at least one host is free for it. Slots
 * that start before `now` are not offered.
 */
export function slotsOfHosts(calendars: readonly HostCalendar[], context: EventTypeContext, range: { start: Date; end: Date }, now: Date): TeamSlot[] {
  const { rules } = context;
  const length = rules.lengthInMinutes;
  const padded = { from: new Date(range.start.getTime() - 2 * DAY), to: new Date(range.end.getTime() + 3 * DAY) };
  return teamSlots(
    calendars
      .filter((c) => c.schedule)
      .map((c) => ({
        hostId: c.hostId,
        slots: withJoinableSeats(
          c.hostId,
          context,
          range,
          now,
          slotsForSchedule({
            schedule: c.schedule!,
            busy: hostBusy(c, context, length, padded, now),
            bookingLimits: { limits: c.limits, acceptedBookingStarts: c.acceptedStarts, timeZone: c.timeZone },
            lengthInMinutes: length,
            stepMinutes: rules.slotInterval ?? length,
            offsetMinutes: rules.offsetStart,
            minimumNoticeMinutes: rules.minimumBookingNotice,
            rangeStart: range.start,
            rangeEnd: range.end,
            now,
          }),
        ),
      })),
  );
}

/**
 * Seated event types: a booking with a free seat keeps its own start offered (the host is busy for any
 * other time it covers), when that start is in the range, after the notice and in the booking window.
 */
function withJoinableSeats(hostId: number, context: EventTypeContext, range: { start: Date; end: Date }, now: Date, slots: Date[]): Date[] {
  const mine = context.joinable.filter((b) => b.hostId === hostId);
  if (!mine.length) return slots;
  const earliest = earliestStart(now, context.rules).getTime();
  const extra = mine
    .map((b) => b.start)
    .filter((start) => start.getTime() >= range.start.getTime() && start.getTime() < range.end.getTime() && start.getTime() >= earliest);
  const seen = new Set(slots.map((s) => s.getTime()));
  return [...slots, ...extra.filter((s) => !seen.has(s.getTime()))].sort((a, b) => a.getTime() - b.getTime());
}
