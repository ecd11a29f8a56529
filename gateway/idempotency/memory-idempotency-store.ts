import { randomUUID } from 'node:crypto';
import { Claim, IDEMPOTENCY_KEY_TTL_MS, idempotencyLeaseMs, IdempotencyStore, StoredAnswer } from './idempotency-store';

interface KeyEntry {
  fingerprint: string;
  writeKey: string;
  owner: string | null;
  leaseUntil: number;
  answer: StoredAnswer | null;
  expiresAt: number;
}

/** The same rules in this process's memory, for a gateway without a database (its keys are not shared with other gateways). */
export function memoryIdempotencyStore(): IdempotencyStore {
  const entries = new Map<string, KeyEntry>();
  const idOf = (scope: string, key: string) => `${scope}\n${key}`;
  return {
    async claim(scope, key, fingerprint): Promise<Claim> {
      const now = Date.now();
      for (const [id, entry] of entries) if (entry.expiresAt <= now) entries.delete(id);
      const owner = randomUUID();
      const entry = entries.get(idOf(scope, key));
      if (!entry) {
        const writeKey = randomUUID();
        const leaseUntil = now + idempotencyLeaseMs();
        entries.set(idOf(scope, key), { fingerprint, writeKey, owner, leaseUntil, answer: null, expiresAt: now + IDEMPOTENCY_KEY_TTL_MS });
        return { kind: 'run', writeKey, owner };
      }
      if (entry.fingerprint !== fingerprint) return { kind: 'otherRequest' };
      if (entry.answer) return { kind: 'replay', answer: entry.answer };
      if (entry.owner && entry.leaseUntil > now) return { kind: 'inFlight' };
      Object.assign(entry, { owner, leaseUntil: now + idempotencyLeaseMs() });
      return { kind: 'run', writeKey: entry.writeKey, owner };
    },
    async complete(scope, key, owner, answer) {
      const entry = entries.get(idOf(scope, key));
      if (entry?.owner === owner) Object.assign(entry, { owner: null, answer });
    },
    async release(scope, key, owner) {
      const entry = entries.get(idOf(scope, key));
      if (entry?.owner === owner) entry.owner = null;
    },
    stop: async () => entries.clear(),
  };
}
