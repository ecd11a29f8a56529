import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { PRINCIPALS_CHANGED_EXTENSION } from '../subgraphs/kit/context';
import { RateLimitSettings } from '../subgraphs/kit/rate-limit-settings';
import { ANONYMOUS, Principal, PRINCIPAL_HEADER, signPrincipal, verifyPrincipal } from '../subgraphs/kit/principal';
import { credentialError, CredentialResolver, OperationRunner } from './credentials';
import { checkHealth } from './health';
import { listenForPrincipalChanges } from './principal-changes';
import { GatewayRateLimits, startGatewayRateLimits } from './rate-limits/gateway-rate-limits';
import { tokenEndpointLockout } from './rate-limits/token-endpoint-lockout';
import { graphqlTooManyRequests, restTooManyRequests } from './rate-limits/too-many-requests';
import { openApiDocument } from './rest/openapi';
import { RouteEntry } from './rest/route';
import { restRouter } from './rest/router';
import { ROUTES } from './rest/routes';
import { TOKEN_ENDPOINT_PATH } from './rest/routes/oauth';
import { proxyTo, WebRoute } from './web-proxy';

export interface GatewayContext {
  principal: Principal;
}

export interface GatewayOptions {
  supergraphSdl: string;
  /** Where each subgraph of the supergraph listens (overrides the URLs written in the supergraph). */
  subgraphUrls: Record<string, string>;
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
}

export interface RunningGateway {
  url: string;
  server: ApolloServer<GatewayContext>;
  credentials: CredentialResolver;
  run: OperationRunner;
  rateLimits: GatewayRateLimits;
  stop(): Promise<void>;
}

type DataSourceHook<K extends 'willSendRequest' | 'didReceiveResponse'> = Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>[K]>>[0];

/**
 * Forwards the caller's principal to every subgraph in a header signed with the internal secret, and
 * hears from subgraph responses whose principals a mutation changed (`extensions.principalsChanged`).
 */
class PrincipalForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    config: ConstructorParameters<typeof RemoteGraphQLDataSource<GatewayContext>>[0],
    private readonly onPrincipalsChanged: (userIds: number[]) => void,
  ) {
    super(config);
  }

  willSendRequest({ request, context }: DataSourceHook<'willSendRequest'>) {
    request.http?.headers.set(PRINCIPAL_HEADER, signPrincipal(context.principal ?? ANONYMOUS));
  }

  didReceiveResponse({ response }: DataSourceHook<'didReceiveResponse'>) {
    const changed = response.extensions?.[PRINCIPALS_CHANGED_EXTENSION];
    if (Array.isArray(changed)) this.onPrincipalsChanged(changed);
    return response;
  }
}

/**
 * A subgraph asking the supergraph for data another subgraph owns (GraphLink) presents the system
 * principal signed with the internal secret; any other signed principal, or a bad signature, is refused.
 */
function systemCaller(header: string | undefined): Principal | undefined {
  if (header === undefined) return undefined;
  const principal = verifyPrincipal(header);
  if (principal?.kind !== 'system') throw credentialError(`Invalid ${PRINCIPAL_HEADER}: only the services themselves send it`);
  return principal;
}

/** A subgraph's own call (GraphLink), recognised by the system principal signed with the internal secret. */
function isSystemCaller(header: string | undefined): boolean {
  return header !== undefined && verifyPrincipal(header)?.kind === 'system';
}

/**
 * Errors without a client-facing code (a subgraph that cannot be reached, a bug) are logged here and
 * answered as "Internal server error": no subgraph URLs, stack traces or upstream bodies reach clients.
 */
function hideInternals(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  if (code !== undefined && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  console.error('[gateway] internal error:', formatted.message);
  return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The Apollo gateway over the checked-in supergraph, with /graphql, the /v2 façade and /health. */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name, url }) =>
      new PrincipalForwardingDataSource({ url: options.subgraphUrls[name] ?? url, fetcher: fetch as never }, (userIds) => credentials.forgetUsers(userIds)),
  });
  let credentials: CredentialResolver;
  let apiSchema: GraphQLSchema | undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema }) => {
    apiSchema = schema;
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    introspection: true,
    plugins: [ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })],
    formatError: hideInternals,
  });
  await server.start();

  const run: OperationRunner = async (query, variables, principal) => {
    const response = await server.executeOperation({ query, variables }, { contextValue: { principal } });
    if (response.body.kind !== 'single') throw new Error('Incremental delivery is not used by the REST façade');
    return response.body.singleResult as Awaited<ReturnType<OperationRunner>>;
  };
  const rateLimits = await startGatewayRateLimits(options.databaseUrl, options.rateLimits);
  credentials = new CredentialResolver(run, undefined, rateLimits.clientSecrets);
  const invalidation = options.databaseUrl ? await listenForPrincipalChanges(options.databaseUrl, (userIds) => credentials.forgetUsers(userIds)) : undefined;
  const routes = options.routes ?? ROUTES;

  const app = express();
  app.disable('x-powered-by');
  app.get('/health', async (_req, res) => {
    const health = await checkHealth(options.subgraphUrls);
    res.status(health.ok ? 200 : 503).json({ status: health.ok ? 'ok' : 'degraded', subgraphs: health.subgraphs });
  });
  for (const web of options.webRoutes ?? []) for (const path of web.paths) app.use(path, proxyTo(web.target));
  // Every /v2 and /graphql request spends its budget first, so every answer carries X-RateLimit-*.
  app.use('/v2', rateLimits.budgets.middleware(restTooManyRequests(routes)));
  let openApi: ReturnType<typeof openApiDocument> | undefined; // derived once: the table and the schema do not change
  app.get('/v2/openapi.json', (_req, res) => {
    res.json((openApi ??= openApiDocument(routes, apiSchema!)));
  });
  app.use('/v2', restRouter(routes, apiSchema!, credentials, run, [tokenEndpointLockout(rateLimits.clientSecrets, TOKEN_ENDPOINT_PATH)]));
  app.use(
    '/graphql',
    rateLimits.budgets.middleware(graphqlTooManyRequests, (req) => isSystemCaller(req.header(PRINCIPAL_HEADER))),
    express.json({ limit: '1mb' }),
    expressMiddleware(server, {
      context: async ({ req }) => ({ principal: systemCaller(req.header(PRINCIPAL_HEADER)) ?? (await credentials.resolveRequest(req)) }),
    }),
  );

  const http: Server = await new Promise((resolve) => {
    const s = app.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve(s));
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    credentials,
    run,
    rateLimits,
    async stop() {
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await closed;
      await server.stop();
      await invalidation?.stop();
      await rateLimits.stop();
    },
  };
}
