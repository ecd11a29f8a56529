/** Polls `check` (every 20 ms, up to 2 s) for a change that arrives asynchronously, such as a Postgres NOTIFY. */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
