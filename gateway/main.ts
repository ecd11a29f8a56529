import 'reflect-metadata';
import { SUPERGRAPH_FILE } from '../platform/schema-files';
import { SUBGRAPH_ADDRESSES } from '../platform/addresses';
import { serveUntilStopped } from '../platform/lifecycle';
import { startGateway } from './gateway';
import { describeSource, supergraphSourceFromEnvironment } from './supergraph-source';
import { assertValidConfiguration, ConfigurationError, setting } from '../platform/configuration/settings';

/**
 * The gateway as its own process (docker-compose): the checked-in supergraph, each subgraph at
 * <NAME>_URL (default http://<name>:<port>/graphql), PORT (default 3000). INTERNAL_SECRET must be
 * the one the subgraphs were given, and SYSTEM_CALL_SECRET the key of their callbacks, which arrive on
 * INTERNAL_PORT (default 4000, on INTERNAL_HOST). DATABASE_URL, when set, lets it hear principal changes made elsewhere.
 */
async function main() {
  assertValidConfiguration('gateway');
  if (!setting('INTERNAL_SECRET')) console.warn('INTERNAL_SECRET is not set: subgraphs in other processes will refuse this gateway');
  if (!setting('SYSTEM_CALL_SECRET')) console.warn('SYSTEM_CALL_SECRET is not set: this gateway will refuse callbacks from subgraphs in other processes');
  const subgraphUrls = Object.fromEntries(
    SUBGRAPH_ADDRESSES.map((s) => [s.name, setting(`${s.name.toUpperCase() as Uppercase<typeof s.name>}_URL`) ?? `http://${s.name}:${s.defaultPort}/graphql`]),
  );
  // SUPERGRAPH_PATH or SUPERGRAPH_URL (default: the checked-in file), polled every SUPERGRAPH_POLL_MS (default 10 s; 0: never).
  const supergraphSource = supergraphSourceFromEnvironment(process.env, SUPERGRAPH_FILE);
  console.log(`gateway supergraph: ${describeSource(supergraphSource)}, polled every ${supergraphSource.pollMs} ms`);
  const gateway = await startGateway({
    supergraphSource,
    subgraphUrls,
    port: setting('PORT') ?? 3000,
    host: setting('HOST') ?? '0.0.0.0',
    databaseUrl: setting('DATABASE_URL'),
    // WORKER_HEALTH_URLS: name=url pairs, comma-separated (the supervisor sets it for the webhook workers).
    workerHealthUrls: setting('WORKER_HEALTH_URLS'),
    webRoutes: SUBGRAPH_ADDRESSES.filter((s) => s.webPaths).map((s) => ({ paths: s.webPaths!, target: new URL(subgraphUrls[s.name]).origin })),
  });
  console.log(`gateway listening on ${gateway.url} (subgraphs: ${JSON.stringify(subgraphUrls)})`);
  serveUntilStopped('gateway', gateway.url, () => gateway.stop());
}

main().catch((error) => {
  console.error('gateway failed to start:', error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
});
