import { RouteEntry } from '../route';
import { eventTypeRoutes } from './event-types';
import { meRoutes } from './me';
import { teamRoutes } from './teams';
import { webhookRoutes } from './webhooks';

/** The REST route table: every /v2 operation the façade serves. */
export const ROUTES: RouteEntry[] = [...meRoutes, ...teamRoutes, ...eventTypeRoutes, ...webhookRoutes];
