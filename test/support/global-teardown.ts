import { RunningPostgres } from '../../stack/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { testPostgres?: RunningPostgres }).testPostgres?.stop();
}
