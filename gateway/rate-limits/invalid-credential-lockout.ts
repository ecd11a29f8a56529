import { FailureLockout } from '../../platform/failure-lockout';
import { RateLimitSettings } from '../../platform/rate-limit-settings';
import { LimiterFactory } from '../../platform/rate-limit-store';

/**
 * Bearer credentials (API keys, access tokens) that do not resolve, counted per client IP: invented ones
 * cost a lookup each, and guessing is the only reason to send many. Each lookup reserves a count first and
 * gives it back when the credential resolves, so only failures stay; past the limit the IP is locked out
 * of lookups (429), with the lockouts of every other secret (doubling, LOCKOUT_* settings). Its own window,
 * shorter than the secrets' one: a client whose key was revoked retries with it a while before it gives up.
 */
export function invalidCredentialLockout(limiters: LimiterFactory, settings: RateLimitSettings): FailureLockout {
  return new FailureLockout(limiters, 'invalid-credentials-per-ip', settings.credentialFailuresPerIp, {
    ...settings,
    failureWindowSeconds: settings.credentialFailureWindowSeconds,
  });
}
