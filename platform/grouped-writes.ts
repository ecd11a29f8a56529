/**
 * Group commit: `write` is called with one item at once when no write is in flight; items added while
 * one runs wait for it and then go together in the next call (at most `maxItems` per call). No delay
 * when idle, one statement (or transaction) for many items under load. When a call with several items
 * fails, each is written again alone, so one bad item fails only its own caller.
 */
export function groupedWriter<T>(write: (items: T[]) => Promise<void>, maxItems = 100): (item: T) => Promise<void> {
  let queued: Array<{ item: T; done: (error?: unknown) => void }> = [];
  let writing = false;
  const settle = async (batch: typeof queued) => {
    try {
      await write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.done();
    } catch (error) {
      if (batch.length === 1) return batch[0].done(error ?? new Error('write failed'));
      for (const entry of batch) await settle([entry]);
    }
  };
  const drain = async () => {
    writing = true;
    while (queued.length) {
      const batch = queued.slice(0, maxItems);
      queued = queued.slice(maxItems);
      await settle(batch);
    }
    writing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void drain();
    });
}
