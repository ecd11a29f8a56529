import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { badInput, conflict, isConstraintViolation, notFound } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { isIanaTimeZone } from '../../kit/time-zones';
import { EventType, EventTypeLocation } from '../event-type/event-type.entity';
import { Attendee } from './attendee.entity';
import { Booking, BookingStatus } from './booking.entity';

export interface NewBooking {
  eventTypeId: number;
  start: Date;
  attendee: { name: string; email: string; timeZone: string; language?: string };
  location?: EventTypeLocation | null;
  metadata?: Record<string, unknown>;
  /** Host for team event types; personal event types are hosted by their owner. */
  hostId?: number;
  status?: BookingStatus;
}

export class BookingService {
  constructor(private readonly db: DataSource) {}

  /** Books a slot; `end` follows from the event type's length. A taken slot is a 409, decided by the database. */
  async create(input: NewBooking): Promise<Booking> {
    if (Number.isNaN(input.start.getTime())) throw badInput('start', 'must be an ISO 8601 UTC timestamp');
    if (!input.attendee?.name?.trim()) throw badInput('attendee.name', 'must not be empty');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.attendee.email ?? '')) throw badInput('attendee.email', 'must be an e-mail address');
    if (!isIanaTimeZone(input.attendee.timeZone)) throw badInput('attendee.timeZone', `"${input.attendee.timeZone}" is not an IANA time zone`);
    const eventType = await this.db.getRepository(EventType).findOneBy({ id: input.eventTypeId });
    if (!eventType) throw notFound('Event type', input.eventTypeId);
    const hostId = input.hostId ?? eventType.ownerId;
    if (hostId == null) throw badInput('eventTypeId', 'a team event type needs a host');
    const end = new Date(input.start.getTime() + eventType.lengthInMinutes * 60_000);
    try {
      return await this.db.transaction(async (tx) => {
        const booking = await tx.save(
          tx.create(Booking, {
            uid: randomUUID(),
            eventTypeId: eventType.id,
            userId: hostId,
            title: `${eventType.title} between host and ${input.attendee.name}`,
            start: input.start,
            end,
            status: input.status ?? BookingStatus.accepted,
            location: input.location ?? eventType.locations[0] ?? null,
            metadata: input.metadata ?? {},
          }),
        );
        await tx.save(tx.create(Attendee, { bookingId: booking.id, language: 'en', ...input.attendee }));
        return booking;
      });
    } catch (error) {
      if (isConstraintViolation(error, 'exclusion')) throw conflict('The slot is already taken: the host has another booking at that time');
      throw error;
    }
  }

  listForHost(userId: number, page: PageArgs): Promise<[Booking[], number]> {
    const { take, skip } = pageWindow(page);
    return this.db.getRepository(Booking).findAndCount({ where: { userId }, order: { start: 'ASC' }, take, skip });
  }

  findByIds(ids: readonly number[]): Promise<Booking[]> {
    return this.db.getRepository(Booking).findBy({ id: In([...ids]) });
  }

  forHosts(userIds: readonly number[]): Promise<Booking[]> {
    return this.db.getRepository(Booking).find({ where: { userId: In([...userIds]) }, order: { start: 'ASC' } });
  }

  attendeesOf(bookingIds: readonly number[]): Promise<Attendee[]> {
    return this.db.getRepository(Attendee).find({ where: { bookingId: In([...bookingIds]) }, order: { id: 'ASC' } });
  }
}
