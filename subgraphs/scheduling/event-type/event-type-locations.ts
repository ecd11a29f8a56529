import { badInput } from '../../../platform/errors';
import { EventTypeLocation } from './event-type.entity';
import { E164_PHONE } from '../../../platform/e164';

/** The value each location kind carries (the reference's 2024-06-14 location inputs); other kinds carry none. */
const VALUE_OF: Record<string, 'address' | 'link' | 'phone' | 'integration'> = {
  address: 'address',
  link: 'link',
  phone: 'phone',
  integration: 'integration',
};
/**
 * An `integration` location's app (reference …IntegrationLocation names) → the location type the
 * conferencing provider knows (integrations subgraph); an app missing here makes no meeting.
 */
export const CONFERENCING_LOCATION_TYPES: Readonly<Record<string, string>> = {
  'cal-video': 'integrations:daily',
  'daily-video': 'integrations:daily',
  daily: 'integrations:daily',
  'google-meet': 'integrations:google:meet',
  zoom: 'integrations:zoom',
  'office365-video': 'integrations:office365_video',
  msteams: 'integrations:office365_video',
};

/** The built-in video app's location type: every owner has it, nothing to connect. */
export const BUILT_IN_VIDEO = 'integrations:daily';

/** Kinds whose value may be shown on the booking page before booking (`public`). */
const WITH_PUBLIC = new Set(['address', 'link', 'phone']);

const INTEGRATION = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const VALUE_MAX = 2048;

/** A sent value of its kind, checked (a 400 naming `locations[i].<value>`), or undefined when not sent. */
function valueOf(kind: 'address' | 'link' | 'phone' | 'integration', value: string | null | undefined, index: number): string | undefined {
  if (value == null) return undefined;
  const name = `locations[${index}].${kind}`;
  const text = value.trim();
  if (!text || text.length > VALUE_MAX) throw badInput(name, `${name} must be 1 to ${VALUE_MAX} characters`);
  if (kind === 'phone' && !E164_PHONE.test(text)) throw badInput(name, `${name} must be an E.164 phone number such as +37120993151`);
  if (kind === 'integration' && !INTEGRATION.test(text)) throw badInput(name, `${name} must be an app slug such as cal-video`);
  if (kind === 'link') {
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw badInput(name, `${name} must be an http(s) URL`);
  }
  return text;
}

/**
 * The locations of an event type as stored and answered: each kind with its own value (`address`, `link`,
 * `phone`, `integration`) and `public` where the kind has one; values of another kind are not kept.
 */
export function storedLocations(locations: readonly EventTypeLocation[]): EventTypeLocation[] {
  return locations.map((location, index) => {
    const stored: EventTypeLocation = { type: location.type };
    const kind = VALUE_OF[location.type];
    const value = kind ? valueOf(kind, location[kind], index) : undefined;
    if (kind && value !== undefined) stored[kind] = value;
    if (WITH_PUBLIC.has(location.type) && location.public != null) stored.public = location.public;
    return stored;
  });
}
