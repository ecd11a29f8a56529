import { route, RouteEntry } from '../route';

export const slotRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/slots/available',
    tag: 'Slots',
    summary:
      'Bookable slots of an event type (eventTypeId, or eventTypeSlug with username or teamSlug [and organizationSlug]) from startTime to endTime, by day in timeZone (default UTC); public',
    operation: `
      query GetAvailableSlots(
        $eventTypeId: Int, $eventTypeSlug: String, $username: String, $teamSlug: String, $organizationSlug: String,
        $startTime: String!, $endTime: String!, $timeZone: String
      ) {
        availableSlots(
          eventTypeId: $eventTypeId, eventTypeSlug: $eventTypeSlug, username: $username, teamSlug: $teamSlug, organizationSlug: $organizationSlug,
          startTime: $startTime, endTime: $endTime, timeZone: $timeZone
        ) { slots away { start end reason toUser { id username name } toEventTypeId toEventTypeSlug } }
      }`,
    result: 'availableSlots',
    // `away` (out-of-office redirects of the event type's owner) only when there is one.
    nulls: { omit: ['away'] },
  }),
];

const RESERVATION_FIELDS = 'eventTypeId slotStart slotEnd slotDuration reservationUid reservationDuration reservationUntil';

/** GET /v2/slots (the reference's 2024-09-04 version) and slot reservations: public (spec 5.3), one behaviour each (the header is not needed). */
export const slotV2Routes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/slots',
    tag: 'Slots',
    summary:
      'Bookable slots by date (2024-09-04): eventTypeId, or eventTypeSlug with username or teamSlug [and organizationSlug], or usernames (a dynamic group); start, end, timeZone, duration, format=range; public',
    operation: `
      query GetSlots(
        $eventTypeId: Int, $eventTypeSlug: String, $username: String, $teamSlug: String, $organizationSlug: String, $usernames: String,
        $start: String!, $end: String!, $timeZone: String, $duration: Int, $format: String, $bookingUidToReschedule: String
      ) {
        slots(
          eventTypeId: $eventTypeId, eventTypeSlug: $eventTypeSlug, username: $username, teamSlug: $teamSlug, organizationSlug: $organizationSlug,
          usernames: $usernames, start: $start, end: $end, timeZone: $timeZone, duration: $duration, format: $format,
          bookingUidToReschedule: $bookingUidToReschedule
        )
      }`,
    result: 'slots',
  }),
  route({
    method: 'POST',
    path: '/v2/slots/reservations',
    tag: 'Slots',
    summary: 'Hold a slot so that nobody else can book it for reservationDuration minutes (default 5); book it with reservationUid; public',
    operation: `mutation ReserveSlot($input: ReserveSlotInput!) { reserveSlot(input: $input) { ${RESERVATION_FIELDS} } }`,
    result: 'reserveSlot',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Get a slot reservation; public (the uid is the key)',
    operation: `query GetSlotReservation($uid: String!) { slotReservation(uid: $uid) { ${RESERVATION_FIELDS} } }`,
    result: 'slotReservation',
  }),
  route({
    method: 'PATCH',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Move or renew a slot reservation; public (the uid is the key)',
    operation: `mutation UpdateSlotReservation($uid: String!, $input: ReserveSlotInput!) { updateSlotReservation(uid: $uid, input: $input) { ${RESERVATION_FIELDS} } }`,
    result: 'updateSlotReservation',
  }),
  route({
    method: 'DELETE',
    path: '/v2/slots/reservations/{uid}',
    tag: 'Slots',
    summary: 'Free a reserved slot (answers the reservation as it was); public (the uid is the key)',
    operation: `mutation DeleteSlotReservation($uid: String!) { deleteSlotReservation(uid: $uid) { ${RESERVATION_FIELDS} } }`,
    result: 'deleteSlotReservation',
  }),
];
