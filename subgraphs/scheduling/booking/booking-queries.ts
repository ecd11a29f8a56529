import { DataSource, In } from 'typeorm';
import { badInput } from '../../kit/errors';
import { PageArgs, pageWindow } from '../../kit/pagination';
import { InstantError, parseTimestamp } from '../slots/slot-range';
import { Attendee } from './attendee.entity';
import { Booking, BookingStatus } from './booking.entity';
import { bookingNotFound } from './booking-changes';

export type SortOrder = 'asc' | 'desc';

/** The filters and sorts of GET /v2/bookings (spec 4.15); every one optional. */
export interface BookingFilters extends PageArgs {
  status?: BookingStatus[] | null;
  attendeeEmail?: string | null;
  eventTypeId?: number | null;
  /** Bookings that start at or after this instant. */
  afterStart?: string | null;
  /** Bookings that end at or before this instant. */
  beforeEnd?: string | null;
  sortStart?: SortOrder | null;
  sortEnd?: SortOrder | null;
  sortCreated?: SortOrder | null;
}

function instantFilter(field: string, text: string): Date {
  try {
    return parseTimestamp(field, text);
  } catch (error) {
    if (error instanceof InstantError) throw badInput(field, error.message);
    throw error;
  }
}

/** Bookings a host holds, read side. */
export class BookingQueries {
  constructor(private readonly db: DataSource) {}

  private get bookings() {
    return this.db.getRepository(Booking);
  }

  /**
   * The host's bookings matching every filter sent, one page of them and the total. Sorts apply in
   * the order start, end, created (each only when sent), then by id; with none, by start ascending.
   */
  listForHost(userId: number, filters: BookingFilters): Promise<[Booking[], number]> {
    const { take, skip } = pageWindow(filters);
    const query = this.bookings.createQueryBuilder('b').where('b.user_id = :userId', { userId });
    if (filters.status?.length) query.andWhere('b.status IN (:...status)', { status: filters.status });
    if (filters.attendeeEmail?.trim()) {
      query.andWhere('EXISTS (SELECT 1 FROM attendees a WHERE a.booking_id = b.id AND lower(a.email) = lower(:email))', { email: filters.attendeeEmail.trim() });
    }
    if (filters.eventTypeId != null) query.andWhere('b.event_type_id = :eventTypeId', { eventTypeId: filters.eventTypeId });
    if (filters.afterStart) query.andWhere('b.start_time >= :afterStart', { afterStart: instantFilter('afterStart', filters.afterStart) });
    if (filters.beforeEnd) query.andWhere('b.end_time <= :beforeEnd', { beforeEnd: instantFilter('beforeEnd', filters.beforeEnd) });

    const sorts: Array<[string, SortOrder | null | undefined]> = [
      ['b.start_time', filters.sortStart],
      ['b.end_time', filters.sortEnd],
      ['b.created_at', filters.sortCreated],
    ];
    const chosen = sorts.filter((s): s is [string, SortOrder] => !!s[1]);
    for (const [column, order] of chosen.length ? chosen : ([['b.start_time', 'asc']] as Array<[string, SortOrder]>)) {
      query.addOrderBy(column, order === 'desc' ? 'DESC' : 'ASC');
    }
    query.addOrderBy('b.id', 'ASC');
    return query.limit(take).offset(skip).getManyAndCount();
  }

  /** One booking of the host; another host's (or an unknown uid) is not found. */
  async getForHost(uid: string, userId: number): Promise<Booking> {
    const booking = await this.bookings.findOneBy({ uid, userId });
    if (!booking) throw bookingNotFound(uid);
    return booking;
  }

  findByIds(ids: readonly number[]): Promise<Booking[]> {
    return this.bookings.findBy({ id: In([...ids]) });
  }

  forHosts(userIds: readonly number[]): Promise<Booking[]> {
    return this.bookings.find({ where: { userId: In([...userIds]) }, order: { start: 'ASC', id: 'ASC' } });
  }

  attendeesOf(bookingIds: readonly number[]): Promise<Attendee[]> {
    return this.db.getRepository(Attendee).find({ where: { bookingId: In([...bookingIds]) }, order: { id: 'ASC' } });
  }
}
