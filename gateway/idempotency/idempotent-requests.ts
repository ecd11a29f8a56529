import { Request, Response } from 'express';
import { keyFromSecret, seal, unseal } from '../../platform/sealed-secret';
import { sha256Hex } from '../../platform/sha256';
import { hasUnavailableCode } from '../../platform/unavailable';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyOf, IDEMPOTENT_REPLAYED_HEADER, MalformedIdempotencyKey } from './idempotency-key';
import { IdempotencyStore, openPostgresIdempotencyStore, StoredAnswer } from './idempotency-store';
import { memoryIdempotencyStore } from './memory-idempotency-store';

/** The headers of a first answer that a repeat gets too (beside its status and body); the rest (rate limits, request id, CORS) are the repeat's own. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control', 'pragma', 'deprecation', 'sunset'];

/** How a surface (the /v2 envelope, GraphQL errors) answers a refusal: 400 (malformed key), 409, 422, 503. */
export type Refusal = (status: number, message: string) => void;

export interface KeyedRequest {
  /** Whose key it is (request-fingerprint.ts callerScope). */
  scope: string;
  /** What the request is (request-fingerprint.ts). */
  fingerprint: string;
  refuse: Refusal;
}

/** Where a request being served under a key keeps its write key, for the operation's context (gateway.ts). */
export function writeKeyOf(res: Response): string | undefined {
  return res.locals.writeKey as string | undefined;
}

/**
 * An answer that is final, to be given again to every repeat: anything but a 5xx, and on /graphql no error saying a
 * service is unavailable (a partial answer of a mutation whose one field could not be reached). A 5xx, the gateway's
 * "the write may have been applied" 503 above all, is not kept: the repeat runs again, and the subgraph that did commit
 * answers what it wrote (platform/keyed-writes.ts).
 */
function isFinal(status: number, headers: Record<string, string>, body: Buffer): boolean {
  if (status >= 500) return false;
  if (!/json/.test(headers['content-type'] ?? '')) return true;
  try {
    const errors = (JSON.parse(body.toString('utf8')) as { errors?: unknown }).errors;
    return !(Array.isArray(errors) && errors.some(hasUnavailableCode));
  } catch {
    return true;
  }
}

/**
 * A kept answer may hold secrets (a new API key, OAuth tokens, a client secret): its body is sealed with a key made
 * from the caller and the Idempotency-Key, which the table does not hold (it keeps the key's hash). Reading a kept
 * answer takes what its client sent; the database alone shows statuses and a few headers.
 */
class AnswerSeal {
  private readonly key: Buffer;

  constructor(scope: string, idempotencyKey: string) {
    this.key = keyFromSecret(`${scope}\n${idempotencyKey}`);
  }

  seal(answer: StoredAnswer): StoredAnswer {
    return { ...answer, body: Buffer.from(seal(this.key, answer.body.toString('base64')), 'utf8') };
  }

  unseal(answer: StoredAnswer): StoredAnswer {
    return { ...answer, body: Buffer.from(unseal(this.key, answer.body.toString('utf8'), 'idempotent answer'), 'base64') };
  }
}

/** The answer `res` is about to send, from the arguments of its `end`. */
function answerOf(res: Response, chunk: unknown, encoding: unknown): StoredAnswer {
  const body = Buffer.isBuffer(chunk)
    ? chunk
    : typeof chunk === 'string'
      ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.alloc(0);
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = res.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: res.statusCode, headers, body };
}

/**
 * Writes sent with an Idempotency-Key (docs/decisions.md, issue 23): the first is served and its answer kept, a
 * repeat of the same request gets that answer again (with Idempotent-Replayed: true), another request with the key
 * 422, a repeat while the first is being served 409.
 */
export class IdempotentRequests {
  constructor(private readonly store: IdempotencyStore) {}

  /**
   * Serves `req` once per key: `serve` answers it on `res` as usual (with the write key to send to the subgraphs),
   * and the answer is kept before it leaves, so a repeat that arrives after it reads it. Without a key, just `serve`.
   */
  async serve(req: Request, res: Response, keyed: KeyedRequest, serve: (writeKey: string | undefined) => unknown): Promise<void> {
    let key: string | undefined;
    try {
      key = idempotencyKeyOf(req.header(IDEMPOTENCY_KEY_HEADER));
    } catch (error) {
      if (error instanceof MalformedIdempotencyKey) return keyed.refuse(400, error.message);
      throw error;
    }
    if (key === undefined) {
      await serve(undefined);
      return;
    }
    const { scope, fingerprint, refuse } = keyed;
    const keyHash = sha256Hex(key);
    const sealed = new AnswerSeal(scope, key);
    let claim;
    try {
      claim = await this.store.claim(scope, keyHash, fingerprint);
    } catch (error) {
      console.error(`[idempotency keys] ${(error as Error).message}`);
      return refuse(503, `The ${IDEMPOTENCY_KEY_HEADER} store cannot be reached: nothing was done, retry shortly`);
    }
    switch (claim.kind) {
      case 'otherRequest':
        return refuse(422, `This ${IDEMPOTENCY_KEY_HEADER} was already used with another request (method, path or body): use a new key for a new request`);
      case 'inFlight':
        return refuse(409, `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being served: retry it later with the same key to get its answer`);
      case 'replay': {
        const answer = sealed.unseal(claim.answer);
        res.status(answer.status);
        for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
        res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
        res.end(answer.body);
        return;
      }
    }
    const { owner, writeKey } = claim;
    this.keepAnswer(res, (answer) =>
      answer && isFinal(answer.status, answer.headers, answer.body)
        ? this.store.complete(scope, keyHash, owner, sealed.seal(answer))
        : this.store.release(scope, keyHash, owner),
    );
    res.locals.writeKey = writeKey;
    await serve(writeKey);
  }

  /**
   * Holds the answer's `end` until `keep` has stored it (or released the key), so that a repeat sent as soon as the
   * answer arrived finds it. An answer streamed in parts (`write`) is not kept (`keep(null)`).
   */
  private keepAnswer(res: Response, keep: (answer: StoredAnswer | null) => Promise<void>): void {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    let streamed = false;
    res.write = ((...args: unknown[]) => {
      streamed = true;
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      res.end = end as Response['end'];
      const [chunk, encoding] = args;
      keep(streamed ? null : answerOf(res, chunk, encoding))
        .catch((error: Error) => console.error(`[idempotency keys] the answer could not be kept: ${error.message}`))
        .finally(() => end(...args));
      return res;
    }) as Response['end'];
  }

  stop(): Promise<void> {
    return this.store.stop();
  }
}

/** Keys in PostgreSQL when the gateway has a database (shared by its replicas), else in memory. */
export async function openIdempotentRequests(databaseUrl: string | undefined): Promise<IdempotentRequests> {
  if (!databaseUrl) console.warn('[idempotency keys] no database: keys are kept in memory, not shared with other gateways');
  return new IdempotentRequests(databaseUrl ? await openPostgresIdempotencyStore(databaseUrl) : memoryIdempotencyStore());
}
