import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { readCheckedInSupergraph } from '../../schema/compose';
import { RunningGateway, startGateway } from '../../gateway/gateway';
import { launchChromium } from '../support/chromium';
import { userWithKey } from '../support/fixtures';
import { startTestStack, TEST_RATE_LIMITS, TestStack } from '../support/stack';

const APP = 'https://app.example.com';
const ELSEWHERE = 'https://evil.example.net';
/** Requests per window per credential: the 429 test spends one key's budget; the others use their key less. */
const BUDGET = 3;

const METHODS = ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'];
const REQUEST_HEADERS = [
  'apollo-require-preflight',
  'authorization',
  'content-type',
  'idempotency-key',
  'svc-api-version',
  'x-apollo-operation-name',
  'x-svc-client-id',
  'x-svc-secret-key',
];
const EXPOSED_HEADERS = [
  'deprecation',
  'idempotent-replayed',
  'retry-after',
  'sunset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
];

/** POST /graphql from a page on `origin`. */
const postGraphql = (url: string, origin: string, contentType: string) =>
  fetch(`${url}/graphql`, { method: 'POST', headers: { origin, 'content-type': contentType }, body: JSON.stringify({ query: '{ __typename }' }) });

/** A comma-separated header as a sorted list of lower-case names. */
const listed = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .sort();
const corsHeadersOf = (headers: Headers) => [...headers.keys()].filter((name) => name.startsWith('access-control-'));

function preflight(url: string, origin: string, method = 'POST', requestHeaders = 'authorization, content-type') {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders } });
}

function expectPreflightAllowed(response: Response, origin: string) {
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('access-control-allow-methods')?.split(',').sort()).toEqual(METHODS);
  expect(listed(response.headers.get('access-control-allow-headers'))).toEqual(REQUEST_HEADERS);
  expect(response.headers.get('access-control-max-age')).toBe('7200');
  expect(listed(response.headers.get('vary'))).toContain('origin');
  // The API authenticates with headers, never cookies.
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
}

describe('CORS: pages on the origins of CORS_ORIGINS call /graphql and /v2', () => {
  let stack: TestStack;
  let key: string;
  // The pages Chromium loads: one server, two origins (localhost is allowed, 127.0.0.1 is not). Served from loopback,
  // as the gateway is, so that Chromium's local network access rules do not stand in the way.
  let pages: Server;
  let pagePort: number;
  beforeAll(async () => {
    pages = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'));
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagePort = (pages.address() as AddressInfo).port;
    const corsOrigins = `${APP}, http://localhost:${pagePort}`;
    stack = await startTestStack({ gateway: { corsOrigins }, rateLimits: { requestsPerCredential: BUDGET }, webhookWorker: false });
    ({ key } = await userWithKey(stack));
  });
  afterAll(async () => {
    await stack.stop();
    pages.close();
  });

  describe('preflight', () => {
    it('from an allowed origin, /graphql: 204 with the methods, request headers and max age the API takes', async () => {
      expectPreflightAllowed(await preflight(`${stack.url}/graphql`, APP, 'POST', 'content-type, authorization, apollo-require-preflight'), APP);
    });

    it('from an allowed origin, a /v2 route: 204 with the same', async () => {
      expectPreflightAllowed(await preflight(`${stack.url}/v2/event-types/12`, APP, 'PATCH', 'authorization, content-type, svc-api-version'), APP);
    });

    it('from an allowed origin, the token endpoint (a public client with PKCE exchanges its code in the browser): 204', async () => {
      expectPreflightAllowed(await preflight(`${stack.url}/v2/auth/oauth2/token`, APP, 'POST', 'content-type'), APP);
    });

    it('from another origin: answered without any allow header, so the browser does not send the request', async () => {
      const response = await preflight(`${stack.url}/v2/me`, ELSEWHERE, 'GET', 'authorization');
      expect(response.status).toBe(204);
      expect(corsHeadersOf(response.headers)).toEqual([]);
      expect(listed(response.headers.get('vary'))).toContain('origin');
    });
  });

  describe('answers', () => {
    it('GET /v2/me from an allowed origin echoes the origin and exposes the rate limit headers', async () => {
      const response = await fetch(`${stack.url}/v2/me`, { headers: { origin: APP, authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(listed(response.headers.get('access-control-expose-headers'))).toEqual(EXPOSED_HEADERS);
      expect(listed(response.headers.get('vary'))).toContain('origin');
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(BUDGET));
    });

    it('the OAuth discovery document (RFC 8414), which a public client reads before signing in: readable from an allowed origin only', async () => {
      const allowed = await fetch(`${stack.url}/.well-known/oauth-authorization-server`, { headers: { origin: APP } });
      expect(allowed.status).toBe(200);
      expect(((await allowed.json()) as { token_endpoint: string }).token_endpoint).toBe(`${stack.url}/v2/auth/oauth2/token`);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(APP);
      const elsewhere = await fetch(`${stack.url}/.well-known/oauth-authorization-server`, { headers: { origin: ELSEWHERE } });
      expect(corsHeadersOf(elsewhere.headers)).toEqual([]);
    });

    it('from another origin the request is still served (CORS is not authentication), without Access-Control-Allow-Origin', async () => {
      const response = await fetch(`${stack.url}/v2/me`, { headers: { origin: ELSEWHERE, authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(corsHeadersOf(response.headers)).toEqual([]);
      expect(listed(response.headers.get('vary'))).toContain('origin');
    });

    it('POST /graphql with JSON from an allowed origin', async () => {
      const response = await postGraphql(stack.url, APP, 'application/json');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    });

    it('a 401 carries the CORS headers, so the page can read why', async () => {
      const response = await fetch(`${stack.url}/v2/me`, { headers: { origin: APP, authorization: 'Bearer svc_not_a_key' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(listed(response.headers.get('access-control-expose-headers'))).toEqual(EXPOSED_HEADERS);
    });

    it('an error of the token endpoint carries them too', async () => {
      const response = await fetch(`${stack.url}/v2/auth/oauth2/token`, {
        method: 'POST',
        headers: { origin: APP, 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'authorization_code', code: 'nope', client_id: 'nope', redirect_uri: `${APP}/cb`, code_verifier: 'x'.repeat(43) }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(((await response.json()) as { error: unknown }).error).toEqual(expect.any(String));
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    });

    it('a 429 carries them, with Retry-After exposed', async () => {
      const { key: spent } = await userWithKey(stack);
      for (let i = 0; i < BUDGET; i++) expect((await stack.rest('GET', '/v2/me', { key: spent })).status).toBe(200);
      const response = await fetch(`${stack.url}/v2/me`, { headers: { origin: APP, authorization: `Bearer ${spent}` } });
      expect(response.status).toBe(429);
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(listed(response.headers.get('access-control-expose-headers'))).toContain('retry-after');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('the sign-in pages under /auth stay same-origin', () => {
    it('GET /auth/login with an allowed Origin: no CORS headers', async () => {
      const response = await fetch(`${stack.url}/auth/login`, { headers: { origin: APP } });
      expect(response.status).toBe(200);
      expect(corsHeadersOf(response.headers)).toEqual([]);
    });

    it('a preflight for POST /auth/login from an allowed origin: no allow header', async () => {
      expect(corsHeadersOf((await preflight(`${stack.url}/auth/login`, APP, 'POST', 'content-type')).headers)).toEqual([]);
    });
  });

  describe("Apollo Server's CSRF prevention still refuses simple requests to /graphql, even from an allowed origin", () => {
    it('a text/plain POST', async () => {
      const response = await postGraphql(stack.url, APP, 'text/plain');
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Cross-Site Request Forgery');
    });

    it('a GET without a preflight-forcing header', async () => {
      const response = await fetch(`${stack.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, { headers: { origin: APP } });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Cross-Site Request Forgery');
    });
  });

  describe('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser?.close());

    /** What a page served at `origin` gets from fetch(GET /v2/me) with `bearer`: the body's status, or the error fetch threw. */
    async function fetchMeFrom(origin: string, bearer: string): Promise<string> {
      const page = await browser.newPage();
      try {
        await page.goto(`${origin}/`);
        return await page.evaluate(
          async ([url, credential]) => {
            try {
              const response = await fetch(url, { headers: { authorization: `Bearer ${credential}` } });
              return `${response.status} ${((await response.json()) as { status: string }).status}`;
            } catch (error) {
              return (error as Error).name;
            }
          },
          [`${stack.url}/v2/me`, bearer],
        );
      } finally {
        await page.close();
      }
    }

    it('a page on an allowed origin reads /v2/me with a bearer key; a page elsewhere cannot', async () => {
      const { key: own } = await userWithKey(stack);
      expect(await fetchMeFrom(`http://localhost:${pagePort}`, own)).toBe('200 success');
      expect(await fetchMeFrom(`http://127.0.0.1:${pagePort}`, own)).toBe('TypeError');
    }, 20_000);
  });

  describe('without CORS_ORIGINS', () => {
    // A second gateway over the same subgraphs, started without the variable.
    let bare: RunningGateway;
    beforeAll(async () => {
      bare = await startGateway({
        supergraphSdl: readCheckedInSupergraph(),
        subgraphUrls: Object.fromEntries(Object.entries(stack.subgraphs).map(([name, subgraph]) => [name, subgraph.url])),
        port: 0,
        internalPort: 0,
        rateLimits: TEST_RATE_LIMITS,
      });
    });
    afterAll(() => bare?.stop());

    it('a gateway given a CORS_ORIGINS that is not a list of origins refuses to start, naming the variable', async () => {
      const started = startGateway({ supergraphSdl: readCheckedInSupergraph(), subgraphUrls: {}, port: 0, internalPort: 0, corsOrigins: `${APP}/` });
      await expect(started).rejects.toThrow(`CORS_ORIGINS: "${APP}/" is not an origin`);
    });

    it('no CORS header for anybody: preflights and answers', async () => {
      for (const url of [`${bare.url}/graphql`, `${bare.url}/v2/me`, `${bare.url}/v2/auth/oauth2/token`]) {
        expect(corsHeadersOf((await preflight(url, APP)).headers)).toEqual([]);
        expect(corsHeadersOf((await fetch(url, { headers: { origin: APP } })).headers)).toEqual([]);
      }
    });
  });
});
