import {
  CreateEventTypeWebhookDocument,
  CreateWebhookDocument,
  DeleteAllEventTypeWebhooksDocument,
  DeleteEventTypeWebhookDocument,
  DeleteWebhookDocument,
  GetEventTypeWebhookDocument,
  GetEventTypeWebhooksDocument,
  GetWebhookDocument,
  GetWebhooksDocument,
  UpdateEventTypeWebhookDocument,
  UpdateWebhookDocument,
} from '../contracts/generated';
import { DEVIATION, withDeviations } from '../deviations';
import { route, RouteEntry } from '../route';

const userWebhookRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/webhooks',
    tag: 'Webhooks',
    summary: 'Get my webhooks',
    document: GetWebhooksDocument,
    result: 'webhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/webhooks',
    tag: 'Webhooks',
    summary: 'Create a webhook',
    document: CreateWebhookDocument,
    result: 'createWebhook',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: "Get one of my webhooks (404 for anybody else's)",
    document: GetWebhookDocument,
    result: 'webhook',
  }),
  route({
    method: 'PATCH',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Update one of my webhooks (partial; checked like a create; 409 when the subscriberUrl is taken)',
    document: UpdateWebhookDocument,
    result: 'updateWebhook',
  }),
  route({
    method: 'DELETE',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Delete one of my webhooks (answers the deleted webhook)',
    document: DeleteWebhookDocument,
    result: 'deleteWebhook',
  }),
];

/** Webhooks of one of the caller's personal event types (EVENT_TYPE_READ / EVENT_TYPE_WRITE, spec 5.3). */
const EVENT_TYPE_WEBHOOKS = '/v2/event-types/{eventTypeId}/webhooks';
const eventTypeWebhookRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: EVENT_TYPE_WEBHOOKS,
    tag: 'Event Types / Webhooks',
    summary: 'Get the webhooks of one of my event types',
    document: GetEventTypeWebhooksDocument,
    result: 'eventTypeWebhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: EVENT_TYPE_WEBHOOKS,
    tag: 'Event Types / Webhooks',
    summary: 'Create a webhook of one of my event types',
    document: CreateEventTypeWebhookDocument,
    result: 'createEventTypeWebhook',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: EVENT_TYPE_WEBHOOKS,
    tag: 'Event Types / Webhooks',
    summary: 'Delete every webhook of one of my event types (answers how many were deleted)',
    document: DeleteAllEventTypeWebhooksDocument,
    result: 'deleteAllEventTypeWebhooks',
  }),
  route({
    method: 'GET',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Get a webhook of one of my event types',
    document: GetEventTypeWebhookDocument,
    result: 'eventTypeWebhook',
  }),
  route({
    method: 'PATCH',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Update a webhook of one of my event types (partial; checked like a create)',
    document: UpdateEventTypeWebhookDocument,
    result: 'updateEventTypeWebhook',
  }),
  route({
    method: 'DELETE',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Delete a webhook of one of my event types (answers the deleted webhook)',
    document: DeleteEventTypeWebhookDocument,
    result: 'deleteEventTypeWebhook',
  }),
];

/** Replayed by test/conformance/webhooks.test.ts: the deviations its cases assert (docs/compatibility.md, Webhooks). */
export const webhookRoutes = [
  ...withDeviations(userWebhookRoutes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook),
  ...withDeviations(eventTypeWebhookRoutes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook, DEVIATION.otherEventType),
];
