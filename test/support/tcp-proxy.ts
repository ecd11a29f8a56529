import { createServer, Server, Socket, connect } from 'node:net';

/** A loopback TCP relay to another port that a test can cut (connections refused, open ones dropped) and restore. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and stops listening: the target looks down. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /**
   * The next request whose bytes contain `marker` reaches the target, which executes it, but its answer is lost: the
   * connection is reset as the answer starts to come back (a replica killed between commit and answer).
   */
  loseAnswerTo(marker: string): void;
  stop(): Promise<void>;
}

/**
 * Relays bytes between a client and its upstream both ways, tracking both sockets in `sockets`. When `losesAnswer`
 * says yes to a chunk the client sent, the upstream's answer to it never reaches the client: its connection is reset
 * as the answer starts (the technique of `loseAnswerTo`, shared by the balancer of test/support/round-robin-balancer.ts).
 */
export function relay(client: Socket, upstream: Socket, sockets: Set<Socket>, losesAnswer: (chunk: Buffer) => boolean): void {
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => (socket === client ? upstream : client).destroy());
  }
  let answerLost = false;
  client.on('data', (chunk: Buffer) => {
    if (!answerLost && losesAnswer(chunk)) answerLost = true;
  });
  client.pipe(upstream);
  upstream.on('data', (chunk: Buffer) => {
    if (!answerLost) return void client.write(chunk);
    client.resetAndDestroy();
    upstream.destroy();
  });
  upstream.on('end', () => client.end());
}

/** Listens on a loopback port (0: a free one) and answers the port. */
export function listenOnLoopback(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** Stops listening and drops every open connection. */
export async function closeAll(server: Server, sockets: Set<Socket>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await closed;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let losing: string | undefined;
  const losesAnswer = (chunk: Buffer) => {
    if (losing === undefined || !chunk.includes(losing)) return false;
    losing = undefined;
    return true;
  };
  const server: Server = createServer((client) => relay(client, connect(targetPort, '127.0.0.1'), sockets, losesAnswer));
  const port = await listenOnLoopback(server, 0);
  const cut = () => closeAll(server, sockets);
  const loseAnswerTo = (marker: string) => {
    losing = marker;
  };
  const restore = async () => void (await listenOnLoopback(server, port));
  return { port, cut, restore, loseAnswerTo, stop: () => (server.listening ? cut() : Promise.resolve()) };
}
