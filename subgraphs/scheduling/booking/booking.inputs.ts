import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, InputType, Int, registerEnumType } from 'type-graphql';
import { PageArgs } from '../../../platform/pagination';
import { BookingLocationValue } from './booking-location.scalar';
import { LegacyAttendeeName, LegacyResponseLocation } from './legacy-responses.scalars';

export enum SortOrder {
  asc = 'asc',
  desc = 'desc',
}
registerEnumType(SortOrder, { name: 'SortOrder', description: 'Ascending or descending.' });

const PRIVATE_LINK_ID =
  'Book through this private link of the event type (its linkId, as in the link\'s bookingUrl /d/{linkId}/{slug}): the link must not be expired, and the booking counts one use. 409 "private link has expired" otherwise.';

@InputType({ description: 'The person who books (reference: CreateBookingAttendee).' })
export class BookingAttendeeInput {
  @Field() name: string;
  @Field() email: string;
  @Field({ description: 'IANA time zone of the attendee.' }) timeZone: string;
  @Field(() => String, { nullable: true, description: 'Preferred language (en, de, fr, pt-BR, …; default en).' }) language?: string | null;
  @Field(() => String, { nullable: true, description: 'Phone number such as +1234567890.' }) phoneNumber?: string | null;
}

@InputType({
  description:
    "Where the meeting takes place: one of the event type's location types, with the detail the attendee gives for attendeeAddress (address), attendeePhone (phone), attendeeDefined (location) and integration (integration).",
})
export class BookingLocationInput {
  @Field({ description: 'address, link, phone, organizersDefaultApp, attendeeAddress, attendeePhone, attendeeDefined or integration.' }) type: string;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) integration?: string | null;
  @Field(() => String, { nullable: true }) location?: string | null;
}

@InputType({
  description: 'Routing information from the routing form that led to the booking (reference Routing): the booking links the response (routedToBookingUid).',
})
export class BookingRoutingInput {
  @Field(() => Int, {
    nullable: true,
    description: 'The routing form response the booking is made from (POST …/routing-forms/{id}/responses answered it as routing.responseId).',
  })
  responseId?: number | null;
  @Field(() => [Int], { nullable: true, description: 'Team members the form routed to.' }) teamMemberIds?: number[] | null;
}

@InputType({
  description:
    'Body of POST /v2/bookings (svc-api-version 2024-08-13): eventTypeId, or eventTypeSlug with username or teamSlug (and organizationSlug inside an organization).',
})
export class CreateBookingInput {
  @Field({ description: "ISO 8601 start, UTC (2030-03-11T13:00:00Z); the end follows from the event type's length." }) start: string;
  @Field(() => BookingAttendeeInput) attendee: BookingAttendeeInput;
  @Field(() => Int, { nullable: true }) eventTypeId?: number | null;
  @Field(() => String, { nullable: true }) eventTypeSlug?: string | null;
  @Field(() => String, { nullable: true }) username?: string | null;
  @Field(() => String, { nullable: true }) teamSlug?: string | null;
  @Field(() => String, { nullable: true }) organizationSlug?: string | null;
  @Field(() => BookingLocationValue, { nullable: true, description: "Default: the event type's first location." }) location?:
    string | Record<string, unknown> | null;
  @Field(() => String, {
    nullable: true,
    deprecationReason: 'Send the link as location.',
    description: "The meeting link of this booking (http(s)), read as the location when no location is sent; it is then the answer's meetingUrl.",
  })
  meetingUrl?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'At most 50 keys of up to 40 characters; string values up to 500 characters.' })
  metadata?: Record<string, unknown> | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Answers to the booking form by field slug; `notes` becomes the description.' })
  bookingFieldsResponses?: Record<string, unknown> | null;
  @Field(() => Int, { nullable: true, description: "When sent, the event type's length or one of its lengthInMinutesOptions." }) lengthInMinutes?:
    number | null;
  @Field(() => String, { nullable: true, description: PRIVATE_LINK_ID }) privateLinkId?: string | null;
  @Field(() => [String], { nullable: true, description: 'E-mail addresses of guests attending the event.' }) guests?: string[] | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Required when the event type has requiresBookerEmailVerification: the code POST /v2/bookings/email-verification-code mailed to attendee.email (10 minutes, once).',
  })
  emailVerificationCode?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The reservationUid of a slot reservation the booker holds for this start (POST /v2/slots/reservations): the booking ends the hold.',
  })
  reservationUid?: string | null;
  @Field(() => String, { nullable: true, description: "The real service's name of reservationUid: either may be sent (the same uid when both are)." })
  reservedSlotUid?: string | null;
  @Field(() => BookingRoutingInput, { nullable: true, description: 'The routing form response the booking is made from: it gets routedToBookingUid.' })
  routing?: BookingRoutingInput | null;
  @Field(() => Int, {
    nullable: true,
    description:
      "Recurring event types: how many occurrences to book, from 1 to the event type's occurrences (default: its occurrences). All are booked or none (409).",
  })
  recurrenceCount?: number | null;
}

@InputType({ description: 'The booking form answers of the older POST /v2/bookings body; the answer echoes them (the name joined).' })
export class LegacyBookingResponsesInput {
  @Field(() => LegacyAttendeeName) name: string | { firstName: string; lastName?: string | null };
  @Field() email: string;
  @Field(() => LegacyResponseLocation, { nullable: true }) location?: string | { value: string; optionValue?: string | null } | null;
  @Field(() => String, { nullable: true }) notes?: string | null;
  @Field(() => [String], { nullable: true, description: 'E-mail addresses of guests attending the event.' }) guests?: string[] | null;
  @Field(() => String, { nullable: true, description: 'With rescheduleUid: the reason.' }) rescheduleReason?: string | null;
}

@InputType({
  description:
    'Body of POST /v2/bookings without svc-api-version 2024-08-13 (the older version): the attendee is `responses` plus the top-level timeZone and language; rescheduleUid reschedules that booking.',
})
export class LegacyCreateBookingInput {
  @Field() start: string;
  @Field(() => String, { nullable: true, description: "When sent, start plus the event type's length." }) end?: string | null;
  @Field(() => Int) eventTypeId: number;
  @Field({ description: 'IANA time zone of the attendee.' }) timeZone: string;
  @Field(() => String, { nullable: true }) language?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) metadata?: Record<string, unknown> | null;
  @Field(() => LegacyBookingResponsesInput) responses: LegacyBookingResponsesInput;
  @Field(() => String, { nullable: true, description: 'Reschedule this booking to `start` instead of booking anew.' }) rescheduleUid?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'With rescheduleUid: the e-mail of who reschedules (rescheduledByEmail); default: the e-mail of the user whose credential is sent.',
  })
  rescheduledBy?: string | null;
  @Field(() => String, { nullable: true, description: `${PRIVATE_LINK_ID} Not used with rescheduleUid.` }) privateLinkId?: string | null;
  @Field(() => String, { nullable: true, description: "The real service's name of privateLinkId (an empty string: none)." }) hashedLink?: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'The uid of a slot reservation the booker holds for this start (POST /v2/slots/reservations): the booking, or the move of the booking named by rescheduleUid, ends the hold.',
  })
  reservedSlotUid?: string | null;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/cancel.' })
export class CancelBookingInput {
  @Field(() => String, { nullable: true }) cancellationReason?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'An occurrence of a recurring booking: cancel it and every later occurrence.' })
  cancelSubsequentBookings?: boolean | null;
  @Field(() => String, {
    nullable: true,
    description: 'A seated booking: cancel only this seat (the attendee holding it leaves; the others keep their seats).',
  })
  seatUid?: string | null;
}

@InputType({ description: 'Body of POST /v2/bookings/{bookingUid}/reschedule.' })
export class RescheduleBookingInput {
  @Field({ description: 'ISO 8601 new start, UTC.' }) start: string;
  @Field(() => String, { nullable: true }) reschedulingReason?: string | null;
  @Field(() => String, { nullable: true, description: 'A seated booking: move only this seat to the new start (the others keep theirs).' }) seatUid?:
    string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The e-mail of who reschedules (answered as rescheduledByEmail); default: the e-mail of the user whose credential is sent.',
  })
  rescheduledBy?: string | null;
}

export enum BookingStatusFilter {
  accepted = 'accepted',
  pending = 'pending',
  cancelled = 'cancelled',
  rejected = 'rejected',
  upcoming = 'upcoming',
  unconfirmed = 'unconfirmed',
  past = 'past',
  recurring = 'recurring',
}
registerEnumType(BookingStatusFilter, {
  name: 'BookingStatusFilter',
  description:
    "The spec's statuses and the reference's list values: upcoming (accepted or pending, not ended), unconfirmed (pending, not ended), past (ended, neither cancelled nor rejected), recurring (occurrences of recurring bookings that have not ended, neither cancelled nor rejected).",
});

const INSTANT = (what: string) => `ISO 8601: bookings ${what}.`;

/** The filters of every booking list; a team's list has no team filters. */
@ArgsType()
export class BookingFilterArgs extends PageArgs {
  @Field(() => [BookingStatusFilter], {
    nullable: true,
    description: 'Any of accepted, pending, cancelled, rejected, upcoming, unconfirmed, past, recurring (comma-separated in REST).',
  })
  status?: BookingStatusFilter[] | null;

  @Field(() => String, { nullable: true, description: 'Bookings with an attendee or a guest of this e-mail (any letter case).' })
  attendeeEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'Bookings with an attendee of this name (any letter case).' })
  attendeeName?: string | null;

  @Field(() => String, { nullable: true }) bookingUid?: string | null;

  @Field(() => Int, { nullable: true })
  eventTypeId?: number | null;

  @Field(() => [Int], { nullable: true, description: 'Comma-separated in REST.' }) eventTypeIds?: number[] | null;

  @Field(() => String, { nullable: true, description: INSTANT('that start at or after it') })
  afterStart?: string | null;

  @Field(() => String, { nullable: true, description: INSTANT('that end at or before it') })
  beforeEnd?: string | null;

  @Field(() => String, { nullable: true, description: INSTANT('created at or after it') }) afterCreatedAt?: string | null;
  @Field(() => String, { nullable: true, description: INSTANT('created at or before it') }) beforeCreatedAt?: string | null;
  @Field(() => String, { nullable: true, description: INSTANT('last changed at or after it') }) afterUpdatedAt?: string | null;
  @Field(() => String, { nullable: true, description: INSTANT('last changed at or before it') }) beforeUpdatedAt?: string | null;

  @Field(() => SortOrder, { nullable: true }) sortStart?: SortOrder | null;
  @Field(() => SortOrder, { nullable: true }) sortEnd?: SortOrder | null;
  @Field(() => SortOrder, { nullable: true }) sortCreated?: SortOrder | null;
  @Field(() => SortOrder, { nullable: true }) sortUpdatedAt?: SortOrder | null;
}

@ArgsType()
export class BookingListArgs extends BookingFilterArgs {
  @Field(() => Int, { nullable: true, description: "Bookings of this team's event types." }) teamId?: number | null;
  @Field(() => [Int], { nullable: true, description: "Bookings of these teams' event types (comma-separated in REST)." }) teamsIds?: number[] | null;
}

@ArgsType()
export class OrganizationBookingListArgs extends BookingListArgs {
  @Field(() => [Int], { nullable: true, description: 'Bookings hosted by these users (comma-separated in REST).' }) userIds?: number[] | null;
}
