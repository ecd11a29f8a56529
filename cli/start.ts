import { runSupervisor } from '../stack/supervisor';

/** `npm start`: PostgreSQL (embedded unless DATABASE_URL), then the four subgraphs and the gateway, each its own supervised process. */
runSupervisor().catch((error) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
