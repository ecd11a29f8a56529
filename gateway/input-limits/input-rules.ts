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
  'CreateWebhookInput.payloadTemplate': 20_000,
  'CreateWebhookInput.subscriberUrl': 1_000,
  'UpdateWebhookInput.payloadTemplate': 20_000,
  'UpdateWebhookInput.subscriberUrl': 1_000,
  'CancelBookingInput.cancellationReason': 2_000,
  'RescheduleBookingInput.reschedulingReason': 2_000,
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
  'SaveIcsFeedInput.urls': 2_048,
  'CreateRoutingFormInput.description': 5_000,
  'WorkflowMessageInput.subject': 1_000,
  'WorkflowMessageInput.html': 20_000,
  'WorkflowMessageInput.text': 2_000,
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
  'SaveIcsFeedInput.urls': 10,
  'CreateWorkflowInput.steps': 20,
  'UpdateWorkflowInput.steps': 20,
  'WorkflowActivationInput.activeOnEventTypeIds': 250,
  'Query.organizationRoutingForms.teamIds': 250,
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
  'UpdateTeamEventTypeInput.assignAllTeamMembers',
  ...['name', 'timeZone', 'isDefault', 'availability', 'schedule', 'overrides'].map((field) => `UpdateScheduleInput.${field}`),
  ...['subscriberUrl', 'triggers', 'active', 'version'].map((field) => `UpdateWebhookInput.${field}`),
  ...['name', 'activation', 'trigger', 'steps'].map((field) => `UpdateWorkflowInput.${field}`),
]);

/** JSON objects (`metadata`, booking field responses): the reference's metadata rule, and a size bound for the rest. */
export const JSON_LIMITS = {
  metadata: { maxKeys: 50, maxKeyLength: 40, maxString: 500 },
  other: { maxKeys: 100, maxKeyLength: 100, maxString: 5_000 },
  maxDepth: 5,
  maxItems: 100,
};
