import pg from 'pg';
import { DataSource, EntitySchema, MigrationExecutor, MixedList } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { oneAtATime } from './advisory-lock';
import type { ClassType } from './class-type';
import { watchPool } from './metrics';
import { CountingSqlLogger } from './sql-statements';
import { setting } from './configuration/settings';

export interface PersistenceDefinition {
  /** Postgres schema the subgraph owns; nothing else writes to it. */
  schema: string;
  entities: MixedList<ClassType | string | EntitySchema>;
  migrations: MixedList<ClassType | string>;
  /** Runs after the migrations on every start (scheduling installs the job queue it enqueues into). */
  afterMigrations?: (db: DataSource) => Promise<void>;
}

/** Opens the subgraph's own DataSource, creates its schema if needed and applies its migrations. */
export async function openDataSource(persistence: PersistenceDefinition, databaseUrl: string): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    // The pg this code imports (TypeORM would require it by name at run time: a second copy in a service bundle).
    driver: pg,
    url: databaseUrl,
    schema: persistence.schema,
    entities: persistence.entities,
    migrations: persistence.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['query', 'error', 'warn'],
    logger: new CountingSqlLogger(),
    // Unqualified names in migrations and queries resolve to the subgraph's own schema (public keeps extensions visible).
    extra: { max: setting('DB_POOL_SIZE'), options: `-c search_path=${persistence.schema},public` },
  });
  await dataSource.initialize();
  // Its pool in the metrics (svc_db_pool_clients{pool="<schema>"}) while it is open.
  watchPool(persistence.schema, () => (dataSource.isInitialized ? ((dataSource.driver as PostgresDriver).master as pg.Pool) : undefined));
  // Processes of one subgraph's schema start side by side (the integrations subgraph and the webhook
  // workers under `npm start`): one applies the migrations, the others then find them applied.
  await oneAtATime(dataSource, `${persistence.schema}.migrations`, async (lockHolder) => {
    await lockHolder.query(`CREATE SCHEMA IF NOT EXISTS "${persistence.schema}"`);
    // dataSource.runMigrations, on the connection that holds the lock.
    const migrations = new MigrationExecutor(dataSource, lockHolder);
    migrations.transaction = 'each';
    await migrations.executePendingMigrations();
  });
  await persistence.afterMigrations?.(dataSource);
  return dataSource;
}
