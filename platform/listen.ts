import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is short enough that a
 * client reusing a pooled connection (the gateway's agent, a subgraph's callback) can meet the
 * server closing it at that instant: ECONNRESET, answered 503. Clients honour the Keep-Alive timeout
 * hint this sends, so with a long timeout they retire idle connections well before the server does.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Listens with `handler` (an express app) on host:port. A port that cannot be taken rejects with a
 * message naming the port and `what` listens there (with its variable), instead of express 5's
 * callback running with the error and the server never listening.
 */
export function listen(handler: RequestListener, port: number, host: string, what: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'the port is in use by another process' : error.message;
      reject(new Error(`Cannot listen on ${host}:${port} for ${what}: ${why}`));
    });
    server.listen(port, host, () => resolve(server));
  });
}
