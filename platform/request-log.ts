import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { HEALTH_PATHS } from './health';
import { setting } from './configuration/settings';
import { tagRequestId } from './tracing';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id (requestLogging): logged in its line, answered in `x-request-id`, passed on to the subgraphs. */
    id?: string;
  }
}

/** The header that carries a request's id: from the gateway to the subgraphs, and back to the client. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from outside may look like (a UUID, a proxy's trace id): short, no spaces, nothing to inject into a log. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The service's JSON logger: one object per line on stdout, at LOG_LEVEL (default info). */
export function serviceLogger(service: string): pino.Logger {
  return pino({ level: setting('LOG_LEVEL'), base: { service } });
}

/** Only the path: query strings may carry credentials (a v1 `?apiKey=`), and headers always do. */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0];

/**
 * One JSON log line per request, when it ends: `{service, req: {id, method, path}, res: {statusCode},
 * responseTime, msg}` (the shape pino-http wrote before: docs/performance.md, change 22). 5xx at error
 * ("request errored"), others at info ("request completed"), except health answers (`/health`, `/health/live`, `/health/ready`) and the answers
 * below 400 of `internal` listeners, at debug. The id is the incoming `x-request-id` when
 * `believeIncoming(req)` says its sender is trusted and it looks like an id, else a new UUID; it is
 * answered in the `x-request-id` header and kept on the request (`req.id`), from where the
 * gateway passes it on to the subgraphs in the operation's context (no AsyncLocalStorage).
 */
export function requestLogging(service: string, believeIncoming: (req: Request) => boolean, options: { internal?: boolean } = {}) {
  const logger = serviceLogger(service);
  const idOf = (req: IncomingMessage, res: ServerResponse) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) && believeIncoming(req as Request) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  };
  // Internal calls (a subgraph's requests, all from the gateway, and the gateway's internal listener's graph-link
  // callbacks): the gateway's line of the request carries the same id (docs/performance.md, change 10).
  const quietSuccess = (req: IncomingMessage) => options.internal || HEALTH_PATHS.has(pathOf(req));
  const levelOf = (req: IncomingMessage, res: ServerResponse) =>
    res.statusCode >= 500 ? 'error' : res.statusCode < 400 && quietSuccess(req) ? 'debug' : 'info';

  return (req: Request, res: Response, next: NextFunction) => {
    const id = (req.id = idOf(req, res));
    tagRequestId(id);
    const started = Date.now();
    // 'close' follows 'finish' once the answer is written, and comes alone when the client went away first.
    res.once('close', () => {
      const level = levelOf(req, res);
      if (!logger.isLevelEnabled(level)) return;
      const line = { req: { id, method: req.method, path: pathOf(req) }, res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
      logger[level](line, level === 'error' ? 'request errored' : 'request completed');
    });
    next();
  };
}
