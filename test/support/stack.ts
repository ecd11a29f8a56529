import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { RunningStack, StackOptions, startStack } from '../../stack/start-stack';
import { RATE_LIMIT_ENVIRONMENT, RateLimitSettings } from '../../platform/rate-limit-settings';
import { loopbackAgent, loopbackRequest } from './loopback-request';
import { SmtpReceiver, startSmtpReceiver } from './smtp';
import { startTcpProxy, TcpProxy } from './tcp-proxy';

export interface TestStack extends RunningStack {
  rest(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  graphql(query: string, variables?: Record<string, unknown>, key?: string): Promise<{ status: number; body: any; headers: Headers }>;
  /** This test file's database (a second gateway over the same database shares the rate limit counts). */
  databaseUrl: string;
  /** The local SMTP server the stack's e-mails go to (with `{ smtp: true }`). */
  mail: SmtpReceiver;
  /** The relay between the stack and its database (with `{ databaseProxy: true }`): cut it to take the database away. */
  databaseProxy: TcpProxy;
}

export interface TestStackOptions extends Pick<StackOptions, 'gateway' | 'webhookWorker'> {
  /** Start a local SMTP receiver and point SMTP_URL at it, so e-mails are really sent and can be read. */
  smtp?: boolean;
  /** Reach the database through a TCP relay the test can cut, as if PostgreSQL went down (other test files share the server). */
  databaseProxy?: boolean;
  /** Rate limits for this stack; unset ones are TEST_RATE_LIMITS (high enough for any test that is not about them). */
  rateLimits?: Partial<RateLimitSettings>;
}

/**
 * Starts the stack (as startTestStack) while `beside` runs on its database, as a second terminal does meanwhile
 * (`npm run seed` on the database `npm start` is starting on); resolves with both once both are done.
 */
export async function startTestStackBeside<T>(beside: (databaseUrl: string) => Promise<T>, options: TestStackOptions = {}): Promise<[TestStack, T]> {
  const database = await newTestDatabase();
  const [stack, result] = await Promise.allSettled([startTestStack(options, database), beside(database.url)]);
  if (result.status === 'rejected') {
    if (stack.status === 'fulfilled') await stack.value.stop();
    throw result.reason;
  }
  if (stack.status === 'rejected') throw stack.reason;
  return [stack.value, result.value];
}

/** A database of a test file's own on the run's server: a copy of the migrated template. */
interface TestDatabase {
  serverUrl: string;
  name: string;
  url: string;
}

async function newTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: run the tests with `npm test`');
  const name = `test_${randomBytes(6).toString('hex')}`;
  return { serverUrl, name, url: await ensureDatabase(serverUrl, name, process.env.TEST_TEMPLATE_DATABASE) };
}

/**
 * The test stack's default limits: the suites make thousands of requests with one key from one IP
 * and fail passwords and secrets on purpose, so nothing is throttled unless a test asks for it.
 */
export const TEST_RATE_LIMITS: Partial<RateLimitSettings> = {
  requestsPerCredential: 1_000_000,
  requestsPerIp: 1_000_000,
  publicBookingsPerIp: 1_000_000,
  signInFailuresPerAccount: 1_000_000,
  signInFailuresPerIp: 1_000_000,
  clientSecretFailuresPerClient: 1_000_000,
  clientSecretFailuresPerIp: 1_000_000,
  credentialFailuresPerIp: 1_000_000,
};

/** TEST_RATE_LIMITS as the environment variables of a service process started by a test (README lists them). */
export function testRateLimitEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(TEST_RATE_LIMITS).map(([name, value]) => [RATE_LIMIT_ENVIRONMENT[name as keyof typeof RATE_LIMIT_ENVIRONMENT].variable, String(value)]),
  );
}

/** The whole system (four subgraphs over real HTTP, the gateway) on a database of this test file's own. */
export async function startTestStack(options: TestStackOptions = {}, database?: TestDatabase): Promise<TestStack> {
  const { serverUrl, name, url: databaseUrl } = database ?? (await newTestDatabase());
  process.env.DB_POOL_SIZE ??= '4';
  const mail = options.smtp ? await startSmtpReceiver() : undefined;
  if (mail) process.env.SMTP_URL = mail.url;
  const proxy = options.databaseProxy ? await startTcpProxy(Number(new URL(databaseUrl).port)) : undefined;
  const stackDatabaseUrl = proxy ? Object.assign(new URL(databaseUrl), { port: String(proxy.port) }).toString() : databaseUrl;
  const stack = await startStack({
    databaseUrl: stackDatabaseUrl,
    port: 0,
    subgraphPort: () => 0,
    internalPort: 0,
    gateway: options.gateway,
    webhookWorker: options.webhookWorker,
    rateLimits: { ...TEST_RATE_LIMITS, ...options.rateLimits },
  });

  const agent = loopbackAgent();
  const rest: TestStack['rest'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const { status, text, headers: answered } = await loopbackRequest(agent, `${stack.url}${path}`, { method, headers, body });
    return { status, body: text ? JSON.parse(text) : undefined, headers: answered };
  };
  const graphql: TestStack['graphql'] = async (query, variables = {}, key) => {
    const { status, text, headers } = await loopbackRequest(agent, `${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status, body: JSON.parse(text), headers };
  };

  return {
    ...stack,
    databaseUrl,
    rest,
    graphql,
    get mail(): SmtpReceiver {
      if (!mail) throw new Error('start the test stack with { smtp: true } to receive e-mails');
      return mail;
    },
    get databaseProxy(): TcpProxy {
      if (!proxy) throw new Error('start the test stack with { databaseProxy: true } to cut its database');
      return proxy;
    },
    async stop() {
      agent.destroy();
      await stack.stop();
      await mail?.stop();
      await proxy?.stop();
      await dropDatabase(serverUrl, name);
    },
  };
}
