import { DEVIATION, withDeviationOn } from '../deviations';
import { RouteEntry } from '../route';
import { attributeRoutes } from './attributes';
import { bookingLimitRoutes } from './booking-limits';
import { delegationCredentialRoutes } from './delegation-credentials';
import { bookingFieldRoutes } from './booking-fields';
import { bookingActionRoutes, bookingRoutes, organizationBookingRoutes } from './bookings';
import { calendarRoutes } from './calendars';
import { conferencingRoutes } from './conferencing';
import { stripeRoutes } from './stripe';
import { eventTypeRoutes } from './event-types';
import { meRoutes } from './me';
import { membershipRoutes } from './memberships';
import { organizationUserRoutes } from './organization-users';
import { oauthRoutes } from './oauth';
import { outOfOfficeRoutes } from './out-of-office';
import { privateLinkRoutes } from './private-links';
import { roleRoutes } from './roles';
import { routingFormRoutes } from './routing-forms';
import { scheduleRoutes } from './schedules';
import { slotRoutes, slotV2Routes } from './slots';
import { organizationTeamsEventTypes, teamEventTypeRoutes } from './team-event-types';
import { teamInviteRoutes } from './team-invites';
import { teamRoutes } from './teams';
import { verifiedResourceRoutes } from './verified-resources';
import { webhookRoutes } from './webhooks';
import { webhookDeliveryRoutes } from './webhook-deliveries';
import { organizationWebhookRoutes } from './organization-webhooks';
import { teamEventTypeWebhookRouteTable } from './team-event-type-webhooks';
import { oauthClientWebhookRoutes } from './oauth-client-webhooks';
import { phoneCallRoutes } from './phone-call';
import { creditRoutes } from './credits';
import { managedOrganizationRoutes } from './managed-organizations';
import { platformOAuthClientRoutes } from './platform-oauth-clients';
import { managedUserRoutes } from './managed-users';
import { apiKeyRoutes } from './api-keys';

/** The REST route table: every /v2 operation the façade serves. */
import { workflowRoutes } from './workflows';
const ROUTE_TABLE: RouteEntry[] = [
  organizationTeamsEventTypes, // before /v2/organizations/{orgId}/teams/{teamId}
  ...meRoutes,
  ...teamRoutes,
  ...membershipRoutes,
  ...teamInviteRoutes,
  ...organizationUserRoutes,
  ...eventTypeRoutes,
  ...teamEventTypeRoutes,
  ...privateLinkRoutes,
  ...bookingFieldRoutes,
  ...webhookRoutes,
  ...webhookDeliveryRoutes,
  ...scheduleRoutes,
  ...bookingLimitRoutes,
  ...bookingRoutes,
  ...slotRoutes,
  ...roleRoutes,
  ...attributeRoutes,
  ...delegationCredentialRoutes,
  ...outOfOfficeRoutes,
  ...verifiedResourceRoutes,
  ...organizationWebhookRoutes,
  ...teamEventTypeWebhookRouteTable,
  ...oauthClientWebhookRoutes,
  ...phoneCallRoutes,
  ...bookingActionRoutes,
  ...organizationBookingRoutes,
  ...slotV2Routes,
  ...calendarRoutes,
  ...conferencingRoutes,
  ...stripeRoutes,
  ...routingFormRoutes,
  ...workflowRoutes,
  ...creditRoutes,
  ...managedOrganizationRoutes,
  ...oauthRoutes,
  ...platformOAuthClientRoutes,
  ...managedUserRoutes,
  ...apiKeyRoutes,
];

/** Marks of route tables that builder functions make: team reads spec 4.10–4.12 give to team admins ("Organization roles"), memberships writes ("Managed users"). */
const ORG_TEAM = '/v2/organizations/{orgId}/teams/{teamId}';
export const ROUTES: RouteEntry[] = withDeviationOn(
  withDeviationOn(
    ROUTE_TABLE,
    DEVIATION.teamAdminReads,
    ['memberships', 'routing-forms', 'workflows', 'conferencing', 'schedules', 'verified-resources/emails'].map((rest) => `GET ${ORG_TEAM}/${rest}`),
  ),
  DEVIATION.noPlatformFlag,
  ['POST /v2/organizations/{orgId}/memberships', `POST ${ORG_TEAM}/memberships`],
);
