import { HeaderMap } from '@apollo/server';
import { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import { retryAfterSeconds } from '../../platform/failure-lockout';
import { envelope } from '../rest/errors';
import { RouteEntry } from '../rest/route';

/**
 * A 429 raised while resolving a credential (a locked platform client id): code TOO_MANY_REQUESTS,
 * and in `extensions.http` the status and Retry-After, which Apollo Server applies on /graphql (and
 * strips from the body) and the REST router copies (httpHeadersOf).
 */
export function tooManyRequestsError(message: string, retryAfterMs: number): GraphQLError {
  const headers = new HeaderMap([['retry-after', String(retryAfterSeconds(retryAfterMs))]]);
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS', http: { status: 429, headers } } });
}

/** The response headers an error asks for in `extensions.http.headers` (Retry-After of a 429). */
export function httpHeadersOf(error: unknown): Record<string, string> {
  const headers = (error as GraphQLError)?.extensions?.http as { headers?: Map<string, string> } | undefined;
  return headers?.headers instanceof Map ? Object.fromEntries(headers.headers) : {};
}

/**
 * RFC 6749's error body for a token endpoint that refuses to try: `slow_down` (registered for the
 * token endpoint by RFC 8628: "slow your requests down"), so OAuth libraries report it rather than
 * take it for a malformed request.
 */
export function oauthSlowDown(res: Response, message: string): void {
  res.status(429).set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json({ error: 'slow_down', error_description: message });
}

/** 429 bodies of /v2: the error envelope, or RFC 6749's body on the routes that answer errors that way (the token endpoint). */
export function restTooManyRequests(routes: RouteEntry[]): (req: Request, res: Response, message: string) => void {
  const oauthPaths = new Set(routes.filter((r) => r.errors === 'oauth').map((r) => r.path));
  return (req, res, message) => {
    if (oauthPaths.has(`${req.baseUrl}${req.path}`.replace(/\/$/, ''))) return oauthSlowDown(res, message);
    res.status(429).json(envelope(429, message));
  };
}

/** 429 body of /graphql: a GraphQL error list with extensions.code TOO_MANY_REQUESTS. */
export function graphqlTooManyRequests(_req: Request, res: Response, message: string): void {
  res.status(429).json({ errors: [{ message, extensions: { code: 'TOO_MANY_REQUESTS' } }] });
}
