import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import { badInput, notFound } from '../../kit/errors';
import { sha256Hex } from '../secrets';
import { ApiKey } from './api-key.entity';

export const API_KEY_PREFIX = 'svc_';
/** last_used_at is written at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface NewApiKey {
  note?: string | null;
  expiresAt?: Date | null;
}

export function isActive(apiKey: ApiKey, now = new Date()): boolean {
  return apiKey.revokedAt == null && (apiKey.expiresAt == null || apiKey.expiresAt.getTime() > now.getTime());
}

export class ApiKeyService {
  constructor(private readonly db: DataSource) {}

  private get apiKeys() {
    return this.db.getRepository(ApiKey);
  }

  /** Creates a key: only its hash is stored, so `key` can be shown this once and never again. */
  async create(userId: number, input: NewApiKey = {}): Promise<{ apiKey: ApiKey; key: string }> {
    const expiresAt = input.expiresAt ?? null;
    if (expiresAt !== null && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now())) {
      throw badInput('expiresAt', 'must be a date in the future');
    }
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
