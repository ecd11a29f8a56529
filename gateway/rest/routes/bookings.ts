import { PAGINATION, route, RouteEntry } from '../route';

/** svc-api-version of the bookings endpoints (spec 9); without it they answer their older version. */
export const BOOKINGS_VERSION = '2024-08-13';
const TAG = 'Bookings';

/** BookingOutput_2024_08_13 of the reference. */
const BOOKING = /* GraphQL */ `
  fragment BookingFields on Booking {
    id uid title description
    hosts { id name email username timeZone }
    status cancellationReason reschedulingReason rescheduledFromUid rescheduledToUid
    start end duration eventTypeId eventType { id slug }
    location metadata absentHost
    attendees { name email timeZone language absent seatUid }
    bookingFieldsResponses createdAt updatedAt
  }`;

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

const LIST_VARIABLES =
  '$status: [BookingStatus!], $attendeeEmail: String, $eventTypeId: Int, $afterStart: String, $beforeEnd: String, $sortStart: SortOrder, $sortEnd: SortOrder, $sortCreated: SortOrder, $take: Int, $skip: Int';
const LIST_ARGUMENTS =
  'status: $status, attendeeEmail: $attendeeEmail, eventTypeId: $eventTypeId, afterStart: $afterStart, beforeEnd: $beforeEnd, sortStart: $sortStart, sortEnd: $sortEnd, sortCreated: $sortCreated, take: $take, skip: $skip';

/** One entry per version of an endpoint: the 2024-08-13 shape, and the older one for requests without the header. */
function bothVersions(entry: Omit<RouteEntry, 'tag' | 'operation'> & { operation: (fields: string, fragment: string) => string }): RouteEntry[] {
  const { operation, summary, ...rest } = entry;
  return [
    route({ ...rest, tag: TAG, summary, operation: operation('...BookingFields', BOOKING), version: BOOKINGS_VERSION }),
    route({ ...rest, tag: TAG, summary: `${summary} (older version: without svc-api-version ${BOOKINGS_VERSION})`, operation: operation('...LegacyBookingFields', LEGACY_BOOKING) }),
  ];
}

export const bookingRoutes: RouteEntry[] = [
  route({
    method: 'POST',
    path: '/v2/bookings',
    tag: TAG,
    summary: 'Book a slot: eventTypeId, start (UTC), attendee {name, email, timeZone, language}, location, metadata, privateLinkId to book through a private link (public; 409 when the slot is not available or the link has expired)',
    operation: `mutation CreateBooking($input: CreateBookingInput!) { createBooking(input: $input) { ...BookingFields } } ${BOOKING}`,
    result: 'createBooking',
    status: 201,
    version: BOOKINGS_VERSION,
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
    summary: 'My bookings as host: status (comma-separated), attendeeEmail, eventTypeId, afterStart, beforeEnd, sortStart, sortEnd, sortCreated, take, skip',
    operation: (fields, fragment) => `query GetBookings(${LIST_VARIABLES}) { bookings(${LIST_ARGUMENTS}) { items { ${fields} } ${PAGINATION} } } ${fragment}`,
    result: 'bookings',
    paginated: true,
  }),
  ...bothVersions({
    method: 'GET',
    path: '/v2/bookings/{bookingUid}',
    summary: 'One of my bookings as host',
    operation: (fields, fragment) => `query GetBooking($bookingUid: String!) { booking(uid: $bookingUid) { ${fields} } } ${fragment}`,
    result: 'booking',
  }),
  ...bothVersions({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/cancel',
    summary: 'Cancel a booking, with cancellationReason (public; 409 when it is already cancelled)',
    operation: (fields, fragment) =>
      `mutation CancelBooking($bookingUid: String!, $input: CancelBookingInput!) { cancelBooking(uid: $bookingUid, input: $input) { ${fields} } } ${fragment}`,
    result: 'cancelBooking',
  }),
  ...bothVersions({
    method: 'POST',
    path: '/v2/bookings/{bookingUid}/reschedule',
    summary: 'Reschedule a booking to start, with reschedulingReason: answers the new booking; the old one is cancelled (public; 409 when the slot is not available)',
    operation: (fields, fragment) =>
      `mutation RescheduleBooking($bookingUid: String!, $input: RescheduleBookingInput!) { rescheduleBooking(uid: $bookingUid, input: $input) { ${fields} } } ${fragment}`,
    result: 'rescheduleBooking',
    status: 201,
  }),
];
