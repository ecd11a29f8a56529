import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A loopback SMS provider: what SMS_PROVIDER_URL is pointed at; it keeps every message it is sent. */
export async function startSmsProvider(): Promise<{ url: string; messages: Array<{ to: string; body: string }>; stop(): Promise<void> }> {
  const messages: Array<{ to: string; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      messages.push(JSON.parse(body));
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    messages,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a message. */
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
