import cors from 'cors';
import { RequestHandler } from 'express';
import { PLATFORM_CLIENT_ID_HEADER, PLATFORM_SECRET_KEY_HEADER } from './credentials';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency/idempotency-key';
import { VERSION_HEADER } from './rest/router';
import { REQUEST_ID_HEADER } from '../platform/request-log';

/** The variable naming the web origins whose pages may call /graphql and /v2 (README, "Front-end teams: CORS"). */
export const CORS_ORIGINS_VARIABLE = 'CORS_ORIGINS';

/** Every origin (`*`), or exactly these. */
export type AllowedOrigins = '*' | string[];

/**
 * What the API takes from a page on another origin. Credentials travel in headers (Authorization, the platform
 * client's pair), never in cookies, so no `Access-Control-Allow-Credentials`: that is what makes `*` safe.
 */
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const REQUEST_HEADERS = [
  'authorization',
  'content-type',
  VERSION_HEADER,
  PLATFORM_CLIENT_ID_HEADER,
  PLATFORM_SECRET_KEY_HEADER,
  IDEMPOTENCY_KEY_HEADER.toLowerCase(),
  // Apollo Server's CSRF prevention asks browsers for one of these (or a JSON content type) on /graphql.
  'apollo-require-preflight',
  'x-apollo-operation-name',
];
/** What a page may read of an answer beyond the CORS-safelisted headers: its budget, when to retry, the id to quote, a route's deprecation, a replay. */
const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  REQUEST_ID_HEADER,
  'Deprecation',
  'Sunset',
  IDEMPOTENT_REPLAYED_HEADER,
];
/** Chromium's ceiling: a page pays one preflight per URL every two hours at most; the list only changes with a release. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * CORS_ORIGINS: a comma-separated list of exact origins (`https://app.example.com,http://localhost:5173`), or `*`
 * alone; unset or empty allows none (undefined: no CORS header at all). Each entry must be written as a browser sends it in `Origin` (scheme, lower-case
 * host, port only when not the scheme's default, no path), since the comparison is exact.
 */
export function allowedOriginsFrom(value: string | undefined): AllowedOrigins | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  if (entries.includes('*')) {
    if (entries.length > 1) throw new Error(`${CORS_ORIGINS_VARIABLE}: * allows every origin; list exact origins or * alone, not both`);
    return '*';
  }
  return entries.map((entry) => {
    const refuse = (hint: string) =>
      new Error(`${CORS_ORIGINS_VARIABLE}: ${JSON.stringify(entry)} is not an origin (scheme://host[:port], as browsers send it): ${hint}`);
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw refuse('not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('the scheme must be http or https');
    if (url.origin !== entry) throw refuse(`write ${url.origin}`);
    return entry;
  });
}

/**
 * CORS for the API paths. A page on an allowed origin gets `Access-Control-Allow-Origin` on every answer (429s and
 * errors included, so this goes before everything else on those paths) and its preflights answered 204. Another
 * origin's preflight is answered 204 without any allow header and its requests are served as any non-browser
 * client's, without the header: the browser refuses to hand the answer to the page. CORS is not authentication.
 */
export function crossOrigin(allowed: AllowedOrigins): RequestHandler {
  const answer = cors({
    origin: allowed,
    methods: METHODS,
    allowedHeaders: REQUEST_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
  if (allowed === '*') return answer;
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.includes(origin)) return answer(req, res, next);
    // The answer depends on Origin (an allowed one adds a header): caches must keep one per origin.
    res.vary('Origin');
    if (req.method === 'OPTIONS' && origin !== undefined && req.headers['access-control-request-method'] !== undefined) return res.status(204).end();
    next();
  };
}
