import { PrivateLinkService } from '../../subgraphs/scheduling/private-link/private-link.service';
import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, Host, hostWithSchedule, personalEventType, teamEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const HOURS_9_TO_17_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
const EXPIRED = /^private link has expired$/;

/**
 * Booking through a private link (spec 2.7, 3 "Private link", 4.6, 8): POST /v2/bookings with
 * `privateLinkId` (both body versions). The link must be one of the booked event type's and not
 * expired; the booking counts one use in its own transaction, so a refused booking uses nothing and
 * concurrent bookings cannot share a last use.
 */
describe('booking through a private link', () => {
  let stack: TestStack;
  let host: Host;
  let eventTypeId: number;
  let otherEventTypeId: number;

  /** Distinct free hours of the host: 2032-03-01 09:00Z, 10:00Z, … 16:00Z, then the next day. */
  let nextSlot = 0;
  const slot = () => {
    const n = nextSlot++;
    const day = new Date(Date.UTC(2032, 2, 1 + Math.floor(n / 8), 9 + (n % 8)));
    return day.toISOString();
  };

  const linksPath = (id: number) => `/v2/event-types/${id}/private-links`;
  const createLink = async (body: Record<string, unknown> = {}, id = eventTypeId) =>
    expectSuccess(await stack.rest('POST', linksPath(id), { key: host.key, body }), 201);
  /** The link as GET …/private-links shows it to the owner. */
  const linkOf = async (linkId: string, id = eventTypeId) =>
    (expectSuccess(await stack.rest('GET', linksPath(id), { key: host.key })) as any[]).find((l) => l.linkId === linkId);
  const bookingCount = async (hostId: number) =>
    Number((await stack.db('scheduling').query('SELECT count(*) AS n FROM bookings WHERE user_id = $1', [hostId]))[0].n);
  const through = (linkId: string, start = slot(), tag: string | number = start) =>
    book(stack, { eventTypeId, start, attendee: attendee(`link-${tag}`), privateLinkId: linkId });

  /**
   * Sends the requests while a transaction of the test holds the booking lock of these hosts (the
   * advisory lock each booking attempt takes first), releases it once every request waits on it, and
   * answers their responses. So every request has passed its checks before the transaction (slot free,
   * link not expired), and what happens next is decided inside the transactions only.
   */
  async function queuedOnHostLocks<T>(hostIds: number[], requests: Array<() => Promise<T>>): Promise<T[]> {
    const runner = stack.db('scheduling').createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      for (const id of hostIds) await runner.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['scheduling.bookings', id]);
      const answers = Promise.all(requests.map((request) => request()));
      const waiting = async () =>
        Number(
          (
            await stack.db('scheduling').query(
              `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = ANY($1::int[])
                 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
              [hostIds],
            )
          )[0].n,
        );
      for (let i = 0; (await waiting()) < requests.length; i += 1) {
        if (i > 500) throw new Error('the requests did not reach the host lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await runner.commitTransaction();
      return await answers;
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  }

  beforeAll(async () => {
    stack = await startTestStack();
    host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Lina Link');
    eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'private-call' })).id;
    otherEventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'other-call' })).id;
  });
  afterAll(() => stack.stop());

  it('a one-use link books once; the next booking through it → 409 "private link has expired", and GET …/private-links shows it expired', async () => {
    const link = await createLink();
    const booking = expectSuccess(await through(link.linkId), 201);
    expect(booking).toMatchObject({ eventTypeId, status: 'accepted' });
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, maxUsageCount: 1, isExpired: true });
    const before = await bookingCount(host.user.id);
    expectErrorEnvelope(await through(link.linkId), 409, 'CONFLICT', EXPIRED);
    expect(await bookingCount(host.user.id)).toBe(before);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
  });

  it('maxUsageCount 3: three bookings, then refused', async () => {
    const link = await createLink({ maxUsageCount: 3 });
    for (let i = 1; i <= 3; i += 1) {
      expectSuccess(await through(link.linkId), 201);
      expect(await linkOf(link.linkId)).toMatchObject({ usageCount: i, isExpired: i === 3 });
    }
    expectErrorEnvelope(await through(link.linkId), 409, 'CONFLICT', EXPIRED);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 3, isExpired: true });
  });

  it('expiresAt in the past → refused, and nothing is booked or counted', async () => {
    const link = await createLink({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    expectSuccess(await through(link.linkId), 201); // usable until then, with no count cap
    await stack.db('scheduling').query(`UPDATE private_links SET expires_at = now() - interval '1 minute' WHERE link_id = $1`, [link.linkId]); // time passes
    const before = await bookingCount(host.user.id);
    expectErrorEnvelope(await through(link.linkId), 409, 'CONFLICT', EXPIRED);
    expect(await bookingCount(host.user.id)).toBe(before);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, maxUsageCount: -1, isExpired: true });
  });

  it('maxUsageCount -1: no count cap', async () => {
    const link = await createLink({ maxUsageCount: -1 });
    for (let i = 0; i < 5; i += 1) expectSuccess(await through(link.linkId), 201);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 5, maxUsageCount: -1, isExpired: false });
  });

  it('a booking refused with 409 (slot taken, outside availability) does not use the link', async () => {
    const link = await createLink();
    const taken = slot();
    expectSuccess(await book(stack, { eventTypeId, start: taken, attendee: attendee('no-link') }), 201);
    expectErrorEnvelope(await through(link.linkId, taken, 'taken'), 409, 'CONFLICT', /already taken/);
    expectErrorEnvelope(await through(link.linkId, '2032-03-01T20:00:00Z', 'outside'), 409, 'CONFLICT', /outside the availability/);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 0, isExpired: false });
    expectSuccess(await through(link.linkId), 201);
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
  });

  it('a booking the database refuses inside the transaction rolls the use back: two concurrent bookings of one slot through a link → one use', async () => {
    const link = await createLink({ maxUsageCount: 5 });
    const start = slot();
    const answers = await queuedOnHostLocks(
      [host.user.id],
      [1, 2].map((i) => () => through(link.linkId, start, `same-slot-${i}`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectErrorEnvelope(
      answers.find((a) => a.status === 409)!,
      409,
      'CONFLICT',
      /already taken/,
    );
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: false });
  });

  describe('two concurrent bookings through a one-use link, for different slots: exactly one 201', () => {
    it.each([1, 2, 3])('round %i', async (round) => {
      const link = await createLink();
      const before = await bookingCount(host.user.id);
      const answers = await queuedOnHostLocks(
        [host.user.id],
        [slot(), slot()].map((start, i) => () => through(link.linkId, start, `race-${round}-${i}`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expectErrorEnvelope(
        answers.find((a) => a.status === 409)!,
        409,
        'CONFLICT',
        EXPIRED,
      );
      expect(await bookingCount(host.user.id)).toBe(before + 1);
      expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
    });

    it('also when the two bookings go to different hosts of a team event type (no host lock in common)', async () => {
      const [ann, ben] = [await hostWithSchedule(stack, HOURS_9_TO_17_UTC), await hostWithSchedule(stack, HOURS_9_TO_17_UTC)];
      const { eventType } = await teamEventType(stack, [ann, ben], { lengthInMinutes: 30 });
      const own = {
        ann: (await personalEventType(stack, ann.user.id, { lengthInMinutes: 30 })).id,
        ben: (await personalEventType(stack, ben.user.id, { lengthInMinutes: 30 })).id,
      };
      const links = new PrivateLinkService(stack.db('scheduling'));
      for (const round of [1, 2, 3]) {
        // ann is free only at 10:00, ben only at 11:00: the two requests go to different hosts
        const [annFree, benFree] = [`2032-04-0${round}T10:00:00Z`, `2032-04-0${round}T11:00:00Z`];
        expectSuccess(await book(stack, { eventTypeId: own.ann, start: benFree, attendee: attendee(`ann-busy-${round}`) }), 201);
        expectSuccess(await book(stack, { eventTypeId: own.ben, start: annFree, attendee: attendee(`ben-busy-${round}`) }), 201);
        const link = await links.create(eventType, {});
        const answers = await queuedOnHostLocks(
          [ann.user.id, ben.user.id],
          [annFree, benFree].map(
            (start, i) => () => book(stack, { eventTypeId: eventType.id, start, attendee: attendee(`team-race-${round}-${i}`), privateLinkId: link.linkId }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expectErrorEnvelope(
          answers.find((a) => a.status === 409)!,
          409,
          'CONFLICT',
          EXPIRED,
        );
        const winner = answers.find((a) => a.status === 201)!.body.data;
        expect(winner.hosts[0].id).toBe(winner.start === annFree.replace('Z', '.000Z') ? ann.user.id : ben.user.id);
        expect((await links.findByIds([link.linkId]))[0]).toMatchObject({ usageCount: 1 });
      }
    });
  });

  it('the link must be one of the booked event type’s: another event type’s → 400 naming privateLinkId; unknown → 404; empty → 400; nothing is used', async () => {
    const otherLink = await createLink({}, otherEventTypeId);
    const before = await bookingCount(host.user.id);
    expectErrorEnvelope(await through(otherLink.linkId), 400, 'BAD_REQUEST', /^privateLinkId: private link .* is a link of another event type/);
    expectErrorEnvelope(await through('no-such-link'), 404, 'NOT_FOUND', /Private link/);
    expectErrorEnvelope(await through('  '), 400, 'BAD_REQUEST', /^privateLinkId/);
    expect(await bookingCount(host.user.id)).toBe(before);
    expect(await linkOf(otherLink.linkId, otherEventTypeId)).toMatchObject({ usageCount: 0, isExpired: false });
    // the link books its own event type
    expectSuccess(await book(stack, { eventTypeId: otherEventTypeId, start: slot(), attendee: attendee('own'), privateLinkId: otherLink.linkId }), 201);
  });

  it('the older body (without svc-api-version 2024-08-13) takes privateLinkId too', async () => {
    const link = await createLink();
    const body = (start: string) => ({
      start,
      eventTypeId,
      timeZone: 'UTC',
      responses: { name: 'Old Body', email: 'old-body@example.com' },
      privateLinkId: link.linkId,
    });
    expect(expectSuccess(await stack.rest('POST', '/v2/bookings', { body: body(slot()) }), 201)).toMatchObject({ eventTypeId, status: 'accepted' });
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
    expectErrorEnvelope(await stack.rest('POST', '/v2/bookings', { body: body(slot()) }), 409, 'CONFLICT', EXPIRED);
  });

  it('rescheduling or cancelling a booking made through a link neither uses the link again nor gives the use back', async () => {
    const link = await createLink();
    const booking = expectSuccess(await through(link.linkId), 201);
    const moved = expectSuccess(
      await stack.rest('POST', `/v2/bookings/${booking.uid}/reschedule`, { body: { start: slot() }, headers: BOOKINGS_VERSION }),
      201,
    );
    expectSuccess(await stack.rest('POST', `/v2/bookings/${moved.uid}/cancel`, { body: {}, headers: BOOKINGS_VERSION }));
    expect(await linkOf(link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
  });

  it('a hidden event type stays bookable by id, with or without a link (hidden only keeps it off listings)', async () => {
    const hidden = await personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'hidden-call' });
    expect(expectSuccess(await stack.rest('PATCH', `/v2/event-types/${hidden.id}`, { key: host.key, body: { hidden: true } })).hidden).toBe(true);
    expectSuccess(await book(stack, { eventTypeId: hidden.id, start: slot(), attendee: attendee('hidden') }), 201);
    const link = await createLink({}, hidden.id);
    expectSuccess(await book(stack, { eventTypeId: hidden.id, start: slot(), attendee: attendee('hidden-link'), privateLinkId: link.linkId }), 201);
    expect(await linkOf(link.linkId, hidden.id)).toMatchObject({ usageCount: 1, isExpired: true });
  });
});
