import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { JOB_QUEUE_SCHEMA, QUEUES } from '../../platform/job-queue';
import { ensureDatabase } from '../../stack/database';
import { RunningPostgres, startEmbeddedPostgres } from '../../stack/embedded-postgres';
import { freePort } from '../../stack/ports';
import { startStack } from '../../stack/start-stack';

/**
 * One real PostgreSQL server for the whole run; every test file gets its own database on it, a copy
 * of one migrated here once (copying a database takes a fraction of running every migration again).
 */
export default async function globalSetup(): Promise<void> {
  // One JSON line per request would bury the test output: only failed requests (error level) show.
  process.env.LOG_LEVEL ??= 'warn';
  // One pair of internal keys for the whole run, set before the workers start: each worker loads the system once for all
  // its files, and the worker processes some tests spawn (webhook workers, replicas) sign and check calls with the same keys.
  process.env.SYSTEM_CALL_SECRET ||= randomBytes(32).toString('hex');
  process.env.INTERNAL_SECRET ||= randomBytes(32).toString('hex');
  if (!process.env.TEST_DATABASE_URL) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-test-pg-'));
    const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, throwaway: true });
    process.env.TEST_DATABASE_URL = server.url;
    (globalThis as { testPostgres?: RunningPostgres }).testPostgres = server;
  }
  if (!process.env.TEST_TEMPLATE_DATABASE) {
    process.env.TEST_TEMPLATE_DATABASE = await migratedTemplate(process.env.TEST_DATABASE_URL);
    (globalThis as { testTemplate?: string }).testTemplate = process.env.TEST_TEMPLATE_DATABASE;
  }
}

/** A database every subgraph (and the job queue) has migrated: the stack started on it once, then stopped. */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `test_template_${process.pid}`;
  const databaseUrl = await ensureDatabase(serverUrl, name);
  const stack = await startStack({ databaseUrl, port: 0, subgraphPort: () => 0, internalPort: 0 });
  await stack.stop();
  // The queues' settings belong to the first process that creates them (platform/queue-settings.ts): a test database starts
  // without them, as a new deployment does, so its stack creates them from the settings the test file gives.
  const boss = new PgBoss({ connectionString: databaseUrl, schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
  await boss.start();
  for (const queue of QUEUES) await boss.deleteQueue(queue);
  await boss.stop({ graceful: false, wait: true });
  // A database is copied only while nobody is connected to it: close what the stopped pools leave open.
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  await client.end();
  return name;
}
