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
        ) { slots }
      }`,
    result: 'availableSlots',
  }),
];
