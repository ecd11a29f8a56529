import { NO_SHOW_TRIGGERS } from '../webhook/triggers';
import { BookingWebhookPayload } from './booking-payload';
import { icsContents } from './ics-content';

export const ICS_VERSION = '2026-07-27';
/** Triggers whose payload carries ICS content from version 2026-07-27 on (spec 6 rule 4). */
const ICS_TRIGGERS: ReadonlySet<string> = new Set(['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED', 'BOOKING_PAID']);
/** Triggers whose body is the payload itself, not wrapped in `payload` (spec 6 rule 6). */
const FLAT_TRIGGERS: ReadonlySet<string> = new Set(['MEETING_STARTED', 'MEETING_ENDED']);

/** The legacy fallback delivery whose body has no platformOAuthClientId (spec 6 rule 7). */
const LEGACY_FALLBACK_TRIGGERS: ReadonlySet<string> = new Set(['FORM_SUBMITTED_NO_EVENT']);

export interface DeliveryBody {
  body: string;
  contentType: string;
}

export interface BodyTarget {
  version: string;
  payloadTemplate: string | null;
}

/** The JSON-escaped form of every string, so `"{{title}}"` in a JSON template stays valid JSON whatever the title. */
function jsonEscapedStrings(value: unknown): unknown {
  if (typeof value === 'string') return JSON.stringify(value).slice(1, -1);
  if (Array.isArray(value)) return value.map(jsonEscapedStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonEscapedStrings(v)]));
  return value;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A custom `payloadTemplate` (spec 6 rule 2): Handlebars over the flat payload (`{{organizer.name}}`,
 * `{{attendees.0.name}}`). A template that is JSON is sent as JSON (values JSON-escaped); any other as
 * form-encoded text. No HTML escaping; prototype access stays off (Handlebars' default).
 */
function renderTemplate(template: string, context: Record<string, unknown>): DeliveryBody {
  const json = isJson(template);
  // Handlebars is loaded with the first custom template, not at start.
  const Handlebars = require('handlebars') as typeof import('handlebars');
  const render = Handlebars.compile(template, { noEscape: true, knownHelpersOnly: true });
  return { body: render(json ? jsonEscapedStrings(context) : context), contentType: json ? 'application/json' : 'application/x-www-form-urlencoded' };
}

/**
 * The exact body of a delivery (rendered once, so every attempt sends the same bytes and signature).
 * `{triggerEvent, createdAt, payload}`; `payload.platformOAuthClientId` in every version (null for
 * non-platform events, rule 5), at the top level for the flat meeting triggers (rule 6), left out of
 * the no-show bodies and the FORM_SUBMITTED_NO_EVENT fallback (rule 7).
 */
export function deliveryBody(trigger: string, createdAt: string, payload: BookingWebhookPayload | Record<string, unknown>, platformOAuthClientId: string | null, target: BodyTarget): DeliveryBody {
  let fields: Record<string, unknown> = { ...payload };
  if (target.version === ICS_VERSION && ICS_TRIGGERS.has(trigger)) fields = { ...fields, ...icsContents(payload as BookingWebhookPayload, trigger === 'BOOKING_CANCELLED') };
  if (!NO_SHOW_TRIGGERS.has(trigger) && !LEGACY_FALLBACK_TRIGGERS.has(trigger)) fields.platformOAuthClientId = platformOAuthClientId;
  const flat = { triggerEvent: trigger, createdAt, ...fields };
  if (target.payloadTemplate) {
    try {
      return renderTemplate(target.payloadTemplate, flat);
    } catch {
      // A template Handlebars cannot read: the standard body rather than nothing (the log shows what was sent).
    }
  }
  const body = FLAT_TRIGGERS.has(trigger) ? flat : { triggerEvent: trigger, createdAt, payload: fields };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}
