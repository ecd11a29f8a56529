import { dropDatabase } from '../../stack/database';
import { RunningPostgres } from '../../stack/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const { testPostgres, testTemplate } = globalThis as { testPostgres?: RunningPostgres; testTemplate?: string };
  // On a server of the caller's (TEST_DATABASE_URL), leave nothing behind.
  if (testPostgres) await testPostgres.stop();
  else if (testTemplate && process.env.TEST_DATABASE_URL) await dropDatabase(process.env.TEST_DATABASE_URL, testTemplate);
}
