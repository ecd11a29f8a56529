import { Agent, ClientRequest, IncomingMessage, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The test stack's HTTP client (`stack.rest`, `stack.graphql`): one request as the global fetch sends it (the same
 * headers, merged the same way, and the body read whole and decoded alike), over node:http and a keep-alive agent of
 * the stack's own. fetch (undici: WHATWG streams, Request and Response objects, AbortSignal timers) costs a test worker
 * several times the CPU of node:http for a small JSON answer on loopback, as it did the gateway's subgraph calls
 * (platform/subgraph-http.ts), and the suites send tens of thousands of requests. Tests that want fetch itself (a
 * redirect followed, a stream, a browser's view) call it directly.
 */

/** What fetch adds to every request that does not set them itself (Node 20's undici). */
const FETCH_DEFAULT_HEADERS: Array<[string, string]> = [
  ['accept', '*/*'],
  ['accept-language', '*'],
  ['sec-fetch-mode', 'cors'],
  ['user-agent', 'node'],
  ['accept-encoding', 'gzip, deflate'],
];

export interface LoopbackAnswer {
  status: number;
  /** The body as text, as fetch's `response.text()` reads it. */
  text: string;
  headers: Headers;
}

/** The keep-alive connections of one test stack's client; `destroy()` closes them when the stack stops. */
export function loopbackAgent(): Agent {
  return new Agent({ keepAlive: true });
}

function decoded(res: IncomingMessage, body: Buffer): Buffer {
  switch (res.headers['content-encoding']) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function answerOf(res: IncomingMessage, body: Buffer): LoopbackAnswer {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
  // fetch's text(): UTF-8, a leading byte order mark dropped.
  return { status: res.statusCode ?? 0, text: new TextDecoder().decode(decoded(res, body)), headers };
}

/**
 * Sends `method url` with `headers` (a record, merged case-insensitively into one value per name as fetch's
 * Headers does) and `body`. A redirect is answered as an error: fetch would follow it, this client does not.
 */
export function loopbackRequest(
  agent: Agent,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  retried = false,
): Promise<LoopbackAnswer> {
  const merged = new Headers(init.headers);
  for (const [name, value] of FETCH_DEFAULT_HEADERS) if (!merged.has(name)) merged.set(name, value);
  const headers: Record<string, string | number> = Object.fromEntries(merged);
  if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req: ClientRequest = request(url, { method: init.method, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode && [301, 302, 303, 307, 308].includes(res.statusCode) && res.headers.location)
          return reject(new Error(`${init.method} ${url} answered ${res.statusCode} to ${res.headers.location}: call fetch to follow a redirect`));
        try {
          resolve(answerOf(res, Buffer.concat(chunks)));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A pooled connection the server closed as idle just as this request was written on it: never read, sent again once.
      if (req.reusedSocket && !answered && !retried && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        return resolve(loopbackRequest(agent, url, init, true));
      reject(error);
    });
    req.end(init.body);
  });
}
