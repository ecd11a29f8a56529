/** `/health`: 200 only when every subgraph answers its own /health. */
export async function checkHealth(subgraphUrls: Record<string, string>): Promise<{ ok: boolean; subgraphs: Record<string, string> }> {
  const entries = await Promise.all(
    Object.entries(subgraphUrls).map(async ([name, url]) => {
      try {
        const response = await fetch(url.replace(/\/graphql$/, '/health'), { signal: AbortSignal.timeout(2000) });
        return [name, response.ok ? 'ok' : `status ${response.status}`] as const;
      } catch (error) {
        return [name, `unreachable: ${(error as Error).message}`] as const;
      }
    }),
  );
  return { ok: entries.every(([, state]) => state === 'ok'), subgraphs: Object.fromEntries(entries) };
}
