import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import {
  BOOKING_HOOKS_QUEUE,
  cancelWaitingJobsInTransaction,
  installJobQueue,
  JOB_QUEUE_SCHEMA,
  jobInsertPart,
  queueDepth,
  unstartedJobDeletePart,
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_SCHEDULED_QUEUE,
} from '../../platform/job-queue';

/**
 * platform/job-queue.ts rewrites pg-boss's insert statement (jobInsertPart) and reads and deletes rows
 * of pg-boss's `job` table itself (pg-boss 10 has no call for either). A pg-boss upgrade that changes the
 * statement or the table must fail here, not make a booking's jobs silently go missing. What the jobs
 * became is read back through pg-boss's own calls (getJobById, getQueue), on a migrated database without a stack.
 */
describe("the job queue's SQL on pg-boss's tables", () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const databaseName = `test_job_queue_${randomBytes(6).toString('hex')}`;
  let db: DataSource;
  let boss: PgBoss;

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: await ensureDatabase(serverUrl, databaseName, process.env.TEST_TEMPLATE_DATABASE) });
    await db.initialize();
    // A test database starts without queues (test/support/global-setup.ts): created here as a stack's first process does.
    await installJobQueue(db);
    // Structured results (UPDATE … RETURNING gives rows), as the queue's own access has them.
    const executeSql = async (text: string, values: unknown[]) => {
      const runner = db.createQueryRunner();
      try {
        return { rows: (await runner.query(text, values?.length ? values : undefined, true)).records };
      } finally {
        await runner.release();
      }
    };
    boss = new PgBoss({ db: { executeSql }, schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
  });
  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(serverUrl, databaseName);
  });

  it("jobInsertPart's statement inserts the jobs it is given with their queue's settings, and answers only those whose queue exists", async () => {
    const [scheduled, hooks, lost] = [randomUUID(), randomUUID(), randomUUID()];
    const later = new Date(Date.now() + 3_600_000);
    const jobs = [
      { id: scheduled, name: WEBHOOK_SCHEDULED_QUEUE, data: { bookingUid: 'part-1' } },
      { id: hooks, name: BOOKING_HOOKS_QUEUE, data: { bookingUid: 'part-2' }, startAfter: later.toISOString() },
      { id: lost, name: 'no-such-queue', data: {} },
    ];
    const part = await jobInsertPart('$1::json');
    expect(part.text).not.toContain('json_to_recordset($1)'); // the rewrite took: the jobs come from the expression given
    const rows: Array<{ id: string }> = await db.query(`WITH job AS (${part.text}) SELECT id FROM job`, [JSON.stringify(jobs), ...part.params.slice(1)]);
    expect(rows.map((r) => r.id).sort()).toEqual([scheduled, hooks].sort());

    const queue = await boss.getQueue(WEBHOOK_SCHEDULED_QUEUE);
    expect(await boss.getJobById(WEBHOOK_SCHEDULED_QUEUE, scheduled)).toMatchObject({
      name: WEBHOOK_SCHEDULED_QUEUE,
      state: 'created',
      data: { bookingUid: 'part-1' },
      retryLimit: queue!.retryLimit,
    });
    expect((await boss.getJobById(BOOKING_HOOKS_QUEUE, hooks))?.startAfter).toEqual(later);
  });

  it('cancelWaitingJobsInTransaction cancels the waiting jobs of the queue whose data matches, and no other', async () => {
    const [mine, other, elsewhere] = [randomUUID(), randomUUID(), randomUUID()];
    await boss.insert([
      { id: mine, name: WEBHOOK_SCHEDULED_QUEUE, data: { bookingUid: 'cancel-me' } },
      { id: other, name: WEBHOOK_SCHEDULED_QUEUE, data: { bookingUid: 'keep-me' } },
      { id: elsewhere, name: BOOKING_HOOKS_QUEUE, data: { bookingUid: 'cancel-me' } },
    ]);
    await db.transaction((tx) => cancelWaitingJobsInTransaction(tx, WEBHOOK_SCHEDULED_QUEUE, 'bookingUid', ['cancel-me', 'unknown']));
    expect((await boss.getJobById(WEBHOOK_SCHEDULED_QUEUE, mine))?.state).toBe('cancelled');
    expect((await boss.getJobById(WEBHOOK_SCHEDULED_QUEUE, other))?.state).toBe('created');
    expect((await boss.getJobById(BOOKING_HOOKS_QUEUE, elsewhere))?.state).toBe('created');
  });

  it('unstartedJobDeletePart deletes a job no worker has taken and leaves a taken one; queueDepth counts what is left', async () => {
    const [taken, waiting] = [randomUUID(), randomUUID()];
    await boss.insert([{ id: taken, name: WEBHOOK_DELIVERY_QUEUE, data: {} }]);
    const fetched = await boss.fetch(WEBHOOK_DELIVERY_QUEUE);
    expect(fetched?.map((job) => job.id)).toEqual([taken]);
    await boss.insert([{ id: waiting, name: WEBHOOK_DELIVERY_QUEUE, data: {} }]);
    for (const id of [taken, waiting]) await db.query(`WITH ended AS (${unstartedJobDeletePart(1, 2)}) SELECT 1`, [WEBHOOK_DELIVERY_QUEUE, id]);
    expect((await boss.getJobById(WEBHOOK_DELIVERY_QUEUE, taken))?.state).toBe('active');
    expect(await boss.getJobById(WEBHOOK_DELIVERY_QUEUE, waiting)).toBeNull();
    expect(await queueDepth(db)).toContainEqual({ queue: WEBHOOK_DELIVERY_QUEUE, state: 'active', jobs: 1 });
  });
});
