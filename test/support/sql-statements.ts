import { sqlStatements } from '../../platform/sql-statements';

/**
 * The SQL statements one request costs, counted by the process-wide counter of the subgraphs
 * (platform/sql-statements.ts). The subgraphs' background passes (team outbox retries, ICS feed
 * refreshes, the workflow dispatcher) use the same counter and may land inside one measurement; they
 * only ever add. So the request runs `tries` times and the fewest count is its own cost.
 */
export async function fewestStatements(request: () => Promise<unknown>, tries = 3): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const before = sqlStatements.count;
    await request();
    fewest = Math.min(fewest, sqlStatements.count - before);
  }
  return fewest;
}
