import {
  AddBookingAttendeeDocument,
  AddBookingGuestsDocument,
  CancelBookingDocument,
  CancelBookingLegacyDocument,
  ConfirmBookingDocument,
  CreateBookingDocument,
  DeclineBookingDocument,
  GetBookingAttendeeDocument,
  GetBookingAttendeesDocument,
  GetBookingCalendarLinksDocument,
  GetBookingConferencingSessionsDocument,
  GetBookingDocument,
  GetBookingLegacyDocument,
  GetBookingRecordingsDocument,
  GetBookingReferencesDocument,
  GetBookingTranscriptsDocument,
  GetBookingsDocument,
  GetBookingsLegacyDocument,
  GetOrganizationBookingsDocument,
  GetOrganizationTeamBookingReferencesDocument,
  GetOrganizationTeamBookingsDocument,
  GetOrganizationUserBookingsDocument,
  GetTeamBookingsDocument,
  LegacyCreateBookingDocument,
  MarkBookingAbsentDocument,
  ReassignBookingDocument,
  ReassignBookingToUserDocument,
  RequestBookerEmailVerificationCodeDocument,
  RequestBookingRescheduleDocument,
  RescheduleBookingDocument,
  RescheduleBookingLegacyDocument,
  UpdateBookingLocationDocument,
} from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route, RouteDeclaration, RouteEntry } from '../route';

/** svc-api-version of the bookings endpoints (spec 9); without it they answer their older version. */
export const BOOKINGS_VERSION = '2024-08-13';
const TAG = 'Bookings';

/**
 * BookingOutput_2024_08_13 has no null: its optional strings are left out when unset, its required
 * strings (description, location) are "" (RouteEntry.nulls). An attendee's own `bookingFieldsResponses`
 * and `metadata` are a seat's (SeatedAttendee): left out elsewhere, as `seatUid` (the booking's are never null).
 */
const BOOKING_NULLS = {
  omit: [
    'cancellationReason',
    'cancelledByEmail',
    'reschedulingReason',
    'rescheduledByEmail',
    'rescheduledFromUid',
    'rescheduledToUid',
    'phoneNumber',
    'meetingUrl',
    'recurringBookingUid',
    'seatUid',
    'bookingFieldsResponses',
    'metadata',
  ],
  empty: ['description', 'location'],
} as const;

/** A recurring booking answers every occurrence (RecurringBookingOutput_2024_08_13[]): the result's `occurrences`, when set, is `data`. */
const SERIES = 'occurrences';

const LIST_SUMMARY =
  "status (comma-separated: accepted, pending, cancelled, rejected, and the reference's upcoming, unconfirmed, past, recurring), attendeeEmail, attendeeName, bookingUid, eventTypeId, eventTypeIds, teamId, teamsIds, afterStart, beforeEnd, afterCreatedAt, beforeCreatedAt, afterUpdatedAt, beforeUpdatedAt, sortStart, sortEnd, sortCreated, sortUpdatedAt, take, skip";

/**
 * One entry per version of an endpoint: the 2024-08-13 shape (`current`, spreading BookingFields), and the older one
 * for requests without the header (`legacy`, spreading LegacyBookingFields); both in gateway/rest/contracts/bookings.graphql.
 */
function bothVersions(
  entry: Omit<RouteDeclaration, 'tag' | 'document'>,
  documents: { current: RouteDeclaration['document']; legacy: RouteDeclaration['document'] },
): RouteEntry[] {
  const { summary, ...rest } = entry;
  return [
    route({ ...rest, tag: TAG, summary, document: documents.current, version: BOOKINGS_VERSION, nulls: BOOKING_NULLS }),
    route({ ...rest, tag: TAG, summary: `${summary} (older version: without svc-api-version ${BOOKINGS_VERSION})`, document: documents.legacy }),
  ];
}

export const bookingRoutes: RouteEntry[] = [
  route({
    method: 'POST',
    path: '/v2/bookings',
    tag: TAG,
    summary:
      'Book a slot: eventTypeId, start (UTC), attendee {name, email, timeZone, language, phoneNumber}, guests, location, metadata, privateLinkId to book through a private link (public; 409 when the slot is not available or the link has expired)',
    document: CreateBookingDocument,
    result: 'createBooking',
    listWhenPresent: SERIES,
    status: 201,
    version: BOOKINGS_VERSION,
    nulls: BOOKING_NULLS,
    deviations: [
      DEVIATION.seatedAttendeeShape,
      DEVIATION.bookingFieldMessage,
      DEVIATION.attendeeDisplayEmail,
      DEVIATION.reservationNotByCookie,
      DEVIATION.heldSlotIsTaken,
      DEVIATION.conferencingLocationText,
      DEVIATION.noBookingEmails,
    ],
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/email-verification-code',
    tag: TAG,
    summary:
      'Mail a six-digit code to a booker: eventTypeId (one with requiresBookerEmailVerification) and email; book with it as emailVerificationCode within 10 minutes, once (public; at most 5 codes per address and event type per hour, 429 beyond)',
    document: RequestBookerEmailVerificationCodeDocument,
    result: 'requestBookerEmailVerificationCode',
    status: 201,
  }),
  route({
    method: 'POST',
    path: '/v2/bookings',
    tag: TAG,
    summary: `Book a slot with the older body: start, end, eventTypeId, timeZone, language, metadata, responses {name (or {firstName, lastName}), email, location (text, or {value, optionValue}), notes, guests}, privateLinkId (or hashedLink), reservedSlotUid; rescheduleUid (with rescheduledBy) reschedules. Answers the booking with userPrimaryEmail, the host's e-mail (public; 409 when the slot is not available; without svc-api-version ${BOOKINGS_VERSION})`,
    document: LegacyCreateBookingDocument,
    result: 'legacyCreateBooking',
    status: 201,
    deviations: [DEVIATION.legacyUnavailableSlot, DEVIATION.noBookingEmails],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings',
    tag: TAG,
    summary: `My bookings as host: ${LIST_SUMMARY}`,
    document: GetBookingsDocument,
    result: 'bookings',
    paginated: true,
    version: BOOKINGS_VERSION,
    nulls: BOOKING_NULLS,
    deviations: [DEVIATION.noDefaultDateWindow, DEVIATION.bookingsAsAttendee],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings',
    tag: TAG,
    summary: `My bookings as host, answered as {bookings, nextCursor}: the real service's filters[status] (default upcoming), limit (default 10) and cursor (the nextCursor of the page before), or ${LIST_SUMMARY} (older version: without svc-api-version ${BOOKINGS_VERSION})`,
    document: GetBookingsLegacyDocument,
    result: 'bookings',
    queryAliases: { 'filters[status]': 'status', limit: 'take', cursor: 'skip' },
    deviations: [DEVIATION.noDefaultDateWindow, DEVIATION.legacyListRecurringInfo, DEVIATION.bookingsAsAttendee],
  }),
  ...bothVersions(
    {
      method: 'GET',
      path: '/v2/bookings/{bookingUid}',
      summary: 'One of my bookings as host; the uid of a recurring booking (recurringBookingUid) answers every occurrence',
      result: 'booking',
      listWhenPresent: SERIES,
      deviations: [DEVIATION.bookingReadNeedsCredential, DEVIATION.seatedAttendeeShape],
    },
    { current: GetBookingDocument, legacy: GetBookingLegacyDocument },
  ),
  ...bothVersions(
    {
      method: 'POST',
      path: '/v2/bookings/{bookingUid}/cancel',
      summary:
        'Cancel a booking, with cancellationReason (public; 409 when it is already cancelled). The uid of a recurring booking cancels every occurrence left, cancelSubsequentBookings an occurrence and the later ones (both answer every occurrence); seatUid cancels one seat of a seated booking. The host, calling for themselves, gives a cancellationReason (400 without one)',
      result: 'cancelBooking',
      listWhenPresent: SERIES,
      deviations: [DEVIATION.hostCancelReasonMessage, DEVIATION.cancelTwice, DEVIATION.noBookingEmails],
    },
    { current: CancelBookingDocument, legacy: CancelBookingLegacyDocument },
  ),
  ...bothVersions(
    {
      method: 'POST',
      path: '/v2/bookings/{bookingUid}/reschedule',
      summary:
        'Reschedule a booking to start, with reschedulingReason: answers the new booking; the old one is cancelled (public; 409 when the slot is not available). seatUid moves one seat of a seated booking; the others keep theirs',
      result: 'rescheduleBooking',
      status: 201,
      deviations: [DEVIATION.seatedRescheduleMessage, DEVIATION.rescheduleConflicts, DEVIATION.noBookingEmails],
    },
    { current: RescheduleBookingDocument, legacy: RescheduleBookingLegacyDocument },
  ),
];

/** One action or read on a booking: one behaviour (the 2024-08-13 shape), whatever svc-api-version says. */
function bookingAction(entry: {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  summary: string;
  field: string;
  document: RouteDeclaration['document'];
  deviations?: readonly string[];
}): RouteEntry {
  return route({
    method: entry.method,
    path: `/v2/bookings/{bookingUid}${entry.path}`,
    tag: TAG,
    summary: entry.summary,
    document: entry.document,
    result: entry.field,
    nulls: BOOKING_NULLS,
    deviations: entry.deviations,
  });
}

const WHO = "the host, an admin of the team (or organization) of a team event type, or an admin of the host's organization";

export const bookingActionRoutes: RouteEntry[] = [
  bookingAction({
    method: 'POST',
    path: '/confirm',
    field: 'confirmBooking',
    document: ConfirmBookingDocument,
    summary: `Confirm a pending booking: it becomes accepted (${WHO}; 409 unless it is pending)`,
    deviations: [DEVIATION.confirmOfOthers],
  }),
  bookingAction({
    method: 'POST',
    path: '/decline',
    field: 'declineBooking',
    document: DeclineBookingDocument,
    summary: `Decline a pending booking with a reason: it becomes rejected (${WHO}; 409 unless it is pending)`,
    deviations: [DEVIATION.confirmOfOthers],
  }),
  bookingAction({
    method: 'POST',
    path: '/mark-absent',
    field: 'markBookingAbsent',
    document: MarkBookingAbsentDocument,
    summary: `Mark the host (host: true/false) and attendees ([{email, absent}]) absent or present, once the meeting has started (${WHO}; 409 before the start or unless accepted)`,
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reassign',
    tag: TAG,
    summary: `Reassign a team booking to the least recently booked other host who is free: answers {bookingUid, reassignedTo {id, name, email}} (${WHO}; 409 when none is)`,
    document: ReassignBookingDocument,
    result: 'reassignBooking',
    deviations: [DEVIATION.reassignByHostOrAdmin],
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reassign/{userId}',
    tag: TAG,
    summary: `Reassign a team booking to this host of its event type, with a reason: answers {bookingUid, reassignedTo {id, name, email}} (${WHO}; 404 when not a host of it, 409 when not free)`,
    document: ReassignBookingToUserDocument,
    result: 'reassignBookingToUser',
    deviations: [DEVIATION.reassignByHostOrAdmin],
  }),
  bookingAction({
    method: 'POST',
    path: '/request-reschedule',
    field: 'requestBookingReschedule',
    document: RequestBookingRescheduleDocument,
    summary: `Ask the attendee to book another time: rescheduleReason; the booking is cancelled with the reason (${WHO}; 409 unless accepted or pending and not ended)`,
    deviations: [DEVIATION.requestRescheduleConflicts],
  }),
  bookingAction({
    method: 'POST',
    path: '/guests',
    field: 'addBookingGuests',
    document: AddBookingGuestsDocument,
    summary: `Add guests by e-mail: guests [email] (${WHO}; at most 30 guests; 400 for one already there)`,
    deviations: [DEVIATION.guestsOnlyInGuests],
  }),
  bookingAction({
    method: 'PATCH',
    path: '/location',
    field: 'updateBookingLocation',
    document: UpdateBookingLocationDocument,
    summary: `Move the meeting to another of the event type's locations: location {type, …} (${WHO})`,
    deviations: [DEVIATION.locationOfOthers, DEVIATION.bodyBeforeRole],
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/attendees',
    tag: TAG,
    summary: `Add an attendee: name, email, timeZone, language, phoneNumber (${WHO}; 409 when the e-mail already attends)`,
    document: AddBookingAttendeeDocument,
    result: 'addBookingAttendee',
    status: 201,
    nulls: { omit: ['phoneNumber'] },
    deviations: [DEVIATION.attendeesOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/attendees',
    tag: TAG,
    summary: `All attendees of a booking (${WHO})`,
    document: GetBookingAttendeesDocument,
    result: 'bookingAttendees',
    nulls: { omit: ['phoneNumber'] },
    deviations: [DEVIATION.attendeesOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/attendees/{attendeeId}',
    tag: TAG,
    summary: `One attendee of a booking (${WHO})`,
    document: GetBookingAttendeeDocument,
    result: 'bookingAttendee',
    nulls: { omit: ['phoneNumber'] },
    deviations: [DEVIATION.attendeesOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/calendar-links',
    tag: TAG,
    summary: `Links that add the booking to Google Calendar, Microsoft Office, Microsoft Outlook, and an ICS document (${WHO})`,
    document: GetBookingCalendarLinksDocument,
    result: 'bookingCalendarLinks',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/references',
    tag: TAG,
    summary: `Where the booking was written in calendar and video providers; type filters. Always an empty list for now: no calendar or conferencing provider writes bookings yet (${WHO})`,
    document: GetBookingReferencesDocument,
    result: 'bookingReferences',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/recordings',
    tag: TAG,
    summary: `Recordings of the meeting. Always an empty list for now: no conferencing provider records meetings yet (${WHO})`,
    document: GetBookingRecordingsDocument,
    result: 'bookingRecordings',
    deviations: [DEVIATION.meetingReadsOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/transcripts',
    tag: TAG,
    summary: `Download links of the meeting's transcripts. Always an empty list for now: no conferencing provider transcribes meetings yet (${WHO})`,
    document: GetBookingTranscriptsDocument,
    result: 'bookingTranscripts',
    deviations: [DEVIATION.meetingReadsOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/conferencing-sessions',
    tag: TAG,
    summary: `Video sessions of the meeting. Always an empty list for now: no conferencing provider reports sessions yet (${WHO})`,
    document: GetBookingConferencingSessionsDocument,
    result: 'bookingConferencingSessions',
    deviations: [DEVIATION.meetingReadsOfOthers],
  }),
];

/** Booking lists of organizations, their teams and members, and of teams (spec 5.3 ORG_BOOKING_READ, TEAM_BOOKING_READ). */
export const organizationBookingRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/bookings',
    tag: 'Orgs / Bookings',
    summary: `Bookings of the organization's teams and of its members' personal event types (organization admin): ${LIST_SUMMARY}, userIds`,
    document: GetOrganizationBookingsDocument,
    result: 'organizationBookings',
    paginated: true,
    nulls: BOOKING_NULLS,
    deviations: [DEVIATION.organizationBookingsHosted, DEVIATION.managerIsNotMember],
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/bookings',
    tag: 'Orgs / Users / Bookings',
    summary: `Bookings of a member of the organization, within the organization (organization admin): ${LIST_SUMMARY}`,
    document: GetOrganizationUserBookingsDocument,
    result: 'organizationUser.bookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/bookings',
    tag: 'Orgs / Teams / Bookings',
    summary: `Bookings of the team's event types (team or organization admin): ${LIST_SUMMARY}`,
    document: GetOrganizationTeamBookingsDocument,
    result: 'teamBookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references',
    tag: 'Orgs / Teams / Bookings',
    summary:
      'Where a booking of the team was written in calendar and video providers; type filters. Always an empty list for now: no calendar or conferencing provider writes bookings yet (team or organization admin)',
    document: GetOrganizationTeamBookingReferencesDocument,
    result: 'teamBookingReferences',
  }),
  route({
    method: 'GET',
    path: '/v2/teams/{teamId}/bookings',
    tag: 'Teams / Bookings',
    summary: `Bookings of the team's event types (team admin): ${LIST_SUMMARY}`,
    document: GetTeamBookingsDocument,
    result: 'teamBookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
];
