import { Request, RequestHandler, Response } from 'express';
import { request as httpRequest } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../subgraphs/kit/unavailable';

/** Browser-facing routes a subgraph serves itself (the oauth pages under /auth), reached on the gateway's address. */
export interface WebRoute {
  /** Path prefixes, such as `/auth` and `/.well-known/oauth-authorization-server`. */
  paths: string[];
  /** `http://host:port` of the subgraph. */
  target: string;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
/** Set by the gateway alone: whatever the client sent under these names is replaced. */
const FORWARDED = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip']);

/**
 * Streams the request to the subgraph unchanged (method, path, query, headers, body) and its answer
 * back. X-Forwarded-Host/-Proto carry the public origin the gateway vouches for (absolute URLs in
 * discovery, the cookies' Secure flag) and X-Forwarded-For the client's address as the gateway
 * sees it: one entry, so nothing a client wrote there survives.
 */
export function proxyTo(target: string, publicOrigin: (req: Request) => string): RequestHandler {
  const origin = new URL(target);
  return (req: Request, res: Response) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !FORWARDED.has(name)) headers[name] = value;
    const vouched = new URL(publicOrigin(req));
    headers.host = origin.host;
    headers['x-forwarded-host'] = vouched.host;
    headers['x-forwarded-proto'] = vouched.protocol.replace(/:$/, '');
    headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    const upstream = httpRequest({ host: origin.hostname, port: origin.port, method: req.method, path: req.originalUrl, headers }, (answer) => {
      const outgoing: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) outgoing[name] = value;
      res.writeHead(answer.statusCode ?? 502, outgoing);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      console.error(`[gateway] ${req.method} ${req.originalUrl}: ${target} unreachable: ${error.message}`);
      if (!res.headersSent) res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).type('text/plain').send('The sign-in service is unavailable; retry shortly');
      else res.destroy();
    });
    req.pipe(upstream);
  };
}
