import {
  attendee,
  book,
  bookingEvents,
  BOOKINGS_VERSION,
  EVERY_DAY,
  getSlots,
  Host,
  hostWithSchedule,
  localTimes,
  personalEventType,
  teamEventType,
} from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { tokenRequest, userAndCode } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

const HOURS_9_TO_17_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
const V2 = BOOKINGS_VERSION;

/**
 * Bookings with svc-api-version 2024-08-13 (spec 2.18, 3, 4.15, 7.1, §8, 9): POST /v2/bookings,
 * GET /v2/bookings, GET /v2/bookings/{bookingUid}, POST /v2/bookings/{bookingUid}/cancel and
 * /reschedule. Creating, cancelling and rescheduling are public; reading needs BOOKING_READ.
 */
describe('bookings', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const get = (path: string, key?: string, headers = V2) => stack.rest('GET', path, { key, headers });
  const cancel = (uid: string, body: unknown = {}, headers = V2) => stack.rest('POST', `/v2/bookings/${uid}/cancel`, { body, headers });
  const reschedule = (uid: string, body: unknown, headers = V2) => stack.rest('POST', `/v2/bookings/${uid}/reschedule`, { body, headers });
  const bookingsOf = async (host: Host, query = '') => expectSuccess(await get(`/v2/bookings${query}`, host.key));
  const bookingRows = async (hostId: number) =>
    stack.db('scheduling').query('SELECT uid, status, start_time FROM bookings WHERE user_id = $1 ORDER BY id', [hostId]);

  describe('POST /v2/bookings: eventTypeId, start (UTC), attendee {name, email, timeZone, language}, location {type}, metadata; end follows from the event type (201)', () => {
    let host: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Hannah Host');
      eventTypeId = (
        await personalEventType(stack, host.user.id, {
          lengthInMinutes: 45,
          slug: 'consult',
          title: 'Consultation',
          locations: [{ type: 'integration' }, { type: 'attendeePhone' }],
        })
      ).id;
    });

    it('answers 201 with the booking of type 2.18 in the shape of BookingOutput_2024_08_13 (unset optional fields absent, not null), without a credential', async () => {
      const body = {
        eventTypeId,
        start: '2030-07-01T10:00:00Z',
        attendee: { name: 'Ada Lovelace', email: 'Ada@Example.com', timeZone: 'Europe/London', language: 'it' },
        location: { type: 'attendeePhone', phone: '+441234567890' },
        metadata: { source: 'test' },
        bookingFieldsResponses: { notes: 'About the engine' },
      };
      const booking = expectSuccess(await book(stack, body), 201);
      expect(booking).toEqual({
        id: expect.any(Number),
        uid: expect.any(String),
        title: 'Consultation with Ada Lovelace',
        description: 'About the engine',
        hosts: [{ id: host.user.id, name: 'Hannah Host', email: host.user.email, username: host.user.username, timeZone: 'UTC' }],
        status: 'accepted',
        start: '2030-07-01T10:00:00.000Z',
        end: '2030-07-01T10:45:00.000Z',
        duration: 45,
        eventTypeId,
        eventType: { id: eventTypeId, slug: 'consult' },
        location: '+441234567890',
        metadata: { source: 'test' },
        absentHost: false,
        attendees: [{ name: 'Ada Lovelace', email: 'ada@example.com', timeZone: 'Europe/London', language: 'it', absent: false }], // seatUid: seated event types only (left out here, as the real service does)
        guests: [],
        bookingFieldsResponses: { notes: 'About the engine', name: 'Ada Lovelace', email: 'ada@example.com' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(expectSuccess(await get(`/v2/bookings/${booking.uid}`, host.key))).toEqual(booking);
    });

    it('without location the event type’s first location is used; start may carry an offset', async () => {
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-07-01T13:00:00+02:00', attendee: attendee('no-location') }), 201);
      expect(booking).toMatchObject({
        start: '2030-07-01T11:00:00.000Z',
        end: '2030-07-01T11:45:00.000Z',
        location: 'integration',
        attendees: [{ language: 'en' }],
      });
    });

    it.each([
      ['start missing', { attendee: attendee('x') }, /\bstart is required/],
      ['start not ISO 8601', { start: 'next monday', attendee: attendee('x') }, /^start/],
      ['start in the past', { start: '2020-01-06T10:00:00Z', attendee: attendee('x') }, /^start must be in the future/],
      ['attendee missing', { start: '2030-07-02T10:00:00Z' }, /\battendee is required/],
      ['attendee.email not an e-mail', { start: '2030-07-02T10:00:00Z', attendee: { ...attendee('x'), email: 'nope' } }, /^attendee\.email/],
      ['attendee.name empty', { start: '2030-07-02T10:00:00Z', attendee: { ...attendee('x'), name: ' ' } }, /^attendee\.name/],
      ['attendee.timeZone unknown', { start: '2030-07-02T10:00:00Z', attendee: { ...attendee('x'), timeZone: 'Moon/Base' } }, /^attendee\.timeZone/],
      ['attendee.language unknown', { start: '2030-07-02T10:00:00Z', attendee: { ...attendee('x'), language: 'xx' } }, /^attendee\.language/],
      [
        'location.type not one of the event type’s',
        { start: '2030-07-02T10:00:00Z', attendee: attendee('x'), location: { type: 'address' } },
        /^location\.type.*integration, attendeePhone/,
      ],
      ['location without its detail', { start: '2030-07-02T10:00:00Z', attendee: attendee('x'), location: { type: 'attendeePhone' } }, /^location\.phone/],
      ['metadata with a key over 40 characters', { start: '2030-07-02T10:00:00Z', attendee: attendee('x'), metadata: { ['k'.repeat(41)]: 1 } }, /^metadata/],
      ['lengthInMinutes other than the event type’s', { start: '2030-07-02T10:00:00Z', attendee: attendee('x'), lengthInMinutes: 30 }, /^lengthInMinutes/],
    ])('%s → 400 naming the field, and nothing is booked', async (_case, body, message) => {
      const before = await bookingRows(host.user.id);
      expectErrorEnvelope(await book(stack, { eventTypeId, ...body }), 400, 'BAD_REQUEST', message);
      expect(await bookingRows(host.user.id)).toEqual(before);
    });

    it('an unknown event type → 404', async () => {
      expectErrorEnvelope(await book(stack, { eventTypeId: 999999, start: '2030-07-02T10:00:00Z', attendee: attendee('x') }), 404, 'NOT_FOUND');
    });

    it('by eventTypeSlug and username instead of eventTypeId', async () => {
      const booking = expectSuccess(
        await book(stack, { eventTypeSlug: 'consult', username: host.user.username, start: '2030-07-03T09:00:00Z', attendee: attendee('slug') }),
        201,
      );
      expect(booking.eventType).toEqual({ id: eventTypeId, slug: 'consult' });
    });
  });

  describe('a slot that is not available → 409 CONFLICT saying why, and nothing is booked', () => {
    let host: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const org = await operatorOf(stack).createOrganization({ name: 'Busy Org' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
    });

    it('taken: another booking of the host overlaps it', async () => {
      expectSuccess(await book(stack, { eventTypeId, start: '2030-08-05T10:00:00Z', attendee: attendee('first') }), 201);
      const before = await bookingRows(host.user.id);
      expectErrorEnvelope(await book(stack, { eventTypeId, start: '2030-08-05T10:30:00Z', attendee: attendee('second') }), 409, 'CONFLICT', /already taken/);
      expect(await bookingRows(host.user.id)).toEqual(before);
    });

    it('outside availability: before the schedule opens, across its end, or on a day it is closed', async () => {
      const before = await bookingRows(host.user.id);
      for (const start of ['2030-08-05T07:00:00Z', '2030-08-05T16:30:00Z', '2030-08-05T20:00:00Z']) {
        expectErrorEnvelope(await book(stack, { eventTypeId, start, attendee: attendee('outside') }), 409, 'CONFLICT', /outside the availability of the host/);
      }
      expect(await bookingRows(host.user.id)).toEqual(before);
    });

    it('booking limit reached (perDay 2): the third booking of the day is refused naming the limit; the next day is bookable again', async () => {
      expectSuccess(await stack.rest('PATCH', '/v2/me/booking-limits', { key: host.key, body: { perDay: 2 } }));
      expectSuccess(await book(stack, { eventTypeId, start: '2030-08-06T09:00:00Z', attendee: attendee('l1') }), 201);
      expectSuccess(await book(stack, { eventTypeId, start: '2030-08-06T10:00:00Z', attendee: attendee('l2') }), 201);
      const before = await bookingRows(host.user.id);
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-08-06T15:00:00Z', attendee: attendee('l3') }),
        409,
        'CONFLICT',
        /^Booking limit reached: 2 per day/,
      );
      expect(await bookingRows(host.user.id)).toEqual(before);
      expect(expectSuccess(await getSlots(stack, { eventTypeId, startTime: '2030-08-06', endTime: '2030-08-06' })).slots).toEqual({});
      expectSuccess(await book(stack, { eventTypeId, start: '2030-08-07T09:00:00Z', attendee: attendee('l4') }), 201);
      expect((await stack.rest('DELETE', '/v2/me/booking-limits', { key: host.key })).status).toBe(204);
    });
  });

  describe('two concurrent requests for one slot: the database decides, exactly one is booked and the other gets 409', () => {
    it.each([1, 2, 3, 4, 5])('round %i', async (round) => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30 })).id;
      const start = `2030-09-0${round}T12:00:00Z`;
      const answers = await Promise.all([1, 2].map((i) => book(stack, { eventTypeId, start, attendee: attendee(`race-${round}-${i}`) })));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expectErrorEnvelope(
        answers.find((a) => a.status === 409)!,
        409,
        'CONFLICT',
        /already taken/,
      );
      expect(await bookingRows(host.user.id)).toHaveLength(1);
    });

    it('six concurrent requests for one team slot with two hosts: two are booked, one per host', async () => {
      const hosts = [await hostWithSchedule(stack, HOURS_9_TO_17_UTC), await hostWithSchedule(stack, HOURS_9_TO_17_UTC)];
      const { eventType } = await teamEventType(stack, hosts, { lengthInMinutes: 30 });
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((i) => book(stack, { eventTypeId: eventType.id, start: '2030-09-10T12:00:00Z', attendee: attendee(`team-race-${i}`) })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
      expect(
        answers
          .filter((a) => a.status === 201)
          .map((a) => a.body.data.hosts[0].id)
          .sort(),
      ).toEqual(hosts.map((h) => h.user.id).sort());
    });
  });

  describe('booking limits are counted under the host’s lock: two concurrent bookings of one day with perDay 1', () => {
    it('on different slots: exactly one is booked, the other gets 409 naming the limit', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const org = await operatorOf(stack).createOrganization({ name: 'Race Org' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
      const eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30 })).id;
      expectSuccess(await stack.rest('PATCH', '/v2/me/booking-limits', { key: host.key, body: { perDay: 1 } }));
      for (const day of ['11', '12', '13']) {
        const answers = await Promise.all(
          ['09:00', '14:00'].map((time) => book(stack, { eventTypeId, start: `2030-09-${day}T${time}:00Z`, attendee: attendee(`limit-race-${day}-${time}`) })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
        expectErrorEnvelope(
          answers.find((a) => a.status === 409)!,
          409,
          'CONFLICT',
          /^Booking limit reached: 1 per day/,
        );
      }
      expect(await bookingRows(host.user.id)).toHaveLength(3);
    });
  });

  describe('create, cancel and reschedule are public (spec 5.3): an OAuth token without booking scopes may call them; reading needs BOOKING_READ', () => {
    it('a token granted only PROFILE_READ books, reschedules and cancels, and gets 403 on GET /v2/bookings', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id)).id;
      const flow = await userAndCode(stack, { isPublic: true, scopes: ['PROFILE_READ'] });
      const { body: tokens } = await tokenRequest(stack, {
        client_id: flow.client.id,
        grant_type: 'authorization_code',
        code: flow.code,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier,
      });
      const token = tokens.access_token as string;
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-09-20T09:00:00Z', attendee: attendee('token') }, token), 201);
      const moved = expectSuccess(
        await stack.rest('POST', `/v2/bookings/${booking.uid}/reschedule`, { key: token, body: { start: '2030-09-20T10:00:00Z' }, headers: V2 }),
        201,
      );
      expectSuccess(await stack.rest('POST', `/v2/bookings/${moved.uid}/cancel`, { key: token, body: {}, headers: V2 }));
      expectErrorEnvelope(await get('/v2/bookings', token), 403, 'FORBIDDEN', /BOOKING_READ/);
      expectErrorEnvelope(await get(`/v2/bookings/${moved.uid}`, token), 403, 'FORBIDDEN', /BOOKING_READ/);
    });
  });

  describe('team event types: the booking goes to a free host', () => {
    let ann: Host;
    let ben: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      ann = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ann Team');
      ben = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ben Team');
      eventTypeId = (await teamEventType(stack, [ann, ben])).eventType.id;
    });

    it('one host busy → still offered, and booked with the free host', async () => {
      const annOwn = await personalEventType(stack, ann.user.id);
      expectSuccess(await book(stack, { eventTypeId: annOwn.id, start: '2030-10-01T10:00:00Z', attendee: attendee('ann-own') }), 201);
      expect(localTimes(expectSuccess(await getSlots(stack, { eventTypeId, startTime: '2030-10-01T10:00:00Z', endTime: '2030-10-01T11:00:00Z' })))).toEqual({
        '2030-10-01': ['10:00Z'],
      });
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-10-01T10:00:00Z', attendee: attendee('team-1') }), 201);
      expect(booking.hosts).toEqual([expect.objectContaining({ id: ben.user.id, name: 'Ben Team' })]);
    });

    it('both busy → 409 saying every host is booked', async () => {
      const before = [...(await bookingRows(ann.user.id)), ...(await bookingRows(ben.user.id))];
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-10-01T10:00:00Z', attendee: attendee('team-2') }),
        409,
        'CONFLICT',
        /every host has another booking/,
      );
      expect([...(await bookingRows(ann.user.id)), ...(await bookingRows(ben.user.id))]).toEqual(before);
    });

    it('both free → the host with fewer upcoming bookings (then the lower user id) is chosen', async () => {
      // ann: 1 upcoming booking, ben: 1 → tie → lower id; then the other one
      const first = expectSuccess(await book(stack, { eventTypeId, start: '2030-10-02T09:00:00Z', attendee: attendee('team-3') }), 201);
      expect(first.hosts[0].id).toBe(Math.min(ann.user.id, ben.user.id));
      const second = expectSuccess(await book(stack, { eventTypeId, start: '2030-10-02T11:00:00Z', attendee: attendee('team-4') }), 201);
      expect(second.hosts[0].id).toBe(Math.max(ann.user.id, ben.user.id));
    });
  });

  describe("routing.teamMemberIds (a routing form's members): round robin chooses among them only; collective ignores them; a non-host is a 400", () => {
    let ann: Host;
    let ben: Host;
    let cal: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      ann = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ann Routed');
      ben = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ben Routed');
      cal = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Cal Routed');
      eventTypeId = (await teamEventType(stack, [ann, ben, cal])).eventType.id;
    });
    const routedTo = (...hosts: Host[]) => ({ teamMemberIds: hosts.map((h) => h.user.id) });

    it('round robin: a free routed member, the least loaded of them first; a routed member who is busy is skipped; all routed busy → 409', async () => {
      const [low, high] = [ben, cal].sort((a, b) => a.user.id - b.user.id);
      // Unrouted, ann (lowest id, no bookings) would be chosen; routed to ben and cal, the lower of their ids is.
      const first = expectSuccess(
        await book(stack, { eventTypeId, start: '2030-11-04T09:00:00Z', attendee: attendee('routed-1'), routing: routedTo(ben, cal) }),
        201,
      );
      expect(first.hosts).toEqual([expect.objectContaining({ id: low.user.id })]);
      const second = expectSuccess(
        await book(stack, { eventTypeId, start: '2030-11-04T10:00:00Z', attendee: attendee('routed-2'), routing: routedTo(ben, cal) }),
        201,
      );
      expect(second.hosts).toEqual([expect.objectContaining({ id: high.user.id })]);

      // cal busy at 12:00: routed to cal alone → 409; routed to ben and cal → ben.
      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, cal.user.id)).id, start: '2030-11-04T12:00:00Z', attendee: attendee('cal-own') }),
        201,
      );
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-11-04T12:00:00Z', attendee: attendee('routed-3'), routing: routedTo(cal) }),
        409,
        'CONFLICT',
      );
      const third = expectSuccess(
        await book(stack, { eventTypeId, start: '2030-11-04T12:00:00Z', attendee: attendee('routed-4'), routing: { responseId: null, ...routedTo(cal, ben) } }),
        201,
      );
      expect(third.hosts).toEqual([expect.objectContaining({ id: ben.user.id })]);
      // Without routing, ann (free and least loaded) is chosen as before.
      const unrouted = expectSuccess(await book(stack, { eventTypeId, start: '2030-11-04T14:00:00Z', attendee: attendee('routed-5') }), 201);
      expect(unrouted.hosts).toEqual([expect.objectContaining({ id: ann.user.id })]);
    });

    it('an id that is not a host of the event type is a 400 naming routing.teamMemberIds, and nothing is booked', async () => {
      const { user: stranger } = await userWithKey(stack);
      expectErrorEnvelope(
        await book(stack, {
          eventTypeId,
          start: '2030-11-05T09:00:00Z',
          attendee: attendee('routed-x'),
          routing: { teamMemberIds: [ann.user.id, stranger.id] },
        }),
        400,
        'BAD_REQUEST',
        new RegExp(`routing\\.teamMemberIds.*${stranger.id}`),
      );
      expect((await bookingRows(ann.user.id)).filter((b: { start_time: Date }) => b.start_time.toISOString().startsWith('2030-11-05'))).toEqual([]);
    });

    it('collective: the routing narrows nothing (every host attends), but still refuses an id that is not a host', async () => {
      const { team, eventType } = await teamEventType(stack, [ann, ben]);
      expectSuccess(await stack.rest('PATCH', `/v2/teams/${team.id}/event-types/${eventType.id}`, { key: ann.key, body: { schedulingType: 'collective' } }));
      const booking = expectSuccess(
        await book(stack, { eventTypeId: eventType.id, start: '2030-11-06T09:00:00Z', attendee: attendee('routed-c'), routing: routedTo(ben) }),
        201,
      );
      // One organizer in hosts, the other host among the attendees (the real service's shape, issue 22).
      expect(booking.hosts).toHaveLength(1);
      const other = [ann, ben].find((h) => h.user.id !== booking.hosts[0].id)!;
      expect(booking.attendees.map((a: { email: string }) => a.email)).toEqual([attendee('routed-c').email, other.user.email]);
      expectErrorEnvelope(
        await book(stack, { eventTypeId: eventType.id, start: '2030-11-06T11:00:00Z', attendee: attendee('routed-c2'), routing: routedTo(cal) }),
        400,
        'BAD_REQUEST',
        /routing\.teamMemberIds/,
      );
    });
  });

  describe('round robin with a mandatory host (reference Host.mandatory) and priorities (Host.priority)', () => {
    let ann: Host; // mandatory: attends every booking
    let ben: Host; // optional, priority low
    let cal: Host; // optional, priority highest
    let teamId: number;
    let eventTypeId: number;
    const available = async (start: string) =>
      localTimes(expectSuccess(await getSlots(stack, { eventTypeId, startTime: start, endTime: new Date(Date.parse(start) + 3_600_000).toISOString() })));

    beforeAll(async () => {
      [ann, ben, cal] = await Promise.all([
        hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ann Mandatory'),
        hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Ben Low'),
        hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Cal Highest'),
      ]);
      const { team, eventType } = await teamEventType(stack, [ann, ben, cal]);
      teamId = team.id;
      eventTypeId = eventType.id;
      const hosts = [
        { userId: ann.user.id, mandatory: true },
        { userId: ben.user.id, priority: 'low' },
        { userId: cal.user.id, priority: 'highest' },
      ];
      const updated = expectSuccess(await stack.rest('PATCH', `/v2/teams/${team.id}/event-types/${eventTypeId}`, { key: ann.key, body: { hosts } }));
      // The hosts, by user id, each with the role given (priority medium by default).
      const roles = [
        [ann.user.id, true, 'medium'],
        [ben.user.id, false, 'low'],
        [cal.user.id, false, 'highest'],
      ].sort((a, b) => Number(a[0]) - Number(b[0]));
      expect(updated.hosts.map((h: { userId: number; mandatory: boolean; priority: string }) => [h.userId, h.mandatory, h.priority])).toEqual(roles);
    });

    it('the booking includes the mandatory host and the free optional host of highest priority (its organizer), however loaded', async () => {
      // cal already has a booking of their own; ben has none: priority still picks cal.
      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, cal.user.id)).id, start: '2030-12-02T15:00:00Z', attendee: attendee('cal-own') }),
        201,
      );
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-12-02T09:00:00Z', attendee: attendee('mandatory-1') }), 201);
      // The round-robin host organizes; the mandatory host is listed after the attendees, as a collective booking's other hosts.
      expect(booking.hosts).toEqual([expect.objectContaining({ id: cal.user.id, name: 'Cal Highest' })]);
      expect(booking.attendees.map((a: { email: string }) => a.email)).toEqual([attendee('mandatory-1').email, ann.user.email]);
      // ann, who attends every booking, is now busy at 09:00: ben is free, but the time is refused.
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-12-02T09:00:00Z', attendee: attendee('mandatory-2') }),
        409,
        'CONFLICT',
        new RegExp(`host ${ann.user.id}.*mandatory host`),
      );
    });

    it('the highest-priority host busy → the next free optional host joins; the mandatory host busy → no slot, and booking it is a 409', async () => {
      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, cal.user.id)).id, start: '2030-12-03T10:00:00Z', attendee: attendee('cal-busy') }),
        201,
      );
      expect(await available('2030-12-03T10:00:00Z')).toEqual({ '2030-12-03': ['10:00Z'] });
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-12-03T10:00:00Z', attendee: attendee('mandatory-3') }), 201);
      expect(booking.hosts).toEqual([expect.objectContaining({ id: ben.user.id })]);
      expect(booking.attendees.map((a: { email: string }) => a.email)).toEqual([attendee('mandatory-3').email, ann.user.email]);

      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, ann.user.id)).id, start: '2030-12-03T12:00:00Z', attendee: attendee('ann-busy') }),
        201,
      );
      expect(await available('2030-12-03T12:00:00Z')).toEqual({});
      const before = await bookingRows(ben.user.id);
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2030-12-03T12:00:00Z', attendee: attendee('mandatory-4') }),
        409,
        'CONFLICT',
        /mandatory host/,
      );
      expect(await bookingRows(ben.user.id)).toEqual(before);
    });

    it('a routing form routed to ben only: the mandatory host still attends, ben joins', async () => {
      const booking = expectSuccess(
        await book(stack, { eventTypeId, start: '2030-12-04T09:00:00Z', attendee: attendee('mandatory-5'), routing: { teamMemberIds: [ben.user.id] } }),
        201,
      );
      expect(booking.hosts).toEqual([expect.objectContaining({ id: ben.user.id })]);
      expect(booking.attendees.map((a: { email: string }) => a.email)).toEqual([attendee('mandatory-5').email, ann.user.email]);
    });

    it('two concurrent bookings of one free time: exactly one wins (the mandatory host can attend one), the other is a 409', async () => {
      const results = await Promise.all(
        ['mandatory-race-1', 'mandatory-race-2'].map((tag) => book(stack, { eventTypeId, start: '2030-12-06T09:00:00Z', attendee: attendee(tag) })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const annAt = (await bookingRows(ann.user.id)).filter((b: { start_time: Date }) => b.start_time.toISOString() === '2030-12-06T09:00:00.000Z');
      const hostedAt = await stack
        .db('scheduling')
        .query(`SELECT count(*)::int AS n FROM booking_hosts WHERE user_id = $1 AND start_time = $2 AND live`, [ann.user.id, '2030-12-06T09:00:00Z']);
      // ann organizes none of them (the round-robin host does) and attends exactly one.
      expect(annAt).toEqual([]);
      expect(hostedAt[0].n).toBe(1);
    });

    it('a recurring booking: the mandatory host must be free for every occurrence (409 naming it, nothing booked) and attends each', async () => {
      const body = {
        title: 'Weekly with Ann',
        slug: 'weekly-with-ann',
        lengthInMinutes: 60,
        recurrence: { interval: 1, occurrences: 2, frequency: 'weekly' },
        hosts: [{ userId: ann.user.id, mandatory: true }, { userId: ben.user.id }],
      };
      const weekly = expectSuccess(await stack.rest('POST', `/v2/teams/${teamId}/event-types`, { key: ann.key, body }), 201);
      const annHosts = async (start: string) =>
        (
          await stack
            .db('scheduling')
            .query(`SELECT count(*)::int AS n FROM booking_hosts WHERE user_id = $1 AND start_time = $2 AND live`, [ann.user.id, start])
        )[0].n;
      // ann is busy on the second occurrence only: the series is refused whole.
      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, ann.user.id)).id, start: '2030-12-16T09:00:00Z', attendee: attendee('ann-week-2') }),
        201,
      );
      const before = await bookingRows(ben.user.id);
      expectErrorEnvelope(
        await book(stack, { eventTypeId: weekly.id, start: '2030-12-09T09:00:00Z', attendee: attendee('weekly-1') }),
        409,
        'CONFLICT',
        /occurrence 2 of 2/,
      );
      expect(await bookingRows(ben.user.id)).toEqual(before);
      // Both weeks free: ben organizes each occurrence and ann attends each.
      const series = expectSuccess(await book(stack, { eventTypeId: weekly.id, start: '2030-12-09T10:00:00Z', attendee: attendee('weekly-2') }), 201);
      expect(series.map((b: { hosts: Array<{ id: number }> }) => b.hosts[0].id)).toEqual([ben.user.id, ben.user.id]);
      expect([await annHosts('2030-12-09T10:00:00Z'), await annHosts('2030-12-16T10:00:00Z')]).toEqual([1, 1]);
    });

    it('a recurring collective booking likewise: every host free for every occurrence, each occurrence occupying both', async () => {
      const body = {
        title: 'Weekly together',
        slug: 'weekly-together',
        lengthInMinutes: 60,
        schedulingType: 'collective',
        recurrence: { interval: 1, occurrences: 2, frequency: 'weekly' },
        hosts: [{ userId: ann.user.id }, { userId: ben.user.id }],
      };
      const together = expectSuccess(await stack.rest('POST', `/v2/teams/${teamId}/event-types`, { key: ann.key, body }), 201);
      // ann is busy at 13:00 on 2030-12-16: the series at 13:00 is refused, not booked with ben alone.
      expectSuccess(
        await book(stack, { eventTypeId: (await personalEventType(stack, ann.user.id)).id, start: '2030-12-16T13:00:00Z', attendee: attendee('ann-13') }),
        201,
      );
      expectErrorEnvelope(
        await book(stack, { eventTypeId: together.id, start: '2030-12-09T13:00:00Z', attendee: attendee('together-1') }),
        409,
        'CONFLICT',
        /occurrence 2 of 2/,
      );
      expectSuccess(await book(stack, { eventTypeId: together.id, start: '2030-12-09T11:00:00Z', attendee: attendee('together-2') }), 201);
      const occupied = await stack
        .db('scheduling')
        .query(`SELECT user_id, start_time FROM booking_hosts WHERE user_id = ANY($1) AND start_time IN ($2, $3) AND live ORDER BY start_time, user_id`, [
          [ann.user.id, ben.user.id],
          '2030-12-09T11:00:00Z',
          '2030-12-16T11:00:00Z',
        ]);
      expect(occupied).toHaveLength(4);
    });

    it('reassigning moves the round-robin host only: to another optional host (the mandatory host stays); to the mandatory host → 400', async () => {
      const reassign = (uid: string, to?: Host) =>
        stack.rest('POST', `/v2/bookings/${uid}/reassign${to ? `/${to.user.id}` : ''}`, { key: ann.key, body: {}, headers: V2 });
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2030-12-05T09:00:00Z', attendee: attendee('mandatory-6') }), 201);
      expect(booking.hosts).toEqual([expect.objectContaining({ id: cal.user.id })]);
      expectErrorEnvelope(await reassign(booking.uid, ann), 400, 'BAD_REQUEST', `userId: user ${ann.user.id} already hosts booking ${booking.uid}`);
      expect(expectSuccess(await reassign(booking.uid))).toEqual({
        bookingUid: booking.uid,
        reassignedTo: { id: ben.user.id, name: 'Ben Low', email: ben.user.email },
      });
      const shown = expectSuccess(await get(`/v2/bookings/${booking.uid}`, ann.key));
      expect(shown.hosts).toEqual([expect.objectContaining({ id: ben.user.id })]);
      expect(shown.attendees.map((a: { email: string }) => a.email)).toEqual([attendee('mandatory-6').email, ann.user.email]);
      // Automatic reassignment from ben: cal, the only other optional host, is free and is picked; ann stays.
      expect(expectSuccess(await reassign(booking.uid)).reassignedTo.id).toBe(cal.user.id);
    });
  });

  describe('GET /v2/bookings: the caller’s bookings as host, with every filter, sort and take/skip of spec 4.15 (BOOKING_READ)', () => {
    let host: Host;
    let other: Host;
    let intro: number;
    let demo: number;
    const uids: Record<string, string> = {};

    beforeAll(async () => {
      host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Lister');
      other = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Other');
      intro = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'intro' })).id;
      demo = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'demo' })).id;
      const otherType = (await personalEventType(stack, other.user.id)).id;
      // created in this order: c (11:00 intro), a (09:00 demo), d (14:00 intro), b (10:00 intro, then cancelled)
      for (const [name, eventTypeId, start, email] of [
        ['c', intro, '2031-01-06T11:00:00Z', 'carol@example.com'],
        ['a', demo, '2031-01-06T09:00:00Z', 'alice@example.com'],
        ['d', intro, '2031-01-07T14:00:00Z', 'Carol@Example.com'],
        ['b', intro, '2031-01-06T10:00:00Z', 'bob@example.com'],
      ] as const) {
        uids[name] = expectSuccess(await book(stack, { eventTypeId, start, attendee: { ...attendee(name), email } }), 201).uid;
      }
      expectSuccess(await cancel(uids.b, { cancellationReason: 'cannot make it' }));
      expectSuccess(await book(stack, { eventTypeId: otherType, start: '2031-01-06T09:00:00Z', attendee: attendee('not-mine') }), 201);
    });

    const list = async (query = '') => (await bookingsOf(host, query)).map((b: { uid: string }) => Object.keys(uids).find((k) => uids[k] === b.uid));

    it('by start ascending by default, only the caller’s, with the pagination object', async () => {
      const response = await get('/v2/bookings', host.key);
      expect(expectSuccess(response).map((b: any) => b.uid)).toEqual([uids.a, uids.b, uids.c, uids.d]);
      expect(response.body.pagination).toMatchObject({ totalItems: 4, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('status: one value, or a comma-separated list', async () => {
      expect(await list('?status=cancelled')).toEqual(['b']);
      expect(await list('?status=accepted')).toEqual(['a', 'c', 'd']);
      expect(await list('?status=accepted,cancelled')).toEqual(['a', 'b', 'c', 'd']);
      expect(await list('?status=pending,rejected')).toEqual([]);
    });

    it('status outside the spec’s and the reference’s values → 400 naming status', async () => {
      expectErrorEnvelope(await get('/v2/bookings?status=soon', host.key), 400, 'BAD_REQUEST', /^status/);
    });

    it('attendeeEmail (any letter case), eventTypeId', async () => {
      expect(await list('?attendeeEmail=CAROL@example.com')).toEqual(['c', 'd']);
      expect(await list(`?eventTypeId=${demo}`)).toEqual(['a']);
      expect(await list(`?eventTypeId=${intro}&attendeeEmail=carol@example.com`)).toEqual(['c', 'd']);
    });

    it('afterStart (start at or after) and beforeEnd (end at or before)', async () => {
      expect(await list('?afterStart=2031-01-06T10:00:00Z')).toEqual(['b', 'c', 'd']);
      expect(await list('?beforeEnd=2031-01-06T11:00:00Z')).toEqual(['a', 'b']);
      expect(await list('?afterStart=2031-01-06T10:00:00Z&beforeEnd=2031-01-06T12:00:00Z')).toEqual(['b', 'c']);
      expectErrorEnvelope(await get('/v2/bookings?afterStart=yesterday', host.key), 400, 'BAD_REQUEST', /^afterStart/);
      expectErrorEnvelope(await get('/v2/bookings?beforeEnd=2031-13-01T00:00:00Z', host.key), 400, 'BAD_REQUEST', /^beforeEnd/);
    });

    it('sortStart, sortEnd, sortCreated (asc|desc)', async () => {
      expect(await list('?sortStart=desc')).toEqual(['d', 'c', 'b', 'a']);
      expect(await list('?sortEnd=asc')).toEqual(['a', 'b', 'c', 'd']); // a ends 10:00, b 10:30, c 11:30, d next day
      expect(await list('?sortCreated=asc')).toEqual(['c', 'a', 'd', 'b']);
      expect(await list('?sortCreated=desc')).toEqual(['b', 'd', 'a', 'c']);
      expectErrorEnvelope(await get('/v2/bookings?sortStart=up', host.key), 400, 'BAD_REQUEST', /^sortStart/);
    });

    it('take and skip, with the pagination object', async () => {
      const response = await get('/v2/bookings?take=2&skip=1', host.key);
      expect(expectSuccess(response).map((b: any) => b.uid)).toEqual([uids.b, uids.c]);
      expect(response.body.pagination).toMatchObject({ totalItems: 4, currentPage: 1, totalPages: 2, hasNextPage: true });
      const last = await get('/v2/bookings?take=2&skip=2&status=accepted', host.key);
      expect(expectSuccess(last).map((b: any) => b.uid)).toEqual([uids.d]);
      expect(last.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
      expectErrorEnvelope(await get('/v2/bookings?take=251', host.key), 400, 'BAD_REQUEST', /^take/);
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await get('/v2/bookings'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /v2/bookings/{bookingUid}: one of the caller’s bookings as host (BOOKING_READ)', () => {
    it('the host reads it; another user and an unknown uid get 404; without a credential 401', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id)).id;
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2031-02-03T09:00:00Z', attendee: attendee('get') }), 201);
      expect(expectSuccess(await get(`/v2/bookings/${booking.uid}`, host.key))).toEqual(booking);
      const stranger = await userWithKey(stack);
      expectErrorEnvelope(await get(`/v2/bookings/${booking.uid}`, stranger.key), 404, 'NOT_FOUND', new RegExp(booking.uid));
      expectErrorEnvelope(await get('/v2/bookings/no-such-uid', host.key), 404, 'NOT_FOUND');
      expectErrorEnvelope(await get(`/v2/bookings/${booking.uid}`), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /v2/bookings/{bookingUid}/cancel: status cancelled with the cancellationReason (200, public)', () => {
    it('cancels; the slot is offered again; cancelling twice → 409 and nothing changes', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id)).id;
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2031-03-03T09:00:00Z', attendee: attendee('cancel') }), 201);
      const slotsQuery = { eventTypeId, startTime: '2031-03-03T09:00:00Z', endTime: '2031-03-03T09:30:00Z' };
      expect(expectSuccess(await getSlots(stack, slotsQuery)).slots).toEqual({});

      const cancelled = expectSuccess(await cancel(booking.uid, { cancellationReason: 'Travelling' }));
      expect(cancelled).toMatchObject({ uid: booking.uid, status: 'cancelled', cancellationReason: 'Travelling', start: booking.start });
      expect(localTimes(expectSuccess(await getSlots(stack, slotsQuery)))).toEqual({ '2031-03-03': ['09:00Z'] });

      const [row] = await bookingRows(host.user.id);
      expectErrorEnvelope(await cancel(booking.uid, { cancellationReason: 'again' }), 409, 'CONFLICT', /is cancelled and cannot be cancelled/);
      expect(await bookingRows(host.user.id)).toEqual([row]);
      expect(expectSuccess(await get(`/v2/bookings/${booking.uid}`, host.key)).cancellationReason).toBe('Travelling');
    });

    it('an unknown uid → 404; a body is optional in content ({}), a reason that is not a string → 400', async () => {
      expectErrorEnvelope(await cancel('no-such-uid'), 404, 'NOT_FOUND');
      expectErrorEnvelope(await cancel('no-such-uid', { cancellationReason: 5 }), 400, 'BAD_REQUEST', /^cancellationReason/);
    });
  });

  describe('POST /v2/bookings/{bookingUid}/reschedule: a new booking at start (201); the old one ends cancelled and points to it, in one transaction', () => {
    let host: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
    });

    it('answers the new booking with rescheduledFromUid; the old one is cancelled with rescheduledToUid', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-04-07T09:00:00Z', attendee: attendee('move'), metadata: { k: 'v' } }), 201);
      const moved = expectSuccess(await reschedule(old.uid, { start: '2031-04-07T13:00:00Z', reschedulingReason: 'Clash' }), 201);
      expect(moved).toMatchObject({
        status: 'accepted',
        start: '2031-04-07T13:00:00.000Z',
        end: '2031-04-07T14:00:00.000Z',
        rescheduledFromUid: old.uid,
        reschedulingReason: 'Clash',
        metadata: { k: 'v' },
        attendees: old.attendees,
        hosts: old.hosts,
      });
      expect(moved.uid).not.toBe(old.uid);
      expect(expectSuccess(await get(`/v2/bookings/${old.uid}`, host.key))).toMatchObject({
        status: 'cancelled',
        rescheduledToUid: moved.uid,
        reschedulingReason: 'Clash',
      });
    });

    it('a new time overlapping the booking’s own old time is fine (the old row is cancelled first)', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-04-08T09:00:00Z', attendee: attendee('shift') }), 201);
      const moved = expectSuccess(await reschedule(old.uid, { start: '2031-04-08T09:30:00Z' }), 201);
      expect(moved.start).toBe('2031-04-08T09:30:00.000Z');
    });

    it('a taken or unavailable new time → 409 and the old booking stays as it was', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-04-09T09:00:00Z', attendee: attendee('stay') }), 201);
      expectSuccess(await book(stack, { eventTypeId, start: '2031-04-09T12:00:00Z', attendee: attendee('blocker') }), 201);
      const rows = await bookingRows(host.user.id);
      expectErrorEnvelope(await reschedule(old.uid, { start: '2031-04-09T12:30:00Z' }), 409, 'CONFLICT', /already taken/);
      expectErrorEnvelope(await reschedule(old.uid, { start: '2031-04-09T22:00:00Z' }), 409, 'CONFLICT', /outside the availability/);
      expect(await bookingRows(host.user.id)).toEqual(rows);
      expect(expectSuccess(await get(`/v2/bookings/${old.uid}`, host.key))).toMatchObject({ status: 'accepted' });
    });

    it('a cancelled booking cannot be rescheduled (409); an unknown uid → 404; start missing → 400', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-04-10T09:00:00Z', attendee: attendee('gone') }), 201);
      expectSuccess(await cancel(old.uid));
      expectErrorEnvelope(await reschedule(old.uid, { start: '2031-04-10T11:00:00Z' }), 409, 'CONFLICT', /cancelled and cannot be rescheduled/);
      expectErrorEnvelope(await reschedule('no-such-uid', { start: '2031-04-10T11:00:00Z' }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await reschedule(old.uid, {}), 400, 'BAD_REQUEST', /\bstart is required/);
    });

    it('two concurrent reschedules of one booking: one wins, the other gets 409', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-04-11T09:00:00Z', attendee: attendee('twice') }), 201);
      const answers = await Promise.all([reschedule(old.uid, { start: '2031-04-11T11:00:00Z' }), reschedule(old.uid, { start: '2031-04-11T14:00:00Z' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const live = (await bookingRows(host.user.id)).filter((r: any) => r.status === 'accepted' && r.start_time.toISOString().startsWith('2031-04-11'));
      expect(live).toHaveLength(1);
    });
  });

  describe('each booking change writes a domain event row in the same transaction (booking_events)', () => {
    it('BOOKING_CREATED, BOOKING_RESCHEDULED and BOOKING_CANCELLED, handed to the job queue in the same transaction, with the booking in the payload; refused changes write none', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id, { slug: 'evented' })).id;
      const created = expectSuccess(await book(stack, { eventTypeId, start: '2031-05-05T09:00:00Z', attendee: attendee('events') }), 201);
      const moved = expectSuccess(await reschedule(created.uid, { start: '2031-05-05T11:00:00Z', reschedulingReason: 'later' }), 201);
      expectSuccess(await cancel(moved.uid, { cancellationReason: 'no longer needed' }));
      expectErrorEnvelope(await cancel(moved.uid), 409, 'CONFLICT');
      expectErrorEnvelope(await reschedule(created.uid, { start: '2031-05-05T13:00:00Z' }), 409, 'CONFLICT');

      const events = await bookingEvents(stack, [created.uid, moved.uid]);
      expect(events.map((e) => [e.type, e.booking_uid])).toEqual([
        ['BOOKING_CREATED', created.uid],
        ['BOOKING_RESCHEDULED', moved.uid],
        ['BOOKING_CANCELLED', moved.uid],
      ]);
      expect(events.every((e) => e.dispatched_at !== null)).toBe(true);
      expect(events[0].payload).toMatchObject({
        uid: created.uid,
        status: 'accepted',
        start: '2031-05-05T09:00:00.000Z',
        eventType: { id: eventTypeId, slug: 'evented' },
        hostIds: [host.user.id],
        attendees: [{ email: 'guest-events@example.com' }],
      });
      expect(events[1].payload).toMatchObject({
        uid: moved.uid,
        rescheduledFromUid: created.uid,
        reschedulingReason: 'later',
        rescheduledFrom: { uid: created.uid, start: '2031-05-05T09:00:00.000Z' },
      });
      expect(events[2].payload).toMatchObject({ uid: moved.uid, status: 'cancelled', cancellationReason: 'no longer needed' });
    });

    it('the queued jobs carry the event as written: webhook event keyed by the event row at its time, MEETING_STARTED and MEETING_ENDED at the booking’s start and end, each with the payload naming the booking’s id', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id, { slug: 'outboxed' })).id;
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2031-05-07T10:00:00Z', attendee: attendee('outbox') }), 201);
      const [event] = await stack.db('scheduling').query('SELECT id, created_at, payload FROM booking_events WHERE booking_uid = $1', [booking.uid]);
      expect(event.payload).toMatchObject({ id: booking.id, uid: booking.uid, attendees: [{ email: 'guest-outbox@example.com', language: 'en' }] });
      const jobs = await stack
        .db('scheduling')
        .query(`SELECT name, data, start_after FROM job_queue.job WHERE data->'payload'->>'uid' = $1 ORDER BY name, start_after`, [booking.uid]);
      expect(jobs.map((j: any) => [j.name, j.data.trigger ?? null])).toEqual([
        ['webhook-event', 'BOOKING_CREATED'],
        ['webhook-scheduled', 'MEETING_STARTED'],
        ['webhook-scheduled', 'MEETING_ENDED'],
      ]);
      expect(jobs[0].data).toEqual({
        eventKey: `booking-event:${event.id}`,
        trigger: 'BOOKING_CREATED',
        occurredAt: event.created_at.toISOString(),
        payload: event.payload,
      });
      expect(jobs[1].data).toMatchObject({ bookingUid: booking.uid, at: '2031-05-07T10:00:00.000Z', payload: event.payload });
      expect(jobs[1].start_after.toISOString()).toBe('2031-05-07T10:00:00.000Z');
      expect(jobs[2].data).toMatchObject({ bookingUid: booking.uid, at: '2031-05-07T11:00:00.000Z', payload: event.payload });
    });

    it('a booking refused with 409 writes no event', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC);
      const eventTypeId = (await personalEventType(stack, host.user.id)).id;
      const first = expectSuccess(await book(stack, { eventTypeId, start: '2031-05-06T09:00:00Z', attendee: attendee('one') }), 201);
      expect((await book(stack, { eventTypeId, start: '2031-05-06T09:00:00Z', attendee: attendee('two') })).status).toBe(409);
      const rows = await stack
        .db('scheduling')
        .query('SELECT e.type FROM booking_events e JOIN bookings b ON b.id = e.booking_id WHERE b.user_id = $1', [host.user.id]);
      expect(rows).toEqual([{ type: 'BOOKING_CREATED' }]);
      expect((await bookingEvents(stack, [first.uid])).map((e) => e.type)).toEqual(['BOOKING_CREATED']);
    });
  });

  describe('svc-api-version (spec 9): without 2024-08-13 the bookings endpoints answer their older version, never a 500', () => {
    let host: Host;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Olga Older');
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 30, slug: 'legacy' })).id;
    });

    it('POST /v2/bookings takes the older body (responses, timeZone, language) and answers the older shape (startTime, endTime, user, responses)', async () => {
      const body = {
        start: '2031-06-02T09:00:00Z',
        end: '2031-06-02T09:30:00Z',
        eventTypeId,
        timeZone: 'Europe/Berlin',
        language: 'de',
        metadata: {},
        responses: { name: 'Greta Older', email: 'greta@example.com', notes: 'hallo' },
      };
      const booking = expectSuccess(await stack.rest('POST', '/v2/bookings', { body }), 201);
      expect(booking).toEqual({
        id: expect.any(Number),
        uid: expect.any(String),
        title: 'Meeting with Greta Older',
        description: 'hallo',
        userId: host.user.id,
        userPrimaryEmail: host.user.email,
        eventTypeId,
        startTime: '2031-06-02T09:00:00.000Z',
        endTime: '2031-06-02T09:30:00.000Z',
        status: 'accepted',
        location: null,
        metadata: {},
        responses: { name: 'Greta Older', email: 'greta@example.com', notes: 'hallo' },
        attendees: [{ name: 'Greta Older', email: 'greta@example.com', timeZone: 'Europe/Berlin', locale: 'de', absent: false }],
        user: { id: host.user.id, name: 'Olga Older', email: host.user.email, username: host.user.username, timeZone: 'UTC' },
        cancellationReason: null,
        fromReschedule: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      // the same booking in the 2024-08-13 shape
      expect(expectSuccess(await get(`/v2/bookings/${booking.uid}`, host.key))).toMatchObject({
        uid: booking.uid,
        start: '2031-06-02T09:00:00.000Z',
        attendees: [{ language: 'de' }],
      });
      // and in the older shape without the header
      expect(expectSuccess(await get(`/v2/bookings/${booking.uid}`, host.key, {} as typeof V2))).toEqual(booking);
    });

    it('the 2024-08-13 body without the header → 400 naming what the older body lacks (not 500); another header value too', async () => {
      const body = { eventTypeId, start: '2031-06-02T10:00:00Z', attendee: attendee('wrong-version') };
      for (const headers of [{}, { 'svc-api-version': '2024-04-15' }] as Array<Record<string, string>>) {
        expectErrorEnvelope(await stack.rest('POST', '/v2/bookings', { body, headers }), 400, 'BAD_REQUEST', /responses|timeZone/);
      }
    });

    it('older body: end that does not match the event type’s length → 400 naming end; a taken slot → 409', async () => {
      const body = {
        start: '2031-06-02T11:00:00Z',
        end: '2031-06-02T12:00:00Z',
        eventTypeId,
        timeZone: 'UTC',
        responses: { name: 'X', email: 'x@example.com' },
      };
      expectErrorEnvelope(await stack.rest('POST', '/v2/bookings', { body }), 400, 'BAD_REQUEST', /^end/);
      expectSuccess(await stack.rest('POST', '/v2/bookings', { body: { ...body, end: undefined } }), 201);
      expectErrorEnvelope(await stack.rest('POST', '/v2/bookings', { body: { ...body, end: undefined } }), 409, 'CONFLICT', /already taken/);
    });

    it('older body with rescheduleUid reschedules that booking', async () => {
      const old = expectSuccess(await book(stack, { eventTypeId, start: '2031-06-03T09:00:00Z', attendee: attendee('legacy-move') }), 201);
      const body = {
        start: '2031-06-03T15:00:00Z',
        eventTypeId,
        timeZone: 'UTC',
        rescheduleUid: old.uid,
        responses: { name: 'X', email: 'x@example.com', rescheduleReason: 'later' },
      };
      const moved = expectSuccess(await stack.rest('POST', '/v2/bookings', { body }), 201);
      expect(moved).toMatchObject({ startTime: '2031-06-03T15:00:00.000Z', fromReschedule: old.uid });
      expect(expectSuccess(await get(`/v2/bookings/${old.uid}`, host.key))).toMatchObject({
        status: 'cancelled',
        rescheduledToUid: moved.uid,
        reschedulingReason: 'later',
      });
    });

    it('GET /v2/bookings, cancel and reschedule without the header answer the older shape', async () => {
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2031-06-04T09:00:00Z', attendee: attendee('legacy-list') }), 201);
      const listed = expectSuccess(await stack.rest('GET', `/v2/bookings?eventTypeId=${eventTypeId}&afterStart=2031-06-04T00:00:00Z`, { key: host.key }));
      expect(listed.bookings.map((b: any) => [b.uid, b.startTime])).toEqual([[booking.uid, '2031-06-04T09:00:00.000Z']]);
      const moved = expectSuccess(await reschedule(booking.uid, { start: '2031-06-04T10:00:00Z' }, {} as typeof V2), 201);
      expect(moved).toMatchObject({ startTime: '2031-06-04T10:00:00.000Z', fromReschedule: booking.uid, user: { id: host.user.id } });
      expect(expectSuccess(await cancel(moved.uid, { cancellationReason: 'x' }, {} as typeof V2))).toMatchObject({
        status: 'cancelled',
        startTime: '2031-06-04T10:00:00.000Z',
      });
    });
  });

  describe('the host’s bookings are in the nested GraphQL query me { bookings { … } }, in one request', () => {
    it('with hosts, attendees and event type resolved across subgraphs', async () => {
      const host = await hostWithSchedule(stack, HOURS_9_TO_17_UTC, 'Nina Nested');
      const eventTypeId = (await personalEventType(stack, host.user.id, { slug: 'nested' })).id;
      const booking = expectSuccess(await book(stack, { eventTypeId, start: '2031-07-07T09:00:00Z', attendee: attendee('nested') }), 201);
      const { status, body } = await stack.graphql(
        '{ me { name bookings { uid status start hosts { name username } attendees { email } eventType { slug } } } }',
        {},
        host.key,
      );
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      expect(body.data.me).toEqual({
        name: 'Nina Nested',
        bookings: [
          {
            uid: booking.uid,
            status: 'accepted',
            start: '2031-07-07T09:00:00.000Z',
            hosts: [{ name: 'Nina Nested', username: host.user.username }],
            attendees: [{ email: 'guest-nested@example.com' }],
            eventType: { slug: 'nested' },
          },
        ],
      });
    });
  });
});
