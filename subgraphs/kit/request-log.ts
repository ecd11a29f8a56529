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
 * One JSON log line per request (pino-http): service, request id, method, path, status, duration.
 * The id is the incoming `x-request-id` when `believeIncoming(req)` says its sender is trusted and it
 * looks like an id, else a new UUID; it is answered in the `x-request-id` response header and kept
 * for the rest of the request (`currentRequestId()`). `/health` answers log at debug level.
 */
export function requestLogging(service: string, believeIncoming: (req: Request) => boolean) {
  const log = pinoHttp({
    logger: serviceLogger(service),
    wrapSerializers: false,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) && believeIncoming(req as Request) ? incoming : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, path: pathOf(req) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      return pathOf(req) === '/health' && res.statusCode < 400 ? 'debug' : 'info';
    },
  });
  return (req: Request, res: Response, next: NextFunction) => log(req, res, () => requestIds.run(String(req.id), next));
}
