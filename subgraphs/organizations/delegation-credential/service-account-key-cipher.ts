import { createHash } from 'node:crypto';
import { keyFromSecret, seal, unseal } from '../../../platform/sealed-secret';
import { setting } from '../../../platform/configuration/settings';

/**
 * Service account keys of delegation credentials are used again (to act for the domain's users), so
 * they are sealed, never hashed (platform/sealed-secret.ts: AES-256-GCM) under `DELEGATION_CREDENTIAL_KEY`, stored as
 * `v1.<key id>.<iv>.<auth tag>.<ciphertext>` (base64url parts). The key id (first 8 bytes of the
 * SHA-256 of the derived key) says which key sealed a value, so keys can rotate: put the new key in
 * `DELEGATION_CREDENTIAL_KEY` and the previous ones, comma-separated, in
 * `DELEGATION_CREDENTIAL_OLD_KEYS`; values sealed under an old key still open, a new key sent by a
 * client is sealed under the new one, and `npm run admin -- reencrypt-delegation-credentials` seals
 * the rest again, after which the old keys can be removed.
 */
const FORMAT = 'v1';
const DEV_KEY = 'svc-dev-delegation-credential-key';

interface CipherKey {
  id: string;
  key: Buffer;
}

function derive(secret: string): CipherKey {
  const key = keyFromSecret(secret);
  return { id: createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url'), key };
}

function currentKey(): CipherKey {
  return derive(setting('DELEGATION_CREDENTIAL_KEY') ?? DEV_KEY);
}

function allKeys(): CipherKey[] {
  return [currentKey(), ...setting('DELEGATION_CREDENTIAL_OLD_KEYS').map(derive)];
}

export function encryptServiceAccountKey(plain: string): string {
  const { id, key } = currentKey();
  return [FORMAT, id, seal(key, plain)].join('.');
}

/** The plain value; throws when no configured key sealed it (or it was tampered with). */
export function decryptServiceAccountKey(stored: string): string {
  const [format, keyId, ...sealed] = stored.split('.');
  if (format !== FORMAT || !keyId || sealed.length !== 3) throw new Error('Unrecognised service account key ciphertext');
  const cipherKey = allKeys().find((k) => k.id === keyId);
  if (!cipherKey) throw new Error(`Service account key sealed with an unknown key (${keyId}): add it to DELEGATION_CREDENTIAL_OLD_KEYS`);
  return unseal(cipherKey.key, sealed.join('.'), 'service account key');
}

/** True when the value was sealed under an old key and should be sealed again under the current one. */
export function isSealedWithOldKey(stored: string): boolean {
  return stored.split('.')[1] !== currentKey().id;
}

/** The same plain value sealed under the current key. */
export function reencryptServiceAccountKey(stored: string): string {
  return encryptServiceAccountKey(decryptServiceAccountKey(stored));
}
