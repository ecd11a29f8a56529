import autocannon from 'autocannon';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '../subgraphs/kit/principal';

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
  /** How a good body looks: GraphQL without `errors`, or the REST success envelope. */
  expect: 'graphql' | 'rest';
  connections: number;
  /** Seconds. */
  duration: number;
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
}

export type LoadReply = { ok: true; result: LoadResult } | { ok: false; error: string };

const RESIGN_MS = 5_000;

/** autocannon hands over the body as a string (its types also allow a Buffer). */
function verifier(expect: LoadJob['expect']): (body: string | Buffer | undefined) => boolean {
  return expect === 'graphql'
    ? (body) => typeof body === 'string' && body.startsWith('{"data"') && !body.includes('"errors"')
    : (body) => typeof body === 'string' && body.startsWith('{"status":"success"');
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const request: autocannon.Request = { method: job.method, path: new URL(job.url).pathname + new URL(job.url).search, headers: job.headers, body: job.body };
  if (job.principal) {
    const principal = job.principal;
    let signed = '';
    let signedAt = 0;
    request.setupRequest = (req) => {
      const now = Date.now();
      if (now - signedAt > RESIGN_MS) {
        signed = signPrincipal(principal, now);
        signedAt = now;
      }
      return { ...req, headers: { ...job.headers, [PRINCIPAL_HEADER]: signed } };
    };
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
