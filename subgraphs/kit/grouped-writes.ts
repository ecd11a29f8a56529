/**
 * Group commit: `write` is called with one item at once when no write is in flight; items added while
 * one runs wait for it and then go together in the next call (at most `maxItems` per call). No delay
 * when idle, one statement for many items under load. Each caller's promise settles with its call's
 * outcome (a failed write rejects every item it carried).
 */
export function groupedWriter<T>(write: (items: T[]) => Promise<void>, maxItems = 100): (item: T) => Promise<void> {
  let queued: Array<{ item: T; done: (error?: unknown) => void }> = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (queued.length) {
      const batch = queued.slice(0, maxItems);
      queued = queued.slice(maxItems);
      try {
        await write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error ?? new Error('write failed'));
      }
    }
    writing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      queued.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void drain();
    });
}
