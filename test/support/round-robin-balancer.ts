import { connect, createServer, Server, Socket } from 'node:net';
import { closeAll, listenOnLoopback, relay } from './tcp-proxy';

/**
 * A loopback TCP balancer, as haproxy in `mode tcp` with `balance roundrobin` and `option redispatch`: each new
 * connection goes to the next target in turn; a target that refuses the connection (a stopped replica) is skipped
 * for the next one. A connection stays with its target while it lasts (HTTP keep-alive included).
 */
export interface Balancer {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The targets' ports, in turn order; add one as its replica starts. */
  targets: number[];
  /** The target each accepted connection was relayed to, in order. */
  picks: number[];
  /**
   * The next request whose bytes contain `marker` reaches its target, which executes it, but its answer is lost (the
   * connection is reset as the answer starts to come back); resolves with the port of the target that executed it.
   */
  loseAnswerTo(marker: string): Promise<number>;
  stop(): Promise<void>;
}

export async function startBalancer(targets: number[] = []): Promise<Balancer> {
  const sockets = new Set<Socket>();
  const picks: number[] = [];
  let next = 0;
  let losing: { marker: string; lostAt(port: number): void } | undefined;

  /** Connects to the next target that accepts, trying each at most once; undefined when none does. */
  const connectNext = async (tries: number): Promise<{ upstream: Socket; port: number } | undefined> => {
    if (tries === 0) return undefined;
    const port = balancer.targets[next++ % balancer.targets.length];
    const upstream = connect(port, '127.0.0.1');
    const connected = await new Promise<boolean>((resolve) => upstream.once('connect', () => resolve(true)).once('error', () => resolve(false)));
    return connected ? { upstream, port } : connectNext(tries - 1);
  };

  const server: Server = createServer((client) => {
    client.pause();
    client.on('error', () => client.destroy());
    void connectNext(balancer.targets.length).then((chosen) => {
      if (!chosen || client.destroyed) return void (chosen?.upstream.destroy(), client.destroy());
      picks.push(chosen.port);
      relay(client, chosen.upstream, sockets, (chunk) => {
        if (!losing || !chunk.includes(losing.marker)) return false;
        losing.lostAt(chosen.port);
        losing = undefined;
        return true;
      });
    });
  });
  const port = await listenOnLoopback(server, 0);
  const balancer: Balancer = {
    port,
    url: `http://127.0.0.1:${port}`,
    targets,
    picks,
    loseAnswerTo: (marker) => new Promise((lostAt) => (losing = { marker, lostAt })),
    stop: () => closeAll(server, sockets),
  };
  return balancer;
}
