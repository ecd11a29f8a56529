import './shared-secrets';
import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Receiver, startReceiver } from './receiver';
import { fastWebhookSettings } from './settings';
import { startWorkerProcess, stopWorkerProcesses, WorkerProcess } from './worker-process';

const WAIT = { timeoutMs: 30_000 };

/** ARCHITECTURE "Events": a crash between taking a job and acknowledging it loses nothing and logs one delivery. */
describe('webhook worker process killed mid-delivery', () => {
  let stack: TestStack;
  let receiver: Receiver;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    fastWebhookSettings();
    stack = await startTestStack({ webhookWorker: false });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await stopWorkerProcesses(workers);
    await receiver.stop();
    await stack.stop();
  });

  it('SIGKILLed while the receiver holds the request: after a restart the event is delivered, with exactly one acknowledged attempt logged', async () => {
    const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
    const eventType = await personalEventType(stack, host.user.id);
    const webhook = expectSuccess(await stack.rest('POST', '/v2/webhooks', { key: host.key, body: { subscriberUrl: receiver.url, triggers: ['BOOKING_CREATED'], secret: 's3cret' } }), 201);
    receiver.answers.push('hang');

    workers.push(await startWorkerProcess(stack));
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2031-06-02T10:00:00Z', attendee: attendee('crash') }), 201);
    expect(await eventually(async () => receiver.requests.length === 1, WAIT)).toBe(true);
    workers[0].child.kill('SIGKILL');
    await workers[0].exited;

    workers.push(await startWorkerProcess(stack));
    expect(await eventually(async () => receiver.requests.length === 2, WAIT)).toBe(true);
    let log: any[] = [];
    expect(
      await eventually(async () => {
        log = expectSuccess(await stack.rest('GET', `/v2/webhooks/${webhook.id}/deliveries`, { key: host.key }));
        return log[0]?.status === 'delivered';
      }, WAIT),
    ).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0].attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200 })]);
    // The same delivery both times: the receiver can tell the second request is a repeat.
    expect(receiver.requests[1].headers['x-svc-delivery-id']).toBe(receiver.requests[0].headers['x-svc-delivery-id']);
    expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
  });
});
