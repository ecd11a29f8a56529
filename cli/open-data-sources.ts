import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { LocalDatabase, openLocalDatabase } from '../stack/local-database';
import { Operator } from '../stack/operator';
import { SUBGRAPHS } from '../subgraphs';
import { openDataSource } from '../platform/data-source';
import { assertValidConfiguration } from '../platform/configuration/settings';

export interface SubgraphDataSources {
  /** The DataSource of a subgraph by name (scheduling, organizations, integrations, oauth). */
  db(subgraph: string): DataSource;
  close(): Promise<void>;
}

/**
 * Opens every subgraph's own DataSource on the database (running its migrations, as the subgraph
 * itself does on start-up), all at once; those opened are closed if one fails.
 */
export async function openSubgraphDataSources(databaseUrl: string): Promise<SubgraphDataSources> {
  const opened = new Map<string, DataSource>();
  const close = async () => {
    const results = await Promise.allSettled([...opened.values()].map((ds) => (ds.isInitialized ? ds.destroy() : undefined)));
    opened.clear();
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
  try {
    // Side by side, as the subgraphs themselves start: each migrates only its own schema.
    const results = await Promise.allSettled(
      SUBGRAPHS.map(async (definition) => opened.set(definition.name, await openDataSource(definition.persistence, databaseUrl))),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    db(subgraph) {
      const dataSource = opened.get(subgraph);
      if (!dataSource) throw new Error(`No DataSource for subgraph "${subgraph}" (open: ${[...opened.keys()].join(', ') || 'none'})`);
      return dataSource;
    },
    close,
  };
}

/**
 * Runs `work` with an Operator on the local database (DATABASE_URL, else the embedded server under
 * .data/), then closes the DataSources and the database, also when `work` fails.
 */
export async function withOperator<T>(work: (operator: Operator, db: (subgraph: string) => DataSource) => Promise<T>): Promise<T> {
  // An operator tool runs one step at a time: a couple of connections per subgraph is plenty.
  process.env.DB_POOL_SIZE ??= '2';
  assertValidConfiguration('operator tools');
  const database: LocalDatabase = await openLocalDatabase();
  let dataSources: SubgraphDataSources | undefined;
  try {
    dataSources = await openSubgraphDataSources(database.url);
    const db = dataSources.db;
    return await work(new Operator(db), db);
  } finally {
    const warn = (error: unknown) => console.error(`warning: while closing the database: ${(error as Error)?.message ?? error}`);
    await dataSources?.close().catch(warn);
    await database.stop().catch(warn);
  }
}
