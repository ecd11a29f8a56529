import { afterPrefix, keyFromSecret, seal, unseal } from '../../platform/sealed-secret';
import { setting } from '../../platform/configuration/settings';

/**
 * Provider secrets the service must use again (ICS feed URLs, which carry their own access token;
 * OAuth access and refresh tokens of calendar and conferencing providers; messaging provider keys):
 * sealed (platform/sealed-secret.ts) under `INTEGRATIONS_SECRET_KEY`, stored as `v1.<iv>.<auth tag>.<ciphertext>`
 * (a JSON value inside). Never returned by the API.
 */
const FORMAT = 'v1';
const WHAT = 'provider secret';

const encryptionKey = () => keyFromSecret(setting('INTEGRATIONS_SECRET_KEY') ?? 'svc-dev-integrations-key');

export function encryptProviderSecret<T>(value: T): string {
  return `${FORMAT}.${seal(encryptionKey(), JSON.stringify(value))}`;
}

/** The value encryptProviderSecret stored; throws when it was not produced with the current key. */
export function decryptProviderSecret<T>(stored: string): T {
  const sealed = afterPrefix(stored, FORMAT);
  if (sealed === null) throw new Error(`Unrecognised ${WHAT} ciphertext`);
  return JSON.parse(unseal(encryptionKey(), sealed, WHAT)) as T;
}
