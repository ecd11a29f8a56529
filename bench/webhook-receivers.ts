import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * The webhook bench's subscribers (bench/webhook-delivery.ts) in a process of their own, as they are in
 * a deployment (their machines, not ours): RECEIVERS loopback HTTP servers answering 200 to every
 * delivery. Over IPC: `{ ports }` once listening; `'count'` → `{ received, duplicates }`; `'take'` →
 * `{ receipts: [bookingUid, receivedAtMs][] }`, the receipts since the last take (a round's).
 * A delivery id seen before is counted as a duplicate (at-least-once), not as a receipt.
 */
const seen = new Set<string>();
let receipts: Array<[string, number]> = [];
let duplicates = 0;

function receiver(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = Date.now();
      res.writeHead(200).end('ok');
      const deliveryId = String(req.headers['x-svc-delivery-id']);
      if (seen.has(deliveryId)) return void duplicates++;
      seen.add(deliveryId);
      receipts.push([JSON.parse(Buffer.concat(chunks).toString('utf8'))?.payload?.uid, now]);
    });
  });
}

async function main() {
  const servers = Array.from({ length: Number(process.env.RECEIVERS ?? 10) }, receiver);
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  process.on('message', (message) => {
    if (message === 'count') process.send!({ received: seen.size, duplicates });
    if (message === 'take') {
      process.send!({ receipts });
      receipts = [];
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ports: servers.map((server) => (server.address() as AddressInfo).port) });
}

void main();
