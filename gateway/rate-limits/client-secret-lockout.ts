import { GuessLockout } from '../../subgraphs/kit/failure-lockout';
import { RateLimitSettings } from '../../subgraphs/kit/rate-limit-settings';
import { LimiterFactory } from '../../subgraphs/kit/rate-limit-store';

/**
 * Wrong client secrets, counted per client id and per client IP: one count for the token endpoint
 * (`client_secret`, every attempt counted first) and the platform headers (`x-svc-secret-key`, on
 * every API call: counts read, written on a failure), since both guess the same secret.
 */
export function clientSecretLockout(limiters: LimiterFactory, settings: RateLimitSettings): GuessLockout {
  return new GuessLockout(
    limiters,
    { names: { subject: 'client-secret-per-client', ip: 'client-secret-per-ip' }, failuresPerSubject: settings.clientSecretFailuresPerClient, failuresPerIp: settings.clientSecretFailuresPerIp },
    settings,
  );
}
