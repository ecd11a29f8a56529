import { NO_SHOW_TRIGGERS } from '../webhook/triggers';
import { BookingWebhookPayload } from './booking-payload';
import { icsContents } from './ics-content';
import { RenderedPayload } from '../webhook/payload-template';
import { renderOffThread } from './payload-template-renderer';

export const ICS_VERSION = '2026-07-27';
/** Triggers whose payload carries ICS content from version 2026-07-27 on (spec 6 rule 4). */
const ICS_TRIGGERS: ReadonlySet<string> = new Set(['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED', 'BOOKING_PAID']);
/** Triggers whose body is the payload itself, not wrapped in `payload` (spec 6 rule 6). */
const FLAT_TRIGGERS: ReadonlySet<string> = new Set(['MEETING_STARTED', 'MEETING_ENDED']);

/** The legacy fallback delivery whose body has no platformOAuthClientId (spec 6 rule 7). */
const LEGACY_FALLBACK_TRIGGERS: ReadonlySet<string> = new Set(['FORM_SUBMITTED_NO_EVENT']);

/** A delivery's body, or why its payload template made none: the delivery then fails with that reason and nothing is sent. */
export type DeliveryBody = RenderedPayload | { failureReason: string };

export interface BodyTarget {
  version: string;
  payloadTemplate: string | null;
}

/**
 * The exact body of a delivery (rendered once, so every attempt sends the same bytes and signature): the
 * webhook's payload template (payload-template.ts) when it has one, else the standard body:
 * `{triggerEvent, createdAt, payload}`; `payload.platformOAuthClientId` in every version (null for
 * non-platform events, rule 5), at the top level for the flat meeting triggers (rule 6), left out of
 * the no-show bodies and the FORM_SUBMITTED_NO_EVENT fallback (rule 7).
 */
export async function deliveryBody(
  trigger: string,
  createdAt: string,
  payload: BookingWebhookPayload | Record<string, unknown>,
  platformOAuthClientId: string | null,
  target: BodyTarget,
): Promise<DeliveryBody> {
  let fields: Record<string, unknown> = { ...payload };
  if (target.version === ICS_VERSION && ICS_TRIGGERS.has(trigger))
    fields = { ...fields, ...icsContents(payload as BookingWebhookPayload, trigger === 'BOOKING_CANCELLED') };
  if (!NO_SHOW_TRIGGERS.has(trigger) && !LEGACY_FALLBACK_TRIGGERS.has(trigger)) fields.platformOAuthClientId = platformOAuthClientId;
  const flat = { triggerEvent: trigger, createdAt, ...fields };
  if (target.payloadTemplate) {
    // A user's template is rendered off the worker's event loop, within bounds; one it cannot render fails this delivery only.
    return renderOffThread(target.payloadTemplate, flat).catch((error: Error) => ({ failureReason: error.message }));
  }
  const body = FLAT_TRIGGERS.has(trigger) ? flat : { triggerEvent: trigger, createdAt, payload: fields };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}
