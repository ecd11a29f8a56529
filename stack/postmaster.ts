import { readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

/** The same folder whatever the spelling (relative, symlinks): PostgreSQL reports its data folder as an absolute path. */
export function sameFolder(a: string, b: string): boolean {
  const canonical = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  return canonical(a) === canonical(b);
}

/**
 * The data folder of the PostgreSQL server answering at `serverUrl`, or undefined when nothing
 * listens there. Anything else that answers (a server with other credentials, not PostgreSQL) is an
 * error naming the port.
 */
export async function dataDirectoryAt(serverUrl: string): Promise<string | undefined> {
  const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code === 'ECONNREFUSED') return undefined;
    throw new Error(`Port ${new URL(serverUrl).port} answers, but not as the embedded PostgreSQL server of this project: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0].data_directory;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The pid of the server running on `dataDir` (first line of its postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No server pid in ${join(dataDir, 'postmaster.pid')}`);
  return pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a server this process did not spawn: SIGINT is PostgreSQL's "fast shutdown" (clients are
 * disconnected, the data is flushed). Resolves once the process is gone.
 */
export async function stopPostmaster(pid: number, timeoutMs = 30_000): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
