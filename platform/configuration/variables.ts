import { byteSize, choice, decimal, flag, integer, list, namedUrls, text, url, VariableKind } from './variable-kinds';

/**
 * Every environment variable the stack reads, declared once: its type (with bounds), its default, whether
 * it is a secret, which processes read it and what it means. `npm start` and every service check the
 * environment against this table when they start (settings.ts), `npm run admin -- config` prints it, and
 * `npm run -s docs:config` writes the README's variable tables from it.
 */

/** The processes of the stack, as the table's "read by" column names them. */
export type StackProcess =
  'npm start' | 'gateway' | 'scheduling' | 'organizations' | 'integrations' | 'oauth' | 'webhook worker' | 'operator tools' | 'web example';

/** The README section whose table lists a variable (the marker `<!-- configuration: name -->` there). */
export type ReadmeSection =
  'running' | 'observability' | 'graphql' | 'web-example' | 'rate-limits' | 'outbound' | 'webhooks' | 'messages' | 'providers' | 'development';

export interface Variable<V> {
  readonly kind: VariableKind<NonNullable<V>>;
  /** The value when the variable is unset or empty (undefined: none, or computed at start as `defaultText` says). */
  readonly defaultValue: V;
  /** The default as the README and `admin config` describe it when it is computed ("random per start"). */
  readonly defaultText?: string;
  /** Never printed: `admin config` and start-up errors mask it. */
  readonly secret: boolean;
  readonly readBy: readonly StackProcess[];
  readonly section: ReadmeSection;
  /** One line: what it does. */
  readonly meaning: string;
}

interface Declaration<T> {
  kind: VariableKind<T>;
  default?: T;
  defaultText?: string;
  secret?: boolean;
  readBy: readonly StackProcess[];
  section: ReadmeSection;
  meaning: string;
}

function declare<T>(declaration: Declaration<T> & { default: T }): Variable<T>;
function declare<T>(declaration: Declaration<T>): Variable<T | undefined>;
function declare<T>(declaration: Declaration<T>): Variable<T | undefined> {
  const { kind, default: defaultValue, defaultText, secret = false, readBy, section, meaning } = declaration;
  return { kind: kind as VariableKind<NonNullable<T | undefined>>, defaultValue, defaultText, secret, readBy, section, meaning };
}

const SUBGRAPHS: readonly StackProcess[] = ['scheduling', 'organizations', 'integrations', 'oauth'];
const SERVICES: readonly StackProcess[] = [...SUBGRAPHS, 'gateway', 'webhook worker'];
const DATABASE_USERS: readonly StackProcess[] = [...SUBGRAPHS, 'webhook worker', 'operator tools'];
const port = () => integer({ min: 0, max: 65_535 });
const PORT_ZERO = '`0` picks a free port (chosen once, kept across restarts)';

export const VARIABLES = {
  // What runs where
  PORT: declare({
    kind: port(),
    defaultText: '3000 (a subgraph or webhook worker run on its own: its own port)',
    readBy: [...SERVICES, 'npm start'],
    section: 'running',
    meaning: `the gateway's public port; ${PORT_ZERO}`,
  }),
  SCHEDULING_PORT: declare({
    kind: port(),
    default: 4001,
    readBy: ['npm start'],
    section: 'running',
    meaning: `the scheduling subgraph's port under npm start; ${PORT_ZERO}`,
  }),
  ORGANIZATIONS_PORT: declare({
    kind: port(),
    default: 4002,
    readBy: ['npm start'],
    section: 'running',
    meaning: `the organizations subgraph's port under npm start; ${PORT_ZERO}`,
  }),
  INTEGRATIONS_PORT: declare({
    kind: port(),
    default: 4003,
    readBy: ['npm start'],
    section: 'running',
    meaning: `the integrations subgraph's port under npm start; ${PORT_ZERO}`,
  }),
  OAUTH_PORT: declare({
    kind: port(),
    default: 4004,
    readBy: ['npm start'],
    section: 'running',
    meaning: `the oauth subgraph's port under npm start; ${PORT_ZERO}`,
  }),
  WEBHOOK_WORKER_PORT: declare({
    kind: port(),
    default: 4010,
    readBy: ['npm start'],
    section: 'running',
    meaning: "the first webhook worker's health and `/metrics` port under npm start (the others: free ports)",
  }),
  HOST: declare({
    kind: text(),
    defaultText: '`127.0.0.1` under npm start, `0.0.0.0` for a service run on its own',
    readBy: [...SERVICES, 'npm start'],
    section: 'running',
    meaning: "the gateway's listen address (under npm start subgraphs always listen on loopback)",
  }),
  INTERNAL_PORT: declare({
    kind: port(),
    default: 4000,
    readBy: ['npm start', 'gateway'],
    section: 'running',
    meaning: "the gateway's internal listener for subgraph callbacks and its `/metrics`",
  }),
  INTERNAL_HOST: declare({ kind: text(), default: '127.0.0.1', readBy: ['gateway'], section: 'running', meaning: 'the address of that internal listener' }),
  HEAP_LIMIT_MB: declare({
    kind: integer({ min: 64, unit: 'MiB' }),
    default: 512,
    readBy: ['npm start'],
    section: 'running',
    meaning: 'V8 heap cap of every service process: one that exceeds it dies and is restarted',
  }),
  RESTART_DELAY_MS: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 500,
    readBy: ['npm start'],
    section: 'running',
    meaning: 'restart backoff: the first delay, doubling per crash in a row',
  }),
  RESTART_MAX_DELAY_MS: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 15_000,
    readBy: ['npm start'],
    section: 'running',
    meaning: 'restart backoff: the longest delay',
  }),
  INTERNAL_SECRET: declare({
    kind: text(),
    defaultText: 'random per start',
    secret: true,
    readBy: [...SERVICES, 'npm start'],
    section: 'running',
    meaning: 'the key the gateway signs principals with; given to every service (the same in every process)',
  }),
  SYSTEM_CALL_SECRET: declare({
    kind: text(),
    defaultText: 'random per start',
    secret: true,
    readBy: [...SERVICES, 'npm start'],
    section: 'running',
    meaning: 'the key of subgraph → gateway callbacks (see "Limits and security")',
  }),
  SUBGRAPH_TIMEOUT_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 30_000,
    readBy: ['gateway'],
    section: 'running',
    meaning: 'a subgraph that has not answered by then is reported unavailable (503)',
  }),
  SUBGRAPH_MAX_SOCKETS: declare({
    kind: integer({ min: 1 }),
    default: 256,
    readBy: ['gateway'],
    section: 'running',
    meaning: 'keep-alive connections of the gateway to each subgraph, at most',
  }),
  SCHEDULING_URL: declare({
    kind: url(),
    defaultText: '`http://scheduling:4001/graphql`',
    readBy: ['gateway'],
    section: 'running',
    meaning: 'where the gateway run on its own reaches the scheduling subgraph',
  }),
  ORGANIZATIONS_URL: declare({
    kind: url(),
    defaultText: '`http://organizations:4002/graphql`',
    readBy: ['gateway'],
    section: 'running',
    meaning: 'where the gateway run on its own reaches the organizations subgraph',
  }),
  INTEGRATIONS_URL: declare({
    kind: url(),
    defaultText: '`http://integrations:4003/graphql`',
    readBy: ['gateway'],
    section: 'running',
    meaning: 'where the gateway run on its own reaches the integrations subgraph',
  }),
  OAUTH_URL: declare({
    kind: url(),
    defaultText: '`http://oauth:4004/graphql`',
    readBy: ['gateway'],
    section: 'running',
    meaning: 'where the gateway run on its own reaches the oauth subgraph',
  }),
  GATEWAY_INTERNAL_URL: declare({
    kind: url(),
    default: 'http://127.0.0.1:4000',
    readBy: [...SUBGRAPHS, 'webhook worker'],
    section: 'running',
    meaning: "where subgraphs and workers call the supergraph: the gateway's internal listener (npm start sets it)",
  }),
  WORKER_HEALTH_URLS: declare({
    kind: namedUrls(),
    defaultText: 'none (npm start sets it)',
    readBy: ['gateway'],
    section: 'running',
    meaning: "the webhook workers' `/health` addresses the gateway's `/health` reports (`webhook-worker=http://…/health,…`)",
  }),
  IDEMPOTENCY_LEASE_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 60_000,
    readBy: ['gateway'],
    section: 'running',
    meaning: 'how long a write sent with an `Idempotency-Key` holds its key unanswered; past it (its gateway died), a retry runs',
  }),
  CREDENTIAL_CACHE_TTL_MS: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 30_000,
    readBy: ['gateway'],
    section: 'running',
    meaning: 'how long the gateway keeps a resolved credential (principal changes seen elsewhere end it at once)',
  }),
  TEAM_DELETION_POLL_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 30_000,
    readBy: ['organizations'],
    section: 'running',
    meaning: 'how often the organizations service retries the scheduling clean-up of deleted teams (`team_deletions` outbox)',
  }),
  TEAM_ROSTER_POLL_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 30_000,
    readBy: ['organizations'],
    section: 'running',
    meaning: "how often the organizations service retries telling scheduling a team's members (`team_roster_changes` outbox)",
  }),
  SIGN_UP_EMAIL_POLL_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 30_000,
    readBy: ['organizations'],
    section: 'running',
    meaning:
      'how often the organizations service retries the sign-up e-mails of accounts organizations made that could not be sent (`sign_up_invitations` outbox)',
  }),
  DATABASE_URL: declare({
    kind: url(['postgres', 'postgresql']),
    defaultText: 'the embedded server',
    secret: true,
    readBy: [...SERVICES, 'npm start', 'operator tools'],
    section: 'running',
    meaning: 'an external PostgreSQL: nothing embedded starts (a service run on its own requires it)',
  }),
  DB_POOL_SIZE: declare({
    kind: integer({ min: 1, max: 1000 }),
    default: 10,
    readBy: DATABASE_USERS,
    section: 'running',
    meaning: "connections of each subgraph's (and worker's) pool",
  }),
  DATA_DIR: declare({
    kind: text(),
    defaultText: '`.data`',
    readBy: ['npm start', 'operator tools'],
    section: 'running',
    meaning: "the embedded server's folder",
  }),
  EMBEDDED_PG_PORT: declare({
    kind: integer({ min: 1, max: 65_535 }),
    default: 54_329,
    readBy: ['npm start', 'operator tools'],
    section: 'running',
    meaning: "the embedded server's port",
  }),
  LOG_LEVEL: declare({
    kind: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    default: 'info',
    readBy: SERVICES,
    section: 'running',
    meaning: 'level of the JSON request logs of every service (`debug` adds the `/health`, `/health/live` and `/health/ready` answers; `silent` none)',
  }),
  PUBLIC_URL: declare({
    kind: url(),
    defaultText: "the gateway's address",
    readBy: [...SERVICES, 'npm start'],
    section: 'running',
    meaning: 'the address users and apps reach: OAuth issuer and endpoints, provider redirect URIs, the default of `BOOKING_BASE_URL`',
  }),
  CORS_ORIGINS: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['gateway'],
    section: 'running',
    meaning: 'web origins whose pages may call `/graphql` and `/v2`: exact origins, comma-separated, or `*` alone (see "Front-end teams: CORS")',
  }),
  GRAPHQL_TRUSTED_DOCUMENTS: declare({
    kind: choice(['allow', 'only'] as const),
    default: 'allow',
    readBy: ['gateway'],
    section: 'running',
    meaning:
      "`allow`: `/graphql` takes a trusted document's `documentId` or any text; `only`: any text that is not a document of a manifest " +
      'is refused (400 `QUERY_NOT_IN_SAFELIST`); see "For front-end teams"',
  }),
  TRUSTED_DOCUMENTS_DIR: declare({
    kind: text(),
    defaultText: '`.data/trusted-documents`',
    readBy: ['gateway', 'web example'],
    section: 'running',
    meaning: "the folder of the trusted documents' manifests (`*.json`, at most 100 files of 1 MB), watched: a manifest copied in is served at once",
  }),
  TRUST_PROXY: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['gateway'],
    section: 'running',
    meaning: "express's `trust proxy`: a hop count, `loopback`, or addresses/subnets whose `X-Forwarded-*` and `x-request-id` are believed",
  }),
  BOOKING_BASE_URL: declare({
    kind: url(),
    defaultText: '`PUBLIC_URL`, else `http://localhost:<PORT>`',
    readBy: [...SUBGRAPHS, 'npm start'],
    section: 'running',
    meaning: 'where booking pages are: private links answer `{BOOKING_BASE_URL}/d/{linkId}/{slug}`',
  }),
  WEBHOOK_SECRET_KEY: declare({
    kind: text(),
    defaultText: 'a fixed development key',
    secret: true,
    readBy: ['integrations', 'webhook worker'],
    section: 'running',
    meaning: 'AES-256-GCM key of stored webhook secrets: set a long random one in production and keep it',
  }),
  INTEGRATIONS_SECRET_KEY: declare({
    kind: text(),
    defaultText: 'a fixed development key',
    secret: true,
    readBy: ['integrations', 'webhook worker'],
    section: 'running',
    meaning: 'AES-256-GCM key of stored provider tokens and CalDAV passwords: set a long random one in production and keep it',
  }),
  DELEGATION_CREDENTIAL_KEY: declare({
    kind: text(),
    defaultText: 'a fixed development key',
    secret: true,
    readBy: ['organizations', 'operator tools'],
    section: 'running',
    meaning: "AES-256-GCM key of delegation credentials' service account keys",
  }),
  DELEGATION_CREDENTIAL_OLD_KEYS: declare({
    kind: list(text()),
    default: [],
    secret: true,
    readBy: ['organizations', 'operator tools'],
    section: 'running',
    meaning: 'earlier `DELEGATION_CREDENTIAL_KEY`s, comma-separated, still opened until `admin reencrypt-delegation-credentials` ran',
  }),
  APOLLO_TELEMETRY_DISABLED: declare({
    kind: flag(),
    default: true,
    readBy: ['gateway'],
    section: 'running',
    meaning: '`false` lets @apollo/gateway send its hourly usage report to Apollo',
  }),

  // Metrics and traces
  OTEL_EXPORTER_OTLP_ENDPOINT: declare({
    kind: url(),
    defaultText: 'unset: no traces, nothing of the SDK loaded',
    readBy: [...SERVICES, 'npm start'],
    section: 'observability',
    meaning:
      'an OTLP/HTTP collector (`http://otel-collector:4318`): every service sends its spans to `<endpoint>/v1/traces`; `npm start` then runs ' +
      'the compiled files with `--require dist/stack/trace-export.js` (containers: `NODE_OPTIONS=--require /app/dist/stack/trace-export.js`)',
  }),
  OTEL_BSP_SCHEDULE_DELAY: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 5000,
    readBy: SERVICES,
    section: 'observability',
    meaning: 'between two batches of spans sent (read by the OpenTelemetry SDK, as are its other `OTEL_*` variables: sampler, exporter headers)',
  }),
  OTEL_SERVICE_NAME: declare({
    kind: text(),
    defaultText: "under `npm start`: the service's name",
    readBy: SERVICES,
    section: 'observability',
    meaning: "the service's name in traces (`gateway`, `scheduling`, …, `webhook-worker`); set it per container",
  }),
  SUPERVISOR_RESTARTS: declare({
    kind: integer({ min: 0 }),
    default: 0,
    readBy: SERVICES,
    section: 'observability',
    meaning: 'set by `npm start`: how many times it restarted this service before (`svc_process_restarts_total`); not for users to set',
  }),

  // GraphQL operations
  GRAPHQL_MAX_TOKENS: declare({
    kind: integer({ min: 1 }),
    default: 2000,
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'lexical tokens of the document (parsing stops there)',
  }),
  GRAPHQL_MAX_DEPTH: declare({
    kind: integer({ min: 1 }),
    default: 12,
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'nesting of selections, fragments expanded (graphql-armor)',
  }),
  GRAPHQL_MAX_ALIASES: declare({
    kind: integer({ min: 1 }),
    default: 30,
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'aliased fields, fragments expanded (graphql-armor)',
  }),
  GRAPHQL_MAX_DIRECTIVES: declare({
    kind: integer({ min: 1 }),
    default: 30,
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'directives in the operation (graphql-armor)',
  }),
  GRAPHQL_MAX_ROOT_FIELDS: declare({
    kind: integer({ min: 1 }),
    default: 20,
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'fields at the root of the operation',
  }),
  GRAPHQL_MAX_COST: declare({
    kind: integer({ min: 1 }),
    default: 25_000,
    readBy: ['gateway'],
    section: 'graphql',
    meaning:
      'estimated cost: each object 1, a list multiplies its items by its `take` (default 100) or its declared size ' +
      '(`gateway/operation-limits/cost.ts`), `availableSlots` 50 per day of its range. The costliest REST route, a year of slots, is 18,300',
  }),
  GRAPHQL_BODY_LIMIT: declare({
    kind: byteSize(),
    default: '256kb',
    readBy: ['gateway'],
    section: 'graphql',
    meaning: 'the JSON body of `/graphql` (413 `PAYLOAD_TOO_LARGE` beyond)',
  }),
  GRAPHQL_INTROSPECTION: declare({ kind: flag(), default: true, readBy: ['gateway'], section: 'graphql', meaning: '`false` turns introspection off' }),
  DEBUG_ERRORS: declare({
    kind: flag(),
    default: false,
    readBy: SERVICES,
    section: 'graphql',
    meaning: 'shows stack traces, service names and internal messages in answers (gateway and subgraphs); never inferred from `NODE_ENV`',
  }),

  // Rate limits
  RATE_LIMIT_PER_CREDENTIAL: declare({
    kind: integer({ min: 1 }),
    default: 120,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'requests to `/v2` and `/graphql` per window per credential (API key, access token, platform client)',
  }),
  RATE_LIMIT_PER_IP: declare({
    kind: integer({ min: 1 }),
    default: 120,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'requests per window per client IP without a credential, or with one that does not resolve (IPv6 by /64)',
  }),
  RATE_LIMIT_PUBLIC_BOOKINGS_PER_IP: declare({
    kind: integer({ min: 1 }),
    default: 10,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'public booking creations (`POST /v2/bookings`, `…/email-verification-code` without a credential) per window per client IP, on top',
  }),
  RATE_LIMIT_WINDOW_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 60,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'the window of the three budgets above',
  }),
  SIGN_IN_FAILURES_PER_ACCOUNT: declare({
    kind: integer({ min: 1 }),
    default: 5,
    readBy: ['oauth'],
    section: 'rate-limits',
    meaning: 'wrong passwords on `/auth/login` per account (e-mail, trimmed and lower-cased) before it is locked',
  }),
  SIGN_IN_FAILURES_PER_IP: declare({
    kind: integer({ min: 1 }),
    default: 20,
    readBy: ['oauth'],
    section: 'rate-limits',
    meaning: 'failed sign-ins per client IP, whatever the accounts',
  }),
  CLIENT_SECRET_FAILURES_PER_CLIENT: declare({
    kind: integer({ min: 1 }),
    default: 5,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'wrong client secrets (token endpoint `client_secret`, platform `x-svc-secret-key`: one count) per client id',
  }),
  CLIENT_SECRET_FAILURES_PER_IP: declare({
    kind: integer({ min: 1 }),
    default: 20,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'wrong client secrets per client IP, whatever the client ids',
  }),
  CREDENTIAL_FAILURES_PER_IP: declare({
    kind: integer({ min: 1 }),
    default: 20,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'bearer credentials (API keys, access tokens) that do not resolve, per client IP',
  }),
  CREDENTIAL_FAILURE_WINDOW_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 600,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: 'how long such a credential counts',
  }),
  FAILURE_WINDOW_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 3600,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'how long a failure counts',
  }),
  LOCKOUT_FIRST_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 60,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'first lockout (each further one within the memory lasts twice as long)',
  }),
  LOCKOUT_MAX_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 3600,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'longest lockout',
  }),
  LOCKOUT_MEMORY_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 86_400,
    readBy: ['gateway', 'oauth'],
    section: 'rate-limits',
    meaning: 'how long earlier lockouts keep doubling the next',
  }),
  RATE_LIMIT_POOL_SIZE: declare({
    kind: integer({ min: 1, max: 1000 }),
    default: 4,
    readBy: ['gateway'],
    section: 'rate-limits',
    meaning: "connections of the gateway's limiter pool",
  }),

  // Outbound requests
  OUTBOUND_TIMEOUT_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 10_000,
    readBy: [...SUBGRAPHS, 'webhook worker'],
    section: 'outbound',
    meaning: 'deadline of an outbound request: connecting and reading the whole answer',
  }),
  OUTBOUND_MAX_RESPONSE_BYTES: declare({
    kind: integer({ min: 1, unit: 'bytes' }),
    default: 1_048_576,
    readBy: [...SUBGRAPHS, 'webhook worker'],
    section: 'outbound',
    meaning: 'larger answers are cut off (callers may pass their own)',
  }),
  ALLOW_PRIVATE_TARGETS: declare({
    kind: flag(),
    default: false,
    readBy: [...SUBGRAPHS, 'webhook worker'],
    section: 'outbound',
    meaning: 'lets outbound requests reach private and loopback addresses: tests and local development only, never production',
  }),

  // Webhook deliveries and the job queue
  WEBHOOK_MAX_ATTEMPTS: declare({ kind: integer({ min: 1 }), default: 8, readBy: ['webhook worker'], section: 'webhooks', meaning: 'attempts in all' }),
  WEBHOOK_RETRY_BASE_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 15,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'delay after the first failure; ×4 each time, half to all of it (jitter): 8 attempts over about a day',
  }),
  WEBHOOK_RETRY_MAX_DELAY_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 43_200,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'longest delay, `Retry-After` included',
  }),
  WEBHOOK_ATTEMPT_TIMEOUT_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 10_000,
    readBy: [...SUBGRAPHS, 'webhook worker', 'operator tools'],
    section: 'webhooks',
    meaning: "deadline of one delivery request (the queue's job expiry is at least this plus a second)",
  }),
  WEBHOOK_KEEP_ALIVE: declare({
    kind: flag(),
    default: true,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'keep the connection to a receiver for its next deliveries (every delivery still resolves and checks the address); off: one per delivery',
  }),
  WEBHOOK_JOB_EXPIRE_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 60,
    readBy: [...SUBGRAPHS, 'webhook worker', 'operator tools'],
    section: 'webhooks',
    meaning: 'queue setting, used only by the process that creates the queue (see `admin queue-settings`): a job active this long is taken for lost',
  }),
  WEBHOOK_MAINTENANCE_INTERVAL_SECONDS: declare({
    kind: integer({ min: 1, unit: 's' }),
    default: 60,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'how often a worker looks for such jobs',
  }),
  WEBHOOK_POLLING_INTERVAL_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 2,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'queue poll for jobs due later (at least 0.5); new booking events and deliveries wake the workers at once',
  }),
  WEBHOOK_DELIVERY_CONCURRENCY: declare({
    kind: integer({ min: 1 }),
    default: 64,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'delivery attempts in flight per worker',
  }),
  WEBHOOK_WORKER_CONCURRENCY: declare({
    kind: integer({ min: 1 }),
    default: 8,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: 'fan-outs of booking events (finding the subscribers) in flight per worker',
  }),
  WEBHOOK_COMPLETION_DELAY_MS: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 20,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: "how long a finished job's completion may wait to be written with others' (its work is committed before)",
  }),
  WEBHOOK_WORKER_POOL_SIZE: declare({
    kind: integer({ min: 1, max: 1000 }),
    default: 4,
    readBy: ['webhook worker'],
    section: 'webhooks',
    meaning: "connections of a worker's queue pool",
  }),
  WEBHOOK_WORKERS: declare({
    kind: integer({ min: 0, max: 64 }),
    default: 1,
    readBy: ['npm start'],
    section: 'webhooks',
    meaning: 'webhook worker processes under `npm start`',
  }),
  FORM_SUBMITTED_NO_EVENT_DELAY_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 900,
    readBy: ['integrations', 'webhook worker'],
    section: 'webhooks',
    meaning:
      'how long after a routing form submission `FORM_SUBMITTED_NO_EVENT` is decided (sent only if no booking was made from it), for webhooks and for the `formSubmittedNoEvent` workflows without an offset',
  }),
  BOOKING_HOOK_RETRY_DELAY_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 5,
    readBy: [...SUBGRAPHS, 'webhook worker', 'operator tools'],
    section: 'webhooks',
    meaning: 'queue setting, used only by the process that creates the queue: first retry of a booking-side hook (meeting URL, reminders…), doubling',
  }),
  BOOKING_HOOK_POLLING_INTERVAL_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 2,
    readBy: ['scheduling'],
    section: 'webhooks',
    meaning: "queue poll of the scheduling service's hook worker (at least 0.5; a booking made through the API wakes it at once)",
  }),
  BOOKING_HOOKS_WORKER: declare({
    kind: flag(),
    default: true,
    readBy: ['scheduling'],
    section: 'webhooks',
    meaning: 'off: this scheduling replica leaves the booking-hooks queue to the others (tests that count SQL statements)',
  }),
  WORKFLOW_REMINDER_POLLING_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 2,
    readBy: ['integrations'],
    section: 'webhooks',
    meaning: "queue poll of the integrations service's workflow reminder worker (at least 0.5)",
  }),
  WORKFLOW_REMINDER_RETRY_DELAY_SECONDS: declare({
    kind: decimal({ above: 0, unit: 's' }),
    default: 30,
    readBy: [...SUBGRAPHS, 'webhook worker', 'operator tools'],
    section: 'webhooks',
    meaning: 'queue setting, used only by the process that creates the queue: first retry of a reminder that could not be sent, doubling, 5 attempts in all',
  }),

  // E-mail, text messages, phone calls
  SMTP_URL: declare({
    kind: url(['smtp', 'smtps']),
    defaultText: 'none: mails are written to the log',
    secret: true,
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'the SMTP server of every e-mail (`smtp://user:pass@host:587`, `smtps://…`)',
  }),
  SMTP_HOST: declare({
    kind: text(),
    defaultText: 'none',
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'instead of `SMTP_URL`: the SMTP host',
  }),
  SMTP_PORT: declare({
    kind: integer({ min: 1, max: 65_535 }),
    default: 587,
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'with `SMTP_HOST`: its port',
  }),
  SMTP_SECURE: declare({
    kind: flag(),
    default: false,
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'with `SMTP_HOST`: TLS from the start',
  }),
  SMTP_USER: declare({
    kind: text(),
    defaultText: 'none',
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'with `SMTP_HOST`: the user',
  }),
  SMTP_PASSWORD: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'with `SMTP_USER`: the password',
  }),
  SMTP_FROM: declare({
    kind: text(),
    default: 'Scheduling Service <no-reply@svc.local>',
    readBy: [...SUBGRAPHS, 'operator tools'],
    section: 'messages',
    meaning: 'the sender of every e-mail',
  }),
  SIGN_UP_LINK_LIFETIME_HOURS: declare({
    kind: decimal({ above: 0, unit: 'h' }),
    default: 168,
    readBy: ['organizations'],
    section: 'messages',
    meaning:
      'how long the link of the sign-up e-mail to an account an organization made (POST /v2/organizations/{orgId}/users) lets its person choose a password (one use; from the sending)',
  }),
  SMS_PROVIDER_URL: declare({
    kind: url(),
    defaultText: 'none: phone code requests answer 503',
    readBy: SUBGRAPHS,
    section: 'messages',
    meaning: 'text messages are POSTed there as JSON `{to, body}`',
  }),
  SMS_PROVIDER_TOKEN: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: SUBGRAPHS,
    section: 'messages',
    meaning: 'sent to it as `Authorization: Bearer`',
  }),
  PHONE_CALL_PROVIDER_URL: declare({
    kind: url(),
    defaultText: 'none: phone calls answer 503',
    readBy: ['integrations'],
    section: 'messages',
    meaning: 'the phone call provider: the service posts `{url}/calls` and expects `{callId, agentId}` (may be private)',
  }),
  PHONE_CALL_PROVIDER_API_KEY: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: ['integrations'],
    section: 'messages',
    meaning: 'sent to it as `Authorization: Bearer`',
  }),

  // Third-party providers
  GOOGLE_CLIENT_ID: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'the OAuth client registered at Google (Google Calendar)',
  }),
  GOOGLE_CLIENT_SECRET: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: ['integrations'],
    section: 'providers',
    meaning: "that client's secret",
  }),
  GOOGLE_OAUTH_AUTHORIZE_URL: declare({
    kind: url(),
    default: 'https://accounts.google.com/o/oauth2/v2/auth',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Google's authorization endpoint",
  }),
  GOOGLE_OAUTH_TOKEN_URL: declare({
    kind: url(),
    default: 'https://oauth2.googleapis.com/token',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Google's token endpoint (code exchange, refresh)",
  }),
  GOOGLE_API_URL: declare({
    kind: url(),
    default: 'https://www.googleapis.com',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'Google Calendar API base (calendar list, freeBusy, events)',
  }),
  MICROSOFT_CLIENT_ID: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'the Microsoft Entra app (Outlook / Microsoft 365 calendar and Teams)',
  }),
  MICROSOFT_CLIENT_SECRET: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: ['integrations'],
    section: 'providers',
    meaning: "that app's secret",
  }),
  MICROSOFT_OAUTH_AUTHORIZE_URL: declare({
    kind: url(),
    default: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Microsoft's authorization endpoint",
  }),
  MICROSOFT_OAUTH_TOKEN_URL: declare({
    kind: url(),
    default: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Microsoft's token endpoint",
  }),
  MICROSOFT_GRAPH_URL: declare({
    kind: url(),
    default: 'https://graph.microsoft.com',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'Microsoft Graph base (calendars, calendarView, onlineMeetings)',
  }),
  ZOOM_CLIENT_ID: declare({ kind: text(), defaultText: 'none', readBy: ['integrations'], section: 'providers', meaning: 'the Zoom OAuth app' }),
  ZOOM_CLIENT_SECRET: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: ['integrations'],
    section: 'providers',
    meaning: "that app's secret",
  }),
  ZOOM_OAUTH_AUTHORIZE_URL: declare({
    kind: url(),
    default: 'https://zoom.us/oauth/authorize',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Zoom's authorization endpoint",
  }),
  ZOOM_OAUTH_TOKEN_URL: declare({
    kind: url(),
    default: 'https://zoom.us/oauth/token',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Zoom's token endpoint",
  }),
  ZOOM_API_URL: declare({
    kind: url(),
    default: 'https://api.zoom.us',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'Zoom API base (meeting creation)',
  }),
  STRIPE_CLIENT_ID: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "the platform's Stripe Connect client id (`ca_…`)",
  }),
  STRIPE_PRIVATE_KEY: declare({
    kind: text(),
    defaultText: 'none',
    secret: true,
    readBy: ['integrations'],
    section: 'providers',
    meaning: "the platform's Stripe secret key (the OAuth client secret)",
  }),
  STRIPE_OAUTH_AUTHORIZE_URL: declare({
    kind: url(),
    default: 'https://connect.stripe.com/oauth/authorize',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Stripe Connect's authorization endpoint",
  }),
  STRIPE_OAUTH_TOKEN_URL: declare({
    kind: url(),
    default: 'https://connect.stripe.com/oauth/token',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "Stripe Connect's token endpoint (code → the connected account and its tokens)",
  }),
  STRIPE_API_URL: declare({
    kind: url(),
    default: 'https://api.stripe.com',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'Stripe API base (`GET /v1/account`, the connection check)',
  }),
  PROVIDER_OAUTH_STATE_TTL_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 600_000,
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'how long a consent (`state`) may take',
  }),
  APPLE_CALDAV_URL: declare({
    kind: url(),
    default: 'https://caldav.icloud.com',
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'the CalDAV server of Apple calendars (its hrefs are followed only on that site)',
  }),
  ICS_REFRESH_INTERVAL_MS: declare({
    kind: integer({ min: 1, unit: 'ms' }),
    default: 900_000,
    readBy: ['integrations'],
    section: 'providers',
    meaning: 'how often ICS feeds and the busy times of OAuth and Apple calendars (60 days ahead) are re-read into the cache slots use',
  }),
  VIDEO_BASE_URL: declare({
    kind: url(),
    defaultText: '`PUBLIC_URL` + `/video`',
    readBy: ['integrations'],
    section: 'providers',
    meaning: "the base of the built-in video provider's meeting URLs",
  }),
  VIDEO_ROOM_KEY: declare({
    kind: text(),
    defaultText: '`INTEGRATIONS_SECRET_KEY`',
    secret: true,
    readBy: ['integrations'],
    section: 'providers',
    meaning: "the key that derives a booking's meeting room from its uid (not guessable from the uid alone)",
  }),

  // The web example (`npm run example:web`)
  EXAMPLE_WEB_CLIENT_ID: declare({
    kind: text(),
    defaultText: 'none (required)',
    readBy: ['web example'],
    section: 'web-example',
    meaning: "the id of the app's public OAuth client",
  }),
  EXAMPLE_WEB_API_URL: declare({
    kind: url(),
    default: 'http://127.0.0.1:3000',
    readBy: ['web example'],
    section: 'web-example',
    meaning: "the gateway's public address, as the browser reaches it",
  }),
  EXAMPLE_WEB_PORT: declare({
    kind: integer({ min: 1, max: 65_535 }),
    default: 5173,
    readBy: ['web example'],
    section: 'web-example',
    meaning: "the app's port (its origin: list it in the gateway's `CORS_ORIGINS`)",
  }),
  EXAMPLE_WEB_HOST: declare({ kind: text(), default: '127.0.0.1', readBy: ['web example'], section: 'web-example', meaning: "the app's address" }),

  // Development
  SUPERGRAPH_PATH: declare({
    kind: text(),
    defaultText: '`schema/supergraph.graphql`',
    readBy: ['gateway'],
    section: 'development',
    meaning: 'the gateway process reads its supergraph from this file (polled; a new one is swapped in without a restart)',
  }),
  SUPERGRAPH_URL: declare({
    kind: url(),
    defaultText: 'none',
    readBy: ['gateway'],
    section: 'development',
    meaning: 'instead of a file: the URL of the supergraph (polled the same way)',
  }),
  SUPERGRAPH_POLL_MS: declare({
    kind: integer({ min: 0, unit: 'ms' }),
    default: 10_000,
    readBy: ['gateway'],
    section: 'development',
    meaning: 'how often that supergraph is read again; `0`: once, at start',
  }),
  STACK_BUNDLES: declare({
    kind: flag(),
    default: true,
    readBy: ['npm start'],
    section: 'development',
    meaning: 'off: `npm start` runs each service from its compiled files instead of its bundle (readable stack traces, debuggers)',
  }),
  STACK_CPU_PROFILE_DIR: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['npm start'],
    section: 'development',
    meaning: 'every supervised service writes a CPU profile there when it stops',
  }),
  LOG_SQL: declare({ kind: flag(), default: false, readBy: DATABASE_USERS, section: 'development', meaning: 'print every SQL statement' }),
  LOG_POSTGRES: declare({
    kind: flag(),
    default: false,
    readBy: ['npm start', 'operator tools'],
    section: 'development',
    meaning: "print the embedded server's own log",
  }),
  DEBUG: declare({
    kind: text(),
    defaultText: 'none',
    readBy: ['operator tools'],
    section: 'development',
    meaning: 'any value: an operator tool that fails prints the stack trace too',
  }),
};

export type VariableName = keyof typeof VARIABLES;

/** The value type of a variable: its kind's, or undefined too when it has no default. */
export type SettingValue<N extends VariableName> = (typeof VARIABLES)[N] extends Variable<infer V> ? V : never;
