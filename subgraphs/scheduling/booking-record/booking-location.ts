import { badInput } from '../../../platform/errors';
import { EventTypeLocation } from '../event-type/event-type.entity';

/**
 * Where a booked meeting takes place (reference: BookingInput*Location_2024_08_13): one of the event
 * type's location types, with the detail the attendee supplies for the attendee-defined kinds.
 */
export interface BookingLocation {
  type: string;
  address?: string;
  phone?: string;
  integration?: string;
  location?: string;
  /** type `link`: the organizer's meeting link, copied from the event type when booked. */
  link?: string;
}

/** Location types and the detail each one needs from the attendee (null: the organizer defined it). */
const DETAIL_OF_TYPE: Record<string, keyof BookingLocation | null> = {
  address: null,
  link: null,
  phone: null,
  organizersDefaultApp: null,
  attendeeAddress: 'address',
  attendeePhone: 'phone',
  attendeeDefined: 'location',
  integration: 'integration',
};

const MAX_DETAIL = 500;

/** Whether the location's detail is what the attendee typed (their address, phone or place), not the organizer's. */
export function isAttendeeSupplied(location: BookingLocation | null): boolean {
  return location != null && location.type !== 'integration' && DETAIL_OF_TYPE[location.type] != null;
}

/**
 * A location of the event type as a booking holds it: its type, with what the organizer gave that type
 * (the address, link or phone number, the conferencing app), so that the booking answers the place itself.
 */
function organizerLocation(offered: EventTypeLocation): BookingLocation {
  const location: BookingLocation = { type: offered.type };
  for (const key of ['address', 'link', 'phone', 'integration'] as const) {
    const value = offered[key];
    if (value) location[key] = value;
  }
  return location;
}

/**
 * The location a booking gets: the one sent (an object `{type, …}`, or a plain string, which the
 * reference still tolerates and is read as `{type: "attendeeDefined", location}`), else the event
 * type's first location. A sent type must be one of the event type's locations when it lists any; an
 * organizer-defined one (address, link, phone) takes the organizer's value from the event type.
 */
export function bookingLocationOf(sent: unknown, eventTypeLocations: readonly EventTypeLocation[], field = 'location'): BookingLocation | null {
  if (sent === undefined || sent === null) return eventTypeLocations[0] ? organizerLocation(eventTypeLocations[0]) : null;
  if (typeof sent === 'string') {
    const text = sent.trim();
    if (!text) throw badInput(field, `${field} must not be empty`);
    if (text.length > MAX_DETAIL) throw badInput(field, `${field} must be at most ${MAX_DETAIL} characters`);
    return { type: 'attendeeDefined', location: text };
  }
  if (typeof sent !== 'object' || Array.isArray(sent)) throw badInput(field, `${field} must be an object {type, …} or a string`);
  const { type } = sent as Record<string, unknown>;
  if (typeof type !== 'string' || !(type in DETAIL_OF_TYPE)) {
    throw badInput(`${field}.type`, `${field}.type must be one of ${Object.keys(DETAIL_OF_TYPE).join(', ')}`);
  }
  const offered = eventTypeLocations.map((l) => l.type);
  if (offered.length && !offered.includes(type)) {
    throw badInput(`${field}.type`, `${field}.type must be one of this event type's locations: ${offered.join(', ')}`);
  }
  const organizers = DETAIL_OF_TYPE[type] === null ? eventTypeLocations.find((l) => l.type === type) : undefined;
  if (organizers) return organizerLocation(organizers);
  const location: BookingLocation = { type };
  const detail = DETAIL_OF_TYPE[type];
  if (detail) {
    const value = (sent as Record<string, unknown>)[detail];
    if (typeof value !== 'string' || !value.trim()) throw badInput(`${field}.${detail}`, `${field}.${detail} is required for a location of type ${type}`);
    if (value.length > MAX_DETAIL) throw badInput(`${field}.${detail}`, `${field}.${detail} must be at most ${MAX_DETAIL} characters`);
    location[detail] = value.trim() as never;
  }
  return location;
}

/**
 * The location as BookingOutput_2024_08_13 writes it: a string (the attendee's detail or the organizer's address,
 * link or phone number, `integrations:<app>`, or the bare type of a location booked without its value).
 */
export function locationText(location: BookingLocation | null): string | null {
  if (!location) return null;
  if (location.type === 'integration' && location.integration) return `integrations:${location.integration}`;
  return location.address ?? location.phone ?? location.link ?? location.location ?? location.type;
}

/** The location text when it is an http(s) address (a meeting link), else null. */
export function webAddressOf(text: string | null): string | null {
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    new URL(text);
    return text;
  } catch {
    return null;
  }
}
