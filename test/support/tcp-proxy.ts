import { createServer, Server, Socket, connect } from 'node:net';

/** A loopback TCP relay to another port that a test can cut (connections refused, open ones dropped) and restore. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and stops listening: the target looks down. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const { port } = server.address() as { port: number };
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return { port, cut, restore: () => listen(port), stop: () => (server.listening ? cut() : Promise.resolve()) };
}
