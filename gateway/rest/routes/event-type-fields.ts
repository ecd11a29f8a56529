/**
 * A location's values of other kinds are left out (`{type: "integration", integration: "cal-video"}`).
 * EventTypeOutput_2024_06_14 and TeamEventTypeOutput_2024_06_14 allow null only where the reference marks
 * it (recurrence, slotInterval, scheduleId, successRedirectUrl, …): optional settings left unset are left
 * out, required strings unset (the description, the team's images and colours) are "" (RouteEntry.nulls).
 */
export const EVENT_TYPE_NULLS = {
  omit: [
    // A team event type's hosts: their round-robin role, absent for other scheduling types.
    'mandatory',
    'priority',
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
