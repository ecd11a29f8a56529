import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
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
  const stack = await startStack({ databaseUrl: await ensureDatabase(serverUrl, name), port: 0, subgraphPort: () => 0, internalPort: 0 });
  await stack.stop();
  // A database is copied only while nobody is connected to it: close what the stopped pools leave open.
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  await client.end();
  return name;
}
