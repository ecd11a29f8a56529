import type { EventType } from '../event-type/event-type.entity';
import type { EventTypeContext } from '../slots/event-type-context';
import type { HostCalendar } from '../slots/host-calendars';
import type { HostRole } from '../event-type/host-roles';

/** Where a booking goes: its time, the hosts it may go to and what decides among them (host-assignment.ts, collective-placement.ts). */
export interface Placement {
  start: Date;
  end: Date;
  /** Every host of the event type with its loaded calendar. */
  calendars: readonly HostCalendar[];
  /** Tried first when free (a reschedule keeps its host when it can). */
  preferredHostId?: number;
  /** The booking being replaced, left out of the limit counts. */
  excludeBookingId?: number;
  now: Date;
  /** The reservation the booker holds (its own hold does not block it). */
  exceptReservationUid?: string | null;
  /** The event type's own rules (buffers, notice, window, its booking limits) and the slots others hold. */
  context?: EventTypeContext;
  /** The event type, when its booking limits must be counted again under its lock. */
  eventType?: EventType;
  /** The event type's hosts with their round-robin roles, when the caller has read them (else placeBooking reads them). */
  hosts?: readonly HostRole[];
}
