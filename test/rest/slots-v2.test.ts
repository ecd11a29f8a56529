import { attendee, book, EVERY_DAY, Host, hostWithSchedule, personalEventType, teamEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess } from '../support/fixtures';
import { referenceResponseValidator, componentShapeErrors, shapeErrors } from '../support/reference-components';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

const UTC = 'UTC';
const OPEN = { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '12:00' }] };

/**
 * GET /v2/slots (the reference's 2024-09-04 version) and slot reservations (reference tag "Slots"):
 * public (spec 5.3). Dates are in 2030 (2030-06-03 is a Monday); hosts open 09:00–12:00 UTC.
 */
describe('GET /v2/slots and /v2/slots/reservations', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const slots = (query: Record<string, string | number>) =>
    stack.rest('GET', `/v2/slots?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  const reserve = (body: Record<string, unknown>, key?: string) => stack.rest('POST', '/v2/slots/reservations', { body, key });

  describe('GET /v2/slots', () => {
    let host: Host;
    let eventTypeId: number;
    beforeAll(async () => {
      host = await hostWithSchedule(stack, OPEN);
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'intro' })).id;
    });

    it('by eventTypeId: {date: [{start}]} in UTC by default, the reference answer shape', async () => {
      const response = await slots({ eventTypeId, start: '2030-06-03', end: '2030-06-03' });
      const data = expectSuccess(response);
      expect(data).toEqual({
        '2030-06-03': [{ start: '2030-06-03T09:00:00.000Z' }, { start: '2030-06-03T10:00:00.000Z' }, { start: '2030-06-03T11:00:00.000Z' }],
      });
      expect(shapeErrors(referenceResponseValidator('get', '/v2/slots'), data)).toEqual([]);
    });

    it('format=range answers {start, end}; timeZone writes the local offset and groups by local date', async () => {
      const data = expectSuccess(await slots({ eventTypeId, start: '2030-06-03', end: '2030-06-03', format: 'range', timeZone: 'Asia/Tokyo' }));
      expect(data).toEqual({
        '2030-06-03': [
          { start: '2030-06-03T18:00:00.000+09:00', end: '2030-06-03T19:00:00.000+09:00' },
          { start: '2030-06-03T19:00:00.000+09:00', end: '2030-06-03T20:00:00.000+09:00' },
          { start: '2030-06-03T20:00:00.000+09:00', end: '2030-06-03T21:00:00.000+09:00' },
        ],
      });
      expect(shapeErrors(referenceResponseValidator('get', '/v2/slots'), data)).toEqual([]);
    });

    it('by eventTypeSlug with username, and with teamSlug, as by id', async () => {
      const expected = expectSuccess(await slots({ eventTypeId, start: '2030-06-03', end: '2030-06-04' }));
      expect(expectSuccess(await slots({ eventTypeSlug: 'intro', username: host.user.username, start: '2030-06-03', end: '2030-06-04' }))).toEqual(expected);
      const other = await hostWithSchedule(stack, OPEN);
      const { team, eventType } = await teamEventType(stack, [host, other], { lengthInMinutes: 60, slug: 'team-intro' });
      expect(
        expectSuccess(await slots({ eventTypeSlug: eventType.slug, teamSlug: (team as { slug: string }).slug, start: '2030-06-03', end: '2030-06-04' })),
      ).toEqual(expected);
    });

    it('usernames (a dynamic group): the times every user is free, duration long (default 30)', async () => {
      const a = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const b = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '10:00', endTime: '12:00' }] });
      const data = expectSuccess(await slots({ usernames: `${a.user.username},${b.user.username}`, start: '2030-06-03', end: '2030-06-03' }));
      expect(data).toEqual({ '2030-06-03': [{ start: '2030-06-03T10:00:00.000Z' }, { start: '2030-06-03T10:30:00.000Z' }] });
      const hour = expectSuccess(await slots({ usernames: `${a.user.username},${b.user.username}`, start: '2030-06-03', end: '2030-06-03', duration: 60 }));
      expect(hour).toEqual({ '2030-06-03': [{ start: '2030-06-03T10:00:00.000Z' }] });
      expectErrorEnvelope(await slots({ usernames: a.user.username, start: '2030-06-03', end: '2030-06-03' }), 400, 'BAD_REQUEST', /usernames/);
      expectErrorEnvelope(
        await slots({ usernames: `${a.user.username},nobody-${Date.now()}`, start: '2030-06-03', end: '2030-06-03' }),
        404,
        'NOT_FOUND',
        /nobody/,
      );
    });

    it('bookingUidToReschedule: the booking’s own time is offered', async () => {
      const booked = expectSuccess(await book(stack, { eventTypeId, start: '2030-06-04T10:00:00Z', attendee: attendee('resched') }), 201);
      const without = expectSuccess(await slots({ eventTypeId, start: '2030-06-04', end: '2030-06-04' }));
      expect(without['2030-06-04'].map((s: { start: string }) => s.start)).not.toContain('2030-06-04T10:00:00.000Z');
      const withIt = expectSuccess(await slots({ eventTypeId, start: '2030-06-04', end: '2030-06-04', bookingUidToReschedule: booked.uid }));
      expect(withIt['2030-06-04'].map((s: { start: string }) => s.start)).toContain('2030-06-04T10:00:00.000Z');
    });

    it.each([
      ['start', { eventTypeId: 1, start: 'soon', end: '2030-06-03' }],
      ['end', { eventTypeId: 1, start: '2030-06-03', end: '2030-06-01' }],
      ['format', { eventTypeId: 1, start: '2030-06-03', end: '2030-06-03', format: 'list' }],
      ['timeZone', { eventTypeId: 1, start: '2030-06-03', end: '2030-06-03', timeZone: 'Mars/Olympus' }],
    ])('a bad %s is a 400 naming it', async (field, query) => {
      expectErrorEnvelope(await slots(query), 400, 'BAD_REQUEST', new RegExp(field));
    });

    it('the older GET /v2/slots/available keeps its shape', async () => {
      const data = expectSuccess(
        await stack.rest('GET', `/v2/slots/available?eventTypeId=${eventTypeId}&startTime=2030-06-05T00:00:00Z&endTime=2030-06-06T00:00:00Z`),
      );
      expect(data.slots['2030-06-05'][0]).toEqual({ time: '2030-06-05T09:00:00.000Z' });
    });
  });

  describe('slot reservations', () => {
    let host: Host;
    let eventTypeId: number;
    beforeEach(async () => {
      host = await hostWithSchedule(stack, OPEN);
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
    });
    const startsOn = async (date: string): Promise<string[]> =>
      (expectSuccess(await slots({ eventTypeId, start: date, end: date }))[date] ?? []).map((s: { start: string }) => s.start);

    it('POST holds the slot: 201 with the reference shape; others no longer see it or book it; the holder books it with reservationUid', async () => {
      const held = expectSuccess(await reserve({ eventTypeId, slotStart: '2030-06-03T10:00:00Z' }), 201);
      expect(held).toMatchObject({
        eventTypeId,
        slotStart: '2030-06-03T10:00:00.000Z',
        slotEnd: '2030-06-03T11:00:00.000Z',
        slotDuration: 60,
        reservationDuration: 5,
      });
      expect(componentShapeErrors('ReserveSlotOutput_2024_09_04', held)).toEqual([]);
      expect(Date.parse(held.reservationUntil) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      expect(await startsOn('2030-06-03')).toEqual(['2030-06-03T09:00:00.000Z', '2030-06-03T11:00:00.000Z']);
      expectErrorEnvelope(await book(stack, { eventTypeId, start: '2030-06-03T10:00:00Z', attendee: attendee('other') }), 409, 'CONFLICT', /taken/);
      // A reservation over a held slot is a 422, as the real service's user-event-type-slots.controller.e2e-spec.ts asserts.
      expectErrorEnvelope(await reserve({ eventTypeId, slotStart: '2030-06-03T10:00:00Z' }), 422, 'UNPROCESSABLE_ENTITY', /already reserved/);
      const booked = expectSuccess(
        await book(stack, { eventTypeId, start: '2030-06-03T10:00:00Z', attendee: attendee('holder'), reservationUid: held.reservationUid }),
        201,
      );
      expect(booked.start).toBe('2030-06-03T10:00:00.000Z');
      expectErrorEnvelope(await stack.rest('GET', `/v2/slots/reservations/${held.reservationUid}`), 404, 'NOT_FOUND', /reservation/i);
    });

    it('GET reads it, PATCH moves it, DELETE frees it', async () => {
      const held = expectSuccess(await reserve({ eventTypeId, slotStart: '2030-06-03T09:00:00Z' }), 201);
      expect(expectSuccess(await stack.rest('GET', `/v2/slots/reservations/${held.reservationUid}`))).toEqual(held);
      const moved = expectSuccess(
        await stack.rest('PATCH', `/v2/slots/reservations/${held.reservationUid}`, { body: { eventTypeId, slotStart: '2030-06-03T11:00:00Z' } }),
      );
      expect(moved).toMatchObject({ reservationUid: held.reservationUid, slotStart: '2030-06-03T11:00:00.000Z' });
      expect(await startsOn('2030-06-03')).toEqual(['2030-06-03T09:00:00.000Z', '2030-06-03T10:00:00.000Z']);
      expectSuccess(await stack.rest('DELETE', `/v2/slots/reservations/${held.reservationUid}`));
      expect(await startsOn('2030-06-03')).toEqual(['2030-06-03T09:00:00.000Z', '2030-06-03T10:00:00.000Z', '2030-06-03T11:00:00.000Z']);
    });

    it('an expired reservation frees the slot (the clock is moved by writing reserved_until, no sleep)', async () => {
      const held = expectSuccess(await reserve({ eventTypeId, slotStart: '2030-06-03T10:00:00Z' }), 201);
      await stack.db('scheduling').query(`UPDATE slot_reservations SET reserved_until = now() - interval '1 second' WHERE uid = $1`, [held.reservationUid]);
      expect(await startsOn('2030-06-03')).toContain('2030-06-03T10:00:00.000Z');
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-06-03T10:00:00Z', attendee: attendee('late'), reservationUid: held.reservationUid }),
        409,
        'CONFLICT',
        /expired/,
      );
      expectSuccess(await book(stack, { eventTypeId, start: '2030-06-03T10:00:00Z', attendee: attendee('anyone') }), 201);
    });

    // Anonymous → 401, as the real service's user-event-type-slots.controller.e2e-spec.ts asserts.
    it('reservationDuration: only with a credential (1 to 60 minutes); anonymous → 401 naming it', async () => {
      const anonymous = await reserve({ eventTypeId, slotStart: '2030-06-03T09:00:00Z', reservationDuration: 10 });
      expectErrorEnvelope(anonymous, 401, 'UNAUTHORIZED', /reservationDuration/);
      expectErrorEnvelope(
        await reserve({ eventTypeId, slotStart: '2030-06-03T09:00:00Z', reservationDuration: 600 }, host.key),
        400,
        'BAD_REQUEST',
        /reservationDuration/,
      );
      const held = expectSuccess(await reserve({ eventTypeId, slotStart: '2030-06-03T09:00:00Z', reservationDuration: 10 }, host.key), 201);
      expect(held.reservationDuration).toBe(10);
    });

    it.each([
      ['slotStart', { slotStart: 'tomorrow' }, 400],
      ['slotStart', { slotStart: '2020-01-01T09:00:00Z' }, 400],
      ['slotDuration', { slotStart: '2030-06-03T09:00:00Z', slotDuration: 45 }, 400],
      ['outside', { slotStart: '2030-06-03T15:00:00Z' }, 409],
    ])('%s → %s', async (field, body, status) => {
      const response = await reserve({ eventTypeId, ...body });
      expectErrorEnvelope(response, status, status === 400 ? 'BAD_REQUEST' : 'CONFLICT', new RegExp(field));
    });

    it('an unknown event type → 404; an unknown reservation → 404 on GET, PATCH, DELETE and in a booking body', async () => {
      expectErrorEnvelope(await reserve({ eventTypeId: 99999999, slotStart: '2030-06-03T09:00:00Z' }), 404, 'NOT_FOUND', /Event type/);
      for (const method of ['GET', 'DELETE'] as const) expectErrorEnvelope(await stack.rest(method, '/v2/slots/reservations/nope'), 404, 'NOT_FOUND', /nope/);
      expectErrorEnvelope(
        await stack.rest('PATCH', '/v2/slots/reservations/nope', { body: { eventTypeId, slotStart: '2030-06-03T09:00:00Z' } }),
        404,
        'NOT_FOUND',
        /nope/,
      );
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-06-03T09:00:00Z', attendee: attendee('x'), reservationUid: 'nope' }),
        404,
        'NOT_FOUND',
        /nope/,
      );
    });

    it('concurrency: reservations and bookings of one slot — exactly one wins', async () => {
      const answers = await Promise.all([
        reserve({ eventTypeId, slotStart: '2030-06-07T10:00:00Z' }),
        reserve({ eventTypeId, slotStart: '2030-06-07T10:00:00Z' }),
        book(stack, { eventTypeId, start: '2030-06-07T10:00:00Z', attendee: attendee('race-1') }),
        book(stack, { eventTypeId, start: '2030-06-07T10:00:00Z', attendee: attendee('race-2') }),
      ]);
      expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
      // A losing booking is a 409, a losing reservation a 422 (the real service's answer to a reservation over a taken slot).
      expect(answers.map((a) => a.status).filter((s) => s === 409 || s === 422)).toHaveLength(3);
    });

    it('a team event type: the reservation holds one host; the slot stays offered while another host is free', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const { eventType } = await teamEventType(stack, [a, b], { lengthInMinutes: 60 });
      const at = '2030-06-03T10:00:00Z';
      expectSuccess(await reserve({ eventTypeId: eventType.id, slotStart: at }), 201);
      const day = expectSuccess(await slots({ eventTypeId: eventType.id, start: '2030-06-03', end: '2030-06-03' }))['2030-06-03'].map(
        (s: { start: string }) => s.start,
      );
      expect(day).toContain('2030-06-03T10:00:00.000Z');
      expectSuccess(await reserve({ eventTypeId: eventType.id, slotStart: at }), 201);
      const after = expectSuccess(await slots({ eventTypeId: eventType.id, start: '2030-06-03', end: '2030-06-03' }))['2030-06-03'].map(
        (s: { start: string }) => s.start,
      );
      expect(after).not.toContain('2030-06-03T10:00:00.000Z');
      expectErrorEnvelope(await book(stack, { eventTypeId: eventType.id, start: at, attendee: attendee('team') }), 409, 'CONFLICT', /taken/);
    });
  });
  /**
   * Collective team event types (schedulingType `collective`): a slot is offered only when every host is
   * free, a booking occupies every host (all are in its `hosts`), and the database lets exactly one of
   * two competing bookings of any of the hosts win. Hosts are created through the fixtures and the event
   * type made collective through PATCH by the team's owner (the first host).
   */
  describe('collective team event types', () => {
    const MORNING = { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] };
    const LATE_MORNING = { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '10:00', endTime: '12:00' }] };
    const startsOn = async (eventTypeId: number, date: string) =>
      (expectSuccess(await slots({ eventTypeId, start: date, end: date }))[date] ?? []).map((s: { start: string }) => s.start);

    async function collective(hosts: Host[], lengthInMinutes = 60) {
      const { team, eventType } = await teamEventType(stack, hosts, { lengthInMinutes });
      const patched = await stack.rest('PATCH', `/v2/teams/${team.id}/event-types/${eventType.id}`, {
        key: hosts[0].key,
        body: { schedulingType: 'collective' },
      });
      expect(expectSuccess(patched).schedulingType).toBe('collective');
      return eventType.id as number;
    }

    it('a slot is offered only when every host is free (a round-robin type offers any host’s)', async () => {
      const a = await hostWithSchedule(stack, MORNING);
      const b = await hostWithSchedule(stack, LATE_MORNING);
      const { eventType: roundRobin } = await teamEventType(stack, [a, b], { lengthInMinutes: 60 });
      expect(await startsOn(roundRobin.id, '2030-07-01')).toEqual(['2030-07-01T09:00:00.000Z', '2030-07-01T10:00:00.000Z', '2030-07-01T11:00:00.000Z']);
      const eventTypeId = await collective([a, b]);
      expect(await startsOn(eventTypeId, '2030-07-01')).toEqual(['2030-07-01T10:00:00.000Z']);
      // A personal booking of one host takes the collective slot away.
      const own = await personalEventType(stack, b.user.id, { lengthInMinutes: 60 });
      expectSuccess(await book(stack, { eventTypeId: own.id, start: '2030-07-02T10:00:00Z', attendee: attendee('busy-b') }), 201);
      expect(await startsOn(eventTypeId, '2030-07-02')).toEqual([]);
      expectErrorEnvelope(await book(stack, { eventTypeId, start: '2030-07-02T10:00:00Z', attendee: attendee('too-late') }), 409, 'CONFLICT', /every host/);
    });

    it('a booking includes every host (reference shape) and blocks each of them', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const c = await hostWithSchedule(stack, OPEN);
      const eventTypeId = await collective([a, b, c]);
      const response = await book(stack, { eventTypeId, start: '2030-07-03T10:00:00Z', attendee: attendee('all-hands') });
      const booking = expectSuccess(response, 201);
      expectReferenceShape('POST', '/v2/bookings', response.body);
      // One organizer in hosts, the other hosts among the attendees (the real service's shape, issue 22).
      expect(booking.hosts).toHaveLength(1);
      const others = [a, b, c].filter((h) => h.user.id !== booking.hosts[0].id).map((h) => h.user.email);
      expect(others).toHaveLength(2);
      expect(booking.attendees.map((x: { email: string }) => x.email)).toEqual([attendee('all-hands').email, ...others]);
      for (const host of [a, b, c]) {
        const own = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
        expect(await startsOn(own.id, '2030-07-03')).toEqual(['2030-07-03T09:00:00.000Z', '2030-07-03T11:00:00.000Z']);
        expectErrorEnvelope(
          await book(stack, { eventTypeId: own.id, start: '2030-07-03T10:00:00Z', attendee: attendee(`own-${host.user.id}`) }),
          409,
          'CONFLICT',
          /taken/,
        );
      }
      // Each co-host finds the booking among their bookings with every host in it.
      const listed = expectSuccess(await stack.rest('GET', '/v2/bookings', { key: c.key, headers: { 'svc-api-version': '2024-08-13' } }));
      expect(listed.map((x: { uid: string }) => x.uid)).toContain(booking.uid);
      // Cancelling frees every host again.
      expectSuccess(
        await stack.rest('POST', `/v2/bookings/${booking.uid}/cancel`, { body: { cancellationReason: 'moved' }, headers: { 'svc-api-version': '2024-08-13' } }),
      );
      expect(await startsOn(eventTypeId, '2030-07-03')).toContain('2030-07-03T10:00:00.000Z');
    });

    it('concurrency: two bookings of one collective slot → exactly one wins', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const eventTypeId = await collective([a, b]);
      const answers = await Promise.all([1, 2, 3].map((n) => book(stack, { eventTypeId, start: '2030-07-04T10:00:00Z', attendee: attendee(`race-c${n}`) })));
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });

    it('concurrency: a collective booking and a personal booking of one of its hosts at the same time → exactly one wins', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const eventTypeId = await collective([a, b]);
      const own = await personalEventType(stack, b.user.id, { lengthInMinutes: 60 });
      const answers = await Promise.all([
        book(stack, { eventTypeId, start: '2030-07-05T10:00:00Z', attendee: attendee('race-team') }),
        book(stack, { eventTypeId: own.id, start: '2030-07-05T10:00:00Z', attendee: attendee('race-own') }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      const live = await stack
        .db('scheduling')
        .query(`SELECT count(*)::int AS n FROM booking_hosts WHERE user_id = $1 AND live AND start_time = '2030-07-05T10:00:00Z'`, [b.user.id]);
      expect(live[0].n).toBe(1);
    });

    it('a reservation of a collective slot holds every host (their personal event types too); the holder books it; delete frees all', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const eventTypeId = await collective([a, b]);
      const ownOfB = await personalEventType(stack, b.user.id, { lengthInMinutes: 60 });
      const at = '2030-07-08T10:00:00.000Z';
      const ownOfA = await personalEventType(stack, a.user.id, { lengthInMinutes: 60 });
      const reservation = expectSuccess(await reserve({ eventTypeId, slotStart: at }), 201);
      // Both hosts are held (the one the reservation is recorded for and the co-host): their own slots lose the hour, a booking of it is refused.
      for (const own of [ownOfA, ownOfB]) expect(await startsOn(own.id, '2030-07-08')).toEqual(['2030-07-08T09:00:00.000Z', '2030-07-08T11:00:00.000Z']);
      expectErrorEnvelope(await book(stack, { eventTypeId: ownOfB.id, start: at, attendee: attendee('own-b-held') }), 409, 'CONFLICT', /taken/);
      expect(await startsOn(eventTypeId, '2030-07-08')).not.toContain(at);
      // Deleting the reservation frees every host.
      expectSuccess(await stack.rest('DELETE', `/v2/slots/reservations/${reservation.reservationUid}`));
      expect(await startsOn(ownOfB.id, '2030-07-08')).toContain(at);
      // Held again; the holder books it, which ends the hold and occupies both hosts as a booking.
      const again = expectSuccess(await reserve({ eventTypeId, slotStart: at }), 201);
      const booking = expectSuccess(await book(stack, { eventTypeId, start: at, attendee: attendee('holder'), reservationUid: again.reservationUid }), 201);
      expect(booking.hosts).toHaveLength(1);
      const other = [a, b].find((h) => h.user.id !== booking.hosts[0].id)!;
      expect(booking.attendees.map((x: { email: string }) => x.email)).toEqual([attendee('holder').email, other.user.email]);
      expect(await stack.db('scheduling').query('SELECT 1 FROM slot_reservation_co_hosts')).toEqual([]);
    });

    it('an expired reservation of a collective slot holds no host', async () => {
      const a = await hostWithSchedule(stack, OPEN);
      const b = await hostWithSchedule(stack, OPEN);
      const eventTypeId = await collective([a, b]);
      const ownOfB = await personalEventType(stack, b.user.id, { lengthInMinutes: 60 });
      const at = '2030-07-09T10:00:00.000Z';
      const reservation = expectSuccess(await reserve({ eventTypeId, slotStart: at }), 201);
      expect(await startsOn(ownOfB.id, '2030-07-09')).not.toContain(at);
      // Expiry is a time in the row: moved into the past, as the clock would.
      await stack
        .db('scheduling')
        .query(`UPDATE slot_reservations SET reserved_until = now() - interval '1 second' WHERE uid = $1`, [reservation.reservationUid]);
      expect(await startsOn(ownOfB.id, '2030-07-09')).toContain(at);
      expectSuccess(await book(stack, { eventTypeId: ownOfB.id, start: at, attendee: attendee('after-expiry') }), 201);
    });
  });
});
