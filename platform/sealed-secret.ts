import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the service must use again (webhook signing keys, provider tokens, service account keys)
 * cannot be hashed: they are sealed with AES-256-GCM. A sealed value is `<iv>.<auth tag>.<ciphertext>`
 * (base64url parts); each kind of secret puts its own prefix (format, key id) in front.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key from a configured secret of any length. */
export function keyFromSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plain value of `seal(key, …)`; throws `Unrecognised <what> ciphertext` for anything else, and when the key or the value is wrong. */
export function unseal(key: Buffer, sealed: string, what: string): string {
  const [iv, tag, ciphertext, extra] = sealed.split('.');
  const authTag = Buffer.from(tag ?? '', 'base64url');
  if (!iv || !tag || ciphertext === undefined || extra !== undefined || authTag.length !== TAG_BYTES) throw new Error(`Unrecognised ${what} ciphertext`);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** `prefix.` + the rest, or null when `stored` does not start with that prefix. */
export function afterPrefix(stored: string, prefix: string): string | null {
  return stored.startsWith(`${prefix}.`) ? stored.slice(prefix.length + 1) : null;
}
