import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningPostgres, startEmbeddedPostgres } from '../../stack/embedded-postgres';
import { freePort } from '../../stack/ports';

/** One real PostgreSQL server for the whole run; every test file gets its own database on it. */
export default async function globalSetup(): Promise<void> {
  // One JSON line per request would bury the test output: only failed requests (error level) show.
  process.env.LOG_LEVEL ??= 'warn';
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-pg-'));
  const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
  process.env.TEST_DATABASE_URL = server.url;
  (globalThis as { testPostgres?: RunningPostgres }).testPostgres = server;
}
