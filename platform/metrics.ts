import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { setting } from './configuration/settings';

/**
 * The process's Prometheus metrics: one registry per process, every series declared here, and the
 * functions the places that count call (docs/operations.md lists the series, docs/grafana-dashboard.json reads them).
 * Served at METRICS_PATH on the process's internal port only: the gateway's internal listener, a subgraph's own
 * port, a webhook worker's health port. Labels are bounded: a REST route is its template path, a GraphQL
 * operation one of at most OPERATION_NAMES_MAX names, a subgraph, a pool and a queue are names from the code.
 * A hot-path count binds its label values once (the route's, the subgraph's children), never per request.
 */
export const METRICS_PATH = '/metrics';

const registry = new Registry();
// The process's CPU, memory, heap, event loop lag, handles and GC: prom-client's own `process_*` and `nodejs_*` series.
collectDefaultMetrics({ register: registry });

/** Distinct operation names counted on their own; any other (and anonymous operations) counts as OTHER_OPERATION. */
export const OPERATION_NAMES_MAX = 200;
export const OTHER_OPERATION = '(other)';

/** Request latencies, in seconds: from a cached read (a few ms) to a slow write or a timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const restRequests = new Counter({
  name: 'svc_rest_requests_total',
  help: 'REST (/v2) requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const restDuration = new Histogram({
  name: 'svc_rest_request_duration_seconds',
  help: 'REST (/v2) request latency, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const graphqlOperations = new Counter({
  name: 'svc_graphql_operations_total',
  help: `GraphQL operations answered, by operation name (anonymous ones and names past the first ${OPERATION_NAMES_MAX}: "${OTHER_OPERATION}") and outcome`,
  labelNames: ['operation', 'outcome'] as const,
  registers: [registry],
});
const graphqlDuration = new Histogram({
  name: 'svc_graphql_operation_duration_seconds',
  help: 'GraphQL operation latency, by operation name',
  labelNames: ['operation'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const subgraphFetches = new Counter({
  name: 'svc_subgraph_fetches_total',
  help: 'Fetches of the gateway from a subgraph (one per query plan fetch), by subgraph and outcome (ok, error)',
  labelNames: ['subgraph', 'outcome'] as const,
  registers: [registry],
});
const subgraphFetchDuration = new Histogram({
  name: 'svc_subgraph_fetch_duration_seconds',
  help: 'Latency of the gateway fetches from a subgraph, by subgraph',
  labelNames: ['subgraph'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const refusals = new Counter({
  name: 'svc_rate_limit_refusals_total',
  help: 'Requests refused with 429, by kind: the budget spent (requests-per-credential, …) or the lockout holding the key',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const trustedDocumentRefusals = new Counter({
  name: 'svc_trusted_document_refusals_total',
  help: 'Requests to /graphql refused by the trusted documents rule, by code (QUERY_NOT_IN_SAFELIST, PERSISTED_QUERY_NOT_IN_LIST, BAD_REQUEST)',
  labelNames: ['code'] as const,
  registers: [registry],
});
const lockouts = new Counter({
  name: 'svc_lockouts_total',
  help: 'Lockouts started (a key past its allowed failures), by kind (sign-in-per-account, client-secret-per-ip, …)',
  labelNames: ['kind'] as const,
  registers: [registry],
});
const deliveries = new Counter({
  name: 'svc_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered, retry (another attempt is due), failed (final), dead_lettered (set aside after crashes)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const restarts = new Counter({
  name: 'svc_process_restarts_total',
  help: 'Times the supervisor (npm start) restarted this service after it exited unasked, counted over the life of the stack',
  registers: [registry],
});
// The supervisor tells each process it starts how many restarts came before it (stack/supervised-process.ts).
restarts.inc(setting('SUPERVISOR_RESTARTS'));

/** Connection pools of this process, by name (a subgraph's schema, the gateway's rate limits); pools of one name add up. */
const pools = new Set<{ name: string; pool: () => Pool | undefined }>();
new Gauge({
  name: 'svc_db_pool_clients',
  help: 'PostgreSQL connection pools: connections open (total), idle, and requests waiting for one (waiting), by pool',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const entry of pools) {
      const pool = entry.pool();
      if (!pool) {
        pools.delete(entry);
        continue;
      }
      const { name } = entry;
      this.inc({ pool: name, state: 'total' }, pool.totalCount);
      this.inc({ pool: name, state: 'idle' }, pool.idleCount);
      this.inc({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reads the jobs per queue and state (the webhook worker's query of the job queue); undefined: nothing to read here. */
type QueueDepthReader = () => Promise<Array<{ queue: string; state: string; jobs: number }>>;
let queueDepth: QueueDepthReader | undefined;
new Gauge({
  name: 'svc_job_queue_jobs',
  help: 'Jobs in the job queue (pg-boss) waiting (created, retry) or in hand (active), by queue and state; read when scraped',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueDepth) return;
    try {
      for (const { queue, state, jobs } of await queueDepth()) this.set({ queue, state }, jobs);
    } catch (error) {
      console.error('[metrics] reading the job queue depth failed:', (error as Error).message);
    }
  },
});

/** Counts the answers of one REST route: by status, with their latency. */
export interface RequestRecorder {
  record(status: number, seconds: number): void;
}

const routeRecorders = new Map<string, RequestRecorder>();

/** A REST route's counts (`route` is its template path, `/v2/bookings/{bookingUid}`), its label values bound once. */
export function restRouteMetrics(method: string, route: string): RequestRecorder {
  const key = `${method} ${route}`;
  let recorder = routeRecorders.get(key);
  if (!recorder) routeRecorders.set(key, (recorder = routeRecorder(method, route)));
  return recorder;
}

function routeRecorder(method: string, route: string): RequestRecorder {
  const duration = restDuration.labels(method, route);
  const byStatus = new Map<number, Counter.Internal>();
  return {
    record(status, seconds) {
      let counter = byStatus.get(status);
      if (!counter) byStatus.set(status, (counter = restRequests.labels(method, route, String(status))));
      counter.inc();
      duration.observe(seconds);
    },
  };
}

interface OperationSeries {
  ok: Counter.Internal;
  error: Counter.Internal;
  duration: Histogram.Internal<'operation'>;
}
const operationSeries = new Map<string, OperationSeries>();
function seriesOf(operation: string): OperationSeries {
  return { ok: graphqlOperations.labels(operation, 'ok'), error: graphqlOperations.labels(operation, 'error'), duration: graphqlDuration.labels(operation) };
}
const otherOperations = seriesOf(OTHER_OPERATION);

/** Counts a GraphQL operation answered by this process: its name (null: anonymous), whether it failed, how long it took. */
export function recordOperation(name: string | null | undefined, failed: boolean, seconds: number): void {
  let series = name ? operationSeries.get(name) : otherOperations;
  if (!series) {
    series = operationSeries.size < OPERATION_NAMES_MAX ? seriesOf(name!) : otherOperations;
    if (series !== otherOperations) operationSeries.set(name!, series);
  }
  (failed ? series.error : series.ok).inc();
  series.duration.observe(seconds);
}

/** The gateway's fetches from one subgraph. */
export interface FetchRecorder {
  record(ok: boolean, seconds: number): void;
}

export function subgraphFetchMetrics(subgraph: string): FetchRecorder {
  const ok = subgraphFetches.labels(subgraph, 'ok');
  const error = subgraphFetches.labels(subgraph, 'error');
  const duration = subgraphFetchDuration.labels(subgraph);
  return {
    record(succeeded, seconds) {
      (succeeded ? ok : error).inc();
      duration.observe(seconds);
    },
  };
}

/** A request refused with 429: `kind` is the budget it was over, or the lockout that holds its key. */
export function countRefusal(kind: string): void {
  refusals.labels(kind).inc();
}

/** A /graphql request refused by the trusted documents rule (gateway/trusted-documents): `code` is the error code it was answered. */
export function countTrustedDocumentRefusal(code: string): void {
  trustedDocumentRefusals.labels(code).inc();
}

/** A key locked out (a lockout starts): `kind` names the rule (sign-in-per-account, invalid-credentials-per-ip, …). */
export function countLockout(kind: string): void {
  lockouts.labels(kind).inc();
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'dead_lettered';
export function countDelivery(outcome: DeliveryOutcome, count = 1): void {
  deliveries.labels(outcome).inc(count);
}

/** Reports a connection pool under `name` while `pool()` answers one (undefined once it is closed); the returned function stops. */
export function watchPool(name: string, pool: () => Pool | undefined): () => void {
  const entry = { name, pool };
  pools.add(entry);
  return () => void pools.delete(entry);
}

/** Reports the job queue's depth with `reader` when scraped (one process per stack needs to); the returned function stops. */
export function watchQueueDepth(reader: QueueDepthReader): () => void {
  queueDepth = reader;
  return () => {
    if (queueDepth === reader) queueDepth = undefined;
  };
}

/** Answers `GET /metrics` (true), or leaves any other request to the caller (false): on a bare node:http listener and in express alike. */
export function answerMetrics(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== METRICS_PATH) return false;
  registry.metrics().then(
    (text) => res.writeHead(200, { 'content-type': registry.contentType, 'content-length': Buffer.byteLength(text) }).end(text),
    (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
  );
  return true;
}
