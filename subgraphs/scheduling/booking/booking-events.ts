import { EntityManager } from 'typeorm';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from './attendee.entity';
import { BookingEvent, BookingEventType } from './booking-event.entity';
import { Booking } from './booking.entity';
import { locationText } from './booking-location';

/** What a webhook delivery of the change will need, as the booking stood when the change committed. */
export function bookingPayload(booking: Booking, attendees: readonly Attendee[], eventType: Pick<EventType, 'id' | 'slug' | 'title'> | null) {
  return {
    id: booking.id,
    uid: booking.uid,
    title: booking.title,
    description: booking.description,
    status: booking.status,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    eventTypeId: booking.eventTypeId,
    eventType: eventType ? { id: eventType.id, slug: eventType.slug, title: eventType.title } : null,
    hostIds: [booking.userId],
    attendees: attendees.map(({ name, email, timeZone, language }) => ({ name, email, timeZone, language })),
    location: locationText(booking.location),
    metadata: booking.metadata,
    bookingFieldsResponses: booking.bookingFieldsResponses,
    cancellationReason: booking.cancellationReason,
    reschedulingReason: booking.reschedulingReason,
    rescheduledFromUid: booking.rescheduledFromUid,
    rescheduledToUid: booking.rescheduledToUid,
  };
}

/** Writes the domain event of a booking change in the change's own transaction. */
export async function recordBookingEvent(
  tx: EntityManager,
  type: BookingEventType,
  booking: Booking,
  attendees: readonly Attendee[],
  eventType: Pick<EventType, 'id' | 'slug' | 'title'> | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const payload: Record<string, unknown> = { ...bookingPayload(booking, attendees, eventType), ...extra };
  await tx.save(tx.create(BookingEvent, { type, bookingId: booking.id, bookingUid: booking.uid, payload }));
}
