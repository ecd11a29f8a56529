import { CreateOrganizationTeamPhoneCallDocument, CreateTeamPhoneCallDocument } from '../contracts/generated';
import { route, RouteEntry } from '../route';

/**
 * Spec 4.5: a phone call for an organization team event type, only under `svc-api-version: 2026-06-12`
 * (the endpoint has no older behaviour: without the header it is a 404 naming it, as the booking fields).
 * The reference also serves it on the team path (spec 5.3: "create a phone call (also org)"): same body,
 * answer and version; team admins.
 */
export const phoneCallRoutes: RouteEntry[] = [
  route({
    method: 'POST',
    path: '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call',
    tag: 'Orgs / Teams / Event Types',
    summary: 'Create a phone call for an organization team event type (answers callId and agentId)',
    version: '2026-06-12',
    versionRequired: true,
    document: CreateOrganizationTeamPhoneCallDocument,
    result: 'createTeamEventTypePhoneCall',
    status: 201,
  }),
  route({
    method: 'POST',
    path: '/v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call',
    tag: 'Teams / Event Types',
    summary: 'Create a phone call for a team event type (answers callId and agentId)',
    version: '2026-06-12',
    versionRequired: true,
    document: CreateTeamPhoneCallDocument,
    result: 'createTeamEventTypePhoneCall',
    status: 201,
  }),
];
