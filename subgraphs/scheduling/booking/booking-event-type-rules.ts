import { DataSource } from 'typeorm';
import { badInput, conflict, notFound } from '../../../platform/errors';
import { ConfirmationPolicy } from '../event-type/event-type-settings';
import { EventType } from '../event-type/event-type.entity';
import { SlotReservation } from '../booking-record/slot-reservation.entity';
import { OwnerDirectory } from '../slots/event-type-lookup';
import { addDays, formatLocalDate, localDateOf, localTimeToUtc } from '../slots/local-time';
import { availableSlots } from '../slots/slots.service';

/**
 * Whether a booking starts pending (confirmationPolicy): `always`, or `time` when it is made with less
 * notice than the threshold (a booking far ahead is accepted at once).
 */
export function needsConfirmation(policy: ConfirmationPolicy | null | undefined, start: Date, now: Date): boolean {
  if (!policy) return false;
  if (policy.type === 'always') return true;
  const threshold = policy.noticeThreshold!;
  const ms = threshold.count * (threshold.unit === 'hours' ? 3_600_000 : 60_000);
  return start.getTime() - now.getTime() < ms;
}

/** The reservation a booking body names: `reservationUid`, or `reservedSlotUid` (the real service's name); the same uid when both are sent. */
export function reservationNamedIn(request: { reservationUid?: string | null; reservedSlotUid?: string | null }): string | null | undefined {
  const { reservationUid, reservedSlotUid } = request;
  if (reservationUid != null && reservedSlotUid != null && reservationUid !== reservedSlotUid) {
    throw badInput('reservedSlotUid', 'reservedSlotUid: must be the reservationUid sent (both name one reservation), or be omitted');
  }
  return reservationUid ?? reservedSlotUid;
}

/**
 * The reservation a booking body names (`reservationUid`), checked: unknown → 404; of another event
 * type or another time → 400; expired → 409. null when none is named.
 */
export async function heldByBooker(
  db: DataSource,
  eventTypeId: number,
  uid: string | null | undefined,
  start: Date,
  end: Date,
  now: Date,
  field = 'reservationUid',
): Promise<SlotReservation | null> {
  if (uid == null) return null;
  const reservation = await db.getRepository(SlotReservation).findOneBy({ uid: String(uid) });
  if (!reservation) throw notFound('Slot reservation', String(uid));
  if (reservation.eventTypeId !== eventTypeId)
    throw badInput(field, `${field}: reservation ${uid} holds a slot of event type ${reservation.eventTypeId}, not of event type ${eventTypeId}`);
  if (reservation.start.getTime() !== start.getTime() || reservation.end.getTime() !== end.getTime()) {
    throw badInput(field, `${field}: reservation ${uid} holds ${reservation.start.toISOString()}–${reservation.end.toISOString()}, not the slot asked for`);
  }
  if (reservation.reservedUntil.getTime() <= now.getTime()) throw conflict(`Slot reservation ${uid} has expired`);
  return reservation;
}

/** onlyShowFirstAvailableSlot: a booking must take the earliest free slot of its day, in the attendee's time zone. */
export async function refuseUnlessFirstSlotOfDay(
  db: DataSource,
  directory: OwnerDirectory | null,
  eventType: EventType,
  start: Date,
  length: number,
  zone: string,
  now: Date,
): Promise<void> {
  const day = localDateOf(start, zone);
  const found = await availableSlots(
    db,
    directory,
    {
      eventTypeId: eventType.id,
      startTime: new Date(localTimeToUtc(day, 0, zone)).toISOString(),
      endTime: new Date(localTimeToUtc(addDays(day, 1), 0, zone)).toISOString(),
      timeZone: zone,
      duration: length,
    },
    now,
  );
  const first = found.slots[0];
  if (first && first.start.getTime() !== start.getTime()) {
    throw conflict(
      `The slot at ${start.toISOString()} is not the first available slot of ${formatLocalDate(day)} (${first.start.toISOString()}): the event type offers one slot per day (onlyShowFirstAvailableSlot)`,
    );
  }
}
