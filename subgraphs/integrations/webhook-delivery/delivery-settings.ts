import { setting } from '../../../platform/configuration/settings';
/** Delivery tuning, from the environment (README "Webhook deliveries"). */
export interface DeliverySettings {
  /** Attempts in all, the first included (WEBHOOK_MAX_ATTEMPTS, default 8). */
  maxAttempts: number;
  /** Delay before the second attempt (WEBHOOK_RETRY_BASE_SECONDS, default 15); each further one 4 times the last. */
  retryBaseSeconds: number;
  /** Longest delay between two attempts, Retry-After included (WEBHOOK_RETRY_MAX_DELAY_SECONDS, default 12 h). */
  retryMaxDelaySeconds: number;
  /** Deadline of one request (WEBHOOK_ATTEMPT_TIMEOUT_MS, default 10 s). */
  attemptTimeoutMs: number;
  /** Keep connections to a receiver open for its next deliveries (WEBHOOK_KEEP_ALIVE, default on; `0` opens one per delivery). */
  keepAlive: boolean;
}

export const RETRY_FACTOR = 4;
/** Characters of the receiver's answer kept in the log. */
export const RESPONSE_SNIPPET_CHARS = 1024;
/** Bytes of the receiver's answer read at most (the rest is not needed for a log snippet). */
export const RESPONSE_MAX_BYTES = 64 * 1024;
export const USER_AGENT = 'svc-webhooks/1.0 (+https://svc.dev/docs/webhooks)';

export function deliverySettings(env: NodeJS.ProcessEnv = process.env): DeliverySettings {
  return {
    maxAttempts: setting('WEBHOOK_MAX_ATTEMPTS', env),
    retryBaseSeconds: setting('WEBHOOK_RETRY_BASE_SECONDS', env),
    retryMaxDelaySeconds: setting('WEBHOOK_RETRY_MAX_DELAY_SECONDS', env),
    attemptTimeoutMs: setting('WEBHOOK_ATTEMPT_TIMEOUT_MS', env),
    keepAlive: setting('WEBHOOK_KEEP_ALIVE', env),
  };
}

/**
 * Seconds to wait after failed attempt `attempt` (1-based): base × 4^(attempt-1), capped, with
 * "equal jitter" (between half and all of it) so receivers that came back are not hit by every
 * delivery at once. Defaults: 15 s, 1 min, 4 min, 16 min, 64 min, 4.3 h, 12 h — 8 attempts over about a day.
 */
export function backoffSeconds(settings: DeliverySettings, attempt: number, random = Math.random): number {
  const full = Math.min(settings.retryMaxDelaySeconds, settings.retryBaseSeconds * RETRY_FACTOR ** (attempt - 1));
  return full / 2 + (full / 2) * random();
}

/** A Retry-After header (seconds or an HTTP date) as seconds from now; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}
