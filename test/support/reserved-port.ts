import { assertPortFree } from '../../stack/port-check';

/**
 * A free port below the system's ephemeral range (Linux hands out 32768–60999 for `listen(0)`): a port the
 * test names in advance and a process starts on seconds later, which no other test's `listen(0)` takes
 * meanwhile. Random, so that parallel test files rarely pick the same one; probed before it is answered.
 */
export async function reservedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (handedOut.has(port)) continue;
    if (
      await assertPortFree(port, '127.0.0.1', 'a test port').then(
        () => true,
        () => false,
      )
    ) {
      handedOut.add(port);
      return port;
    }
  }
}

const handedOut = new Set<number>();
