import { Pool } from 'pg';
import { DependencyCheck } from '../../platform/health';
import { watchPool } from '../../platform/metrics';
import { LimiterFactory, memoryLimiters, postgresLimiters, rateLimitTableDdl } from '../../platform/rate-limit-store';
import { setting } from '../../platform/configuration/settings';

/** The gateway's own schema: the counters of its request budgets and client-secret lockouts. */
export const GATEWAY_SCHEMA = 'gateway';

export interface RateLimitStore {
  limiters: LimiterFactory;
  /** false when the gateway has no database: counts are per process. */
  shared: boolean;
  /** Resolves when the database answers (at once without one); rejects saying why not. */
  checkDatabase: DependencyCheck;
  stop(): Promise<void>;
}

/**
 * Runs `ddl` (CREATE … IF NOT EXISTS) in the gateway's schema, created if need be, under one advisory lock for the
 * whole schema: replicas starting together, and the gateway's own stores opening side by side, never race on it.
 */
export async function createInGatewaySchema(pool: Pool, ddl: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('${GATEWAY_SCHEMA}'))`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${GATEWAY_SCHEMA}"; ${ddl}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Counters in the `gateway.rate_limits` table of the stack's database, shared by every gateway
 * replica; without a database, in memory. The table is created at start (the gateway has no
 * migrations), under an advisory lock so that replicas starting together do not race.
 */
export async function openRateLimitStore(databaseUrl: string | undefined): Promise<RateLimitStore> {
  if (!databaseUrl) return { limiters: memoryLimiters, shared: false, checkDatabase: async () => undefined, stop: async () => undefined };
  const pool = new Pool({ connectionString: databaseUrl, max: setting('RATE_LIMIT_POOL_SIZE') });
  pool.on('error', (error) => console.error('[rate limits] idle connection lost:', error.message));
  await createInGatewaySchema(pool, rateLimitTableDdl(GATEWAY_SCHEMA));
  const unwatch = watchPool(GATEWAY_SCHEMA, () => pool);
  return {
    limiters: postgresLimiters(pool, 'pool', GATEWAY_SCHEMA),
    shared: true,
    checkDatabase: () => pool.query('SELECT 1'),
    stop: () => {
      unwatch();
      return pool.end();
    },
  };
}
