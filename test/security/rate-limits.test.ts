import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { startGateway } from '../../gateway/gateway';
import { readCheckedInSupergraph } from '../../schema/compose';
import { addressKey } from '../../platform/client-address';
import { FailureLockout, lockoutSeconds } from '../../platform/failure-lockout';
import { RATE_LIMIT_ENVIRONMENT, rateLimitSettings, RateLimitSettings } from '../../platform/rate-limit-settings';
import { postgresLimiters } from '../../platform/rate-limit-store';
import { sha256Hex } from '../../platform/sha256';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, userWithKey } from '../support/fixtures';
import { oauthClient, PASSWORD } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

/** Small limits, so each rule is reached in a handful of requests; a window long enough never to restart during the file. */
const LIMITS: Partial<RateLimitSettings> = {
  windowSeconds: 60,
  requestsPerCredential: 10,
  requestsPerIp: 10,
  publicBookingsPerIp: 3,
  signInFailuresPerAccount: 3,
  signInFailuresPerIp: 6,
  clientSecretFailuresPerClient: 3,
  clientSecretFailuresPerIp: 6,
  credentialFailuresPerIp: 5,
  firstLockoutSeconds: 30,
  maxLockoutSeconds: 600,
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

let nextAddress = 10;
/**
 * A client on its own loopback address (127.0.0.N: all of 127/8 reaches the gateway on Linux), so the
 * per-IP rules of one test do not spend another's budget. Requests over real HTTP, cookies kept.
 */
function clientOnOwnAddress(stack: { url: string }) {
  const localAddress = `127.0.0.${nextAddress++}`;
  const cookies = new Map<string, string>();
  const send = (method: string, path: string, options: { headers?: Record<string, string>; body?: string; base?: string } = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, options.base ?? stack.url);
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
      const req = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress }, (res) => {
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair] = line.split(';');
          const eq = pair.indexOf('=');
          cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(options.body);
    });
  return {
    address: localAddress,
    send,
    rest(method: string, path: string, options: { key?: string; headers?: Record<string, string>; body?: unknown; base?: string } = {}) {
      const headers = { ...(options.headers ?? {}) };
      if (options.key) headers.authorization = `Bearer ${options.key}`;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return send(method, path, { headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), base: options.base });
    },
    token(fields: Record<string, string>) {
      return send('POST', '/v2/auth/oauth2/token', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    },
    /** The sign-in page's form, then its POST (with the page's CSRF token), as a browser without a session. */
    async signIn(email: string, password: string, headers: Record<string, string> = {}) {
      cookies.clear();
      const form = await send('GET', '/auth/login');
      const csrf = /name="csrf" value="([^"]*)"/.exec(form.text)![1];
      const body = new URLSearchParams({ email, password, csrf, next: '/auth/settings/developer' }).toString();
      return send('POST', '/auth/login', { headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
    },
  };
}

function rateHeaders(answer: Answer) {
  return {
    limit: Number(answer.headers['x-ratelimit-limit']),
    remaining: Number(answer.headers['x-ratelimit-remaining']),
    reset: Number(answer.headers['x-ratelimit-reset']),
  };
}

function expectTooManyRequests(answer: Answer): void {
  expectErrorEnvelope({ status: answer.status, body: answer.json() }, 429, 'TOO_MANY_REQUESTS', /Too many/);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('rate limits', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ rateLimits: LIMITS });
  });
  afterAll(() => stack.stop());

  describe('settings: 120 requests per minute per credential by default, each limit from its environment variable', () => {
    it('defaults', () => {
      const defaults = rateLimitSettings({}, {});
      expect(defaults.requestsPerCredential).toBe(120);
      expect(defaults.windowSeconds).toBe(60);
      for (const [name, { defaultValue }] of Object.entries(RATE_LIMIT_ENVIRONMENT)) expect(defaults[name as keyof RateLimitSettings]).toBe(defaultValue);
    });

    it('environment variables, then the options, win; a value that is not a whole number ≥ 1 stops the start', () => {
      expect(rateLimitSettings({}, { RATE_LIMIT_PER_CREDENTIAL: '7' }).requestsPerCredential).toBe(7);
      expect(rateLimitSettings({ requestsPerCredential: 9 }, { RATE_LIMIT_PER_CREDENTIAL: '7' }).requestsPerCredential).toBe(9);
      expect(() => rateLimitSettings({}, { SIGN_IN_FAILURES_PER_IP: 'lots' })).toThrow(/SIGN_IN_FAILURES_PER_IP/);
    });
  });

  describe('every /v2 and /graphql answer carries X-RateLimit-Limit, -Remaining and -Reset (seconds until the window restarts)', () => {
    it('on a success, a 401 and a 404', async () => {
      const { key } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      const first = await client.rest('GET', '/v2/me', { key });
      expect(first.status).toBe(200);
      expect(rateHeaders(first)).toEqual({ limit: 10, remaining: 9, reset: expect.any(Number) });
      expect(rateHeaders(first).reset).toBeGreaterThanOrEqual(1);
      expect(rateHeaders(first).reset).toBeLessThanOrEqual(60);
      expect(rateHeaders(await client.rest('GET', '/v2/me', { key }))).toMatchObject({ limit: 10, remaining: 8 });

      // A credential that does not resolve spends the address's budget, as a call without one does.
      const unauthorized = await client.rest('GET', '/v2/me', { key: `svc_${'0'.repeat(64)}` });
      expect(unauthorized.status).toBe(401);
      expect(rateHeaders(unauthorized)).toMatchObject({ limit: 10, remaining: 9 });

      const notFound = await client.rest('GET', '/v2/no-such-thing');
      expect(notFound.status).toBe(404);
      expect(rateHeaders(notFound)).toMatchObject({ limit: 10, remaining: 8 });
    });

    it('on /graphql', async () => {
      const { key } = await userWithKey(stack);
      const answer = await clientOnOwnAddress(stack).send('POST', '/graphql', {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      expect(answer.status).toBe(200);
      expect(rateHeaders(answer)).toMatchObject({ limit: 10, remaining: 9 });
    });
  });

  describe('per credential: the request after the limit in a window is 429 with Retry-After and the error envelope', () => {
    it('the 11th request of a key limited to 10 is refused, without being executed', async () => {
      const { key } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      for (let i = 0; i < 10; i += 1) expect((await client.rest('GET', '/v2/me', { key })).status).toBe(200);
      const refused = await client.rest('POST', '/v2/teams', { key, body: { name: 'Never made', slug: `never-${Date.now()}` } });
      expectTooManyRequests(refused);
      expect(rateHeaders(refused)).toMatchObject({ limit: 10, remaining: 0 });
      expect(Number(refused.headers['retry-after'])).toBe(rateHeaders(refused).reset);
      expect(refused.json().error.message).toMatch(/at most 10 per 60 seconds for this credential/);
      const teams = await stack.db('organizations').query(`SELECT 1 FROM teams WHERE name = 'Never made'`);
      expect(teams).toHaveLength(0);
    });

    it('a burst of 25 parallel requests of a key limited to 10: exactly 10 are served, each told its own remaining count', async () => {
      const { key } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      const answers = await Promise.all(Array.from({ length: 25 }, () => client.rest('GET', '/v2/me', { key })));
      const served = answers.filter((a) => a.status === 200);
      expect(served).toHaveLength(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
      expect(served.map((a) => rateHeaders(a).remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });

    it('two keys have separate budgets, also from one IP', async () => {
      const [a, b] = [await userWithKey(stack), await userWithKey(stack)];
      const client = clientOnOwnAddress(stack);
      for (let i = 0; i < 10; i += 1) await client.rest('GET', '/v2/me', { key: a.key });
      expect((await client.rest('GET', '/v2/me', { key: a.key })).status).toBe(429);
      const other = await client.rest('GET', '/v2/me', { key: b.key });
      expect(other.status).toBe(200);
      expect(rateHeaders(other)).toMatchObject({ remaining: 9 });
    });

    it('/graphql over the limit: 429 with a GraphQL error TOO_MANY_REQUESTS', async () => {
      const { key } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      const query = () =>
        client.send('POST', '/graphql', {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
      for (let i = 0; i < 10; i += 1) expect((await query()).status).toBe(200);
      const refused = await query();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json()).toEqual({ errors: [{ message: expect.stringMatching(/Too many requests/), extensions: { code: 'TOO_MANY_REQUESTS' } }] });
    });
  });

  describe('anonymous calls are counted per client IP', () => {
    it('one IP runs out; another IP still has its budget', async () => {
      const first = clientOnOwnAddress(stack);
      for (let i = 0; i < 10; i += 1) expect((await first.rest('GET', '/v2/no-such-thing')).status).toBe(404);
      const refused = await first.rest('GET', '/v2/no-such-thing');
      expectTooManyRequests(refused);
      expect(refused.json().error.message).toMatch(/without a credential from this IP address/);
      expect((await clientOnOwnAddress(stack).rest('GET', '/v2/no-such-thing')).status).toBe(404);
    });

    it('an IPv4 address is its own key (also IPv4-mapped); an IPv6 address counts for its whole /64', () => {
      expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
      expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
      expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
      expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
      expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
      expect(addressKey('::1')).toBe('0:0:0:0::/64');
    });
  });

  describe('public booking creation (POST /v2/bookings without a credential) has a lower per-IP limit', () => {
    it('the 4th public booking attempt of an IP limited to 3 is 429; other calls of that IP go on', async () => {
      const client = clientOnOwnAddress(stack);
      const attempt = () => client.rest('POST', '/v2/bookings', { headers: { 'svc-api-version': '2024-08-13' }, body: { eventTypeId: 999999 } });
      for (let i = 0; i < 3; i += 1) {
        const answer = await attempt();
        expect(answer.status).not.toBe(429);
        expect(rateHeaders(answer)).toMatchObject({ limit: 3, remaining: 2 - i });
      }
      const refused = await attempt();
      expectTooManyRequests(refused);
      expect(refused.json().error.message).toMatch(/at most 3 per 60 seconds of public bookings/);
      expect((await client.rest('GET', '/v2/no-such-thing')).status).toBe(404);
      const { key } = await userWithKey(stack);
      expect((await client.rest('POST', '/v2/bookings', { key, headers: { 'svc-api-version': '2024-08-13' }, body: { eventTypeId: 999999 } })).status).not.toBe(
        429,
      );
    });
  });

  describe('several gateways over one database share the counts', () => {
    it('requests through a second gateway spend the same budget', async () => {
      const second = await startGateway({
        supergraphSdl: readCheckedInSupergraph(),
        subgraphUrls: Object.fromEntries(Object.values(stack.subgraphs).map((s) => [s.name, s.url])),
        port: 0,
        databaseUrl: stack.databaseUrl,
        rateLimits: LIMITS,
      });
      try {
        const { key } = await userWithKey(stack);
        const client = clientOnOwnAddress(stack);
        for (let i = 0; i < 6; i += 1) expect((await client.rest('GET', '/v2/me', { key })).status).toBe(200);
        const viaSecond = await client.rest('GET', '/v2/me', { key, base: second.url });
        expect(viaSecond.status).toBe(200);
        expect(rateHeaders(viaSecond)).toMatchObject({ limit: 10, remaining: 3 });
        for (let i = 0; i < 3; i += 1) expect((await client.rest('GET', '/v2/me', { key, base: second.url })).status).toBe(200);
        expectTooManyRequests(await client.rest('GET', '/v2/me', { key }));
      } finally {
        await second.stop();
      }
    });
  });

  describe('credentials that do not resolve: charged to the address, locked out per address, never a budget of their own', () => {
    const inventedKey = () => `svc_${randomBytes(32).toString('hex')}`;
    const credentialRows = async () =>
      Number((await stack.db('organizations').query(`SELECT count(*) AS n FROM gateway.rate_limits WHERE key LIKE 'requests-per-credential:%'`))[0].n);

    it('30 fresh invented bearer tokens from one address: 5 answered 401, then 429 with Retry-After; no rate-limit row per token', async () => {
      const client = clientOnOwnAddress(stack);
      const rowsBefore = await credentialRows();
      const keys = Array.from({ length: 30 }, inventedKey);
      const answers = [];
      for (const key of keys) answers.push(await client.rest('GET', '/v2/me', { key }));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      for (const refused of answers.slice(5)) expectTooManyRequests(refused);
      expect(answers[5].json().error.message).toMatch(/Too many invalid credentials from this IP address/);
      expect(await credentialRows()).toBe(rowsBefore);
      const hashes = keys.map((key) => `%${sha256Hex(key)}%`);
      expect(await stack.db('organizations').query(`SELECT key FROM gateway.rate_limits WHERE key LIKE ANY($1)`, [hashes])).toEqual([]);
      // Another address is not locked.
      expect((await clientOnOwnAddress(stack).rest('GET', '/v2/me', { key: inventedKey() })).status).toBe(401);
    });

    it('a burst of 9 parallel invented tokens from one address (within its request budget of 10): 5 are looked up (401), 4 are 429', async () => {
      const client = clientOnOwnAddress(stack);
      const statuses = await Promise.all(Array.from({ length: 9 }, () => client.rest('GET', '/v2/me', { key: inventedKey() }).then((a) => a.status)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    });

    it('on /graphql too: 429 TOO_MANY_REQUESTS once the address has 5 failed credentials', async () => {
      const client = clientOnOwnAddress(stack);
      const query = (key: string) =>
        client.send('POST', '/graphql', {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ query: '{ me { id } }' }),
        });
      for (let i = 0; i < 5; i += 1) expect((await query(inventedKey())).status).toBe(401);
      const refused = await query(inventedKey());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json().errors[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS' });
    });

    it('a valid key sent in a burst from a fresh address is looked up once: no lockout for legitimate use', async () => {
      const { key } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      const statuses = await Promise.all(Array.from({ length: 10 }, () => client.rest('GET', '/v2/me', { key }).then((a) => a.status)));
      expect(statuses).toEqual(Array(10).fill(200));
    });

    it('defaults: 20 failed credentials per address within 10 minutes', () => {
      const defaults = rateLimitSettings({}, {});
      expect(defaults.credentialFailuresPerIp).toBe(20);
      expect(defaults.credentialFailureWindowSeconds).toBe(600);
    });
  });

  describe('sign-in: failures per account, with a lockout during which the password is not checked', () => {
    it('after 3 wrong passwords the next attempt, even with the right password, is 429 with Retry-After; other accounts are not affected', async () => {
      const [victim, other] = [await userWithKey(stack), await userWithKey(stack)];
      const client = clientOnOwnAddress(stack);
      for (let i = 0; i < 3; i += 1) expect((await client.signIn(victim.user.email, 'wrong password')).status).toBe(401);
      const locked = await client.signIn(victim.user.email.toUpperCase(), PASSWORD);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(25);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect(locked.headers['content-type']).toMatch(/text\/html/);
      expect(locked.text).toMatch(/Too many failed sign-in attempts. Try again in (29|30) seconds \(after \d\d:\d\d UTC\)/);
      expect(String(locked.headers['set-cookie'] ?? '')).not.toMatch(/svc_session=/);

      expect((await client.signIn(other.user.email, PASSWORD)).status).toBe(303);
      expect((await clientOnOwnAddress(stack).signIn(victim.user.email, PASSWORD)).status).toBe(429);
    });

    it('a burst of parallel guesses cannot slip past the limit: every attempt is counted before the password is checked', async () => {
      const { user } = await userWithKey(stack);
      const clients = Array.from({ length: 8 }, () => clientOnOwnAddress(stack));
      const statuses = await Promise.all(clients.map((c) => c.signIn(user.email, 'wrong password').then((a) => a.status)));
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    });

    it('a success forgets the account’s failures', async () => {
      const { user } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      for (let i = 0; i < 2; i += 1) expect((await client.signIn(user.email, 'wrong password')).status).toBe(401);
      expect((await client.signIn(user.email, PASSWORD)).status).toBe(303);
      for (let i = 0; i < 2; i += 1) expect((await client.signIn(user.email, 'wrong password')).status).toBe(401);
      expect((await client.signIn(user.email, PASSWORD)).status).toBe(303);
    });
  });

  describe('sign-in: failures per IP across accounts', () => {
    it('after 6 failures from one IP on different accounts, that IP is refused for any account; a sent X-Forwarded-For does not change the key', async () => {
      const { user } = await userWithKey(stack);
      const client = clientOnOwnAddress(stack);
      for (let i = 0; i < 6; i += 1) expect((await client.signIn(`nobody-${i}-${Date.now()}@example.com`, 'guess')).status).toBe(401);
      expect((await client.signIn(user.email, PASSWORD)).status).toBe(429);
      expect((await client.signIn(user.email, PASSWORD, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
      expect((await clientOnOwnAddress(stack).signIn(user.email, PASSWORD)).status).toBe(303);
    });
  });

  describe("sign-in on the oauth service's own port: X-Forwarded-For of an unsigned request is not the client address", () => {
    it("6 failures, each with another X-Forwarded-For, lock the socket's address out", async () => {
      const { user } = await userWithKey(stack);
      const direct = clientOnOwnAddress({ url: stack.subgraphs.oauth.origin });
      for (let i = 0; i < 6; i += 1) {
        expect((await direct.signIn(`nobody-${i}-${Date.now()}@example.com`, 'guess', { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(401);
      }
      expect((await direct.signIn(user.email, PASSWORD, { 'x-forwarded-for': '198.51.100.9' })).status).toBe(429);
    });
  });

  describe('token endpoint: wrong client secrets per client_id, answered 429 slow_down with Retry-After while locked', () => {
    it('after 3 wrong secrets the right secret is refused too; another client is not affected', async () => {
      const { user } = await userWithKey(stack);
      const [{ client: locked, secret }, { client: other, secret: otherSecret }] = [await oauthClient(stack, user.id), await oauthClient(stack, user.id)];
      const client = clientOnOwnAddress(stack);
      const exchange = (clientId: string, clientSecret: string) =>
        client.token({
          grant_type: 'authorization_code',
          client_id: clientId,
          client_secret: clientSecret,
          code: 'no-such-code',
          redirect_uri: 'http://127.0.0.1:9/callback',
        });
      expect((await exchange(locked.id, secret!)).json().error).toBe('invalid_grant'); // the right secret, a bad code: 400 before the lockout
      for (let i = 0; i < 3; i += 1) {
        const wrong = await exchange(locked.id, 'svc_cs_wrong');
        expect({ status: wrong.status, error: wrong.json().error }).toEqual({ status: 401, error: 'invalid_client' });
      }
      const refused = await exchange(locked.id, secret!);
      expect(refused.status).toBe(429);
      expect(refused.json()).toEqual({ error: 'slow_down', error_description: expect.stringMatching(/Too many wrong client credentials/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect((await exchange(other.id, otherSecret!)).json().error).toBe('invalid_grant');
    });

    it('after 6 failures from one IP on different client ids, that IP is refused for any client', async () => {
      const { user } = await userWithKey(stack);
      const { client: good, secret } = await oauthClient(stack, user.id);
      const client = clientOnOwnAddress(stack);
      const exchange = (clientId: string, clientSecret: string) =>
        client.token({
          grant_type: 'authorization_code',
          client_id: clientId,
          client_secret: clientSecret,
          code: 'no-such-code',
          redirect_uri: 'http://127.0.0.1:9/callback',
        });
      for (let i = 0; i < 6; i += 1) expect((await exchange(`no-such-client-${i}`, 'guess')).status).toBe(401);
      expect((await exchange(good.id, secret!)).status).toBe(429);
    });
  });

  describe('platform headers: wrong x-svc-secret-key per client id, the same count as the token endpoint', () => {
    it('after 3 wrong secret keys the right one is refused with 429 (REST envelope, GraphQL error); other clients go on', async () => {
      const { user } = await userWithKey(stack);
      const [{ client: locked, secret }, { client: other, secret: otherSecret }] = [await oauthClient(stack, user.id), await oauthClient(stack, user.id)];
      const client = clientOnOwnAddress(stack);
      const platform = (clientId: string, secretKey: string) => ({ 'x-svc-client-id': clientId, 'x-svc-secret-key': secretKey });
      expect((await client.rest('GET', '/v2/me', { headers: platform(locked.id, secret!) })).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await client.rest('GET', '/v2/me', { headers: platform(locked.id, `wrong-${i}`) })).status).toBe(401);
      const refused = await client.rest('GET', '/v2/me', { headers: platform(locked.id, secret!) });
      expectTooManyRequests(refused);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25);
      expect(refused.json().error.message).toMatch(/Too many wrong x-svc-secret-key values/);

      const graphql = await client.send('POST', '/graphql', {
        headers: { 'content-type': 'application/json', ...platform(locked.id, secret!) },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      expect(graphql.status).toBe(429);
      expect(Number(graphql.headers['retry-after'])).toBeGreaterThan(25);
      expect(graphql.json().errors[0].extensions).toEqual({ code: 'TOO_MANY_REQUESTS' });

      expect((await client.rest('GET', '/v2/me', { headers: platform(other.id, otherSecret!) })).status).toBe(200);
    });

    it('80 parallel wrong secret keys for one client id: at most 3 are verified (401), the others 429; then the right key is locked out too', async () => {
      const { user } = await userWithKey(stack);
      const { client: target, secret } = await oauthClient(stack, user.id);
      const client = clientOnOwnAddress(stack);
      const statuses = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          client.rest('GET', '/v2/me', { headers: { 'x-svc-client-id': target.id, 'x-svc-secret-key': `wrong-${i}` } }).then((a) => a.status),
        ),
      );
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(77);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const right = await clientOnOwnAddress(stack).rest('GET', '/v2/me', { headers: { 'x-svc-client-id': target.id, 'x-svc-secret-key': secret! } });
      expectTooManyRequests(right);
    });
  });

  describe('lockouts grow: each one within the memory lasts twice as long as the previous one, up to the maximum', () => {
    it('lockoutSeconds doubles from the first and stops at the maximum', () => {
      const policy = { failureWindowSeconds: 3600, firstLockoutSeconds: 60, maxLockoutSeconds: 3600, lockoutMemorySeconds: 86_400 };
      expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => lockoutSeconds(n, policy))).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    });

    it('in PostgreSQL: a second lockout of a key is twice the first; a reset forgets both', async () => {
      const limiters = postgresLimiters(stack.db('oauth'), 'typeorm', 'oauth');
      const lockout = new FailureLockout(limiters, `growth-${Date.now()}`, 2, {
        failureWindowSeconds: 60,
        firstLockoutSeconds: 1,
        maxLockoutSeconds: 60,
        lockoutMemorySeconds: 60,
      });
      expect([await lockout.attempt('k'), await lockout.attempt('k'), await lockout.attempt('k')]).toEqual([0, 0, 1000]);
      expect((await lockout.state('k')).lockedMs).toBeGreaterThan(0);
      expect(await eventually(async () => (await lockout.state('k')).lockedMs === 0)).toBe(true);
      expect([await lockout.attempt('k'), await lockout.attempt('k'), await lockout.attempt('k')]).toEqual([0, 0, 2000]);
      await lockout.reset('k');
      expect(await lockout.state('k')).toEqual({ failures: 0, lockedMs: 0 });
      expect([await lockout.attempt('k'), await lockout.attempt('k'), await lockout.attempt('k')]).toEqual([0, 0, 1000]);
    });

    it('counting attempts before the check: the attempt after the allowed ones locks; refunded attempts are no failures', async () => {
      const limiters = postgresLimiters(stack.db('oauth'), 'typeorm', 'oauth');
      const lockout = new FailureLockout(limiters, `attempts-${Date.now()}`, 2, {
        failureWindowSeconds: 60,
        firstLockoutSeconds: 5,
        maxLockoutSeconds: 60,
        lockoutMemorySeconds: 60,
      });
      expect(await lockout.attempt('k')).toBe(0);
      await lockout.refund('k');
      expect(await lockout.attempt('k')).toBe(0);
      expect(await lockout.attempt('k')).toBe(0);
      expect(await lockout.attempt('k')).toBe(5000);
      expect((await lockout.state('k')).lockedMs).toBeGreaterThan(4000);
      expect(await lockout.attempt('k')).toBeGreaterThan(4000);
    });
  });
});
