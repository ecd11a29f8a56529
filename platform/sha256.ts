import { createHash } from 'node:crypto';

/** The hex SHA-256 of a text: how secrets are stored and how caches and counters key a credential. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
