import { DataSource } from 'typeorm';
import { badInput, notFound } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { EventTypeRef, findEventType, hostRolesOfEventType, mandatorySplit, OwnerDirectory } from './event-type-lookup';
import { loadHostCalendars } from './host-calendars';
import { InstantError, slotRange } from '../../../platform/slot-range';
import { collectiveSlots, slotsWithMandatoryHosts, TeamSlot } from './team-slots';
import { EventTypeContext, heldReservations, loadEventTypeContext, SeatedBooking } from './event-type-context';
import { firstSlotPerDay } from './event-type-rules';
import { isTimeZone } from './zone-offset';
import { applyRollingWindow } from './rolling-window';
import { slotsOfHosts } from './host-slots';

const DAY = 86_400_000;

/** GET /v2/slots/available: the event type, the range and the zone the answer is written in. */
export interface SlotRequest extends EventTypeRef {
  startTime: string;
  endTime: string;
  /** IANA zone the slots are grouped by day in (default UTC). */
  timeZone?: string | null;
  /** One of the event type's lengthInMinutesOptions (default its length). */
  duration?: number | null;
  /** A booking being rescheduled: its own time is offered (bookingUidToReschedule). */
  bookingUidToReschedule?: string | null;
}

export interface EventTypeSlots {
  eventType: EventType;
  /** The length of the slots (the event type's, or the duration asked for). */
  lengthInMinutes: number;
  timeZone: string;
  slots: TeamSlot[];
  /** Seated event types: the live bookings with a free seat in and around the range (each offered at its own start). */
  joinable: SeatedBooking[];
}

/** The length of the meetings asked for: the event type's, or one of its lengthInMinutesOptions (400 naming `field` otherwise). */
export function lengthOf(eventType: EventType, asked: number | null | undefined, field = 'duration'): number {
  if (asked == null || asked === eventType.lengthInMinutes) return eventType.lengthInMinutes;
  const options = eventType.lengthInMinutesOptions ?? [];
  if (!options.includes(asked)) {
    throw badInput(
      field,
      `${field} must be ${options.length ? `one of ${options.join(', ')}` : eventType.lengthInMinutes} (the lengths event type ${eventType.id} offers), got ${asked}`,
    );
  }
  return asked;
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
  const length = lengthOf(eventType, request.duration);
  const roles = await hostRolesOfEventType(db, eventType);
  const hostIds = roles.map((h) => h.userId);
  const excludeBookingId = await bookingIdOf(db, request.bookingUidToReschedule, eventType.id);
  // slotsForSchedule reads the schedule from local midnight a day before to two days after the range.
  const window = { from: new Date(range.start.getTime() - 2 * DAY), to: new Date(range.end.getTime() + 3 * DAY) };
  const [calendars, context] = await Promise.all([
    loadHostCalendars(db, { hostIds, scheduleId: eventType.scheduleId, ...window, excludeBookingId }, directory),
    loadEventTypeContext(db.manager, eventType, hostIds, { ...window, now, lengthInMinutes: length, excludeBookingId }),
  ]);
  await applyRollingWindow(db, directory, eventType, context, length, now);
  let slots = slotsOfHosts(calendars, context, range, now);
  if (eventType.schedulingType === 'collective') slots = collectiveSlots(slots, new Set(hostIds).size);
  const split = mandatorySplit(eventType, roles);
  if (split) slots = slotsWithMandatoryHosts(slots, split);
  if (eventType.onlyShowFirstAvailableSlot) slots = firstSlotPerDay(slots, timeZone);
  return { eventType, timeZone, lengthInMinutes: length, slots, joinable: context.joinable };
}

/**
 * The id of the booking of this event type a slots request reschedules (its own time is then offered). A uid that
 * names no booking of the event type changes nothing: the slots are the usual ones, as the real service answers
 * (its reschedule-uid spec: unknown, numeric or very long uids are a 200), and a public request learns nothing of
 * other event types' bookings.
 */
async function bookingIdOf(db: DataSource, uid: string | null | undefined, eventTypeId: number): Promise<number | undefined> {
  if (uid == null || uid === '' || uid.length > 255) return undefined;
  const rows: Array<{ id: number }> = await db.query('SELECT id FROM bookings WHERE uid = $1 AND event_type_id = $2', [uid, eventTypeId]);
  return rows[0]?.id;
}

/** Dynamic group slots (`usernames`, at least 2): the times every one of the users is free, `duration` long (default 30). */
export async function groupSlots(
  db: DataSource,
  directory: OwnerDirectory,
  request: { usernames: string; organizationSlug?: string | null; startTime: string; endTime: string; timeZone?: string | null; duration?: number | null },
  now = new Date(),
): Promise<{ timeZone: string; lengthInMinutes: number; slots: TeamSlot[] }> {
  const { range, timeZone } = checkSlotRequest(request);
  const names = [
    ...new Set(
      request.usernames
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length < 2) throw badInput('usernames', 'usernames must name at least 2 users, separated by commas');
  if (names.length > 20) throw badInput('usernames', 'usernames may name at most 20 users');
  const length = request.duration ?? 30;
  if (!Number.isInteger(length) || length < 1 || length > 1440) throw badInput('duration', 'duration must be a whole number of minutes from 1 to 1440');
  const hostIds: number[] = [];
  for (const name of names) {
    const id = await directory.userIdOf(name, request.organizationSlug ?? null);
    if (id == null) throw notFound('User', name);
    hostIds.push(id);
  }
  const window = { from: new Date(range.start.getTime() - 2 * DAY), to: new Date(range.end.getTime() + 3 * DAY) };
  const [calendars, reservations] = await Promise.all([
    loadHostCalendars(db, { hostIds, scheduleId: null, ...window }, directory),
    heldReservations(db.manager, hostIds, window.from, window.to, now),
  ]);
  const context: EventTypeContext = { rules: { lengthInMinutes: length }, counted: [], reservations, joinable: [] };
  const slots = slotsOfHosts(calendars, context, range, now).filter((slot) => slot.freeHostIds.length === hostIds.length);
  return { timeZone, lengthInMinutes: length, slots };
}
