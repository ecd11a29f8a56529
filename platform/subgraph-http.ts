import { Agent, ClientRequest, request } from 'node:http';
import { setting } from './configuration/settings';

/**
 * The gateway's HTTP client for subgraph calls: node:http over one keep-alive agent, the body read
 * whole, and a small fetch-shaped response (what @apollo/gateway's RemoteGraphQLDataSource reads:
 * ok, status, headers.get, text, json). The global fetch (undici) cost about a fifth of the stack's
 * CPU per request in the profile of GET /v2/me (docs/performance.md): WHATWG streams, AbortSignal
 * timers and Request/Response objects for a small JSON body on loopback.
 */

/** One gateway's connections to its subgraphs: kept alive between calls, closed by `destroy()` when the gateway stops. */
export function subgraphAgent(): Agent {
  return new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: setting('SUBGRAPH_MAX_SOCKETS'), maxFreeSockets: 64, scheduling: 'lifo' });
}

/** Header lookup by name, case-insensitive, as fetch's Headers (node:http gives lowercase names). */
class ResponseHeaders {
  constructor(private readonly raw: Record<string, string | string[] | undefined>) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const name of Object.keys(this.raw)) callback(this.get(name)!, name);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.raw)) yield [name, this.get(name)!];
  }

  [Symbol.iterator]() {
    return this.entries();
  }
}

export class SubgraphResponse {
  readonly ok: boolean;
  readonly redirected = false;
  readonly type = 'basic';
  readonly statusText: string;
  bodyUsed = false;

  constructor(
    readonly url: string,
    readonly status: number,
    statusText: string | undefined,
    readonly headers: ResponseHeaders,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status <= 299;
    this.statusText = statusText ?? '';
  }

  async text(): Promise<string> {
    this.bodyUsed = true;
    return this.body;
  }

  async json(): Promise<unknown> {
    this.bodyUsed = true;
    return JSON.parse(this.body);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    this.bodyUsed = true;
    const bytes = Buffer.from(this.body, 'utf8');
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** A response with another status and the same body and headers (see gateway/unavailable.ts). */
  withStatus(status: number): SubgraphResponse {
    return new SubgraphResponse(this.url, status, undefined, this.headers, this.body);
  }

  clone(): SubgraphResponse {
    return new SubgraphResponse(this.url, this.status, this.statusText, this.headers, this.body);
  }
}

export interface SubgraphRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | null;
  /** The request is a read (a GraphQL query), safe to send twice; unsaid, it is taken for a write. See `subgraphRequest`. */
  idempotent?: boolean;
}

/**
 * Whether a GraphQL document only reads: no `mutation` or `subscription` word anywhere in it. Conservative
 * on purpose: a field or argument spelled so makes a query count as a write (it loses its retry, nothing
 * worse), while a mutation can never be taken for a read. Federation fetches print fragments first, so
 * the first word of the document does not tell.
 */
export const readsOnly = (document: string) => !/\b(mutation|subscription)\b/.test(document);

/**
 * A request whose connection broke (reset, broken pipe, timeout) once established and before any answer:
 * the peer may have read and executed it. It is marked so (`requestMayHaveBeenRead`) for the caller's message.
 */
type UnansweredRequestError = NodeJS.ErrnoException & { requestMayHaveBeenRead?: boolean };

export const requestMayHaveBeenRead = (error: unknown) => (error as UnansweredRequestError | undefined)?.requestMayHaveBeenRead === true;

/**
 * A pooled connection that fails with ECONNRESET or EPIPE before any answer was either closed by the peer
 * as idle just as this request was written on it (never read) or lost with a peer that died while
 * executing it (read, perhaps done). Nothing tells the two apart, so only a read (`idempotent`) is sent
 * once more on a fresh connection (Node's documented remedy, `request.reusedSocket`); a write is never
 * sent twice: the caller answers 503 and says the write may have happened (docs/decisions.md, issue 23).
 */
const closedUnderUs = (req: ClientRequest, error: NodeJS.ErrnoException, answered: boolean) =>
  req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

/** One POST (or other method) to a subgraph; a timeout (ms) destroys the request with a TimeoutError, as AbortSignal.timeout would. */
export function subgraphRequest(agent: Agent, url: string, init: SubgraphRequestInit, timeoutMs: number, retried = false): Promise<SubgraphResponse> {
  return new Promise((resolve, reject) => {
    const body = init.body ?? '';
    const headers: Record<string, string | number> = { ...init.headers, 'content-length': Buffer.byteLength(body) };
    let answered = false;
    let connected = false;
    const req = request(url, { method: init.method ?? 'POST', headers, agent, signal: init.signal ?? undefined }, (res) => {
      answered = true;
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(new SubgraphResponse(url, res.statusCode ?? 0, res.statusMessage, new ResponseHeaders(res.headers), text)));
      res.on('error', reject);
    });
    // A refused connection (nothing was sent) is the one failure known to leave a write undone.
    req.on('socket', (socket) => (req.reusedSocket ? (connected = true) : socket.once('connect', () => (connected = true))));
    req.setTimeout(timeoutMs, () => {
      const error = new Error(`The subgraph did not answer within ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      req.destroy(error);
    });
    req.on('error', (error: UnansweredRequestError) => {
      if (init.idempotent && !retried && closedUnderUs(req, error, answered)) return resolve(subgraphRequest(agent, url, init, timeoutMs, true));
      if (connected && !answered) error.requestMayHaveBeenRead = true;
      reject(error);
    });
    req.end(body);
  });
}
