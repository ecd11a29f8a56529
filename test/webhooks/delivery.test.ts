import { attendee, book, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Answer, Receiver, signatureIsValid, startReceiver } from './receiver';
import { fastWebhookSettings } from './settings';

const HOURS_0_TO_24_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const SECRET = 'whsec-test-4b1c';
/** Long enough for several poll rounds on a loaded machine. */
const WAIT = { timeoutMs: 20_000 };

/** Spec 6 + issue 8: delivery of booking events to loopback receivers, signed, retried, logged. */
describe('webhook delivery', () => {
  let stack: TestStack;
  let receiver: Receiver;
  let day = 1;
  /** A start time of its own for each booking (the host is booked once per test). */
  const nextStart = () => `2031-03-${String(day++).padStart(2, '0')}T10:00:00Z`;

  beforeAll(async () => {
    fastWebhookSettings();
    stack = await startTestStack();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
    receiver.answers.length = 0;
    receiver.fallback = { status: 200, body: 'ok' };
  });

  async function subscriber(body: Record<string, unknown> = {}, path = `/hook-${Math.random().toString(36).slice(2)}`) {
    const host = await hostWithSchedule(stack, HOURS_0_TO_24_UTC, 'Olivia Organizer');
    const eventType = await personalEventType(stack, host.user.id, { slug: 'intro', title: 'Intro call', lengthInMinutes: 30 });
    const webhook = expectSuccess(
      await stack.rest('POST', '/v2/webhooks', { key: host.key, body: { subscriberUrl: `http://127.0.0.1:${receiver.port}${path}`, triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED', 'BOOKING_RESCHEDULED'], active: true, secret: SECRET, ...body } }),
      201,
    );
    return { host, eventType, webhook, path };
  }

  const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);
  const deliveries = (key: string, webhookId: number) => stack.rest('GET', `/v2/webhooks/${webhookId}/deliveries`, { key });

  it('a created booking is delivered once: POST, signed body {triggerEvent, createdAt, payload}, version, delivery id and User-Agent headers', async () => {
    const { host, eventType, webhook, path } = await subscriber();
    const booking = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('ada') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const [request] = requestsTo(path);
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(signatureIsValid(request.body, request.headers['x-svc-signature-256'], SECRET)).toBe(true);
    expect(request.headers['x-svc-webhook-version']).toBe('2021-10-20');
    expect(request.headers['user-agent']).toMatch(/^svc-webhooks\//);
    expect(request.headers['x-svc-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers['idempotency-key']).toBe(request.headers['x-svc-delivery-id']);
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'payload', 'triggerEvent']);
    expect(body.triggerEvent).toBe('BOOKING_CREATED');
    expect(body.payload).toMatchObject({
      type: 'intro',
      title: booking.title,
      uid: booking.uid,
      bookingId: booking.id,
      eventTypeId: eventType.id,
      status: 'ACCEPTED',
      startTime: booking.start,
      endTime: booking.end,
      length: 30,
      organizer: { id: host.user.id, name: 'Olivia Organizer', email: host.user.email, timeZone: 'UTC', language: { locale: 'en' }, utcOffset: 0 },
      attendees: [{ email: 'guest-ada@example.com', name: 'Guest ada', firstName: 'Guest', lastName: 'ada', timeZone: 'Europe/Paris', language: { locale: 'en' }, utcOffset: 60 }],
      iCalUID: expect.any(String),
      iCalSequence: 0,
      platformOAuthClientId: null,
    });
    // Logged once, acknowledged.
    expect(await eventually(async () => expectSuccess(await deliveries(host.key, webhook.id)).length === 1 && expectSuccess(await deliveries(host.key, webhook.id))[0].status === 'delivered', WAIT)).toBe(true);
    const [logged] = expectSuccess(await deliveries(host.key, webhook.id));
    expect(logged).toMatchObject({ id: request.headers['x-svc-delivery-id'], triggerEvent: 'BOOKING_CREATED', status: 'delivered', attemptCount: 1 });
    expect(logged.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200, responseSnippet: 'ok', error: null, latencyMs: expect.any(Number) })]);
  });
});
