import { createHash } from 'node:crypto';
import { sameText } from '../secrets';

/** RFC 7636: a verifier is 43 to 128 unreserved characters; an S256 challenge is 43 base64url characters. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isS256Challenge = (challenge: string): boolean => S256_CHALLENGE.test(challenge);

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The verifier is the one the challenge was made from (S256, the only method supported). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return VERIFIER.test(verifier) && sameText(s256(verifier), challenge);
}
