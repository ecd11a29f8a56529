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

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let losing: string | undefined;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    let answerLost = false;
    client.on('data', (chunk: Buffer) => {
      if (losing === undefined || !chunk.includes(losing)) return;
      losing = undefined;
      answerLost = true;
    });
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (!answerLost) return void client.write(chunk);
      client.resetAndDestroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as { port: number };
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const loseAnswerTo = (marker: string) => {
    losing = marker;
  };
  return { port, cut, restore: () => listen(port), loseAnswerTo, stop: () => (server.listening ? cut() : Promise.resolve()) };
}
