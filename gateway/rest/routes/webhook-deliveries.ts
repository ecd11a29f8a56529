import { PAGINATION, route, RouteEntry } from '../route';

const DELIVERY_FIELDS = /* GraphQL */ `
  fragment WebhookDeliveryFields on WebhookDelivery {
    id webhookId triggerEvent status failureReason attemptCount nextAttemptAt redeliveryOf createdAt updatedAt
    attempts { attempt startedAt statusCode latencyMs responseSnippet error }
  }`;

/** The delivery log of the caller's own webhooks (WEBHOOK_READ / WEBHOOK_WRITE, like /v2/webhooks). */
export const webhookDeliveryRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/webhooks/{webhookId}/deliveries',
    tag: 'Webhooks',
    summary: "Get the deliveries of one of my webhooks, newest first, with each attempt (404 for anybody else's webhook)",
    operation: `
      query GetWebhookDeliveries($webhookId: Int!, $take: Int, $skip: Int) {
        webhookDeliveries(webhookId: $webhookId, take: $take, skip: $skip) { items { ...WebhookDeliveryFields } ${PAGINATION} }
      } ${DELIVERY_FIELDS}`,
    result: 'webhookDeliveries',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    tag: 'Webhooks',
    summary: 'Send a delivery of one of my webhooks again (a new delivery with the same body)',
    operation: `
      mutation RedeliverWebhookDelivery($webhookId: Int!, $deliveryId: String!) {
        redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }
      } ${DELIVERY_FIELDS}`,
    result: 'redeliverWebhookDelivery',
    status: 201,
  }),
];
