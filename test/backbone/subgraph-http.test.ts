import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { subgraphAgent, subgraphRequest } from '../../gateway/subgraph-http';

/**
 * The gateway's keep-alive client to subgraphs. A subgraph may close an idle pooled connection at the
 * instant the gateway writes the next request on it; the gateway must not turn that into a 503.
 */

const ANSWER = (body: string) => `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: keep-alive\r\n\r\n${body}`;

/** A raw server: answers the first request of each connection, then resets the connection when a second request arrives on it. */
function resettingServer(): Promise<{ server: Server; url: string; connections: () => number; requests: () => number }> {
  let connections = 0;
  let requests = 0;
  const server = createServer((socket: Socket) => {
    connections += 1;
    let served = 0;
    socket.on('data', (chunk: Buffer) => {
      // A request's head and body may arrive in one chunk or two: count request lines.
      const arrived = chunk.toString('latin1').split('POST /').length - 1;
      for (let i = 0; i < arrived; i += 1) {
        requests += 1;
        served += 1;
        if (served === 1) socket.write(ANSWER(JSON.stringify({ data: { n: requests } })));
        else return socket.resetAndDestroy();
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/graphql`, connections: () => connections, requests: () => requests });
    }),
  );
}

describe('gateway → subgraph HTTP (gateway/subgraph-http.ts)', () => {
  it('a pooled connection the subgraph resets before answering is retried once on a fresh connection, not failed', async () => {
    const target = await resettingServer();
    const agent = subgraphAgent();
    try {
      const first = await subgraphRequest(agent, target.url, { body: '{}' }, 5_000);
      expect(await first.json()).toEqual({ data: { n: 1 } });
      const second = await subgraphRequest(agent, target.url, { body: '{}' }, 5_000);
      expect(second.status).toBe(200);
      // Request 2 met the reset on the reused connection; request 3 is its retry on a second connection.
      expect(await second.json()).toEqual({ data: { n: 3 } });
      expect(target.connections()).toBe(2);
    } finally {
      agent.destroy();
      target.server.close();
    }
  });

  it('a reset on a fresh connection is not retried: the caller sees the error (the gateway answers 503)', async () => {
    const server = createServer((socket) => {
      socket.on('data', () => void socket.resetAndDestroy());
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = subgraphAgent();
    let attempts = 0;
    server.on('connection', () => (attempts += 1));
    try {
      const { port } = server.address() as AddressInfo;
      await expect(subgraphRequest(agent, `http://127.0.0.1:${port}/graphql`, { body: '{}' }, 5_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(attempts).toBe(1);
    } finally {
      agent.destroy();
      server.close();
    }
  });
});
