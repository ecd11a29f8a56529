import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Operator } from '../stack/operator';
import { RunningStack } from '../stack/start-stack';
import { ReceiversProcess, WebhookWorkerProcess } from './webhook-processes';

/**
 * (w) Webhook delivery, in the processes a deployment has: the receivers in a process of their own (the
 * subscribers' machines), the worker(s) in their own process(es) as `npm start` runs them
 * (worker-main.js, WEBHOOK_WORKERS); the stack's in-process worker is stopped first. For 1 and 2
 * workers (BENCH_WEBHOOK_WORKERS, default `1,2`), two rounds of `events` BOOKING_CREATED events, each
 * delivered to `subscribers` receivers (webhooks of the host):
 * - live: after a warm-up of WARM_UP_EVENTS, the bookings committed `commitConcurrency` at a time while the
 *   workers run; deliveries/s from the first commit to the last receipt and commit → receipt p50/p99.
 *   Capped by the commit rate when commits are slower than deliveries.
 * - backlog: the bookings committed while the workers are stopped, then fresh workers drain them (fan-out
 *   and every delivery), timed from the moment they run (start-up excluded, cold code included) to the
 *   last receipt: the pipeline's own pace.
 * Each round reports the workers' CPU per delivery (/proc, all worker processes summed): the figure that
 * does not depend on what else the machine runs. BENCH_CPU_PROFILE=dir: the 1-worker backlog round's
 * worker profile, webhook-backlog.cpuprofile.
 */
export interface WebhookRound {
  round: 'live' | 'backlog';
  workers: number;
  deliveries: number;
  received: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** Commit → receipt (live rounds). */
  p50Ms?: number;
  p99Ms?: number;
  /** Booking events committed per second (live rounds). */
  eventsPerSecond?: number;
  /** CPU of the worker processes (user + system) during the round, per delivery received. */
  workerCpuMsPerDelivery: number;
  /** 1-minute load average at the end of the round. */
  loadAverage: number;
}

export interface WebhookBenchResult {
  events: number;
  subscribers: number;
  commitConcurrency: number;
  rounds: WebhookRound[];
  /** Deliveries received more than once (at-least-once: a retried job), in all rounds; counted once above. */
  duplicates: number;
  /** When some never arrived: the bench's deliveries in the database by status, and the booking events not yet fanned out. */
  missing?: { byStatus: Record<string, number>; eventsNotFannedOut: number };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Events delivered by freshly started workers before a live round is measured. */
const WARM_UP_EVENTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task(i)` for i < count, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export async function benchWebhookDelivery(
  stack: RunningStack,
  options: { events: number; subscribers: number; databaseUrl: string; commitConcurrency?: number; workerCounts?: number[]; timeoutMs?: number },
): Promise<WebhookBenchResult> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const commitConcurrency = options.commitConcurrency ?? 8;
  const expected = options.events * options.subscribers;
  const receivers = await ReceiversProcess.start(options.subscribers);
  let workers: WebhookWorkerProcess[] = [];
  const startWorkers = async (count: number, cpuProfileDir?: string) => {
    workers = await Promise.all(
      Array.from({ length: count }, () =>
        WebhookWorkerProcess.start({ databaseUrl: options.databaseUrl, gatewayInternalUrl: stack.gateway.internalUrl, cpuProfileDir }),
      ),
    );
  };
  const stopWorkers = async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
  };
  const workersCpuMs = () => workers.reduce((sum, worker) => sum + worker.cpuMs(), 0);
  try {
    await stack.webhookWorker?.stop();
    const operator = new Operator((name) => stack.db(name));
    const tag = Date.now().toString(36);
    const host = await operator.createUser({
      email: `bench-webhooks-${tag}@example.com`,
      name: 'Bench Host',
      timeZone: 'UTC',
      password: 'correct horse battery',
    });
    const eventType = await operator.createEventType({ title: 'Bench delivery', slug: `bench-delivery-${tag}`, lengthInMinutes: 15, ownerId: host.id });
    const webhookIds: number[] = [];
    for (const port of receivers.ports) {
      const [webhook] = await stack
        .db('integrations')
        .query(`INSERT INTO webhooks (user_id, subscriber_url, triggers) VALUES ($1, $2, '{BOOKING_CREATED}') RETURNING id`, [
          host.id,
          `http://127.0.0.1:${port}/hook`,
        ]);
      webhookIds.push(webhook.id);
    }
    const pendingEvents = async () =>
      Number((await stack.db('integrations').query(`SELECT count(*) AS n FROM job_queue.job WHERE name = 'webhook-event' AND state < 'completed'`))[0].n);
    const base = Date.parse('2032-01-05T00:00:00Z');
    let slot = 0;
    const book = async (label: string): Promise<string> => {
      const i = slot++;
      const booking = await operator.createBooking({
        eventTypeId: eventType.id,
        start: new Date(base + i * 15 * 60_000),
        attendee: { name: `${label} ${i}`, email: `${label.toLowerCase()}-${i}@example.com`, timeZone: 'UTC' },
      });
      return booking.uid;
    };
    const waitForReceipts = async (total: number) => {
      const deadline = Date.now() + timeoutMs;
      while ((await receivers.count()).received < total && Date.now() < deadline) await sleep(20);
    };
    let receivedSoFar = 0;
    const rounds: WebhookRound[] = [];

    // The seeded bookings' events are fanned out (to nobody) by a worker first: every round starts from an idle queue.
    await startWorkers(1);
    const idleDeadline = Date.now() + timeoutMs;
    while ((await pendingEvents()) > 0 && Date.now() < idleDeadline) await sleep(200);

    for (const count of options.workerCounts ?? [1, 2]) {
      await stopWorkers();
      await startWorkers(count);
      // live, after a warm-up (a deployment's workers run long: their code is compiled, their connections open)
      await inParallel(WARM_UP_EVENTS, commitConcurrency, async () => void (await book('Warm-up')));
      await waitForReceipts((receivedSoFar += WARM_UP_EVENTS * options.subscribers));
      receivedSoFar += (await receivers.take()).length - WARM_UP_EVENTS * options.subscribers;
      const committedAt = new Map<string, number>();
      const cpuBefore = workersCpuMs();
      const first = Date.now();
      await inParallel(options.events, commitConcurrency, async () => {
        committedAt.set(await book('Guest'), Date.now());
      });
      const committed = Date.now();
      await waitForReceipts((receivedSoFar += expected));
      const cpu = workersCpuMs() - cpuBefore;
      const receipts = await receivers.take();
      const latencies = receipts
        .map(([uid, at]) => at - (committedAt.get(uid) ?? NaN))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const last = Math.max(...receipts.map(([, at]) => at));
      const seconds = Math.max(0.001, (last - first) / 1000);
      rounds.push({
        round: 'live',
        workers: count,
        deliveries: expected,
        received: receipts.length,
        seconds,
        deliveriesPerSecond: receipts.length / seconds,
        eventsPerSecond: options.events / Math.max(0.001, (committed - first) / 1000),
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        workerCpuMsPerDelivery: cpu / Math.max(1, receipts.length),
        loadAverage: loadavg()[0],
      });
      receivedSoFar += receipts.length - expected;

      // backlog
      await stopWorkers();
      await inParallel(options.events, commitConcurrency, async () => void (await book('Backlog')));
      const profileDir = count === 1 && process.env.BENCH_CPU_PROFILE ? process.env.BENCH_CPU_PROFILE : undefined;
      if (profileDir) mkdirSync(profileDir, { recursive: true });
      await startWorkers(count, profileDir);
      const readyAt = Math.max(...workers.map((worker) => worker.readyAt));
      const drainCpuBefore = workersCpuMs();
      await waitForReceipts((receivedSoFar += expected));
      const drainCpu = workersCpuMs() - drainCpuBefore;
      const drained = await receivers.take();
      receivedSoFar += drained.length - expected;
      const times = drained.map(([, at]) => at);
      const start = Math.min(readyAt, ...times);
      const drainSeconds = Math.max(0.001, (Math.max(...times) - start) / 1000);
      rounds.push({
        round: 'backlog',
        workers: count,
        deliveries: expected,
        received: drained.length,
        seconds: drainSeconds,
        deliveriesPerSecond: drained.length / drainSeconds,
        workerCpuMsPerDelivery: drainCpu / Math.max(1, drained.length),
        loadAverage: loadavg()[0],
      });
      if (profileDir) await stopWorkers(); // the profile is written when the process exits
    }

    let missing: WebhookBenchResult['missing'];
    if (rounds.some((round) => round.received < round.deliveries)) {
      const rows: Array<{ status: string; n: string }> = await stack
        .db('integrations')
        .query(`SELECT status, count(*) AS n FROM webhook_deliveries WHERE webhook_id = ANY($1::int[]) GROUP BY status`, [webhookIds]);
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      byStatus['not created'] = expected * rounds.length - rows.reduce((sum, r) => sum + Number(r.n), 0);
      missing = { byStatus, eventsNotFannedOut: await pendingEvents() };
    }
    return { events: options.events, subscribers: options.subscribers, commitConcurrency, rounds, duplicates: (await receivers.count()).duplicates, missing };
  } finally {
    await stopWorkers();
    receivers.stop();
  }
}

export function printWebhookBench(result: WebhookBenchResult): void {
  const lines = result.rounds.map((r) =>
    r.round === 'live'
      ? `   ${r.workers} worker(s), live (${result.commitConcurrency} bookings committed at a time, ${r.eventsPerSecond!.toFixed(1)} events/s): ${r.received}/${r.deliveries} in ${r.seconds.toFixed(2)} s, ` +
        `${r.deliveriesPerSecond.toFixed(0)} deliveries/s; commit → receipt p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms; workers' CPU ${r.workerCpuMsPerDelivery.toFixed(2)} ms per delivery; load ${r.loadAverage.toFixed(1)}`
      : `   ${r.workers} worker(s), backlog drained by fresh workers: ${r.received}/${r.deliveries} in ${r.seconds.toFixed(2)} s, ${r.deliveriesPerSecond.toFixed(0)} deliveries/s; ` +
        `workers' CPU ${r.workerCpuMsPerDelivery.toFixed(2)} ms per delivery; load ${r.loadAverage.toFixed(1)}`,
  );
  console.log(
    `w  webhook delivery: ${result.events} events × ${result.subscribers} subscribers (receivers and workers in their own processes)` +
      (result.duplicates ? `; ${result.duplicates} received twice` : '') +
      (result.missing
        ? `; missing ones in the database by status: ${JSON.stringify(result.missing.byStatus)}, booking events not fanned out: ${result.missing.eventsNotFannedOut}`
        : '') +
      '\n' +
      lines.join('\n'),
  );
}
