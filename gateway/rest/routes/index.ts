import { RouteEntry } from '../route';
import { bookingLimitRoutes } from './booking-limits';
import { bookingFieldRoutes } from './booking-fields';
import { bookingRoutes } from './bookings';
import { calendarRoutes } from './calendars';
import { conferencingRoutes } from './conferencing';
import { eventTypeRoutes } from './event-types';
import { meRoutes } from './me';
import { oauthRoutes } from './oauth';
import { privateLinkRoutes } from './private-links';
import { roleRoutes } from './roles';
import { routingFormRoutes } from './routing-forms';
import { scheduleRoutes } from './schedules';
import { slotRoutes } from './slots';
import { teamEventTypeRoutes } from './team-event-types';
import { teamRoutes } from './teams';
import { webhookRoutes } from './webhooks';
import { workflowRoutes } from './workflows';

/** The REST route table: every /v2 operation the façade serves. */
export const ROUTES: RouteEntry[] = [...meRoutes, ...teamRoutes, ...eventTypeRoutes, ...teamEventTypeRoutes, ...privateLinkRoutes, ...bookingFieldRoutes, ...webhookRoutes, ...scheduleRoutes, ...bookingLimitRoutes, ...bookingRoutes, ...slotRoutes, ...roleRoutes, ...oauthRoutes, ...calendarRoutes, ...conferencingRoutes, ...routingFormRoutes, ...workflowRoutes];
