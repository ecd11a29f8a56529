import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';

/** The header that carries a request's id: from the gateway to the subgraphs, and back to the client. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from outside may look like (a UUID, a proxy's trace id): short, no spaces, nothing to inject into a log. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const requestIds = new AsyncLocalStorage<string>();

/** The id of the request being served (undefined outside one): the gateway passes it on to the subgraphs. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** The service's JSON logger: one object per line on stdout, at LOG_LEVEL (default info). */
export function serviceLogger(service: string): pino.Logger {
  return pino({ level: process.env.LOG_LEVEL || 'info', base: { service } });
}

/** Only the path: query strings may carry credentials (a v1 `?apiKey=`), and headers always do. */
const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '').split('?')[0];

/**
 * Internal calls (a subgraph's requests, all from the gateway, and the gateway's internal listener's
 * graph-link callbacks) log their answers below 400 at debug: the gateway's line of the request carries
 * the same id. At LOG_LEVEL=info and above they then skip pino-http altogether, which cost 6–8 % of the
 * stack's CPU (docs/performance.md). `successAtDebug` can be switched off at run time (A/B measurements).
 */
export const internalRequestLog = { successAtDebug: true };

/**
 * One JSON log line per request (pino-http): service, request id, method, path, status, duration.
 * The id is the incoming `x-request-id` when `believeIncoming(req)` says its sender is trusted and it
 * looks like an id, else a new UUID; it is answered in the `x-request-id` response header and kept
 * for the rest of the request (`currentRequestId()`). `/health` answers log at debug level, and so do
 * the answers below 400 of `internal` listeners (see `internalRequestLog`).
 */
export function requestLogging(service: string, believeIncoming: (req: Request) => boolean, options: { internal?: boolean } = {}) {
  const logger = serviceLogger(service);
  const idOf = (req: IncomingMessage, res: ServerResponse) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) && believeIncoming(req as Request) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  };
  const quiet = (req: IncomingMessage, res: ServerResponse) => options.internal && internalRequestLog.successAtDebug && res.statusCode < 400;
  const log = pinoHttp({
    logger,
    wrapSerializers: false,
    genReqId: idOf,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return (pathOf(req) === '/health' && res.statusCode < 400) || quiet(req, res) ? 'debug' : 'info';
    },
  });
  /** Without pino-http: only an answer of 400 or more is logged, in pino-http's shape and levels. */
  const light = (req: Request, res: Response, next: NextFunction) => {
    const id = idOf(req, res);
    const started = Date.now();
    res.on('finish', () => {
      if (res.statusCode < 400) return;
      const line = { req: { id, method: req.method, path: pathOf(req) }, res: { statusCode: res.statusCode }, responseTime: Date.now() - started };
      if (res.statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    requestIds.run(id, next);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (options.internal && internalRequestLog.successAtDebug && !logger.isLevelEnabled('debug')) return light(req, res, next);
    return log(req, res, () => requestIds.run(String(req.id), next));
  };
}
