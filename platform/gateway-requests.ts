import { ApolloServer, HeaderMap } from '@apollo/server';
import { DocumentNode, execute, ExecutionResult, GraphQLError, GraphQLFormattedError, GraphQLSchema, parse, validate } from 'graphql';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runCompiled } from './compiled-queries';
import { PRINCIPALS_CHANGED_EXTENSION, SubgraphContext } from './context';
import { recordOperation } from './metrics';
import { tagOperation } from './tracing';
import { Principal, PRINCIPAL_HEADER, verifyPrincipal, verifyWriteKey, WRITE_KEY_HEADER } from './principal';
import { setting } from './configuration/settings';

/**
 * The subgraph's side of the gateway's calls: `POST /graphql` with a JSON body, answered with
 * graphql-js `execute` on a parsed and validated document kept per query text, without express, its
 * body parser or Apollo Server's request pipeline, which cost about as much CPU per call as the
 * resolvers of a small selection (docs/performance.md, change 15). The answer is Apollo Server's:
 * the same error formatting (`formatError`, the default code, stack traces outside production and
 * tests), the same `extensions.principalsChanged`. Whatever this path does not decide the same way
 * (a document that does not parse or validate, variables that do not coerce, an unknown operation
 * name, an `accept` header to negotiate) goes to Apollo Server before any resolver ran.
 */

/** What express.json allowed before (`limit: '1mb'`); larger or chunked bodies take the express route and its limit. */
const BODY_LIMIT = 1024 * 1024;
/** Distinct operation texts kept parsed and validated: the gateway's query plans send a few dozen. */
const DOCUMENTS_KEPT = 500;

type GraphQLBody = { query?: unknown; variables?: unknown; operationName?: unknown };

export interface GatewayRequestOptions {
  schema: GraphQLSchema;
  apollo: ApolloServer<SubgraphContext>;
  /** The subgraph's Apollo Server `formatError`. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  contextFor(principal: Principal, requestId: string | undefined, writeKey: string | null): SubgraphContext;
  /** The answer to a call without a valid principal header (401, as the express route answers it). */
  refuse(res: ServerResponse, message: string): void;
}

/** True when `req` is a call this path serves; anything else is left to the express app. */
export function isGatewayCall(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || req.url !== '/graphql') return false;
  const length = Number(req.headers['content-length']);
  return (
    (req.headers['content-type'] ?? '').startsWith('application/json') &&
    !req.headers['content-encoding'] &&
    !req.headers.accept &&
    Number.isInteger(length) &&
    length <= BODY_LIMIT
  );
}

/** A Map in insertion order, refreshed on each hit: the least recently used text is dropped first. */
class DocumentCache {
  private readonly documents = new Map<string, DocumentNode | null>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** The valid document of `query`, or null when it does not parse or validate (Apollo Server answers those). */
  get(query: string): DocumentNode | null {
    let document = this.documents.get(query);
    if (document !== undefined) {
      this.documents.delete(query);
    } else {
      document = this.parseAndValidate(query);
      if (this.documents.size >= DOCUMENTS_KEPT) this.documents.delete(this.documents.keys().next().value!);
    }
    this.documents.set(query, document);
    return document;
  }

  private parseAndValidate(query: string): DocumentNode | null {
    try {
      const document = parse(query);
      return validate(this.schema, document).length ? null : document;
    } catch {
      return null;
    }
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    req.setEncoding('utf8');
    let text = '';
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Apollo Server's error formatting (normalizeAndFormatErrors), for the errors of an execution that ran. */
function formatErrors(errors: readonly GraphQLError[], options: GatewayRequestOptions) {
  let status: number | undefined;
  const enrich = (error: GraphQLError): GraphQLFormattedError => {
    const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR' };
    const http = extensions.http as { status?: unknown } | undefined;
    if (http && typeof http === 'object') {
      if (typeof http.status === 'number') status = http.status;
      delete extensions.http;
    }
    if (setting('DEBUG_ERRORS')) extensions.stacktrace = error.stack?.split('\n');
    return { ...error.toJSON(), extensions };
  };
  const formatted = errors.map((error) => {
    try {
      return options.formatError(enrich(error), error);
    } catch (formattingError) {
      if (setting('DEBUG_ERRORS')) {
        const error = formattingError as Error;
        return enrich(error instanceof GraphQLError ? error : new GraphQLError(error.message, { originalError: error }));
      }
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
  return { formatted, status };
}

function answer(res: ServerResponse, status: number, headers: Iterable<[string, string]>, body: string) {
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/** Serves one call `isGatewayCall` accepted (inside the request's logging scope). */
export function gatewayRequestHandler(options: GatewayRequestOptions) {
  const documents = new DocumentCache(options.schema);
  const JSON_TYPE: [string, string] = ['content-type', 'application/json; charset=utf-8'];

  /** Answers through Apollo Server; whether the answer carries errors (Apollo writes `errors` first). */
  async function byApollo(req: IncomingMessage, res: ServerResponse, body: GraphQLBody, contextValue: SubgraphContext): Promise<boolean> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const response = await options.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search: '', body },
      context: async () => contextValue,
    });
    if (response.body.kind !== 'complete') throw new Error('Incremental delivery is not used between the gateway and a subgraph');
    answer(res, response.status ?? 200, response.headers, response.body.string);
    return (response.status ?? 200) >= 400 || response.body.string.startsWith('{"errors"');
  }

  /** Serves the call; the operation's name and whether it failed, for the metrics (undefined: refused before it was read). */
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<{ name: unknown; failed: boolean } | undefined> {
    const header = req.headers[PRINCIPAL_HEADER];
    const principal = typeof header === 'string' && header ? verifyPrincipal(header) : undefined;
    if (!principal) {
      options.refuse(res, header ? `Invalid ${PRINCIPAL_HEADER} signature` : `Missing ${PRINCIPAL_HEADER}: subgraphs only answer the gateway`);
      return undefined;
    }
    let body: GraphQLBody;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      answer(res, 400, [JSON_TYPE], JSON.stringify({ errors: [{ message: 'The body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] }) + '\n');
      return { name: undefined, failed: true };
    }
    const contextValue = options.contextFor(principal, req.id, verifyWriteKey(req.headers[WRITE_KEY_HEADER]));
    const document = isPlainObject(body) && typeof body.query === 'string' ? documents.get(body.query) : null;
    const variables = isPlainObject(body) ? body.variables : undefined;
    const operationName = isPlainObject(body) ? body.operationName : undefined;
    tagOperation(operationName);
    if (!document || (variables != null && !isPlainObject(variables)) || (operationName != null && typeof operationName !== 'string')) {
      return { name: operationName, failed: await byApollo(req, res, body, contextValue) };
    }
    const result = (await (runCompiled(options.schema, document, operationName ?? undefined, variables ?? undefined, contextValue) ??
      execute({ schema: options.schema, document, variableValues: variables, operationName, contextValue }))) as ExecutionResult;
    // No data: the operation failed before any resolver ran (variables, operation name); Apollo Server answers it.
    if (result.data === undefined) return { name: operationName, failed: await byApollo(req, res, body, contextValue) };
    const { formatted, status } = result.errors?.length ? formatErrors(result.errors, options) : { formatted: undefined, status: undefined };
    const changed = contextValue.principalsChanged;
    const extensions = changed.size ? { ...result.extensions, [PRINCIPALS_CHANGED_EXTENSION]: [...changed] } : result.extensions;
    answer(res, status ?? 200, [JSON_TYPE], JSON.stringify({ errors: formatted, data: result.data, extensions }) + '\n');
    return { name: operationName, failed: Boolean(formatted) };
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    let served: { name: unknown; failed: boolean } | undefined = { name: undefined, failed: true };
    try {
      served = await serve(req, res);
    } catch (error) {
      console.error(`[subgraph] ${(error as Error).message}`);
      if (!res.headersSent)
        answer(res, 500, [JSON_TYPE], JSON.stringify({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }) + '\n');
    }
    if (served) recordOperation(typeof served.name === 'string' ? served.name : null, served.failed, (performance.now() - started) / 1000);
  };
}
