/** What every event type route answers for a booking field (type 2.6). */
export const BOOKING_FIELD_SELECTION = 'field variant slug label placeholder required hidden disableOnPrefill options source isDefault';

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
    id title slug description lengthInMinutes locations { type } hidden ownerId teamId parentId scheduleId ${SETTINGS_SELECTION}
    bookingFields { ${BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;

/** What team event type routes answer: the personal fields plus the hosts. */
export const TEAM_EVENT_TYPE_FIELDS = /* GraphQL */ `
  fragment TeamEventTypeFields on EventType {
    id title slug description lengthInMinutes locations { type } hidden ownerId teamId parentId scheduleId ${SETTINGS_SELECTION}
    assignAllTeamMembers schedulingType parentEventTypeId: parentId team { id slug name bannerUrl logoUrl weekStart brandColor darkBrandColor theme } hosts { userId: id name username avatarUrl }
    bookingFields { ${BOOKING_FIELD_SELECTION} }
    createdAt updatedAt
  }`;

/**
 * EventTypeOutput_2024_06_14 and TeamEventTypeOutput_2024_06_14 allow null only where the reference marks
 * it (recurrence, slotInterval, scheduleId, successRedirectUrl, …): optional settings left unset are left
 * out, required strings unset (the description, the team's images and colours) are "" (RouteEntry.nulls).
 */
export const EVENT_TYPE_NULLS = {
  omit: [
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
