import { DataSource } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { hostBusyAt } from '../slots/host-calendars';
import { unavailable } from './booking-availability';

const MINUTE = 60_000;
/** Buffers up to a day: hostBusyAt reads rows within a day of the slot, as the full check does. */
const BUFFER_REACH_MINUTES = 1440;

export interface SlotRequest {
  start: Date;
  end: Date;
  now: Date;
  /** The reservation the booker holds: its own hold does not make the slot taken. */
  exceptReservationUid?: string | null;
  /** A series is placed occurrence by occurrence (recurring-booking.ts): never refused here. */
  recurring?: boolean;
}

/**
 * The one host whose calendar alone decides the slot, when the answer "already taken" cannot differ from
 * the full check's (booking-availability.ts `slotProblemOf`, which tests notice and booking window before
 * "taken"): a personal event type with an owner, no seats (a seated slot with a free seat is joined, not
 * taken), no booking window or one-slot-per-day rule, buffers within BUFFER_REACH, and a start that
 * respects the minimum notice. Null: only the full check can tell.
 */
function soleHostOf(eventType: EventType, request: SlotRequest): number | null {
  if (eventType.teamId != null || eventType.ownerId == null || request.recurring) return null;
  if (eventType.seats || eventType.bookingWindow || eventType.onlyShowFirstAvailableSlot) return null;
  if ((eventType.beforeEventBuffer ?? 0) > BUFFER_REACH_MINUTES || (eventType.afterEventBuffer ?? 0) > BUFFER_REACH_MINUTES) return null;
  if (request.start.getTime() < request.now.getTime() + (eventType.minimumBookingNotice ?? 0) * MINUTE) return null;
  return eventType.ownerId;
}

/**
 * A request for a slot that is already taken is refused with the full check's 409 ("already taken")
 * after one statement, before the schedules, limits, out-of-office entries and the calendar busy
 * times (a callback to integrations) are read: at a contended slot almost every request is such a
 * refusal. A slot found free here still goes through the whole check and the host's lock.
 */
export async function refuseIfTaken(db: DataSource, eventType: EventType, request: SlotRequest): Promise<void> {
  const hostId = soleHostOf(eventType, request);
  if (hostId == null) return;
  if (await hostBusyAt(db.manager, hostId, request.start, request.end, eventType, request.now, request.exceptReservationUid)) {
    throw unavailable([{ kind: 'taken' }], request.start, 1);
  }
}
