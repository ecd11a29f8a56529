import { DataSource } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../../platform/errors';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { BookingLocation } from '../booking-record/booking-location';
import { BookingQueries } from './booking-queries';
import { checkAttendee, checkMetadata } from '../booking-record/booking-rules';
import { bookingTitle, insertBooking } from './booking-writes';

export { createBooking } from './booking-creation';
export { cancelBooking, rescheduleBooking } from './booking-changes';

/** A booking as an operator records it (seed, imports, test fixtures): a given host and time. */
export interface NewBooking {
  eventTypeId: number;
  start: Date;
  attendee: { name: string; email: string; timeZone: string; language?: string };
  location?: BookingLocation | null;
  metadata?: Record<string, unknown>;
  /** Host for team event types; personal event types are hosted by their owner. */
  hostId?: number;
  status?: BookingStatus;
}

/**
 * Bookings outside the public booking flow, and the reads the loaders batch. Public bookings go
 * through `createBooking` (availability, limits, host choice); an operator's record keeps only what
 * the database itself enforces: no double booking (409) and a BOOKING_CREATED event.
 */
export class BookingService {
  constructor(private readonly db: DataSource) {}

  async create(input: NewBooking): Promise<Booking> {
    if (Number.isNaN(input.start.getTime())) throw badInput('start', 'start must be an ISO 8601 UTC timestamp');
    const attendee = checkAttendee(input.attendee);
    const eventType = await this.db.getRepository(EventType).findOneBy({ id: input.eventTypeId });
    if (!eventType) throw notFound('Event type', input.eventTypeId);
    const hostId = input.hostId ?? eventType.ownerId;
    if (hostId == null) throw badInput('hostId', 'hostId: a team event type needs a host');
    const end = new Date(input.start.getTime() + eventType.lengthInMinutes * 60_000);
    try {
      return await this.db.transaction((tx) =>
        insertBooking(
          tx,
          {
            eventType,
            hostId,
            start: input.start,
            end,
            title: bookingTitle(eventType, attendee.name),
            description: null,
            status: input.status ?? BookingStatus.accepted,
            location: input.location ?? (eventType.locations[0] ? { type: eventType.locations[0].type } : null),
            metadata: checkMetadata(input.metadata),
            bookingFieldsResponses: { name: attendee.name, email: attendee.email },
          },
          [attendee],
        ),
      );
    } catch (error) {
      if (isConstraintViolation(error, 'exclusion'))
        throw conflict(`The slot at ${input.start.toISOString()} is already taken: the host has another booking at that time`);
      throw error;
    }
  }

  findByIds(ids: readonly number[]): Promise<Booking[]> {
    return new BookingQueries(this.db).findByIds(ids);
  }

  forHosts(userIds: readonly number[]): Promise<Booking[]> {
    return new BookingQueries(this.db).forHosts(userIds);
  }

  attendeesOf(bookingIds: readonly number[]): Promise<Attendee[]> {
    return new BookingQueries(this.db).attendeesOf(bookingIds);
  }
}
