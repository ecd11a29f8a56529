import { DEVIATION, withDeviations } from '../deviations';
import { PAGINATION, route, RouteEntry } from '../route';

export const WEBHOOK_FIELDS = /* GraphQL */ `
  fragment WebhookFields on Webhook {
    id userId teamId eventTypeId oAuthClientId subscriberUrl active triggers payloadTemplate version time timeUnit createdAt updatedAt
  }`;

const userWebhookRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/webhooks',
    tag: 'Webhooks',
    summary: 'Get my webhooks',
    operation: `
      query GetWebhooks($take: Int, $skip: Int) {
        webhooks(take: $take, skip: $skip) { items { ...WebhookFields } ${PAGINATION} }
      } ${WEBHOOK_FIELDS}`,
    result: 'webhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/webhooks',
    tag: 'Webhooks',
    summary: 'Create a webhook',
    operation: `mutation CreateWebhook($input: CreateWebhookInput!) { createWebhook(input: $input) { ...WebhookFields } } ${WEBHOOK_FIELDS}`,
    result: 'createWebhook',
    status: 201,
  }),
  route({
    method: 'GET',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: "Get one of my webhooks (404 for anybody else's)",
    operation: `query GetWebhook($webhookId: Int!) { webhook(id: $webhookId) { ...WebhookFields } } ${WEBHOOK_FIELDS}`,
    result: 'webhook',
  }),
  route({
    method: 'PATCH',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Update one of my webhooks (partial; checked like a create; 409 when the subscriberUrl is taken)',
    operation: `mutation UpdateWebhook($webhookId: Int!, $input: UpdateWebhookInput!) { updateWebhook(id: $webhookId, input: $input) { ...WebhookFields } } ${WEBHOOK_FIELDS}`,
    result: 'updateWebhook',
  }),
  route({
    method: 'DELETE',
    path: '/v2/webhooks/{webhookId}',
    tag: 'Webhooks',
    summary: 'Delete one of my webhooks (answers the deleted webhook)',
    operation: `mutation DeleteWebhook($webhookId: Int!) { deleteWebhook(id: $webhookId) { ...WebhookFields } } ${WEBHOOK_FIELDS}`,
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
    operation: `
      query GetEventTypeWebhooks($eventTypeId: Int!, $take: Int, $skip: Int) {
        eventTypeWebhooks(eventTypeId: $eventTypeId, take: $take, skip: $skip) { items { ...WebhookFields } ${PAGINATION} }
      } ${WEBHOOK_FIELDS}`,
    result: 'eventTypeWebhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: EVENT_TYPE_WEBHOOKS,
    tag: 'Event Types / Webhooks',
    summary: 'Create a webhook of one of my event types',
    operation: `
      mutation CreateEventTypeWebhook($eventTypeId: Int!, $input: CreateWebhookInput!) {
        createEventTypeWebhook(eventTypeId: $eventTypeId, input: $input) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'createEventTypeWebhook',
    status: 201,
  }),
  route({
    method: 'DELETE',
    path: EVENT_TYPE_WEBHOOKS,
    tag: 'Event Types / Webhooks',
    summary: 'Delete every webhook of one of my event types (answers how many were deleted)',
    operation: `mutation DeleteAllEventTypeWebhooks($eventTypeId: Int!) { deleteAllEventTypeWebhooks(eventTypeId: $eventTypeId) }`,
    result: 'deleteAllEventTypeWebhooks',
  }),
  route({
    method: 'GET',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Get a webhook of one of my event types',
    operation: `
      query GetEventTypeWebhook($eventTypeId: Int!, $webhookId: Int!) {
        eventTypeWebhook(eventTypeId: $eventTypeId, webhookId: $webhookId) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'eventTypeWebhook',
  }),
  route({
    method: 'PATCH',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Update a webhook of one of my event types (partial; checked like a create)',
    operation: `
      mutation UpdateEventTypeWebhook($eventTypeId: Int!, $webhookId: Int!, $input: UpdateWebhookInput!) {
        updateEventTypeWebhook(eventTypeId: $eventTypeId, webhookId: $webhookId, input: $input) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'updateEventTypeWebhook',
  }),
  route({
    method: 'DELETE',
    path: `${EVENT_TYPE_WEBHOOKS}/{webhookId}`,
    tag: 'Event Types / Webhooks',
    summary: 'Delete a webhook of one of my event types (answers the deleted webhook)',
    operation: `
      mutation DeleteEventTypeWebhook($eventTypeId: Int!, $webhookId: Int!) {
        deleteEventTypeWebhook(eventTypeId: $eventTypeId, webhookId: $webhookId) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'deleteEventTypeWebhook',
  }),
];

/** Replayed by test/conformance/webhooks.test.ts: the deviations its cases assert (docs/compatibility.md, Webhooks). */
export const webhookRoutes = [
  ...withDeviations(userWebhookRoutes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook),
  ...withDeviations(eventTypeWebhookRoutes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook, DEVIATION.otherEventType),
];
