import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { runCli } from '../support/cli';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startWorkerProcess, workerProcessSuite } from './worker-process';

const WAIT = { timeoutMs: 30_000 };

/** Issue 21: a job that took its worker down twice is set aside (dead-lettered), not retried into a crash loop. */
describe('crash-loop guard: a delivery whose attempt crashed its worker twice is dead-lettered', () => {
  const suite = workerProcessSuite();
  const { workers } = suite;

  /** The worker taking the attempt now dies with it (SIGKILL while the receiver holds the request: a crash mid-job). */
  async function crashDuringAttempt(requestsBefore: number) {
    const worker = await startWorkerProcess(suite.stack);
    workers.push(worker);
    expect(await eventually(async () => suite.receiver.requests.length === requestsBefore + 1, WAIT)).toBe(true);
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  it('two workers die during its attempt: the third sets it aside, the log and `npm run admin -- dead-lettered-jobs` show it, no third request is sent', async () => {
    const host = await hostWithSchedule(suite.stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
    const eventType = await personalEventType(suite.stack, host.user.id);
    const webhook = expectSuccess(
      await suite.stack.rest('POST', '/v2/webhooks', { key: host.key, body: { subscriberUrl: suite.receiver.url, triggers: ['BOOKING_CREATED'] } }),
      201,
    );
    suite.receiver.answers.push('hang', 'hang');

    expectSuccess(await book(suite.stack, { eventTypeId: eventType.id, start: '2031-07-07T10:00:00Z', attendee: attendee('loop') }), 201);
    await crashDuringAttempt(0);
    // Handed out again once its job expired: the second worker dies the same way.
    await crashDuringAttempt(1);
    workers.push(await startWorkerProcess(suite.stack));

    let log: any[] = [];
    const deliveries = async () => (log = expectSuccess(await suite.stack.rest('GET', `/v2/webhooks/${webhook.id}/deliveries`, { key: host.key })));
    expect(await eventually(async () => (await deliveries())[0]?.status === 'dead-lettered', WAIT)).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'dead-lettered', attemptCount: 0, attempts: [], nextAttemptAt: null });
    expect(log[0].failureReason).toMatch(/worker.*2 times/);
    expect(suite.receiver.requests).toHaveLength(2);

    const listed = await runCli('admin', { DATABASE_URL: suite.stack.databaseUrl }, 'dead-lettered-jobs');
    expect(listed.code).toBe(0);
    // The booking event's fan-out job may have been in the killed worker's hands too (its completion is written in
    // batches), and then is set aside the same way: only the delivery's job is this test's subject.
    const deliveryJobs = (JSON.parse(listed.stdout) as { jobs: Array<{ queue: string }> }).jobs.filter((job) => job.queue === 'webhook-delivery');
    expect(deliveryJobs).toEqual([
      expect.objectContaining({
        queue: 'webhook-delivery',
        unfinishedStarts: 2,
        deliveryId: log[0].id,
        webhookId: webhook.id,
        reason: log[0].failureReason,
        deadLetteredAt: expect.any(String),
      }),
    ]);
    // The set-aside job is not handed out again (it is no longer in the queue).
    const [{ queued }] = await suite.stack
      .db('integrations')
      .query(`SELECT count(*)::int AS queued FROM job_queue.job WHERE name = 'webhook-delivery' AND data->>'deliveryId' = $1 AND state < 'completed'`, [
        log[0].id,
      ]);
    expect(queued).toBe(0);
  });
});
