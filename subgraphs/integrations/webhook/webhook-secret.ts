import { afterPrefix, keyFromSecret, seal, unseal } from '../../../platform/sealed-secret';
import { setting } from '../../../platform/configuration/settings';

/**
 * Webhook secrets are HMAC signing keys the service must use again when it delivers a payload,
 * so they cannot be hashed: they are stored sealed (platform/sealed-secret.ts) as `v1.<iv>.<auth tag>.<ciphertext>`
 * under WEBHOOK_SECRET_KEY.
 */
const FORMAT = 'v1';
const WHAT = 'webhook secret';

const encryptionKey = () => keyFromSecret(setting('WEBHOOK_SECRET_KEY') ?? 'svc-dev-webhook-key');

export function encryptWebhookSecret(secret: string): string {
  return `${FORMAT}.${seal(encryptionKey(), secret)}`;
}

/** The plain secret; throws when the value was not produced by encryptWebhookSecret with the current key. */
export function decryptWebhookSecret(stored: string): string {
  const sealed = afterPrefix(stored, FORMAT);
  if (sealed === null) throw new Error(`Unrecognised ${WHAT} ciphertext`);
  return unseal(encryptionKey(), sealed, WHAT);
}
