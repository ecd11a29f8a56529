import { CreateEventTypeDocument, DeleteEventTypeDocument, GetEventTypeDocument, GetEventTypesDocument, UpdateEventTypeDocument } from '../contracts/generated';
import { DEVIATION } from '../deviations';
import { route } from '../route';
import { EVENT_TYPE_NULLS } from './event-type-fields';

export const eventTypeRoutes = [
  route({
    method: 'GET',
    path: '/v2/event-types',
    tag: 'Event Types',
    summary:
      "Get my event types, or with username a user's event types (public; hidden ones only to the user; orgSlug or orgId: the user's organization). eventSlug: only the one with this slug",
    document: GetEventTypesDocument,
    result: 'eventTypes',
    nulls: EVENT_TYPE_NULLS,
    paginated: true,
    unservedQuery: {
      usernames:
        "a dynamic group's event type is not part of this API (no booking can be made of one); the times a group is free together are GET /v2/slots?usernames=…",
    },
    deviations: [DEVIATION.dynamicGroupEventType],
  }),
  route({
    method: 'POST',
    path: '/v2/event-types',
    tag: 'Event Types',
    summary: 'Create an event type',
    document: CreateEventTypeDocument,
    result: 'createEventType',
    nulls: EVENT_TYPE_NULLS,
    status: 201,
    deviations: [DEVIATION.blockUnconfirmed, DEVIATION.durationLimitsOf15, DEVIATION.noDefaultLocation, DEVIATION.seatsWithRecurrence],
  }),
  route({
    method: 'GET',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Get one of my event types',
    document: GetEventTypeDocument,
    result: 'eventType',
    nulls: EVENT_TYPE_NULLS,
  }),
  route({
    method: 'PATCH',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Update an event type (teamId and parentId cannot change)',
    document: UpdateEventTypeDocument,
    result: 'updateEventType',
    nulls: EVENT_TYPE_NULLS,
    deviations: [DEVIATION.blockUnconfirmed, DEVIATION.durationLimitsOf15, DEVIATION.seatsWithRecurrence],
  }),
  route({
    method: 'DELETE',
    path: '/v2/event-types/{eventTypeId}',
    tag: 'Event Types',
    summary: 'Delete one of my event types (answers the deleted event type)',
    document: DeleteEventTypeDocument,
    result: 'deleteEventType',
    nulls: EVENT_TYPE_NULLS,
  }),
];
