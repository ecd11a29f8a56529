import { createHash, randomUUID } from 'node:crypto';
import { readCheckedInSupergraph } from '../../schema/compose';
import { RunningGateway, startGateway } from '../../gateway/gateway';
import { attendee, BOOKINGS_VERSION, EVERY_DAY, Host, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TEST_RATE_LIMITS, TestStack } from '../support/stack';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';
import { eventually } from '../support/eventually';
import { Claim, openPostgresIdempotencyStore } from '../../gateway/idempotency/idempotency-store';
import { OAuthClientDecision, OAuthClientReviewService } from '../../subgraphs/oauth/oauth-client/oauth-client-review.service';

/**
 * Idempotency-Key (issue 23): a write sent again with the same key answers the first answer, byte for byte, with
 * `Idempotent-Replayed: true`; the key with another request is 422; a repeat while the first is served is 409. Keys
 * are per caller, kept in PostgreSQL (a second gateway on the same database shares them), and a write whose subgraph
 * committed but whose answer was lost is answered, on the retry, with what it committed.
 */

const HOURS_9_TO_17 = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
const ALL_DAY = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const REPLAYED = 'idempotent-replayed';

interface RawAnswer {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

interface SendOptions {
  key?: string;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

/** One request as a client sends it, the answer's body kept as its exact text. */
async function send(base: string, method: string, path: string, options: SendOptions): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, text, json: text ? JSON.parse(text) : undefined, headers: response.headers };
}

describe('Idempotency-Key', () => {
  let stack: TestStack;
  let host: Host;
  let eventTypeId: number;
  /** Relays in front of every subgraph that can lose an answer, and a second gateway behind them. */
  let relays: Record<'scheduling' | 'integrations' | 'organizations' | 'oauth', TcpProxy>;
  let lossy: RunningGateway;
  let day = 0;
  /** A new slot for each booking: 10:00 UTC on a new day. */
  const nextStart = () => new Date(Date.UTC(2031, 0, 6 + day++, 10)).toISOString();
  const bookingBody = (start: string, tag: string) => ({ eventTypeId, start, attendee: attendee(tag, 'UTC') });
  const bookVia = (base: string, body: unknown, idempotencyKey?: string) =>
    send(base, 'POST', '/v2/bookings', { body, idempotencyKey, headers: BOOKINGS_VERSION });
  const bookingAction = (base: string, uid: string, action: 'cancel' | 'reschedule', body: unknown, idempotencyKey?: string) =>
    send(base, 'POST', `/v2/bookings/${uid}/${action}`, { body, idempotencyKey, headers: BOOKINGS_VERSION });
  const LIVE_AT = `SELECT uid FROM bookings WHERE event_type_id = $1 AND start_time = $2 AND status IN ('accepted', 'pending')`;
  const liveBookingsAt = async (start: string) => (await stack.db('scheduling').query(LIVE_AT, [eventTypeId, start])) as Array<{ uid: string }>;

  beforeAll(async () => {
    stack = await startTestStack({ webhookWorker: false });
    const portOf = (name: string) => Number(new URL(stack.subgraphs[name].url).port);
    const [scheduling, integrations, organizations, oauth] = await Promise.all(
      ['scheduling', 'integrations', 'organizations', 'oauth'].map((name) => startTcpProxy(portOf(name))),
    );
    relays = { scheduling, integrations, organizations, oauth };
    const subgraphUrls = Object.fromEntries(Object.values(stack.subgraphs).map((s) => [s.name, s.url]));
    for (const [name, relay] of Object.entries(relays)) subgraphUrls[name] = `http://127.0.0.1:${relay.port}/graphql`;
    [lossy, host] = await Promise.all([
      startGateway({
        supergraphSdl: readCheckedInSupergraph(),
        subgraphUrls,
        port: 0,
        internalPort: 0,
        databaseUrl: stack.databaseUrl,
        rateLimits: TEST_RATE_LIMITS,
      }),
      hostWithSchedule(stack, HOURS_9_TO_17),
    ]);
    eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30 })).id;
  });
  afterAll(async () => {
    await lossy?.stop();
    await Promise.all(Object.values(relays ?? {}).map((relay) => relay.stop()));
    await stack?.stop();
  });

  describe('a repeat of the same request answers the first answer', () => {
    it('the same key and body: the same status and body byte for byte, Idempotent-Replayed: true, and one booking', async () => {
      const start = nextStart();
      const key = randomUUID();
      const first = await bookVia(stack.url, bookingBody(start, 'same'), key);
      expect(first.status).toBe(201);
      expect(first.headers.get(REPLAYED)).toBeNull();
      const again = await bookVia(stack.url, bookingBody(start, 'same'), key);
      expect(again.status).toBe(201);
      expect(again.headers.get(REPLAYED)).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.text).toBe(first.text);
      expect(await liveBookingsAt(start)).toEqual([{ uid: first.json.data.uid }]);
    });

    it('through another gateway on the same database as well', async () => {
      const start = nextStart();
      const key = randomUUID();
      const first = await bookVia(stack.url, bookingBody(start, 'replicas'), key);
      const again = await bookVia(lossy.url, bookingBody(start, 'replicas'), key);
      expect([first.status, again.status, again.headers.get(REPLAYED)]).toEqual([201, 201, 'true']);
      expect(again.text).toBe(first.text);
    });

    it('a 4xx is final too: the same 409 again, even once the slot is free', async () => {
      const start = nextStart();
      const taken = await bookVia(stack.url, bookingBody(start, 'holder'));
      expect(taken.status).toBe(201);
      const key = randomUUID();
      const refused = await bookVia(stack.url, bookingBody(start, 'late'), key);
      expectErrorEnvelope({ status: refused.status, body: refused.json }, 409, 'CONFLICT');
      const cancelled = await bookingAction(stack.url, taken.json.data.uid, 'cancel', { cancellationReason: 'free the slot' });
      expect(cancelled.status).toBe(200);
      const again = await bookVia(stack.url, bookingBody(start, 'late'), key);
      expect([again.status, again.headers.get(REPLAYED), again.text]).toEqual([409, 'true', refused.text]);
      expect(await liveBookingsAt(start)).toEqual([]);
    });
  });

  describe('what is refused', () => {
    it('the key sent again with another body: 422 naming the header, and nothing written', async () => {
      const start = nextStart();
      const key = randomUUID();
      expect((await bookVia(stack.url, bookingBody(start, 'first'), key)).status).toBe(201);
      const other = await bookVia(stack.url, bookingBody(nextStart(), 'first'), key);
      expectErrorEnvelope({ status: other.status, body: other.json }, 422, 'UNPROCESSABLE_ENTITY', /Idempotency-Key was already used with another request/);
      expect(other.headers.get(REPLAYED)).toBeNull();
    });

    it.each([
      ['empty', ''],
      ['longer than 255 characters', 'k'.repeat(256)],
    ])('a key %s: 400 naming the header', async (_case, idempotencyKey) => {
      const answer = await bookVia(stack.url, bookingBody(nextStart(), 'bad-key'), idempotencyKey);
      expectErrorEnvelope({ status: answer.status, body: answer.json }, 400, 'BAD_REQUEST', /^Idempotency-Key must be 1 to 255 printable ASCII characters/);
    });

    it('the first and a repeat sent together: one runs, the other is 409 or the replay, and one booking exists', async () => {
      const start = nextStart();
      const key = randomUUID();
      const answers = await Promise.all([bookVia(stack.url, bookingBody(start, 'racing'), key), bookVia(lossy.url, bookingBody(start, 'racing'), key)]);
      const first = answers.find((a) => a.status === 201 && a.headers.get(REPLAYED) === null)!;
      expect(first).toBeDefined();
      const other = answers.find((a) => a !== first)!;
      if (other.status === 409) expect(other.json.error.message).toMatch(/still being served: retry it later with the same key/);
      else expect([other.status, other.headers.get(REPLAYED), other.text]).toEqual([201, 'true', first.text]);
      expect(await liveBookingsAt(start)).toEqual([{ uid: first.json.data.uid }]);
    });
  });

  it('a claim left by a gateway that died (no answer, no release) holds its key for the lease only; the repeat then runs with the same write key', async () => {
    const lease = process.env.IDEMPOTENCY_LEASE_MS;
    process.env.IDEMPOTENCY_LEASE_MS = '300';
    const store = await openPostgresIdempotencyStore(stack.databaseUrl);
    try {
      const scope = randomUUID();
      const died = await store.claim(scope, 'key', 'request');
      expect(died.kind).toBe('run');
      expect(await store.claim(scope, 'key', 'request')).toEqual({ kind: 'inFlight' });
      expect(await store.claim(scope, 'key', 'another request')).toEqual({ kind: 'otherRequest' });
      let repeat: Claim | undefined;
      expect(await eventually(async () => (repeat = await store.claim(scope, 'key', 'request')).kind === 'run', { timeoutMs: 3_000 })).toBe(true);
      expect(repeat).toMatchObject({ kind: 'run', writeKey: (died as { writeKey: string }).writeKey });
    } finally {
      if (lease === undefined) delete process.env.IDEMPOTENCY_LEASE_MS;
      else process.env.IDEMPOTENCY_LEASE_MS = lease;
      await store.stop();
    }
  });

  it('keys are per caller: two callers sending the same key with the same body each create their own webhook', async () => {
    const [alice, bob] = await Promise.all([userWithKey(stack), userWithKey(stack)]);
    const key = randomUUID();
    const body = { subscriberUrl: 'https://hooks.example.com/same-key', triggers: ['BOOKING_CREATED'] };
    const create = (caller: { key: string }) => send(stack.url, 'POST', '/v2/webhooks', { key: caller.key, body, idempotencyKey: key });
    const [forAlice, forBob] = await Promise.all([create(alice), create(bob)]);
    expect([forAlice.status, forBob.status]).toEqual([201, 201]);
    expect([forAlice.headers.get(REPLAYED), forBob.headers.get(REPLAYED)]).toEqual([null, null]);
    expect(forAlice.json.data.id).not.toBe(forBob.json.data.id);
    const owners = await stack.db('integrations').query('SELECT user_id FROM webhooks WHERE subscriber_url = $1 ORDER BY user_id', [body.subscriberUrl]);
    expect(owners.map((r: { user_id: number }) => r.user_id)).toEqual([alice.user.id, bob.user.id].sort((a, b) => a - b));
  });

  describe('GraphQL mutations', () => {
    const CREATE = 'mutation Create($input: CreateWebhookInput!) { createWebhook(input: $input) { id subscriberUrl } }';
    const graphql = (key: string, variables: unknown, idempotencyKey: string) =>
      send(stack.url, 'POST', '/graphql', { key, body: { query: CREATE, variables }, idempotencyKey });

    it('the same mutation and variables: the first answer again, once; other variables: 422 with extensions.code', async () => {
      const { key, user } = await userWithKey(stack);
      const idempotencyKey = randomUUID();
      const input = { subscriberUrl: 'https://hooks.example.com/graphql-key', triggers: ['BOOKING_CREATED'] };
      const first = await graphql(key, { input }, idempotencyKey);
      expect(first.status).toBe(200);
      expect(first.json.data.createWebhook.subscriberUrl).toBe(input.subscriberUrl);
      const again = await graphql(key, { input }, idempotencyKey);
      expect([again.status, again.headers.get(REPLAYED), again.text]).toEqual([200, 'true', first.text]);
      const other = await graphql(key, { input: { ...input, subscriberUrl: 'https://hooks.example.com/other' } }, idempotencyKey);
      expect(other.status).toBe(422);
      expect(other.json.errors[0].extensions.code).toBe('UNPROCESSABLE_ENTITY');
      expect(await stack.db('integrations').query('SELECT id FROM webhooks WHERE user_id = $1', [user.id])).toEqual([{ id: first.json.data.createWebhook.id }]);
    });
  });

  /**
   * The subgraph commits, then its answer is lost (the relay resets the connection as the answer comes back): the
   * gateway cannot know whether the write happened and answers 503. The client's retry with the same key, through the
   * other gateway, gets the answer of what was committed, not a second write and not a 409 for its own write.
   */
  describe('a subgraph that committed but whose answer was lost: the retry gets the original answer', () => {
    const lost = async (relay: TcpProxy, request: () => Promise<RawAnswer>) => {
      relay.loseAnswerTo('mutation');
      const answer = await request();
      expect(answer.status).toBe(503);
      expect(answer.json.error.code).toBe('SERVICE_UNAVAILABLE');
      return answer;
    };

    it('a booking: 201 with the booking made, and one booking', async () => {
      const start = nextStart();
      const key = randomUUID();
      await lost(relays.scheduling, () => bookVia(lossy.url, bookingBody(start, 'lost-create'), key));
      const committed = await liveBookingsAt(start);
      expect(committed).toHaveLength(1);
      const retry = await bookVia(stack.url, bookingBody(start, 'lost-create'), key);
      expect(retry.status).toBe(201);
      expect(retry.json.data).toMatchObject({ uid: committed[0].uid, start, status: 'accepted' });
      expect(await liveBookingsAt(start)).toEqual(committed);
      // From now on the retry's answer is the one kept.
      const again = await bookVia(lossy.url, bookingBody(start, 'lost-create'), key);
      expect([again.status, again.headers.get(REPLAYED), again.text]).toEqual([201, 'true', retry.text]);
    });

    it('a recurring booking: 201 with every occurrence of the one series booked', async () => {
      const weekly = await send(stack.url, 'POST', '/v2/event-types', {
        key: host.key,
        body: {
          title: 'Weekly',
          slug: `weekly-${randomUUID().slice(0, 8)}`,
          lengthInMinutes: 30,
          recurrence: { interval: 1, occurrences: 3, frequency: 'weekly' },
        },
      });
      expect(weekly.status).toBe(201);
      const body = { eventTypeId: weekly.json.data.id, start: '2031-03-03T11:00:00.000Z', attendee: attendee('lost-series', 'UTC') };
      const key = randomUUID();
      await lost(relays.scheduling, () => bookVia(lossy.url, body, key));
      const retry = await bookVia(stack.url, body, key);
      expect(retry.status).toBe(201);
      const rows = await stack.db('scheduling').query('SELECT uid FROM bookings WHERE event_type_id = $1 ORDER BY start_time', [weekly.json.data.id]);
      expect(rows).toHaveLength(3);
      expect(retry.json.data.map((b: { uid: string }) => b.uid)).toEqual(rows.map((r: { uid: string }) => r.uid));
      const weeklyStarts = ['2031-03-03T11:00:00.000Z', '2031-03-10T11:00:00.000Z', '2031-03-17T11:00:00.000Z'];
      expect(retry.json.data.map((b: { start: string }) => b.start)).toEqual(weeklyStarts);
    });

    it('a cancellation: 200 with the booking cancelled, not 409 "already cancelled"', async () => {
      const booked = await bookVia(stack.url, bookingBody(nextStart(), 'lost-cancel'));
      const uid = booked.json.data.uid;
      const key = randomUUID();
      const cancel = (base: string) => bookingAction(base, uid, 'cancel', { cancellationReason: 'plans changed' }, key);
      await lost(relays.scheduling, () => cancel(lossy.url));
      const retry = await cancel(stack.url);
      expect(retry.status).toBe(200);
      expect(retry.json.data).toMatchObject({ uid, status: 'cancelled', cancellationReason: 'plans changed' });
    });

    it('a reschedule: 201 with the new booking, and one new booking', async () => {
      const booked = await bookVia(stack.url, bookingBody(nextStart(), 'lost-reschedule'));
      const uid = booked.json.data.uid;
      const start = nextStart();
      const key = randomUUID();
      const reschedule = (base: string) => bookingAction(base, uid, 'reschedule', { start }, key);
      await lost(relays.scheduling, () => reschedule(lossy.url));
      const moved = await liveBookingsAt(start);
      expect(moved).toHaveLength(1);
      const retry = await reschedule(stack.url);
      expect(retry.status).toBe(201);
      expect(retry.json.data).toMatchObject({ uid: moved[0].uid, start });
      expect(await liveBookingsAt(start)).toEqual(moved);
    });

    /** The events a booking's changes wrote, by type (each is one webhook delivery per subscriber). */
    const eventsOf = async (uid: string) =>
      ((await stack.db('scheduling').query('SELECT type FROM booking_events WHERE booking_uid = $1 ORDER BY id', [uid])) as Array<{ type: string }>).map(
        (e) => e.type,
      );
    const eventType = async (body: Record<string, unknown>) => {
      const created = await send(stack.url, 'POST', '/v2/event-types', {
        key: host.key,
        body: { title: 'Keyed', slug: `keyed-${randomUUID().slice(0, 8)}`, lengthInMinutes: 30, ...body },
      });
      expect(created.status).toBe(201);
      return created.json.data.id as number;
    };

    it('a seat cancelled: 200 with the booking the seat left, not 404 for the seat; one cancellation', async () => {
      const seated = await eventType({ seats: { seatsPerTimeSlot: 2, showAttendeeInfo: true, showAvailabilityCount: true } });
      const start = '2031-04-07T10:00:00.000Z';
      const seatOf = async (tag: string) => {
        const booked = await bookVia(stack.url, { eventTypeId: seated, start, attendee: attendee(tag, 'UTC') });
        expect(booked.status).toBe(201);
        return {
          uid: booked.json.data.uid as string,
          seatUid: booked.json.data.attendees.find((a: { email: string }) => a.email === attendee(tag).email).seatUid,
        };
      };
      const a = await seatOf('lost-seat-a');
      const b = await seatOf('lost-seat-b');
      expect(b.uid).toBe(a.uid);
      const key = randomUUID();
      const cancel = (base: string) => bookingAction(base, a.uid, 'cancel', { seatUid: a.seatUid }, key);
      await lost(relays.scheduling, () => cancel(lossy.url));
      const retry = await cancel(stack.url);
      expect(retry.status).toBe(200);
      expect(retry.json.data).toMatchObject({ uid: a.uid, status: 'accepted' });
      expect(retry.json.data.attendees.map((x: { seatUid: string }) => x.seatUid)).toEqual([b.seatUid]);
      expect((await eventsOf(a.uid)).filter((type) => type === 'BOOKING_CANCELLED')).toHaveLength(1);
    });

    it('a seat rescheduled: 201 with the booking the seat moved to, not 404 for the seat; one booking there', async () => {
      const seated = await eventType({ seats: { seatsPerTimeSlot: 2, showAttendeeInfo: false, showAvailabilityCount: true } });
      const booked = await bookVia(stack.url, { eventTypeId: seated, start: '2031-04-08T10:00:00.000Z', attendee: attendee('lost-seat-move', 'UTC') });
      expect(booked.status).toBe(201);
      const seatUid = booked.json.data.seatUid;
      const start = '2031-04-08T11:00:00.000Z';
      const key = randomUUID();
      const reschedule = (base: string) => bookingAction(base, booked.json.data.uid, 'reschedule', { start, seatUid }, key);
      await lost(relays.scheduling, () => reschedule(lossy.url));
      const retry = await reschedule(stack.url);
      expect(retry.status).toBe(201);
      // The seat moved is the answer's top-level seatUid, as in the first answer; the attendees stay hidden from the booker (showAttendeeInfo false).
      expect(retry.json.data).toMatchObject({ start, rescheduledFromUid: booked.json.data.uid, seatUid, attendees: [] });
      const there = await stack.db('scheduling').query('SELECT uid FROM bookings WHERE event_type_id = $1 AND start_time = $2', [seated, start]);
      expect(there).toEqual([{ uid: retry.json.data.uid }]);
    });

    it('a recurring series cancelled: 200 with every occurrence cancelled, not 409 "no occurrence left"; one cancellation each', async () => {
      const weekly = await eventType({ recurrence: { interval: 1, occurrences: 3, frequency: 'weekly' } });
      const booked = await bookVia(stack.url, { eventTypeId: weekly, start: '2031-05-05T11:00:00.000Z', attendee: attendee('lost-series-cancel', 'UTC') });
      expect(booked.status).toBe(201);
      const seriesUid = booked.json.data[0].recurringBookingUid;
      const key = randomUUID();
      const cancel = (base: string) => bookingAction(base, seriesUid, 'cancel', { cancellationReason: 'series over' }, key);
      await lost(relays.scheduling, () => cancel(lossy.url));
      const retry = await cancel(stack.url);
      expect(retry.status).toBe(200);
      const statuses = (bookings: Array<{ uid: string; status: string }>) => bookings.map((b) => [b.uid, b.status]);
      expect(statuses(retry.json.data)).toEqual(statuses(booked.json.data).map(([uid]) => [uid, 'cancelled']));
      for (const occurrence of booked.json.data as Array<{ uid: string }>)
        expect(await eventsOf(occurrence.uid)).toEqual(['BOOKING_CREATED', 'BOOKING_CANCELLED']);
    });

    it('a booking confirmed by its host: 200 with it accepted, not 409 "not pending"; one confirmation event', async () => {
      const booked = await bookVia(stack.url, bookingBody(nextStart(), 'lost-confirm'));
      const uid = booked.json.data.uid;
      await stack.db('scheduling').query(`UPDATE bookings SET status = 'pending' WHERE uid = $1`, [uid]);
      const key = randomUUID();
      const confirm = (base: string) => send(base, 'POST', `/v2/bookings/${uid}/confirm`, { key: host.key, idempotencyKey: key, headers: BOOKINGS_VERSION });
      await lost(relays.scheduling, () => confirm(lossy.url));
      const retry = await confirm(stack.url);
      expect(retry.status).toBe(200);
      expect(retry.json.data).toMatchObject({ uid, status: 'accepted' });
      // The booking's own event, then the confirmation's (BOOKING_CREATED with confirmed: spec 3's state table).
      expect(await eventsOf(uid)).toEqual(['BOOKING_CREATED', 'BOOKING_CREATED']);
    });

    it('a credit charge: 200 with the charge made, and one charge taken from the balance', async () => {
      const member = await userWithKey(stack);
      await operatorOf(stack).grantCredits({ userId: member.user.id }, 10);
      const key = randomUUID();
      const charge = (base: string) => send(base, 'POST', '/v2/credits/charge', { key: member.key, body: { credits: 4 }, idempotencyKey: key });
      await lost(relays.organizations, () => charge(lossy.url));
      const retry = await charge(stack.url);
      expect(retry.status).toBe(200);
      expect(retry.json.data).toMatchObject({ charged: true, credits: 4, remainingBalance: { monthlyRemaining: 0, additional: 6 } });
      const balance = await send(stack.url, 'GET', '/v2/credits/available', { key: member.key });
      expect(balance.json.data).toEqual({ hasCredits: true, balance: { monthlyRemaining: 0, additional: 6 } });
    });

    it('a team created: 201 with the team made, not 409 for its slug; one team, the caller its one owner', async () => {
      const slug = `lost-team-${randomUUID().slice(0, 8)}`;
      const key = randomUUID();
      const create = (base: string) => send(base, 'POST', '/v2/teams', { key: host.key, body: { name: 'Lost answers', slug }, idempotencyKey: key });
      await lost(relays.organizations, () => create(lossy.url));
      const retry = await create(stack.url);
      expect(retry.status).toBe(201);
      expect(retry.json.data).toMatchObject({ slug, name: 'Lost answers' });
      const teams = await stack.db('organizations').query('SELECT id FROM teams WHERE slug = $1', [slug]);
      expect(teams).toEqual([{ id: retry.json.data.id }]);
      const members = await stack.db('organizations').query('SELECT user_id, role FROM memberships WHERE team_id = $1', [retry.json.data.id]);
      expect(members).toEqual([{ user_id: host.user.id, role: 'OWNER' }]);
    });

    it('an OAuth client registered: the client made and its working secret again, and one client', async () => {
      const owner = await userWithKey(stack);
      const REGISTER = 'mutation Register($input: RegisterOAuthClientInput!) { registerOAuthClient(input: $input) { secret client { id } } }';
      const input = { name: 'Lost answer', redirectUris: ['https://app.example.com/cb'], scopes: ['PROFILE_READ'], isPublic: false };
      const key = randomUUID();
      const register = (base: string) =>
        send(base, 'POST', '/graphql', { key: owner.key, body: { query: REGISTER, variables: { input } }, idempotencyKey: key });
      relays.oauth.loseAnswerTo('mutation');
      const first = await register(lossy.url);
      expect(first.json.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      const retry = await register(stack.url);
      expect(retry.json.errors).toBeUndefined();
      const { secret, client } = retry.json.data.registerOAuthClient;
      const rows = await stack.db('oauth').query('SELECT id, secret_hash FROM oauth_clients WHERE owner_id = $1', [owner.user.id]);
      expect(rows).toEqual([{ id: client.id, secret_hash: createHash('sha256').update(secret).digest('hex') }]);
    });

    /**
     * The other keyed writes, one row each: the request, the status the first run answers (the route's), and what it
     * made read from the database, which must be what the retry's answer names and exactly one of it.
     */
    interface KeyedWriteCase {
      /** The subgraph that writes (whose answer is lost). */
      relay: keyof typeof relays;
      path: string;
      key?: string;
      body?: unknown;
      headers?: Record<string, string>;
      status: number;
      /** What the write made, read from the database. */
      made: () => Promise<unknown[]>;
      /** Those rows as the retry's answer names them: one entity (or one event of a change). */
      expected: (data: any) => unknown[];
      /** For an answer that carries a secret (an API key, tokens): a request made with it, which must answer 200. */
      works?: (data: any) => Promise<RawAnswer>;
    }
    const cases = new Map<string, KeyedWriteCase>();
    /** A platform OAuth client of the organization, approved: its managed users' writes are keyed through the oauth subgraph. */
    let platformClient: { id: string; secret: string };
    const query = (subgraph: string, sql: string, values: unknown[]) => () => stack.db(subgraph).query(sql, values) as Promise<unknown[]>;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const tag = randomUUID().slice(0, 8);
      const [admin, joiner, first, second] = await Promise.all([
        userWithKey(stack),
        userWithKey(stack),
        hostWithSchedule(stack, ALL_DAY, 'First'),
        hostWithSchedule(stack, ALL_DAY, 'Second'),
      ]);
      const [org, team, ownEventType] = await Promise.all([
        operator.createOrganization({ name: 'Lost answers', ownerId: admin.user.id }),
        operator.createTeam({ name: 'Round robin', ownerId: host.user.id }),
        personalEventType(stack, joiner.user.id),
      ]);
      const [orgTeam, roundRobin] = await Promise.all([
        operator.createTeam({ name: 'Lost answers team', orgId: org.id, ownerId: admin.user.id }),
        Promise.all([first, second].map((h) => operator.addMember({ teamId: team.id, userId: h.user.id, role: MembershipRole.MEMBER }))).then(() =>
          operator.createEventType({ title: 'RR', slug: `rr-${tag}`, lengthInMinutes: 60, teamId: team.id, hostIds: [first.user.id, second.user.id] }),
        ),
      ]);
      const FORM =
        'mutation ($orgId: Int!, $teamId: Int!, $input: CreateRoutingFormInput!) { createRoutingForm(orgId: $orgId, teamId: $teamId, input: $input) { id } }';
      const formInput = {
        name: 'Contact us',
        fields: [{ id: 'f-need', label: 'What do you need?', type: 'text', identifier: 'need', required: true }],
        routes: [{ id: 'r-fallback', isFallback: true, action: { type: 'customPageMessage', value: 'Thanks' } }],
      };
      const asPlatformClient = (clientSecret: string) => ({ 'x-svc-secret-key': clientSecret });
      const [form, toReassign, started, floor, , hook, verified, platform] = await Promise.all([
        stack.graphql(FORM, { orgId: org.id, teamId: orgTeam.id, input: formInput }, admin.key),
        operator.createBooking({
          eventTypeId: roundRobin.id,
          start: new Date('2031-06-02T10:00:00Z'),
          attendee: attendee('lost-reassign', 'UTC'),
          hostId: first.user.id,
        }),
        operator.createBooking({
          eventTypeId: roundRobin.id,
          start: new Date(Date.now() - 3_600_000),
          attendee: attendee('lost-absent', 'UTC'),
          hostId: first.user.id,
        }),
        send(stack.url, 'POST', `/v2/organizations/${org.id}/attributes`, {
          key: admin.key,
          body: { name: 'Floor', slug: 'floor', type: 'SINGLE_SELECT', options: [] },
        }),
        operator.addMember({ teamId: org.id, userId: second.user.id, role: MembershipRole.MEMBER }),
        send(stack.url, 'POST', '/v2/webhooks', {
          key: joiner.key,
          body: { subscriberUrl: `https://hooks.example.com/${tag}`, triggers: ['BOOKING_CREATED'] },
        }),
        send(stack.url, 'POST', '/v2/event-types', {
          key: joiner.key,
          body: { title: 'Verified', slug: `verified-${tag}`, lengthInMinutes: 30, requiresBookerEmailVerification: true },
        }),
        // A platform OAuth client of the organization, approved, and a managed user of it (whose tokens are force-refreshed).
        send(stack.url, 'POST', '/v2/oauth-clients', {
          key: admin.key,
          body: { name: 'Lost answers app', redirectUris: ['https://app.example.com/cb'], permissions: ['PROFILE_READ'] },
        }).then(async ({ json }) => {
          const client = { id: json.data.clientId as string, secret: json.data.clientSecret as string };
          await new OAuthClientReviewService(stack.db('oauth')).review(client.id, OAuthClientDecision.APPROVE, null);
          const user = await send(stack.url, 'POST', `/v2/oauth-clients/${client.id}/users`, {
            body: { email: `refreshed-${tag}@example.com`, name: 'Refreshed' },
            headers: asPlatformClient(client.secret),
          });
          return { client, user: user.json.data };
        }),
      ]);
      // A delivery of the webhook, as the fan-out writes one (no worker runs in this file: it stays pending).
      const [delivery] = (await stack
        .db('integrations')
        .query(
          `INSERT INTO webhook_deliveries (webhook_id, event_key, trigger_event, body, content_type) VALUES ($1, $2, 'BOOKING_CREATED', '{}', 'application/json') RETURNING id`,
          [hook.json.data.id, `lost-${tag}`],
        )) as Array<{ id: string }>;
      const formId = form.body.data.createRoutingForm.id;
      platformClient = platform.client;
      const slotStart = nextStart();
      const eventsOfType = (type: string, uid: string) =>
        `SELECT count(*)::int AS events FROM booking_events WHERE type = '${type}' AND booking_uid = '${uid}'`;
      const add = (name: string, c: KeyedWriteCase) => cases.set(name, c);
      add('an event type', {
        relay: 'scheduling',
        path: '/v2/event-types',
        key: host.key,
        body: { title: 'Lost answers', slug: `lost-${tag}`, lengthInMinutes: 30 },
        status: 201,
        made: query('scheduling', 'SELECT id FROM event_types WHERE owner_id = $1 AND slug = $2', [host.user.id, `lost-${tag}`]),
        expected: (data) => [{ id: data.id }],
      });
      add('a schedule', {
        relay: 'scheduling',
        path: '/v2/schedules',
        key: joiner.key,
        body: { name: 'Lost answers', timeZone: 'UTC' },
        status: 201,
        made: query('scheduling', 'SELECT id FROM schedules WHERE owner_id = $1', [joiner.user.id]),
        expected: (data) => [{ id: data.id }],
      });
      add("a member's schedule made by the organization", {
        relay: 'scheduling',
        path: `/v2/organizations/${org.id}/users/${second.user.id}/schedules`,
        key: admin.key,
        body: { name: 'Set by the organization', timeZone: 'UTC' },
        status: 201,
        made: query('scheduling', `SELECT id FROM schedules WHERE owner_id = $1 AND name = 'Set by the organization'`, [second.user.id]),
        expected: (data) => [{ id: data.id }],
      });
      add("a managed team event type (with each host's copy)", {
        relay: 'scheduling',
        path: `/v2/teams/${team.id}/event-types`,
        key: host.key,
        body: {
          title: 'Managed',
          slug: `managed-${tag}`,
          lengthInMinutes: 30,
          schedulingType: 'managed',
          hosts: [{ userId: first.user.id }, { userId: second.user.id }],
        },
        status: 201,
        made: query('scheduling', 'SELECT id, owner_id FROM event_types WHERE slug = $1 ORDER BY id', [`managed-${tag}`]),
        // The REST answer of a managed type: itself, then each host's copy.
        expected: (data) => [{ id: data[0].id, owner_id: null }, ...[first, second].map((h, i) => ({ id: data[i + 1].id, owner_id: h.user.id }))],
      });
      add('an out-of-office entry', {
        relay: 'scheduling',
        path: '/v2/me/ooo',
        key: joiner.key,
        body: { start: '2031-09-01', end: '2031-09-03', reason: 'vacation' },
        status: 201,
        made: query('scheduling', 'SELECT id FROM out_of_office_entries WHERE user_id = $1', [joiner.user.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('a private link', {
        relay: 'scheduling',
        path: `/v2/event-types/${ownEventType.id}/private-links`,
        key: joiner.key,
        body: {},
        status: 201,
        made: query('scheduling', 'SELECT link_id FROM private_links WHERE event_type_id = $1', [ownEventType.id]),
        expected: (data) => [{ link_id: data.linkId }],
      });
      add('a slot reservation', {
        relay: 'scheduling',
        path: '/v2/slots/reservations',
        body: { eventTypeId, slotStart },
        status: 201,
        made: query('scheduling', 'SELECT uid FROM slot_reservations WHERE event_type_id = $1 AND start_time = $2', [eventTypeId, slotStart]),
        expected: (data) => [{ uid: data.reservationUid }],
      });
      add('a reassignment to a chosen host', {
        relay: 'scheduling',
        path: `/v2/bookings/${toReassign.uid}/reassign/${second.user.id}`,
        key: host.key,
        body: { reason: 'lost answers' },
        headers: BOOKINGS_VERSION,
        status: 200,
        made: query('scheduling', `SELECT user_id, (${eventsOfType('BOOKING_REASSIGNED', toReassign.uid)}) FROM bookings WHERE uid = $1`, [toReassign.uid]),
        expected: (data) => [{ user_id: data.reassignedTo.id, events: 1 }],
      });
      add('a host marked absent', {
        relay: 'scheduling',
        path: `/v2/bookings/${started.uid}/mark-absent`,
        key: first.key,
        body: { host: true },
        headers: BOOKINGS_VERSION,
        status: 200,
        made: query('scheduling', eventsOfType('BOOKING_NO_SHOW_UPDATED', started.uid), []),
        expected: (data) => [{ events: data.uid === started.uid ? 1 : 'another booking answered' }],
      });
      add('booking fields added to a team event type', {
        relay: 'scheduling',
        path: `/v2/teams/${team.id}/event-types/${roundRobin.id}/booking-fields`,
        key: host.key,
        body: { bookingFields: [{ field: 'text', slug: 'company', label: 'Company' }] },
        headers: { 'svc-api-version': '2026-06-12' },
        status: 201,
        made: query(
          'scheduling',
          `SELECT count(*)::int AS fields FROM event_types, jsonb_array_elements(booking_fields) f WHERE id = $1 AND f->>'slug' = 'company'`,
          [roundRobin.id],
        ),
        expected: (data) => [{ fields: data.bookingFields.filter((f: { slug: string }) => f.slug === 'company').length }],
      });
      add('a webhook redelivery', {
        relay: 'integrations',
        path: `/v2/webhooks/${hook.json.data.id}/deliveries/${delivery.id}/redeliver`,
        key: joiner.key,
        status: 201,
        made: query('integrations', 'SELECT id FROM webhook_deliveries WHERE redelivery_of = $1', [delivery.id]),
        expected: (data) => [{ id: data.id }],
      });
      add("a booker's e-mail verification code", {
        relay: 'scheduling',
        path: '/v2/bookings/email-verification-code',
        body: { eventTypeId: verified.json.data.id, email: `booker-${tag}@example.com` },
        status: 201,
        made: query('scheduling', 'SELECT count(*)::int AS codes FROM booker_email_codes WHERE event_type_id = $1', [verified.json.data.id]),
        expected: (data) => [{ codes: data.email === `booker-${tag}@example.com` ? 1 : 'another address answered' }],
      });
      add('an attribute', {
        relay: 'organizations',
        path: `/v2/organizations/${org.id}/attributes`,
        key: admin.key,
        body: { name: 'Desk', slug: 'desk', type: 'TEXT', options: [] },
        status: 201,
        made: query('organizations', `SELECT id FROM attributes WHERE team_id = $1 AND slug = 'desk'`, [org.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('an attribute option', {
        relay: 'organizations',
        path: `/v2/organizations/${org.id}/attributes/${floor.json.data.id}/options`,
        key: admin.key,
        body: { value: 'Ground', slug: 'ground' },
        status: 201,
        made: query('organizations', 'SELECT id FROM attribute_options WHERE attribute_id = $1', [floor.json.data.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('a delegation credential', {
        relay: 'organizations',
        path: `/v2/organizations/${org.id}/delegation-credentials`,
        key: admin.key,
        body: {
          domain: `lost-${tag}.example.com`,
          workspacePlatformSlug: 'google',
          serviceAccountKey: { private_key: 'not a real key', client_email: `svc-${tag}@example.iam.gserviceaccount.com`, client_id: `1049${tag}` },
        },
        status: 201,
        made: query('organizations', 'SELECT id FROM delegation_credentials WHERE organization_id = $1', [org.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('a role', {
        relay: 'organizations',
        path: `/v2/organizations/${org.id}/roles`,
        key: admin.key,
        body: { name: 'Lost answers' },
        status: 201,
        made: query('organizations', `SELECT id FROM roles WHERE organization_id = $1 AND type = 'CUSTOM'`, [org.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('a membership', {
        relay: 'organizations',
        path: `/v2/teams/${team.id}/memberships`,
        key: host.key,
        body: { userId: joiner.user.id, role: 'MEMBER' },
        status: 201,
        made: query('organizations', 'SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [team.id, joiner.user.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('an invite link', {
        relay: 'organizations',
        path: `/v2/teams/${team.id}/invite`,
        key: host.key,
        status: 200,
        made: query('organizations', 'SELECT token_hash FROM team_invites WHERE team_id = $1', [team.id]),
        expected: (data) => [{ token_hash: sha256(data.token) }],
      });
      // Made in the oauth subgraph through an internal call: each grant of the user, live or not, by the hash of its access token.
      const grantsOf = async (userIds: number[]) =>
        stack.db('oauth').query(
          `SELECT g.user_id, g.revoked_at IS NULL AS live, t.token_hash FROM oauth_grants g JOIN oauth_tokens t ON t.grant_id = g.id AND t.kind = 'access'
            WHERE g.user_id = ANY($1::int[]) ORDER BY g.id`,
          [userIds],
        ) as Promise<Array<{ user_id: number; live: boolean; token_hash: string }>>;
      add('a managed organization (with its API key)', {
        relay: 'organizations',
        path: `/v2/organizations/${org.id}/organizations`,
        key: admin.key,
        body: { name: 'Lost answers managed', slug: `lost-managed-${tag}` },
        status: 201,
        made: async () => {
          const managed = (await stack
            .db('organizations')
            .query('SELECT organization_id, api_user_id FROM managed_organizations WHERE manager_id = $1', [org.id])) as Array<{
            organization_id: number;
            api_user_id: number;
          }>;
          const keys = (await stack
            .db('oauth')
            .query('SELECT user_id, hashed_key FROM api_keys WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL', [
              managed.map((m) => m.api_user_id),
            ])) as Array<{ user_id: number; hashed_key: string }>;
          return managed.map((m) => ({ id: m.organization_id, keys: keys.filter((k) => k.user_id === m.api_user_id).map((k) => k.hashed_key) }));
        },
        expected: (data) => [{ id: data.id, keys: [sha256(data.apiKey)] }],
        works: (data) => send(stack.url, 'GET', `/v2/organizations/${data.id}/memberships`, { key: data.apiKey }),
      });
      add('a managed user (with its tokens)', {
        relay: 'organizations',
        path: `/v2/oauth-clients/${platform.client.id}/users`,
        headers: asPlatformClient(platform.client.secret),
        body: { email: `lost-user-${tag}@example.com`, name: 'Lost answers' },
        status: 201,
        made: async () => {
          const users = (await stack
            .db('organizations')
            .query(`SELECT id FROM users WHERE platform_oauth_client_id = $1 AND email LIKE 'lost-user-${tag}+%'`, [platform.client.id])) as Array<{
            id: number;
          }>;
          const grants = await grantsOf(users.map((u) => u.id));
          return users.map((u) => ({ id: u.id, grants: grants.filter((g) => g.user_id === u.id).map(({ live, token_hash }) => ({ live, token_hash })) }));
        },
        expected: (data) => [{ id: data.user.id, grants: [{ live: true, token_hash: sha256(data.accessToken) }] }],
        works: (data) => send(stack.url, 'GET', '/v2/me', { key: data.accessToken }),
      });
      add("a managed user's tokens force-refreshed", {
        relay: 'organizations',
        path: `/v2/oauth-clients/${platform.client.id}/users/${platform.user.user.id}/force-refresh`,
        headers: asPlatformClient(platform.client.secret),
        status: 200,
        made: async () => (await grantsOf([platform.user.user.id])).map(({ live, token_hash }) => ({ live, token_hash })),
        // The grant the user was created with, revoked, and one refresh generation.
        expected: (data) => [
          { live: false, token_hash: sha256(platform.user.accessToken) },
          { live: true, token_hash: sha256(data.accessToken) },
        ],
        works: (data) => send(stack.url, 'GET', '/v2/me', { key: data.accessToken }),
      });
      add('a team workflow', {
        relay: 'integrations',
        path: `/v2/organizations/${org.id}/teams/${orgTeam.id}/workflows`,
        key: admin.key,
        body: {
          name: 'One hour before',
          activation: { isActiveOnAllEventTypes: true, activeOnEventTypeIds: [] },
          trigger: { type: 'beforeEvent', offset: { value: 1, unit: 'hour' } },
          steps: [
            {
              action: 'email_attendee',
              stepNumber: 1,
              recipient: 'attendee',
              template: 'reminder',
              sender: 'Acme',
              includeCalendarEvent: false,
              message: { subject: 'Soon: {EVENT_NAME}', html: '<p>See you soon.</p>' },
            },
          ],
        },
        status: 201,
        made: query('integrations', 'SELECT id FROM workflows WHERE team_id = $1', [orgTeam.id]),
        expected: (data) => [{ id: data.id }],
      });
      add('a routing form response', {
        relay: 'integrations',
        path: `/v2/organizations/${org.id}/teams/${orgTeam.id}/routing-forms/${formId}/responses`,
        key: admin.key,
        body: { need: 'a demo' },
        status: 201,
        made: query(
          'integrations',
          `SELECT (SELECT count(*)::int FROM routing_form_responses WHERE form_id = $1) AS responses,
                  (SELECT count(*)::int FROM routing_form_events WHERE form_id = $1) AS events`,
          [formId],
        ),
        expected: (data) => [{ responses: data.routingCustomMessage === 'Thanks' ? 1 : 'another route answered', events: 1 }],
      });
    });

    it.each([
      'an event type',
      'a schedule',
      "a member's schedule made by the organization",
      "a managed team event type (with each host's copy)",
      'an out-of-office entry',
      'a private link',
      'a slot reservation',
      'a reassignment to a chosen host',
      'a host marked absent',
      'booking fields added to a team event type',
      'a webhook redelivery',
      "a booker's e-mail verification code",
      'an attribute',
      'an attribute option',
      'a delegation credential',
      'a role',
      'a membership',
      'an invite link',
      'a team workflow',
      'a routing form response',
      'a managed organization (with its API key)',
      'a managed user (with its tokens)',
      "a managed user's tokens force-refreshed",
    ])("%s: the retry answers the route's status with what was made, and it was made once", async (name) => {
      const c = cases.get(name)!;
      const idempotencyKey = randomUUID();
      const write = (base: string) => send(base, 'POST', c.path, { key: c.key, body: c.body, idempotencyKey, headers: c.headers });
      await lost(relays[c.relay], () => write(lossy.url));
      const retry = await write(stack.url);
      expect(retry.status).toBe(c.status);
      expect(await c.made()).toEqual(c.expected(retry.json.data));
      if (c.works) expect((await c.works(retry.json.data)).status).toBe(200);
    });

    it("a managed user's tokens force-refreshed again with another key before the retry: the retry is 409, never the replaced pair", async () => {
      const headers = { 'x-svc-secret-key': platformClient.secret };
      const users = `/v2/oauth-clients/${platformClient.id}/users`;
      const created = await send(stack.url, 'POST', users, { body: { email: `replaced-${randomUUID().slice(0, 8)}@example.com`, name: 'Replaced' }, headers });
      const path = `${users}/${created.json.data.user.id}/force-refresh`;
      const idempotencyKey = randomUUID();
      await lost(relays.organizations, () => send(lossy.url, 'POST', path, { idempotencyKey, headers }));
      const other = await send(stack.url, 'POST', path, { idempotencyKey: randomUUID(), headers });
      expect(other.status).toBe(200);
      const retry = await send(stack.url, 'POST', path, { idempotencyKey, headers });
      expectErrorEnvelope(
        { status: retry.status, body: retry.json },
        409,
        'CONFLICT',
        /^The tokens this Idempotency-Key issued were refreshed or revoked since/,
      );
      expect((await send(stack.url, 'GET', '/v2/me', { key: other.json.data.accessToken })).status).toBe(200);
    });

    it('a webhook creation: 201 with the webhook created, not 409 for its subscriberUrl', async () => {
      const owner = await userWithKey(stack);
      const key = randomUUID();
      const body = { subscriberUrl: 'https://hooks.example.com/lost-answer', triggers: ['BOOKING_CREATED'] };
      const create = (base: string) => send(base, 'POST', '/v2/webhooks', { key: owner.key, body, idempotencyKey: key });
      await lost(relays.integrations, () => create(lossy.url));
      const retry = await create(stack.url);
      expect(retry.status).toBe(201);
      const rows = await stack.db('integrations').query('SELECT id FROM webhooks WHERE user_id = $1', [owner.user.id]);
      expect(rows).toEqual([{ id: retry.json.data.id }]);
    });
  });
});
