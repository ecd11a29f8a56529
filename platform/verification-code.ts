import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from './sha256';

export const CODE_LIFETIME_MS = 10 * 60_000;
/** Wrong guesses a code survives; the next one kills it. */
export const MAX_FAILED_ATTEMPTS = 5;
/** Codes an owner may ask for one address, and codes one address may receive from anybody, per hour. */
export const MAX_REQUESTS_PER_HOUR = 5;

/** One-time codes sent to an address (verified resources; booker e-mail verification). */

/** Six random digits: easy to type from a text message; guessing is bounded by MAX_FAILED_ATTEMPTS. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Bound to its channel and address, so a stored hash is worth nothing for another address. */
export function codeHash(channel: string, target: string, code: string): string {
  return sha256Hex(`${channel}:${target}:${code.trim()}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
