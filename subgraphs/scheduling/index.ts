import { SubgraphDefinition } from '../kit/server';
import { Attendee } from './booking/attendee.entity';
import { Booking } from './booking/booking.entity';
import { bookingReference } from './booking/booking.reference';
import { BookingResolver } from './booking/booking.resolver';
import { EventType } from './event-type/event-type.entity';
import { eventTypeReference } from './event-type/event-type.reference';
import { EventTypeResolver } from './event-type/event-type.resolver';
import { Initial1732100000000 } from './migrations/1732100000000-initial';
import { HostsAndBookingLimits1732300000000 } from './migrations/1732300000000-hosts-and-booking-limits';
import { EventTypeHost } from './event-type/event-type-host.entity';
import { BookingLimit } from './booking-limit/booking-limit.entity';
import { Schedule } from './schedule/schedule.entity';
import { ScheduleResolver } from './schedule/schedule.resolver';
import { Team } from './team/team.stub';
import { UserBookingsResolver } from './user/user-bookings.resolver';
import { userReference } from './user/user.stub';

/** Event types, schedules, availability, slots, bookings and attendees. */
export const scheduling: SubgraphDefinition = {
  name: 'scheduling',
  defaultPort: 4001,
  persistence: {
    schema: 'scheduling',
    entities: [EventType, EventTypeHost, Schedule, Booking, Attendee, BookingLimit],
    migrations: [Initial1732100000000, HostsAndBookingLimits1732300000000],
  },
  resolvers: [EventTypeResolver, ScheduleResolver, BookingResolver, UserBookingsResolver],
  referenceResolvers: { User: userReference, EventType: eventTypeReference, Booking: bookingReference },
  orphanedTypes: [Team],
};
