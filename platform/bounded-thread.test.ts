import { join } from 'node:path';
import { BoundedThread } from './bounded-thread';

const RUNAWAY = join(__dirname, '..', 'test', 'support', 'runaway-thread.js');

describe('BoundedThread: work off the event loop, within a time and a memory limit', () => {
  const thread = new BoundedThread<object, string>(RUNAWAY, { timeoutMs: 1_000, maxHeapMb: 32 });
  afterAll(() => thread.close());

  it('answers what the thread answers, and rejects with the message of what it threw', async () => {
    expect(await thread.run({ echo: 'hello' })).toBe('hello');
    await expect(thread.run({ fail: 'no such thing' })).rejects.toThrow('no such thing');
    expect(await thread.run({ echo: 'again' })).toBe('again');
  });

  it('a run that never ends is stopped at the time limit; the event loop kept turning meanwhile; the next run gets a new thread', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const started = Date.now();
    await expect(thread.run({ spin: true })).rejects.toThrow('took longer than 1000 ms');
    clearInterval(ticker);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThan(10);
    expect(await thread.run({ echo: 'after' })).toBe('after');
  });

  it('a run that takes all memory is stopped at the heap limit, and only that run fails', async () => {
    // Time enough for the heap to fill up on a busy machine: here the memory limit stops the run.
    const patient = new BoundedThread<object, string>(RUNAWAY, { timeoutMs: 30_000, maxHeapMb: 32 });
    try {
      const hoarding = patient.run({ hoard: true });
      const queued = patient.run({ echo: 'queued behind' });
      await expect(hoarding).rejects.toThrow(/memory/);
      expect(await queued).toBe('queued behind');
    } finally {
      await patient.close();
    }
  });
});
