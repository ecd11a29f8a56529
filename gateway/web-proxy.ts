import { Request, RequestHandler, Response } from 'express';
import { request as httpRequest } from 'node:http';
import { FORWARDED_CONTEXT_HEADER, signForwardedContext } from '../platform/principal';
import { REQUEST_ID_HEADER } from '../platform/request-log';
import { RETRY_AFTER_SECONDS } from '../platform/unavailable';

/** Browser-facing routes a subgraph serves itself (the oauth pages under /auth), reached on the gateway's address. */
export interface WebRoute {
  /** Path prefixes, such as `/auth` and `/.well-known/oauth-authorization-server`. */
  paths: string[];
  /** `http://host:port` of the subgraph. */
  target: string;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/**
 * Decided by the gateway alone, never passed on as the client sent them: what a trusted proxy (TRUST_PROXY)
 * said is already in the gateway's request id and client address, which go in their place.
 */
const DETERMINED_BY_THE_GATEWAY = new Set([
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  REQUEST_ID_HEADER,
]);

/**
 * Streams the request to the subgraph unchanged (method, path, query, headers, body) and its answer
 * back, with what the gateway determined instead of what the client wrote: its request id, and the
 * client's address and the public origin (absolute URLs in discovery, the cookies' Secure flag) in a
 * header signed with INTERNAL_SECRET, the only place the pages take them from.
 */
export function proxyTo(target: string, publicOrigin: (req: Request) => string): RequestHandler {
  const origin = new URL(target);
  return (req: Request, res: Response) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name) && !DETERMINED_BY_THE_GATEWAY.has(name)) headers[name] = value;
    headers.host = origin.host;
    if (req.id) headers[REQUEST_ID_HEADER] = req.id;
    headers[FORWARDED_CONTEXT_HEADER] = signForwardedContext({ clientAddress: req.ip ?? req.socket.remoteAddress ?? '', origin: publicOrigin(req) });
    const upstream = httpRequest({ host: origin.hostname, port: origin.port, method: req.method, path: req.originalUrl, headers }, (answer) => {
      const outgoing: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) outgoing[name] = value;
      res.writeHead(answer.statusCode ?? 502, outgoing);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      console.error(`[gateway] ${req.method} ${req.originalUrl}: ${target} unreachable: ${error.message}`);
      if (!res.headersSent)
        res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).type('text/plain').send('The sign-in service is unavailable; retry shortly');
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
