import type { IncomingMessage, ServerResponse } from 'node:http';

/** The process answers: no dependency is asked, so a slow database never makes a process look dead. */
export const LIVE_PATH = '/health/live';
/** The process can serve: its own dependencies answer (a load balancer or `depends_on` routes on this). */
export const READY_PATH = '/health/ready';

/** Every health path (the detailed `/health` too): their successes are logged at debug only. */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/health', LIVE_PATH, READY_PATH]);

/** A dependency's check: resolves when it can be used, rejects saying why not. */
export type DependencyCheck = () => Promise<unknown>;

/** How long one check may take: a database or service that does not answer within it is not ready. */
const CHECK_TIMEOUT_MS = 2_000;

/** Each dependency's state: `ok`, or why not (the check's error, or that it did not answer in time). */
export async function dependencyStates(checks: Record<string, DependencyCheck>): Promise<Record<string, string>> {
  const stateOf = async (check: DependencyCheck) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([check(), timeout]);
      return 'ok';
    } catch (error) {
      return (error as Error).message;
    } finally {
      clearTimeout(timer);
    }
  };
  const states = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await stateOf(check)] as const));
  return Object.fromEntries(states);
}

/** The states that are not `ok`. */
export function notOk(states: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(states).filter(([, state]) => state !== 'ok'));
}

function answerJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}

/**
 * Answers the probes every process serves: `/health/live` (200 while the event loop runs) and
 * `/health/ready` (200 when every check passes, else 503 naming the ones that do not). Answers false
 * for any other request, left to the caller. Works on a bare node:http listener and in express alike.
 */
export function answerProbe(req: IncomingMessage, res: ServerResponse, readiness: Record<string, DependencyCheck>): boolean {
  const path = (req.url ?? '').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (path === LIVE_PATH) {
    answerJson(res, 200, { status: 'ok' });
    return true;
  }
  if (path !== READY_PATH) return false;
  void dependencyStates(readiness).then((states) => {
    const notReady = notOk(states);
    if (Object.keys(notReady).length === 0) answerJson(res, 200, { status: 'ok' });
    else answerJson(res, 503, { status: 'not ready', notReady });
  });
  return true;
}
