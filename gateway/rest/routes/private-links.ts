import { route, RouteEntry } from '../route';

const LINK = 'linkId eventTypeId isExpired expiresAt maxUsageCount usageCount';
/** svc-api-version 2024-09-04: the full booking URL, with the organization's subdomain (spec 2.7, 9). */
export const FULL_BOOKING_URL_VERSION = '2024-09-04';

export const userPrivateLinkRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/event-types/{eventTypeId}/private-links',
    tag: 'Event Types / Private Links',
    summary: 'Get the private links of one of my event types',
    operation: `query GetPrivateLinks($eventTypeId: Int!) { eventTypePrivateLinks(eventTypeId: $eventTypeId) { ${LINK} bookingUrl } }`,
    result: 'eventTypePrivateLinks',
  }),
  route({
    method: 'POST',
    path: '/v2/event-types/{eventTypeId}/private-links',
    tag: 'Event Types / Private Links',
    summary: 'Create a private link for one of my event types (usable once without expiresAt and maxUsageCount)',
    operation: `
      mutation CreatePrivateLink($eventTypeId: Int!, $input: CreatePrivateLinkInput!) {
        createEventTypePrivateLink(eventTypeId: $eventTypeId, input: $input) { ${LINK} bookingUrl }
      }`,
    result: 'createEventTypePrivateLink',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/event-types/{eventTypeId}/private-links/{linkId}',
    tag: 'Event Types / Private Links',
    summary: 'Update the expiry or usage cap of a private link of one of my event types',
    operation: `
      mutation UpdatePrivateLink($eventTypeId: Int!, $linkId: String!, $input: UpdatePrivateLinkInput!) {
        updateEventTypePrivateLink(eventTypeId: $eventTypeId, linkId: $linkId, input: $input) { ${LINK} bookingUrl }
      }`,
    result: 'updateEventTypePrivateLink',
  }),
  route({
    method: 'DELETE',
    path: '/v2/event-types/{eventTypeId}/private-links/{linkId}',
    tag: 'Event Types / Private Links',
    summary: 'Delete a private link of one of my event types (answers the deleted link)',
    operation: `
      mutation DeletePrivateLink($eventTypeId: Int!, $linkId: String!) {
        deleteEventTypePrivateLink(eventTypeId: $eventTypeId, linkId: $linkId) { ${LINK} bookingUrl }
      }`,
    result: 'deleteEventTypePrivateLink',
  }),
];

/**
 * Each organization team route twice: without svc-api-version (the older behaviour: `bookingUrl`
 * without the organization) and with 2024-09-04 (`bookingUrl` is the full URL, from the organizations subgraph).
 */
function bothVersions(entry: (bookingUrl: string) => Omit<RouteEntry, 'tag'>): RouteEntry[] {
  const tag = 'Orgs / Teams / Event Types / Private Links';
  return [route({ ...entry('bookingUrl'), tag }), route({ ...entry('bookingUrl: fullBookingUrl'), tag, version: FULL_BOOKING_URL_VERSION })];
}

const ORG_TEAM = '$orgId: Int!, $teamId: Int!, $eventTypeId: Int!';
const ORG_TEAM_ARGS = 'orgId: $orgId, teamId: $teamId, eventTypeId: $eventTypeId';
const ORG_BASE = '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links';

export const orgTeamPrivateLinkRoutes: RouteEntry[] = [
  ...bothVersions((bookingUrl) => ({
    method: 'GET',
    path: ORG_BASE,
    summary: 'Get the private links of an organization team event type (team admin)',
    operation: `query GetOrgTeamPrivateLinks(${ORG_TEAM}) { teamEventTypePrivateLinks(${ORG_TEAM_ARGS}) { ${LINK} ${bookingUrl} } }`,
    result: 'teamEventTypePrivateLinks',
  })),
  ...bothVersions((bookingUrl) => ({
    method: 'POST',
    path: ORG_BASE,
    summary: 'Create a private link for an organization team event type (team admin)',
    operation: `
      mutation CreateOrgTeamPrivateLink(${ORG_TEAM}, $input: CreatePrivateLinkInput!) {
        createTeamEventTypePrivateLink(${ORG_TEAM_ARGS}, input: $input) { ${LINK} ${bookingUrl} }
      }`,
    result: 'createTeamEventTypePrivateLink',
    status: 201,
  })),
  ...bothVersions((bookingUrl) => ({
    method: 'PATCH',
    path: `${ORG_BASE}/{linkId}`,
    summary: 'Update the expiry or usage cap of a private link of an organization team event type (team admin)',
    operation: `
      mutation UpdateOrgTeamPrivateLink(${ORG_TEAM}, $linkId: String!, $input: UpdatePrivateLinkInput!) {
        updateTeamEventTypePrivateLink(${ORG_TEAM_ARGS}, linkId: $linkId, input: $input) { ${LINK} ${bookingUrl} }
      }`,
    result: 'updateTeamEventTypePrivateLink',
  })),
  ...bothVersions((bookingUrl) => ({
    method: 'DELETE',
    path: `${ORG_BASE}/{linkId}`,
    summary: 'Delete a private link of an organization team event type (answers the deleted link; team admin)',
    operation: `
      mutation DeleteOrgTeamPrivateLink(${ORG_TEAM}, $linkId: String!) {
        deleteTeamEventTypePrivateLink(${ORG_TEAM_ARGS}, linkId: $linkId) { ${LINK} ${bookingUrl} }
      }`,
    result: 'deleteTeamEventTypePrivateLink',
  })),
];

export const privateLinkRoutes = [...userPrivateLinkRoutes, ...orgTeamPrivateLinkRoutes];
