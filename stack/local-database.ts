import { join } from 'node:path';
import { ensureDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { assertPostgresOrFree, PortInUse } from './port-check';
import { dataDirectoryAt, postmasterPid, sameFolder, stopPostmaster } from './postmaster';
import { setting } from '../platform/configuration/settings';

export const DATABASE_NAME = 'svc';

/** The embedded server, read when a database is opened: its data under .data/ at the repository root unless DATA_DIR says otherwise, its port. */
function embedded(): { port: number; folder: string; serverUrl: string } {
  const port = setting('EMBEDDED_PG_PORT');
  const folder = join(setting('DATA_DIR') ?? join(__dirname, '..', '..', '.data'), 'postgres');
  return { port, folder, serverUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` };
}

export interface LocalDatabase {
  url: string;
  /** Stops the embedded server if this process started (or adopted) it. */
  stop(): Promise<void>;
  /** How the server came to run: set by DATABASE_URL, started here, or already running. */
  origin: 'external' | 'started' | 'reused' | 'adopted';
}

async function reachable(url: string): Promise<boolean> {
  try {
    await ensureDatabase(url, DATABASE_NAME);
    return true;
  } catch {
    return false;
  }
}

async function startEmbedded(): Promise<LocalDatabase> {
  const { folder, port } = embedded();
  const server = await startEmbeddedPostgres({ dir: folder, port });
  return { url: await ensureDatabase(server.url, DATABASE_NAME), stop: () => server.stop(), origin: 'started' };
}

/**
 * For operator tools (admin, seed): DATABASE_URL when set; otherwise the embedded server under
 * .data/, reused when it already runs (`npm start` runs it) and then left running.
 */
export async function openLocalDatabase(): Promise<LocalDatabase> {
  const databaseUrl = setting('DATABASE_URL');
  if (databaseUrl) return { url: databaseUrl, stop: async () => undefined, origin: 'external' };
  const { port, serverUrl } = embedded();
  // Something else on the port would make the client wait without end: fail at once, naming it.
  if ((await assertPostgresOrFree(port, 'EMBEDDED_PG_PORT')) === 'free') return startEmbedded();
  if (!(await reachable(serverUrl))) {
    throw new PortInUse(port, 'EMBEDDED_PG_PORT', "a PostgreSQL server that does not take the embedded server's credentials listens there");
  }
  return { url: await ensureDatabase(serverUrl, DATABASE_NAME), stop: async () => undefined, origin: 'reused' };
}

/**
 * For `npm start`, which owns the embedded server: DATABASE_URL when set; otherwise the embedded
 * server is started, or, when one already answers on its port, adopted if it serves this DATA_DIR
 * (left behind by a supervisor killed with -9) and stopped with the stack. A server of another data
 * folder on the port is an error naming both folders: reusing it would silently serve other data.
 */
export async function openStackDatabase(): Promise<LocalDatabase> {
  const databaseUrl = setting('DATABASE_URL');
  if (databaseUrl) return { url: databaseUrl, stop: async () => undefined, origin: 'external' };
  const { port, folder, serverUrl } = embedded();
  if ((await assertPostgresOrFree(port, 'EMBEDDED_PG_PORT')) === 'free') return startEmbedded();
  const running = await dataDirectoryAt(serverUrl);
  if (running === undefined) return startEmbedded();
  if (!sameFolder(running, folder)) {
    throw new Error(
      `A PostgreSQL server already answers on port ${port} with data folder ${running}, but this DATA_DIR's is ${folder}: ` +
        `stop that server, or set EMBEDDED_PG_PORT to another port`,
    );
  }
  const pid = postmasterPid(folder);
  return { url: await ensureDatabase(serverUrl, DATABASE_NAME), stop: () => stopPostmaster(pid), origin: 'adopted' };
}
