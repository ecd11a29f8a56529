import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { badInput, conflict, notFound, unauthenticated } from '../../../platform/errors';
import { KeyedWriteReference, recordKeyedWrite, sealedForRecall, unsealedOnRecall } from '../../../platform/keyed-writes';
import { sha256Hex } from '../secrets';
import { ApiKey } from './api-key.entity';

export const API_KEY_PREFIX = 'svc_';
/** last_used_at is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Reference RefreshApiKeyInput: the new key lasts `apiKeyDaysValid` days (default 30), or forever. */
export interface ApiKeyRefresh {
  apiKeyDaysValid?: number | null;
  apiKeyNeverExpires?: boolean | null;
}
export const DEFAULT_REFRESHED_KEY_DAYS = 30;
const MAX_KEY_DAYS = 3650;

export interface NewApiKey {
  note?: string | null;
  expiresAt?: Date | null;
}

export function isActive(apiKey: ApiKey, now = new Date()): boolean {
  return apiKey.revokedAt == null && (apiKey.expiresAt == null || apiKey.expiresAt.getTime() > now.getTime());
}

export class ApiKeyService {
  /** An EntityManager makes the service work inside that transaction. */
  constructor(private readonly db: DataSource | EntityManager) {}

  private get apiKeys() {
    return this.db.getRepository(ApiKey);
  }

  /** Creates a key: only its hash is stored, so `key` can be shown this once and never again. */
  async create(userId: number, input: NewApiKey = {}): Promise<{ apiKey: ApiKey; key: string }> {
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now())) {
      throw badInput('expiresAt', 'must be a date in the future');
    }
    return this.createIn(userId, { note: input.note, expiresAt });
  }

  /**
   * A key another subgraph hands out (a managed organization's API user): created with the record of a keyed write
   * (Idempotency-Key, passed on by the caller) in one transaction, the key sealed in it, so that the call made again by
   * a retry answers the same key (recalled).
   */
  async issue(userId: number, input: NewApiKey): Promise<string> {
    return this.db.transaction(async (tx) => {
      const { apiKey, key } = await new ApiKeyService(tx).create(userId, input);
      const sealedKey = sealedForRecall(key);
      if (sealedKey) await recordKeyedWrite(tx, { apiKeyId: apiKey.id, sealedKey });
      return key;
    });
  }

  /** The key a keyed issue made before (issue's record), while it works; a key revoked or expired since is a CONFLICT. */
  async recalled(reference: KeyedWriteReference): Promise<string> {
    const apiKey = await this.apiKeys.findOneBy({ id: reference.apiKeyId as number });
    if (!apiKey || !isActive(apiKey)) throw conflict('The API key this Idempotency-Key created was revoked or has expired since');
    return unsealedOnRecall(reference.sealedKey as string);
  }

  private async createIn(userId: number, input: NewApiKey): Promise<{ apiKey: ApiKey; key: string }> {
    const expiresAt = input.expiresAt ?? null;
    const key = API_KEY_PREFIX + randomBytes(32).toString('hex');
    const apiKey = await this.apiKeys.save(
      this.apiKeys.create({ userId, hashedKey: sha256Hex(key), keyHint: key.slice(-4), note: input.note ?? null, expiresAt }),
    );
    return { apiKey, key };
  }

  /** The unrevoked, unexpired key whose secret this is, or null. */
  async findActiveBySecret(secret: string): Promise<ApiKey | null> {
    if (typeof secret !== 'string' || !secret) return null;
    const hash = sha256Hex(secret);
    const apiKey = await this.apiKeys.findOneBy({ hashedKey: hash });
    if (!apiKey) return null;
    const stored = Buffer.from(apiKey.hashedKey, 'hex');
    const given = Buffer.from(hash, 'hex');
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
    return isActive(apiKey) ? apiKey : null;
  }

  /** Records a use, writing at most once a minute per key (the WHERE clause also covers concurrent calls). */
  async touch(apiKey: ApiKey, now = new Date()): Promise<void> {
    if (apiKey.lastUsedAt && now.getTime() - apiKey.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    await this.apiKeys
      .createQueryBuilder()
      .update(ApiKey)
      .set({ lastUsedAt: now })
      .where('id = :id', { id: apiKey.id })
      .andWhere('(last_used_at IS NULL OR last_used_at < :since)', { since: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) })
      .execute();
    apiKey.lastUsedAt = now;
  }

  /** The user's keys that are not revoked (expired ones included: their expiresAt says so). */
  listForUser(userId: number): Promise<ApiKey[]> {
    return this.apiKeys.find({ where: { userId, revokedAt: IsNull() }, order: { id: 'ASC' } });
  }

  /**
   * POST /v2/api-keys/refresh: a new key for the one the caller used, which is revoked at once (the
   * reference "deletes the current one"; no grace period). The new key keeps the old one's note.
   */
  async refresh(userId: number, apiKeyId: number, input: ApiKeyRefresh = {}, now = new Date()): Promise<{ apiKey: ApiKey; key: string }> {
    const days = input.apiKeyDaysValid ?? DEFAULT_REFRESHED_KEY_DAYS;
    if (!Number.isInteger(days) || days < 1 || days > MAX_KEY_DAYS)
      throw badInput('apiKeyDaysValid', `apiKeyDaysValid must be a whole number of days from 1 to ${MAX_KEY_DAYS}`);
    const expiresAt = input.apiKeyNeverExpires ? null : new Date(now.getTime() + days * 86_400_000);
    return this.db.transaction(async (tx) => {
      const old = await tx.findOne(ApiKey, { where: { id: apiKeyId, userId, revokedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!old || !isActive(old, now)) throw unauthenticated('The API key to refresh is revoked or expired');
      old.revokedAt = now;
      await tx.save(old);
      return new ApiKeyService(tx).createIn(userId, { note: old.note, expiresAt });
    });
  }

  /** Revokes one of the user's keys; NOT_FOUND for a key of somebody else or one already revoked. */
  async revoke(userId: number, id: number): Promise<ApiKey> {
    return this.db.transaction(async (tx) => {
      const apiKey = await tx.findOne(ApiKey, { where: { id, userId, revokedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!apiKey) throw notFound('ApiKey', id);
      apiKey.revokedAt = new Date();
      return tx.save(apiKey);
    });
  }
}
