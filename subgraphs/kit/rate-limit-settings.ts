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

/** Each setting's environment variable and default (the README lists the same). */
export const RATE_LIMIT_ENVIRONMENT: Record<keyof RateLimitSettings, { variable: string; defaultValue: number }> = {
  windowSeconds: { variable: 'RATE_LIMIT_WINDOW_SECONDS', defaultValue: 60 },
  requestsPerCredential: { variable: 'RATE_LIMIT_PER_CREDENTIAL', defaultValue: 120 },
  requestsPerIp: { variable: 'RATE_LIMIT_PER_IP', defaultValue: 120 },
  publicBookingsPerIp: { variable: 'RATE_LIMIT_PUBLIC_BOOKINGS_PER_IP', defaultValue: 10 },
  signInFailuresPerAccount: { variable: 'SIGN_IN_FAILURES_PER_ACCOUNT', defaultValue: 5 },
  signInFailuresPerIp: { variable: 'SIGN_IN_FAILURES_PER_IP', defaultValue: 20 },
  clientSecretFailuresPerClient: { variable: 'CLIENT_SECRET_FAILURES_PER_CLIENT', defaultValue: 5 },
  clientSecretFailuresPerIp: { variable: 'CLIENT_SECRET_FAILURES_PER_IP', defaultValue: 20 },
  credentialFailuresPerIp: { variable: 'CREDENTIAL_FAILURES_PER_IP', defaultValue: 20 },
  credentialFailureWindowSeconds: { variable: 'CREDENTIAL_FAILURE_WINDOW_SECONDS', defaultValue: 600 },
  failureWindowSeconds: { variable: 'FAILURE_WINDOW_SECONDS', defaultValue: 3600 },
  firstLockoutSeconds: { variable: 'LOCKOUT_FIRST_SECONDS', defaultValue: 60 },
  maxLockoutSeconds: { variable: 'LOCKOUT_MAX_SECONDS', defaultValue: 3600 },
  lockoutMemorySeconds: { variable: 'LOCKOUT_MEMORY_SECONDS', defaultValue: 86_400 },
};

function positiveInteger(variable: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${variable} must be a whole number ≥ 1, not ${JSON.stringify(text)}`);
  return value;
}

/** The settings from the environment (defaults where unset), then the overrides given. */
export function rateLimitSettings(overrides: Partial<RateLimitSettings> = {}, env: NodeJS.ProcessEnv = process.env): RateLimitSettings {
  const settings = {} as RateLimitSettings;
  for (const [name, { variable, defaultValue }] of Object.entries(RATE_LIMIT_ENVIRONMENT) as [keyof RateLimitSettings, { variable: string; defaultValue: number }][]) {
    const text = env[variable];
    settings[name] = overrides[name] ?? (text === undefined || text === '' ? defaultValue : positiveInteger(variable, text));
  }
  return settings;
}
