import { DataSource } from 'typeorm';
import { badInput } from '../../kit/errors';
import { PrivateLinkService } from '../private-link/private-link.service';
import { EventTypeRef, findEventType, hostIdsOf, OwnerDirectory } from '../slots/event-type-lookup';
import { loadHostCalendars } from '../slots/host-calendars';
import { Booking, BookingStatus } from './booking.entity';
import { bookingLocationOf } from './booking-location';
import { checkAttendee, checkGuests, checkMetadata, checkPhoneNumber, instantOf, privateLinkIdOf } from './booking-rules';
import { bookingTitle, insertBooking } from './booking-writes';
import { placeBooking } from './host-assignment';

const DAY = 86_400_000;

/** A public booking request (POST /v2/bookings, both versions once translated). */
export interface BookingRequest extends EventTypeRef {
  /** ISO 8601; `end` follows from the event type's length. */
  start: string;
  attendee: { name?: string; email?: string; timeZone?: string; language?: string | null; phoneNumber?: string | null };
  /** Guests' e-mail addresses. */
  guests?: string[] | null;
  /** `{type, …}` (one of the event type's locations) or a string; default: the event type's first location. */
  location?: unknown;
  metadata?: Record<string, unknown> | null;
  /** Answers to the booking form by field slug; `notes` becomes the description. */
  bookingFieldsResponses?: Record<string, unknown> | null;
  /** Must be the event type's length when sent (event types have one length). */
  lengthInMinutes?: number | null;
  /** The older body's `end`: when sent, start plus the event type's length. */
  end?: string | null;
  /** Book through this private link of the event type: it must be usable, and the booking counts one use. */
  privateLinkId?: string | null;
}

/**
 * Books a slot for an attendee: the request is validated (400 naming the field), the event type found
 * (404), the private link it names, if any, checked (404 unknown, 400 of another event type, 409
 * expired), then a host that is free is booked (409 saying why when none is: outside availability,
 * taken, booking limit reached). The booking, its attendee, the link's use and a BOOKING_CREATED event
 * are one transaction: a booking that is refused uses nothing, and of concurrent bookings through a
 * link's last use exactly one gets it (the link's row is locked; the others get 409 "private link has
 * expired").
 */
export async function createBooking(db: DataSource, directory: OwnerDirectory | null, request: BookingRequest, now = new Date()): Promise<Booking> {
  const start = instantOf('start', request.start);
  const attendee = { ...checkAttendee({ ...request.attendee, language: request.attendee?.language ?? undefined }), phoneNumber: checkPhoneNumber('attendee.phoneNumber', request.attendee?.phoneNumber) };
  const guests = checkGuests(request.guests);
  const metadata = checkMetadata(request.metadata);
  const privateLinkId = privateLinkIdOf(request.privateLinkId);
  const answers = checkMetadata(request.bookingFieldsResponses, 'bookingFieldsResponses');
  const eventType = await findEventType(db, directory, request);
  if (request.lengthInMinutes != null && request.lengthInMinutes !== eventType.lengthInMinutes) {
    throw badInput('lengthInMinutes', `lengthInMinutes must be ${eventType.lengthInMinutes}, the length of event type ${eventType.id}, or be omitted`);
  }
  const location = bookingLocationOf(request.location, eventType.locations);
  if (start.getTime() <= now.getTime()) throw badInput('start', `start must be in the future, got ${start.toISOString()}`);
  const end = new Date(start.getTime() + eventType.lengthInMinutes * 60_000);
  if (request.end != null && instantOf('end', request.end).getTime() !== end.getTime()) {
    throw badInput('end', `end must be ${end.toISOString()} (start plus the event type's ${eventType.lengthInMinutes} minutes), or be omitted`);
  }
  const links = new PrivateLinkService(db);
  if (privateLinkId) await links.checkUsable(eventType.id, privateLinkId, now);

  const hostIds = await hostIdsOf(db, eventType);
  const calendars = await loadHostCalendars(db, { hostIds, scheduleId: eventType.scheduleId, from: new Date(start.getTime() - DAY), to: new Date(end.getTime() + DAY) }, directory);
  const notes = typeof answers.notes === 'string' && answers.notes.trim() ? answers.notes.trim() : null;
  return placeBooking(db, { start, end, calendars, now }, async (tx, hostId) => {
    // After the host's lock, before the insert: a refused insert rolls the use back with it.
    if (privateLinkId) await links.redeem(tx, privateLinkId);
    return insertBooking(
      tx,
      {
        eventType,
        hostId,
        start,
        end,
        title: bookingTitle(eventType, attendee.name),
        description: notes,
        status: BookingStatus.accepted,
        location,
        metadata,
        bookingFieldsResponses: { ...answers, name: attendee.name, email: attendee.email },
        guests,
      },
      [attendee],
    );
  });
}
