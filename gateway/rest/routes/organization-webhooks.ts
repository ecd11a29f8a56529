import { DEVIATION, withDeviations } from '../deviations';
import { PAGINATION, route, RouteEntry } from '../route';
import { WEBHOOK_FIELDS } from './webhooks';

/** Webhooks of an organization (reference tag "Orgs / Webhooks"; ORG_WEBHOOK_READ / ORG_WEBHOOK_WRITE, org admins). */
const ORG_WEBHOOKS = '/v2/organizations/{orgId}/webhooks';
const TAG = 'Orgs / Webhooks';

const routes: RouteEntry[] = [
  route({
    method: 'GET',
    path: ORG_WEBHOOKS,
    tag: TAG,
    summary: 'Get the webhooks of an organization',
    operation: `
      query GetOrganizationWebhooks($orgId: Int!, $take: Int, $skip: Int) {
        organizationWebhooks(orgId: $orgId, take: $take, skip: $skip) { items { ...WebhookFields } ${PAGINATION} }
      } ${WEBHOOK_FIELDS}`,
    result: 'organizationWebhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: ORG_WEBHOOKS,
    tag: TAG,
    summary: 'Create a webhook of an organization (409 when it already has one for the subscriberUrl)',
    operation: `
      mutation CreateOrganizationWebhook($orgId: Int!, $input: CreateWebhookInput!) {
        createOrganizationWebhook(orgId: $orgId, input: $input) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'createOrganizationWebhook',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: "Get a webhook of an organization (404 for another organization's)",
    operation: `
      query GetOrganizationWebhook($orgId: Int!, $webhookId: Int!) {
        organizationWebhook(orgId: $orgId, webhookId: $webhookId) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'organizationWebhook',
  }),
  route({
    method: 'PATCH',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: 'Update a webhook of an organization (partial; checked like a create)',
    operation: `
      mutation UpdateOrganizationWebhook($orgId: Int!, $webhookId: Int!, $input: UpdateWebhookInput!) {
        updateOrganizationWebhook(orgId: $orgId, webhookId: $webhookId, input: $input) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'updateOrganizationWebhook',
  }),
  route({
    method: 'DELETE',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: 'Delete a webhook of an organization (answers the deleted webhook)',
    operation: `
      mutation DeleteOrganizationWebhook($orgId: Int!, $webhookId: Int!) {
        deleteOrganizationWebhook(orgId: $orgId, webhookId: $webhookId) { ...WebhookFields }
      } ${WEBHOOK_FIELDS}`,
    result: 'deleteOrganizationWebhook',
  }),
];

/** Replayed by test/conformance/webhooks.test.ts (docs/compatibility.md, Webhooks). */
export const organizationWebhookRoutes = withDeviations(routes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook);
