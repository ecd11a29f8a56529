import { serveUntilStopped } from './lifecycle';
import { startSubgraph, SubgraphDefinition } from './server';

/**
 * Runs one subgraph as its own process (docker-compose, the `npm start` supervisor): DATABASE_URL,
 * PORT, HOST and GATEWAY_INTERNAL_URL (the gateway's internal listener) from the environment.
 */
export function runStandalone(definition: SubgraphDefinition): void {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(`${definition.name}: DATABASE_URL is required when a subgraph runs on its own`);
    process.exit(1);
  }
  startSubgraph(definition, { databaseUrl, port: Number(process.env.PORT ?? definition.defaultPort), host: process.env.HOST ?? '0.0.0.0' })
    .then((running) => {
      console.log(`${definition.name} subgraph listening on ${running.url}`);
      serveUntilStopped(definition.name, running.url, () => running.stop());
    })
    .catch((error) => {
      console.error(`${definition.name} failed to start:`, error);
      process.exit(1);
    });
}
