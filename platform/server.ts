import { ApolloServer, ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLFormattedError } from 'graphql';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { buildFederatedSchema, SchemaDefinition } from './build-schema';
import { PRINCIPALS_CHANGED_EXTENSION, SubgraphContext } from './context';
import { openDataSource, PersistenceDefinition } from './data-source';
import { defaultGatewayUrl, GraphLink } from './graph-link';
import { listen } from './listen';
import { requestLogging } from './request-log';
import { gatewayRequestHandler, isGatewayCall } from './gateway-requests';
import { answerProbe, dependencyStates } from './health';
import { Loaders } from './loaders';
import { answerMetrics } from './metrics';
import { Principal, PRINCIPAL_HEADER, verifyPrincipal, verifyWriteKey, WRITE_KEY_HEADER } from './principal';
import { isDatabaseUnreachable, SERVICE_UNAVAILABLE, serviceUnavailable } from './unavailable';
import { RateLimitSettings, rateLimitSettings } from './rate-limit-settings';
import { assertValidConfiguration, setting } from './configuration/settings';
import { StackProcess } from './configuration/variables';

/** Everything that makes a subgraph: its name, default port, tables and GraphQL schema. */
export interface SubgraphDefinition extends SchemaDefinition {
  name: string;
  defaultPort: number;
  persistence: PersistenceDefinition;
  /**
   * Browser-facing HTTP routes the subgraph serves beside /graphql (the oauth subgraph's pages under
   * /auth). `paths` are the prefixes the gateway forwards to this subgraph, so users reach them on
   * the gateway's address; `mount` adds the routes to the subgraph's express app.
   */
  web?: { paths: string[]; mount(app: express.Express, runtime: SubgraphRuntime): void };
  /**
   * Work the subgraph does on its own while it runs (retrying an outbox, refreshing ICS feeds, sending
   * reminders): started once it listens, stopped before its database closes.
   */
  background?: Array<(runtime: SubgraphRuntime) => { stop(): Promise<void> }>;
}

/** What a subgraph's own code may use besides the request: its database and the supergraph. */
export interface SubgraphRuntime {
  db: DataSource;
  graph: GraphLink;
  /** The stack's rate limits (the oauth pages lock accounts and IPs out after failed sign-ins). */
  rateLimits: RateLimitSettings;
}

export interface RunningSubgraph {
  name: string;
  url: string;
  /** http://host:port of the subgraph, where its web routes are. */
  origin: string;
  db: DataSource;
  stop(): Promise<void>;
}

/** Puts the users whose principal a request changed into the response, for the gateway's credential cache. */
const reportPrincipalsChanged: ApolloServerPlugin<SubgraphContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, response }) {
        if (!contextValue.principalsChanged.size || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, [PRINCIPALS_CHANGED_EXTENSION]: [...contextValue.principalsChanged] };
      },
    };
  },
};

type RequestWithPrincipal = express.Request & { principal?: Principal };

/** A database that cannot be reached is reported as such (the gateway passes the code on), without its address. */
function reportUnreachableDatabase(subgraph: string) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    if (formatted.extensions?.code === SERVICE_UNAVAILABLE || !isDatabaseUnreachable(error)) return formatted;
    const { message, extensions } = serviceUnavailable(subgraph, 'database');
    return { message, locations: formatted.locations, path: formatted.path, extensions };
  };
}

function refuse(res: ServerResponse, message: string) {
  const body = JSON.stringify({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
  res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * Starts one subgraph on its own HTTP port: `/graphql` (only for callers presenting a principal
 * signed by the gateway), `/health/live` (the process answers), `/health/ready` and `/health` (200 when its database
 * answers; /health names the subgraph), and `/metrics` (the process's Prometheus series).
 */
export async function startSubgraph(
  definition: SubgraphDefinition,
  options: {
    databaseUrl: string;
    port?: number;
    host?: string;
    /** The gateway's base URL (read when needed). */
    gatewayUrl?: () => string;
    /** Overrides of the rate limits (default: the environment). */
    rateLimits?: Partial<RateLimitSettings>;
    /** The variable that chose the port, named when it is taken. */
    portVariable?: string;
  },
): Promise<RunningSubgraph> {
  assertValidConfiguration(definition.name as StackProcess);
  // The database (connection, migrations: round trips) and the schema (CPU) side by side.
  const [opened, built] = await Promise.allSettled([openDataSource(definition.persistence, options.databaseUrl), buildFederatedSchema(definition)]);
  if (opened.status === 'rejected') throw opened.reason;
  const db = opened.value;
  if (built.status === 'rejected') {
    await db.destroy();
    throw built.reason;
  }
  const schema = built.value;
  const graph = new GraphLink(options.gatewayUrl ?? defaultGatewayUrl);
  const formatError = reportUnreachableDatabase(definition.name);
  const apollo = new ApolloServer<SubgraphContext>({
    schema,
    introspection: true,
    // Apollo's default follows NODE_ENV, which `npm start` leaves unset: stack traces only when the operator asks.
    includeStacktraceInErrorResponses: setting('DEBUG_ERRORS'),
    // No cache hints are declared: Apollo's default cache-control plugin only wrapped every field resolver
    // (willResolveField), about a fifth of the CPU of a 20-item event type list (docs/performance.md).
    plugins: [ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled(), reportPrincipalsChanged],
    // A bad variable value (a custom scalar the gateway cannot check, say) is a 400 with BAD_USER_INPUT,
    // Apollo Server's default; the gateway's subgraph fetch passes it on (gateway/unavailable.ts).
    formatError,
  });
  await apollo.start();

  const contextFor = (principal: Principal, requestId: string | undefined, writeKey: string | null): SubgraphContext => ({
    principal,
    loaders: new Loaders(),
    db,
    principalsChanged: new Set<number>(),
    graph: graph.forRequest(requestId),
    writeKey,
  });
  const app = express();
  // Only the gateway calls a subgraph: the id it sends is the one to log (the header is checked for shape).
  const logging = requestLogging(definition.name, () => true, { internal: true });
  app.use(logging);
  const readiness = { database: () => db.query('SELECT 1') };
  app.use((req, res, next) => answerProbe(req, res, readiness) || next());
  // A subgraph's port is internal (only the gateway and the operator reach it): Prometheus scrapes it here.
  app.use((req, res, next) => answerMetrics(req, res) || next());
  app.get('/health', async (_req, res) => {
    const { database } = await dependencyStates(readiness);
    if (database === 'ok') res.json({ status: 'ok', subgraph: definition.name });
    else res.status(503).json({ status: 'error', subgraph: definition.name, message: database });
  });
  const runtime: SubgraphRuntime = { db, graph, rateLimits: rateLimitSettings(options.rateLimits) };
  definition.web?.mount(app, runtime);
  app.use('/graphql', (req: RequestWithPrincipal, res, next) => {
    const header = req.header(PRINCIPAL_HEADER);
    if (!header) return refuse(res, `Missing ${PRINCIPAL_HEADER}: subgraphs only answer the gateway`);
    const principal = verifyPrincipal(header);
    if (!principal) return refuse(res, `Invalid ${PRINCIPAL_HEADER} signature`);
    req.principal = principal;
    next();
  });
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => contextFor((req as RequestWithPrincipal).principal!, req.id, verifyWriteKey(req.header(WRITE_KEY_HEADER))),
    }),
  );
  // The gateway's calls skip express: see gateway-requests.ts. Everything else (health, web pages, GET) is the app's.
  const serveGatewayCall = gatewayRequestHandler({ schema, apollo, formatError, contextFor, refuse });
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (!isGatewayCall(req)) return app(req, res);
    logging(req as express.Request, res as express.Response, () => void serveGatewayCall(req, res));
  };

  const server: Server = await listen(
    handler,
    options.port ?? definition.defaultPort,
    options.host ?? '127.0.0.1',
    `the ${definition.name} subgraph (${options.portVariable ?? 'PORT'})`,
  ).catch(async (error) => {
    await apollo.stop();
    await db.destroy();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const background = (definition.background ?? []).map((start) => start(runtime));
  let stopped: Promise<void> | undefined;
  return {
    name: definition.name,
    url: `http://127.0.0.1:${port}/graphql`,
    origin: `http://127.0.0.1:${port}`,
    db,
    stop() {
      stopped ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        await apollo.stop();
        await Promise.all(background.map((work) => work.stop()));
        await db.destroy();
      })();
      return stopped;
    },
  };
}
