import { leanFindBy } from '../../../platform/lean-reads';
import { Brackets, DataSource } from 'typeorm';
import { badInput } from '../../../platform/errors';
import { PageArgs, pageWindow } from '../../../platform/pagination';
import { InstantError, parseTimestamp } from '../../../platform/slot-range';
import { EventType } from '../event-type/event-type.entity';
import { Attendee } from '../booking-record/attendee.entity';
import { Booking, BookingStatus } from '../booking-record/booking.entity';
import { BookingStatusFilter } from './booking.inputs';
import { bookingNotFound } from './booking-changes';
import { asSeries } from './recurring-booking';

export type SortOrder = 'asc' | 'desc';

/**
 * Status values of GET /v2/bookings: the spec's four (2.18) and the reference's five, mapped onto them
 * (`upcoming`: accepted or pending, not ended; `unconfirmed`: pending, not ended; `past`: ended and
 * neither cancelled nor rejected; `recurring`: occurrences of recurring bookings, accepted or pending, not ended). Several
 * values match bookings that match any of them.
 */
export type BookingStatusFilterValue = BookingStatusFilter;

/** The filters and sorts of GET /v2/bookings (spec 4.15, reference GetBookingsInput_2024_08_13); every one optional. */
export interface BookingFilters extends PageArgs {
  status?: BookingStatusFilterValue[] | null;
  /** An attendee's or a guest's e-mail (any case). */
  attendeeEmail?: string | null;
  /**
   * Not a filter of the request: the caller's OAuth client. A managed user's address is stored with the client id
   * (`alice+<clientId>@example.com`); attendeeEmail then also matches its other form, as the real service does.
   */
  callerClientId?: string | null;
  attendeeName?: string | null;
  bookingUid?: string | null;
  eventTypeId?: number | null;
  eventTypeIds?: number[] | null;
  teamId?: number | null;
  teamsIds?: number[] | null;
  /** Only on the organization lists: bookings hosted by these users. */
  userIds?: number[] | null;
  /** Bookings that start at or after this instant. */
  afterStart?: string | null;
  /** Bookings that end at or before this instant. */
  beforeEnd?: string | null;
  afterCreatedAt?: string | null;
  beforeCreatedAt?: string | null;
  afterUpdatedAt?: string | null;
  beforeUpdatedAt?: string | null;
  sortStart?: SortOrder | null;
  sortEnd?: SortOrder | null;
  sortCreated?: SortOrder | null;
  sortUpdatedAt?: SortOrder | null;
}

/**
 * Whose bookings a list shows: a host's own; a team's (bookings of its event types); an organization's
 * (bookings of its teams' event types, and its members' personal bookings), optionally one member's.
 */
export type BookingScope =
  { kind: 'host'; userId: number } | { kind: 'team'; teamId: number } | { kind: 'organization'; memberIds: number[]; teamIds: number[]; userId?: number };

function instantFilter(field: string, text: string): Date {
  try {
    return parseTimestamp(field, text);
  } catch (error) {
    if (error instanceof InstantError) throw badInput(field, error.message);
    throw error;
  }
}

/** SQL (over alias b) for one status value. */
function statusCondition(value: BookingStatusFilterValue): string {
  switch (value) {
    case BookingStatusFilter.upcoming:
      return "(b.status IN ('accepted', 'pending') AND b.end_time >= :now)";
    case BookingStatusFilter.unconfirmed:
      return "(b.status = 'pending' AND b.end_time >= :now)";
    case BookingStatusFilter.past:
      return "(b.status NOT IN ('cancelled', 'rejected') AND b.end_time < :now)";
    case BookingStatusFilter.recurring:
      return "(b.recurring_booking_uid IS NOT NULL AND b.status IN ('accepted', 'pending') AND b.end_time >= :now)";
    default:
      return `b.status = '${BookingStatus[value as keyof typeof BookingStatus]}'`;
  }
}

/** Bookings one of the users (the parameter `param`, a list) organizes or co-hosts (a collective booking's other hosts). */
const HOSTED_BY = (param: string) => `(b.user_id IN (:...${param}) OR b.id IN (SELECT h.booking_id FROM booking_hosts h WHERE h.user_id IN (:...${param})))`;

/**
 * The lower-cased forms of an e-mail filter: the address, and for a caller of an OAuth client its managed users'
 * other form (`alice@example.com` ⇄ `alice+<clientId>@example.com`, the client's users being stored with the tag).
 */
export function emailForms(email: string, clientId: string | null): string[] {
  const address = email.toLowerCase();
  const at = address.lastIndexOf('@');
  if (!clientId || at <= 0) return [address];
  const [local, domain] = [address.slice(0, at), address.slice(at)];
  const tag = `+${clientId.toLowerCase()}`;
  return [address, local.endsWith(tag) ? `${local.slice(0, -tag.length)}${domain}` : `${local}${tag}${domain}`];
}

/** Bookings, read side. */
export class BookingQueries {
  constructor(private readonly db: DataSource) {}

  private get bookings() {
    return this.db.getRepository(Booking);
  }

  /** The host's bookings matching every filter sent, one page of them and the total. */
  listForHost(userId: number, filters: BookingFilters, now = new Date()): Promise<[Booking[], number]> {
    return this.list({ kind: 'host', userId }, filters, now);
  }

  /**
   * Bookings of the scope matching every filter sent, one page of them and the total. Sorts apply in
   * the order start, end, created, updated (each only when sent), then by id; with none, by start ascending.
   */
  list(scope: BookingScope, filters: BookingFilters, now = new Date()): Promise<[Booking[], number]> {
    const { take, skip } = pageWindow(filters);
    const query = this.bookings.createQueryBuilder('b').innerJoin(EventType, 'e', 'e.id = b.event_type_id');
    // A host's bookings include the collective bookings they co-host (booking_hosts).
    if (scope.kind === 'host')
      query.where('(b.user_id = :scopeUserId OR b.id IN (SELECT h.booking_id FROM booking_hosts h WHERE h.user_id = :scopeUserId AND NOT h.organizer))', {
        scopeUserId: scope.userId,
      });
    else if (scope.kind === 'team') query.where('e.team_id = :scopeTeamId', { scopeTeamId: scope.teamId });
    else {
      query.where(
        new Brackets((q) => {
          q.where('e.team_id IN (:...scopeTeamIds)', { scopeTeamIds: scope.teamIds.length ? scope.teamIds : [-1] });
          q.orWhere('(e.team_id IS NULL AND b.user_id IN (:...scopeMemberIds))', { scopeMemberIds: scope.memberIds.length ? scope.memberIds : [-1] });
        }),
      );
      if (scope.userId !== undefined) query.andWhere(HOSTED_BY('scopeUserIds'), { scopeUserIds: [scope.userId] });
    }
    if (filters.status?.length) {
      query.andWhere(`(${[...new Set(filters.status)].map(statusCondition).join(' OR ')})`, { now });
    }
    if (filters.attendeeEmail?.trim()) {
      const emails = emailForms(filters.attendeeEmail.trim(), filters.callerClientId ?? null);
      query.andWhere(
        '(EXISTS (SELECT 1 FROM attendees a WHERE a.booking_id = b.id AND lower(a.email) IN (:...emails))' +
          ' OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(b.guests) g WHERE lower(g) IN (:...emails)))',
        { emails },
      );
    }
    if (filters.attendeeName?.trim()) {
      query.andWhere('EXISTS (SELECT 1 FROM attendees a WHERE a.booking_id = b.id AND lower(a.name) = lower(:attendeeName))', {
        attendeeName: filters.attendeeName.trim(),
      });
    }
    if (filters.bookingUid?.trim()) query.andWhere('b.uid = :bookingUid', { bookingUid: filters.bookingUid.trim() });
    if (filters.eventTypeId != null) query.andWhere('b.event_type_id = :eventTypeId', { eventTypeId: filters.eventTypeId });
    if (filters.eventTypeIds?.length) query.andWhere('b.event_type_id IN (:...eventTypeIds)', { eventTypeIds: filters.eventTypeIds });
    if (filters.teamId != null) query.andWhere('e.team_id = :teamId', { teamId: filters.teamId });
    if (filters.teamsIds?.length) query.andWhere('e.team_id IN (:...teamsIds)', { teamsIds: filters.teamsIds });
    if (filters.userIds?.length) query.andWhere(HOSTED_BY('userIds'), { userIds: filters.userIds });
    const instants: Array<[keyof BookingFilters, string, string]> = [
      ['afterStart', 'b.start_time', '>='],
      ['beforeEnd', 'b.end_time', '<='],
      ['afterCreatedAt', 'b.created_at', '>='],
      ['beforeCreatedAt', 'b.created_at', '<='],
      ['afterUpdatedAt', 'b.updated_at', '>='],
      ['beforeUpdatedAt', 'b.updated_at', '<='],
    ];
    for (const [field, column, operator] of instants) {
      const text = filters[field] as string | null | undefined;
      if (text) query.andWhere(`${column} ${operator} :${field}`, { [field]: instantFilter(field, text) });
    }

    const sorts: Array<[string, SortOrder | null | undefined]> = [
      ['b.start_time', filters.sortStart],
      ['b.end_time', filters.sortEnd],
      ['b.created_at', filters.sortCreated],
      ['b.updated_at', filters.sortUpdatedAt],
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
    const booking = await this.bookings
      .createQueryBuilder('b')
      .where('b.uid = :uid', { uid })
      .andWhere('(b.user_id = :userId OR b.id IN (SELECT h.booking_id FROM booking_hosts h WHERE h.user_id = :userId))', { userId })
      .getOne();
    if (booking) return booking;
    // The uid of a recurring booking: the answer is every occurrence.
    const series = asSeries(await this.bookings.findBy({ recurringBookingUid: uid, userId }));
    if (!series) throw bookingNotFound(uid);
    return series;
  }

  findByIds(ids: readonly number[]): Promise<Booking[]> {
    return leanFindBy(this.db, Booking, 'id', ids);
  }

  forHosts(userIds: readonly number[]): Promise<Booking[]> {
    return leanFindBy(this.db, Booking, 'userId', userIds, ['start', 'id']);
  }

  attendeesOf(bookingIds: readonly number[]): Promise<Attendee[]> {
    return leanFindBy(this.db, Attendee, 'bookingId', bookingIds, ['id']);
  }
}
