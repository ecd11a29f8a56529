import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from './attendee.entity';
import { BookingEventType } from './booking-event.entity';
import { recordBookingEvent } from './booking-events';
import { Booking, BookingStatus } from './booking.entity';
import { BookingLocation } from './booking-location';
import { AttendeeDetails } from './booking-rules';

/** A booking row as it is about to be written; the uid is made here unless given. */
export interface BookingRow {
  uid?: string;
  eventType: EventType;
  hostId: number;
  start: Date;
  end: Date;
  title: string;
  description: string | null;
  status: BookingStatus;
  location: BookingLocation | null;
  metadata: Record<string, unknown>;
  bookingFieldsResponses: Record<string, unknown>;
  reschedulingReason?: string | null;
  rescheduledFromUid?: string | null;
  /** Guests' e-mail addresses. */
  guests?: string[];
  /** The platform OAuth client the booking is made through (the caller's credential). */
  platformOAuthClientId?: string | null;
  /** The routing form response the booking was made from (reference `routing.responseId`): the hooks link it. */
  routingFormResponseId?: number | null;
  /** The occurrences of one recurring booking share it. */
  recurringBookingUid?: string | null;
}

/** What insertBooking wrote with each booking, so that the answer's resolvers need not read it back. */
const writtenWith = new WeakMap<Booking, { eventType: EventType; attendees: Attendee[] }>();

/** The event type and attendees a booking was inserted with in this process, if it was (see primeWrittenBooking). */
export function writtenBooking(booking: Booking): { eventType: EventType; attendees: Attendee[] } | undefined {
  return writtenWith.get(booking);
}

/** The default title of a booking: the event type's title and the (first) attendee's name. */
export function bookingTitle(eventType: Pick<EventType, 'title'>, attendeeName: string): string {
  return `${eventType.title} with ${attendeeName}`;
}

/**
 * Inserts the booking, its attendees and the domain event in the caller's transaction. A live row
 * that overlaps another live booking of the host is refused by the exclusion constraint (23P01).
 */
export async function insertBooking(
  tx: EntityManager,
  row: BookingRow,
  attendees: ReadonlyArray<AttendeeDetails & { phoneNumber?: string | null }>,
  event: { type: BookingEventType; extra?: Record<string, unknown> } = { type: BookingEventType.created },
): Promise<Booking> {
  const booking = await tx.save(
    tx.create(Booking, {
      uid: row.uid ?? randomUUID(),
      eventTypeId: row.eventType.id,
      userId: row.hostId,
      title: row.title,
      description: row.description,
      start: row.start,
      end: row.end,
      status: row.status,
      location: row.location,
      metadata: row.metadata,
      bookingFieldsResponses: row.bookingFieldsResponses,
      reschedulingReason: row.reschedulingReason ?? null,
      rescheduledFromUid: row.rescheduledFromUid ?? null,
      guests: row.guests ?? [],
      platformOAuthClientId: row.platformOAuthClientId ?? null,
      recurringBookingUid: row.recurringBookingUid ?? null,
    }),
  );
  const saved = await tx.save(attendees.map((a) => tx.create(Attendee, { bookingId: booking.id, ...a })));
  const extra = row.routingFormResponseId != null ? { ...event.extra, routingFormResponseId: row.routingFormResponseId } : event.extra;
  await recordBookingEvent(tx, event.type, booking, saved, row.eventType, extra);
  if (row.eventType instanceof EventType) writtenWith.set(booking, { eventType: row.eventType, attendees: saved });
  return booking;
}
