/**
 * The sizes every input may have, declared once for `/graphql` and the REST façade alike, checked at
 * the gateway before any planning or database work (input-limits.ts). A key names an input field
 * (`CreateEventTypeInput.slug`) or an argument (`Query.booking.uid`); what is not listed gets the
 * defaults. The defaults keep every value within what PostgreSQL accepts: a 255-character string is
 * at most 1,020 bytes of UTF-8, well under the 2,704 bytes a b-tree index entry may hold.
 */
export const DEFAULT_MAX_STRING = 255;
export const DEFAULT_MAX_ITEMS = 100;

export const MAX_STRING: Record<string, number> = {
  'CreateEventTypeInput.description': 10_000,
  'UpdateEventTypeInput.description': 10_000,
  'CreateTeamEventTypeInput.description': 10_000,
  'UpdateTeamEventTypeInput.description': 10_000,
  'CreateTeamInput.bio': 5_000,
  ...Object.fromEntries(
    ['UpdateTeamInput', 'CreateOrganizationTeamInput'].flatMap((input) => [
      [`${input}.bio`, 5_000],
      [`${input}.logoUrl`, 1_000],
      [`${input}.bannerUrl`, 1_000],
    ]),
  ),
  'CreateOrganizationUserInput.bio': 5_000,
  'UpdateOrganizationUserInput.bio': 5_000,
  'CreateOrganizationUserInput.avatarUrl': 1_000,
  'UpdateOrganizationUserInput.avatarUrl': 1_000,
  'CreateWebhookInput.payloadTemplate': 20_000,
  'CreateWebhookInput.subscriberUrl': 1_000,
  'UpdateWebhookInput.payloadTemplate': 20_000,
  'UpdateWebhookInput.subscriberUrl': 1_000,
  'CreatePhoneCallInput.beginMessage': 2_000,
  'CreatePhoneCallInput.generalPrompt': 10_000,
  'CancelBookingInput.cancellationReason': 2_000,
  'RescheduleBookingInput.reschedulingReason': 2_000,
  'CancelBookingInput.seatUid': 100,
  'RescheduleBookingInput.seatUid': 100,
  'RescheduleBookingInput.rescheduledBy': 254,
  'LegacyBookingResponsesInput.notes': 5_000,
  'LegacyBookingResponsesInput.rescheduleReason': 2_000,
  'BookingLocationInput.address': 1_000,
  'BookingLocationInput.location': 1_000,
  'BookingFieldInput.label': 1_000,
  'BookingFieldInput.placeholder': 1_000,
  'OAuthTokenRequest.redirect_uri': 2_048,
  'OAuthTokenRequest.scope': 1_000,
  'RegisterOAuthClientInput.redirectUris': 2_048,
  'Mutation.verifyPassword.password': 1_000,
  'Mutation.useSignUpLink.password': 1_000,
  'Mutation.redeliverWebhookDelivery.deliveryId': 36,
  // organization attributes, roles, delegation credentials, out of office
  'CreateAttributeInput.name': 255,
  'CreateAttributeInput.slug': 255,
  'UpdateAttributeInput.name': 255,
  'UpdateAttributeInput.slug': 255,
  'CreateAttributeOptionInput.value': 255,
  'CreateAttributeOptionInput.slug': 255,
  'UpdateAttributeOptionInput.value': 255,
  'UpdateAttributeOptionInput.slug': 255,
  'AssignAttributeOptionInput.value': 255,
  'CreateRoleInput.name': 100,
  'CreateRoleInput.permissions': 100,
  'CreateRoleInput.color': 32,
  'CreateRoleInput.description': 1_000,
  'UpdateRoleInput.name': 100,
  'UpdateRoleInput.permissions': 100,
  'UpdateRoleInput.color': 32,
  'UpdateRoleInput.description': 1_000,
  'RolePermissionsInput.permissions': 100,
  'CreateDelegationCredentialInput.domain': 253,
  'CreateDelegationCredentialInput.workspacePlatformSlug': 50,
  'ServiceAccountKeyInput.private_key': 10_000,
  'ServiceAccountKeyInput.client_email': 320,
  'ServiceAccountKeyInput.client_id': 255,
  // credits
  'ChargeCreditsInput.creditFor': 100,
  'ChargeCreditsInput.externalRef': 255,
  // managed organizations
  'CreateManagedOrganizationInput.name': 255,
  'CreateManagedOrganizationInput.slug': 255,
  'UpdateManagedOrganizationInput.name': 255,
  'CreateOutOfOfficeInput.start': 64,
  'CreateOutOfOfficeInput.end': 64,
  'CreateOutOfOfficeInput.notes': 2_000,
  'CreateOutOfOfficeInput.reason': 32,
  'UpdateOutOfOfficeInput.start': 64,
  'UpdateOutOfOfficeInput.end': 64,
  'UpdateOutOfOfficeInput.notes': 2_000,
  'UpdateOutOfOfficeInput.reason': 32,
  'Query.organizationOutOfOffice.email': 320,
  'RequestEmailVerificationInput.email': 320,
  'VerifyEmailInput.email': 320,
  'VerifyEmailInput.code': 16,
  'RequestPhoneVerificationInput.phone': 32,
  'VerifyPhoneInput.phone': 32,
  'VerifyPhoneInput.code': 16,
  'RequestBookerEmailCodeInput.email': 320,
  'CreateBookingInput.emailVerificationCode': 16,
  // Booking actions (reasons are trimmed and kept up to 1,000 characters by the booking rules).
  'DeclineBookingInput.reason': 2_000,
  'RequestRescheduleInput.reason': 2_000,
  'ReassignBookingInput.reason': 2_000,
  'UpdateMeInput.avatarUrl': 2_048,
  'UpdateMeInput.bio': 2_000,
  ...Object.fromEntries(
    ['CreateEventTypeInput', 'UpdateEventTypeInput', 'CreateTeamEventTypeInput', 'UpdateTeamEventTypeInput'].flatMap((input) => [
      [`${input}.customName`, 500],
      [`${input}.successRedirectUrl`, 1_000],
    ]),
  ),
  'Query.slots.usernames': 1_000,
  'SaveIcsFeedInput.urls': 2_048,
  // An Apple ID is an e-mail address (RFC 5321: at most 320 characters); app-specific passwords are 19.
  'CreateCalendarCredentialsInput.username': 320,
  'CreateCalendarCredentialsInput.password': 255,
  'CreateRoutingFormInput.description': 5_000,
  'WorkflowMessageInput.subject': 1_000,
  'WorkflowMessageInput.html': 20_000,
  'WorkflowMessageInput.text': 2_000,
  // Third-party OAuth (calendars, conferencing): provider codes can be long (Microsoft's run past 1,000 characters).
  'Query.calendarConnectUrl.calendar': 32,
  'Query.calendarConnectUrl.redir': 2_048,
  'Query.saveCalendarConnection.calendar': 32,
  'Query.saveCalendarConnection.state': 255,
  'Query.saveCalendarConnection.code': 4_096,
  'Query.checkCalendarConnection.calendar': 32,
  'Mutation.disconnectCalendar.calendar': 32,
  'Query.calendarEvent.calendar': 32,
  'Query.calendarEvent.eventUid': 1_024,
  'Mutation.updateCalendarEvent.calendar': 32,
  'Mutation.updateCalendarEvent.eventUid': 1_024,
  'UpdateUnifiedCalendarEventInput.title': 1_000,
  'UpdateUnifiedCalendarEventInput.description': 8_000,
  'UpdateUnifiedCalendarEventInput.status': 32,
  'CalendarEventTimeInput.time': 64,
  'CalendarEventTimeInput.timeZone': 64,
  'UpdateCalendarEventAttendeeInput.email': 320,
  'UpdateCalendarEventAttendeeInput.name': 255,
  'UpdateCalendarEventAttendeeInput.responseStatus': 32,
  ...Object.fromEntries(
    ['conferencingOAuthUrl', 'teamConferencingOAuthUrl'].flatMap((field) => [
      [`Query.${field}.app`, 32],
      [`Query.${field}.returnTo`, 2_048],
      [`Query.${field}.onErrorReturnTo`, 2_048],
    ]),
  ),
  ...Object.fromEntries(
    ['conferencingOAuthCallback', 'teamConferencingOAuthCallback'].flatMap((field) => [
      [`Query.${field}.app`, 32],
      [`Query.${field}.state`, 255],
      [`Query.${field}.code`, 4_096],
    ]),
  ),
  ...Object.fromEntries(
    ['stripeConnectUrl', 'teamStripeConnectUrl'].flatMap((field) => [
      [`Query.${field}.returnTo`, 2_048],
      [`Query.${field}.onErrorReturnTo`, 2_048],
    ]),
  ),
  ...Object.fromEntries(
    ['saveStripeConnection', 'saveTeamStripeConnection'].flatMap((field) => [
      [`Query.${field}.state`, 255],
      [`Query.${field}.code`, 4_096],
    ]),
  ),
  'Query.conferencingMeetingUrl.title': 1_000,
  'Mutation.routingFormById.routingFormId': 36,
  'RoutingFormTarget.calculateSlots.start': 64,
  'RoutingFormTarget.calculateSlots.end': 64,
  'RoutingFormTarget.calculateSlots.timeZone': 64,
  'RoutingFormTarget.calculateSlots.format': 16,
  'RoutingFormTarget.calculateSlots.bookingUidToReschedule': 255,
  // platform: OAuth clients of an organization, managed users
  ...Object.fromEntries(
    ['CreatePlatformOAuthClientInput', 'UpdatePlatformOAuthClientInput'].flatMap((input) =>
      ['redirectUris', 'logo', 'bookingRedirectUri', 'bookingCancelRedirectUri', 'bookingRescheduleRedirectUri'].map((field) => [`${input}.${field}`, 2_048]),
    ),
  ),
  'CreatePlatformOAuthClientInput.name': 100,
  'UpdatePlatformOAuthClientInput.name': 100,
  'CreatePlatformOAuthClientInput.permissions': 50,
  'CreateManagedUserInput.avatarUrl': 2_048,
  'CreateManagedUserInput.bio': 2_000,
};

export const MAX_ITEMS: Record<string, number> = {
  'AvailabilityInput.days': 7,
  'CreateEventTypeInput.locations': 20,
  'UpdateEventTypeInput.locations': 20,
  'CreateTeamEventTypeInput.locations': 20,
  'UpdateTeamEventTypeInput.locations': 20,
  'CreateTeamEventTypeInput.hosts': 500,
  'UpdateTeamEventTypeInput.hosts': 500,
  'CreateWebhookInput.triggers': 50,
  'UpdateWebhookInput.triggers': 50,
  'RegisterOAuthClientInput.redirectUris': 10,
  'RegisterOAuthClientInput.scopes': 50,
  'Query.usersById.ids': 1_000,
  'Mutation.applyTeamRoster.memberIds': 50_000, // @internal: a team's (or an organization's) accepted members, sent whole by the roster outbox
  'Query.organizationUsers.emails': 100,
  'Query.organizationUsers.teamIds': 100,
  'Query.organizationUsers.assignedOptionIds': 250,
  'CreateAttributeInput.options': 500,
  'CreateRoleInput.permissions': 200,
  'UpdateRoleInput.permissions': 200,
  'RolePermissionsInput.permissions': 200,
  'Query.organizationAttributeAssignedOptions.assignedOptionIds': 250,
  'Query.organizationAttributeAssignedOptions.teamIds': 250,
  'Query.organizationAttributeAssignedOptionsBySlug.assignedOptionIds': 250,
  'Query.organizationAttributeAssignedOptionsBySlug.teamIds': 250,
  'CreateBookingInput.guests': 30,
  'BookingRoutingInput.teamMemberIds': 50,
  'AddGuestsInput.guests': 30,
  'MarkAbsentInput.attendees': 100,
  ...Object.fromEntries(
    ['CreateEventTypeInput', 'UpdateEventTypeInput', 'CreateTeamEventTypeInput', 'UpdateTeamEventTypeInput'].flatMap((input) => [
      [`${input}.lengthInMinutesOptions`, 20],
      [`${input}.bookingFields`, 100],
    ]),
  ),
  'BookerLayoutsInput.enabledLayouts': 3,
  'SaveIcsFeedInput.urls': 10,
  'CreateWorkflowInput.steps': 20,
  'UpdateWorkflowInput.steps': 20,
  'WorkflowActivationInput.activeOnEventTypeIds': 250,
  'Query.organizationRoutingForms.teamIds': 250,
  'UpdateUnifiedCalendarEventInput.attendees': 100,
  'CreatePlatformOAuthClientInput.redirectUris': 10,
  'UpdatePlatformOAuthClientInput.redirectUris': 10,
  'CreatePlatformOAuthClientInput.permissions': 50,
  'Query.managedUsers.emails': 100,
};

/**
 * Fields that may be omitted but not sent as `null`: their columns are NOT NULL, and an update that
 * omits them keeps the current value. (Fields where `null` means "remove", such as a booking limit's
 * bounds or a private link's `expiresAt`, or is a current value, such as a personal event type's
 * `teamId`, are not listed.)
 */
export const NOT_NULL = new Set<string>([
  ...['UpdateEventTypeInput', 'UpdateTeamEventTypeInput'].flatMap((input) =>
    ['title', 'slug', 'lengthInMinutes', 'locations', 'hidden'].map((field) => `${input}.${field}`),
  ),
  'UpdateTeamEventTypeInput.hosts',
  ...['name', 'slug', 'timeZone', 'hideBranding', 'isPrivate', 'hideBookATeamMember', 'metadata', 'weekStart'].map((field) => `UpdateTeamInput.${field}`),
  ...['accepted', 'role', 'disableImpersonation'].map((field) => `UpdateMembershipInput.${field}`),
  ...['email', 'username', 'name', 'timeZone', 'metadata'].map((field) => `UpdateOrganizationUserInput.${field}`),
  'UpdateTeamEventTypeInput.assignAllTeamMembers',
  // Settings with a NOT NULL column: omitted keeps them, null is a 400 (`{disabled: true}` clears the object settings).
  ...['CreateEventTypeInput', 'UpdateEventTypeInput', 'CreateTeamEventTypeInput', 'UpdateTeamEventTypeInput'].flatMap((input) =>
    [
      'minimumBookingNotice',
      'beforeEventBuffer',
      'afterEventBuffer',
      'offsetStart',
      'onlyShowFirstAvailableSlot',
      'disableGuests',
      'hideCalendarNotes',
      'hideCalendarEventDetails',
      'hideOrganizerEmail',
      'lockTimeZoneToggleOnBookingPage',
      'useDestinationCalendarEmail',
      'bookingFields',
    ].map((field) => `${input}.${field}`),
  ),
  ...['name', 'timeZone', 'isDefault', 'availability', 'schedule', 'overrides'].map((field) => `UpdateScheduleInput.${field}`),
  ...['subscriberUrl', 'triggers', 'active', 'version'].map((field) => `UpdateWebhookInput.${field}`),
  ...['name', 'slug', 'type', 'enabled'].map((field) => `UpdateAttributeInput.${field}`),
  ...['value', 'slug'].map((field) => `UpdateAttributeOptionInput.${field}`),
  ...['name', 'permissions'].map((field) => `UpdateRoleInput.${field}`),
  ...['enabled', 'serviceAccountKey'].map((field) => `UpdateDelegationCredentialInput.${field}`),
  ...['start', 'end'].map((field) => `UpdateOutOfOfficeInput.${field}`),
  ...['name', 'metadata'].map((field) => `UpdateManagedOrganizationInput.${field}`),
  ...['email', 'name', 'timeFormat', 'defaultScheduleId', 'weekStart', 'timeZone', 'locale', 'metadata'].map((field) => `UpdateMeInput.${field}`),
  ...['name', 'activation', 'trigger', 'steps'].map((field) => `UpdateWorkflowInput.${field}`),
  ...['name', 'redirectUris', 'areEmailsEnabled', 'areDefaultEventTypesEnabled', 'areCalendarEventsEnabled'].map(
    (field) => `UpdatePlatformOAuthClientInput.${field}`,
  ),
]);

/** JSON objects (`metadata`, booking field responses): the reference's metadata rule, and a size bound for the rest. */
export const JSON_LIMITS = {
  metadata: { maxKeys: 50, maxKeyLength: 40, maxString: 500 },
  other: { maxKeys: 100, maxKeyLength: 100, maxString: 5_000 },
  maxDepth: 5,
  maxItems: 100,
};
