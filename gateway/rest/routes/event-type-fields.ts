/** What every booking field route answers for a booking field (type 2.6). */
export const BOOKING_FIELD_SELECTION = 'field variant slug label placeholder required hidden disableOnPrefill options source isDefault';

/** The event type routes (svc-api-version 2024-06-14) answer each booking field's kind as `type` too, the reference's name. */
const EVENT_TYPE_BOOKING_FIELD_SELECTION = `type: field ${BOOKING_FIELD_SELECTION}`;

/** Each location with its value (`address`, `link`, `phone`, `integration`) and `public`, as sent. */
const LOCATION_SELECTION = 'locations { type address link phone integration public }';

/** The fields of the reference's create/update bodies (and answers) every event type route answers. */
const SETTINGS_SELECTION = `
    lengthInMinutesOptions minimumBookingNotice beforeEventBuffer afterEventBuffer slotInterval offsetStart onlyShowFirstAvailableSlot
    bookingLimitsCount bookingLimitsDuration bookingWindow confirmationPolicy seats { seatsPerTimeSlot showAttendeeInfo showAvailabilityCount } seatsPerTimeSlot seatsShowAttendees seatsShowAvailabilityCount
    recurrence { interval occurrences frequency } metadata price currency forwardParamsSuccessRedirect successRedirectUrl isInstantEvent
    bookingRequiresAuthentication requiresBookerEmailVerification disableGuests hideCalendarNotes hideCalendarEventDetails hideOrganizerEmail
    lockTimeZoneToggleOnBookingPage useDestinationCalendarEmail customName color { lightThemeHex darkThemeHex }
    bookerLayouts { defaultLayout enabledLayouts } destinationCalendar { integration externalId } calVideoSettings
    users { id name username }`;

/** What personal event type routes answer. */
export const EVENT_TYPE_FIELDS = /* GraphQL */ `
  fragment EventTypeFields on EventType {
    id title slug description lengthInMinutes ${LOCATION_SELECTION} hidden ownerId teamId parentId scheduleId ${SETTINGS_SELECTION}
    bookingFields { ${EVENT_TYPE_BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;

/** What team event type routes answer: the personal fields plus the hosts. */
export const TEAM_EVENT_TYPE_FIELDS = /* GraphQL */ `
  fragment TeamEventTypeFields on EventType {
    id title slug description lengthInMinutes ${LOCATION_SELECTION} hidden ownerId teamId parentId scheduleId ${SETTINGS_SELECTION}
    assignAllTeamMembers schedulingType parentEventTypeId: parentId team { id slug name bannerUrl logoUrl weekStart brandColor darkBrandColor theme } hosts { userId: id name username avatarUrl }
    bookingFields { ${EVENT_TYPE_BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;

/**
 * A location's values of other kinds are left out (`{type: "integration", integration: "cal-video"}`).
 * EventTypeOutput_2024_06_14 and TeamEventTypeOutput_2024_06_14 allow null only where the reference marks
 * it (recurrence, slotInterval, scheduleId, successRedirectUrl, …): optional settings left unset are left
 * out, required strings unset (the description, the team's images and colours) are "" (RouteEntry.nulls).
 */
export const EVENT_TYPE_NULLS = {
  omit: [
    'address',
    'link',
    'phone',
    'integration',
    'public',
    'lengthInMinutesOptions',
    'bookingLimitsCount',
    'bookingLimitsDuration',
    'bookingWindow',
    'bookerLayouts',
    'confirmationPolicy',
    'color',
    'seats',
    'customName',
    'destinationCalendar',
    'calVideoSettings',
  ],
  empty: ['description', 'bannerUrl', 'logoUrl', 'brandColor', 'darkBrandColor', 'theme'],
} as const;
