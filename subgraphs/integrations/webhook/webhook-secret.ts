import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Webhook secrets are HMAC signing keys the service must use again when it delivers a payload,
 * so they cannot be hashed: they are stored encrypted with AES-256-GCM as
 * `v1.<iv>.<auth tag>.<ciphertext>` (base64url parts).
 */
const FORMAT = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function encryptionKey(): Buffer {
  return createHash('sha256').update(process.env.WEBHOOK_SECRET_KEY || 'svc-dev-webhook-key').digest();
}

export function encryptWebhookSecret(secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, encryptionKey(), iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plain secret; throws when the value was not produced by encryptWebhookSecret with the current key. */
export function decryptWebhookSecret(stored: string): string {
  const [format, iv, tag, ciphertext, extra] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined || extra !== undefined) throw new Error('Unrecognised webhook secret ciphertext');
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== TAG_BYTES) throw new Error('Unrecognised webhook secret ciphertext');
  const decipher = createDecipheriv(ALGORITHM, encryptionKey(), Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
