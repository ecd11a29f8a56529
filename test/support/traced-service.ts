/**
 * The smallest service run as ours are (an HTTP server kept by platform/lifecycle.ts serveUntilStopped, started by
 * test/support/replica-process.ts: after stack/trace-export.js when traces are on), for tests of what its stop does
 * with its spans. It answers every request 204 and stops by closing its server.
 */
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { serveUntilStopped } from '../../platform/lifecycle';

/** Its entry, relative to dist/, as startReplicaProcess takes it. */
export const TRACED_SERVICE_ENTRY = 'test/support/traced-service.js';

if (require.main === module) {
  const server = createServer((_req, res) => res.writeHead(204).end());
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    serveUntilStopped('traced-service', `http://127.0.0.1:${port}`, () => new Promise((resolve) => server.close(() => resolve())));
  });
}
