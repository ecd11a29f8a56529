/**
 * Polls `check` (every 20 ms, up to 2 s unless `timeoutMs` says otherwise) for a change that arrives
 * asynchronously, such as a Postgres NOTIFY or a restarted process.
 */
export async function eventually(check: () => Promise<boolean>, { timeoutMs = 2_000 }: { timeoutMs?: number } = {}): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
