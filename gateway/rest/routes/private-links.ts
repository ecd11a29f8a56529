import {
  CreateOrgTeamPrivateLinkDocument,
  CreateOrgTeamPrivateLinkWithFullUrlDocument,
  CreatePrivateLinkDocument,
  DeleteOrgTeamPrivateLinkDocument,
  DeleteOrgTeamPrivateLinkWithFullUrlDocument,
  DeletePrivateLinkDocument,
  GetOrgTeamPrivateLinksDocument,
  GetOrgTeamPrivateLinksWithFullUrlDocument,
  GetPrivateLinksDocument,
  UpdateOrgTeamPrivateLinkDocument,
  UpdateOrgTeamPrivateLinkWithFullUrlDocument,
  UpdatePrivateLinkDocument,
} from '../contracts/generated';
import { DEVIATION, withDeviations } from '../deviations';
import { route, RouteDeclaration, RouteEntry } from '../route';

/** svc-api-version 2024-09-04: the full booking URL, with the organization's subdomain (spec 2.7, 9). */
export const FULL_BOOKING_URL_VERSION = '2024-09-04';

export const userPrivateLinkRoutes: RouteEntry[] = [
  route({
    method: 'GET',
    path: '/v2/event-types/{eventTypeId}/private-links',
    tag: 'Event Types / Private Links',
    summary: 'Get the private links of one of my event types',
    document: GetPrivateLinksDocument,
    result: 'eventTypePrivateLinks',
  }),
  route({
    method: 'POST',
    path: '/v2/event-types/{eventTypeId}/private-links',
    tag: 'Event Types / Private Links',
    summary: 'Create a private link for one of my event types (usable once without expiresAt and maxUsageCount)',
    document: CreatePrivateLinkDocument,
    result: 'createEventTypePrivateLink',
    status: 201,
  }),
  route({
    method: 'PATCH',
    path: '/v2/event-types/{eventTypeId}/private-links/{linkId}',
    tag: 'Event Types / Private Links',
    summary: 'Update the expiry or usage cap of a private link of one of my event types',
    document: UpdatePrivateLinkDocument,
    result: 'updateEventTypePrivateLink',
  }),
  route({
    method: 'DELETE',
    path: '/v2/event-types/{eventTypeId}/private-links/{linkId}',
    tag: 'Event Types / Private Links',
    summary: 'Delete a private link of one of my event types (answers the deleted link)',
    document: DeletePrivateLinkDocument,
    result: 'deleteEventTypePrivateLink',
  }),
];

/**
 * Each organization team route twice: without svc-api-version (the older behaviour: `bookingUrl`
 * without the organization) and with 2024-09-04 (`bookingUrl` is the full URL, from the organizations subgraph).
 */
function bothVersions(
  entry: Omit<RouteDeclaration, 'tag' | 'document'>,
  documents: { older: RouteDeclaration['document']; withFullUrl: RouteDeclaration['document'] },
): RouteEntry[] {
  const tag = 'Orgs / Teams / Event Types / Private Links';
  return [route({ ...entry, document: documents.older, tag }), route({ ...entry, document: documents.withFullUrl, tag, version: FULL_BOOKING_URL_VERSION })];
}

const ORG_BASE = '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links';

const orgTeamRoutes: RouteEntry[] = [
  ...bothVersions(
    {
      method: 'GET',
      path: ORG_BASE,
      summary: 'Get the private links of an organization team event type (team admin)',
      result: 'teamEventTypePrivateLinks',
    },
    { older: GetOrgTeamPrivateLinksDocument, withFullUrl: GetOrgTeamPrivateLinksWithFullUrlDocument },
  ),
  ...bothVersions(
    {
      method: 'POST',
      path: ORG_BASE,
      summary: 'Create a private link for an organization team event type (team admin)',
      result: 'createTeamEventTypePrivateLink',
      status: 201,
    },
    { older: CreateOrgTeamPrivateLinkDocument, withFullUrl: CreateOrgTeamPrivateLinkWithFullUrlDocument },
  ),
  ...bothVersions(
    {
      method: 'PATCH',
      path: `${ORG_BASE}/{linkId}`,
      summary: 'Update the expiry or usage cap of a private link of an organization team event type (team admin)',
      result: 'updateTeamEventTypePrivateLink',
    },
    { older: UpdateOrgTeamPrivateLinkDocument, withFullUrl: UpdateOrgTeamPrivateLinkWithFullUrlDocument },
  ),
  ...bothVersions(
    {
      method: 'DELETE',
      path: `${ORG_BASE}/{linkId}`,
      summary: 'Delete a private link of an organization team event type (answers the deleted link; team admin)',
      result: 'deleteTeamEventTypePrivateLink',
    },
    { older: DeleteOrgTeamPrivateLinkDocument, withFullUrl: DeleteOrgTeamPrivateLinkWithFullUrlDocument },
  ),
];

/** A platform client needs the team scopes here, whatever its owner's role (docs/compatibility.md, "Private links"). */
const orgTeamPrivateLinkRoutes = withDeviations(orgTeamRoutes, DEVIATION.privateLinkClientScopes);

export const privateLinkRoutes = [...userPrivateLinkRoutes, ...orgTeamPrivateLinkRoutes];
