import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { Operator } from '../stack/operator';
import { RunningStack } from '../stack/start-stack';
import { startWebhookWorker } from '../subgraphs/integrations/webhook-delivery/webhook-worker';

/**
 * (w) Webhook delivery: `events` bookings committed one after another by the operator (each writes its
 * BOOKING_CREATED event and enqueues its job in its transaction), each delivered to `subscribers`
 * loopback receivers (webhooks of the host). Measures events/s and deliveries/s from the first commit to
 * the last receipt, and the commit → receipt latency of every delivery (p50, p99). The worker is the
 * stack's in-process one, with its default settings (polling, concurrency) unless the environment says otherwise.
 * Given the database URL, a second round measures the pipeline alone (`backlog`): the events are committed
 * while the worker is stopped, and a fresh worker's drain of them is timed (BENCH_CPU_PROFILE: its CPU profile, webhook-backlog.cpuprofile).
 */
export interface WebhookBenchResult {
  events: number;
  subscribers: number;
  deliveries: number;
  received: number;
  seconds: number;
  eventsPerSecond: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Deliveries received more than once (at-least-once: a retried job); counted once above. */
  duplicates: number;
  /** When some never arrived: the bench's deliveries in the database by status, and the booking events not yet fanned out. */
  missing?: { byStatus: Record<string, number>; eventsNotFannedOut: number };
  /**
   * The pipeline's own pace, apart from the pace of booking commits: the same number of events committed
   * while the worker is stopped, then a fresh worker drains them (fan-out and every delivery); seconds from
   * its start to the last receipt. `cpuMsPerDelivery`: this process's CPU (stack, worker, receivers) during the
   * drain per delivery, steadier than deliveries/s on a shared machine (PostgreSQL's CPU is not in it).
   */
  backlog?: { deliveries: number; received: number; seconds: number; deliveriesPerSecond: number; workerStartSeconds: number; cpuMsPerDelivery: number };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function benchWebhookDelivery(stack: RunningStack, options: { events: number; subscribers: number; timeoutMs?: number; databaseUrl?: string }): Promise<WebhookBenchResult> {
  const saved = process.env.ALLOW_PRIVATE_TARGETS;
  process.env.ALLOW_PRIVATE_TARGETS = '1'; // the receivers are on loopback
  const committedAt = new Map<string, number>();
  const latencies: number[] = [];
  const receivedIds = new Set<string>();
  let duplicates = 0;
  let lastReceipt = 0;
  const backlogUids = new Set<string>();
  let backlogReceived = 0;
  let lastBacklogReceipt = 0;
  const servers: Server[] = [];
  try {
    for (let i = 0; i < options.subscribers; i++) {
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c) => chunks.push(c));
        req.on('end', () => {
          const now = Date.now();
          res.writeHead(200).end('ok');
          const deliveryId = String(req.headers['x-svc-delivery-id']);
          if (receivedIds.has(deliveryId)) return void duplicates++;
          receivedIds.add(deliveryId);
          const uid = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.payload?.uid as string;
          if (backlogUids.has(uid)) {
            backlogReceived++;
            lastBacklogReceipt = now;
            return;
          }
          const committed = committedAt.get(uid);
          if (committed !== undefined) latencies.push(now - committed);
          lastReceipt = now;
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
    }
    const operator = new Operator((name) => stack.db(name));
    const tag = Date.now().toString(36);
    const host = await operator.createUser({ email: `bench-webhooks-${tag}@example.com`, name: 'Bench Host', timeZone: 'UTC', password: 'correct horse battery' });
    const eventType = await operator.createEventType({ title: 'Bench delivery', slug: `bench-delivery-${tag}`, lengthInMinutes: 15, ownerId: host.id });
    const webhookIds: number[] = [];
    for (const server of servers) {
      const [webhook] = await stack.db('integrations').query(`INSERT INTO webhooks (user_id, subscriber_url, triggers) VALUES ($1, $2, '{BOOKING_CREATED}') RETURNING id`, [
        host.id,
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      ]);
      webhookIds.push(webhook.id);
    }
    // The seeded bookings' events are still being fanned out (to nobody): measure from an idle queue.
    const idleDeadline = Date.now() + (options.timeoutMs ?? 120_000);
    const backlog = async () => Number((await stack.db('integrations').query(`SELECT count(*) AS n FROM job_queue.job WHERE name = 'webhook-event' AND state < 'completed'`))[0].n);
    while ((await backlog()) > 0 && Date.now() < idleDeadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const first = Date.now();
    const base = Date.parse('2032-01-05T00:00:00Z');
    for (let i = 0; i < options.events; i++) {
      const booking = await operator.createBooking({ eventTypeId: eventType.id, start: new Date(base + i * 15 * 60_000), attendee: { name: `Guest ${i}`, email: `guest-${i}@example.com`, timeZone: 'UTC' } });
      committedAt.set(booking.uid, Date.now());
    }
    const expected = options.events * options.subscribers;
    const deadline = Date.now() + (options.timeoutMs ?? 120_000);
    while (latencies.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    let missing: WebhookBenchResult['missing'];
    if (latencies.length < expected) {
      const rows: Array<{ status: string; n: string }> = await stack
        .db('integrations')
        .query(`SELECT status, count(*) AS n FROM webhook_deliveries WHERE webhook_id = ANY($1::int[]) GROUP BY status`, [webhookIds]);
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      byStatus['not created'] = expected - rows.reduce((sum, r) => sum + Number(r.n), 0);
      missing = { byStatus, eventsNotFannedOut: await backlog() };
    }
    let drain: WebhookBenchResult['backlog'];
    if (options.databaseUrl && stack.webhookWorker) {
      await stack.webhookWorker.stop();
      for (let i = 0; i < options.events; i++) {
        const booking = await operator.createBooking({ eventTypeId: eventType.id, start: new Date(base + (options.events + i) * 15 * 60_000), attendee: { name: `Backlog ${i}`, email: `backlog-${i}@example.com`, timeZone: 'UTC' } });
        backlogUids.add(booking.uid);
      }
      const profile = process.env.BENCH_CPU_PROFILE ? new Session() : null;
      if (profile) {
        profile.connect();
        await profile.post('Profiler.enable');
        await profile.post('Profiler.start');
      }
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      const worker = await startWebhookWorker({ databaseUrl: options.databaseUrl, gatewayUrl: () => stack.gateway.internalUrl });
      const workerStartSeconds = (Date.now() - started) / 1000;
      try {
        const backlogDeadline = Date.now() + (options.timeoutMs ?? 120_000);
        while (backlogReceived < expected && Date.now() < backlogDeadline) await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        await worker.stop();
      }
      const cpu = process.cpuUsage(cpuBefore);
      if (profile) {
        const { profile: taken } = await profile.post('Profiler.stop');
        profile.disconnect();
        mkdirSync(process.env.BENCH_CPU_PROFILE!, { recursive: true });
        writeFileSync(join(process.env.BENCH_CPU_PROFILE!, 'webhook-backlog.cpuprofile'), JSON.stringify(taken));
      }
      const drained = Math.max(0.001, ((backlogReceived ? lastBacklogReceipt : Date.now()) - started) / 1000);
      drain = { deliveries: expected, received: backlogReceived, seconds: drained, deliveriesPerSecond: backlogReceived / drained, workerStartSeconds, cpuMsPerDelivery: (cpu.user + cpu.system) / 1000 / Math.max(1, backlogReceived) };
    }
    const seconds = Math.max(0.001, ((latencies.length ? lastReceipt : Date.now()) - first) / 1000);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      events: options.events,
      subscribers: options.subscribers,
      deliveries: expected,
      received: latencies.length,
      seconds,
      eventsPerSecond: options.events / seconds,
      deliveriesPerSecond: latencies.length / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      duplicates,
      missing,
      backlog: drain,
    };
  } finally {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    if (saved === undefined) delete process.env.ALLOW_PRIVATE_TARGETS;
    else process.env.ALLOW_PRIVATE_TARGETS = saved;
  }
}

export function printWebhookBench(result: WebhookBenchResult): void {
  console.log(
    `w  webhook delivery: ${result.events} events × ${result.subscribers} loopback subscribers = ${result.received}/${result.deliveries} deliveries in ${result.seconds.toFixed(1)} s; ` +
      `${result.eventsPerSecond.toFixed(1)} events/s, ${result.deliveriesPerSecond.toFixed(1)} deliveries/s; commit → receipt p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms` +
      (result.duplicates ? `; ${result.duplicates} received twice` : '') +
      (result.backlog ? `\n   backlog of ${result.backlog.deliveries} deliveries drained by a fresh worker: ${result.backlog.received} received in ${result.backlog.seconds.toFixed(2)} s, ${result.backlog.deliveriesPerSecond.toFixed(1)} deliveries/s (its start, included, took ${result.backlog.workerStartSeconds.toFixed(2)} s); ${result.backlog.cpuMsPerDelivery.toFixed(2)} ms CPU per delivery (this process: stack, worker, receivers)` : '') +
      (result.missing ? `; missing ones in the database by status: ${JSON.stringify(result.missing.byStatus)}, booking events not fanned out: ${result.missing.eventsNotFannedOut}` : ''),
  );
}
