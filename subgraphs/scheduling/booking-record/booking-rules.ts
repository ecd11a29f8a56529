import { badInput } from '../../../platform/errors';
import { LOCALES } from '../../../platform/locales';
import { isIanaTimeZone } from '../../../platform/time-zones';
import { InstantError, parseTimestamp } from '../../../platform/slot-range';
import { EMAIL_ADDRESS } from '../../../platform/email-address';

/** Languages an attendee may choose (reference: BookingAttendee.language). */
export const ATTENDEE_LANGUAGES = LOCALES;

export interface AttendeeDetails {
  name: string;
  email: string;
  timeZone: string;
  language: string;
}

/** One e-mail address of a body (a guest, an attendee to mark): trimmed and lower-cased, else a 400 naming the field. */
export function checkEmail(field: string, value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!EMAIL_ADDRESS.test(email) || email.length > 254) throw badInput(field, `${field} must be an e-mail address`);
  return email;
}

/** Guests of a booking: e-mail addresses, trimmed, lower-cased, each once; at most 30. */
export function checkGuests(guests: unknown, field = 'guests'): string[] {
  if (guests === undefined || guests === null) return [];
  if (!Array.isArray(guests)) throw badInput(field, `${field} must be an array of e-mail addresses`);
  if (guests.length > 30) throw badInput(field, `${field} must have at most 30 e-mail addresses`);
  return [...new Set(guests.map((g, i) => checkEmail(`${field}[${i}]`, g)))];
}

const PHONE = /^\+?[0-9 ()\-.]{4,30}$/;

/** An attendee's phone number (reference: E.164 such as +1234567890; spaces, dashes and brackets tolerated); null when not sent. */
export function checkPhoneNumber(field: string, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !PHONE.test(value.trim())) throw badInput(field, `${field} must be a phone number such as +1234567890`);
  return value.trim();
}

/** A timestamp field of a body (`start`), as a 400 naming the field when it is not ISO 8601. */
export function instantOf(field: string, text: unknown): Date {
  try {
    return parseTimestamp(field, text);
  } catch (error) {
    if (error instanceof InstantError) throw badInput(field, error.message);
    throw error;
  }
}

/** The attendee as stored: name and e-mail trimmed (e-mail lower-cased), an IANA time zone, a known language (default en). */
export function checkAttendee(attendee: Partial<AttendeeDetails> | null | undefined, field = 'attendee'): AttendeeDetails {
  if (!attendee || typeof attendee !== 'object') throw badInput(field, `${field} is required`);
  const name = typeof attendee.name === 'string' ? attendee.name.trim() : '';
  if (!name) throw badInput(`${field}.name`, `${field}.name must not be empty`);
  if (name.length > 200) throw badInput(`${field}.name`, `${field}.name must be at most 200 characters`);
  const email = typeof attendee.email === 'string' ? attendee.email.trim().toLowerCase() : '';
  if (!EMAIL_ADDRESS.test(email) || email.length > 254) throw badInput(`${field}.email`, `${field}.email must be an e-mail address`);
  if (!isIanaTimeZone(attendee.timeZone))
    throw badInput(`${field}.timeZone`, `${field}.timeZone must be an IANA time zone, got ${JSON.stringify(attendee.timeZone)}`);
  const language = attendee.language ?? 'en';
  if (!(ATTENDEE_LANGUAGES as readonly string[]).includes(language)) {
    throw badInput(`${field}.language`, `${field}.language must be one of ${ATTENDEE_LANGUAGES.join(', ')}`);
  }
  return { name, email, timeZone: attendee.timeZone as string, language };
}

/** Reference: "Metadata must have at most 50 keys, each key up to 40 characters, and string values up to 500 characters." */
export function checkMetadata(metadata: unknown, field = 'metadata'): Record<string, unknown> {
  if (metadata === undefined || metadata === null) return {};
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw badInput(field, `${field} must be an object`);
  const entries = Object.entries(metadata as Record<string, unknown>);
  if (entries.length > 50) throw badInput(field, `${field} must have at most 50 keys`);
  for (const [key, value] of entries) {
    if (key.length > 40) throw badInput(field, `${field} keys must be at most 40 characters: "${key.slice(0, 40)}…"`);
    if (typeof value === 'string' && value.length > 500) throw badInput(`${field}.${key}`, `${field}.${key} must be at most 500 characters`);
  }
  return metadata as Record<string, unknown>;
}

/** A free-text reason (cancellation, rescheduling): trimmed, at most 1000 characters, null when empty. */
export function reasonOf(field: string, text: string | null | undefined): string | null {
  if (text === undefined || text === null) return null;
  const trimmed = text.trim();
  if (trimmed.length > 1000) throw badInput(field, `${field} must be at most 1000 characters`);
  return trimmed || null;
}

/** The optional `privateLinkId` of a booking body (the `linkId` of a private link, spec 2.7): trimmed; null when not sent. */
export function privateLinkIdOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const linkId = typeof value === 'string' ? value.trim() : '';
  if (!linkId) throw badInput('privateLinkId', "privateLinkId must be the linkId of one of the event type's private links, or be omitted");
  return linkId;
}
