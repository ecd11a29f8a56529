import { ROUTES } from '../../gateway/rest/routes';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { accessTokenWithScopes } from '../support/oauth';
import { minimalBodyOf } from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Spec 5.3, written out route by route: the scope a token needs for each route of the table. Nothing
 * here is read from the schema, so a weakened `@scopes` fails this test whatever the composed file says.
 * `public`: spec 5.3's public endpoints (create, cancel, reschedule a booking; slots). `none`: no scope of
 * 5.3 names the operation, so every access token is refused. `platform`: spec 4.2's routes, called by the
 * platform OAuth client itself with its secret key; an access token, whatever its scopes, opens none of them.
 */
const REQUIRED_SCOPE: Record<string, string | 'public' | 'none' | 'platform'> = {
  'GET /v2/me': 'PROFILE_READ', // get my profile
  'GET /v2/me/booking-limits': 'PROFILE_READ', // get my booking limits
  'PATCH /v2/me/booking-limits': 'PROFILE_WRITE', // update my booking limits
  'DELETE /v2/me/booking-limits': 'PROFILE_WRITE', // clear my booking limits
  'GET /v2/teams': 'TEAM_PROFILE_READ', // get teams
  'POST /v2/teams': 'TEAM_PROFILE_WRITE', // create teams
  'GET /v2/organizations/{orgId}/teams/{teamId}/memberships': 'TEAM_MEMBERSHIP_READ', // get all memberships (also org)
  'DELETE /v2/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // delete memberships
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // (also org)
  'GET /v2/teams/{teamId}': 'TEAM_PROFILE_READ', // get a team
  'PATCH /v2/teams/{teamId}': 'TEAM_PROFILE_WRITE', // update teams
  'DELETE /v2/teams/{teamId}': 'TEAM_PROFILE_WRITE', // delete teams
  'GET /v2/organizations/{orgId}/teams': 'ORG_PROFILE_READ', // get all teams
  'POST /v2/organizations/{orgId}/teams': 'ORG_PROFILE_WRITE', // create teams
  'GET /v2/organizations/{orgId}/teams/me': 'ORG_PROFILE_READ', // teams membership for a user (the caller)
  'GET /v2/organizations/{orgId}/teams/{teamId}': 'TEAM_PROFILE_READ', // get a team (also org)
  'PATCH /v2/organizations/{orgId}/teams/{teamId}': 'TEAM_PROFILE_WRITE', // update teams (a team's own path: team scopes)
  'DELETE /v2/organizations/{orgId}/teams/{teamId}': 'TEAM_PROFILE_WRITE', // delete teams
  'GET /v2/teams/{teamId}/memberships': 'TEAM_MEMBERSHIP_READ', // get all memberships
  'POST /v2/teams/{teamId}/memberships': 'TEAM_MEMBERSHIP_WRITE', // create memberships
  'GET /v2/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_READ', // get a membership
  'PATCH /v2/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // update memberships
  'POST /v2/organizations/{orgId}/teams/{teamId}/memberships': 'TEAM_MEMBERSHIP_WRITE', // create memberships (also org)
  'GET /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_READ', // get a membership (also org)
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}': 'TEAM_MEMBERSHIP_WRITE', // update memberships (also org)
  'GET /v2/organizations/{orgId}/memberships': 'ORG_MEMBERSHIP_READ', // get all memberships
  'POST /v2/organizations/{orgId}/memberships': 'ORG_MEMBERSHIP_WRITE', // create memberships
  'GET /v2/organizations/{orgId}/memberships/{membershipId}': 'ORG_MEMBERSHIP_READ', // one membership
  'PATCH /v2/organizations/{orgId}/memberships/{membershipId}': 'ORG_MEMBERSHIP_WRITE', // update memberships
  'DELETE /v2/organizations/{orgId}/memberships/{membershipId}': 'ORG_MEMBERSHIP_WRITE', // delete memberships
  'GET /v2/organizations/{orgId}/users': 'ORG_MEMBERSHIP_READ', // all users
  'POST /v2/organizations/{orgId}/users': 'ORG_MEMBERSHIP_WRITE', // create users
  'PATCH /v2/organizations/{orgId}/users/{userId}': 'ORG_MEMBERSHIP_WRITE', // update users
  'DELETE /v2/organizations/{orgId}/users/{userId}': 'ORG_MEMBERSHIP_WRITE', // delete users
  'POST /v2/teams/{teamId}/invite': 'TEAM_MEMBERSHIP_WRITE', // create team invite link
  'DELETE /v2/teams/{teamId}/invite': 'TEAM_MEMBERSHIP_WRITE', // revoking the links is part of managing them
  'POST /v2/organizations/{orgId}/teams/{teamId}/invite': 'TEAM_MEMBERSHIP_WRITE', // create team invite link (also org)
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/invite': 'TEAM_MEMBERSHIP_WRITE',
  'POST /v2/teams/invite/accept': 'PROFILE_WRITE', // no 5.3 row: joining changes the caller's own memberships (our decision)
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
  'GET /v2/organizations/{orgId}/teams/event-types': 'ORG_EVENT_TYPE_READ', // get all team event types across the organization
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
  'GET /v2/webhooks/{webhookId}/deliveries': 'WEBHOOK_READ', // the delivery log of a webhook (our addition, like reading the webhook)
  'POST /v2/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': 'WEBHOOK_WRITE', // send a delivery again (our addition)
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
  'POST /v2/bookings/email-verification-code': 'public', // create a booking: the code a booker sends when the event type requires e-mail verification
  'POST /v2/bookings/{bookingUid}/cancel': 'public', // cancel a booking
  'POST /v2/bookings/{bookingUid}/reschedule': 'public', // reschedule a booking
  'GET /v2/slots/available': 'public', // slot availability
  'PATCH /v2/me': 'PROFILE_WRITE', // update my profile
  'POST /v2/me/memberships/{membershipId}/accept': 'PROFILE_WRITE', // no 5.3 row: answering my own invitation changes my own memberships (consent, issue 21)
  'POST /v2/me/memberships/{membershipId}/decline': 'PROFILE_WRITE', // the same
  'POST /v2/bookings/{bookingUid}/confirm': 'BOOKING_WRITE', // confirm
  'POST /v2/bookings/{bookingUid}/decline': 'BOOKING_WRITE', // decline
  'POST /v2/bookings/{bookingUid}/mark-absent': 'BOOKING_WRITE', // mark booking absence
  'POST /v2/bookings/{bookingUid}/reassign': 'BOOKING_WRITE', // reassign to auto-selected host
  'POST /v2/bookings/{bookingUid}/reassign/{userId}': 'BOOKING_WRITE', // reassign to a specific host
  'POST /v2/bookings/{bookingUid}/request-reschedule': 'BOOKING_WRITE', // request to reschedule
  'POST /v2/bookings/{bookingUid}/guests': 'BOOKING_WRITE', // add guests
  'POST /v2/bookings/{bookingUid}/attendees': 'BOOKING_WRITE', // add an attendee
  'PATCH /v2/bookings/{bookingUid}/location': 'BOOKING_WRITE', // update booking location
  'GET /v2/bookings/{bookingUid}/attendees': 'BOOKING_READ', // all attendees of a booking
  'GET /v2/bookings/{bookingUid}/attendees/{attendeeId}': 'BOOKING_READ', // one attendee
  'GET /v2/bookings/{bookingUid}/calendar-links': 'BOOKING_READ', // calendar links
  'GET /v2/bookings/{bookingUid}/references': 'BOOKING_READ', // booking references
  'GET /v2/bookings/{bookingUid}/recordings': 'BOOKING_READ', // booking recordings
  'GET /v2/bookings/{bookingUid}/transcripts': 'BOOKING_READ', // transcript download links
  'GET /v2/bookings/{bookingUid}/conferencing-sessions': 'BOOKING_READ', // conferencing sessions
  'GET /v2/organizations/{orgId}/bookings': 'ORG_BOOKING_READ', // get organization bookings
  'GET /v2/organizations/{orgId}/users/{userId}/bookings': 'ORG_BOOKING_READ', // all bookings of an organization user
  'GET /v2/organizations/{orgId}/teams/{teamId}/bookings': 'TEAM_BOOKING_READ', // organization team bookings
  'GET /v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references': 'TEAM_BOOKING_READ', // booking references
  'GET /v2/teams/{teamId}/bookings': 'TEAM_BOOKING_READ', // get team bookings
  'GET /v2/organizations/{orgId}/schedules': 'ORG_SCHEDULE_READ', // get all schedules
  'GET /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}': 'ORG_SCHEDULE_READ', // one schedule
  'POST /v2/organizations/{orgId}/users/{userId}/schedules': 'ORG_SCHEDULE_WRITE', // create schedules
  'PATCH /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}': 'ORG_SCHEDULE_WRITE', // update schedules
  'DELETE /v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}': 'ORG_SCHEDULE_WRITE', // delete schedules
  'GET /v2/teams/{teamId}/schedules': 'TEAM_SCHEDULE_READ', // team member schedules
  'GET /v2/organizations/{orgId}/teams/{teamId}/schedules': 'TEAM_SCHEDULE_READ', // team member schedules (also org)
  'GET /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules': 'TEAM_SCHEDULE_READ', // schedules of a team member
  'GET /v2/slots': 'public', // slot availability (2024-09-04)
  'POST /v2/slots/reservations': 'public', // slot availability: holding a slot before booking it
  'GET /v2/slots/reservations/{uid}': 'public', // slot availability
  'PATCH /v2/slots/reservations/{uid}': 'public', // slot availability
  'DELETE /v2/slots/reservations/{uid}': 'public', // slot availability
  'GET /v2/organizations/{orgId}/roles/{roleId}': 'none', // no scope of 5.3 names roles
  // Organization roles and permissions, attributes and delegation credentials: in none of the tables of 5.3.
  'GET /v2/organizations/{orgId}/roles': 'none',
  'POST /v2/organizations/{orgId}/roles': 'none',
  'PATCH /v2/organizations/{orgId}/roles/{roleId}': 'none',
  'DELETE /v2/organizations/{orgId}/roles/{roleId}': 'none',
  'GET /v2/organizations/{orgId}/roles/{roleId}/permissions': 'none',
  'POST /v2/organizations/{orgId}/roles/{roleId}/permissions': 'none',
  'PUT /v2/organizations/{orgId}/roles/{roleId}/permissions': 'none',
  'DELETE /v2/organizations/{orgId}/roles/{roleId}/permissions/{permission}': 'none',
  'POST /v2/organizations/{orgId}/roles/{roleId}/assignments': 'none',
  'DELETE /v2/organizations/{orgId}/roles/{roleId}/assignments/{membershipId}': 'none',
  'GET /v2/organizations/{orgId}/attributes': 'none',
  'POST /v2/organizations/{orgId}/attributes': 'none',
  'GET /v2/organizations/{orgId}/attributes/{attributeId}': 'none',
  'PATCH /v2/organizations/{orgId}/attributes/{attributeId}': 'none',
  'DELETE /v2/organizations/{orgId}/attributes/{attributeId}': 'none',
  'POST /v2/organizations/{orgId}/attributes/{attributeId}/options': 'none',
  'GET /v2/organizations/{orgId}/attributes/{attributeId}/options': 'none',
  'PATCH /v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}': 'none',
  'DELETE /v2/organizations/{orgId}/attributes/{attributeId}/options/{optionId}': 'none',
  'GET /v2/organizations/{orgId}/attributes/{attributeId}/options/assigned': 'none',
  'GET /v2/organizations/{orgId}/attributes/slugs/{attributeSlug}/options/assigned': 'none',
  'POST /v2/organizations/{orgId}/attributes/options/{userId}': 'none',
  'GET /v2/organizations/{orgId}/attributes/options/{userId}': 'none',
  'DELETE /v2/organizations/{orgId}/attributes/options/{userId}/{attributeOptionId}': 'none',
  'POST /v2/organizations/{orgId}/delegation-credentials': 'none',
  'PATCH /v2/organizations/{orgId}/delegation-credentials/{credentialId}': 'none',
  'GET /v2/credits/available': 'CREDITS_READ', // check available credits
  'POST /v2/credits/charge': 'CREDITS_WRITE', // charge credits
  'GET /v2/teams/{teamId}/credits/available': 'CREDITS_READ', // check available credits (a team's; no team scope names credits)
  'POST /v2/teams/{teamId}/credits/charge': 'CREDITS_WRITE', // charge credits (a team's)
  'GET /v2/organizations/{orgId}/credits/available': 'CREDITS_READ', // check available credits (an organization's)
  'POST /v2/organizations/{orgId}/credits/charge': 'CREDITS_WRITE', // charge credits (an organization's)
  'POST /v2/organizations/{orgId}/organizations': 'none', // managed organizations: in no table of 5.3
  'GET /v2/organizations/{orgId}/organizations': 'none',
  'GET /v2/organizations/{orgId}/organizations/{managedOrganizationId}': 'none',
  'PATCH /v2/organizations/{orgId}/organizations/{managedOrganizationId}': 'none',
  'DELETE /v2/organizations/{orgId}/organizations/{managedOrganizationId}': 'none',
  // Out of office
  'GET /v2/me/ooo': 'SCHEDULE_READ', // get all out-of-office entries
  'POST /v2/me/ooo': 'SCHEDULE_WRITE', // create, update, delete out-of-office entries
  'PATCH /v2/me/ooo/{oooId}': 'SCHEDULE_WRITE',
  'DELETE /v2/me/ooo/{oooId}': 'SCHEDULE_WRITE',
  'GET /v2/organizations/{orgId}/users/{userId}/ooo': 'ORG_SCHEDULE_READ', // out-of-office entries of a user
  'POST /v2/organizations/{orgId}/users/{userId}/ooo': 'ORG_SCHEDULE_WRITE', // create, update, delete out-of-office entries for a user
  'PATCH /v2/organizations/{orgId}/users/{userId}/ooo/{oooId}': 'ORG_SCHEDULE_WRITE',
  'DELETE /v2/organizations/{orgId}/users/{userId}/ooo/{oooId}': 'ORG_SCHEDULE_WRITE',
  'GET /v2/organizations/{orgId}/ooo': 'ORG_SCHEDULE_READ', // out-of-office entries of all users
  'GET /v2/teams/{teamId}/users/{userId}/ooo': 'TEAM_SCHEDULE_READ', // out-of-office entries of a team member
  'POST /v2/teams/{teamId}/users/{userId}/ooo': 'TEAM_SCHEDULE_WRITE', // create, update, delete out-of-office entries of a team member
  'PATCH /v2/teams/{teamId}/users/{userId}/ooo/{oooId}': 'TEAM_SCHEDULE_WRITE',
  'DELETE /v2/teams/{teamId}/users/{userId}/ooo/{oooId}': 'TEAM_SCHEDULE_WRITE',
  'GET /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo': 'TEAM_SCHEDULE_READ',
  'POST /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo': 'TEAM_SCHEDULE_WRITE',
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo/{oooId}': 'TEAM_SCHEDULE_WRITE',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo/{oooId}': 'TEAM_SCHEDULE_WRITE',
  // Verified resources (user, team, org team)
  'POST /v2/verified-resources/emails/verification-code/request': 'VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/verified-resources/emails/verification-code/verify': 'VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/verified-resources/emails': 'VERIFIED_RESOURCES_READ', // list
  'GET /v2/verified-resources/emails/{id}': 'VERIFIED_RESOURCES_READ', // get by id
  'POST /v2/verified-resources/phones/verification-code/request': 'VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/verified-resources/phones/verification-code/verify': 'VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/verified-resources/phones': 'VERIFIED_RESOURCES_READ', // list
  'GET /v2/verified-resources/phones/{id}': 'VERIFIED_RESOURCES_READ', // get by id
  'POST /v2/teams/{teamId}/verified-resources/emails/verification-code/request': 'TEAM_VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/teams/{teamId}/verified-resources/emails/verification-code/verify': 'TEAM_VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/teams/{teamId}/verified-resources/emails': 'TEAM_VERIFIED_RESOURCES_READ', // list
  'GET /v2/teams/{teamId}/verified-resources/emails/{id}': 'TEAM_VERIFIED_RESOURCES_READ', // get by id
  'POST /v2/teams/{teamId}/verified-resources/phones/verification-code/request': 'TEAM_VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/teams/{teamId}/verified-resources/phones/verification-code/verify': 'TEAM_VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/teams/{teamId}/verified-resources/phones': 'TEAM_VERIFIED_RESOURCES_READ', // list
  'GET /v2/teams/{teamId}/verified-resources/phones/{id}': 'TEAM_VERIFIED_RESOURCES_READ', // get by id
  'POST /v2/organizations/{orgId}/teams/{teamId}/verified-resources/emails/verification-code/request': 'TEAM_VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/organizations/{orgId}/teams/{teamId}/verified-resources/emails/verification-code/verify': 'TEAM_VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/organizations/{orgId}/teams/{teamId}/verified-resources/emails': 'TEAM_VERIFIED_RESOURCES_READ', // list
  'GET /v2/organizations/{orgId}/teams/{teamId}/verified-resources/emails/{id}': 'TEAM_VERIFIED_RESOURCES_READ', // get by id
  'POST /v2/organizations/{orgId}/teams/{teamId}/verified-resources/phones/verification-code/request': 'TEAM_VERIFIED_RESOURCES_WRITE', // request code
  'POST /v2/organizations/{orgId}/teams/{teamId}/verified-resources/phones/verification-code/verify': 'TEAM_VERIFIED_RESOURCES_WRITE', // verify
  'GET /v2/organizations/{orgId}/teams/{teamId}/verified-resources/phones': 'TEAM_VERIFIED_RESOURCES_READ', // list
  'GET /v2/organizations/{orgId}/teams/{teamId}/verified-resources/phones/{id}': 'TEAM_VERIFIED_RESOURCES_READ', // get by id
  'GET /v2/organizations/{orgId}/webhooks': 'ORG_WEBHOOK_READ', // get all webhooks (organization)
  'POST /v2/organizations/{orgId}/webhooks': 'ORG_WEBHOOK_WRITE', // create a webhook
  'GET /v2/organizations/{orgId}/webhooks/{webhookId}': 'ORG_WEBHOOK_READ', // get a webhook
  'PATCH /v2/organizations/{orgId}/webhooks/{webhookId}': 'ORG_WEBHOOK_WRITE', // update a webhook
  'DELETE /v2/organizations/{orgId}/webhooks/{webhookId}': 'ORG_WEBHOOK_WRITE', // delete a webhook
  'GET /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_READ', // team event type webhooks
  'POST /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_WRITE', // create team event type webhooks
  'DELETE /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_WRITE', // delete all such webhooks
  'GET /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_READ',
  'PATCH /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_WRITE', // update team event type webhooks
  'DELETE /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_WRITE', // delete team event type webhooks
  'GET /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_READ', // (org team paths: the team table covers them)
  'POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_WRITE',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks': 'TEAM_EVENT_TYPE_WRITE',
  'GET /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_READ',
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_WRITE',
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/webhooks/{webhookId}': 'TEAM_EVENT_TYPE_WRITE',
  'POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call': 'TEAM_EVENT_TYPE_WRITE', // create a phone call (also org)
  'POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call': 'TEAM_EVENT_TYPE_WRITE', // create a phone call
  'GET /v2/oauth-clients/{clientId}/webhooks': 'platform', // spec 4.2: the client with its secret key, no scope
  'POST /v2/oauth-clients/{clientId}/webhooks': 'platform',
  'DELETE /v2/oauth-clients/{clientId}/webhooks': 'platform',
  'GET /v2/oauth-clients/{clientId}/webhooks/{webhookId}': 'platform',
  'PATCH /v2/oauth-clients/{clientId}/webhooks/{webhookId}': 'platform',
  'DELETE /v2/oauth-clients/{clientId}/webhooks/{webhookId}': 'platform',
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
  'GET /v2/calendars/{calendar}/connect': 'APPS_WRITE', // get OAuth connect URL
  'GET /v2/calendars/{calendar}/save': 'public', // the provider's redirect: no credential can come; the single-use state names the user (decisions.md)
  'POST /v2/calendars/{calendar}/credentials': 'APPS_WRITE', // save Apple calendar credentials
  'GET /v2/calendars/{calendar}/check': 'APPS_READ', // check a calendar connection
  'POST /v2/calendars/{calendar}/disconnect': 'APPS_WRITE', // disconnect a calendar
  'GET /v2/calendars/{calendar}/event/{eventUid}': 'APPS_READ', // get meeting details from calendar
  'PATCH /v2/calendars/{calendar}/events/{eventUid}': 'APPS_WRITE', // update meeting details in calendar
  'GET /v2/conferencing/{app}/oauth/auth-url': 'APPS_WRITE', // get conferencing OAuth URL
  'GET /v2/conferencing/{app}/oauth/callback': 'public', // the provider's redirect; the single-use state names the user
  'GET /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/oauth/auth-url': 'TEAM_APPS_WRITE', // get OAuth auth URL for a team
  // "save conferencing app OAuth credentials" (TEAM_APPS_WRITE) is checked when the state is issued (auth-url above); the redirect itself carries no credential
  'GET /v2/organizations/{orgId}/teams/{teamId}/conferencing/{app}/oauth/callback': 'public',
  // Stripe: not in spec 5.3; read as "get OAuth connect URL" (APPS_WRITE / TEAM_APPS_WRITE) and "check a connection" (APPS_READ / TEAM_APPS_READ), decisions.md
  'GET /v2/stripe/connect': 'APPS_WRITE',
  'GET /v2/stripe/save': 'public', // Stripe's redirect; the single-use state names the user
  'GET /v2/stripe/check': 'APPS_READ',
  'GET /v2/organizations/{orgId}/teams/{teamId}/stripe/connect': 'TEAM_APPS_WRITE',
  'GET /v2/organizations/{orgId}/teams/{teamId}/stripe/save': 'public', // the state names the team; the admin's authority was checked when it was issued
  'GET /v2/organizations/{orgId}/teams/{teamId}/stripe/check': 'TEAM_APPS_READ',
  'POST /v2/routing-forms/{routingFormId}/calculate-slots': 'TEAM_ROUTING_FORM_WRITE', // create routing form response and get available slots (without storing it)
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
  'GET /v2/organizations/{orgId}/teams/{teamId}/workflows/routing-form': 'TEAM_WORKFLOW_READ', // get organization team routing form workflows
  'POST /v2/organizations/{orgId}/teams/{teamId}/workflows/routing-form': 'TEAM_WORKFLOW_WRITE', // create workflow for routing forms
  'GET /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}/routing-form': 'TEAM_WORKFLOW_READ', // one routing form workflow
  'PATCH /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}/routing-form': 'TEAM_WORKFLOW_WRITE', // update (both kinds)
  'DELETE /v2/organizations/{orgId}/teams/{teamId}/workflows/{workflowId}/routing-form': 'TEAM_WORKFLOW_WRITE', // delete (both kinds)
  'POST /v2/oauth-clients': 'none', // platform OAuth clients of an organization: no 5.3 row names them (API keys of its admins)
  'GET /v2/oauth-clients': 'none',
  'GET /v2/oauth-clients/{clientId}': 'none',
  'PATCH /v2/oauth-clients/{clientId}': 'none',
  'DELETE /v2/oauth-clients/{clientId}': 'none',
  'GET /v2/oauth-clients/{clientId}/users': 'platform', // managed users: the client with its secret key, no scope
  'POST /v2/oauth-clients/{clientId}/users': 'platform',
  'GET /v2/oauth-clients/{clientId}/users/{userId}': 'platform',
  'PATCH /v2/oauth-clients/{clientId}/users/{userId}': 'platform',
  'DELETE /v2/oauth-clients/{clientId}/users/{userId}': 'platform',
  'POST /v2/oauth-clients/{clientId}/users/{userId}/force-refresh': 'platform',
  'POST /v2/oauth/{clientId}/refresh': 'platform',
  'POST /v2/api-keys/refresh': 'none', // rotates the API key of the request: no 5.3 row, no token can
};

/** Routes that delete the team they address: each gets a team of its own. */
const TEAM_DELETIONS = ['DELETE /v2/teams/{teamId}', 'DELETE /v2/organizations/{orgId}/teams/{teamId}'];

/** Every scope of spec 5.3's three tables. */
const ALL_SCOPES = [
  ...['EVENT_TYPE', 'BOOKING', 'SCHEDULE', 'APPS', 'PROFILE', 'WEBHOOK', 'VERIFIED_RESOURCES', 'CREDITS'].flatMap((s) => [`${s}_READ`, `${s}_WRITE`]),
  ...['EVENT_TYPE', 'BOOKING', 'SCHEDULE', 'PROFILE', 'MEMBERSHIP', 'APPS', 'ROUTING_FORM', 'WORKFLOW', 'VERIFIED_RESOURCES']
    .flatMap((s) => [`TEAM_${s}_READ`, `TEAM_${s}_WRITE`])
    .filter((s) => s !== 'TEAM_BOOKING_WRITE'),
  ...[
    'EVENT_TYPE_READ',
    'BOOKING_READ',
    'SCHEDULE_READ',
    'SCHEDULE_WRITE',
    'PROFILE_READ',
    'PROFILE_WRITE',
    'MEMBERSHIP_READ',
    'MEMBERSHIP_WRITE',
    'ROUTING_FORM_READ',
    'ROUTING_FORM_WRITE',
    'WEBHOOK_READ',
    'WEBHOOK_WRITE',
  ].map((s) => `ORG_${s}`),
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
  const spareTeamIds: Record<string, number> = {};
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
    // Deleting a team must not take the shared team away from the routes walked after it.
    for (const key of TEAM_DELETIONS) spareTeamIds[key] = (await operator.createTeam({ name: `Spare ${key}`, orgId, ownerId: userId })).id;
    ids = {
      orgId,
      teamId,
      userId,
      eventTypeId: 999_999,
      membershipId: 999_999,
      scheduleId: 999_999,
      webhookId: 999_999,
      clientId: 'nope',
      linkId: 'nope',
      roleId: 'admin_role',
      bookingUid: 'nope',
    };
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
      const values: Record<string, string | number> = {
        ...ids,
        ...(spareTeamIds[`${route.method} ${route.path}`] ? { teamId: spareTeamIds[`${route.method} ${route.path}`] } : {}),
      };
      const path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(String(values[param] ?? 1)));
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
    } else if (required === 'platform') {
      it(`${name}: only the platform client's secret key opens it, so even a token with every scope gets 401`, async () => {
        const refused = await call(await tokenFor(ALL_SCOPES));
        expect(refused.status).toBe(401);
        expect(refused.body.error.message).toMatch(/x-svc-secret-key/);
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
