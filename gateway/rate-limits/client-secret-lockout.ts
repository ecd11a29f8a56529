import { GuessLockout } from '../../platform/failure-lockout';
import { RateLimitSettings } from '../../platform/rate-limit-settings';
import { LimiterFactory } from '../../platform/rate-limit-store';

/**
 * Wrong client secrets, counted per client id and per client IP: one count for the token endpoint
 * (`client_secret`) and the platform headers (`x-svc-secret-key`), since both guess the same secret.
 * Every check of a secret is counted before it is made; platform headers proven before (the gateway's
 * credential cache) only read the lock.
 */
export function clientSecretLockout(limiters: LimiterFactory, settings: RateLimitSettings): GuessLockout {
  return new GuessLockout(
    limiters,
    {
      names: { subject: 'client-secret-per-client', ip: 'client-secret-per-ip' },
      failuresPerSubject: settings.clientSecretFailuresPerClient,
      failuresPerIp: settings.clientSecretFailuresPerIp,
    },
    settings,
  );
}
