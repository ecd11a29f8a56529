import PgBoss from 'pg-boss';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { oneAtATime } from './advisory-lock';
import { setting } from './configuration/settings';
import { withTraceContext } from './tracing';

/**
 * The durable job queue (pg-boss) in its own PostgreSQL schema. It is infrastructure shared by the
 * services, not a subgraph's data: scheduling enqueues into it inside a booking change's transaction
 * (outbox), the webhook workers take jobs out of it.
 */
export const JOB_QUEUE_SCHEMA = 'job_queue';

/** A booking change (or another domain event) whose subscribers are still to be found. */
export const WEBHOOK_EVENT_QUEUE = 'webhook-event';
/** One attempt at one delivery to one webhook. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/** NOTIFYed when deliveries are committed, so every worker process's attempts wake at once instead of at their next poll. */
export const WEBHOOK_DELIVERY_CHANNEL = 'svc_webhook_delivery';
/**
 * NOTIFYed with an event's key when a booking or owner event is committed (scheduling, integrations), so the webhook
 * workers' fan-out wakes at once. The migration that first spelled it keeps its text (migrations are history).
 */
export const BOOKING_EVENT_CHANNEL = 'svc_booking_event';
/** A trigger due at a time (MEETING_STARTED, MEETING_ENDED, no-show checks). */
export const WEBHOOK_SCHEDULED_QUEUE = 'webhook-scheduled';

/**
 * What a committed booking change asks of other subgraphs (meeting URL, workflow reminders, routing
 * form link): scheduling enqueues it in the change's transaction and works it itself, retried until done.
 */
export const BOOKING_HOOKS_QUEUE = 'booking-hooks';

/** One workflow reminder (integrations), due at its time. */
export const WORKFLOW_REMINDERS_QUEUE = 'workflow-reminders';

export const QUEUES = [WEBHOOK_EVENT_QUEUE, WEBHOOK_DELIVERY_QUEUE, WEBHOOK_SCHEDULED_QUEUE, BOOKING_HOOKS_QUEUE, WORKFLOW_REMINDERS_QUEUE] as const;

/**
 * How long a job may stay active before pg-boss takes it for lost (its worker died) and hands it out
 * again. Longer than one delivery attempt may take (OUTBOUND_TIMEOUT_MS), so a live attempt is never
 * duplicated; a crash is retried this long after it happened.
 */
export function jobExpireSeconds(): number {
  const attemptSeconds = Math.ceil(setting('WEBHOOK_ATTEMPT_TIMEOUT_MS') / 1000);
  return Math.max(setting('WEBHOOK_JOB_EXPIRE_SECONDS'), attemptSeconds + 1);
}

/** pg-boss's database access through a TypeORM query runner (structured results: UPDATE … RETURNING gives rows). */
function queryRunnerDb(run: <T>(use: (runner: QueryRunner) => Promise<T>) => Promise<T>): PgBoss.Db {
  return {
    executeSql: (text, values) => run(async (runner) => ({ rows: (await runner.query(text, values?.length ? values : undefined, true)).records })),
  };
}

/** The queue's database access inside the caller's transaction, so a job exists exactly when the change commits. */
export function transactionQueueDb(tx: EntityManager): PgBoss.Db {
  const runner = tx.queryRunner;
  if (!runner) throw new Error('transactionQueueDb needs the EntityManager of a transaction');
  return queryRunnerDb((use) => use(runner));
}

/** pg-boss over a DataSource's connections, not started: for reading and changing queues (queue-settings.ts). */
export function dataSourceQueueDb(db: DataSource): PgBoss.Db {
  return queryRunnerDb(async (use) => {
    const runner = db.createQueryRunner();
    try {
      return await use(runner);
    } finally {
      await runner.release();
    }
  });
}

/**
 * A queue's settings when it is created: retries here only cover a worker that died mid-job (the delivery
 * code schedules its own retries). Only the process that creates the queue (the first to start on a fresh
 * database) applies them; later changes are an operator's (`npm run admin -- queue-settings`, queue-settings.ts).
 */
function initialQueueSettings(name: string): PgBoss.Queue {
  if (name === BOOKING_HOOKS_QUEUE) {
    // Here pg-boss's retry is the retry: a hook whose subgraph is down is tried again with backoff (5 s, 10 s, … about 6 h in all).
    const retryDelay = Math.max(1, Math.round(setting('BOOKING_HOOK_RETRY_DELAY_SECONDS')));
    return { name, policy: 'standard', retryLimit: 12, retryDelay, retryBackoff: true, expireInSeconds: 60, retentionDays: 14 };
  }
  if (name === WORKFLOW_REMINDERS_QUEUE) {
    // At most 5 attempts at sending a reminder, 30 s then doubling.
    const retryDelay = Math.max(1, Math.round(setting('WORKFLOW_REMINDER_RETRY_DELAY_SECONDS')));
    return { name, policy: 'standard', retryLimit: 4, retryDelay, retryBackoff: true, expireInSeconds: 60, retentionDays: 14 };
  }
  return { name, policy: 'standard', retryLimit: 20, retryDelay: 1, retryBackoff: true, expireInSeconds: jobExpireSeconds(), retentionDays: 14 };
}

/**
 * Installs or migrates the queue's schema (pg-boss takes an advisory lock) and creates the missing queues; idempotent.
 * Services starting side by side (npm start) each install it: creating a queue adds a partition, and two
 * processes creating one at once deadlock, so the whole install holds one advisory lock of its own.
 * An existing queue keeps its settings: the database owns them, not whichever process started last.
 */
export async function installJobQueue(db: DataSource): Promise<void> {
  await oneAtATime(db, `${JOB_QUEUE_SCHEMA}.install`, async (lockHolder) => {
    const boss = new PgBoss({ db: queryRunnerDb((use) => use(lockHolder)), schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: true });
    boss.on('error', (error) => console.error('job queue:', error));
    await boss.start();
    for (const name of QUEUES) if (!(await boss.getQueue(name))) await boss.createQueue(name, initialQueueSettings(name));
    await boss.stop({ graceful: false, close: false, wait: true });
  });
}

/** A producer that only ever writes inside the caller's transactions (never started: no polling, no maintenance). */
let producer: PgBoss | undefined;
function jobProducer(): PgBoss {
  producer ??= new PgBoss({
    db: { executeSql: () => Promise.reject(new Error('the job producer only writes inside a transaction')) },
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  return producer;
}

/** Enqueues a job in the caller's transaction; throws (rolling the change back) if the queue is missing. */
export async function enqueueInTransaction(tx: EntityManager, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string> {
  const id = await jobProducer().send(queue, withTraceContext(data), { ...options, db: transactionQueueDb(tx) });
  if (!id && !options.singletonKey) throw new Error(`job queue ${queue} does not exist (installJobQueue was not run)`);
  return id ?? '';
}

/** Enqueues several jobs of one queue with one statement in the caller's transaction; throws if the queue is missing. */
export function enqueueManyInTransaction(tx: EntityManager, queue: string, jobs: Array<{ data: object; startAfter?: Date }>): Promise<void> {
  return enqueueAllInTransaction(
    tx,
    jobs.map((job) => ({ queue, ...job })),
  );
}

/** A job for `enqueueAllInTransaction`: its queue, its data and when it may start (default: now). */
export interface QueuedJob {
  /** A uuid chosen by the caller, to find the job again (default: pg-boss makes one). */
  id?: string;
  queue: string;
  data: object;
  startAfter?: Date;
}

/**
 * Enqueues several jobs, of any queues, in the caller's transaction with one statement (pg-boss
 * `insert`: the queues' own retry and expiry settings apply, as with `send`). A booking change queues
 * four (docs/performance.md); throws, rolling the change back, if a queue is missing.
 */
export async function enqueueAllInTransaction(tx: EntityManager, jobs: readonly QueuedJob[]): Promise<void> {
  if (!jobs.length) return;
  const runner = tx.queryRunner;
  if (!runner) throw new Error('enqueueAllInTransaction needs the EntityManager of a transaction');
  // pg-boss's insert answers nothing: the row count tells whether every job found its queue.
  let inserted = 0;
  const db: PgBoss.Db = {
    executeSql: async (text, values) => {
      const result = await runner.query(text, values, true);
      inserted = result.affected ?? 0;
      return { rows: result.records };
    },
  };
  await jobProducer().insert(
    jobs.map((job) => ({ id: job.id, name: job.queue, data: withTraceContext(job.data), startAfter: job.startAfter })),
    { db },
  );
  if (inserted !== jobs.length) throw new Error(`job queue ${jobs.map((j) => j.queue).join(', ')}: a queue does not exist (installJobQueue was not run)`);
}

/**
 * enqueueAllInTransaction's statement as one part (a `WITH` entry) of a larger statement: pg-boss's own
 * insert, so the queues' settings apply as with `send`, reading its jobs from the SQL expression
 * `jobsJson` (a json array of `{id?, name, data, startAfter?}`) instead of its first parameter, and
 * answering the ids inserted (a job whose queue is missing is not). `params` are $1…$6 of the whole
 * statement: $1 is free for the caller (jobsJson may use it), the caller's own parameters start at $7.
 * Throws if pg-boss's statement no longer has the shape rewritten here; test/backbone/job-queue.test.ts runs it.
 */
export async function jobInsertPart(jobsJson: string): Promise<{ text: string; params: unknown[] }> {
  insertText ??= capturedInsert();
  const { text, params } = await insertText;
  const source = 'json_to_recordset($1)';
  if (!text.includes(source)) throw new Error(`pg-boss's insert no longer reads ${source}: jobInsertPart needs updating`);
  return { text: `${text.replace(source, `json_to_recordset(${jobsJson})`)} RETURNING id`, params: [null, ...params.slice(1)] };
}

let insertText: Promise<{ text: string; params: unknown[] }> | undefined;
/** pg-boss's insert statement and its parameters, as it would send them (nothing is run). */
async function capturedInsert(): Promise<{ text: string; params: unknown[] }> {
  let captured: { text: string; params: unknown[] } | undefined;
  await jobProducer().insert([], { db: { executeSql: async (text, params) => ((captured = { text, params: params ?? [] }), { rows: [] }) } });
  if (!captured || captured.params.length !== 6) throw new Error("pg-boss's insert changed shape: jobInsertPart needs updating");
  return captured;
}

/*
 * pg-boss 10 has no call that finds jobs by their data or deletes a job in another statement, so the three
 * functions below read its `job` table (name, id, state, data) themselves; they are the only places that do,
 * and test/backbone/job-queue.test.ts fails should an upgrade change what they read.
 */

/**
 * Cancels, in the caller's transaction, the jobs of `queue` not yet started (created, retry) whose data's
 * `field` is one of `values` (e.g. the meeting triggers of a booking that was cancelled).
 */
export async function cancelWaitingJobsInTransaction(tx: EntityManager, queue: string, field: string, values: string[]): Promise<void> {
  const rows: Array<{ id: string }> = await tx.query(
    `SELECT id FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>$2 = ANY($3)`,
    [queue, field, values],
  );
  if (rows.length)
    await jobProducer().cancel(
      queue,
      rows.map((r) => r.id),
      { db: transactionQueueDb(tx) },
    );
}

/**
 * A `WITH` part that deletes the job `$<idParam>` of queue `$<queueParam>` unless a worker has taken it
 * (state created): a job whose work was done inline goes in the same statement as that work's write.
 */
export function unstartedJobDeletePart(queueParam: number, idParam: number): string {
  return `DELETE FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $${queueParam} AND id = $${idParam} AND state = 'created'`;
}

/** The jobs waiting (created, retry) and in hand (active) per queue and state: what the metrics show of the queue. */
export async function queueDepth(db: DataSource): Promise<Array<{ queue: string; state: string; jobs: number }>> {
  return db.query(
    `SELECT name AS queue, state::text AS state, count(*)::int AS jobs FROM ${JOB_QUEUE_SCHEMA}.job
     WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
  );
}

/** A started pg-boss with its own connection pool, for a worker process. */
export async function startJobQueueWorker(databaseUrl: string, options: { pollingIntervalSeconds?: number; max?: number } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOB_QUEUE_SCHEMA,
    max: setting('WEBHOOK_WORKER_POOL_SIZE'),
    migrate: true,
    schedule: false,
    supervise: true,
    // Finds jobs of dead workers (expired) and retries them; seconds in tests, a minute by default.
    maintenanceIntervalSeconds: setting('WEBHOOK_MAINTENANCE_INTERVAL_SECONDS'),
    ...options,
  });
  boss.on('error', (error) => console.error('webhook worker queue error:', error.message));
  await boss.start();
  return boss;
}
