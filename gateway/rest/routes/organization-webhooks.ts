import {
  CreateOrganizationWebhookDocument,
  DeleteOrganizationWebhookDocument,
  GetOrganizationWebhookDocument,
  GetOrganizationWebhooksDocument,
  UpdateOrganizationWebhookDocument,
} from '../contracts/generated';
import { DEVIATION, withDeviations } from '../deviations';
import { route, RouteEntry } from '../route';

/** Webhooks of an organization (reference tag "Orgs / Webhooks"; ORG_WEBHOOK_READ / ORG_WEBHOOK_WRITE, org admins). */
const ORG_WEBHOOKS = '/v2/organizations/{orgId}/webhooks';
const TAG = 'Orgs / Webhooks';

const routes: RouteEntry[] = [
  route({
    method: 'GET',
    path: ORG_WEBHOOKS,
    tag: TAG,
    summary: 'Get the webhooks of an organization',
    document: GetOrganizationWebhooksDocument,
    result: 'organizationWebhooks',
    paginated: true,
  }),
  route({
    method: 'POST',
    path: ORG_WEBHOOKS,
    tag: TAG,
    summary: 'Create a webhook of an organization (409 when it already has one for the subscriberUrl)',
    document: CreateOrganizationWebhookDocument,
    result: 'createOrganizationWebhook',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: "Get a webhook of an organization (404 for another organization's)",
    document: GetOrganizationWebhookDocument,
    result: 'organizationWebhook',
  }),
  route({
    method: 'PATCH',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: 'Update a webhook of an organization (partial; checked like a create)',
    document: UpdateOrganizationWebhookDocument,
    result: 'updateOrganizationWebhook',
  }),
  route({
    method: 'DELETE',
    path: `${ORG_WEBHOOKS}/{webhookId}`,
    tag: TAG,
    summary: 'Delete a webhook of an organization (answers the deleted webhook)',
    document: DeleteOrganizationWebhookDocument,
    result: 'deleteOrganizationWebhook',
  }),
];

/** Replayed by test/conformance/webhooks.test.ts (docs/compatibility.md, Webhooks). */
export const organizationWebhookRoutes = withDeviations(routes, DEVIATION.webhookIdNumber, DEVIATION.otherWebhook);
