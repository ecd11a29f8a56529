import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { GraphLink } from '../../kit/graph-link';
import { openDataSource } from '../../kit/data-source';
import { startJobQueueWorker, WEBHOOK_DELIVERY_QUEUE, WEBHOOK_EVENT_QUEUE, WEBHOOK_SCHEDULED_QUEUE } from '../../kit/job-queue';
import { integrations } from '../index';
import { attemptDelivery } from './delivery-attempt';
import { DeliveryJob, EventJob, fanOut, ScheduledJob } from './fan-out';

/** The channel scheduling's booking_events trigger NOTIFYs: a new event wakes the fan-out at once instead of at the next poll. */
const BOOKING_EVENT_CHANNEL = 'svc_booking_event';

export interface RunningWebhookWorker {
  db: DataSource;
  /** True while the queue and the database answer. */
  healthy(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface WebhookWorkerOptions {
  databaseUrl: string;
  /** The gateway's internal listener, for the lookups of subscribers (GraphLink). */
  gatewayUrl: () => string;
}

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
}

/**
 * A webhook worker: takes booking events, due triggers and delivery attempts out of the job queue.
 * Any number may run at once (pg-boss hands each job to one of them: SELECT … FOR UPDATE SKIP LOCKED);
 * a job whose worker died is handed out again once it expires (WEBHOOK_JOB_EXPIRE_SECONDS).
 */
export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<RunningWebhookWorker> {
  const db = await openDataSource(integrations.persistence, options.databaseUrl);
  const graph = new GraphLink(options.gatewayUrl);
  const pollingIntervalSeconds = Math.max(0.5, positive(process.env.WEBHOOK_POLLING_INTERVAL_SECONDS, 2));
  let boss: PgBoss | undefined;
  let listener: Client | undefined;
  try {
    boss = await startJobQueueWorker(options.databaseUrl);
    // WEBHOOK_WORKER_CONCURRENCY loops per queue of fan-outs and of attempts (each takes one job at a time).
    const concurrency = positive(process.env.WEBHOOK_WORKER_CONCURRENCY, 4);
    const eventWorkers: string[] = [];
    const deliveryWorkers: string[] = [];
    // The deliveries a fan-out committed are due now: wake this process's attempt loops instead of waiting for their poll.
    const fanOutAndWake = async (job: EventJob | ScheduledJob) => {
      await fanOut(db, graph, job);
      deliveryWorkers.forEach((id) => boss!.notifyWorker(id));
    };
    for (let i = 0; i < concurrency; i++) {
      eventWorkers.push(await boss.work<EventJob>(WEBHOOK_EVENT_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, ([job]) => fanOutAndWake(job.data)));
      deliveryWorkers.push(await boss.work<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => attemptDelivery(db, job.data)));
    }
    await boss.work<ScheduledJob>(WEBHOOK_SCHEDULED_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, ([job]) => fanOutAndWake(job.data));
    listener = new Client({ connectionString: options.databaseUrl });
    await listener.connect();
    listener.on('notification', () => eventWorkers.forEach((id) => boss!.notifyWorker(id)));
    listener.on('error', (error) => console.error('webhook worker: LISTEN connection lost:', error.message));
    await listener.query(`LISTEN ${BOOKING_EVENT_CHANNEL}`);
  } catch (error) {
    await listener?.end().catch(() => undefined);
    await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
    await db.destroy();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    db,
    async healthy() {
      try {
        await db.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    stop() {
      stopped ??= (async () => {
        await listener!.end().catch(() => undefined);
        // Jobs still running after 5 s are failed back to the queue (retried later, idempotently) rather than holding the stop up.
        await boss!.stop({ graceful: true, wait: true, timeout: 5_000 });
        await db.destroy();
      })();
      return stopped;
    },
  };
}
