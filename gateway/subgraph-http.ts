import { Agent, ClientRequest, request } from 'node:http';

/**
 * The gateway's HTTP client for subgraph calls: node:http over one keep-alive agent, the body read
 * whole, and a small fetch-shaped response (what @apollo/gateway's RemoteGraphQLDataSource reads:
 * ok, status, headers.get, text, json). The global fetch (undici) cost about a fifth of the stack's
 * CPU per request in the profile of GET /v2/me (docs/performance.md): WHATWG streams, AbortSignal
 * timers and Request/Response objects for a small JSON body on loopback.
 */

/** One gateway's connections to its subgraphs: kept alive between calls, closed by `destroy()` when the gateway stops. */
export function subgraphAgent(): Agent {
  return new Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: Number(process.env.SUBGRAPH_MAX_SOCKETS || 256), maxFreeSockets: 64, scheduling: 'lifo' });
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
}

/**
 * A pooled connection the subgraph closed just as this request was written on it fails before any
 * answer with ECONNRESET or EPIPE: the subgraph never read the request, so it is sent once more on a
 * fresh connection (Node's documented remedy, `request.reusedSocket`), instead of answering 503.
 */
const closedUnderUs = (req: ClientRequest, error: NodeJS.ErrnoException, answered: boolean) =>
  req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

/** One POST (or other method) to a subgraph; a timeout (ms) destroys the request with a TimeoutError, as AbortSignal.timeout would. */
export function subgraphRequest(agent: Agent, url: string, init: SubgraphRequestInit, timeoutMs: number, retried = false): Promise<SubgraphResponse> {
  return new Promise((resolve, reject) => {
    const body = init.body ?? '';
    const headers: Record<string, string | number> = { ...init.headers, 'content-length': Buffer.byteLength(body) };
    let answered = false;
    const req = request(url, { method: init.method ?? 'POST', headers, agent, signal: init.signal ?? undefined }, (res) => {
      answered = true;
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(new SubgraphResponse(url, res.statusCode ?? 0, res.statusMessage, new ResponseHeaders(res.headers), text)));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => {
      const error = new Error(`The subgraph did not answer within ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      req.destroy(error);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && closedUnderUs(req, error, answered)) resolve(subgraphRequest(agent, url, init, timeoutMs, true));
      else reject(error);
    });
    req.end(body);
  });
}
