import { DependencyCheck } from '../../platform/health';
import { RateLimitSettings, rateLimitSettings } from '../../platform/rate-limit-settings';
import { FailureLockout, GuessLockout } from '../../platform/failure-lockout';
import { clientSecretLockout } from './client-secret-lockout';
import { invalidCredentialLockout } from './invalid-credential-lockout';
import { RequestBudgets } from './request-budgets';
import { openRateLimitStore } from './store';

export interface GatewayRateLimits {
  settings: RateLimitSettings;
  /** Requests per credential / per IP / public bookings per IP, on /v2 and /graphql. */
  budgets: RequestBudgets;
  /** Wrong client secrets (token endpoint, platform headers) per client id and per IP. */
  clientSecrets: GuessLockout;
  /** Bearer credentials that do not resolve, per IP. */
  invalidCredentials: FailureLockout;
  /** true when the counts are in PostgreSQL (shared by replicas), false when in this process's memory. */
  shared: boolean;
  /** Resolves when the counters' database answers; rejects saying why not. */
  checkDatabase: DependencyCheck;
  stop(): Promise<void>;
}

/** The gateway's limits: settings from the environment and the overrides, counters in the database when there is one. */
export async function startGatewayRateLimits(databaseUrl: string | undefined, overrides: Partial<RateLimitSettings> = {}): Promise<GatewayRateLimits> {
  const settings = rateLimitSettings(overrides);
  const store = await openRateLimitStore(databaseUrl);
  if (!store.shared) console.warn('[rate limits] no database: counting in memory, not shared with other gateways');
  return {
    settings,
    budgets: new RequestBudgets(store.limiters, settings),
    clientSecrets: clientSecretLockout(store.limiters, settings),
    invalidCredentials: invalidCredentialLockout(store.limiters, settings),
    shared: store.shared,
    checkDatabase: store.checkDatabase,
    stop: store.stop,
  };
}
