import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { GraphLink } from '../../../platform/graph-link';
import { openDataSource } from '../../../platform/data-source';
import { DependencyCheck } from '../../../platform/health';
import { JobPump, pumpJobs } from '../../../platform/job-pump';
import { watchQueueDepth } from '../../../platform/metrics';
import {
  queueDepth,
  startJobQueueWorker,
  BOOKING_EVENT_CHANNEL,
  WEBHOOK_DELIVERY_CHANNEL,
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_EVENT_QUEUE,
  WEBHOOK_SCHEDULED_QUEUE,
} from '../../../platform/job-queue';
import { integrations } from '../index';
import { attemptDelivery } from './delivery-attempt';
import { deadLetterGuard } from './dead-letters';
import { closeRenderThread } from './payload-template-renderer';
import { DeliveryJob, fanOut } from './fan-out';
import { BookingEventJob, ScheduledBookingJob } from '../../../platform/webhook-event-jobs';
import { assertValidConfiguration, setting } from '../../../platform/configuration/settings';

/** The channel scheduling's booking_events trigger NOTIFYs: a new event wakes the fan-out at once instead of at the next poll. */

export interface RunningWebhookWorker {
  db: DataSource;
  /** Resolves while the database, and so the queue in it, answers; rejects saying why not. */
  checkDatabase: DependencyCheck;
  stop(): Promise<void>;
}

export interface WebhookWorkerOptions {
  databaseUrl: string;
  /** The gateway's internal listener, for the lookups of subscribers (GraphLink). */
  gatewayUrl: () => string;
}

/**
 * A webhook worker: takes booking events, due triggers and delivery attempts out of the job queue.
 * Any number may run at once (pg-boss hands each job to one of them: SELECT … FOR UPDATE SKIP LOCKED);
 * a job whose worker died is handed out again once it expires (WEBHOOK_JOB_EXPIRE_SECONDS).
 */
export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<RunningWebhookWorker> {
  assertValidConfiguration('webhook worker');
  const db = await openDataSource(integrations.persistence, options.databaseUrl);
  const graph = new GraphLink(options.gatewayUrl);
  const pollingIntervalMs = 1000 * Math.max(0.5, setting('WEBHOOK_POLLING_INTERVAL_SECONDS'));
  let boss: PgBoss | undefined;
  let listener: Client | undefined;
  const pumps: JobPump[] = [];
  try {
    boss = await startJobQueueWorker(options.databaseUrl);
    // A job's work is committed before the job completes: a completion written late (or lost in a crash) only hands out a job that then does nothing.
    const completionDelayMs = setting('WEBHOOK_COMPLETION_DELAY_MS');
    // A job that crashed a worker twice is set aside, not retried into a crash loop (dead-letters.ts).
    const guard = deadLetterGuard(db);
    // Attempts in flight (each mostly waits on its receiver) and fan-outs in flight (each mostly waits on the gateway's lookups).
    const deliveries = pumpJobs<DeliveryJob>(
      boss,
      WEBHOOK_DELIVERY_QUEUE,
      {
        concurrency: setting('WEBHOOK_DELIVERY_CONCURRENCY'),
        maxBatch: 32,
        pollingIntervalMs,
        completionDelayMs,
        guard,
      },
      (job) => attemptDelivery(db, job.data),
    );
    const fanOutConcurrency = setting('WEBHOOK_WORKER_CONCURRENCY');
    const fanOutOptions = { concurrency: fanOutConcurrency, maxBatch: fanOutConcurrency, pollingIntervalMs, completionDelayMs, guard };
    const events = pumpJobs<BookingEventJob>(boss, WEBHOOK_EVENT_QUEUE, fanOutOptions, async (job) => {
      await fanOut(db, graph, job.data);
      deliveries.wake(); // the first attempts it committed are due now
    });
    const scheduled = pumpJobs<ScheduledBookingJob>(boss, WEBHOOK_SCHEDULED_QUEUE, { concurrency: 2, maxBatch: 2, pollingIntervalMs, guard }, async (job) => {
      await fanOut(db, graph, job.data);
      deliveries.wake();
    });
    pumps.push(events, scheduled, deliveries);
    listener = new Client({ connectionString: options.databaseUrl });
    await listener.connect();
    // A committed booking event wakes the fan-out; deliveries committed by any worker process wake the attempts.
    listener.on('notification', (message) => (message.channel === WEBHOOK_DELIVERY_CHANNEL ? deliveries : events).wake());
    listener.on('error', (error) => console.error('webhook worker: LISTEN connection lost:', error.message));
    await listener.query(`LISTEN ${BOOKING_EVENT_CHANNEL}`);
    await listener.query(`LISTEN ${WEBHOOK_DELIVERY_CHANNEL}`);
  } catch (error) {
    await listener?.end().catch(() => undefined);
    await Promise.all(pumps.map((pump) => pump.stop(0)));
    await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
    await db.destroy();
    throw error;
  }
  // The queue's depth in this process's metrics (svc_job_queue_jobs), read when scraped.
  const unwatch = watchQueueDepth(() => queueDepth(db));
  let stopped: Promise<void> | undefined;
  return {
    db,
    checkDatabase: () => db.query('SELECT 1'),
    stop() {
      stopped ??= (async () => {
        unwatch();
        await listener!.end().catch(() => undefined);
        // Jobs still running after 5 s are failed back to the queue (retried later, idempotently) rather than holding the stop up.
        await Promise.all(pumps.map((pump) => pump.stop(5_000)));
        await boss!.stop({ graceful: true, wait: true, timeout: 5_000 });
        await closeRenderThread();
        await db.destroy();
      })();
      return stopped;
    },
  };
}
