import { NextFunction, Request, RequestHandler, Response } from 'express';
import { RequestRecorder, restRouteMetrics } from '../../platform/metrics';
import { RouteEntry } from './route';
import { expressPath, ROUTE_RECORDER } from './router';

/** The route label of a /v2 request no route of the table matches. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts every /v2 answer by method, route template and status, with its latency (platform/metrics.ts). The route that served
 * the request left its recorder on `res.locals`; a request answered before any route (a 429 of the request budgets, a
 * body that could not be read) is matched against the table then, and one no entry matches counts as UNMATCHED_ROUTE.
 */
export function restRequestMetrics(routes: RouteEntry[]): RequestHandler {
  const matchers = routes.map((entry) => ({
    method: entry.method,
    pattern: new RegExp(`^/v2${expressPath(entry.path).replace(/:\w+/g, '[^/]+')}/?$`),
    path: entry.path,
  }));
  const recorderOf = (req: Request): RequestRecorder => {
    const path = req.originalUrl.split('?')[0];
    const match = matchers.find((m) => m.method === req.method && m.pattern.test(path));
    return restRouteMetrics(req.method, match?.path ?? UNMATCHED_ROUTE);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () => {
      const recorder = (res.locals[ROUTE_RECORDER] as RequestRecorder | undefined) ?? recorderOf(req);
      recorder.record(res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}
