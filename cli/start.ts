import 'reflect-metadata';
import { openLocalDatabase } from '../stack/local-database';
import { startStack } from '../stack/start-stack';

/** `npm start`: PostgreSQL (embedded unless DATABASE_URL), the four subgraphs and the gateway. */
async function main() {
  const database = await openLocalDatabase();
  const stack = await startStack({
    databaseUrl: database.url,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST,
    // SCHEDULING_PORT, ORGANIZATIONS_PORT, …: 0 picks a free port.
    subgraphPort: (name, defaultPort) => Number(process.env[`${name.toUpperCase()}_PORT`] ?? defaultPort),
  });
  console.log(`database      ${database.url.replace(/\/\/[^@]*@/, '//***@')}`);
  for (const [name, subgraph] of Object.entries(stack.subgraphs)) console.log(`${name.padEnd(13)} ${subgraph.url}`);
  console.log(`gateway       ${stack.url}/graphql   REST ${stack.url}/v2   health ${stack.url}/health`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await stack.stop();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('failed to start:', error);
  process.exit(1);
});
