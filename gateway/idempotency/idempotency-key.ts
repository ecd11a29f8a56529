import { RouteEntry } from '../rest/route';

/**
 * The Idempotency-Key request header (docs/decisions.md, issue 23): a client makes a write safe to send again by
 * sending it with a key of its choosing; the gateway answers a repeat with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set to `true` on an answer that is the stored first answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The methods whose /v2 requests take a key; a key on a read is ignored (a read is safe to repeat as it is). */
const KEYED_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The /v2 routes that take a key: every write but the OAuth token endpoint, whose errors are RFC 6749's (no 409 or
 * 422 there) and whose clients retry as OAuth says; a key sent to it is ignored.
 */
export const takesIdempotencyKey = (route: Pick<RouteEntry, 'method' | 'errors'>) => KEYED_METHODS.has(route.method) && route.errors !== 'oauth';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII (a UUID, a ULID, a client's own scheme); no control characters. */
const WELL_FORMED = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** A key that cannot be used: answered 400 naming the header. */
export class MalformedIdempotencyKey extends Error {}

/** The request's key, undefined when it sent none; throws MalformedIdempotencyKey for an empty, too long or unprintable one. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!WELL_FORMED.test(header)) {
    throw new MalformedIdempotencyKey(`${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (a UUID, for instance)`);
  }
  return header;
}
