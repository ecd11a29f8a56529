import {
  CreateOrganizationTeamEventTypeWebhookDocument,
  CreateTeamEventTypeWebhookDocument,
  DeleteAllOrganizationTeamEventTypeWebhooksDocument,
  DeleteAllTeamEventTypeWebhooksDocument,
  DeleteOrganizationTeamEventTypeWebhookDocument,
  DeleteTeamEventTypeWebhookDocument,
  GetOrganizationTeamEventTypeWebhookDocument,
  GetOrganizationTeamEventTypeWebhooksDocument,
  GetTeamEventTypeWebhookDocument,
  GetTeamEventTypeWebhooksDocument,
  UpdateOrganizationTeamEventTypeWebhookDocument,
  UpdateTeamEventTypeWebhookDocument,
} from '../contracts/generated';
import { DEVIATION, withDeviations } from '../deviations';
import { route, RouteEntry } from '../route';

/**
 * Webhooks of a team event type (spec 5.3: TEAM_EVENT_TYPE_READ / TEAM_EVENT_TYPE_WRITE; the reference has
 * no such paths, so they mirror the personal `/v2/event-types/{eventTypeId}/webhooks` under the team and
 * organization team event type paths). The same six operations on both prefixes.
 */
function teamEventTypeWebhookRoutes(prefix: string, tag: string, org: boolean): RouteEntry[] {
  const base = `${prefix}/event-types/{eventTypeId}/webhooks`;
  const documents = org
    ? {
        list: GetOrganizationTeamEventTypeWebhooksDocument,
        create: CreateOrganizationTeamEventTypeWebhookDocument,
        deleteAll: DeleteAllOrganizationTeamEventTypeWebhooksDocument,
        get: GetOrganizationTeamEventTypeWebhookDocument,
        update: UpdateOrganizationTeamEventTypeWebhookDocument,
        delete: DeleteOrganizationTeamEventTypeWebhookDocument,
      }
    : {
        list: GetTeamEventTypeWebhooksDocument,
        create: CreateTeamEventTypeWebhookDocument,
        deleteAll: DeleteAllTeamEventTypeWebhooksDocument,
        get: GetTeamEventTypeWebhookDocument,
        update: UpdateTeamEventTypeWebhookDocument,
        delete: DeleteTeamEventTypeWebhookDocument,
      };
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: 'Get the webhooks of a team event type',
      document: documents.list,
      result: 'teamEventTypeWebhooks',
      paginated: true,
    }),
    route({
      method: 'POST',
      path: base,
      tag,
      summary: 'Create a webhook of a team event type (409 when it already has one for the subscriberUrl)',
      document: documents.create,
      result: 'createTeamEventTypeWebhook',
      status: 201,
    }),
    route({
      method: 'DELETE',
      path: base,
      tag,
      summary: 'Delete every webhook of a team event type (answers how many were deleted)',
      document: documents.deleteAll,
      result: 'deleteAllTeamEventTypeWebhooks',
    }),
    route({
      method: 'GET',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Get a webhook of a team event type',
      document: documents.get,
      result: 'teamEventTypeWebhook',
    }),
    route({
      method: 'PATCH',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Update a webhook of a team event type (partial; checked like a create)',
      document: documents.update,
      result: 'updateTeamEventTypeWebhook',
    }),
    route({
      method: 'DELETE',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Delete a webhook of a team event type (answers the deleted webhook)',
      document: documents.delete,
      result: 'deleteTeamEventTypeWebhook',
    }),
  ];
}

export const teamEventTypeWebhookRouteTable: RouteEntry[] = withDeviations(
  [
    ...teamEventTypeWebhookRoutes('/v2/teams/{teamId}', 'Teams / Event Types / Webhooks', false),
    ...teamEventTypeWebhookRoutes('/v2/organizations/{orgId}/teams/{teamId}', 'Orgs / Teams / Event Types / Webhooks', true),
  ],
  DEVIATION.webhookIdNumber,
  DEVIATION.otherWebhook,
);
