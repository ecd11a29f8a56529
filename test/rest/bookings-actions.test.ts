import { attendee, book, bookingEvents, BOOKINGS_VERSION, EVERY_DAY, Host, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';
import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';

const ALL_DAY_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };

/**
 * What a host (or a team admin) does with a booking after it was made (spec 2.18, 3, 5.3 BOOKING_READ /
 * BOOKING_WRITE, 6): confirm, decline, request reschedule, mark absent, reassign, add guests and
 * attendees, change the location, and the reads (attendees, calendar links, references, recordings,
 * transcripts, conferencing sessions). Every answer is checked against the reference's response schema.
 *
 * Transitions (spec 3 lists the statuses; the moves are ours, docs/decisions.md):
 *
 * | action             | pending   | accepted  | cancelled | rejected |
 * |--------------------|-----------|-----------|-----------|----------|
 * | confirm            | accepted  | 409       | 409       | 409      |
 * | decline            | rejected  | 409       | 409       | 409      |
 * | request-reschedule | cancelled | cancelled | 409       | 409      |
 * | mark-absent        | 409       | accepted  | 409       | 409      |
 */
const TRANSITIONS: Array<[string, BookingStatus, BookingStatus | 409]> = [
  ['confirm', BookingStatus.pending, BookingStatus.accepted],
  ['confirm', BookingStatus.accepted, 409],
  ['confirm', BookingStatus.cancelled, 409],
  ['confirm', BookingStatus.rejected, 409],
  ['decline', BookingStatus.pending, BookingStatus.rejected],
  ['decline', BookingStatus.accepted, 409],
  ['decline', BookingStatus.cancelled, 409],
  ['decline', BookingStatus.rejected, 409],
  ['request-reschedule', BookingStatus.pending, BookingStatus.cancelled],
  ['request-reschedule', BookingStatus.accepted, BookingStatus.cancelled],
  ['request-reschedule', BookingStatus.cancelled, 409],
  ['request-reschedule', BookingStatus.rejected, 409],
];

/** The webhook trigger each action writes (spec 6). */
const EVENT_OF: Record<string, string> = { confirm: 'BOOKING_CREATED', decline: 'BOOKING_REJECTED', 'request-reschedule': 'BOOKING_CANCELLED' };

describe('booking actions', () => {
  let stack: TestStack;
  let host: Host;
  let eventTypeId: number;
  let slot = 0;

  beforeAll(async () => {
    stack = await startTestStack();
    host = await hostWithSchedule(stack, ALL_DAY_UTC, 'Action Host');
    eventTypeId = (
      await personalEventType(stack, host.user.id, {
        lengthInMinutes: 30,
        locations: [{ type: 'integration' }, { type: 'attendeeDefined' }, { type: 'attendeePhone' }],
      })
    ).id;
  });
  afterAll(() => stack.stop());

  const post = (path: string, key: string | undefined, body: unknown = {}) => stack.rest('POST', path, { key, body, headers: BOOKINGS_VERSION });
  const get = (path: string, key?: string) => stack.rest('GET', path, { key, headers: BOOKINGS_VERSION });

  /** A booking of the host in the given status, each one an hour after the previous (future unless `start` is given). */
  async function bookingIn(status: BookingStatus, start?: Date) {
    slot += 1;
    const at = start ?? new Date(Date.UTC(2032, 0, 1, 0, 0) + slot * 3_600_000);
    const booking = await operatorOf(stack).createBooking({ eventTypeId, start: at, attendee: attendee(`a${slot}`, 'UTC'), status });
    return booking.uid;
  }

  describe('state table of spec 3 (written above): confirm, decline, request-reschedule', () => {
    it.each(TRANSITIONS)('%s on a %s booking → %s', async (action, from, to) => {
      const uid = await bookingIn(from);
      const response = await post(`/v2/bookings/${uid}/${action}`, host.key, action === 'confirm' ? undefined : { reason: 'the reason' });
      if (to === 409) {
        expectErrorEnvelope(response, 409, 'CONFLICT', new RegExp(`is ${from}`));
        expect((await bookingEvents(stack, [uid])).map((e) => e.type)).toEqual(['BOOKING_CREATED']);
        return;
      }
      const booking = expectSuccess(response);
      expect(booking.status).toBe(to);
      expectReferenceShape('POST', `/v2/bookings/{bookingUid}/${action === 'request-reschedule' ? 'decline' : action}`, response.body);
      const events = await bookingEvents(stack, [uid]);
      expect(events.map((e) => e.type)).toEqual(['BOOKING_CREATED', EVENT_OF[action]]);
      expect(events[1].payload.status).toBe(to);
    });

    it('decline keeps the reason (rejectionReason in the event); request-reschedule keeps it as cancellationReason', async () => {
      const declined = await bookingIn(BookingStatus.pending);
      expectSuccess(await post(`/v2/bookings/${declined}/decline`, host.key, { reason: 'fully booked' }));
      expect((await bookingEvents(stack, [declined]))[1].payload.rejectionReason).toBe('fully booked');
      const asked = await bookingIn(BookingStatus.accepted);
      const booking = expectSuccess(await post(`/v2/bookings/${asked}/request-reschedule`, host.key, { reason: 'please pick another day' }));
      expect(booking).toMatchObject({ status: 'cancelled', cancellationReason: 'please pick another day' });
      expect((await bookingEvents(stack, [asked]))[1].payload.requestReschedule).toBe(true);
    });

    it('request-reschedule of a booking that has ended → 409', async () => {
      const uid = await bookingIn(BookingStatus.accepted, new Date(Date.now() - 2 * 3_600_000));
      expectErrorEnvelope(await post(`/v2/bookings/${uid}/request-reschedule`, host.key), 409, 'CONFLICT', /ended/);
    });
  });

  describe('who may act: the host, or an admin of the team of a team event type (404 for anyone else, 403 for a plain team member)', () => {
    it('another user → 404 on every action and read; an unknown uid → 404', async () => {
      const stranger = await hostWithSchedule(stack, ALL_DAY_UTC);
      const uid = await bookingIn(BookingStatus.pending);
      for (const path of ['confirm', 'decline', 'mark-absent', 'request-reschedule', 'guests']) {
        expectErrorEnvelope(await post(`/v2/bookings/${uid}/${path}`, stranger.key, { guests: ['x@example.com'], host: true }), 404, 'NOT_FOUND');
      }
      for (const path of ['attendees', 'calendar-links', 'references', 'recordings', 'transcripts', 'conferencing-sessions']) {
        expectErrorEnvelope(await get(`/v2/bookings/${uid}/${path}`, stranger.key), 404, 'NOT_FOUND');
      }
      expectErrorEnvelope(await post('/v2/bookings/no-such-uid/confirm', host.key), 404, 'NOT_FOUND');
    });

    it('without a credential → 401', async () => {
      const uid = await bookingIn(BookingStatus.pending);
      expectErrorEnvelope(await post(`/v2/bookings/${uid}/confirm`, undefined), 401, 'UNAUTHORIZED');
    });

    it('team event type: the team ADMIN confirms, a MEMBER who is not the host gets 403', async () => {
      const teamHost = await hostWithSchedule(stack, ALL_DAY_UTC);
      const admin = await hostWithSchedule(stack, ALL_DAY_UTC);
      const member = await hostWithSchedule(stack, ALL_DAY_UTC);
      const operator = operatorOf(stack);
      const team = await operator.createTeam({ name: 'Confirmers', ownerId: null });
      await operator.addMember({ teamId: team.id, userId: teamHost.user.id, role: MembershipRole.MEMBER });
      await operator.addMember({ teamId: team.id, userId: admin.user.id, role: MembershipRole.ADMIN });
      await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
      const teamType = await operator.createEventType({
        title: 'Team',
        slug: 'team-confirm',
        lengthInMinutes: 30,
        teamId: team.id,
        hostIds: [teamHost.user.id],
      });
      const first = await operator.createBooking({
        eventTypeId: teamType.id,
        start: new Date('2032-03-01T10:00:00Z'),
        attendee: attendee('t1', 'UTC'),
        hostId: teamHost.user.id,
        status: BookingStatus.pending,
      });
      expectErrorEnvelope(await post(`/v2/bookings/${first.uid}/confirm`, member.key), 403, 'FORBIDDEN');
      expect(expectSuccess(await post(`/v2/bookings/${first.uid}/confirm`, admin.key)).status).toBe('accepted');
    });
  });

  describe('mark-absent: host and attendees, once the meeting has started (BOOKING_NO_SHOW_UPDATED)', () => {
    it('marks the host and an attendee absent', async () => {
      const uid = await bookingIn(BookingStatus.accepted, new Date(Date.now() - 3_600_000));
      const response = await post(`/v2/bookings/${uid}/mark-absent`, host.key, {
        host: true,
        attendees: [{ email: `guest-a${slot}@example.com`, absent: true }],
      });
      const booking = expectSuccess(response);
      expect(booking.absentHost).toBe(true);
      expect(booking.attendees[0].absent).toBe(true);
      expectReferenceShape('POST', '/v2/bookings/{bookingUid}/mark-absent', response.body);
      const events = await bookingEvents(stack, [uid]);
      expect(events.at(-1)).toMatchObject({ type: 'BOOKING_NO_SHOW_UPDATED', payload: { noShow: { host: true, attendees: [{ absent: true }] } } });
    });

    it('before the start → 409; not accepted → 409; an e-mail that does not attend → 400 naming it; an empty body → 400', async () => {
      expectErrorEnvelope(
        await post(`/v2/bookings/${await bookingIn(BookingStatus.accepted)}/mark-absent`, host.key, { host: true }),
        409,
        'CONFLICT',
        /not started/,
      );
      const pending = await bookingIn(BookingStatus.pending, new Date(Date.now() - 5 * 3_600_000));
      expectErrorEnvelope(await post(`/v2/bookings/${pending}/mark-absent`, host.key, { host: true }), 409, 'CONFLICT', /is pending/);
      const past = await bookingIn(BookingStatus.accepted, new Date(Date.now() - 7 * 3_600_000));
      expectErrorEnvelope(
        await post(`/v2/bookings/${past}/mark-absent`, host.key, { attendees: [{ email: 'nobody@example.com', absent: true }] }),
        400,
        'BAD_REQUEST',
        /^attendees\[0\]\.email/,
      );
      expectErrorEnvelope(await post(`/v2/bookings/${past}/mark-absent`, host.key, {}), 400, 'BAD_REQUEST', /^host/);
    });
  });

  describe('guests and attendees; guests and attendee.phoneNumber are kept on create', () => {
    it('POST /v2/bookings stores guests and the attendee phone number', async () => {
      const response = await book(stack, {
        eventTypeId,
        start: '2032-05-01T10:00:00Z',
        attendee: { ...attendee('phone', 'UTC'), phoneNumber: '+441234567890' },
        guests: ['Guest1@Example.com', 'guest2@example.com', 'guest1@example.com'],
      });
      const booking = expectSuccess(response, 201);
      expect(booking.guests).toEqual(['guest1@example.com', 'guest2@example.com']);
      expect(booking.attendees[0].phoneNumber).toBe('+441234567890');
      expectReferenceShape('POST', '/v2/bookings', response.body);
      expectErrorEnvelope(
        await book(stack, { eventTypeId, start: '2032-05-01T11:00:00Z', attendee: attendee('x', 'UTC'), guests: ['not-an-email'] }),
        400,
        'BAD_REQUEST',
        /^guests\[0\]/,
      );
    });

    it('POST …/guests adds guests once each (400 for one already there); POST …/attendees adds one (201, 409 when the e-mail attends); GET lists and gets them', async () => {
      const uid = await bookingIn(BookingStatus.accepted);
      expect(expectSuccess(await post(`/v2/bookings/${uid}/guests`, host.key, { guests: ['a@example.com', 'B@example.com'] })).guests).toEqual([
        'a@example.com',
        'b@example.com',
      ]);
      expectErrorEnvelope(
        await post(`/v2/bookings/${uid}/guests`, host.key, { guests: ['c@example.com', 'B@example.com'] }),
        400,
        'BAD_REQUEST',
        /^guests\[1\]: b@example\.com is already/,
      );
      expect(expectSuccess(await post(`/v2/bookings/${uid}/guests`, host.key, { guests: ['c@example.com', 'c@example.com'] })).guests).toEqual([
        'a@example.com',
        'b@example.com',
        'c@example.com',
      ]);
      expectErrorEnvelope(await post(`/v2/bookings/${uid}/guests`, host.key, { guests: [] }), 400, 'BAD_REQUEST', /^guests/);

      const added = expectSuccess(
        await post(`/v2/bookings/${uid}/attendees`, host.key, {
          name: 'Second',
          email: 'second@example.com',
          timeZone: 'Asia/Tokyo',
          phoneNumber: '+81 3 1234 5678',
        }),
        201,
      );
      const bookingId = expectSuccess(await get(`/v2/bookings/${uid}`, host.key)).id;
      expect(added).toEqual({
        id: expect.any(Number),
        bookingId,
        name: 'Second',
        email: 'second@example.com',
        timeZone: 'Asia/Tokyo',
        language: 'en',
        absent: false,
        phoneNumber: '+81 3 1234 5678',
      });
      expectErrorEnvelope(
        await post(`/v2/bookings/${uid}/attendees`, host.key, { name: 'Again', email: 'SECOND@example.com', timeZone: 'UTC' }),
        409,
        'CONFLICT',
      );
      expectErrorEnvelope(
        await post(`/v2/bookings/${uid}/attendees`, host.key, { name: 'Zone', email: 'z@example.com', timeZone: 'Mars/Base' }),
        400,
        'BAD_REQUEST',
        /^attendee\.timeZone/,
      );

      const all = expectSuccess(await get(`/v2/bookings/${uid}/attendees`, host.key));
      expect(all.map((a: { email: string }) => a.email)).toEqual([`guest-a${slot}@example.com`, 'second@example.com']);
      expect(all[0]).not.toHaveProperty('phoneNumber');
      const { id: _id, bookingId: _bookingId, ...withoutId } = added;
      expect(expectSuccess(await get(`/v2/bookings/${uid}/attendees/${added.id}`, host.key))).toEqual(withoutId);
      expectErrorEnvelope(await get(`/v2/bookings/${uid}/attendees/999999`, host.key), 404, 'NOT_FOUND');
      const cancelled = await bookingIn(BookingStatus.cancelled);
      expectErrorEnvelope(await post(`/v2/bookings/${cancelled}/guests`, host.key, { guests: ['a@example.com'] }), 409, 'CONFLICT');
    });
  });

  describe('PATCH …/location: one of the event type’s locations (BOOKING_LOCATION_UPDATED)', () => {
    it('moves the meeting; a type the event type does not offer → 400', async () => {
      const uid = await bookingIn(BookingStatus.accepted);
      const response = await stack.rest('PATCH', `/v2/bookings/${uid}/location`, {
        key: host.key,
        body: { location: { type: 'attendeeDefined', location: 'Café Central' } },
        headers: BOOKINGS_VERSION,
      });
      expect(expectSuccess(response).location).toBe('Café Central');
      expect((await bookingEvents(stack, [uid])).at(-1)).toMatchObject({ type: 'BOOKING_LOCATION_UPDATED', payload: { location: 'Café Central' } });
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/bookings/${uid}/location`, { key: host.key, body: { location: { type: 'address' } }, headers: BOOKINGS_VERSION }),
        400,
        'BAD_REQUEST',
        /^location\.type/,
      );
    });
  });

  describe('reads: calendar links (Google, Outlook, ICS), references, recordings, transcripts, conferencing sessions', () => {
    it('calendar links carry the booking; the ICS is an iCalendar document with the booking uid', async () => {
      const uid = await bookingIn(BookingStatus.accepted, new Date('2033-02-03T04:05:00Z'));
      const response = await get(`/v2/bookings/${uid}/calendar-links`, host.key);
      const links = expectSuccess(response);
      expectReferenceShape('GET', '/v2/bookings/{bookingUid}/calendar-links', response.body);
      expect(links.map((l: { label: string }) => l.label)).toEqual(['Google', 'Microsoft Office', 'Microsoft Outlook', 'ICS']);
      expect(links[0].link).toContain('dates=20330203T040500Z%2F20330203T043500Z');
      const ics = decodeURIComponent(links[3].link.replace(/^data:text\/calendar,/, ''));
      expect(ics).toMatch(/^BEGIN:VCALENDAR/);
      expect(ics).toContain(`UID:${uid}`);
      expect(ics).toContain('DTSTART:20330203T040500Z');
      expect(ics).toContain('DTEND:20330203T043500Z');
    });

    it.each([
      ['references', '/v2/bookings/{bookingUid}/references'],
      ['recordings', '/v2/bookings/{bookingUid}/recordings'],
      ['transcripts', '/v2/bookings/{bookingUid}/transcripts'],
    ])('%s: an empty list until a provider exists', async (path, template) => {
      const uid = await bookingIn(BookingStatus.accepted);
      const response = await get(`/v2/bookings/${uid}/${path}`, host.key);
      expect(expectSuccess(response)).toEqual([]);
      expectReferenceShape('GET', template, response.body);
    });

    it('conferencing sessions: an empty list', async () => {
      expect(expectSuccess(await get(`/v2/bookings/${await bookingIn(BookingStatus.accepted)}/conferencing-sessions`, host.key))).toEqual([]);
    });

    it('GET /v2/bookings/{uid} answers the reference shape: optional fields absent, never null', async () => {
      const uid = await bookingIn(BookingStatus.accepted);
      const response = await get(`/v2/bookings/${uid}`, host.key);
      expectReferenceShape('GET', '/v2/bookings/{bookingUid}', response.body);
      expect(response.body.data).not.toHaveProperty('cancellationReason');
      expect(response.body.data.description).toBe('');
    });
  });
});

describe('reassign: to a chosen host, or automatically to the least recently booked free host (BOOKING_REASSIGNED)', () => {
  let stack: TestStack;
  let hosts: Host[];
  let eventTypeId: number;
  let admin: Host;

  beforeAll(async () => {
    stack = await startTestStack();
    hosts = [];
    for (const name of ['First', 'Second', 'Third']) hosts.push(await hostWithSchedule(stack, ALL_DAY_UTC, name));
    admin = await hostWithSchedule(stack, ALL_DAY_UTC, 'Admin');
    const operator = operatorOf(stack);
    const team = await operator.createTeam({ name: 'Round robin', ownerId: admin.user.id });
    for (const h of hosts) await operator.addMember({ teamId: team.id, userId: h.user.id, role: MembershipRole.MEMBER });
    eventTypeId = (await operator.createEventType({ title: 'RR', slug: 'rr', lengthInMinutes: 60, teamId: team.id, hostIds: hosts.map((h) => h.user.id) })).id;
  });
  afterAll(() => stack.stop());

  const post = (path: string, key: string, body: unknown = {}) => stack.rest('POST', path, { key, body, headers: BOOKINGS_VERSION });
  const create = (start: string, hostId: number) =>
    operatorOf(stack).createBooking({ eventTypeId, start: new Date(start), attendee: attendee(start, 'UTC'), hostId });

  it('to a chosen host of the event type: the booking keeps its uid and time, the event names the previous host', async () => {
    const booking = await create('2032-06-01T10:00:00Z', hosts[0].user.id);
    const response = await post(`/v2/bookings/${booking.uid}/reassign/${hosts[1].user.id}`, admin.key, { reason: 'vacation' });
    // The answer is the reference's ReassignBookingOutput: the booking's uid and its new host.
    expect(expectSuccess(response)).toEqual({
      bookingUid: booking.uid,
      reassignedTo: { id: hosts[1].user.id, name: 'Second', email: hosts[1].user.email },
    });
    const moved = expectSuccess(await stack.rest('GET', `/v2/bookings/${booking.uid}`, { key: hosts[1].key, headers: BOOKINGS_VERSION }));
    expect(moved).toMatchObject({ uid: booking.uid, start: '2032-06-01T10:00:00.000Z', hosts: [{ id: hosts[1].user.id }] });
    expectReferenceShape('POST', '/v2/bookings/{bookingUid}/reassign/{userId}', response.body);
    expect((await bookingEvents(stack, [booking.uid])).at(-1)).toMatchObject({
      type: 'BOOKING_REASSIGNED',
      payload: { hostIds: [hosts[1].user.id], reassignedFrom: { hostId: hosts[0].user.id }, reassignReason: 'vacation' },
    });
  });

  it('to someone who is not a host of the event type → 404; to a host who is busy then → 409', async () => {
    const booking = await create('2032-06-02T10:00:00Z', hosts[0].user.id);
    expectErrorEnvelope(await post(`/v2/bookings/${booking.uid}/reassign/${admin.user.id}`, admin.key), 404, 'NOT_FOUND');
    await create('2032-06-02T10:30:00Z', hosts[2].user.id);
    expectErrorEnvelope(await post(`/v2/bookings/${booking.uid}/reassign/${hosts[2].user.id}`, admin.key), 409, 'CONFLICT');
  });

  it('automatically: the free host booked least recently', async () => {
    // hosts[2] was booked last (above), hosts[1] before it: of the two others than hosts[0], hosts[1] is chosen.
    const booking = await create('2032-06-03T10:00:00Z', hosts[0].user.id);
    expect(expectSuccess(await post(`/v2/bookings/${booking.uid}/reassign`, admin.key)).reassignedTo.id).toBe(hosts[1].user.id);
    // hosts[1] now busy at that time: the next reassignment of an overlapping booking goes to hosts[2].
    const other = await create('2032-06-03T10:00:00Z', hosts[0].user.id);
    expect(expectSuccess(await post(`/v2/bookings/${other.uid}/reassign`, admin.key)).reassignedTo.id).toBe(hosts[2].user.id);
  });

  it('a personal booking → 400', async () => {
    const own = (await personalEventType(stack, hosts[0].user.id)).id;
    const booking = await operatorOf(stack).createBooking({ eventTypeId: own, start: new Date('2032-07-01T10:00:00Z'), attendee: attendee('p', 'UTC') });
    expectErrorEnvelope(await post(`/v2/bookings/${booking.uid}/reassign`, hosts[0].key), 400, 'BAD_REQUEST', /personal/);
  });
});
