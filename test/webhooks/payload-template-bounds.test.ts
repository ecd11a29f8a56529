import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { startWorkerProcess, workerProcessSuite } from './worker-process';

const HOURS_0_TO_24_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const WAIT = { timeoutMs: 30_000 };
/** The attacker's 145 characters: six nested Handlebars blocks over the whole payload (14 s and the heap cap of a worker rendering them with Handlebars). */
const NESTED_EACH = `${'{{#each @root}}'.repeat(6)}x${'{{/each}}'.repeat(6)}`;

/** Issue 21: a user's payloadTemplate is `{{path}}` placeholders (spec 6 rule 2), bounded, and cannot take the webhook worker down. */
describe('payload templates cannot hurt the webhook worker', () => {
  const suite = workerProcessSuite();
  const { workers } = suite;
  beforeAll(async () => {
    workers.push(await startWorkerProcess(suite.stack));
  });

  async function subscriber(path: string, payloadTemplate?: string) {
    const host = await hostWithSchedule(suite.stack, HOURS_0_TO_24_UTC);
    const eventType = await personalEventType(suite.stack, host.user.id);
    const body = { subscriberUrl: `http://127.0.0.1:${suite.receiver.port}${path}`, triggers: ['BOOKING_CREATED'], payloadTemplate };
    const webhook = expectSuccess(await suite.stack.rest('POST', '/v2/webhooks', { key: host.key, body }), 201);
    return { host, eventType, webhook };
  }

  it('the 145-character nested {{#each @root}} template is refused at create and update with a 400 naming payloadTemplate', async () => {
    const { host, webhook } = await subscriber('/refused', '{"title":"{{title}}"}');
    const create = await suite.stack.rest('POST', '/v2/webhooks', {
      key: host.key,
      body: { subscriberUrl: 'https://hooks.example.com/nested', triggers: ['BOOKING_CREATED'], payloadTemplate: NESTED_EACH },
    });
    expectErrorEnvelope(create, 400, 'BAD_REQUEST', /^payloadTemplate: .*\{\{#each @root\}\}/);
    const update = await suite.stack.rest('PATCH', `/v2/webhooks/${webhook.id}`, {
      key: host.key,
      body: { payloadTemplate: `{"a":"{{title}}","b":"{{{title}}}"}` },
    });
    expectErrorEnvelope(update, 400, 'BAD_REQUEST', /^payloadTemplate: /);
    const tooLong = await suite.stack.rest('POST', '/v2/webhooks', {
      key: host.key,
      body: { subscriberUrl: 'https://hooks.example.com/long', triggers: ['BOOKING_CREATED'], payloadTemplate: 'x'.repeat(20_001) },
    });
    expectErrorEnvelope(tooLong, 400, 'BAD_REQUEST', /payloadTemplate/);
    expect(expectSuccess(await suite.stack.rest('GET', `/v2/webhooks/${webhook.id}`, { key: host.key })).payloadTemplate).toBe('{"title":"{{title}}"}');
  });

  it("stored before the rule, the nested template fails its own delivery with the reason in the log; another user's next booking is still delivered by the same worker process", async () => {
    const attacker = await subscriber('/attacker', '{"title":"{{title}}"}');
    // A template saved before templates were checked at create: only the database still holds such a one.
    await suite.stack.db('integrations').query('UPDATE webhooks SET payload_template = $1 WHERE id = $2', [NESTED_EACH, attacker.webhook.id]);
    const victim = await subscriber('/victim');
    const worker = workers[0];
    const pid = worker.child.pid;

    expectSuccess(await book(suite.stack, { eventTypeId: attacker.eventType.id, start: '2031-05-05T10:00:00Z', attendee: attendee('attacker') }), 201);
    let log: any[] = [];
    const attackerLog = async () =>
      (log = expectSuccess(await suite.stack.rest('GET', `/v2/webhooks/${attacker.webhook.id}/deliveries`, { key: attacker.host.key })));
    expect(await eventually(async () => (await attackerLog())[0]?.status === 'failed', WAIT)).toBe(true);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ triggerEvent: 'BOOKING_CREATED', status: 'failed', attemptCount: 0, attempts: [] });
    expect(log[0].failureReason).toMatch(/^payloadTemplate: .*\{\{#each @root\}\}/);

    const booked = expectSuccess(
      await book(suite.stack, { eventTypeId: victim.eventType.id, start: '2031-05-05T11:00:00Z', attendee: attendee('victim') }),
      201,
    );
    expect(await eventually(async () => suite.receiver.requests.some((r) => r.path === '/victim'), WAIT)).toBe(true);
    expect(JSON.parse(suite.receiver.requests.find((r) => r.path === '/victim')!.body).payload.uid).toBe(booked.uid);
    expect(suite.receiver.requests.filter((r) => r.path === '/attacker')).toEqual([]);
    expect(worker.running()).toBe(true);
    expect(worker.child.pid).toBe(pid);
    // A delivery that was never rendered has nothing to send again.
    const redeliver = await suite.stack.rest('POST', `/v2/webhooks/${attacker.webhook.id}/deliveries/${log[0].id}/redeliver`, { key: attacker.host.key });
    expectErrorEnvelope(redeliver, 409, 'CONFLICT', /payloadTemplate/);
  });
});
