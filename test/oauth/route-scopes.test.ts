import { ROUTES } from '../../gateway/rest/routes';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { accessTokenWithScopes } from '../support/oauth';
import { minimalBodyOf } from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Spec 5.3, written out route by route: the scope a token needs for each route of the table. Nothing
 * here is read from the schema, so a weakened `@scopes` fails this test whatever the composed file says.
 * `public`: spec 5.3's public endpoints (create, cancel, reschedule a booking; slots). `none`: no scope of
 * 5.3 names the operation, so every access token is refused.
 */
const REQUIRED_SCOPE: Record<string, string | 'public' | 'none'> = {
  'GET /v2/me': 'PROFILE_READ', // get my profile
  'GET /v2/me/booking-limits': 'PROFILE_READ', // get my booking limits
  'PATCH /v2/me/booking-limits': 'PROFILE_WRITE', // update my booking limits
  'DELETE /v2/me/booking-limits': 'PROFILE_WRITE', // clear my booking limits
  'GET /v2/teams': 'TEAM_PROFILE_READ', // get teams
  'POST /v2/teams': 'TEAM_PROFILE_WRITE', // create teams
  'GET /v2/organizations/{orgId}/teams/{teamId}/memberships': 'TEAM_MEMBERSHIP_READ', // get all memberships (also org)
  'DELETE /v2/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // delete memberships
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // (also org)
  'GET /v2/event-types': 'EVENT_TYPE_READ', // get all event types
  'POST /v2/event-types': 'EVENT_TYPE_WRITE', // create event types
  'GET /v2/event-types/{eventTypeId}': 'EVENT_TYPE_READ', // get one event type
  'PATCH /v2/event-types/{eventTypeId}': 'EVENT_TYPE_WRITE', // update event types
  'DELETE /v2/event-types/{eventTypeId}': 'EVENT_TYPE_WRITE', // delete event types
  'GET /v2/event-types/{eventTypeId}/private-links': 'EVENT_TYPE_READ', // get event type private links
  'POST /v2/event-types/{eventTypeId}/private-links': 'EVENT_TYPE_WRITE', // create private links
  'PATCH /v2/event-types/{eventTypeId}/private-links/{linkId}': 'EVENT_TYPE_WRITE', // update private links
  'DELETE /v2/event-types/{eventTypeId}/private-links/{linkId}': 'EVENT_TYPE_WRITE', // delete private links
  'GET /v2/teams/{teamId}/event-types': 'TEAM_EVENT_TYPE_READ', // get team event types
  'POST /v2/teams/{teamId}/event-types': 'TEAM_EVENT_TYPE_WRITE', // create team event types
  'GET /v2/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_READ', // get an event type
  'PATCH /v2/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_WRITE', // update team event types
  'DELETE /v2/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_WRITE', // delete team event types
  'GET /v2/organizations/{orgId}/teams/{teamId}/event-types': 'TEAM_EVENT_TYPE_READ', // (also org)
  'POST /v2/organizations/{orgId}/teams/{teamId}/event-types': 'TEAM_EVENT_TYPE_WRITE',
  'GET /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_READ',
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_WRITE',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}': 'TEAM_EVENT_TYPE_WRITE',
  'GET /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links': 'TEAM_EVENT_TYPE_READ', // team event type private links
  'POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links': 'TEAM_EVENT_TYPE_WRITE',
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}': 'TEAM_EVENT_TYPE_WRITE',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}': 'TEAM_EVENT_TYPE_WRITE',
  'GET /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields': 'TEAM_EVENT_TYPE_READ', // part of the team event type
  'POST /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields': 'TEAM_EVENT_TYPE_WRITE', // updates the team event type
  'PUT /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields': 'TEAM_EVENT_TYPE_WRITE',
  'GET /v2/webhooks': 'WEBHOOK_READ', // get all webhooks
  'POST /v2/webhooks': 'WEBHOOK_WRITE', // create a webhook
  'GET /v2/webhooks/{webhookId}': 'WEBHOOK_READ', // get a webhook
  'PATCH /v2/webhooks/{webhookId}': 'WEBHOOK_WRITE', // update a webhook
  'DELETE /v2/webhooks/{webhookId}': 'WEBHOOK_WRITE', // delete a webhook
  'GET /v2/event-types/{eventTypeId}/webhooks': 'EVENT_TYPE_READ', // get all event type webhooks
  'POST /v2/event-types/{eventTypeId}/webhooks': 'EVENT_TYPE_WRITE', // create event type webhooks
  'DELETE /v2/event-types/{eventTypeId}/webhooks': 'EVENT_TYPE_WRITE', // delete all event type webhooks
  'GET /v2/event-types/{eventTypeId}/webhooks/{webhookId}': 'EVENT_TYPE_READ', // get one event type webhook
  'PATCH /v2/event-types/{eventTypeId}/webhooks/{webhookId}': 'EVENT_TYPE_WRITE', // update event type webhooks
  'DELETE /v2/event-types/{eventTypeId}/webhooks/{webhookId}': 'EVENT_TYPE_WRITE', // delete event type webhooks
  'GET /v2/schedules': 'SCHEDULE_READ', // get all schedules
  'POST /v2/schedules': 'SCHEDULE_WRITE', // create schedules
  'GET /v2/schedules/default': 'SCHEDULE_READ', // default schedule
  'GET /v2/schedules/{scheduleId}': 'SCHEDULE_READ', // one schedule
  'PATCH /v2/schedules/{scheduleId}': 'SCHEDULE_WRITE', // update schedules
  'DELETE /v2/schedules/{scheduleId}': 'SCHEDULE_WRITE', // delete schedules
  'GET /v2/organizations/{orgId}/users/{userId}/schedules': 'ORG_SCHEDULE_READ', // schedules of a user
  'GET /v2/bookings': 'BOOKING_READ', // get all bookings
  'GET /v2/bookings/{bookingUid}': 'BOOKING_READ',
  'POST /v2/bookings': 'public', // create a booking
  'POST /v2/bookings/{bookingUid}/cancel': 'public', // cancel a booking
  'POST /v2/bookings/{bookingUid}/reschedule': 'public', // reschedule a booking
  'GET /v2/slots/available': 'public', // slot availability
  'GET /v2/organizations/{orgId}/roles/{roleId}': 'none', // no scope of 5.3 names roles
  'POST /v2/calendars/ics-feed/save': 'APPS_WRITE', // save an ICS feed
  'GET /v2/calendars/ics-feed/check': 'APPS_READ', // check an ICS feed
  'GET /v2/calendars/busy-times': 'APPS_READ', // busy times
  'GET /v2/calendars': 'APPS_READ', // get all calendars
  'POST /v2/selected-calendars': 'APPS_WRITE', // add a selected calendar
  'DELETE /v2/selected-calendars': 'APPS_WRITE', // delete a selected calendar
  'PUT /v2/destination-calendars': 'APPS_WRITE', // update destination calendars
  'GET /v2/conferencing': 'APPS_READ', // list conferencing apps
  'POST /v2/conferencing/{app}/connect': 'APPS_WRITE', // connect conferencing app
  'GET /v2/conferencing/default': 'APPS_READ', // get default conferencing app
  'POST /v2/conferencing/{app}/default': 'APPS_WRITE', // set default conferencing app
  'DELETE /v2/conferencing/{app}/disconnect': 'APPS_WRITE', // disconnect conferencing app
  'GET /v2/organizations/{orgId}/teams/{teamId}/conferencing': 'TEAM_APPS_READ', // list team conferencing applications
  'POST /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/connect': 'TEAM_APPS_WRITE', // connect conferencing app to a team
  'GET /v2/organizations/{orgId}/teams/{teamId}/conferencing/default': 'TEAM_APPS_READ', // get team default conferencing application
  'POST /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/default': 'TEAM_APPS_WRITE', // set team default
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/disconnect': 'TEAM_APPS_WRITE', // disconnect
  'GET /v2/organizations/{orgId}/teams/{teamId}/routing-forms': 'TEAM_ROUTING_FORM_READ', // get team routing forms
  'GET /v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses': 'TEAM_ROUTING_FORM_READ', // get organization team routing form responses
  'POST /v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses': 'TEAM_ROUTING_FORM_WRITE', // create routing form response and get available slots
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/routing-forms/{routingFormId}/responses/{responseId}': 'TEAM_ROUTING_FORM_WRITE', // update routing form response
  'GET /v2/organizations/{orgId}/routing-forms': 'ORG_ROUTING_FORM_READ', // organization routing forms
  'GET /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses': 'ORG_ROUTING_FORM_READ', // routing form responses
  'POST /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses': 'ORG_ROUTING_FORM_WRITE', // create routing form response and get available slots
  'PATCH /v2/organizations/{orgId}/routing-forms/{routingFormId}/responses/{responseId}': 'ORG_ROUTING_FORM_WRITE', // update routing form response
  'GET /v2/organizations/{orgId}/teams/{teamId}/workflows': 'TEAM_WORKFLOW_READ', // get organization team workflows
  'POST /v2/organizations/{orgId}/teams/{teamId}/workflows': 'TEAM_WORKFLOW_WRITE', // create workflow for event types
  'GET /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}': 'TEAM_WORKFLOW_READ', // one workflow
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}': 'TEAM_WORKFLOW_WRITE', // update
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}': 'TEAM_WORKFLOW_WRITE', // delete
};

/** Every scope of spec 5.3's three tables. */
const ALL_SCOPES = [
  ...['EVENT_TYPE', 'BOOKING', 'SCHEDULE', 'APPS', 'PROFILE', 'WEBHOOK', 'VERIFIED_RESOURCES', 'CREDITS'].flatMap((s) => [`${s}_READ`, `${s}_WRITE`]),
  ...['EVENT_TYPE', 'BOOKING', 'SCHEDULE', 'PROFILE', 'MEMBERSHIP', 'APPS', 'ROUTING_FORM', 'WORKFLOW', 'VERIFIED_RESOURCES'].flatMap((s) => [`TEAM_${s}_READ`, `TEAM_${s}_WRITE`]).filter((s) => s !== 'TEAM_BOOKING_WRITE'),
  ...['EVENT_TYPE_READ', 'BOOKING_READ', 'SCHEDULE_READ', 'SCHEDULE_WRITE', 'PROFILE_READ', 'PROFILE_WRITE', 'MEMBERSHIP_READ', 'MEMBERSHIP_WRITE', 'ROUTING_FORM_READ', 'ROUTING_FORM_WRITE', 'WEBHOOK_READ', 'WEBHOOK_WRITE'].map((s) => `ORG_${s}`),
];

/** Every scope but the one a route needs and those that grant it ("An ORG_ scope also grants the matching TEAM_ scope"). */
function allScopesBut(scope: string): string[] {
  const granting = new Set([scope, scope.replace(/^TEAM_/, 'ORG_')]);
  return ALL_SCOPES.filter((s) => !granting.has(s));
}

describe('spec 5.3: an access token can only call routes covered by its granted scopes (walked from the route table)', () => {
  let stack: TestStack;
  let userId: number;
  let ids: Record<string, string | number>;
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (scopes: string[]) => {
    const key = [...scopes].sort().join(' ');
    if (!tokens.has(key)) tokens.set(key, accessTokenWithScopes(stack, userId, [...scopes].sort()));
    return tokens.get(key)!;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const { user } = await userWithKey(stack);
    userId = user.id;
    const orgId = (await operator.createOrganization({ name: 'Scopeco', ownerId: userId })).id;
    const teamId = (await operator.createTeam({ name: 'Scope team', orgId, ownerId: userId })).id;
    await operator.addMember({ teamId: orgId, userId, role: MembershipRole.ADMIN }).catch(() => undefined);
    // Every path parameter gets a resource the caller may manage, or an id that simply does not exist:
    // either way a token holding the route's scopes must never meet a 403.
    ids = { orgId, teamId, userId, eventTypeId: 999_999, membershipId: 999_999, scheduleId: 999_999, webhookId: 999_999, linkId: 'nope', roleId: 'admin_role', bookingUid: 'nope' };
  });
  afterAll(() => stack.stop());

  const walked = ROUTES.filter((route) => !route.anonymous);

  it('the table covers every route of the route table, and names no route that does not exist', () => {
    const routes = new Set(walked.map((route) => `${route.method} ${route.path}`));
    expect([...routes].filter((route) => !(route in REQUIRED_SCOPE))).toEqual([]);
    expect(Object.keys(REQUIRED_SCOPE).filter((route) => !routes.has(route))).toEqual([]);
  });

  for (const route of walked) {
    const required = REQUIRED_SCOPE[`${route.method} ${route.path}`];
    const name = `${route.method} ${route.path}${route.version ? ` (${route.version})` : ''}`;
    const call = async (token: string) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(String(ids[param] ?? 1)));
      const headers: Record<string, string> = route.version ? { 'svc-api-version': route.version } : {};
      return stack.rest(route.method, path, { key: token, body: minimalBodyOf(route), headers });
    };

    if (required === undefined) continue; // reported by the coverage test above
    if (required === 'public') {
      it(`${name}: public, a token without scopes is not refused (403)`, async () => {
        expect((await call(await tokenFor([]))).status).not.toBe(403);
      });
    } else if (required === 'none') {
      it(`${name}: no scope covers it, so even a token with every scope gets 403`, async () => {
        const refused = await call(await tokenFor(ALL_SCOPES));
        expect(refused.status).toBe(403);
        expect(refused.body.error.message).toMatch(/not covered by any OAuth scope/);
      });
    } else {
      it(`${name}: with every scope but ${required} → 403, with ${required} alone → not 403`, async () => {
        const refused = await call(await tokenFor(allScopesBut(required)));
        expect(refused.status).toBe(403);
        expect(refused.body.error.message).toContain(required);
        const allowed = await call(await tokenFor([required]));
        expect({ status: allowed.status, body: allowed.body }).not.toMatchObject({ status: 403 });
      });
    }
  }
});
