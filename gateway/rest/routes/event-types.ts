import { DEVIATION } from '../deviations';
import { PAGINATION, route } from '../route';
import { EVENT_TYPE_FIELDS, EVENT_TYPE_NULLS } from './event-type-fields';

export const eventTypeRoutes = [
  route({
    method: 'GET',
    path: '/v2/event-types',
    tag: 'Event Types',
    summary:
      "Get my event types, or with username a user's event types (public; hidden ones only to the user; orgSlug or orgId: the user's organization). eventSlug: only the one with this slug",
    operation: `
      query GetEventTypes($eventSlug: String, $username: String, $orgSlug: String, $orgId: Int, $take: Int, $skip: Int) {
        eventTypes(eventSlug: $eventSlug, username: $username, orgSlug: $orgSlug, orgId: $orgId, take: $take, skip: $skip) { items { ...EventTypeFields } ${PAGINATION} }
      } ${EVENT_TYPE_FIELDS}`,
    result: 'eventTypes',
    nulls: EVENT_TYPE_NULLS,
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/event-types',
    tag: 'Event Types',
    summary: 'Create an event type',
    operation: `mutation CreateEventType($input: CreateEventTypeInput!) { createEventType(input: $input) { ...EventTypeFields } } ${EVENT_TYPE_FIELDS}`,
    result: 'createEventType',
    nulls: EVENT_TYPE_NULLS,
    status: 201,
    deviations: [DEVIATION.blockUnconfirmed, DEVIATION.durationLimitsOf15],
  }),
  route({
    method: 'GET',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Get one of my event types',
    operation: `query GetEventType($eventTypeId: Int!) { eventType(eventTypeId: $eventTypeId) { ...EventTypeFields } } ${EVENT_TYPE_FIELDS}`,
    result: 'eventType',
    nulls: EVENT_TYPE_NULLS,
  }),
  route({
    method: 'PATCH',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Update an event type (teamId and parentId cannot change)',
    operation: `
      mutation UpdateEventType($eventTypeId: Int!, $input: UpdateEventTypeInput!) {
        updateEventType(eventTypeId: $eventTypeId, input: $input) { ...EventTypeFields }
      } ${EVENT_TYPE_FIELDS}`,
    result: 'updateEventType',
    nulls: EVENT_TYPE_NULLS,
    deviations: [DEVIATION.blockUnconfirmed, DEVIATION.durationLimitsOf15],
  }),
  route({
    method: 'DELETE',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Delete one of my event types (answers the deleted event type)',
    operation: `mutation DeleteEventType($eventTypeId: Int!) { deleteEventType(eventTypeId: $eventTypeId) { ...EventTypeFields } } ${EVENT_TYPE_FIELDS}`,
    result: 'deleteEventType',
    nulls: EVENT_TYPE_NULLS,
  }),
];
