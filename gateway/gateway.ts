import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { PRINCIPALS_CHANGED_EXTENSION } from '../platform/context';
import {
  ANONYMOUS,
  INTERNAL_HEADERS,
  Principal,
  PRINCIPAL_HEADER,
  signPrincipal,
  signWriteKey,
  SYSTEM,
  SYSTEM_CALL_HEADER,
  verifySystemCall,
  verifyWriteKey,
  WRITE_KEY_HEADER,
} from '../platform/principal';
import { isUnreachable, serviceUnavailable, writeOutcomeUnknown } from '../platform/unavailable';
import { RateLimitSettings } from '../platform/rate-limit-settings';
import { answerMetrics, FetchRecorder, subgraphFetchMetrics } from '../platform/metrics';
import { credentialError, CredentialResolver, OperationRunner } from './credentials';
import { browserPages } from './browser-pages';
import { allowedOriginsFrom, crossOrigin } from './cross-origin';
import { mountHealth } from './health';
import { internalSupergraphOf } from '../platform/internal-supergraph';
import { SupergraphPoller, SupergraphSource } from './supergraph-source';
import { graphqlRequestErrors, lastResortErrors } from './http-errors';
import { graphqlMutationsOnce } from './idempotency/graphql-mutations';
import { openIdempotentRequests, writeKeyOf } from './idempotency/idempotent-requests';
import { noSuggestionsForAnonymous } from './operation-limits/anonymous-suggestions';
import { operationMetrics } from './operation-metrics';
import { limitsFromEnvironment, OperationLimits } from './operation-limits/limits';
import { operationLimitOptions } from './operation-limits/operation-limits';
import { reuseOperationsForResultShaping } from './operation-reuse';
import { listenForPrincipalChanges } from './principal-changes';
import { GatewayRateLimits, startGatewayRateLimits } from './rate-limits/gateway-rate-limits';
import { tokenEndpointLockout } from './rate-limits/token-endpoint-lockout';
import { CredentialCheck } from './rate-limits/request-budgets';
import { graphqlTooManyRequests, restTooManyRequests } from './rate-limits/too-many-requests';
import { openApiDocument } from './rest/openapi';
import { RouteEntry } from './rest/route';
import { restRequestMetrics } from './rest/request-metrics';
import { restRouter } from './rest/router';
import { ROUTES } from './rest/routes';
import { TOKEN_ENDPOINT_PATH } from './rest/routes/oauth';
import { publicOriginOf, trustProxySetting } from './public-address';
import { readsOnly, requestMayHaveBeenRead, SubgraphRequestInit } from '../platform/subgraph-http';
import { answerUnavailableWith503, subgraphFetcher } from './unavailable';
import { ManifestFolder } from './trusted-documents/manifest-folder';
import { DEFAULT_TRUSTED_DOCUMENTS_DIR, trustedDocuments, trustedDocumentsModeFrom } from './trusted-documents/trusted-documents';
import { proxyTo, WebRoute } from './web-proxy';
import { listen } from '../platform/listen';
import { OAUTH_DISCOVERY_PATH } from '../platform/addresses';
import { REQUEST_ID_HEADER, requestLogging } from '../platform/request-log';
import { assertValidConfiguration, setting } from '../platform/configuration/settings';

export interface GatewayContext {
  principal: Principal;
  /** The id of the request being served (request-log.ts), sent on to every subgraph it calls. */
  requestId?: string;
  /** A write sent with an Idempotency-Key: the key of its record, sent with its mutations to the subgraphs (platform/keyed-writes.ts). */
  writeKey?: string;
}

export interface GatewayOptions {
  /** A fixed supergraph (tests, compose at start); or, instead, `supergraphSource` to read and poll one. */
  supergraphSdl?: string;
  /** Where to read the supergraph and how often to look for a new one (hot reload, no restart). */
  supergraphSource?: SupergraphSource;
  /** Where each subgraph of the supergraph listens (overrides the URLs written in the supergraph). */
  subgraphUrls: Record<string, string>;
  /** Background services /health reports beside the subgraphs (the webhook workers): name → their /health URL; never a condition of readiness. */
  workerHealthUrls?: Record<string, string>;
  port?: number;
  host?: string;
  routes?: RouteEntry[];
  /**
   * The database whose triggers announce principal changes made elsewhere (operator tools, other
   * gateways), and where the rate limit counters are kept (table gateway.rate_limits; in memory without it).
   */
  databaseUrl?: string;
  /** Overrides of the rate limits (default: the environment, else 120 requests per minute per credential…). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Browser-facing routes served by a subgraph (the oauth pages), forwarded as they are. */
  webRoutes?: WebRoute[];
  /** Operation limits (default: limitsFromEnvironment()). */
  limits?: OperationLimits;
  /**
   * The listener for subgraph callbacks (GraphLink): system calls only, never reachable through the
   * public port. Default INTERNAL_PORT or 4000 on loopback; 0 picks a free port.
   */
  internalPort?: number;
  internalHost?: string;
  /** The address users reach (issuer, absolute URLs): PUBLIC_URL, else the listening address. */
  publicUrl?: string;
  /** Which proxies' X-Forwarded-* to believe (express `trust proxy`): TRUST_PROXY; by default none. */
  trustProxy?: string;
  /** The web origins whose pages may call /graphql and /v2 (cross-origin.ts): CORS_ORIGINS; by default none. */
  corsOrigins?: string;
  /** `allow` or `only` (trusted-documents.ts): GRAPHQL_TRUSTED_DOCUMENTS; by default allow. */
  trustedDocuments?: string;
  /** The folder of the trusted documents' manifests, watched: TRUSTED_DOCUMENTS_DIR; by default .data/trusted-documents. */
  trustedDocumentsDir?: string;
}

export interface RunningGateway {
  url: string;
  /** Base URL of the internal listener, for subgraph callbacks. */
  internalUrl: string;
  server: ApolloServer<GatewayContext>;
  credentials: CredentialResolver;
  run: OperationRunner;
  rateLimits: GatewayRateLimits;
  /** The supergraph poller when started with `supergraphSource` (tests call `poll()`). */
  supergraph?: SupergraphPoller;
  stop(): Promise<void>;
}

type ProcessOptions = Parameters<RemoteGraphQLDataSource<GatewayContext>['process']>[0];
type SubgraphAnswer = Awaited<ReturnType<RemoteGraphQLDataSource<GatewayContext>['process']>>;

/**
 * Forwards the caller's principal to every subgraph in a header signed with the internal secret, with
 * the request's id, and hears from subgraph responses whose principals a mutation changed
 * (`extensions.principalsChanged`).
 */
class PrincipalForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  private readonly metrics: FetchRecorder;

  constructor(
    config: ConstructorParameters<typeof RemoteGraphQLDataSource<GatewayContext>>[0],
    private readonly onPrincipalsChanged: (userIds: number[]) => void,
    private readonly serviceName: string,
  ) {
    super(config);
    this.metrics = subgraphFetchMetrics(serviceName);
  }

  /** A subgraph that cannot be reached (refused, reset, timed out) is SERVICE_UNAVAILABLE, named but without its address. */
  didEncounterError(error: Error): never {
    throw isUnreachable(error) ? serviceUnavailable(this.serviceName) : error;
  }

  /**
   * RemoteGraphQLDataSource's `process` for this gateway: the same POST, errors and parsing, without
   * the node-fetch Headers and Request it builds per call for hooks this class does not read, and
   * without automatic persisted queries and cache-control hints, neither of which is used here
   * (docs/performance.md, change 24).
   */
  async process({ request, context }: ProcessOptions): Promise<SubgraphAnswer> {
    const { http, ...operation } = request;
    const { principal, requestId, writeKey } = context as GatewayContext;
    const headers: Record<string, string> = Object.fromEntries(http?.headers ?? []);
    headers['content-type'] = 'application/json';
    headers[PRINCIPAL_HEADER] = signPrincipal(principal ?? ANONYMOUS);
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    // Federation fetches are query or mutation documents: only a query is sent again after a broken connection.
    const idempotent = readsOnly(operation.query ?? '');
    if (writeKey && !idempotent) headers[WRITE_KEY_HEADER] = signWriteKey(writeKey);
    const started = performance.now();
    let ok = false;
    try {
      const init: SubgraphRequestInit = { method: 'POST', headers, body: JSON.stringify(operation), idempotent };
      const response = await this.fetcher(this.url!, init);
      if (!response.ok) throw await this.errorFromResponse(response);
      const body = await this.parseBody(response);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`Expected JSON response body, but received: ${body}`);
      const answer = { ...(body as SubgraphAnswer), http: response as never };
      const changed = answer.extensions?.[PRINCIPALS_CHANGED_EXTENSION];
      if (Array.isArray(changed)) this.onPrincipalsChanged(changed);
      ok = true;
      return answer;
    } catch (error) {
      if (!idempotent && requestMayHaveBeenRead(error)) throw writeOutcomeUnknown(this.serviceName);
      this.didEncounterError(error as Error);
    } finally {
      this.metrics.record(ok, (performance.now() - started) / 1000);
    }
  }
}

/** What the gateway and its subgraphs add to an error about themselves: where it was raised, and by which service. */
const INTERNAL_EXTENSIONS = ['stacktrace', 'exception', 'serviceName'];

/**
 * Errors without a client-facing code (a subgraph that cannot be reached, a bug) are logged here and
 * answered as "Internal server error"; the others keep their message and code without what
 * INTERNAL_EXTENSIONS name. No stack trace, file path, subgraph URL or upstream body reaches a client
 * unless the operator sets DEBUG_ERRORS.
 */
function hideInternals(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  const internal = code === undefined || code === 'INTERNAL_SERVER_ERROR';
  if (internal) console.error('[gateway] internal error:', formatted.message);
  if (setting('DEBUG_ERRORS')) return formatted;
  if (internal) {
    return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  if (!INTERNAL_EXTENSIONS.some((name) => name in formatted.extensions!)) return formatted;
  const extensions = Object.fromEntries(Object.entries(formatted.extensions!).filter(([name]) => !INTERNAL_EXTENSIONS.includes(name)));
  return { ...formatted, extensions };
}

function close(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/** The Apollo gateway over the checked-in supergraph, with /graphql, the /v2 façade and /health, /health/live, /health/ready. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  assertValidConfiguration('gateway');
  // @apollo/gateway reports to Apollo (usage-reporting.api.apollographql.com) every hour from each gateway,
  // after probing for AWS, GCP and Azure metadata, unless this is set: not without the operator asking
  // (APOLLO_TELEMETRY_DISABLED=false). docs/decisions.md, "Starting from bundles".
  process.env.APOLLO_TELEMETRY_DISABLED = String(setting('APOLLO_TELEMETRY_DISABLED'));
  const allowedOrigins = allowedOriginsFrom(options.corsOrigins ?? setting('CORS_ORIGINS'));
  const trustedDocumentsMode = trustedDocumentsModeFrom(options.trustedDocuments ?? setting('GRAPHQL_TRUSTED_DOCUMENTS'));
  reuseOperationsForResultShaping();
  const subgraphHttp = subgraphFetcher();
  const buildService = ({ name, url }: { name: string; url?: string }) =>
    new PrincipalForwardingDataSource(
      { url: options.subgraphUrls[name] ?? url, fetcher: subgraphHttp.fetch as never },
      (userIds) => credentials.forgetUsers(userIds),
      name,
    );
  // Public: the API schema (no @inaccessible fields). Internal: the same supergraph with @inaccessible
  // lifted, for the gateway's own calls and the subgraphs' callbacks (docs/decisions.md, "Schema registry").
  const poller = options.supergraphSource ? await SupergraphPoller.start(options.supergraphSource) : undefined;
  const initialSdl = poller?.sdl ?? options.supergraphSdl;
  if (!initialSdl) throw new Error('startGateway needs supergraphSdl or supergraphSource');
  // Both gateways take each new supergraph through their `update` callback (no restart).
  const supergraphFor =
    (transform: (sdl: string) => string) =>
    async ({ update }: { update: (sdl: string) => void }) => {
      const unsubscribe = poller?.onUpdate((sdl) => update(transform(sdl)));
      return { supergraphSdl: transform(initialSdl), cleanup: async () => unsubscribe?.() };
    };
  const gateway = new ApolloGateway({ supergraphSdl: supergraphFor((sdl) => sdl), buildService });
  // The internal supergraph is the public one without its @inaccessible marks: the public gateway
  // validates it (a broken one fails there), so the internal one skips a second validation.
  const internalGateway = new ApolloGateway({ supergraphSdl: supergraphFor(internalSupergraphOf), buildService, validateSupergraph: false });
  let credentials: CredentialResolver;
  // The REST façade runs on the internal gateway, so it is compiled against that gateway's API schema.
  let internalApiSchema: GraphQLSchema | undefined;
  internalGateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => {
    internalApiSchema = schema;
  });
  const operationLimits = options.limits ?? limitsFromEnvironment();
  const limits = operationLimitOptions(operationLimits);
  const manifests = await ManifestFolder.open(
    options.trustedDocumentsDir ?? setting('TRUSTED_DOCUMENTS_DIR') ?? DEFAULT_TRUSTED_DOCUMENTS_DIR,
    operationLimits.maxTokens,
  );
  const serverOver = (over: ApolloGateway, isPublic: boolean) =>
    new ApolloServer<GatewayContext>({
      gateway: over,
      introspection: isPublic && setting('GRAPHQL_INTROSPECTION'),
      includeStacktraceInErrorResponses: setting('DEBUG_ERRORS'),
      parseOptions: limits.parseOptions,
      validationRules: limits.validationRules,
      plugins: [
        // Browsers get GraphiQL from our own assets (browser-pages.ts): Apollo's pages load from a CDN.
        ApolloServerPluginLandingPageDisabled(),
        // No cache hints anywhere: the default cache-control plugin only computed a policy per request.
        ApolloServerPluginCacheControlDisabled(),
        ...limits.plugins,
        noSuggestionsForAnonymous,
        answerUnavailableWith503,
        ...(isPublic ? [operationMetrics] : []),
      ],
      formatError: hideInternals,
    });
  const server = serverOver(gateway, true);
  const internalServer = serverOver(internalGateway, false);
  await Promise.all([server.start(), internalServer.start()]);

  const run: OperationRunner = async (query, variables, principal, requestId, writeKey) => {
    const response = await internalServer.executeOperation({ query, variables }, { contextValue: { principal, requestId, writeKey } });
    if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the REST façade');
    return response.body.singleResult as Awaited<ReturnType<OperationRunner>>;
  };
  const [rateLimits, idempotency] = await Promise.all([
    startGatewayRateLimits(options.databaseUrl, options.rateLimits),
    openIdempotentRequests(options.databaseUrl),
  ]);
  credentials = new CredentialResolver(run, undefined, rateLimits);
  const credentialCheck: CredentialCheck = (req, platformClientId) => credentials.resolveRequest(req, { platformClientId });
  const invalidation = options.databaseUrl ? await listenForPrincipalChanges(options.databaseUrl, (userIds) => credentials.forgetUsers(userIds)) : undefined;
  const routes = options.routes ?? ROUTES;

  const port = options.port ?? 3000;
  const host = options.host ?? '127.0.0.1';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(options.trustProxy ?? setting('TRUST_PROXY')));
  // A request id from a proxy named by TRUST_PROXY is kept (one id across the proxy's logs and ours); otherwise a new one.
  app.use(
    requestLogging('gateway', (req) => (app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0)),
  );
  app.use((req, _res, next) => {
    for (const name of INTERNAL_HEADERS) delete req.headers[name];
    next();
  });
  // CORS first on the API paths (the token endpoint is under /v2), so every answer, a 429 or an error too, can be read by an
  // allowed page, and on the OAuth discovery document a public client reads before it signs in; the browser-facing pages
  // under /auth stay same-origin.
  if (allowedOrigins) app.use(['/graphql', '/v2', OAUTH_DISCOVERY_PATH], crossOrigin(allowedOrigins));
  mountHealth(app, {
    subgraphUrls: options.subgraphUrls,
    workerHealthUrls: options.workerHealthUrls,
    checkDatabase: rateLimits.shared ? rateLimits.checkDatabase : undefined,
  });
  app.use(browserPages());
  const publicUrl = options.publicUrl ?? setting('PUBLIC_URL');
  for (const web of options.webRoutes ?? [])
    for (const path of web.paths)
      app.use(
        path,
        proxyTo(web.target, (req) => publicOriginOf(req, { publicUrl, host, port: actualPort })),
      );
  // Every /v2 answer is counted by its route template, 429s of the budgets included.
  app.use('/v2', restRequestMetrics(routes));
  // Every /v2 and /graphql request spends its budget first, so every answer carries X-RateLimit-*.
  app.use('/v2', rateLimits.budgets.middleware(restTooManyRequests(routes), credentialCheck));
  // The REST façade is compiled against the internal API schema its operations run on (shapes only REST
  // asks for, such as the older POST /v2/bookings body, are @inaccessible in the public one); a new
  // supergraph recompiles it (and the OpenAPI document). When the route table no longer compiles
  // against it, REST keeps the last good one.
  const compileRest = (schema: GraphQLSchema) =>
    restRouter(routes, schema, credentials, run, idempotency, [tokenEndpointLockout(rateLimits.clientSecrets, TOKEN_ENDPOINT_PATH)]);
  let openApi: string | undefined;
  let restSchema = internalApiSchema!;
  let rest = compileRest(restSchema);
  internalGateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => {
    if (schema === restSchema) return;
    try {
      rest = compileRest(schema);
      restSchema = schema;
      openApi = undefined;
    } catch (error) {
      console.error(`[gateway] the REST routes do not compile against the new supergraph, REST keeps the previous one: ${(error as Error).message}`);
    }
  });
  // Made once per supergraph and kept as text: the document is ~2.7 MB, whose serialization alone took ~150 ms of the event loop per request.
  app.get('/v2/openapi.json', (_req, res) => {
    res.type('application/json').send((openApi ??= JSON.stringify(openApiDocument(routes, restSchema))));
  });
  app.use('/v2', (req, res, next) => rest(req, res, next));
  app.use(
    '/graphql',
    rateLimits.budgets.middleware(graphqlTooManyRequests, credentialCheck),
    express.json({ limit: setting('GRAPHQL_BODY_LIMIT') }),
    // A documentId becomes its text first, so that what follows (the mutation's idempotency key, Apollo Server) sees the operation.
    trustedDocuments(manifests, trustedDocumentsMode),
    graphqlMutationsOnce(idempotency, credentials),
    expressMiddleware(server, {
      context: async ({ req, res }) => ({ principal: await credentials.resolveRequest(req), requestId: req.id, writeKey: writeKeyOf(res) }),
    }),
    graphqlRequestErrors,
  );
  app.use(lastResortErrors);

  // Subgraph callbacks: the system principal, proven by the callback key, and nothing else.
  const internal = express();
  internal.disable('x-powered-by');
  // Prometheus scrapes this process here, never on the public port (docs/operations.md).
  internal.use((req, res, next) => answerMetrics(req, res) || next());
  // Callbacks carry the id of the subgraph request they serve.
  internal.use(requestLogging('gateway-internal', () => true, { internal: true }));
  internal.use(
    '/graphql',
    (req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (verifySystemCall(req.header(SYSTEM_CALL_HEADER))) return next();
      const error = credentialError(`Only the services themselves call this listener (${SYSTEM_CALL_HEADER})`);
      res.status(401).json({ errors: [{ message: error.message, extensions: { code: 'UNAUTHENTICATED' } }] });
    },
    express.json({ limit: setting('GRAPHQL_BODY_LIMIT') }),
    // A subgraph's call made on a keyed write's behalf carries its write key (platform/keyed-writes.ts writeKeyForCall).
    expressMiddleware(internalServer, {
      context: async ({ req }) => ({ principal: SYSTEM, requestId: req.id, writeKey: verifyWriteKey(req.header(WRITE_KEY_HEADER)) ?? undefined }),
    }),
    graphqlRequestErrors,
  );
  internal.use(lastResortErrors);

  const http = await listen(app, port, host, 'the public listener (PORT)');
  const actualPort = (http.address() as AddressInfo).port;
  const internalPort = options.internalPort ?? setting('INTERNAL_PORT');
  const internalHttp = await listen(internal, internalPort, options.internalHost ?? setting('INTERNAL_HOST'), 'the internal listener (INTERNAL_PORT)');
  return {
    url: `http://127.0.0.1:${actualPort}`,
    internalUrl: `http://127.0.0.1:${(internalHttp.address() as AddressInfo).port}`,
    server,
    credentials,
    run,
    rateLimits,
    supergraph: poller,
    async stop() {
      await Promise.all([close(http), close(internalHttp)]);
      poller?.stop();
      manifests.close();
      await Promise.all([server.stop(), internalServer.stop()]);
      subgraphHttp.close();
      await invalidation?.stop();
      await rateLimits.stop();
      await idempotency.stop();
    },
  };
}
