import { GraphQLError } from 'graphql';
import { fetchOutbound, OutboundError, OutboundTimeout } from '../../../platform/outbound';
import { SERVICE_UNAVAILABLE } from '../../../platform/unavailable';
import { setting } from '../../../platform/configuration/settings';

/** What the call provider is asked to do: call `toNumber` from `fromNumber` with a voice agent set up for the event type. */
export interface PhoneCallOrder {
  fromNumber: string;
  toNumber: string;
  templateType: string;
  enabled: boolean;
  eventType: { id: number; teamId: number; organizationId: number | null };
  schedulerName: string | null;
  guestName: string | null;
  guestEmail: string | null;
  guestCompany: string | null;
  beginMessage: string | null;
  generalPrompt: string | null;
  /** The caller's API key, for the agent's bookings; sent to the provider only. */
  svcApiKey: string;
}

export interface PlacedCall {
  callId: string;
  agentId: string;
}

const unavailable = (message: string) => new GraphQLError(message, { extensions: { code: SERVICE_UNAVAILABLE, serviceName: 'phone call provider' } });

/**
 * The order was sent and no answer came in time (OUTBOUND_TIMEOUT_MS): the provider may have placed the call or not.
 * Unlike every other failure, this one leaves the call's write-ahead intent in place (phone-call-intent.ts).
 */
export class PhoneCallOutcomeUnknown extends Error {}

function providerId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 255;
}

/**
 * Places the call with the provider at `PHONE_CALL_PROVIDER_URL`: `POST {url}/calls` with the order as
 * JSON (and `Authorization: Bearer PHONE_CALL_PROVIDER_API_KEY` when that is set), answered with
 * `{callId, agentId}`. Through platform/outbound like every outbound request; the URL is the operator's, so a
 * provider on a private network (or loopback) is allowed. A provider that is missing, unreachable or failing is a 503;
 * one that refuses the order as invalid (400, 422) is a 400 with its reason; one that does not answer in time is
 * PhoneCallOutcomeUnknown. `idempotencyKey` (a keyed write's, keyed-writes.ts providerIdempotencyKey) is sent as the
 * `Idempotency-Key` header, for a provider that de-duplicates on its side; our own guard against a second call is the
 * intent (phone-call-intent.ts), which does not rely on it.
 */
export async function placePhoneCall(order: PhoneCallOrder, idempotencyKey?: string): Promise<PlacedCall> {
  const base = setting('PHONE_CALL_PROVIDER_URL');
  if (!base) throw unavailable('Phone calls are not available: no call provider is configured (PHONE_CALL_PROVIDER_URL)');
  const apiKey = setting('PHONE_CALL_PROVIDER_API_KEY');
  let response;
  try {
    response = await fetchOutbound(`${base.replace(/\/+$/, '')}/calls`, {
      method: 'POST',
      allowPrivateTargets: true,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(order),
    });
  } catch (error) {
    if (error instanceof OutboundTimeout) throw new PhoneCallOutcomeUnknown(error.message);
    if (error instanceof OutboundError) throw unavailable(`The phone call provider could not be reached (${error.kind}); retry shortly`);
    throw error;
  }
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(response.body.toString('utf8'));
  } catch {
    // not JSON: judged by its status below
  }
  if (response.status === 400 || response.status === 422) {
    const reason =
      typeof answer.message === 'string'
        ? answer.message
        : typeof (answer.error as { message?: unknown })?.message === 'string'
          ? (answer.error as { message: string }).message
          : `HTTP ${response.status}`;
    throw new GraphQLError(`The phone call provider refused the call: ${reason.slice(0, 300)}`, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  if (response.status < 200 || response.status >= 300) throw unavailable(`The phone call provider failed (HTTP ${response.status}); retry shortly`);
  if (!providerId(answer.callId) || !providerId(answer.agentId))
    throw unavailable('The phone call provider answered without a callId and agentId; retry shortly');
  return { callId: answer.callId, agentId: answer.agentId };
}
