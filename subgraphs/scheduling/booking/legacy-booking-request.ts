import { badInput } from '../../../platform/errors';
import { CONFERENCING_LOCATION_TYPES } from '../event-type/event-type-locations';
import { BookingRequest } from './booking-creation';
import { LegacyBookingResponsesInput, LegacyCreateBookingInput } from './booking.inputs';

/**
 * The real service's location types of the older body (`responses.location.value`) → this API's (BookingLocationInput):
 * the organizer's address, link and phone, or the attendee's address, phone and place, which `optionValue` carries.
 */
const LOCATION_TYPES: Readonly<Record<string, { type: string; detail?: 'address' | 'phone' | 'location' }>> = {
  inPerson: { type: 'address' },
  link: { type: 'link' },
  userPhone: { type: 'phone' },
  attendeeInPerson: { type: 'attendeeAddress', detail: 'address' },
  phone: { type: 'attendeePhone', detail: 'phone' },
  somewhereElse: { type: 'attendeeDefined', detail: 'location' },
};
const INTEGRATION_PREFIX = 'integrations:';

/** `integrations:daily` → `cal-video` (the first app of that conferencing type), `integrations:<app>` → `<app>` otherwise. */
function appOf(value: string): string {
  const app = Object.entries(CONFERENCING_LOCATION_TYPES).find(([, type]) => type === value);
  return app ? app[0] : value.slice(INTEGRATION_PREFIX.length);
}

/** The booking location of `responses.location`: a string is a place (as in the current body), `{value, optionValue}` is translated. */
function locationOf(sent: LegacyBookingResponsesInput['location']): BookingRequest['location'] {
  if (sent == null || typeof sent === 'string') return sent ?? undefined;
  const value = sent.value.trim();
  if (value.startsWith(INTEGRATION_PREFIX) && value.length > INTEGRATION_PREFIX.length) return { type: 'integration', integration: appOf(value) };
  const kind = LOCATION_TYPES[value];
  if (!kind) {
    throw badInput(
      'responses.location.value',
      `responses.location.value must be one of ${Object.keys(LOCATION_TYPES).join(', ')} or integrations:<app>, got ${JSON.stringify(sent.value)}`,
    );
  }
  if (!kind.detail) return { type: kind.type };
  const detail = sent.optionValue?.trim();
  if (!detail) throw badInput('responses.location.optionValue', `responses.location.optionValue is required for a location of value ${value}`);
  return { type: kind.type, [kind.detail]: detail };
}

/** `responses.name`: a name, or a split name joined as the real service joins it ("John Doe"). */
function nameOf(name: LegacyBookingResponsesInput['name']): string {
  return typeof name === 'string' ? name : [name.firstName, name.lastName ?? ''].join(' ').trim();
}

/** `privateLinkId`, or the real service's `hashedLink` (an empty one is none); both sent must be the same link. */
function privateLinkIdOf(input: LegacyCreateBookingInput): string | null {
  const hashedLink = input.hashedLink?.trim() || null;
  if (input.privateLinkId != null && hashedLink != null && input.privateLinkId !== hashedLink) {
    throw badInput('hashedLink', 'hashedLink: must be the privateLinkId sent (both name one private link), or be omitted');
  }
  return input.privateLinkId ?? hashedLink;
}

/**
 * The older POST /v2/bookings body (without svc-api-version 2024-08-13) as the booking request both versions make.
 * The booking form's answers keep `responses` as sent (its location, notes and guests; the name joined), which the
 * older answer echoes as `responses`.
 */
export function legacyBookingRequest(input: LegacyCreateBookingInput, platformOAuthClientId: string | null): BookingRequest {
  const { responses } = input;
  const name = nameOf(responses.name);
  return {
    eventTypeId: input.eventTypeId,
    start: input.start,
    end: input.end,
    attendee: { name, email: responses.email, timeZone: input.timeZone, language: input.language },
    guests: responses.guests,
    guestsField: 'responses.guests',
    location: locationOf(responses.location),
    metadata: input.metadata,
    bookingFieldsResponses: {
      ...(responses.notes ? { notes: responses.notes } : {}),
      ...(responses.location != null ? { location: responses.location } : {}),
      ...(responses.guests != null ? { guests: responses.guests } : {}),
    },
    privateLinkId: privateLinkIdOf(input),
    reservedSlotUid: input.reservedSlotUid,
    platformOAuthClientId,
  };
}
