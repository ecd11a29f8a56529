import { RouteEntry } from './route';

/**
 * Where an operation answers differently from the real service on purpose: each is a row of
 * docs/compatibility.md (named by its section), shown to a client's author as `x-svc-deviation` on the
 * operation in the OpenAPI document.
 */
export const DEVIATION = {
  consent:
    "Memberships: consent — accepted:true by an admin is an invitation (accepted:false) unless an admin of the person's organization places them; " +
    'only the person accepts it; its user is null to anybody else',
  ownerGrantsOwner: 'Teams and memberships — role OWNER is granted only by an OWNER of the team (403 for an ADMIN)',
  teamAdminOnOrgPath: "Teams and memberships — a team's admin on another organization's path gets 404 (the team is not there), anybody else 403",
  otherOooEntry: "Out of office — somebody else's entry, or none, is a 404 (the real service: 403)",
  webhookIdNumber: 'Webhooks — id is a number, as the reference document declares it (the real service answers a string)',
  otherWebhook: "Webhooks — somebody else's webhook, or one that is not under the path, is a 404 (the real service: 403 or 400)",
  otherEventType: "Webhooks — somebody else's event type is a 404 (the real service: 403)",
  dynamicGroupEventType:
    "Event types — usernames (a dynamic group's event type) is not served: a 400 naming it (the real service answers a synthetic group event type)",
  blockUnconfirmed: 'Event types — confirmationPolicy.blockUnconfirmedBookingsInBooker: false is a 400 (pending bookings always hold their time here)',
  durationLimitsOf15: 'Event types — bookingLimitsDuration values must be multiples of 15, as the reference document says (the real service takes any)',
  hostOutsideTeam: 'Event types — a host who is not an accepted member of the team is a 400 naming hosts (the real service: 404)',
  phoneOnlyEventType:
    'Event types — booking fields with email hidden or optional are taken when attendeePhoneNumber is visible and required (spec 4.4; the real service: 400)',
  seatedCollective:
    "Event types — seats on a collective event type are a 400 naming seats (every host attends a collective booking; a seated booking is one host's, joined by attendees): seats are taken on round-robin and personal event types (the real service takes them)",
  teamOutsideOrgRead:
    'Event types — reading an event type of a team that is not in the organization of the path is a 404, as the list of that team answers (the real service: 403 for one event type)',
  seatsWithRecurrence:
    "Event types — seats with recurrence, in one body or by a second update: 400 with the real service's sentence after its field (recurrence: … or seats: …), as every 400 of this API",
  updateMissingEventType: 'Event types — updating an event type the team does not have is a 404 (the real service: 400)',
  seatedSlotBookingUid:
    "Slots — GET /v2/slots/available shows a seated slot's attendees but not its bookingUid (the real service does): a booking's uid lets its holder cancel or reschedule it",
  availableSlotsRouting:
    'Slots — GET /v2/slots/available with routingFormResponseId or _isDryRun is a 400 naming it (the real service validates them and routes the slots)',
  bookingReadNeedsCredential:
    'Bookings — reading a booking needs a credential (BOOKING_READ, the host or a team admin): 401 without one (the real service answers it)',
  seatedRescheduleMessage:
    "Bookings — a seated booking rescheduled without seatUid: 400 with the real service's sentence after its field (seatUid: …), this API's paths in place of its links",
  attendeesOfOthers: "Bookings — somebody else's booking, or none, is a 404 on its attendees (the real service: 403)",
  cancelTwice: 'Bookings — cancelling a booking already cancelled is a 409 CONFLICT that changes nothing (the real service: 200 or 400)',
  noMonthlyCredits:
    'Credits — no plan grants monthly credits here: balance.monthlyRemaining is always 0 and granted credits are balance.additional (the real service: a monthly allowance as well)',
  requestRescheduleConflicts:
    'Bookings — asking to reschedule a booking that is cancelled, rejected or over is a 409 CONFLICT that changes nothing (the real service: 400)',
  rescheduleConflicts:
    'Bookings — rescheduling a booking that is cancelled or already rescheduled, or onto a time that is taken, is a 409 CONFLICT (the real service: 400)',
  noBookingEmails:
    'Bookings — this API sends no booking e-mail to attendees or hosts: webhooks and workflows (email_host, email_attendee steps) notify (the real service e-mails both)',
  legacyUnavailableSlot:
    "Bookings — the older POST /v2/bookings body (without svc-api-version) at a time no host can take is a 409 CONFLICT saying why, as every version and path answers it (the real service: 400 'no_available_users_found_error')",
  legacyListRecurringInfo:
    "Bookings — the older GET /v2/bookings answers {bookings, nextCursor} without the real service's recurringInfo: each occurrence of a recurring booking is in bookings, with its recurringBookingUid in the current version",
  noDefaultDateWindow:
    'Bookings — without afterStart / beforeEnd the list has every booking the filters ask for (the real service looks only one month back and one ahead)',
  meetingReadsOfOthers:
    "Bookings — somebody else's booking, or none, is a 404 on its recordings, transcripts and conferencing sessions (the real service: 403)",
  guestsOnlyInGuests:
    'Bookings — guests added are listed in guests only, not among the attendees; only the host or an admin of its team adds them (404 to anybody else; the real service: 403, and its guests may add guests)',
  seatedAttendeeShape:
    "Bookings — a seat's attendee has no displayEmail, and its bookingFieldsResponses carry guests only when there are guests (SeatedAttendee of the reference)",
  hostCancelReasonMessage:
    "Bookings — the host cancelling without cancellationReason: 400 with the real service's sentence after its field (cancellationReason: …), as every 400 of this API",
  organizationBookingsHosted:
    "Bookings — an organization's bookings are the ones it hosts (its teams' event types, its members' own), not its members' bookings of other people's event types; userIds naming a user outside the organization, existing or not, is a 403 (the real service: 400 for an unknown id)",
  attendeeDisplayEmail: "Bookings — an attendee has no displayEmail (the reference's attendee has none; the real service repeats the e-mail there)",
  reservationNotByCookie:
    "Bookings — a slot reservation is named in the body (reservationUid, or the real service's reservedSlotUid), never by the uid cookie: a booking of a held slot with the cookie only is a 409",
  heldSlotIsTaken:
    "Bookings — a slot somebody else holds is taken: a second reservation of it is a 422 and a booking of it a 409 SLOT_TAKEN (the real service: a 400 'Someone else reserved this booking time slot before you…')",
  conferencingLocationText:
    'Bookings — a booking at a conferencing app answers location integrations:<app> and the video URL as meetingUrl (the real service: the URL as location); meetingUrl is a web address or absent (the real service repeats any location there)',
  locationOfOthers: "Bookings — changing the location of somebody else's booking, or of none, is a 404 (the real service: 403)",
  noDefaultLocation: 'Event types — an event type created without locations has none (the real service gives it cal-video)',
  bookingFieldMessage:
    "Bookings — a booking-field answer of the wrong type or option: the real service's sentence after the field's path (bookingFieldsResponses.x: …), as every 400 of this API",
  bodyBeforeRole:
    "Requests — a body that is missing or does not match the operation is a 400 before the caller's credential and role are judged (the real service: 401 or 403 first)",
  clientsToAdmins: "OAuth clients — only the organization's admins and owners read its clients: 403 for a MEMBER (the real service lists them to members)",
  allScopes: 'OAuth clients — permissions ["*"] is every user scope of this API (spec 5.3), more than the real service\'s ten',
  tokensKeepRoles:
    "OAuth tokens — a token acts within its user's roles: on an operation for team or organization admins, a MEMBER's token is a 403 whatever its scopes (the real service lets a third-party token with the operation's scope through)",
  icsFeedScope:
    "OAuth tokens — saving an ICS feed takes the scope APPS_WRITE (spec 5.3): a token without it is a 403 naming it, a token with it saves (the real service: 403 'this endpoint is not available for third-party OAuth tokens' for every third-party token)",
  managedUserEmailsMessage:
    "Managed users — a value of emails that is not an e-mail address: 400 with the real service's sentence after its field (emails: Invalid email …)",
  opaqueTokens:
    "Managed users — accessToken and refreshToken are opaque (svc_at_…, svc_rt_…), not JWTs: the expiries are the answer's accessTokenExpiresAt and refreshTokenExpiresAt",
  rolesReadPermission: 'Organization roles — reading roles takes the permission role.readOrgRoles (spec 4.13; the real service: role.read)',
  roleNameTaken: 'Organization roles — a name taken is a 409 CONFLICT naming the role (the real service: 400)',
  systemRolesFixed:
    "Organization roles — the SYSTEM roles (member_role, admin_role, owner_role) are the organization's and cannot change: 400 (the real service: 404)",
  noPlatformFlag:
    "Managed users — organizations have no platform flag and a team is not bound to the client that made it: the organization's clients act for it (a user outside is invited, a managed user of any of its clients joins its teams; the real service: 400); a user already a member is a 409",
  managerIsNotMember:
    "Managed organizations — the managing organization's admins and clients are not members of an organization it manages: its data (bookings …) is read with the managed organization's API key, 403 for them (the real service makes the creator its OWNER)",
  customRoleDecides:
    "Organization roles — a member whose custom role lacks the operation's permission is refused (403) even where a MEMBER may call it (the real service falls back to the membership role); attributes are read by admins or that permission only",
  teamAdminReads:
    "Organization roles — a team MEMBER without a custom role does not read the team's memberships, routing forms, workflows, conferencing apps, schedules or verified e-mails: 403 (spec 4.10–4.12: team admins; the real service's default member role reads them)",
  reassignByHostOrAdmin:
    "Bookings — only the booking's host or an admin of its team or organization reassigns it: 403 for another member (the real service allows them)",
  destinationCalendarShape:
    'Calendars — the destination calendar of GET /v2/calendars is {userId, integration, externalId, credentialId}, as PUT /v2/destination-calendars answers it, or null while none is set (the real service: its row, with id, primaryEmail and eventTypeId)',
  busyTimesOtherCredential:
    'Calendars — a credential of busy-times (calendarsToLoad[i][credentialId] or credentialId) that is not the caller\'s, or none, is a 404 naming it (the real service: 401 "These credentials do not belong to you")',
  meetConnectedTwice: 'Conferencing — connecting an app already connected is a 409 CONFLICT (the real service: 400 "Google Meet is already connected…")',
  teamMeetWithoutCalendar:
    'Conferencing — a team connects google-meet without a Google Calendar connection of the team, which this API has none of (the real service: 400 until the team has one)',
  schedulesByEventType:
    "Schedules — eventTypeId (the real service: the schedules of the event type's hosts) is not served on the organization team schedules routes: a 400 naming it",
  privateLinkClientScopes:
    'Private links — a platform OAuth client on the private links of an organization team event type needs the scopes TEAM_EVENT_TYPE_READ / TEAM_EVENT_TYPE_WRITE (spec 4.6, 5.3): 403 without them, also for a client made with ["*"] (the user scopes); the real service checks only the role of the client owner',
  routingFormNotInTeam:
    "Routing forms — on a team's path, a form that is not the team's (another team's, or none) is a 404 (the real service: 403 \"IsRoutingFormInTeam …\")",
  routingQueuedResponse:
    'Routing forms — queueResponse (a response kept until its booking is made) is not served: a 400 naming it (the real service answers routing.queuedResponseId); a response is stored when it is submitted',
  routingExternalUrlAsConfigured:
    "Routing forms — routingExternalRedirectUrl is the route's URL as the form configures it (the real service appends query parameters of its own, cal.action=externalRedirectUrl among them)",
  routingAnswersShape:
    "Routing forms — a response's answers are {label, value} per field, as spec 2.8 has them, also in PATCH's answer (the real service: the values as they were sent)",
  bookingsAsAttendee:
    "Bookings — a user's list holds the bookings they host; a booking whose attendee or guest has the user's e-mail is not in it (the real service lists those too): an e-mail here is not verified, so it does not prove whose booking it is",
  confirmOfOthers:
    "Bookings — confirming or declining somebody else's booking, or none, is a 404 (the real service: 401 to an organization's admin for a booking outside the organization)",
  routingSlotsCredential:
    "Routing forms — calculate-slots needs a credential of an admin of the form's team or organization, as the reference document declares (the real service's handler has no guard: anybody is answered)",
  teamRoutingFormFilters:
    "Routing forms — a team's list filters by name (contains, any case) and disabled, as the organization's list does (the real service ignores both on a team's list)",
  workflowDeleteAnswers: 'Workflows — deleting a workflow (either kind) answers the deleted workflow as data (the real service: {status} only)',
} as const;

/** The routes with these deviations added to the ones they declare. */
export function withDeviations(routes: RouteEntry[], ...deviations: string[]): RouteEntry[] {
  return routes.map((route) => ({ ...route, deviations: [...(route.deviations ?? []), ...deviations] }));
}

/**
 * Adds a deviation to the operations named `METHOD /path` (for route tables that builder functions make); an operation
 * that is not in the table throws, so a renamed path cannot silently drop its mark.
 */
export function withDeviationOn(routes: RouteEntry[], deviation: string, operations: string[]): RouteEntry[] {
  const missing = operations.filter((op) => !routes.some((route) => `${route.method} ${route.path}` === op));
  if (missing.length) throw new Error(`withDeviationOn: no such operation ${missing.join(', ')}`);
  return routes.map((route) =>
    operations.includes(`${route.method} ${route.path}`) ? { ...route, deviations: [...(route.deviations ?? []), deviation] } : route,
  );
}
