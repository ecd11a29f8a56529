import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startWorkerProcess, workerProcessSuite } from './worker-process';

const WAIT = { timeoutMs: 30_000 };

/** ARCHITECTURE "Events": a crash between taking a job and acknowledging it loses nothing and logs one delivery. */
describe('webhook worker process killed mid-delivery', () => {
  const suite = workerProcessSuite();
  const { workers } = suite;

  it('SIGKILLed while the receiver holds the request: after a restart the event is delivered, with exactly one acknowledged attempt logged', async () => {
    const host = await hostWithSchedule(suite.stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
    const eventType = await personalEventType(suite.stack, host.user.id);
    const webhook = expectSuccess(
      await suite.stack.rest('POST', '/v2/webhooks', {
        key: host.key,
        body: { subscriberUrl: suite.receiver.url, triggers: ['BOOKING_CREATED'], secret: 's3cret' },
      }),
      201,
    );
    suite.receiver.answers.push('hang');

    workers.push(await startWorkerProcess(suite.stack));
    expectSuccess(await book(suite.stack, { eventTypeId: eventType.id, start: '2031-06-02T10:00:00Z', attendee: attendee('crash') }), 201);
    expect(await eventually(async () => suite.receiver.requests.length === 1, WAIT)).toBe(true);
    workers[0].child.kill('SIGKILL');
    await workers[0].exited;

    workers.push(await startWorkerProcess(suite.stack));
    expect(await eventually(async () => suite.receiver.requests.length === 2, WAIT)).toBe(true);
    let log: any[] = [];
    expect(
      await eventually(async () => {
        log = expectSuccess(await suite.stack.rest('GET', `/v2/webhooks/${webhook.id}/deliveries`, { key: host.key }));
        return log[0]?.status === 'delivered';
      }, WAIT),
    ).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0].attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200 })]);
    // The same delivery both times: the receiver can tell the second request is a repeat.
    expect(suite.receiver.requests[1].headers['x-svc-delivery-id']).toBe(suite.receiver.requests[0].headers['x-svc-delivery-id']);
    expect(suite.receiver.requests[1].body).toBe(suite.receiver.requests[0].body);
  });
});
