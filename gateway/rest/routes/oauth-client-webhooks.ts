import {
  CreateOAuthClientWebhookDocument,
  DeleteAllOAuthClientWebhooksDocument,
  DeleteOAuthClientWebhookDocument,
  GetOAuthClientWebhookDocument,
  GetOAuthClientWebhooksDocument,
  UpdateOAuthClientWebhookDocument,
} from '../contracts/generated';
import { DEVIATION, withDeviations } from '../deviations';
import { deprecatedRoute, route, RouteEntry } from '../route';

/**
 * Webhooks of a platform OAuth client (spec 2.4, 4.2; reference tag "Platform / Webhooks"): deprecated
 * and to be removed (spec 9). The client calls them itself: its id in the path, its secret key in
 * `x-svc-secret-key`. Every answer says so with `Deprecation` and `Sunset` (dates: docs/decisions.md).
 */
export const OAUTH_CLIENT_WEBHOOKS_DEPRECATED_SINCE = new Date('2026-01-01T00:00:00Z');
export const OAUTH_CLIENT_WEBHOOKS_SUNSET = new Date('2027-07-01T00:00:00Z');

const CLIENT_WEBHOOKS = '/v2/oauth-clients/{clientId}/webhooks';
const common = {
  ...deprecatedRoute(OAUTH_CLIENT_WEBHOOKS_DEPRECATED_SINCE, OAUTH_CLIENT_WEBHOOKS_SUNSET),
  tag: 'Platform / Webhooks',
  platformClientIdParam: 'clientId',
};

const routes: RouteEntry[] = [
  route({
    ...common,
    method: 'GET',
    path: CLIENT_WEBHOOKS,
    summary: 'Get the webhooks of a platform OAuth client (deprecated)',
    document: GetOAuthClientWebhooksDocument,
    result: 'oAuthClientWebhooks',
    paginated: true,
  }),
  route({
    ...common,
    method: 'POST',
    path: CLIENT_WEBHOOKS,
    summary: 'Create a webhook of a platform OAuth client (deprecated; 409 when it already has one for the subscriberUrl)',
    document: CreateOAuthClientWebhookDocument,
    result: 'createOAuthClientWebhook',
    status: 201,
  }),
  route({
    ...common,
    method: 'DELETE',
    path: CLIENT_WEBHOOKS,
    summary: 'Delete every webhook of a platform OAuth client (deprecated; answers how many were deleted)',
    document: DeleteAllOAuthClientWebhooksDocument,
    result: 'deleteAllOAuthClientWebhooks',
  }),
  route({
    ...common,
    method: 'GET',
    path: `${CLIENT_WEBHOOKS}/{webhookId}`,
    summary: 'Get a webhook of a platform OAuth client (deprecated)',
    document: GetOAuthClientWebhookDocument,
    result: 'oAuthClientWebhook',
  }),
  route({
    ...common,
    method: 'PATCH',
    path: `${CLIENT_WEBHOOKS}/{webhookId}`,
    summary: 'Update a webhook of a platform OAuth client (deprecated; partial, checked like a create)',
    document: UpdateOAuthClientWebhookDocument,
    result: 'updateOAuthClientWebhook',
  }),
  route({
    ...common,
    method: 'DELETE',
    path: `${CLIENT_WEBHOOKS}/{webhookId}`,
    summary: 'Delete a webhook of a platform OAuth client (deprecated; answers the deleted webhook)',
    document: DeleteOAuthClientWebhookDocument,
    result: 'deleteOAuthClientWebhook',
  }),
];

export const oauthClientWebhookRoutes = withDeviations(routes, DEVIATION.webhookIdNumber);
