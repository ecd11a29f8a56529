import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound, unprocessable } from '../../../platform/errors';
import { recordKeyedWrite } from '../../../platform/keyed-writes';
import { SLOT_TAKEN } from '../booking/booking-availability';
import { placeBooking } from '../booking/host-assignment';
import { instantOf } from '../booking-record/booking-rules';
import { refuseIfTaken } from '../booking/taken-slot';
import { EventType } from '../event-type/event-type.entity';
import { loadEventTypeContext } from '../slots/event-type-context';
import { hostsToPlace } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { lengthOf } from '../slots/slots.service';
import { DEFAULT_RESERVATION_MINUTES, ReservationCaller, reservationMinutesOf, reservedUntilOf } from './slot-reservation.rules';
import { SlotReservation } from '../booking-record/slot-reservation.entity';

const DAY = 86_400_000;

/** The real service's answer to a reservation over a held or booked slot (422; its user-event-type-slots e2e spec). */
const SLOT_TAKEN_MESSAGE = 'This time slot is already reserved by another user. Please choose a different time.';

/** Who is reserving, given the event type (see ReservationCaller). */
export type CallerOf = (eventType: EventType) => Promise<ReservationCaller>;

/** A slot another reservation or a booking holds is a 422 for a reservation (a booking of it stays a 409). */
function takenIsUnprocessable(error: unknown): never {
  if ((error as { extensions?: { reason?: string } }).extensions?.reason === SLOT_TAKEN) throw unprocessable(SLOT_TAKEN_MESSAGE);
  throw error;
}

/** Body of POST and PATCH /v2/slots/reservations (ReserveSlotInput_2024_09_04). */
export interface ReserveSlotRequest {
  eventTypeId: number;
  slotStart: string;
  slotDuration?: number | null;
  reservationDuration?: number | null;
}

/**
 * Slot reservations: a held slot is busy for everyone but its holder (who books it with
 * `reservationUid`) until it expires or is deleted. A reservation is placed like a booking — the
 * host's availability, the event type's rules, and under the host's lock the host's bookings and
 * other holds — so of two reservations (or a reservation and a booking) of one slot exactly one wins.
 */
export class SlotReservationService {
  constructor(private readonly db: DataSource) {}

  async reserve(request: ReserveSlotRequest, callerOf: CallerOf, now = new Date()): Promise<SlotReservation> {
    return this.place(request, callerOf, now, randomUUID());
  }

  /** Moves or extends a reservation (PATCH): the same checks, its own hold left out. */
  async update(uid: string, request: ReserveSlotRequest, callerOf: CallerOf, now = new Date()): Promise<SlotReservation> {
    await this.get(uid);
    return this.place(request, callerOf, now, uid, uid);
  }

  async get(uid: string): Promise<SlotReservation> {
    const reservation = await this.db.getRepository(SlotReservation).findOneBy({ uid });
    if (!reservation) throw notFound('Slot reservation', uid);
    return reservation;
  }

  /** Frees the slot; answers the reservation as it was. */
  async delete(uid: string): Promise<SlotReservation> {
    const reservation = await this.get(uid);
    await this.db.getRepository(SlotReservation).delete({ uid });
    return reservation;
  }

  private async place(request: ReserveSlotRequest, callerOf: CallerOf, now: Date, uid: string, replacing?: string): Promise<SlotReservation> {
    const start = instantOf('slotStart', request.slotStart);
    const eventType = await this.db.getRepository(EventType).findOneBy({ id: request.eventTypeId });
    if (!eventType) throw notFound('Event type', request.eventTypeId);
    // Who the caller is matters only when they ask for a duration (it may read the owner's teams).
    const asked = request.reservationDuration;
    const minutes = asked == null ? DEFAULT_RESERVATION_MINUTES : reservationMinutesOf(asked, await callerOf(eventType));
    const length = lengthOf(eventType, request.slotDuration, 'slotDuration');
    if (start.getTime() <= now.getTime()) throw badInput('slotStart', `slotStart must be in the future, got ${start.toISOString()}`);
    const end = new Date(start.getTime() + length * 60_000);
    await refuseIfTaken(this.db, eventType, { start, end, now, exceptReservationUid: replacing }).catch(takenIsUnprocessable);
    const hosts = await hostsToPlace(this.db, eventType, 'reserved');
    const hostIds = hosts.map((h) => h.userId);
    const window = { from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) };
    const [calendars, context] = await Promise.all([
      loadHostCalendars(this.db, { hostIds, scheduleId: eventType.scheduleId, ...window }),
      loadEventTypeContext(this.db.manager, eventType, hostIds, { ...window, now, lengthInMinutes: length, exceptReservationUid: replacing }),
    ]);
    return placeBooking(
      this.db,
      { start, end, calendars, hosts, now, context, eventType, exceptReservationUid: replacing },
      async (tx: EntityManager, hostId) => {
        if (replacing) await tx.delete(SlotReservation, { uid: replacing });
        else await recordKeyedWrite(tx, { reservationUid: uid });
        return tx.save(
          tx.create(SlotReservation, {
            uid,
            eventTypeId: eventType.id,
            userId: hostId,
            start,
            end,
            reservedUntil: reservedUntilOf(now, minutes),
            reservationDuration: minutes,
          }),
        );
      },
    ).catch(takenIsUnprocessable);
  }
}
