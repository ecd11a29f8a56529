import { join } from 'node:path';
import { ensureDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { assertPostgresOrFree, PortInUse } from './port-check';
import { dataDirectoryAt, postmasterPid, sameFolder, stopPostmaster } from './postmaster';

/** Where the embedded server keeps its data: .data/ at the repository root unless DATA_DIR says otherwise. */
export const DATA_DIR = process.env.DATA_DIR ?? join(__dirname, '..', '..', '.data');
export const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const DATABASE_NAME = 'svc';

const EMBEDDED_SERVER_URL = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
const EMBEDDED_DATA_FOLDER = join(DATA_DIR, 'postgres');

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
  const server = await startEmbeddedPostgres({ dir: EMBEDDED_DATA_FOLDER, port: EMBEDDED_PORT });
  return { url: await ensureDatabase(server.url, DATABASE_NAME), stop: () => server.stop(), origin: 'started' };
}

/**
 * For operator tools (admin, seed): DATABASE_URL when set; otherwise the embedded server under
 * .data/, reused when it already runs (`npm start` runs it) and then left running.
 */
export async function openLocalDatabase(): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined, origin: 'external' };
  // Something else on the port would make the client wait without end: fail at once, naming it.
  if ((await assertPostgresOrFree(EMBEDDED_PORT, 'EMBEDDED_PG_PORT')) === 'free') return startEmbedded();
  if (!(await reachable(EMBEDDED_SERVER_URL))) throw new PortInUse(EMBEDDED_PORT, 'EMBEDDED_PG_PORT', 'a PostgreSQL server that does not take the embedded server\'s credentials listens there');
  return { url: await ensureDatabase(EMBEDDED_SERVER_URL, DATABASE_NAME), stop: async () => undefined, origin: 'reused' };
}

/**
 * For `npm start`, which owns the embedded server: DATABASE_URL when set; otherwise the embedded
 * server is started, or, when one already answers on its port, adopted if it serves this DATA_DIR
 * (left behind by a supervisor killed with -9) and stopped with the stack. A server of another data
 * folder on the port is an error naming both folders: reusing it would silently serve other data.
 */
export async function openStackDatabase(): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined, origin: 'external' };
  if ((await assertPostgresOrFree(EMBEDDED_PORT, 'EMBEDDED_PG_PORT')) === 'free') return startEmbedded();
  const running = await dataDirectoryAt(EMBEDDED_SERVER_URL);
  if (running === undefined) return startEmbedded();
  if (!sameFolder(running, EMBEDDED_DATA_FOLDER)) {
    throw new Error(
      `A PostgreSQL server already answers on port ${EMBEDDED_PORT} with data folder ${running}, but this DATA_DIR's is ${EMBEDDED_DATA_FOLDER}: ` +
        `stop that server, or set EMBEDDED_PG_PORT to another port`,
    );
  }
  const pid = postmasterPid(EMBEDDED_DATA_FOLDER);
  return { url: await ensureDatabase(EMBEDDED_SERVER_URL, DATABASE_NAME), stop: () => stopPostmaster(pid), origin: 'adopted' };
}
