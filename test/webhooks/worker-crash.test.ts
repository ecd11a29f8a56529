import './shared-secrets';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Receiver, startReceiver } from './receiver';
import { fastWebhookSettings } from './settings';

const WORKER_SCRIPT = join(__dirname, '..', '..', 'subgraphs', 'integrations', 'webhook-delivery', 'worker-main.js');
const WAIT = { timeoutMs: 30_000 };

interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** The worker as `npm start` runs it: its own node process on this test's database and gateway. */
async function startWorkerProcess(stack: TestStack): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [WORKER_SCRIPT], {
    env: { ...process.env, DATABASE_URL: stack.databaseUrl, GATEWAY_INTERNAL_URL: stack.gateway.internalUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (!(await eventually(async () => output.includes('webhook worker running') || child.exitCode !== null, WAIT)) || child.exitCode !== null) {
    throw new Error(`worker did not start:\n${output}`);
  }
  return { child, exited };
}

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
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
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
