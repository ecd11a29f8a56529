import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** Which connection it came on: the n-th the receiver accepted (1-based). */
  connection: number;
}

/** How the receiver answers one request: a status (and headers), `hang` (no answer until the socket dies) or `reset` (the connection is destroyed unanswered). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang' | 'reset';

/** A real loopback HTTP server standing in for a subscriber: records every request, answers as told. */
export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** The answer to the next requests, in order; when none is queued, `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Stops listening (the port is refused) until `start()`. */
  close(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  let server: Server | undefined;
  const hanging = new Set<ServerResponse>();
  const connections = new WeakMap<object, number>();
  let accepted = 0;
  const receiver: Receiver = {
    url: '',
    port: 0,
    requests: [],
    answers: [],
    fallback: { status: 200, body: 'ok' },
    async start() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          receiver.requests.push({
            method: req.method!,
            path: req.url!,
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
            connection: connections.get(req.socket)!,
          });
          const answer = receiver.answers.shift() ?? receiver.fallback;
          if (answer === 'hang') return void hanging.add(res);
          if (answer === 'reset') return void req.socket.resetAndDestroy();
          res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
        });
      });
      server.on('connection', (socket) => connections.set(socket, ++accepted));
      await new Promise<void>((resolve) => server!.listen(receiver.port, '127.0.0.1', resolve));
      receiver.port = (server!.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${receiver.port}${path}`;
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      server?.closeAllConnections();
      await closed;
      server = undefined;
    },
    stop() {
      return receiver.close();
    },
  };
  await receiver.start();
  return receiver;
}

/** What a subscriber does with X-Svc-Signature-256 (README): HMAC-SHA256 of the raw body with its secret, compared in constant time. */
export function signatureIsValid(body: string, header: string | string[] | undefined, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
