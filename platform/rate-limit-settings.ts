import { setting } from './configuration/settings';
import { VariableName, VARIABLES } from './configuration/variables';

/**
 * Every rate limit of the stack, one place: the gateway's request budgets and the lockouts after
 * failed secrets (gateway: client secrets; oauth subgraph: sign-in passwords). Each setting has an
 * environment variable; `startStack` / `startGateway` / `startSubgraph` take overrides (tests).
 */
export interface RateLimitSettings {
  /** Length of the request budgets' window, in seconds. */
  windowSeconds: number;
  /** Requests per window per credential (API key, access token, platform client). */
  requestsPerCredential: number;
  /** Requests per window per client IP for calls without a credential. */
  requestsPerIp: number;
  /** Public booking creations (`POST /v2/bookings` and `POST /v2/bookings/email-verification-code` without a credential) per window per client IP. */
  publicBookingsPerIp: number;
  /** Wrong passwords per account (normalised e-mail) before the sign-in page locks it. */
  signInFailuresPerAccount: number;
  /** Failed sign-ins per client IP, whatever the accounts, before the sign-in page locks that IP. */
  signInFailuresPerIp: number;
  /** Wrong client secrets per client id (token endpoint, platform headers) before that client id is locked. */
  clientSecretFailuresPerClient: number;
  /** Wrong client secrets per client IP, whatever the client ids, before that IP is locked. */
  clientSecretFailuresPerIp: number;
  /** Credentials (API keys, access tokens) that do not resolve, per client IP, before that IP is locked out of credential lookups. */
  credentialFailuresPerIp: number;
  /** How long a credential that did not resolve counts towards its IP's lockout, in seconds. */
  credentialFailureWindowSeconds: number;
  /** How long a failure counts towards a lockout, in seconds (a success of the account or client forgets them). */
  failureWindowSeconds: number;
  /** The first lockout of a key, in seconds; each further one within `lockoutMemorySeconds` lasts twice as long. */
  firstLockoutSeconds: number;
  /** The longest lockout, in seconds. */
  maxLockoutSeconds: number;
  /** How long a key's earlier lockouts keep doubling the next one, in seconds. */
  lockoutMemorySeconds: number;
}

function rateLimitVariable<N extends VariableName>(variable: N): { variable: N; defaultValue: number } {
  return { variable, defaultValue: VARIABLES[variable].defaultValue as number };
}

/** Each setting's environment variable and its default (platform/configuration/variables.ts declares them). */
export const RATE_LIMIT_ENVIRONMENT = {
  windowSeconds: rateLimitVariable('RATE_LIMIT_WINDOW_SECONDS'),
  requestsPerCredential: rateLimitVariable('RATE_LIMIT_PER_CREDENTIAL'),
  requestsPerIp: rateLimitVariable('RATE_LIMIT_PER_IP'),
  publicBookingsPerIp: rateLimitVariable('RATE_LIMIT_PUBLIC_BOOKINGS_PER_IP'),
  signInFailuresPerAccount: rateLimitVariable('SIGN_IN_FAILURES_PER_ACCOUNT'),
  signInFailuresPerIp: rateLimitVariable('SIGN_IN_FAILURES_PER_IP'),
  clientSecretFailuresPerClient: rateLimitVariable('CLIENT_SECRET_FAILURES_PER_CLIENT'),
  clientSecretFailuresPerIp: rateLimitVariable('CLIENT_SECRET_FAILURES_PER_IP'),
  credentialFailuresPerIp: rateLimitVariable('CREDENTIAL_FAILURES_PER_IP'),
  credentialFailureWindowSeconds: rateLimitVariable('CREDENTIAL_FAILURE_WINDOW_SECONDS'),
  failureWindowSeconds: rateLimitVariable('FAILURE_WINDOW_SECONDS'),
  firstLockoutSeconds: rateLimitVariable('LOCKOUT_FIRST_SECONDS'),
  maxLockoutSeconds: rateLimitVariable('LOCKOUT_MAX_SECONDS'),
  lockoutMemorySeconds: rateLimitVariable('LOCKOUT_MEMORY_SECONDS'),
} satisfies Record<keyof RateLimitSettings, { variable: VariableName; defaultValue: number }>;

/** The settings from the environment (defaults where unset), then the overrides given. */
export function rateLimitSettings(overrides: Partial<RateLimitSettings> = {}, env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const settings = {} as RateLimitSettings;
  for (const [name, { variable }] of Object.entries(RATE_LIMIT_ENVIRONMENT) as [keyof RateLimitSettings, { variable: VariableName }][]) {
    settings[name] = overrides[name] ?? (setting(variable, env) as number);
  }
  return settings;
}
