import autocannon from 'autocannon';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '../platform/principal';

/**
 * The load generator, forked by bench/run.ts so that autocannon does not share the event loop
 * of the stack it measures. It answers one message per job over IPC.
 */

export interface LoadJob {
  title: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Sign this principal into the principal header (re-signed every few seconds: it expires after 60 s). */
  principal?: Principal;
  /**
   * How a good body looks: GraphQL without `errors`, the REST success envelope, or (`rest-or-conflict`,
   * for contended bookings) the success envelope or a CONFLICT error envelope.
   */
  expect: 'graphql' | 'rest' | 'rest-or-conflict';
  /** Bodies to pick from at random, one per request (instead of `body`). */
  bodies?: string[];
  connections: number;
  /** Seconds. */
  duration: number;
  /**
   * Instead of autocannon: this many requests one after another (one connection, keep-alive), each
   * timed; `latenciesMs` of the result holds them in order.
   */
  sequential?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx answers whose body was not a success (GraphQL `errors`, or no REST success envelope). */
  mismatches: number;
  durationSeconds: number;
  /** Responses by HTTP status, such as {"201": 40, "409": 900}. */
  statusCounts: Record<string, number>;
  /** Sequential runs only: the latency of each request, in ms. */
  latenciesMs?: number[];
}

export type LoadReply = { ok: true; result: LoadResult } | { ok: false; error: string };

const RESIGN_MS = 5_000;

/** autocannon hands over the body as a string (its types also allow a Buffer). */
function verifier(expect: LoadJob['expect']): (body: string | Buffer | undefined) => boolean {
  switch (expect) {
    case 'graphql':
      return (body) => typeof body === 'string' && body.startsWith('{"data"') && !body.includes('"errors"');
    case 'rest':
      return (body) => typeof body === 'string' && body.startsWith('{"status":"success"');
    case 'rest-or-conflict':
      return (body) => typeof body === 'string' && (body.startsWith('{"status":"success"') || body.startsWith('{"status":"error","error":{"code":"CONFLICT"'));
  }
}

/** The headers of one request: the job's, with a fresh principal header when the job has a principal. */
function headerSource(job: LoadJob): () => Record<string, string> {
  if (!job.principal) return () => job.headers;
  const principal = job.principal;
  let signed = '';
  let signedAt = 0;
  return () => {
    const now = Date.now();
    if (now - signedAt > RESIGN_MS) {
      signed = signPrincipal(principal, now);
      signedAt = now;
    }
    return { ...job.headers, [PRINCIPAL_HEADER]: signed };
  };
}

function bodySource(job: LoadJob): () => string | undefined {
  const bodies = job.bodies;
  if (!bodies?.length) return () => job.body;
  return () => bodies[Math.floor(Math.random() * bodies.length)];
}

/** `job.sequential` requests one at a time with fetch (keep-alive), each timed. */
async function runSequential(job: LoadJob, count: number): Promise<LoadResult> {
  const headers = headerSource(job);
  const body = bodySource(job);
  const verify = verifier(job.expect);
  const latenciesMs: number[] = [];
  const statusCounts: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  let mismatches = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) {
    const t0 = process.hrtime.bigint();
    try {
      const response = await fetch(job.url, { method: job.method, headers: headers(), body: body() });
      const text = await response.text();
      latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
      statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
      if (response.status < 200 || response.status > 299) non2xx += 1;
      if (!verify(text)) mismatches += 1;
    } catch {
      errors += 1;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  return {
    requestsPerSecond: latenciesMs.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    totalRequests: latenciesMs.length,
    non2xx,
    errors,
    timeouts: 0,
    mismatches,
    durationSeconds: seconds,
    statusCounts,
    latenciesMs,
  };
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  if (job.sequential) return runSequential(job, job.sequential);
  const request: autocannon.Request = { method: job.method, path: new URL(job.url).pathname + new URL(job.url).search, headers: job.headers, body: job.body };
  if (job.principal || job.bodies?.length) {
    const headers = headerSource(job);
    const body = bodySource(job);
    request.setupRequest = (req) => ({ ...req, headers: headers(), body: body() });
  }
  const result = await autocannon({
    title: job.title,
    url: job.url,
    connections: job.connections,
    duration: job.duration,
    requests: [request],
    verifyBody: verifier(job.expect),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    durationSeconds: result.duration,
    statusCounts: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0])),
  };
}

if (require.main === module && process.send) {
  process.on('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ ok: true, result } satisfies LoadReply),
      (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) } satisfies LoadReply),
    );
  });
  process.on('disconnect', () => process.exit(0));
}
