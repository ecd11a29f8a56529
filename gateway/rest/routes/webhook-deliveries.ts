import { GetWebhookDeliveriesDocument, RedeliverWebhookDeliveryDocument } from '../contracts/generated';
import { route, RouteEntry } from '../route';

/** The delivery log of the caller's own webhooks (WEBHOOK_READ / WEBHOOK_WRITE, like /v2/webhooks). */
export const webhookDeliveryRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/webhooks/{webhookId}/deliveries',
    tag: 'Webhooks',
    summary: "Get the deliveries of one of my webhooks, newest first, with each attempt (404 for anybody else's webhook)",
    document: GetWebhookDeliveriesDocument,
    result: 'webhookDeliveries',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: '/v2/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    tag: 'Webhooks',
    summary: 'Send a delivery of one of my webhooks again (a new delivery with the same body)',
    document: RedeliverWebhookDeliveryDocument,
    result: 'redeliverWebhookDelivery',
    status: 201,
  }),
];
