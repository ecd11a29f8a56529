import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLSchema } from 'graphql';
import { ANONYMOUS, Principal } from '../../subgraphs/kit/principal';
import { CredentialResolver, OperationRunner } from '../credentials';
import { httpHeadersOf } from '../rate-limits/too-many-requests';
import { envelope, errorOf, RestError, restErrorOf } from './errors';
import { CompiledRoute, compileRoute, executeRoute } from './execute';
import { RouteEntry } from './route';

export const VERSION_HEADER = 'svc-api-version';

/** `/v2/teams/{teamId}` → `/v2/teams/:teamId` (express syntax). */
function expressPath(path: string): string {
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

/**
 * The /v2 façade: one express route per method and path of the table, all executed through the gateway.
 * `guards` run after the body is parsed, before the routes (the token endpoint's client-secret lockout).
 */
export function restRouter(routes: RouteEntry[], schema: GraphQLSchema, credentials: CredentialResolver, run: OperationRunner, guards: RequestHandler[] = []): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '1mb' }));
  router.use(express.urlencoded({ extended: false }));
  for (const guard of guards) router.use(guard);

  const groups = new Map<string, CompiledRoute[]>();
  for (const entry of routes) {
    const key = `${entry.method} ${entry.path}`;
    groups.set(key, [...(groups.get(key) ?? []), compileRoute(entry, schema)]);
  }
  for (const candidates of groups.values()) {
    const { method, path } = candidates[0].entry;
    router[method.toLowerCase() as 'get'](expressPath(path), async (req: Request, res: Response) => {
      const chosen = pickVersion(candidates, req.header(VERSION_HEADER));
      if (!chosen) {
        const versions = candidates.map((c) => c.entry.version).join(' or ');
        return res.status(404).json(envelope(404, `${method} ${path} exists only in API version ${versions}: send the header ${VERSION_HEADER}: ${versions}`));
      }
      if (chosen.entry.headers) res.set(chosen.entry.headers);
      let principal: Principal;
      try {
        principal = chosen.entry.anonymous ? ANONYMOUS : await credentials.resolveRequest(req);
      } catch (error) {
        const { status, body } = errorOf(chosen.entry, error as Error);
        return res.status(status).set(httpHeadersOf(error)).json(body);
      }
      const { status, body } = await executeRoute(chosen, req, principal, run);
      if (status === 204) return res.status(204).end();
      res.status(status).json(body);
    });
  }

  router.use((req: Request, res: Response) => {
    res.status(404).json(envelope(404, `No route for ${req.method} ${req.baseUrl}${req.path}`));
  });
  const matchers = routes.map((entry) => ({ entry, pattern: new RegExp(`^${expressPath(entry.path).replace(/:\w+/g, '[^/]+')}/?$`) }));
  router.use((error: Error & { status?: number; type?: string }, req: Request, res: Response, _next: NextFunction) => {
    const entry = matchers.find((m) => m.entry.method === req.method && m.pattern.test(req.path))?.entry;
    if (entry?.errors === 'oauth') {
      const { status, body } = errorOf(entry, error.type === 'entity.parse.failed' ? new RestError(400, `The body is not valid JSON: ${error.message}`) : error);
      return res.status(status).set(entry.headers ?? {}).json(body);
    }
    if (error.type === 'entity.parse.failed') return res.status(400).json(envelope(400, `The body is not valid JSON: ${error.message}`));
    if (error.status && error.status < 500) return res.status(error.status).json(envelope(error.status, error.message));
    const { status, body } = restErrorOf(error);
    res.status(status).json(body);
  });
  return router;
}
