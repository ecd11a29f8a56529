import { createServer, Socket } from 'node:net';

/** A port another process holds, named by the variable that chose it, so the message says what to change. */
export class PortInUse extends Error {
  constructor(
    readonly port: number,
    readonly variable: string,
    detail = 'another process listens there',
    zeroPicksFree = variable !== 'EMBEDDED_PG_PORT',
  ) {
    super(
      `Port ${port} (${variable}) is in use: ${detail}. Stop that process, or set ${variable} to another port${zeroPicksFree ? ' (0 picks a free one)' : ''}`,
    );
    this.name = 'PortInUse';
  }
}

/** Resolves when `port` can be listened on at `host`; rejects with PortInUse naming `variable` when it cannot. */
export function assertPortFree(port: number, host: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUse(port, variable) : new Error(`Cannot listen on ${host}:${port} (${variable}): ${error.message}`)),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** PostgreSQL's SSLRequest: length 8, code 80877103. A server answers one byte, `S` or `N`. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]);

/**
 * What listens on a PostgreSQL port, found in at most `timeoutMs`: nothing ('free'), a PostgreSQL
 * server ('postgres'), or something else ('other': it answered with anything but PostgreSQL's one
 * byte, closed the connection, or said nothing in time). Connecting clients would wait much longer.
 */
export function probePostgres(port: number, host = '127.0.0.1', timeoutMs = 2_000): Promise<'free' | 'postgres' | 'other'> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let settled = false;
    const done = (answer: 'free' | 'postgres' | 'other') => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done('other'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'free' : 'other'));
    socket.once('data', (data) => done(data.length === 1 && (data[0] === 0x53 || data[0] === 0x4e) ? 'postgres' : 'other'));
    socket.once('close', () => done('other'));
    socket.connect(port, host, () => socket.write(SSL_REQUEST));
  });
}

/** Fails fast, naming the port and its variable, when something that is not PostgreSQL holds a PostgreSQL port. */
export async function assertPostgresOrFree(port: number, variable: string, host = '127.0.0.1'): Promise<'free' | 'postgres'> {
  const found = await probePostgres(port, host);
  if (found === 'other') throw new PortInUse(port, variable, 'a process that is not PostgreSQL listens there');
  return found;
}
