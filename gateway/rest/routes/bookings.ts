import { DEVIATION } from '../deviations';
import { PAGINATION, route, RouteEntry } from '../route';

/** svc-api-version of the bookings endpoints (spec 9); without it they answer their older version. */
export const BOOKINGS_VERSION = '2024-08-13';
const TAG = 'Bookings';

/** BookingOutput_2024_08_13 of the reference. */
const BOOKING = /* GraphQL */ `
  fragment BookingFields on Booking {
    id uid title description
    hosts: organizers { id name email username timeZone }
    status cancellationReason cancelledByEmail reschedulingReason rescheduledByEmail rescheduledFromUid rescheduledToUid
    start end duration eventTypeId eventType { id slug }
    location meetingUrl metadata absentHost
    attendees: participants { name email timeZone language absent phoneNumber seatUid bookingFieldsResponses metadata }
    guests bookingFieldsResponses createdAt updatedAt recurringBookingUid seatUid
  }`;

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

/** The older answer: the booking record's own names (startTime, endTime, userId, user, responses, fromReschedule). */
const LEGACY_BOOKING = /* GraphQL */ `
  fragment LegacyBookingFields on Booking {
    id uid title description userId eventTypeId
    startTime: start endTime: end status location metadata
    responses: bookingFieldsResponses
    attendees { name email timeZone locale: language absent }
    user: host { id name email username timeZone }
    cancellationReason fromReschedule: rescheduledFromUid createdAt updatedAt
  }`;

/** The query parameters of GET /v2/bookings (reference GetBookingsInput_2024_08_13), as GraphQL variable types. */
const LIST_PARAMETERS: Record<string, string> = {
  status: '[BookingStatusFilter!]',
  attendeeEmail: 'String',
  attendeeName: 'String',
  bookingUid: 'String',
  eventTypeId: 'Int',
  eventTypeIds: '[Int!]',
  teamId: 'Int',
  teamsIds: '[Int!]',
  afterStart: 'String',
  beforeEnd: 'String',
  afterCreatedAt: 'String',
  beforeCreatedAt: 'String',
  afterUpdatedAt: 'String',
  beforeUpdatedAt: 'String',
  sortStart: 'SortOrder',
  sortEnd: 'SortOrder',
  sortCreated: 'SortOrder',
  sortUpdatedAt: 'SortOrder',
  take: 'Int',
  skip: 'Int',
};

/** `$a: T, $b: U` and `a: $a, b: $b` for these parameters; path parameters (`teamId` of a team path) left out. */
function listParameters(except: string[] = [], extra: Record<string, string> = {}) {
  const names = Object.entries({ ...LIST_PARAMETERS, ...extra }).filter(([name]) => !except.includes(name));
  return { variables: names.map(([name, type]) => `$${name}: ${type}`).join(', '), args: names.map(([name]) => `${name}: $${name}`).join(', ') };
}

const LIST = listParameters();
const LIST_VARIABLES = LIST.variables;
const LIST_ARGUMENTS = LIST.args;
const LIST_SUMMARY =
  "status (comma-separated: accepted, pending, cancelled, rejected, and the reference's upcoming, unconfirmed, past, recurring), attendeeEmail, attendeeName, bookingUid, eventTypeId, eventTypeIds, teamId, teamsIds, afterStart, beforeEnd, afterCreatedAt, beforeCreatedAt, afterUpdatedAt, beforeUpdatedAt, sortStart, sortEnd, sortCreated, sortUpdatedAt, take, skip";

/** One entry per version of an endpoint: the 2024-08-13 shape, and the older one for requests without the header. */
function bothVersions(entry: Omit<RouteEntry, 'tag' | 'operation'> & { operation: (fields: string, fragment: string) => string }): RouteEntry[] {
  const { operation, summary, ...rest } = entry;
  return [
    route({ ...rest, tag: TAG, summary, operation: operation('...BookingFields', BOOKING), version: BOOKINGS_VERSION, nulls: BOOKING_NULLS }),
    route({
      ...rest,
      tag: TAG,
      summary: `${summary} (older version: without svc-api-version ${BOOKINGS_VERSION})`,
      operation: operation('...LegacyBookingFields', LEGACY_BOOKING),
    }),
  ];
}

export const bookingRoutes: RouteEntry[] = [
  route({
    method: 'POST',
    path: '/v2/bookings',
    tag: TAG,
    summary:
      'Book a slot: eventTypeId, start (UTC), attendee {name, email, timeZone, language, phoneNumber}, guests, location, metadata, privateLinkId to book through a private link (public; 409 when the slot is not available or the link has expired)',
    operation: `mutation CreateBooking($input: CreateBookingInput!) { createBooking(input: $input) { ...BookingFields occurrences { ...BookingFields } } } ${BOOKING}`,
    result: 'createBooking',
    listWhenPresent: SERIES,
    status: 201,
    version: BOOKINGS_VERSION,
    nulls: BOOKING_NULLS,
    deviations: [DEVIATION.seatedAttendeeShape, DEVIATION.bookingFieldMessage],
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/email-verification-code',
    tag: TAG,
    summary:
      'Mail a six-digit code to a booker: eventTypeId (one with requiresBookerEmailVerification) and email; book with it as emailVerificationCode within 10 minutes, once (public; at most 5 codes per address and event type per hour, 429 beyond)',
    operation: `mutation RequestBookerEmailVerificationCode($input: RequestBookerEmailCodeInput!) { requestBookerEmailVerificationCode(input: $input) { eventTypeId email expiresAt } }`,
    result: 'requestBookerEmailVerificationCode',
    status: 201,
  }),
  route({
    method: 'POST',
    path: '/v2/bookings',
    tag: TAG,
    summary: `Book a slot with the older body: start, eventTypeId, timeZone, language, metadata, responses {name, email, location, notes}, privateLinkId; rescheduleUid reschedules (without svc-api-version ${BOOKINGS_VERSION})`,
    operation: `mutation LegacyCreateBooking($input: LegacyCreateBookingInput!) { legacyCreateBooking(input: $input) { ...LegacyBookingFields } } ${LEGACY_BOOKING}`,
    result: 'legacyCreateBooking',
    status: 201,
  }),
  ...bothVersions({
    method: 'GET',
    path: '/v2/bookings',
    summary: `My bookings as host: ${LIST_SUMMARY}`,
    operation: (fields, fragment) => `query GetBookings(${LIST_VARIABLES}) { bookings(${LIST_ARGUMENTS}) { items { ${fields} } ${PAGINATION} } } ${fragment}`,
    result: 'bookings',
    paginated: true,
  }),
  ...bothVersions({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}',
    summary: 'One of my bookings as host; the uid of a recurring booking (recurringBookingUid) answers every occurrence',
    operation: (fields, fragment) => `query GetBooking($bookingUid: String!) { booking(uid: $bookingUid) { ${fields} occurrences { ${fields} } } } ${fragment}`,
    result: 'booking',
    listWhenPresent: SERIES,
    deviations: [DEVIATION.bookingReadNeedsCredential, DEVIATION.seatedAttendeeShape],
  }),
  ...bothVersions({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/cancel',
    summary:
      'Cancel a booking, with cancellationReason (public; 409 when it is already cancelled). The uid of a recurring booking cancels every occurrence left, cancelSubsequentBookings an occurrence and the later ones (both answer every occurrence); seatUid cancels one seat of a seated booking. The host, calling for themselves, gives a cancellationReason (400 without one)',
    operation: (fields, fragment) =>
      `mutation CancelBooking($bookingUid: String!, $input: CancelBookingInput!) { cancelBooking(uid: $bookingUid, input: $input) { ${fields} occurrences { ${fields} } } } ${fragment}`,
    result: 'cancelBooking',
    listWhenPresent: SERIES,
    deviations: [DEVIATION.hostCancelReasonMessage],
  }),
  ...bothVersions({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reschedule',
    summary:
      'Reschedule a booking to start, with reschedulingReason: answers the new booking; the old one is cancelled (public; 409 when the slot is not available). seatUid moves one seat of a seated booking; the others keep theirs',
    operation: (fields, fragment) =>
      `mutation RescheduleBooking($bookingUid: String!, $input: RescheduleBookingInput!) { rescheduleBooking(uid: $bookingUid, input: $input) { ${fields} } } ${fragment}`,
    result: 'rescheduleBooking',
    status: 201,
    deviations: [DEVIATION.seatedRescheduleMessage],
  }),
];

/** One action or read on a booking: one behaviour (the 2024-08-13 shape), whatever svc-api-version says. */
function bookingAction(entry: {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  summary: string;
  field: string;
  variables?: string;
  args?: string;
  deviations?: readonly string[];
}): RouteEntry {
  const variables = ['$bookingUid: String!', ...(entry.variables ? [entry.variables] : [])].join(', ');
  const args = ['uid: $bookingUid', ...(entry.args ? [entry.args] : [])].join(', ');
  const kind = entry.method === 'GET' ? 'query' : 'mutation';
  const name = entry.field[0].toUpperCase() + entry.field.slice(1);
  return route({
    method: entry.method,
    path: `/v2/bookings/{bookingUid}${entry.path}`,
    tag: TAG,
    summary: entry.summary,
    operation: `${kind} ${name}(${variables}) { ${entry.field}(${args}) { ...BookingFields } } ${BOOKING}`,
    result: entry.field,
    nulls: BOOKING_NULLS,
    deviations: entry.deviations,
  });
}

const WHO = 'the host, or an admin of the team (or organization) of a team event type';
const ATTENDEE = 'id name email timeZone language absent phoneNumber';
/** One attendee read by its id: without the id (the real get-attendees spec). */
const ONE_ATTENDEE = 'name email timeZone language absent phoneNumber';
/** ReassignBookingOutput_2024_08_13 of the reference: the booking's uid and its new host. */
const REASSIGNED = 'bookingUid: uid reassignedTo: host { id name email }';

export const bookingActionRoutes: RouteEntry[] = [
  bookingAction({
    method: 'POST',
    path: '/confirm',
    field: 'confirmBooking',
    summary: `Confirm a pending booking: it becomes accepted (${WHO}; 409 unless it is pending)`,
  }),
  bookingAction({
    method: 'POST',
    path: '/decline',
    field: 'declineBooking',
    variables: '$input: DeclineBookingInput!',
    args: 'input: $input',
    summary: `Decline a pending booking with a reason: it becomes rejected (${WHO}; 409 unless it is pending)`,
  }),
  bookingAction({
    method: 'POST',
    path: '/mark-absent',
    field: 'markBookingAbsent',
    variables: '$input: MarkAbsentInput!',
    args: 'input: $input',
    summary: `Mark the host (host: true/false) and attendees ([{email, absent}]) absent or present, once the meeting has started (${WHO}; 409 before the start or unless accepted)`,
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reassign',
    tag: TAG,
    summary: `Reassign a team booking to the least recently booked other host who is free: answers {bookingUid, reassignedTo {id, name, email}} (${WHO}; 409 when none is)`,
    operation: `mutation ReassignBooking($bookingUid: String!) { reassignBooking(uid: $bookingUid) { ${REASSIGNED} } }`,
    result: 'reassignBooking',
    deviations: [DEVIATION.reassignByHostOrAdmin],
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reassign/{userId}',
    tag: TAG,
    summary: `Reassign a team booking to this host of its event type, with a reason: answers {bookingUid, reassignedTo {id, name, email}} (${WHO}; 404 when not a host of it, 409 when not free)`,
    operation: `mutation ReassignBookingToUser($bookingUid: String!, $userId: Int!, $input: ReassignBookingInput!) { reassignBookingToUser(uid: $bookingUid, userId: $userId, input: $input) { ${REASSIGNED} } }`,
    result: 'reassignBookingToUser',
    deviations: [DEVIATION.reassignByHostOrAdmin],
  }),
  bookingAction({
    method: 'POST',
    path: '/request-reschedule',
    field: 'requestBookingReschedule',
    variables: '$input: RequestRescheduleInput!',
    args: 'input: $input',
    summary: `Ask the attendee to book another time: the booking is cancelled with the reason (${WHO}; 409 unless accepted or pending and not ended)`,
  }),
  bookingAction({
    method: 'POST',
    path: '/guests',
    field: 'addBookingGuests',
    variables: '$input: AddGuestsInput!',
    args: 'input: $input',
    summary: `Add guests by e-mail: guests [email] (${WHO}; at most 30 guests; 400 for one already there)`,
    deviations: [DEVIATION.guestsOnlyInGuests],
  }),
  bookingAction({
    method: 'PATCH',
    path: '/location',
    field: 'updateBookingLocation',
    variables: '$input: UpdateBookingLocationInput!',
    args: 'input: $input',
    summary: `Move the meeting to another of the event type's locations: location {type, …} (${WHO})`,
  }),
  route({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/attendees',
    tag: TAG,
    summary: `Add an attendee: name, email, timeZone, language, phoneNumber (${WHO}; 409 when the e-mail already attends)`,
    operation: `mutation AddBookingAttendee($bookingUid: String!, $input: AddAttendeeInput!) { addBookingAttendee(uid: $bookingUid, input: $input) { bookingId ${ATTENDEE} } }`,
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
    operation: `query GetBookingAttendees($bookingUid: String!) { bookingAttendees(uid: $bookingUid) { ${ATTENDEE} } }`,
    result: 'bookingAttendees',
    nulls: { omit: ['phoneNumber'] },
    deviations: [DEVIATION.attendeesOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/attendees/{attendeeId}',
    tag: TAG,
    summary: `One attendee of a booking (${WHO})`,
    operation: `query GetBookingAttendee($bookingUid: String!, $attendeeId: Int!) { bookingAttendee(uid: $bookingUid, attendeeId: $attendeeId) { ${ONE_ATTENDEE} } }`,
    result: 'bookingAttendee',
    nulls: { omit: ['phoneNumber'] },
    deviations: [DEVIATION.attendeesOfOthers],
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/calendar-links',
    tag: TAG,
    summary: `Links that add the booking to Google Calendar, Microsoft Office, Microsoft Outlook, and an ICS document (${WHO})`,
    operation: 'query GetBookingCalendarLinks($bookingUid: String!) { bookingCalendarLinks(uid: $bookingUid) { id label link } }',
    result: 'bookingCalendarLinks',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/references',
    tag: TAG,
    summary: `Where the booking was written in calendar and video providers; type filters. Always an empty list for now: no calendar or conferencing provider writes bookings yet (${WHO})`,
    operation:
      'query GetBookingReferences($bookingUid: String!, $type: String) { bookingReferences(uid: $bookingUid, type: $type) { id type eventUid destinationCalendarId } }',
    result: 'bookingReferences',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/recordings',
    tag: TAG,
    summary: `Recordings of the meeting. Always an empty list for now: no conferencing provider records meetings yet (${WHO})`,
    operation:
      'query GetBookingRecordings($bookingUid: String!) { bookingRecordings(uid: $bookingUid) { id roomName startTs status maxParticipants duration shareToken downloadLink error } }',
    result: 'bookingRecordings',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/transcripts',
    tag: TAG,
    summary: `Download links of the meeting's transcripts. Always an empty list for now: no conferencing provider transcribes meetings yet (${WHO})`,
    operation: 'query GetBookingTranscripts($bookingUid: String!) { bookingTranscripts(uid: $bookingUid) }',
    result: 'bookingTranscripts',
  }),
  route({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}/conferencing-sessions',
    tag: TAG,
    summary: `Video sessions of the meeting. Always an empty list for now: no conferencing provider reports sessions yet (${WHO})`,
    operation: 'query GetBookingConferencingSessions($bookingUid: String!) { bookingConferencingSessions(uid: $bookingUid) { id details } }',
    result: 'bookingConferencingSessions',
  }),
];

const TEAM_LIST = listParameters(['teamId', 'teamsIds']);
const ORG_LIST = listParameters([], { userIds: '[Int!]' });
const ORG_USER_LIST = listParameters();

/** Booking lists of organizations, their teams and members, and of teams (spec 5.3 ORG_BOOKING_READ, TEAM_BOOKING_READ). */
export const organizationBookingRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/bookings',
    tag: 'Orgs / Bookings',
    summary: `Bookings of the organization's teams and of its members' personal event types (organization admin): ${LIST_SUMMARY}, userIds`,
    operation: `query GetOrganizationBookings($orgId: Int!, ${ORG_LIST.variables}) { organizationBookings(orgId: $orgId, ${ORG_LIST.args}) { items { ...BookingFields } ${PAGINATION} } } ${BOOKING}`,
    result: 'organizationBookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/users/{userId}/bookings',
    tag: 'Orgs / Users / Bookings',
    summary: `Bookings of a member of the organization, within the organization (organization admin): ${LIST_SUMMARY}`,
    operation: `query GetOrganizationUserBookings($orgId: Int!, $userId: Int!, ${ORG_USER_LIST.variables}) {
      organizationUser(orgId: $orgId, userId: $userId) { bookings(${ORG_USER_LIST.args}) { items { ...BookingFields } ${PAGINATION} } }
    } ${BOOKING}`,
    result: 'organizationUser.bookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
  route({
    method: 'GET',
    path: '/v2/organizations/{orgId}/teams/{teamId}/bookings',
    tag: 'Orgs / Teams / Bookings',
    summary: `Bookings of the team's event types (team or organization admin): ${LIST_SUMMARY}`,
    operation: `query GetOrganizationTeamBookings($orgId: Int!, $teamId: Int!, ${TEAM_LIST.variables}) { teamBookings(orgId: $orgId, teamId: $teamId, ${TEAM_LIST.args}) { items { ...BookingFields } ${PAGINATION} } } ${BOOKING}`,
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
    operation:
      'query GetOrganizationTeamBookingReferences($orgId: Int!, $teamId: Int!, $bookingUid: String!, $type: String) { teamBookingReferences(orgId: $orgId, teamId: $teamId, uid: $bookingUid, type: $type) { id type eventUid destinationCalendarId } }',
    result: 'teamBookingReferences',
  }),
  route({
    method: 'GET',
    path: '/v2/teams/{teamId}/bookings',
    tag: 'Teams / Bookings',
    summary: `Bookings of the team's event types (team admin): ${LIST_SUMMARY}`,
    operation: `query GetTeamBookings($teamId: Int!, ${TEAM_LIST.variables}) { teamBookings(teamId: $teamId, ${TEAM_LIST.args}) { items { ...BookingFields } ${PAGINATION} } } ${BOOKING}`,
    result: 'teamBookings',
    paginated: true,
    nulls: BOOKING_NULLS,
  }),
];
