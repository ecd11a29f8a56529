import { decryptServiceAccountKey, encryptServiceAccountKey, isSealedWithOldKey, reencryptServiceAccountKey } from './service-account-key-cipher';

/** Rotation of DELEGATION_CREDENTIAL_KEY: values sealed under an old key open while it is listed in DELEGATION_CREDENTIAL_OLD_KEYS. */
describe('service account key encryption (AES-256-GCM) and key rotation', () => {
  const saved = { key: process.env.DELEGATION_CREDENTIAL_KEY, old: process.env.DELEGATION_CREDENTIAL_OLD_KEYS };
  afterEach(() => {
    process.env.DELEGATION_CREDENTIAL_KEY = saved.key;
    process.env.DELEGATION_CREDENTIAL_OLD_KEYS = saved.old;
    if (saved.key === undefined) delete process.env.DELEGATION_CREDENTIAL_KEY;
    if (saved.old === undefined) delete process.env.DELEGATION_CREDENTIAL_OLD_KEYS;
  });

  it('round-trips, with a fresh IV each time, and the ciphertext does not contain the plain text', () => {
    process.env.DELEGATION_CREDENTIAL_KEY = 'first key';
    const a = encryptServiceAccountKey('{"private_key":"k"}');
    const b = encryptServiceAccountKey('{"private_key":"k"}');
    expect(a).not.toBe(b);
    expect(a).not.toContain('private_key');
    expect(decryptServiceAccountKey(a)).toBe('{"private_key":"k"}');
  });

  it('after rotation, an old value opens only while the old key is listed, and is sealed again under the new key', () => {
    process.env.DELEGATION_CREDENTIAL_KEY = 'first key';
    const sealed = encryptServiceAccountKey('secret');
    process.env.DELEGATION_CREDENTIAL_KEY = 'second key';
    expect(() => decryptServiceAccountKey(sealed)).toThrow(/DELEGATION_CREDENTIAL_OLD_KEYS/);
    process.env.DELEGATION_CREDENTIAL_OLD_KEYS = 'some other key, first key';
    expect(decryptServiceAccountKey(sealed)).toBe('secret');
    expect(isSealedWithOldKey(sealed)).toBe(true);
    const resealed = reencryptServiceAccountKey(sealed);
    expect(isSealedWithOldKey(resealed)).toBe(false);
    delete process.env.DELEGATION_CREDENTIAL_OLD_KEYS;
    expect(decryptServiceAccountKey(resealed)).toBe('secret');
  });

  it('a tampered ciphertext is refused', () => {
    const sealed = encryptServiceAccountKey('secret').split('.');
    sealed[4] = Buffer.from('other').toString('base64url');
    expect(() => decryptServiceAccountKey(sealed.join('.'))).toThrow();
  });
});
