import { DEVIATION, withDeviations } from '../deviations';
import { PAGINATION, route, RouteEntry } from '../route';
import { WEBHOOK_FIELDS } from './webhooks';

/**
 * Webhooks of a team event type (spec 5.3: TEAM_EVENT_TYPE_READ / TEAM_EVENT_TYPE_WRITE; the reference has
 * no such paths, so they mirror the personal `/v2/event-types/{eventTypeId}/webhooks` under the team and
 * organization team event type paths). The same six operations on both prefixes.
 */
function teamEventTypeWebhookRoutes(prefix: string, tag: string, org: boolean): RouteEntry[] {
  const base = `${prefix}/event-types/{eventTypeId}/webhooks`;
  const orgVar = org ? ', $orgId: Int!' : '';
  const orgArg = org ? ', orgId: $orgId' : '';
  const name = org ? 'OrganizationTeam' : 'Team';
  return [
    route({
      method: 'GET',
      path: base,
      tag,
      summary: 'Get the webhooks of a team event type',
      operation: `
        query Get${name}EventTypeWebhooks($teamId: Int!, $eventTypeId: Int!${orgVar}, $take: Int, $skip: Int) {
          teamEventTypeWebhooks(teamId: $teamId, eventTypeId: $eventTypeId${orgArg}, take: $take, skip: $skip) { items { ...WebhookFields } ${PAGINATION} }
        } ${WEBHOOK_FIELDS}`,
      result: 'teamEventTypeWebhooks',
      paginated: true,
    }),
    route({
      method: 'POST',
      path: base,
      tag,
      summary: 'Create a webhook of a team event type (409 when it already has one for the subscriberUrl)',
      operation: `
        mutation Create${name}EventTypeWebhook($teamId: Int!, $eventTypeId: Int!${orgVar}, $input: CreateWebhookInput!) {
          createTeamEventTypeWebhook(teamId: $teamId, eventTypeId: $eventTypeId${orgArg}, input: $input) { ...WebhookFields }
        } ${WEBHOOK_FIELDS}`,
      result: 'createTeamEventTypeWebhook',
      status: 201,
    }),
    route({
      method: 'DELETE',
      path: base,
      tag,
      summary: 'Delete every webhook of a team event type (answers how many were deleted)',
      operation: `
        mutation DeleteAll${name}EventTypeWebhooks($teamId: Int!, $eventTypeId: Int!${orgVar}) {
          deleteAllTeamEventTypeWebhooks(teamId: $teamId, eventTypeId: $eventTypeId${orgArg})
        }`,
      result: 'deleteAllTeamEventTypeWebhooks',
    }),
    route({
      method: 'GET',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Get a webhook of a team event type',
      operation: `
        query Get${name}EventTypeWebhook($teamId: Int!, $eventTypeId: Int!${orgVar}, $webhookId: Int!) {
          teamEventTypeWebhook(teamId: $teamId, eventTypeId: $eventTypeId${orgArg}, webhookId: $webhookId) { ...WebhookFields }
        } ${WEBHOOK_FIELDS}`,
      result: 'teamEventTypeWebhook',
    }),
    route({
      method: 'PATCH',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Update a webhook of a team event type (partial; checked like a create)',
      operation: `
        mutation Update${name}EventTypeWebhook($teamId: Int!, $eventTypeId: Int!${orgVar}, $webhookId: Int!, $input: UpdateWebhookInput!) {
          updateTeamEventTypeWebhook(teamId: $teamId, eventTypeId: $eventTypeId${orgArg}, webhookId: $webhookId, input: $input) { ...WebhookFields }
        } ${WEBHOOK_FIELDS}`,
      result: 'updateTeamEventTypeWebhook',
    }),
    route({
      method: 'DELETE',
      path: `${base}/{webhookId}`,
      tag,
      summary: 'Delete a webhook of a team event type (answers the deleted webhook)',
      operation: `
        mutation Delete${name}EventTypeWebhook($teamId: Int!, $eventTypeId: Int!${orgVar}, $webhookId: Int!) {
          deleteTeamEventTypeWebhook(teamId: $teamId, eventTypeId: $eventTypeId${orgArg}, webhookId: $webhookId) { ...WebhookFields }
        } ${WEBHOOK_FIELDS}`,
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
);
