import { DataSource } from 'typeorm';
import { badInput } from '../../kit/errors';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeRef, findEventType, hostIdsOf, OwnerDirectory } from './event-type-lookup';
import { HostCalendar, loadHostCalendars } from './host-calendars';
import { slotsForSchedule } from './schedule-slots';
import { InstantError, slotRange } from './slot-range';
import { TeamSlot, teamSlots } from './team-slots';
import { isTimeZone } from './zone-offset';

const DAY = 86_400_000;

/** GET /v2/slots/available: the event type, the range and the zone the answer is written in. */
export interface SlotRequest extends EventTypeRef {
  startTime: string;
  endTime: string;
  /** IANA zone the slots are grouped by day in (default UTC). */
  timeZone?: string | null;
}

export interface EventTypeSlots {
  eventType: EventType;
  timeZone: string;
  slots: TeamSlot[];
}

/**
 * The slots of an event type whose hosts are loaded: each host's schedule (with overrides) minus the
 * host's accepted and pending bookings and every period whose booking limit is reached, cut into
 * slots of the event type's length; a slot is offered when at least one host is free for it. Slots
 * that start before `now` are not offered.
 */
export function slotsOfHosts(calendars: readonly HostCalendar[], lengthInMinutes: number, range: { start: Date; end: Date }, now: Date): TeamSlot[] {
  return teamSlots(
    calendars
      .filter((c) => c.schedule)
      .map((c) => ({
        hostId: c.hostId,
        slots: slotsForSchedule({
          schedule: c.schedule!,
          busy: c.busy,
          bookingLimits: { limits: c.limits, acceptedBookingStarts: c.acceptedStarts, timeZone: c.timeZone },
          lengthInMinutes,
          rangeStart: range.start,
          rangeEnd: range.end,
          now,
        }),
      })),
  );
}

/** The range and zone of a request, or a 400 naming the parameter. */
export function checkSlotRequest(request: Pick<SlotRequest, 'startTime' | 'endTime' | 'timeZone'>): { range: { start: Date; end: Date }; timeZone: string } {
  let range: { start: Date; end: Date };
  try {
    range = slotRange(request.startTime, request.endTime);
  } catch (error) {
    if (error instanceof InstantError) throw badInput(error.field, error.message);
    throw error;
  }
  const timeZone = request.timeZone?.trim() || 'UTC';
  if (!isTimeZone(timeZone)) throw badInput('timeZone', `timeZone must be an IANA time zone such as Europe/Rome, got ${JSON.stringify(request.timeZone)}`);
  return { range, timeZone };
}

/** Public: the bookable slots of an event type in [startTime, endTime); one statement per kind of data whatever the number of hosts. */
export async function availableSlots(db: DataSource, directory: OwnerDirectory | null, request: SlotRequest, now = new Date()): Promise<EventTypeSlots> {
  const { range, timeZone } = checkSlotRequest(request);
  const eventType = await findEventType(db, directory, request);
  const hostIds = await hostIdsOf(db, eventType);
  const calendars = await loadHostCalendars(db, {
    hostIds,
    scheduleId: eventType.scheduleId,
    // slotsForSchedule reads the schedule from local midnight a day before to two days after the range.
    from: new Date(range.start.getTime() - 2 * DAY),
    to: new Date(range.end.getTime() + 3 * DAY),
  }, directory);
  return { eventType, timeZone, slots: slotsOfHosts(calendars, eventType.lengthInMinutes, range, now) };
}
