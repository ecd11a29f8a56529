import { serveInThread } from '../../platform/bounded-thread';

/** A thread script for the tests of BoundedThread: answers, throws, or runs away (forever, or out of memory) as asked. */
serveInThread((input: { echo?: string; fail?: string; spin?: boolean; hoard?: boolean }) => {
  if (input.spin) for (;;);
  if (input.hoard) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(100_000).fill(hoard.length));
  }
  if (input.fail) throw new Error(input.fail);
  return input.echo;
});
