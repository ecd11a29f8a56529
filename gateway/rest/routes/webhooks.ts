import { PAGINATION, route } from '../route';

const WEBHOOK_FIELDS = /* GraphQL */ `
  fragment WebhookFields on Webhook {
    id userId teamId eventTypeId oAuthClientId subscriberUrl active triggers payloadTemplate version time timeUnit createdAt updatedAt
  }`;

export const webhookRoutes = [
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
];
