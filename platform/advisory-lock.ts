import { DataSource, QueryRunner } from 'typeorm';

/**
 * Runs `work` while holding a PostgreSQL advisory lock named `name` (on a connection of its own), so
 * that processes starting side by side on one database (`npm start`) do it one at a time. `work` is
 * given that connection: what it sends there needs no second one from the pool (a process's start
 * opens one connection per pool instead of two).
 */
export async function oneAtATime<T>(db: DataSource, name: string, work: (lockHolder: QueryRunner) => Promise<T>): Promise<T> {
  const lock = db.createQueryRunner();
  await lock.connect();
  await lock.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    return await work(lock);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await lock.release();
  }
}
