import { GraphQLError } from 'graphql';

/**
 * The code of an error caused by a dependency that is down (a subgraph, a database): the request
 * itself was fine and may succeed a little later. REST answers it with 503 and Retry-After.
 */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** What clients are told to wait before retrying: about as long as a crashed service takes to restart. */
export const RETRY_AFTER_SECONDS = 5;

export function serviceUnavailable(service: string, what: 'service' | 'database' = 'service'): GraphQLError {
  const subject = what === 'service' ? `The ${service} service is` : `The ${service} service's database is`;
  return new GraphQLError(`${subject} unavailable; retry shortly`, { extensions: { code: SERVICE_UNAVAILABLE, serviceName: service } });
}

/**
 * A write sent to a service whose connection broke before it answered: the service may have read and
 * applied it, so it is not sent again, and the client is not told that nothing happened. The same code
 * (503 on REST): the service is down, but "retry shortly" could book twice.
 */
export function writeOutcomeUnknown(service: string): GraphQLError {
  const message = `The ${service} service stopped answering after receiving this change; it may or may not have been applied: `;
  return new GraphQLError(`${message}check before retrying, or retry with the same Idempotency-Key`, {
    extensions: { code: SERVICE_UNAVAILABLE, serviceName: service },
  });
}

export function hasUnavailableCode(error: unknown): boolean {
  return (error as { extensions?: { code?: unknown } } | undefined)?.extensions?.code === SERVICE_UNAVAILABLE;
}

/**
 * The error and those it wraps: GraphQL's originalError (and thrownValue, for a non-Error value
 * thrown, as the pg driver does when it cannot connect), `cause`, TypeORM's driverError, an AggregateError's errors.
 */
function* chainOf(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    yield record;
    pending.push(record.originalError, record.thrownValue, record.cause, record.driverError);
    if (Array.isArray(record.errors)) pending.push(...record.errors);
  }
}

/** Socket-level failures: nothing listens, the peer went away, or it did not answer in time. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** A service that could not be reached over HTTP: refused, reset, timed out, or answered 502/503/504. */
export function isUnreachable(error: unknown): boolean {
  for (const link of chainOf(error)) {
    if (NETWORK_CODES.has(link.code as string) || link.name === 'TimeoutError') return true;
    const status = (link.extensions as { response?: { status?: number } } | undefined)?.response?.status;
    if (status === 502 || status === 503 || status === 504) return true;
  }
  return false;
}

/**
 * PostgreSQL could not be reached or is going away: a network failure, a connection the server or
 * the network closed, SQLSTATE class 08 (connection exception), 57P01–57P03 (shutting down,
 * crashed, starting up).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (const link of chainOf(error)) {
    const code = link.code as string | undefined;
    if (code && (NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))) return true;
    if (typeof link.message === 'string' && /^Connection terminated|timeout exceeded when trying to connect/.test(link.message)) return true;
  }
  return false;
}
