import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../platform/sha256';

/**
 * Every secret the provider hands out (client secrets, session cookies, codes, access and refresh
 * tokens) is 256 random bits behind a prefix naming its kind; only its SHA-256 is stored (a slow KDF
 * adds nothing for random secrets of that size) and compared in constant time.
 */
export const SECRET_PREFIX = {
  clientSecret: 'svc_cs_',
  session: 'svc_ss_',
  authorizationCode: 'svc_ac_',
  accessToken: 'svc_at_',
  refreshToken: 'svc_rt_',
} as const;

export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export { sha256Hex };

/** The stored hash is the hash of `secret`, compared in constant time. */
export function matchesHash(secret: string, storedHex: string | null | undefined): boolean {
  if (typeof secret !== 'string' || !secret || !storedHex) return false;
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Two strings are equal, compared in constant time (CSRF tokens, PKCE challenges). */
export function sameText(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a === b;
}
