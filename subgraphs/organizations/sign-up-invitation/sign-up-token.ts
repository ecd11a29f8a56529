import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../../platform/sha256';
import { sameHash } from '../../../platform/verification-code';

/**
 * The one-time token of a sign-up link: `<userId>.<secret>`, the secret 32 random bytes (base64url). The user id
 * binds the token to its account (the row is found by it, never by the secret); only the secret's SHA-256 is
 * stored, and it is compared in constant time.
 */
export interface SignUpToken {
  userId: number;
  secret: string;
}

const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

export function newSignUpToken(userId: number): SignUpToken & { text: string } {
  const secret = randomBytes(32).toString('base64url');
  return { userId, secret, text: `${userId}.${secret}` };
}

/** The token a link carries, or null when it is not one (then it is unknown). */
export function parseSignUpToken(text: unknown): SignUpToken | null {
  const match = typeof text === 'string' ? TOKEN.exec(text.trim()) : null;
  if (!match || Number(match[1]) > 2_147_483_647) return null;
  return { userId: Number(match[1]), secret: match[2] };
}

/** What is stored of a token's secret. */
export const signUpSecretHash = (secret: string): string => sha256Hex(secret);

/** Whether the secret is the one whose hash is stored (constant time). */
export const signUpSecretMatches = (storedHash: string | null, secret: string): boolean => storedHash !== null && sameHash(storedHash, sha256Hex(secret));
