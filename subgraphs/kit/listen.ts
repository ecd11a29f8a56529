import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';

/**
 * Listens with `handler` (an express app) on host:port. A port that cannot be taken rejects with a
 * message naming the port and `what` listens there (with its variable), instead of express 5's
 * callback running with the error and the server never listening.
 */
export function listen(handler: RequestListener, port: number, host: string, what: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? 'the port is in use by another process' : error.message;
      reject(new Error(`Cannot listen on ${host}:${port} for ${what}: ${why}`));
    });
    server.listen(port, host, () => resolve(server));
  });
}
