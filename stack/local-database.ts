import { join } from 'node:path';
import { ensureDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';

/** Where the embedded server keeps its data: .data/ at the repository root unless DATA_DIR says otherwise. */
export const DATA_DIR = process.env.DATA_DIR ?? join(__dirname, '..', '..', '.data');
export const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
export const DATABASE_NAME = 'svc';

export interface LocalDatabase {
  url: string;
  /** Stops the embedded server if this process started it. */
  stop(): Promise<void>;
}

async function reachable(url: string): Promise<boolean> {
  try {
    await ensureDatabase(url, DATABASE_NAME);
    return true;
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded server under .data/ (started here unless another
 * process of ours, such as `npm start`, already runs it).
 */
export async function openLocalDatabase(): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const serverUrl = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
  if (await reachable(serverUrl)) return { url: await ensureDatabase(serverUrl, DATABASE_NAME), stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dir: join(DATA_DIR, 'postgres'), port: EMBEDDED_PORT });
  return { url: await ensureDatabase(server.url, DATABASE_NAME), stop: () => server.stop() };
}
