import ICAL from 'ical.js';
import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { oauthClient } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { newSecret, SECRET_PREFIX, sha256Hex } from '../../subgraphs/oauth/secrets';
import { OAuthGrant } from '../../subgraphs/oauth/token/grant.entity';
import { OAuthToken } from '../../subgraphs/oauth/token/token.entity';
import { Receiver, signatureIsValid, startReceiver } from './receiver';
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
      await stack.rest('POST', '/v2/webhooks', {
        key: host.key,
        body: {
          subscriberUrl: `http://127.0.0.1:${receiver.port}${path}`,
          triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED', 'BOOKING_RESCHEDULED'],
          active: true,
          secret: SECRET,
          ...body,
        },
      }),
      201,
    );
    return { host, eventType, webhook, path };
  }

  /** A host whose signed BOOKING_CREATED webhook goes to a receiver of the test's own. */
  async function ownSubscriber(own: Receiver) {
    const host = await hostWithSchedule(stack, HOURS_0_TO_24_UTC);
    const eventType = await personalEventType(stack, host.user.id);
    const webhook = expectSuccess(
      await stack.rest('POST', '/v2/webhooks', {
        key: host.key,
        body: { subscriberUrl: own.url, triggers: ['BOOKING_CREATED'], active: true, secret: SECRET },
      }),
      201,
    );
    return { host, eventType, webhook };
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
      attendees: [
        {
          email: 'guest-ada@example.com',
          name: 'Guest ada',
          firstName: 'Guest',
          lastName: 'ada',
          timeZone: 'Europe/Paris',
          language: { locale: 'en' },
          utcOffset: 60,
        },
      ],
      iCalUID: expect.any(String),
      iCalSequence: 0,
      platformOAuthClientId: null,
    });
    // Logged once, acknowledged.
    expect(
      await eventually(
        async () =>
          expectSuccess(await deliveries(host.key, webhook.id)).length === 1 && expectSuccess(await deliveries(host.key, webhook.id))[0].status === 'delivered',
        WAIT,
      ),
    ).toBe(true);
    const [logged] = expectSuccess(await deliveries(host.key, webhook.id));
    expect(logged).toMatchObject({ id: request.headers['x-svc-delivery-id'], triggerEvent: 'BOOKING_CREATED', status: 'delivered', attemptCount: 1 });
    expect(logged.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, responseSnippet: 'ok', error: null, latencyMs: expect.any(Number) }),
    ]);
  });

  const delivered = async (key: string, webhookId: number, count = 1) => {
    let items: any[] = [];
    const done = await eventually(async () => {
      items = expectSuccess(await deliveries(key, webhookId));
      return items.length === count && items.every((d) => d.status !== 'pending');
    }, WAIT);
    if (!done) throw new Error(`deliveries did not settle: ${JSON.stringify(items)}`);
    return items;
  };
  /** The pg-boss jobs of a delivery's attempt (state created/retry/active/completed/…). */
  const attemptJobs = (deliveryId: string, attempt: number) =>
    stack
      .db('integrations')
      .query(`SELECT state FROM job_queue.job WHERE name = 'webhook-delivery' AND data->>'deliveryId' = $1 AND (data->>'attempt')::int = $2`, [
        deliveryId,
        attempt,
      ]);

  it('a receiver that is down is retried until it is up again: one delivery, the failed attempts and the acknowledged one logged', async () => {
    const own = await startReceiver();
    try {
      const host = await hostWithSchedule(stack, HOURS_0_TO_24_UTC);
      const eventType = await personalEventType(stack, host.user.id);
      const webhook = expectSuccess(
        await stack.rest('POST', '/v2/webhooks', { key: host.key, body: { subscriberUrl: own.url, triggers: ['BOOKING_CREATED'], active: true } }),
        201,
      );
      await own.close();
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('down') }), 201);
      expect(await eventually(async () => expectSuccess(await deliveries(host.key, webhook.id))[0]?.attempts.length >= 1, WAIT)).toBe(true);
      const [failing] = expectSuccess(await deliveries(host.key, webhook.id));
      expect(failing.status).toBe('pending');
      expect(failing.attempts[0]).toMatchObject({ attempt: 1, statusCode: null, error: expect.any(String) });
      await own.start();
      const [settled] = await delivered(host.key, webhook.id);
      expect(settled.status).toBe('delivered');
      expect(own.requests).toHaveLength(1);
      expect(own.requests[0].headers['x-svc-signature-256']).toBe('no-secret-provided');
      expect(settled.attempts.at(-1)).toMatchObject({ statusCode: 200 });
      expect(settled.attempts.slice(0, -1).every((a: any) => a.statusCode === null)).toBe(true);
    } finally {
      await own.stop();
    }
  });

  it('a receiver gets its next delivery on the connection of the previous one (kept alive), each signed, each with its own delivery id', async () => {
    const own = await startReceiver();
    try {
      const { host, eventType, webhook } = await ownSubscriber(own);
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('first') }), 201);
      await delivered(host.key, webhook.id, 1);
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('second') }), 201);
      await delivered(host.key, webhook.id, 2);
      expect(own.requests.map((r) => r.connection)).toEqual([1, 1]);
      expect(new Set(own.requests.map((r) => r.headers['x-svc-delivery-id'])).size).toBe(2);
      expect(own.requests.every((r) => signatureIsValid(r.body, r.headers['x-svc-signature-256'], SECRET))).toBe(true);
    } finally {
      await own.stop();
    }
  });

  it('a 4xx answer is final: failed after one attempt, no second attempt queued', async () => {
    const { host, eventType, webhook, path } = await subscriber();
    receiver.answers.push({ status: 400, body: 'bad payload' });
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('four') }), 201);
    const [failed] = await delivered(host.key, webhook.id);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 1, nextAttemptAt: null });
    expect(failed.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 400, responseSnippet: 'bad payload' })]);
    expect(requestsTo(path)).toHaveLength(1);
    expect(await attemptJobs(failed.id, 2)).toEqual([]);
  });

  it('5xx, 408 and 429 are retried with the same delivery id and body; Retry-After is honoured', async () => {
    const { host, eventType, webhook, path } = await subscriber();
    receiver.answers.push({ status: 503, headers: { 'retry-after': '2' } }, { status: 500 }, { status: 408 }, { status: 200, body: 'finally' });
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('five') }), 201);
    const [settled] = await delivered(host.key, webhook.id);
    expect(settled.status).toBe('delivered');
    expect(settled.attempts.map((a: any) => a.statusCode)).toEqual([503, 500, 408, 200]);
    const requests = requestsTo(path);
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.headers['x-svc-delivery-id']))).toEqual(new Set([settled.id]));
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    // Retry-After: 2 (seconds) held the second attempt back at least that long.
    expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(2000);
  });

  it('a subscriber failing at first is retried by the worker alone (nobody redelivers): 503, 429 with Retry-After, a reset connection, then 200 is delivered, the log shows each attempt', async () => {
    const own = await startReceiver();
    try {
      const { host, eventType, webhook } = await ownSubscriber(own);
      own.answers.push({ status: 503, body: 'busy' }, { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' }, 'reset', {
        status: 200,
        body: 'got it',
      });
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('flaky') }), 201);
      const [settled] = await delivered(host.key, webhook.id);
      expect(settled).toMatchObject({ status: 'delivered', attemptCount: 4, nextAttemptAt: null });
      expect(settled.attempts.map((a: any) => [a.attempt, a.statusCode, a.responseSnippet])).toEqual([
        [1, 503, 'busy'],
        [2, 429, 'slow down'],
        [3, null, null],
        [4, 200, 'got it'],
      ]);
      expect(settled.attempts[2].error).toEqual(expect.any(String));
      expect(own.requests.map((r) => r.headers['x-svc-webhook-attempt'])).toEqual(['1', '2', '3', '4']);
      expect(new Set(own.requests.map((r) => r.headers['x-svc-delivery-id']))).toEqual(new Set([settled.id]));
      expect(own.requests.every((r) => signatureIsValid(r.body, r.headers['x-svc-signature-256'], SECRET))).toBe(true);
      // Retry-After: 1 (second) held the third attempt back at least that long.
      expect(own.requests[2].at - own.requests[1].at).toBeGreaterThanOrEqual(1000);
    } finally {
      await own.stop();
    }
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS (4 here): failed, every attempt logged', async () => {
    const { host, eventType, webhook } = await subscriber();
    receiver.fallback = { status: 502, body: 'gateway down' };
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('six') }), 201);
    const [failed] = await delivered(host.key, webhook.id);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 4 });
    expect(failed.attempts.map((a: any) => a.statusCode)).toEqual([502, 502, 502, 502]);
  });

  it('a webhook deactivated between attempts stops: the delivery is cancelled, nothing more is sent', async () => {
    const { host, eventType, webhook, path } = await subscriber();
    receiver.answers.push({ status: 503, headers: { 'retry-after': '2' } });
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('seven') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    expectSuccess(await stack.rest('PATCH', `/v2/webhooks/${webhook.id}`, { key: host.key, body: { active: false } }));
    const [cancelled] = await delivered(host.key, webhook.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', attemptCount: 1 });
    expect(requestsTo(path)).toHaveLength(1);
  });

  it('a deleted webhook cancels what is pending: its deliveries go with it and the queued attempt sends nothing', async () => {
    const { host, eventType, webhook, path } = await subscriber();
    receiver.answers.push({ status: 503, headers: { 'retry-after': '2' } });
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('eight') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const deliveryId = String(requestsTo(path)[0].headers['x-svc-delivery-id']);
    expect(await eventually(async () => (await attemptJobs(deliveryId, 2)).length === 1, WAIT)).toBe(true);
    expectSuccess(await stack.rest('DELETE', `/v2/webhooks/${webhook.id}`, { key: host.key }));
    expect(await eventually(async () => (await attemptJobs(deliveryId, 2))[0]?.state === 'completed', WAIT)).toBe(true);
    expect(requestsTo(path)).toHaveLength(1);
    expect(await stack.db('integrations').query('SELECT id FROM webhook_deliveries WHERE id = $1', [deliveryId])).toEqual([]);
  });

  it('only subscribed, active webhooks of the host hear of a booking; webhooks of other users do not', async () => {
    const { host, eventType, path } = await subscriber({ triggers: ['BOOKING_CANCELLED'] });
    const bystander = await subscriber();
    const inactive = await subscriber({ active: false });
    expect(inactive.webhook.active).toBe(false);
    const booking = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('nine') }), 201);
    expectSuccess(await stack.rest('POST', `/v2/bookings/${booking.uid}/cancel`, { body: { cancellationReason: 'Clash' }, headers: BOOKINGS_VERSION }));
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const body = JSON.parse(requestsTo(path)[0].body);
    expect(body.triggerEvent).toBe('BOOKING_CANCELLED');
    expect(body.payload).toMatchObject({
      uid: booking.uid,
      status: 'CANCELLED',
      cancellationReason: 'Clash',
      cancelledBy: null,
      organizer: { id: host.user.id },
    });
    expect(requestsTo(bystander.path)).toEqual([]);
    expect(requestsTo(inactive.path)).toEqual([]);
  });

  it('event type webhooks hear of bookings of their event type', async () => {
    const host = await hostWithSchedule(stack, HOURS_0_TO_24_UTC);
    const eventType = await personalEventType(stack, host.user.id);
    const path = '/event-type-hook';
    expectSuccess(
      await stack.rest('POST', `/v2/event-types/${eventType.id}/webhooks`, {
        key: host.key,
        body: { subscriberUrl: `${receiver.url.replace('/hook', path)}`, triggers: ['BOOKING_CREATED'], active: true },
      }),
      201,
    );
    const booking = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('ten') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    expect(JSON.parse(requestsTo(path)[0].body).payload.uid).toBe(booking.uid);
  });

  it('team and organization webhooks: a booking of a team event type reaches the team and its organization; a member\u2019s personal booking reaches the organization; another organization hears nothing', async () => {
    const operator = operatorOf(stack);
    const host = await hostWithSchedule(stack, HOURS_0_TO_24_UTC);
    const org = await operator.createOrganization({ name: 'Hooked org', slug: `hooked-${Date.now()}` });
    const otherOrg = await operator.createOrganization({ name: 'Other org', slug: `other-${Date.now()}` });
    const team = await operator.createTeam({ name: 'Hooked team', orgId: org.id, ownerId: host.user.id });
    await operator.addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
    const teamEventType = await operator.createEventType({
      title: 'Team call',
      slug: `team-call-${Date.now()}`,
      lengthInMinutes: 30,
      teamId: team.id,
      hostIds: [host.user.id],
    });
    const personal = await personalEventType(stack, host.user.id);
    // Team and organization webhooks are stored with team_id (organizations are teams); their CRUD routes are another family's.
    const hook = async (teamId: number, path: string) =>
      stack
        .db('integrations')
        .query(`INSERT INTO webhooks (team_id, subscriber_url, triggers) VALUES ($1, $2, '{BOOKING_CREATED}')`, [teamId, receiver.url.replace('/hook', path)]);
    await hook(team.id, '/team-hook');
    await hook(org.id, '/org-hook');
    await hook(otherOrg.id, '/other-org-hook');

    const teamBooking = await operator.createBooking({
      eventTypeId: teamEventType.id,
      start: new Date(nextStart()),
      attendee: attendee('team'),
      hostId: host.user.id,
    });
    expect(await eventually(async () => requestsTo('/team-hook').length === 1 && requestsTo('/org-hook').length === 1, WAIT)).toBe(true);
    expect(JSON.parse(requestsTo('/team-hook')[0].body).payload.uid).toBe(teamBooking.uid);
    expect(JSON.parse(requestsTo('/org-hook')[0].body).payload.uid).toBe(teamBooking.uid);

    const personalBooking = await operator.createBooking({ eventTypeId: personal.id, start: new Date(nextStart()), attendee: attendee('member') });
    expect(await eventually(async () => requestsTo('/org-hook').length === 2, WAIT)).toBe(true);
    expect(JSON.parse(requestsTo('/org-hook')[1].body).payload.uid).toBe(personalBooking.uid);
    expect(requestsTo('/team-hook')).toHaveLength(1);
    expect(requestsTo('/other-org-hook')).toEqual([]);
  });

  it('payloadTemplate: a JSON template has its {{path}} placeholders filled from the flat payload and sent as JSON (values escaped)', async () => {
    const template = '{"who":"{{organizer.name}}","guest":"{{attendees.0.name}}","trigger":"{{triggerEvent}}","title":"{{title}}"}';
    const { eventType, path } = await subscriber({ payloadTemplate: template });
    const attendeeWithQuote = { ...attendee('tpl'), name: 'Ana "Quote" Lee' };
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendeeWithQuote }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const [request] = requestsTo(path);
    expect(request.headers['content-type']).toBe('application/json');
    expect(signatureIsValid(request.body, request.headers['x-svc-signature-256'], SECRET)).toBe(true);
    expect(JSON.parse(request.body)).toEqual({
      who: 'Olivia Organizer',
      guest: 'Ana "Quote" Lee',
      trigger: 'BOOKING_CREATED',
      title: 'Intro call with Ana "Quote" Lee',
    });
  });

  it('payloadTemplate: a template that is not JSON is sent as form-encoded text', async () => {
    const { eventType, path } = await subscriber({ payloadTemplate: 'event={{triggerEvent}}&slug={{type}}&guest={{attendees.0.email}}' });
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('form') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const [request] = requestsTo(path);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe('event=BOOKING_CREATED&slug=intro&guest=guest-form@example.com');
  });

  it('version 2026-07-27: the header says so and CREATED / CANCELLED carry RFC 5545 content (REQUEST, then CANCEL with a higher SEQUENCE, same UID)', async () => {
    const { eventType, path } = await subscriber({ version: '2026-07-27' });
    const booking = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('ics') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    expectSuccess(await stack.rest('POST', `/v2/bookings/${booking.uid}/cancel`, { body: { cancellationReason: 'ics' }, headers: BOOKINGS_VERSION }));
    expect(await eventually(async () => requestsTo(path).length === 2, WAIT)).toBe(true);
    const [created, cancelled] = requestsTo(path).map((r) => ({ version: r.headers['x-svc-webhook-version'], body: JSON.parse(r.body) }));
    expect(created.version).toBe('2026-07-27');
    const calendar = (ics: string) => new ICAL.Component(ICAL.parse(ics));
    for (const [delivery, method, sequence] of [
      [created, 'REQUEST', 0],
      [cancelled, 'CANCEL', 1],
    ] as const) {
      for (const field of ['attendeeIcsContent', 'organizerIcsContent']) {
        const vcalendar = calendar(delivery.body.payload[field]);
        expect(vcalendar.getFirstPropertyValue('method')).toBe(method);
        const vevent = vcalendar.getFirstSubcomponent('vevent')!;
        expect(vevent.getFirstPropertyValue('uid')).toBe(delivery.body.payload.iCalUID);
        expect(Number(vevent.getFirstPropertyValue('sequence'))).toBe(sequence);
        expect((vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(booking.start);
        expect(String(vevent.getFirstPropertyValue('attendee')).toLowerCase()).toBe('mailto:guest-ics@example.com');
      }
    }
    expect(cancelled.body.payload.iCalUID).toBe(created.body.payload.iCalUID);
  });

  it('version 2021-10-20 carries no ICS content', async () => {
    const { eventType, path } = await subscriber();
    expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('noics') }), 201);
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    expect(JSON.parse(requestsTo(path)[0].body).payload).not.toHaveProperty('attendeeIcsContent');
  });

  it('MEETING_STARTED fires at the start of a booking a few seconds ahead, with a flat body', async () => {
    const { host, eventType, path } = await subscriber({ triggers: ['MEETING_STARTED'] });
    const start = new Date(Date.now() + 3_000);
    const booking = await operatorOf(stack).createBooking({ eventTypeId: eventType.id, start, attendee: attendee('soon') });
    expect(await eventually(async () => requestsTo(path).length === 1, WAIT)).toBe(true);
    const [request] = requestsTo(path);
    expect(request.at).toBeGreaterThanOrEqual(start.getTime());
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      triggerEvent: 'MEETING_STARTED',
      uid: booking.uid,
      bookingId: booking.id,
      organizer: { id: host.user.id },
      platformOAuthClientId: null,
    });
    expect(body).not.toHaveProperty('payload');
  });

  it('the no-show triggers are decided by the mark-absent data when they come due: the host marked absent fires AFTER_HOSTS only; a booking nobody was marked absent from fires nothing', async () => {
    const noShow = { triggers: ['AFTER_HOSTS_SVC_VIDEO_NO_SHOW', 'AFTER_GUESTS_SVC_VIDEO_NO_SHOW'], time: 1, timeUnit: 'MINUTE' };
    const [a, b] = [await subscriber(noShow), await subscriber(noShow)];
    // Started 55 s ago: the checks (start + 1 minute) come due 5 s from now, after the two bookings and the mark-absent
    // below (a fraction of a second).
    const start = new Date(Date.now() - 55_000);
    const hostAway = await operatorOf(stack).createBooking({ eventTypeId: a.eventType.id, start, attendee: attendee('waiting') });
    const allThere = await operatorOf(stack).createBooking({ eventTypeId: b.eventType.id, start, attendee: attendee('present') });
    expectSuccess(await stack.rest('POST', `/v2/bookings/${hostAway.uid}/mark-absent`, { key: a.host.key, body: { host: true }, headers: BOOKINGS_VERSION }));
    const noShowJobs = async (uid: string) =>
      (
        await stack
          .db('integrations')
          .query(`SELECT state FROM job_queue.job WHERE name = 'webhook-scheduled' AND data->>'bookingUid' = $1 AND data->>'trigger' LIKE 'AFTER_%'`, [uid])
      ).map((j: { state: string }) => j.state);
    const settled = async (uid: string) => {
      const states = await noShowJobs(uid);
      return states.length === 2 && states.every((s: string) => s === 'completed');
    };
    expect(await eventually(async () => (await settled(hostAway.uid)) && (await settled(allThere.uid)), { timeoutMs: 40_000 })).toBe(true);
    expect(await eventually(async () => requestsTo(a.path).length === 1, WAIT)).toBe(true);
    const body = JSON.parse(requestsTo(a.path)[0].body);
    expect(body).toMatchObject({ triggerEvent: 'AFTER_HOSTS_SVC_VIDEO_NO_SHOW', payload: { uid: hostAway.uid } });
    expect(body.payload).not.toHaveProperty('platformOAuthClientId');
    expect(requestsTo(b.path)).toEqual([]);
  });

  it('MEETING_STARTED of a cancelled booking never fires', async () => {
    const { eventType, path } = await subscriber({ triggers: ['MEETING_STARTED'] });
    const booking = await operatorOf(stack).createBooking({ eventTypeId: eventType.id, start: new Date(Date.now() + 2_000), attendee: attendee('gone') });
    expectSuccess(await stack.rest('POST', `/v2/bookings/${booking.uid}/cancel`, { body: {}, headers: BOOKINGS_VERSION }));
    const jobs = () =>
      stack.db('integrations').query(`SELECT state FROM job_queue.job WHERE name = 'webhook-scheduled' AND data->>'bookingUid' = $1`, [booking.uid]);
    expect((await jobs()).map((j: any) => j.state)).toEqual(['cancelled', 'cancelled']);
    expect(requestsTo(path)).toEqual([]);
  });

  describe('the delivery log (REST)', () => {
    it('redeliver sends the same body again as a new delivery; another user gets 404 for the log and for redeliver', async () => {
      const { host, eventType, webhook, path } = await subscriber();
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('again') }), 201);
      const [first] = await delivered(host.key, webhook.id);
      const again = expectSuccess(await stack.rest('POST', `/v2/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`, { key: host.key }), 201);
      expect(again).toMatchObject({ redeliveryOf: first.id, triggerEvent: 'BOOKING_CREATED', status: 'pending' });
      expect(again.id).not.toBe(first.id);
      await delivered(host.key, webhook.id, 2);
      const requests = requestsTo(path);
      expect(requests).toHaveLength(2);
      expect(requests[1].body).toBe(requests[0].body);
      expect(requests[1].headers['x-svc-delivery-id']).toBe(again.id);

      const stranger = await userWithKey(stack);
      expectErrorEnvelope(await deliveries(stranger.key, webhook.id), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', `/v2/webhooks/${webhook.id}/deliveries/${first.id}/redeliver`, { key: stranger.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', `/v2/webhooks/${webhook.id}/deliveries/not-a-uuid/redeliver`, { key: host.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `/v2/webhooks/${webhook.id}/deliveries`), 401, 'UNAUTHORIZED');
    });
  });

  describe('bookings made through a platform OAuth client (spec 6 rules 5–7)', () => {
    /** An access token the client holds for the user, stored as the token endpoint stores one. */
    async function accessTokenOf(clientId: string, userId: number): Promise<string> {
      const token = newSecret(SECRET_PREFIX.accessToken);
      await stack.db('oauth').transaction(async (tx) => {
        const grant = await tx.save(tx.create(OAuthGrant, { clientId, userId, scopes: ['BOOKING_READ'], authorizationCodeId: null }));
        await tx.insert(OAuthToken, {
          grantId: grant.id,
          kind: 'access',
          tokenHash: sha256Hex(token),
          expiresAt: new Date(Date.now() + 1_800_000),
          usedAt: null,
        });
      });
      return token;
    }

    it("the booking records the client of the access token: the client's webhooks hear it (created, then cancelled) with payload.platformOAuthClientId; a booking made without it does not reach them", async () => {
      const { host, eventType, path: hostPath } = await subscriber({ triggers: ['BOOKING_CREATED'] });
      const { client, secret } = await oauthClient(stack, host.user.id, { scopes: ['BOOKING_READ'] });
      const other = await oauthClient(stack, host.user.id, { scopes: ['BOOKING_READ'] });
      const clientPath = `/client-${client.id}`;
      const otherPath = `/client-${other.client.id}`;
      const clientHook = expectSuccess(
        await stack.rest('POST', `/v2/oauth-clients/${client.id}/webhooks`, {
          headers: { 'x-svc-secret-key': secret! },
          body: { subscriberUrl: `http://127.0.0.1:${receiver.port}${clientPath}`, triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED'], secret: SECRET },
        }),
        201,
      );
      expectSuccess(
        await stack.rest('POST', `/v2/oauth-clients/${other.client.id}/webhooks`, {
          headers: { 'x-svc-secret-key': other.secret! },
          body: { subscriberUrl: `http://127.0.0.1:${receiver.port}${otherPath}`, triggers: ['BOOKING_CREATED'] },
        }),
        201,
      );

      const anonymous = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('direct') }), 201);
      const token = await accessTokenOf(client.id, host.user.id);
      const viaClient = expectSuccess(await book(stack, { eventTypeId: eventType.id, start: nextStart(), attendee: attendee('platform') }, token), 201);

      // The host's webhook hears both; each fan-out makes all of its event's deliveries in one transaction.
      expect(await eventually(async () => requestsTo(hostPath).length === 2, WAIT)).toBe(true);
      const toHost = Object.fromEntries(
        requestsTo(hostPath)
          .map((r) => JSON.parse(r.body).payload)
          .map((p) => [p.uid, p.platformOAuthClientId]),
      );
      expect(toHost).toEqual({ [anonymous.uid]: null, [viaClient.uid]: client.id });

      expect(await eventually(async () => requestsTo(clientPath).length === 1, WAIT)).toBe(true);
      const [created] = requestsTo(clientPath);
      expect(signatureIsValid(created.body, created.headers['x-svc-signature-256'], SECRET)).toBe(true);
      expect(JSON.parse(created.body)).toMatchObject({ triggerEvent: 'BOOKING_CREATED', payload: { uid: viaClient.uid, platformOAuthClientId: client.id } });
      const clientDeliveries = await stack.db('integrations').query('SELECT event_key FROM webhook_deliveries WHERE webhook_id = $1', [clientHook.id]);
      expect(clientDeliveries).toHaveLength(1);

      // The booking keeps its client: a cancellation by the attendee (no credential) still reaches the client.
      expectSuccess(await stack.rest('POST', `/v2/bookings/${viaClient.uid}/cancel`, { body: { cancellationReason: 'clash' }, headers: BOOKINGS_VERSION }));
      expect(await eventually(async () => requestsTo(clientPath).length === 2, WAIT)).toBe(true);
      expect(JSON.parse(requestsTo(clientPath)[1].body)).toMatchObject({
        triggerEvent: 'BOOKING_CANCELLED',
        payload: { uid: viaClient.uid, platformOAuthClientId: client.id, cancellationReason: 'clash' },
      });
      expect(requestsTo(otherPath)).toEqual([]);
    });
  });

  describe("OOO_CREATED (spec 6): enqueued with the out-of-office entry, delivered to the user's and the organization's webhooks", () => {
    it("the user's webhook and the organization's get the entry with the user's profile, signed; a colleague's webhook does not", async () => {
      const operator = operatorOf(stack);
      const [owner, member, colleague] = [
        await userWithKey(stack),
        await userWithKey(stack, { name: 'Mia Away', timeZone: 'Europe/Berlin' }),
        await userWithKey(stack),
      ];
      const org = await operator.createOrganization({ name: `Away Inc ${Math.random().toString(36).slice(2, 8)}`, ownerId: owner.user.id });
      await operator.addMember({ teamId: org.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const hook = (key: string, path: string, url = '/v2/webhooks') =>
        stack.rest('POST', url, {
          key,
          body: { subscriberUrl: `http://127.0.0.1:${receiver.port}${path}`, triggers: ['OOO_CREATED'], active: true, secret: SECRET },
        });
      expectSuccess(await hook(member.key, '/ooo-member'), 201);
      expectSuccess(await hook(owner.key, '/ooo-org', `/v2/organizations/${org.id}/webhooks`), 201);
      expectSuccess(await hook(colleague.key, '/ooo-colleague'), 201);

      const entry = expectSuccess(
        await stack.rest('POST', '/v2/me/ooo', {
          key: member.key,
          body: { start: '2031-08-03T00:00:00.000Z', end: '2031-08-07T00:00:00.000Z', reason: 'vacation', notes: 'Sailing' },
        }),
        201,
      );
      expect(await eventually(async () => requestsTo('/ooo-member').length === 1 && requestsTo('/ooo-org').length === 1, WAIT)).toBe(true);
      const [request] = requestsTo('/ooo-member');
      expect(signatureIsValid(request.body, request.headers['x-svc-signature-256'], SECRET)).toBe(true);
      const body = JSON.parse(request.body);
      expect(Object.keys(body).sort()).toEqual(['createdAt', 'payload', 'triggerEvent']);
      expect(body.triggerEvent).toBe('OOO_CREATED');
      expect(body.payload).toEqual({
        oooEntry: {
          id: entry.id,
          uuid: entry.uuid,
          start: '2031-08-03T00:00:00.000Z',
          end: '2031-08-07T23:59:59.999Z',
          notes: 'Sailing',
          reason: { reason: 'vacation', emoji: '🏝️' },
          user: { id: member.user.id, name: 'Mia Away', username: member.user.username, email: member.user.email, timeZone: 'Europe/Berlin' },
          toUser: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
        platformOAuthClientId: null,
      });
      expect(requestsTo('/ooo-org')[0].body).toBe(request.body);
      expect(requestsTo('/ooo-colleague')).toEqual([]);
    });
  });
});
