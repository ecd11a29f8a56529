import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLSchema } from 'graphql';
import { restRouteMetrics } from '../../platform/metrics';
import { ANONYMOUS, Principal } from '../../platform/principal';
import { RETRY_AFTER_SECONDS } from '../../platform/unavailable';
import { CredentialResolver, OperationRunner } from '../credentials';
import { requestErrorOf } from '../http-errors';
import { httpHeadersOf } from '../rate-limits/too-many-requests';
import { envelope, errorOf, RestError } from './errors';
import { CompiledRoute, compileRoute, executeRoute } from './execute';
import { RouteEntry } from './route';
import { IdempotentRequests } from '../idempotency/idempotent-requests';
import { takesIdempotencyKey } from '../idempotency/idempotency-key';
import { callerScope, restFingerprint } from '../idempotency/request-fingerprint';

export const VERSION_HEADER = 'svc-api-version';

/** Where the route serving a request leaves its metrics recorder (`res.locals`), for the count made when the answer is sent (request-metrics.ts). */
export const ROUTE_RECORDER = 'routeRecorder';

/** `/v2/teams/{teamId}` → `/v2/teams/:teamId` (express syntax). */
export function expressPath(path: string): string {
  return path.replace(/^\/v2/, '').replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The entry for the request's svc-api-version: an exact match, else the header-less (older) behaviour;
 * undefined when the endpoint exists only in a version the request did not ask for (`versionRequired`).
 */
function pickVersion(candidates: CompiledRoute[], requested: string | undefined): CompiledRoute | undefined {
  const exact = candidates.find((c) => c.entry.version !== undefined && c.entry.version === requested);
  const older = candidates.find((c) => c.entry.version === undefined);
  if (exact || older) return exact ?? older;
  return candidates.some((c) => c.entry.versionRequired) ? undefined : candidates[0];
}

/** Bodies larger than this are refused with 413 unless the route says otherwise. */
export const DEFAULT_BODY_LIMIT = '100kb';

/** JSON for every route; form bodies too where a route takes them (the token endpoint). */
function bodyParsers(entries: RouteEntry[]): express.RequestHandler[] {
  const limit = entries.map((e) => e.bodyLimit ?? DEFAULT_BODY_LIMIT)[0];
  const parsers = [express.json({ limit })];
  if (entries.some((e) => e.body === 'form-or-json')) parsers.push(express.urlencoded({ extended: false, limit, parameterLimit: 50 }));
  return parsers;
}

/** res.status(status), and for a 503 (a dependency is down) the Retry-After header clients wait by. */
function statusOf(res: Response, status: number): Response {
  if (status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  return res.status(status);
}

/**
 * The /v2 façade: one express route per method and path of the table, all executed through the gateway.
 * `guards` run after the body is parsed, before the route (the token endpoint's client-secret lockout).
 * A write sent with an Idempotency-Key is served once per key by `idempotency`.
 */
export function restRouter(
  routes: RouteEntry[],
  schema: GraphQLSchema,
  credentials: CredentialResolver,
  run: OperationRunner,
  idempotency: IdempotentRequests,
  guards: RequestHandler[] = [],
): express.Router {
  const router = express.Router();

  const groups = new Map<string, CompiledRoute[]>();
  for (const entry of routes) {
    const key = `${entry.method} ${entry.path}`;
    groups.set(key, [...(groups.get(key) ?? []), compileRoute(entry, schema)]);
  }
  for (const candidates of groups.values()) {
    const { method, path } = candidates[0].entry;
    const recorder = restRouteMetrics(method, path);
    router[method.toLowerCase() as 'get'](expressPath(path), ...bodyParsers(candidates.map((c) => c.entry)), ...guards, async (req: Request, res: Response) => {
      res.locals[ROUTE_RECORDER] = recorder;
      const chosen = pickVersion(candidates, req.header(VERSION_HEADER));
      if (!chosen) {
        const versions = candidates.map((c) => c.entry.version).join(' or ');
        return res.status(404).json(envelope(404, `${method} ${path} exists only in API version ${versions}: send the header ${VERSION_HEADER}: ${versions}`));
      }
      if (chosen.entry.headers) res.set(chosen.entry.headers);
      let principal: Principal;
      try {
        const platformClientId = chosen.entry.platformClientIdParam ? String(req.params[chosen.entry.platformClientIdParam]) : undefined;
        principal = chosen.entry.anonymous ? ANONYMOUS : await credentials.resolveRequest(req, { platformClientId });
      } catch (error) {
        const { status, body } = errorOf(chosen.entry, error as Error);
        return statusOf(res, status).set(httpHeadersOf(error)).json(body);
      }
      const answer = async (writeKey: string | undefined) => {
        const { status, body } = await executeRoute(chosen, req, principal, run, writeKey);
        if (status === 204) return res.status(204).end();
        statusOf(res, status).json(body);
      };
      if (!takesIdempotencyKey(chosen.entry)) return answer(undefined);
      const version = req.header(VERSION_HEADER);
      const refuse = (status: number, message: string) => statusOf(res, status).json(envelope(status, message));
      await idempotency.serve(req, res, { scope: callerScope(principal), fingerprint: restFingerprint(req, version), refuse }, answer);
    });
  }

  router.use((req: Request, res: Response) => {
    res.status(404).json(envelope(404, `No route for ${req.method} ${req.baseUrl}${req.path}`));
  });
  const matchers = routes.map((entry) => ({ entry, pattern: new RegExp(`^${expressPath(entry.path).replace(/:\w+/g, '[^/]+')}/?$`) }));
  // A body that could not be read (not JSON, too large, an encoding it does not have) never reaches a route.
  router.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    const entry = matchers.find((m) => m.entry.method === req.method && m.pattern.test(req.path))?.entry;
    const refused = requestErrorOf(error);
    if (entry?.errors === 'oauth') {
      const { status, body } = errorOf(entry, refused.status === 500 ? error : new RestError(400, refused.message));
      return statusOf(res, status)
        .set(entry.headers ?? {})
        .json(body);
    }
    res.status(refused.status).json({ status: 'error', error: { code: refused.code, message: refused.message } });
  });
  return router;
}
