// A throwaway embedded PostgreSQL and the stack in this process on it, for the bench's one-off scripts
// (ab-me, booking-sql, event-types-cost, nested-sql, webhook-ab). Plain JavaScript over dist/, as they are.
const { mkdtempSync } = require('fs');
const { join } = require('path');
const { tmpdir } = require('os');
const { startEmbeddedPostgres } = require('../dist/stack/embedded-postgres');
const { ensureDatabase } = require('../dist/stack/database');
const { freePort } = require('../dist/stack/ports');
const { startStack } = require('../dist/stack/start-stack');

/** `{ stack, databaseUrl, stop }`: database `name`, free ports, `stackOptions` on top (`webhookWorker: false`, say). */
async function startThrowawayStack(name, stackOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), `perf-${name}-`));
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
  const databaseUrl = await ensureDatabase(pg.url, name);
  const stack = await startStack({ databaseUrl, port: 0, subgraphPort: () => 0, internalPort: 0, ...stackOptions });
  const stop = async () => {
    await stack.stop();
    await pg.stop();
  };
  return { stack, databaseUrl, stop };
}

module.exports = { startThrowawayStack };
