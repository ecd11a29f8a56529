import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';

/** The table every limiter of a schema shares (rate-limiter-flexible's layout; keys carry the limiter's prefix). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** Creates the counters' table in a schema (the gateway at start, the oauth subgraph in a migration). */
export function rateLimitTableDdl(schema: string): string {
  return `
    CREATE UNLOGGED TABLE IF NOT EXISTS "${schema}"."${RATE_LIMIT_TABLE}" (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    );
    CREATE INDEX IF NOT EXISTS "${RATE_LIMIT_TABLE}_expire" ON "${schema}"."${RATE_LIMIT_TABLE}" (expire);`;
}

/** A limiter of `points` per `durationSeconds` whose keys start with `keyPrefix`. */
export type LimiterFactory = (keyPrefix: string, points: number, durationSeconds: number) => RateLimiterAbstract;

/**
 * Limiters counting in PostgreSQL (one row per key, atomic upserts), so every replica sees the same
 * counts. `storeClient` is a pg Pool (`storeType: 'pool'`) or a TypeORM DataSource (`'typeorm'`);
 * the table must exist (rateLimitTableDdl). Rows expired for an hour are deleted every five minutes, by
 * the first limiter of the factory only (they all share the table).
 */
export function postgresLimiters(storeClient: unknown, storeType: 'pool' | 'typeorm', schema: string): LimiterFactory {
  let sweeper = true;
  return (keyPrefix, points, durationSeconds) => {
    const clearExpiredByTimeout = sweeper;
    sweeper = false;
    return new RateLimiterPostgres({
      storeClient,
      storeType,
      schemaName: schema,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout,
      keyPrefix,
      points,
      duration: durationSeconds,
    });
  };
}

/** Limiters in this process's memory: for a gateway started without a database (nothing shared). */
export const memoryLimiters: LimiterFactory = (keyPrefix, points, durationSeconds) => new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds });
