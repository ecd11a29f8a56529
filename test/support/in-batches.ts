/** Runs `run` over `items`, `size` at a time: walks of thousands of requests stay parallel without flooding the stack. */
export async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}
