import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { KEYED_WRITE_RETENTION_HOURS } from '../../platform/keyed-writes';
import { createInGatewaySchema, GATEWAY_SCHEMA } from '../rate-limits/store';
import { setting } from '../../platform/configuration/settings';

/** A first answer as kept for its repeats: the status, the headers a client needs, the body byte for byte. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What a request with a key may do: run (it holds the key), answer the stored answer, or be refused. */
export type Claim =
  /** Run it: `writeKey` goes to the subgraphs (platform/keyed-writes.ts); `owner` proves the claim when storing or releasing. */
  | { kind: 'run'; writeKey: string; owner: string }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The first request with this key is still being served (409). */
  | { kind: 'inFlight' }
  /** The key was first sent with another request (422). */
  | { kind: 'otherRequest' };

/** `key` is the Idempotency-Key's hash (idempotent-requests.ts), and a kept answer's body is sealed: the store holds neither in clear. */
export interface IdempotencyStore {
  claim(scope: string, key: string, fingerprint: string): Promise<Claim>;
  /** Keeps the final answer of the claim's request. */
  complete(scope: string, key: string, owner: string, answer: StoredAnswer): Promise<void>;
  /** Gives the key back without an answer (a 5xx: the write may or may not have happened): a repeat of the same request runs again. */
  release(scope: string, key: string, owner: string): Promise<void>;
  stop(): Promise<void>;
}

/** How long a first answer is kept: a day, as the subgraphs keep their keyed writes. */
export const IDEMPOTENCY_KEY_TTL_MS = KEYED_WRITE_RETENTION_HOURS * 3_600_000;

/**
 * How long a claim holds its key without an answer (IDEMPOTENCY_LEASE_MS, default one minute: twice the subgraph
 * timeout). A gateway that dies while serving a keyed request leaves its claim behind; past the lease, a repeat runs.
 */
export const idempotencyLeaseMs = () => setting('IDEMPOTENCY_LEASE_MS');

/** Expired rows are replaced when their key comes again, and deleted by each gateway once an hour. */
const SWEEP_INTERVAL_MS = 3_600_000;

const TABLE = `"${GATEWAY_SCHEMA}".idempotency_keys`;

const DDL = `
  CREATE TABLE IF NOT EXISTS ${TABLE} (
    scope text NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    write_key uuid NOT NULL,
    owner uuid,
    lease_until timestamptz,
    status integer,
    headers jsonb,
    body bytea,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at_idx ON ${TABLE} (expires_at);
`;

interface KeyRow {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
  leased: boolean;
  expired: boolean;
}

/**
 * Keys in the `gateway.idempotency_keys` table, shared by every gateway replica. A claim is one atomic statement
 * (an INSERT … ON CONFLICT DO NOTHING, or an UPDATE of a row whose lease ended), so of two replicas serving the
 * same key at once exactly one runs the request. Created at start under an advisory lock, as the rate limits are.
 */
export async function openPostgresIdempotencyStore(databaseUrl: string): Promise<IdempotencyStore> {
  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', (error) => console.error('[idempotency keys] idle connection lost:', error.message));
  await createInGatewaySchema(pool, DDL);
  const sweep = setInterval(() => {
    pool.query(`DELETE FROM ${TABLE} WHERE expires_at <= now()`).catch((error: Error) => console.error(`[idempotency keys] sweep failed: ${error.message}`));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const lease = (parameter: string) => `now() + ${parameter} * interval '1 millisecond'`;

  async function claim(scope: string, key: string, fingerprint: string, attempt = 1): Promise<Claim> {
    const owner = randomUUID();
    const inserted = await pool.query<{ write_key: string }>(
      `INSERT INTO ${TABLE} (scope, key, fingerprint, write_key, owner, lease_until, expires_at)
       VALUES ($1, $2, $3, $4, $5, ${lease('$6')}, now() + $7 * interval '1 millisecond')
       ON CONFLICT (scope, key) DO NOTHING RETURNING write_key`,
      [scope, key, fingerprint, randomUUID(), owner, idempotencyLeaseMs(), IDEMPOTENCY_KEY_TTL_MS],
    );
    if (inserted.rows[0]) return { kind: 'run', writeKey: inserted.rows[0].write_key, owner };
    const { rows } = await pool.query<KeyRow>(
      `SELECT fingerprint, status, headers, body, lease_until > now() AS leased, expires_at <= now() AS expired FROM ${TABLE} WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    const row = rows[0];
    // Gone since the insert (swept), or expired (replaced): claim afresh; a third round means others keep racing for it.
    if (!row || row.expired) {
      if (attempt === 3) return { kind: 'inFlight' };
      if (row) await pool.query(`DELETE FROM ${TABLE} WHERE scope = $1 AND key = $2 AND expires_at <= now()`, [scope, key]);
      return claim(scope, key, fingerprint, attempt + 1);
    }
    if (row.fingerprint !== fingerprint) return { kind: 'otherRequest' };
    if (row.status !== null) return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) } };
    if (row.leased) return { kind: 'inFlight' };
    // Released (a 5xx) or left by a gateway that died: the same request runs again, with the same write key.
    const taken = await pool.query<{ write_key: string }>(
      `UPDATE ${TABLE} SET owner = $3, lease_until = ${lease('$4')}
       WHERE scope = $1 AND key = $2 AND status IS NULL AND (lease_until IS NULL OR lease_until <= now()) AND expires_at > now()
       RETURNING write_key`,
      [scope, key, owner, idempotencyLeaseMs()],
    );
    return taken.rows[0] ? { kind: 'run', writeKey: taken.rows[0].write_key, owner } : { kind: 'inFlight' };
  }

  return {
    claim: (scope, key, fingerprint) => claim(scope, key, fingerprint),
    async complete(scope, key, owner, answer) {
      await pool.query(
        `UPDATE ${TABLE} SET status = $4, headers = $5, body = $6, owner = NULL, lease_until = NULL WHERE scope = $1 AND key = $2 AND owner = $3`,
        [scope, key, owner, answer.status, JSON.stringify(answer.headers), answer.body],
      );
    },
    async release(scope, key, owner) {
      await pool.query(`UPDATE ${TABLE} SET owner = NULL, lease_until = NULL WHERE scope = $1 AND key = $2 AND owner = $3`, [scope, key, owner]);
    },
    async stop() {
      clearInterval(sweep);
      await pool.end();
    },
  };
}
