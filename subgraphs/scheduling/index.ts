import { addressOf } from '../../platform/addresses';
import { installJobQueue } from '../../platform/job-queue';
import { SubgraphDefinition } from '../../platform/server';
import { Attendee } from './booking-record/attendee.entity';
import { Booking } from './booking-record/booking.entity';
import { BookingHost } from './booking-record/booking-host.entity';
import { bookingReference } from './booking/booking.reference';
import { BookingResolver } from './booking/booking.resolver';
import { BookingActionsResolver } from './booking/booking-actions.resolver';
import { BookingListsResolver } from './booking/booking-lists.resolver';
import { BookingEvent } from './booking-record/booking-event.entity';
import { startBookingHooks } from './booking/booking-hooks';
import { BookingAttendanceResolver } from './booking/booking-attendance.resolver';
import { BookingsEvents1732500000000 } from './migrations/1732500000000-bookings-events';
import { BookingActions1733400000000 } from './migrations/1733400000000-booking-actions';
import { SlotsResolver } from './slots/slots.resolver';
import { OutOfOffice1733600000002 } from './migrations/1733600000002-out-of-office';
import { BookingHosts1734200000000 } from './migrations/1734200000000-booking-hosts';
import { BookingHooks1734500000000 } from './migrations/1734500000000-booking-hooks';
import { BookerVerificationAndCollectiveHolds1734800000000 } from './migrations/1734800000000-booker-verification-and-collective-holds';
import { KeyedWrites1735400000000 } from './migrations/1735400000000-keyed-writes';
import { SeatAnswers1735600000000 } from './migrations/1735600000000-seat-answers';
import { BookingChangeAuthors1735600000001 } from './migrations/1735600000001-booking-change-authors';
import { HostRoles1735700000000 } from './migrations/1735700000000-host-roles';
import { teamEventTypeHostReference } from './event-type/team-event-type-host.type';
import { Recurrence1734100000000 } from './migrations/1734100000000-recurrence';
import { OutOfOfficeEntry, OutOfOfficeEvent } from './out-of-office/out-of-office.entity';
import { OutOfOfficeResolver } from './out-of-office/out-of-office.resolver';
import { EventTypeSettingsAndReservations1733300000000 } from './migrations/1733300000000-event-type-settings-and-reservations';
import { SlotReservation } from './booking-record/slot-reservation.entity';
import { SlotReservationResolver } from './slot-reservation/slot-reservation.resolver';
import { EventType } from './event-type/event-type.entity';
import { eventTypeReference } from './event-type/event-type.reference';
import { EventTypeResolver } from './event-type/event-type.resolver';
import { EventTypeOwnerResolver } from './event-type/event-type-owner.resolver';
import { TeamEventTypeResolver } from './event-type/team-event-type.resolver';
import { BookingFieldResolver } from './event-type/booking-field.resolver';
import { PrivateLink } from './private-link/private-link.entity';
import { PrivateLinkResolver, privateLinkReference } from './private-link/private-link.resolver';
import { PrivateLinksAndBookingFields1732410000000 } from './migrations/1732410000000-private-links-and-booking-fields';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { HostsAndBookingLimits1732300000000 } from './migrations/1732300000000-hosts-and-booking-limits';
import { EventTypeHost } from './event-type/event-type-host.entity';
import { BookingLimit } from './booking-limit/booking-limit.entity';
import { BookingLimitResolver } from './booking-limit/booking-limit.resolver';
import { OrganizationUser, organizationUserReference } from './organization/organization-user.stub';
import { OutOfOfficeRedirectResolver } from './slots/ooo-redirect.resolver';
import { OrganizationUserSchedulesResolver } from './schedule/organization-user-schedules.resolver';
import { Schedule } from './schedule/schedule.entity';
import { ScheduleResolver } from './schedule/schedule.resolver';
import { MemberSchedulesResolver } from './schedule/member-schedules.resolver';
import { Team } from './team/team.stub';
import { BookerVerificationResolver } from './booker-verification/booker-verification.resolver';
import { DeletedTeamResolver } from './team/deleted-team.resolver';
import { TeamRosterSyncResolver } from './event-type/team-roster-sync.resolver';
import { UserBookingLimitsResolver } from './booking-limit/user-booking-limits.resolver';
import { UserBookingsResolver } from './booking/user-bookings.resolver';
import { CallerResolver } from './user/caller.resolver';
import { UserDefaultScheduleResolver } from './schedule/user-default-schedule.resolver';
import { ManagedUserDefaultsResolver } from './managed-user/managed-user-defaults.resolver';
import { userReference } from './user/user.stub';

/** Event types, schedules, availability, slots, bookings and attendees. */
export const scheduling: SubgraphDefinition = {
  name: 'scheduling',
  defaultPort: addressOf('scheduling').defaultPort,
  persistence: {
    schema: 'scheduling',
    entities: [
      EventType,
      EventTypeHost,
      Schedule,
      Booking,
      Attendee,
      BookingLimit,
      PrivateLink,
      BookingEvent,
      OutOfOfficeEntry,
      OutOfOfficeEvent,
      SlotReservation,
      BookingHost,
    ],
    migrations: [
      Initial1732100000000,
      HostsAndBookingLimits1732300000000,
      PrivateLinksAndBookingFields1732410000000,
      BookingsEvents1732500000000,
      BookingActions1733400000000,
      OutOfOffice1733600000002,
      EventTypeSettingsAndReservations1733300000000,
      Recurrence1734100000000,
      BookingHosts1734200000000,
      BookingHooks1734500000000,
      BookerVerificationAndCollectiveHolds1734800000000,
      KeyedWrites1735400000000,
      SeatAnswers1735600000000,
      BookingChangeAuthors1735600000001,
      HostRoles1735700000000,
    ],
    // Booking changes enqueue their webhook work in their own transaction: the queue must exist.
    afterMigrations: installJobQueue,
  },
  resolvers: [
    EventTypeResolver,
    EventTypeOwnerResolver,
    TeamEventTypeResolver,
    PrivateLinkResolver,
    BookingFieldResolver,
    ScheduleResolver,
    BookingResolver,
    SlotsResolver,
    UserBookingsResolver,
    CallerResolver,
    BookingLimitResolver,
    UserBookingLimitsResolver,
    OrganizationUserSchedulesResolver,
    DeletedTeamResolver,
    OutOfOfficeResolver,
    BookingActionsResolver,
    BookingListsResolver,
    MemberSchedulesResolver,
    UserDefaultScheduleResolver,
    ManagedUserDefaultsResolver,
    SlotReservationResolver,
    OutOfOfficeRedirectResolver,
    BookingAttendanceResolver,
    BookerVerificationResolver,
    TeamRosterSyncResolver,
  ],
  referenceResolvers: {
    User: userReference,
    EventType: eventTypeReference,
    Booking: bookingReference,
    PrivateLink: privateLinkReference,
    OrganizationUser: organizationUserReference,
    TeamEventTypeHost: teamEventTypeHostReference,
  },
  orphanedTypes: [Team, OrganizationUser],
  background: [startBookingHooks],
};
