import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Provider secrets the service must use again (ICS feed URLs, which carry their own access token;
 * OAuth access and refresh tokens of calendar and conferencing providers; messaging provider keys):
 * AES-256-GCM with the key from `INTEGRATIONS_SECRET_KEY`, stored as `v1.<iv>.<auth tag>.<ciphertext>`
 * (base64url parts). Never returned by the API.
 */
const FORMAT = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function encryptionKey(): Buffer {
  return createHash('sha256').update(process.env.INTEGRATIONS_SECRET_KEY || 'svc-dev-integrations-key').digest();
}

export function encryptProviderSecret<T>(value: T): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, encryptionKey(), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The value encryptProviderSecret stored; throws when it was not produced with the current key. */
export function decryptProviderSecret<T>(stored: string): T {
  const [format, iv, tag, ciphertext, extra] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined || extra !== undefined) throw new Error('Unrecognised provider secret ciphertext');
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new Error('Unrecognised provider secret ciphertext');
  const decipher = createDecipheriv(ALGORITHM, encryptionKey(), Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(authTag);
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')) as T;
}
