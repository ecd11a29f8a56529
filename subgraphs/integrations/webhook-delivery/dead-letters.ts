import PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { WEBHOOK_DELIVERY_QUEUE } from '../../../platform/job-queue';
import { CrashGuard } from '../../../platform/job-pump';
import { countDelivery } from '../../../platform/metrics';

/** A job is set aside once this many of its starts never finished (each time its worker died with it in hand). */
export const CRASHES_BEFORE_DEAD_LETTER = 2;

/**
 * The webhook worker's crash guard (platform/job-pump.ts) over `unfinished_jobs`: a row per job taken out of the
 * queue and not yet ended, which a crash leaves behind. One statement per fetched batch records the starts
 * and marks the jobs whose unfinished starts reached the limit; ended jobs' rows are deleted with the
 * completions. A dead-lettered attempt also shows in its webhook's delivery log (status `dead-lettered`, the reason).
 */
export function deadLetterGuard(db: DataSource): CrashGuard {
  return {
    async starting(queue, jobs) {
      const rows: Array<{ job_id: string; dead_lettered: boolean; unfinished_starts: number }> = await db.query(
        `INSERT INTO unfinished_jobs (job_id, queue) SELECT unnest($1::uuid[]), $2
         ON CONFLICT (job_id) DO UPDATE SET
           last_started_at = now(),
           unfinished_starts = unfinished_jobs.unfinished_starts + CASE WHEN unfinished_jobs.unfinished_starts >= $3 THEN 0 ELSE 1 END,
           dead_lettered_at = COALESCE(unfinished_jobs.dead_lettered_at, CASE WHEN unfinished_jobs.unfinished_starts >= $3 THEN now() END)
         RETURNING job_id, dead_lettered_at IS NOT NULL AS dead_lettered, unfinished_starts`,
        [jobs.map((job) => job.id), queue, CRASHES_BEFORE_DEAD_LETTER],
      );
      const setAside = rows.filter((row) => row.dead_lettered);
      if (setAside.length) {
        const byId = new Map(jobs.map((job) => [job.id, job]));
        await db.transaction(async (tx) => {
          for (const row of setAside) await deadLetter(tx, queue, byId.get(row.job_id)!, row.unfinished_starts);
        });
        if (queue === WEBHOOK_DELIVERY_QUEUE) countDelivery('dead_lettered', setAside.length);
      }
      return new Set(setAside.map((row) => row.job_id));
    },
    async ended(ids) {
      await db.query(`DELETE FROM unfinished_jobs WHERE job_id = ANY($1::uuid[]) AND dead_lettered_at IS NULL`, [ids]);
    },
  };
}

async function deadLetter(tx: EntityManager, queue: string, job: PgBoss.Job<object>, crashes: number): Promise<void> {
  const reason =
    `set aside (dead-lettered): the webhook worker stopped ${crashes} times with this job in hand, each time before it finished; ` + 'not attempted again';
  console.error(`job queue ${queue}: job ${job.id} dead-lettered: ${reason}`);
  await tx.query(`UPDATE unfinished_jobs SET reason = $2, data = $3 WHERE job_id = $1`, [job.id, reason, JSON.stringify(job.data)]);
  const deliveryId = queue === WEBHOOK_DELIVERY_QUEUE ? (job.data as { deliveryId?: unknown }).deliveryId : undefined;
  if (typeof deliveryId === 'string') {
    await tx.query(
      `UPDATE webhook_deliveries SET status = 'dead-lettered', failure_reason = $2, next_attempt_at = NULL, updated_at = now()
       WHERE id::text = $1 AND status = 'pending'`,
      [deliveryId, reason],
    );
  }
}

export interface DeadLetteredJob {
  jobId: string;
  queue: string;
  unfinishedStarts: number;
  firstStartedAt: string;
  deadLetteredAt: string;
  reason: string | null;
  /** For an attempt: the delivery and its webhook (its owner sees it in the delivery log). */
  deliveryId: string | null;
  webhookId: number | null;
  data: unknown;
}

/** The jobs set aside, newest first (`npm run admin -- dead-lettered-jobs`). */
export async function deadLetteredJobs(db: DataSource): Promise<DeadLetteredJob[]> {
  const rows: {
    job_id: string;
    queue: string;
    unfinished_starts: number;
    first_started_at: Date;
    dead_lettered_at: Date;
    reason: string | null;
    delivery_id: string | null;
    webhook_id: number | null;
    data: unknown;
  }[] = await db.query(
    `SELECT u.job_id, u.queue, u.unfinished_starts, u.first_started_at, u.dead_lettered_at, u.reason, u.data, d.id AS delivery_id, d.webhook_id
     FROM unfinished_jobs u LEFT JOIN webhook_deliveries d ON u.queue = $1 AND d.id::text = u.data->>'deliveryId'
     WHERE u.dead_lettered_at IS NOT NULL ORDER BY u.dead_lettered_at DESC, u.job_id`,
    [WEBHOOK_DELIVERY_QUEUE],
  );
  return rows.map((row) => ({
    jobId: row.job_id,
    queue: row.queue,
    unfinishedStarts: row.unfinished_starts,
    firstStartedAt: new Date(row.first_started_at).toISOString(),
    deadLetteredAt: new Date(row.dead_lettered_at).toISOString(),
    reason: row.reason,
    deliveryId: row.delivery_id,
    webhookId: row.webhook_id,
    data: row.data,
  }));
}
