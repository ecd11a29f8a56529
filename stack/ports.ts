import { createServer } from 'node:net';

/** Ports this process has handed out: the system may offer a just-closed port again before its taker binds it. */
const handedOut = new Set<number>();

/** A TCP port that was free a moment ago on loopback, and one this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probeFreePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function probeFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
