import { serveUntilStopped } from './lifecycle';
import { startSubgraph, SubgraphDefinition } from './server';
import { assertValidConfiguration, setting } from './configuration/settings';
import { StackProcess } from './configuration/variables';

/**
 * Runs one subgraph as its own process (docker-compose, the `npm start` supervisor): DATABASE_URL,
 * PORT, HOST and GATEWAY_INTERNAL_URL (the gateway's internal listener) from the environment.
 */
export function runStandalone(definition: SubgraphDefinition): void {
  try {
    assertValidConfiguration(definition.name as StackProcess);
  } catch (error) {
    console.error(`${definition.name} failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
  const databaseUrl = setting('DATABASE_URL');
  if (!databaseUrl) {
    console.error(`${definition.name}: DATABASE_URL is required when a subgraph runs on its own`);
    process.exit(1);
  }
  startSubgraph(definition, { databaseUrl, port: setting('PORT') ?? definition.defaultPort, host: setting('HOST') ?? '0.0.0.0' })
    .then((running) => {
      console.log(`${definition.name} subgraph listening on ${running.url}`);
      serveUntilStopped(definition.name, running.url, () => running.stop());
    })
    .catch((error) => {
      console.error(`${definition.name} failed to start:`, error);
      process.exit(1);
    });
}
