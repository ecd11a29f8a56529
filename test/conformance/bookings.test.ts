import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';
import { BOOKINGS_VERSION } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { OAuthClientDecision } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
/** Their fixture's default schedule: Monday to Friday, 09:00–17:00 in Europe/Rome. */
const ROME_OFFICE = { timeZone: 'Europe/Rome', availability: [{ days: WEEKDAYS, startTime: '09:00', endTime: '17:00' }] };
const MR_PROPER = { name: 'Mr Proper', email: 'mr_proper@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
const MR_PROPER_RECURRING = { ...MR_PROPER, name: 'Mr Proper Recurring', email: 'mr_proper_recurring@gmail.com' };
const MEET = 'https://meet.google.com/abc-def-ghi';
const utc = (year: number, month: number, day: number, hour: number) => new Date(Date.UTC(year, month, day, hour)).toISOString();
const SPEC = 'apps/api/v2/src/ee/bookings/2024-08-13/controllers/e2e';
/** The custom fields of their "test booking field types" event type: one of each kind. */
const CUSTOM_FIELDS = [
  ...['phone', 'address', 'text', 'number', 'textarea', 'boolean', 'url', 'multiemail'].map((kind) => ({
    field: kind,
    slug: `test-${kind}`,
    label: `test-${kind}`,
  })),
  { field: 'multiselect', slug: 'test-multiselect', label: 'test-multiselect', options: ['apple', 'orange'] },
  { field: 'checkbox', slug: 'test-checkbox', label: 'test-checkbox', options: ['blue', 'red'] },
  { field: 'radio', slug: 'test-radio', label: 'test-radio', options: ['pineapple'] },
  { field: 'select', slug: 'test-select', label: 'test-select', options: ['water', 'juice'], required: true },
];

/** The people and event types of the recurring-bookings, reserved-slot-bookings, booking-location and confirm-bookings replays. */
interface Replays {
  recurringHost: Person;
  /** Weekly event types of at most 3 and 4 occurrences (their fixtures' `recurringEvent` with count 3 and 4). */
  weeklyOf3: number;
  weeklyOf4: number;
  reservingHost: Person;
  reservable: number;
  reservableRecurring: number;
  locationHost: Person;
  locationStranger: Person;
  /** Their update-booking-location fixture: a 45-minute event type with no location of its own. */
  movable: number;
  confirmingHost: Person;
  /** Their confirm-bookings fixtures: two PENDING bookings of a 60-minute event type, 7 January 2050 at 13:00 and 10:00 UTC. */
  pendingToConfirm: string;
  pendingToDecline: string;
  /** Their teams-bookings fixtures: a team outside any organization, its owner, and one booking of each event type. */
  teamsBookings: {
    owner: Person;
    teamId: number;
    collective: number;
    roundRobin: number;
    collectiveBookingUid: string;
  };
}

/** Made beside the other fixtures (one stack): each family's host has their Rome office as default schedule. */
async function replaysOf(stack: TestStack): Promise<Replays> {
  const operator = operatorOf(stack);
  const [recurringHost, reservingHost, locationHost, locationStranger, confirmingHost, teamOwner, teamAdmin, teamMember] = await Promise.all(
    [
      'recurring-bookings-user',
      'reserved-slot-bookings-user',
      'update-booking-location-organizer',
      'update-booking-location-unrelated',
      'confirm-bookings-2024-08-13-user',
      'team-owner-bookings',
      'team-admin-bookings',
      'team-member-bookings',
    ].map((label) => person(stack, label)),
  );
  const [standaloneTeam] = await Promise.all([
    operator.createTeam({ name: 'Standalone Team Bookings' }).then(async (team) => {
      await Promise.all(
        (
          [
            [teamAdmin, MembershipRole.ADMIN],
            [teamOwner, MembershipRole.OWNER],
            [teamMember, MembershipRole.MEMBER],
          ] as const
        ).map(([who, role]) => operator.addMember({ teamId: team.id, userId: who.id, role })),
      );
      return team;
    }),
    ...[recurringHost, reservingHost, locationHost].map((who) =>
      operator.createSchedule({ ownerId: who.id, name: 'schedule', isDefault: true, ...ROME_OFFICE }),
    ),
  ]);
  const eventType = (ownerId: number, slug: string, lengthInMinutes: number, occurrences?: number) =>
    operator
      .createEventType({
        title: slug,
        slug,
        lengthInMinutes,
        ownerId,
        ...(occurrences ? { recurrence: { frequency: 'weekly', interval: 1, occurrences } } : {}),
      })
      .then((made) => made.id);
  const teamEventType = (slug: string, lengthInMinutes: number, schedulingType: 'collective' | 'roundRobin', hosts: Person[]) =>
    operator
      .createEventType({ title: slug, slug, lengthInMinutes, teamId: standaloneTeam.id, schedulingType, hostIds: hosts.map((who) => who.id) })
      .then((made) => made.id);
  const [weeklyOf3, weeklyOf4, reservable, reservableRecurring, movable, confirmable, collective, roundRobin] = await Promise.all([
    eventType(recurringHost.id, 'recurring-bookings-2024-08-13-event-type', 60, 3),
    eventType(recurringHost.id, 'recurring-bookings-2024-08-13-event-type-of-4', 60, 4),
    eventType(reservingHost.id, 'reserved-slot-bookings-event-type', 60),
    eventType(reservingHost.id, 'recurring-reserved-slot-bookings-event-type', 60, 3),
    eventType(locationHost.id, 'update-booking-location-event-type', 45),
    eventType(confirmingHost.id, 'confirm-bookings-2024-08-13-event-type', 60),
    teamEventType('team-collective-event', 60, 'collective', [teamAdmin, teamOwner]),
    teamEventType('team-round-robin-event', 30, 'roundRobin', [teamMember]),
  ]);
  const bob = { name: 'Bob', email: 'bob@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
  const london = { timeZone: 'Europe/London', language: 'en' };
  const pending = (hour: number) =>
    operator
      .createBooking({ eventTypeId: confirmable, start: new Date(Date.UTC(2050, 0, 7, hour)), attendee: bob, status: BookingStatus.pending })
      .then((made) => made.uid);
  const [pendingToConfirm, pendingToDecline, collectiveBookingUid] = await Promise.all([
    pending(13),
    pending(10),
    // Their two bookings are made through POST /v2/bookings; here by the operator, as the other fixtures' bookings.
    operator
      .createBooking({
        eventTypeId: collective,
        hostId: teamAdmin.id,
        start: new Date(Date.UTC(2030, 0, 10, 10)),
        attendee: { name: 'Test Attendee', email: 'attendee@example.com', ...london },
      })
      .then((made) => made.uid),
    operator.createBooking({
      eventTypeId: roundRobin,
      hostId: teamMember.id,
      start: new Date(Date.UTC(2030, 0, 11, 14)),
      attendee: { name: 'Another Attendee', email: 'another@example.com', ...london },
    }),
  ]);
  return {
    recurringHost,
    weeklyOf3,
    weeklyOf4,
    reservingHost,
    reservable,
    reservableRecurring,
    locationHost,
    locationStranger,
    movable,
    confirmingHost,
    pendingToConfirm,
    pendingToDecline,
    teamsBookings: { owner: teamOwner, teamId: standaloneTeam.id, collective, roundRobin, collectiveBookingUid },
  };
}

/**
 * Conformance: bookings (2024-08-13), replayed from the real service's public e2e specs under
 * apps/api/v2/src/ee/bookings/2024-08-13/controllers/e2e/ (file and test name beside each case). Their
 * fixtures write rows (users, event types, a booking in the past); here the operator's tools make them.
 */
describe('conformance: bookings', () => {
  let stack: TestStack;
  let user: Person;
  let eventType: { id: number; slug: string };
  let recurringEventType: { id: number; slug: string };
  let bookingInThePast: { uid: string; start: Date };
  let teamUser1: Person;
  let teamUser2: Person;
  let roundRobinBookingUid: string;
  let roundRobinEventTypeId: number;
  let collectiveEventTypeId: number;
  let eventTypeWithBookingFields: { id: number };
  let eventTypeWithBookingFieldsCustom: { id: number };
  let seatedUser: Person;
  let seatedEventType: { id: number; slug: string };
  let hiddenSeatsEventType: { id: number; slug: string };
  let unrelatedUser: Person;
  let variableLengthEventType: { id: number };
  let variableLengthRecurringEventType: { id: number };
  let replays: Replays;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const replaysMade = replaysOf(stack);
    [user, teamUser1, teamUser2, seatedUser, unrelatedUser] = await Promise.all(
      ['user-bookings-user', 'reassign-bookings-user1', 'reassign-bookings-user2', 'seated-bookings-user', 'get-attendees-unrelated-user'].map((label) =>
        person(stack, label),
      ),
    );
    const [team] = await Promise.all([
      operator.createTeam({ name: 'reassign-bookings-2024-08-13-team' }),
      ...[user, teamUser1, teamUser2, seatedUser].map((who) => operator.createSchedule({ ownerId: who.id, name: 'schedule', isDefault: true, ...ROME_OFFICE })),
    ]);
    await Promise.all([teamUser1, teamUser2].map((who) => operator.addMember({ teamId: team.id, userId: who.id, role: MembershipRole.MEMBER })));
    const [roundRobin, collective] = await Promise.all(
      (['roundRobin', 'collective'] as const).map((schedulingType) =>
        operator.createEventType({
          title: `${schedulingType}-bookings-2024-08-13-event-type`,
          slug: `${schedulingType}-bookings-2024-08-13-event-type`,
          lengthInMinutes: 60,
          teamId: team.id,
          hostIds: [teamUser1.id, teamUser2.id],
          schedulingType,
        }),
      ),
    );
    collectiveEventTypeId = collective.id;
    roundRobinEventTypeId = roundRobin.id;
    roundRobinBookingUid = (
      await operator.createBooking({
        eventTypeId: roundRobin.id,
        hostId: teamUser1.id,
        start: new Date(Date.UTC(2050, 0, 7, 13)),
        attendee: { name: 'Bob', email: 'bob@gmail.com', timeZone: 'Europe/Rome', language: 'it' },
      })
    ).uid;
    [
      eventType,
      recurringEventType,
      eventTypeWithBookingFields,
      eventTypeWithBookingFieldsCustom,
      seatedEventType,
      hiddenSeatsEventType,
      variableLengthEventType,
      variableLengthRecurringEventType,
    ] = await Promise.all([
      operator.createEventType({ title: 'user-bookings-2024-08-13-event-type', slug: 'user-bookings-event-type', lengthInMinutes: 60, ownerId: user.id }),
      operator.createEventType({
        title: 'peer coding recurring',
        slug: 'user-bookings-recurring-event-type',
        lengthInMinutes: 60,
        ownerId: user.id,
        recurrence: { frequency: 'weekly', interval: 1, occurrences: 3 },
      }),
      operator.createEventType({
        title: 'booking-fields-2024-08-13-event-type',
        slug: 'booking-fields-event-type',
        lengthInMinutes: 60,
        ownerId: user.id,
        bookingFields: [
          { field: 'text', slug: 'favorite-movie', label: 'favorite movie', required: true, placeholder: 'matrix' },
          { field: 'url', slug: 'video-url', label: 'video url', required: false, placeholder: 'add video url' },
        ],
      }),
      operator.createEventType({
        title: 'test booking field types',
        slug: 'test-booking-field-types',
        lengthInMinutes: 30,
        ownerId: user.id,
        bookingFields: CUSTOM_FIELDS,
      }),
      operator.createEventType({
        title: 'seated-bookings-2024-08-13-event-type',
        slug: 'seated-bookings-event-type',
        lengthInMinutes: 60,
        ownerId: seatedUser.id,
        seats: { seatsPerTimeSlot: 5, showAttendeeInfo: true, showAvailabilityCount: true },
      }),
      operator.createEventType({
        title: 'seated-bookings-2024-08-13-event-type-attendees-disabled',
        slug: 'seated-bookings-event-type-attendees-disabled',
        lengthInMinutes: 60,
        ownerId: seatedUser.id,
        seats: { seatsPerTimeSlot: 5, showAttendeeInfo: false, showAvailabilityCount: false },
      }),
      operator.createEventType({
        title: 'variable-length-bookings-2024-08-13-event-type',
        slug: 'variable-length-event-type',
        lengthInMinutes: 15,
        lengthInMinutesOptions: [15, 30, 60],
        ownerId: user.id,
      }),
      operator.createEventType({
        title: 'variable-length-recurring-bookings-2024-08-13-event-type',
        slug: 'variable-length-recurring-event-type',
        lengthInMinutes: 15,
        lengthInMinutesOptions: [15, 30, 60],
        ownerId: user.id,
        recurrence: { frequency: 'weekly', interval: 1, occurrences: 3 },
      }),
    ]);
    const past = await operator.createBooking({
      eventTypeId: eventType.id,
      start: new Date(Date.UTC(2020, 0, 8, 13)),
      attendee: { name: 'Oldie', email: 'oldie@gmail.com', timeZone: 'Europe/Rome', language: 'lv' },
    });
    bookingInThePast = { uid: past.uid, start: past.start };
    replays = await replaysMade;
  });
  afterAll(() => stack.stop());

  const post = (path: string, body: unknown, key?: string) => stack.rest('POST', path, { body, key, headers: BOOKINGS_VERSION });
  const get = (path: string, key = user.key) => stack.rest('GET', path, { key, headers: BOOKINGS_VERSION });
  let openApiPaths: Promise<Record<string, any>> | undefined;
  /** The served OpenAPI document's paths (their x-svc-deviation marks), read once for the file. */
  const servedPaths = () => (openApiPaths ??= stack.rest('GET', '/v2/openapi.json').then((response) => response.body.paths));

  describe(`${SPEC}/user-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › User bookings")`, () => {
    let created: any;
    let recurring: any[];
    let rescheduled: any;
    const body = () => ({
      start: utc(2030, 0, 8, 13),
      eventTypeId: eventType.id,
      attendee: MR_PROPER,
      location: MEET,
      bookingFieldsResponses: { customField: 'customValue' },
      metadata: { userId: '100' },
      guests: ['bob@gmail.com'],
    });

    it.each([
      ['with metadata with more than 50 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i + 1}`, String(i + 1)]))],
      ['with metadata with a key longer than 40 characters', { aaaaaaaaaabbbbbbbbbbccccccccccdddddddddde: '1' }],
      ['with metadata with a value longer than 500 characters', { key: 'a'.repeat(501) }],
    ])('"create bookings › invalid metadata › should not be able to create a booking %s": 400', async (_name, metadata) => {
      expect((await post('/v2/bookings', { ...body(), metadata })).status).toBe(400);
    });

    it('"create bookings › should create a booking"', async () => {
      const sent = body();
      const before = Date.now();
      created = expectSuccess(await post('/v2/bookings', sent), 201);
      const after = Date.now();
      expect(created).toMatchObject({
        id: expect.any(Number),
        uid: expect.any(String),
        status: 'accepted',
        start: sent.start,
        end: utc(2030, 0, 8, 14),
        duration: 60,
        eventTypeId: eventType.id,
        eventType: { id: eventType.id, slug: eventType.slug },
        location: MEET,
        meetingUrl: MEET,
        absentHost: false,
        guests: sent.guests,
        metadata: sent.metadata,
      });
      expect(created.hosts[0]).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(created.attendees[0]).toEqual({ ...MR_PROPER, absent: false });
      expect(created.bookingFieldsResponses).toEqual({ name: MR_PROPER.name, email: MR_PROPER.email, customField: 'customValue', guests: sent.guests });
      for (const stamp of [created.createdAt, created.updatedAt]) {
        expect(Date.parse(stamp)).toBeGreaterThanOrEqual(before - 1000);
        expect(Date.parse(stamp)).toBeLessThanOrEqual(after + 1000);
      }
    });

    it('"create bookings › should create a recurring booking": three weekly occurrences', async () => {
      const sent = {
        start: utc(2030, 1, 4, 13),
        eventTypeId: recurringEventType.id,
        attendee: MR_PROPER_RECURRING,
        location: MEET,
        metadata: { userId: '1000' },
      };
      recurring = expectSuccess(await post('/v2/bookings', sent), 201);
      expect(recurring).toHaveLength(3);
      [4, 11, 18].forEach((day, i) => {
        expect(recurring[i]).toMatchObject({
          id: expect.any(Number),
          uid: expect.any(String),
          status: 'accepted',
          start: utc(2030, 1, day, 13),
          end: utc(2030, 1, day, 14),
          duration: 60,
          eventTypeId: recurringEventType.id,
          location: MEET,
          recurringBookingUid: expect.any(String),
          absentHost: false,
          metadata: sent.metadata,
        });
        expect(recurring[i].hosts[0].id).toBe(user.id);
        expect(recurring[i].attendees[0]).toEqual({ ...MR_PROPER_RECURRING, absent: false });
      });
    });

    it('"get individual booking › should should get a booking"', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${created.uid}`));
      const { id, uid, status, start, end, duration, eventTypeId, attendees, location, absentHost, createdAt } = created;
      expect(data).toMatchObject({ id, uid, status, start, end, duration, eventTypeId, location, absentHost, createdAt });
      expect(data.attendees[0]).toEqual(attendees[0]);
      expect(data.hosts[0]).toMatchObject({ id: user.id, username: user.username, email: user.email });
    });

    it('"get individual booking › should should get 1 recurrence of a recurring booking"', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${recurring[0].uid}`));
      const { id, uid, start, end, recurringBookingUid, location } = recurring[0];
      expect(data).toMatchObject({ id, uid, start, end, recurringBookingUid, location });
    });

    it('"get individual booking › should should get all recurrences of the recurring bookings"', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${recurring[0].recurringBookingUid}`));
      expect(data.map((b: any) => b.uid)).toEqual(recurring.map((b) => b.uid));
      expect(data.map((b: any) => b.recurringBookingUid)).toEqual(recurring.map((b) => b.recurringBookingUid));
    });

    describe('"get bookings"', () => {
      it.each([
        ['should should get all bookings', '', 5],
        ['should should take bookings', '?take=3', 3],
        ['should should skip bookings', '?skip=2', 3],
        ['should should get upcoming bookings', '?status=upcoming', 4],
        ['should should get past bookings', '?status=past', 1],
        ['should should get upcoming and past bookings', '?status=upcoming,past', 5],
        ['should should get recurring booking recurrences', '?status=recurring', 3],
        ['should should get bookings by attendee email', '?attendeeEmail=mr_proper@gmail.com', 1],
        ['should should get bookings by attendee name', '?attendeeName=Mr Proper Recurring', 3],
      ])('"%s" (%s): %i', async (_name, query, count) => {
        expect(expectSuccess(await get(`/v2/bookings${query}`))).toHaveLength(count);
      });

      it('"should should get bookings by eventTypeId" and "…by eventTypeIds"', async () => {
        expect(expectSuccess(await get(`/v2/bookings?eventTypeId=${eventType.id}`))).toHaveLength(2);
        expect(expectSuccess(await get(`/v2/bookings?eventTypeIds=${eventType.id},${recurringEventType.id}`))).toHaveLength(5);
      });

      it('"should should get bookings by after specified start time" and "…by before specified end time"', async () => {
        expect(expectSuccess(await get(`/v2/bookings?afterStart=${recurring[1].start}`))).toHaveLength(2);
        expect(expectSuccess(await get(`/v2/bookings?beforeEnd=${recurring[0].end}`))).toHaveLength(3);
      });

      it.each([
        ['sortStart=desc', 'desc'],
        ['sortStart=asc', 'asc'],
        ['sortEnd=desc', 'desc'],
        ['sortEnd=asc', 'asc'],
        ['sortCreated=desc', 'desc'],
        ['sortCreated=asc', 'asc'],
      ])('"should should sort bookings by …" (%s)', async (sort, order) => {
        const data = expectSuccess(await get(`/v2/bookings?eventTypeId=${eventType.id}&${sort}`));
        const starts = [bookingInThePast.start.toISOString(), created.start];
        expect(data.map((b: any) => b.start)).toEqual(order === 'asc' ? starts : starts.reverse());
      });
    });

    it('"reschedule bookings › should should reschedule normal booking": 201, the new booking', async () => {
      const sent = { start: utc(2035, 0, 8, 14), reschedulingReason: 'Flying to mars that day' };
      const before = Date.now();
      rescheduled = expectSuccess(await post(`/v2/bookings/${created.uid}/reschedule`, sent), 201);
      const { status, duration, eventTypeId, location, absentHost, metadata } = created;
      expect(rescheduled).toMatchObject({
        reschedulingReason: sent.reschedulingReason,
        start: sent.start,
        end: utc(2035, 0, 8, 15),
        rescheduledFromUid: created.uid,
        ...{ status, duration, eventTypeId, location, absentHost, metadata },
      });
      expect(rescheduled.attendees[0]).toEqual(created.attendees[0]);
      expect(Date.parse(rescheduled.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('"reschedule bookings › should set rescheduled booking status to cancelled"', async () => {
      expect(expectSuccess(await get(`/v2/bookings/${created.uid}`)).status).toBe('cancelled');
    });

    it('"reschedule bookings › should reschedule recurrence of a recurring booking", then "…get recurring booking recurrences after rescheduling one": four', async () => {
      const sent = { start: utc(2035, 0, 9, 14), reschedulingReason: 'Flying to mars again' };
      const data = expectSuccess(await post(`/v2/bookings/${recurring[0].uid}/reschedule`, sent), 201);
      expect(data).toMatchObject({ start: sent.start, end: utc(2035, 0, 9, 15), recurringBookingUid: recurring[0].recurringBookingUid, location: MEET });
      expect(expectSuccess(await get(`/v2/bookings/${recurring[0].uid}`)).status).toBe('cancelled');
      const series = expectSuccess(await get(`/v2/bookings/${recurring[0].recurringBookingUid}`));
      expect(series).toHaveLength(4);
      expect(series.find((b: any) => b.status === 'cancelled')).toBeDefined();
      expect(series.find((b: any) => b.start === sent.start)).toBeDefined();
    });

    it('"cancel bookings › should cancel booking": 200, cancelled with the reason', async () => {
      const data = expectSuccess(await post(`/v2/bookings/${rescheduled.uid}/cancel`, { cancellationReason: 'Going on a vacation' }));
      const { start, end, duration, eventTypeId, location, absentHost } = rescheduled;
      expect(data).toMatchObject({ status: 'cancelled', cancellationReason: 'Going on a vacation', start, end, duration, eventTypeId, location, absentHost });
    });

    it('"cancel bookings › should cancel recurring booking": every occurrence cancelled', async () => {
      const data = expectSuccess(await post(`/v2/bookings/${recurring[1].recurringBookingUid}/cancel`, { cancellationReason: 'Going on a vacation' }));
      expect(data).toHaveLength(4);
      expect(data.map((b: any) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    });
  });

  describe(`${SPEC}/reschedule-bookings.e2e-spec.ts ("Reschedule bookings 2024-08-13") and user-bookings.e2e-spec.ts "who cancelled and rescheduled a booking"`, () => {
    const RESCHEDULED_BY = 'user-venus-bookings-rescheduler@api.com';
    let old: any;
    let moved: any;

    it('"reschedule normal booking › should reschedule": rescheduledByEmail from rescheduledBy', async () => {
      const attendee = { name: 'user-venus-bookings-attendee', email: 'user-venus-bookings-attendee@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
      old = expectSuccess(await post('/v2/bookings', { start: utc(2040, 1, 9, 10), eventTypeId: eventType.id, attendee, location: MEET }), 201);
      const body = { start: utc(2040, 1, 9, 12), reschedulingReason: 'Flying to venus that day', rescheduledBy: RESCHEDULED_BY };
      moved = expectSuccess(await post(`/v2/bookings/${old.uid}/reschedule`, body), 201);
      const { status, duration, eventTypeId, location, absentHost, metadata } = old;
      expect(moved).toMatchObject({
        reschedulingReason: body.reschedulingReason,
        rescheduledFromUid: old.uid,
        rescheduledByEmail: RESCHEDULED_BY,
        start: body.start,
        end: utc(2040, 1, 9, 13),
        ...{ status, duration, eventTypeId, location, absentHost, metadata },
      });
      expect(moved.hosts[0]).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(moved.attendees[0]).toEqual(old.attendees[0]);
    });

    it('"should fetch old booking and verify rescheduledToUid and rescheduledByEmail and status cancelled"', async () => {
      expect(expectSuccess(await get(`/v2/bookings/${old.uid}`))).toMatchObject({
        rescheduledToUid: moved.uid,
        rescheduledByEmail: RESCHEDULED_BY,
        status: 'cancelled',
      });
    });

    it('"should fetch new booking and verify rescheduledFromUid, rescheduledByEmail and reschedulingReason"', async () => {
      expect(expectSuccess(await get(`/v2/bookings/${moved.uid}`))).toMatchObject({
        rescheduledFromUid: old.uid,
        rescheduledByEmail: RESCHEDULED_BY,
        reschedulingReason: 'Flying to venus that day',
        status: 'accepted',
      });
    });

    // Their fixture writes cancelledBy; here the host cancels with its credential, and is named.
    it('"should return who cancelled a booking": the e-mail of the user who cancelled', async () => {
      const data = expectSuccess(await post(`/v2/bookings/${moved.uid}/cancel`, { cancellationReason: 'the host is away' }, user.key));
      expect(data).toMatchObject({ status: 'cancelled', cancelledByEmail: user.email });
      expect(expectSuccess(await get(`/v2/bookings/${moved.uid}`)).cancelledByEmail).toBe(user.email);
    });

    it('(not in their specs) a reschedule or cancellation without a credential or rescheduledBy names nobody; a rescheduledBy that is no e-mail is a 400', async () => {
      const attendee = { name: 'anonymous-changes', email: 'anonymous-changes@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
      const booked = expectSuccess(await post('/v2/bookings', { start: utc(2040, 1, 10, 10), eventTypeId: eventType.id, attendee, location: MEET }), 201);
      const refused = await post(`/v2/bookings/${booked.uid}/reschedule`, { start: utc(2040, 1, 10, 12), rescheduledBy: 'nobody' });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('rescheduledBy must be an e-mail address');
      const again = expectSuccess(await post(`/v2/bookings/${booked.uid}/reschedule`, { start: utc(2040, 1, 10, 12) }), 201);
      expect(again).not.toHaveProperty('rescheduledByEmail');
      const cancelled = expectSuccess(await post(`/v2/bookings/${again.uid}/cancel`, { cancellationReason: 'no longer needed' }));
      expect(cancelled).not.toHaveProperty('cancelledByEmail');
    });
  });

  describe(`${SPEC}/variable-length-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Variable length bookings")`, () => {
    const proper = { ...MR_PROPER };
    const body = (eventTypeId: number, start: string, lengthInMinutes?: number) => ({
      start,
      eventTypeId,
      attendee: proper,
      location: MEET,
      bookingFieldsResponses: { customField: 'customValue' },
      ...(lengthInMinutes ? { lengthInMinutes } : {}),
    });

    it('"should not be able to specify length of booking for non variable length event type": 400', async () => {
      expect((await post('/v2/bookings', body(eventType.id, utc(2030, 0, 8, 10), 30))).status).toBe(400);
    });

    it('"should create a booking with default length": 15 minutes', async () => {
      expect(expectSuccess(await post('/v2/bookings', body(variableLengthEventType.id, utc(2030, 0, 8, 10))), 201)).toMatchObject({
        status: 'accepted',
        start: utc(2030, 0, 8, 10),
        end: '2030-01-08T10:15:00.000Z',
        duration: 15,
      });
    });

    it('"should create a booking with specified length that is not default length": 30 minutes', async () => {
      expect(expectSuccess(await post('/v2/bookings', body(variableLengthEventType.id, utc(2030, 0, 8, 11), 30)), 201)).toMatchObject({
        start: utc(2030, 0, 8, 11),
        end: '2030-01-08T11:30:00.000Z',
        duration: 30,
      });
    });

    it('"create recurring bookings › should create recurring bookings with custom lengthInMinutes": two of 30 minutes', async () => {
      const sent = { start: utc(2030, 1, 1, 14), eventTypeId: variableLengthRecurringEventType.id, lengthInMinutes: 30, recurrenceCount: 2, attendee: proper };
      const data = expectSuccess(await post('/v2/bookings', sent), 201);
      expect(data.map((b: any) => b.duration)).toEqual([30, 30]);
    });

    it('"should reject recurring booking with invalid lengthInMinutes" (45, not one of 15, 30, 60): 400', async () => {
      const sent = { start: utc(2030, 3, 1, 10), eventTypeId: variableLengthRecurringEventType.id, lengthInMinutes: 45, recurrenceCount: 2, attendee: proper };
      expect((await post('/v2/bookings', sent)).status).toBe(400);
    });
  });

  describe(`${SPEC}/calendar-links.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Calendar Links")`, () => {
    it('"should get calendar links for a booking": found by their ids', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${bookingInThePast.uid}/calendar-links`));
      const link = (id: string) => data.find((item: { id: string }) => item.id === id).link;
      expect(link('googleCalendar')).toMatch(/^https:\/\/calendar\.google\.com\//);
      expect(link('microsoftOffice')).toMatch(/^https:\/\/outlook\.office\.com\//);
      expect(link('microsoftOutlook')).toMatch(/^https:\/\/outlook\.live\.com\//);
      expect(link('ics')).toMatch(/^data:text\/calendar,/);
    });

    it('"should return 404 for non-existent booking"', async () => {
      expect((await get('/v2/bookings/non-existent-uid/calendar-links')).status).toBe(404);
    });
  });

  /**
   * Their user has four bookings, 60 and 7 days ago and 7 and 60 days ahead (13:00–14:00 UTC); here a person of its own
   * has them. Their GET /v2/bookings looks one month back and ahead unless afterStart / beforeEnd say otherwise; here
   * (deviation, docs/compatibility.md "Bookings": no default date window) a list without them has every booking.
   */
  describe(`${SPEC}/date-range-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Date range bookings › get bookings")`, () => {
    let ranged: Person;
    const daysFromNow = (days: number, hour = 0) => {
      const date = new Date(Date.now() + days * 86_400_000);
      date.setUTCHours(hour, 0, 0, 0);
      return date;
    };
    const count = async (query: string) => expectSuccess(await get(`/v2/bookings${query}`, ranged.key)).length;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      ranged = await person(stack, 'date-range-bookings-user');
      const { id } = await operator.createEventType({ title: 'date-range-bookings', slug: 'date-range-bookings', lengthInMinutes: 60, ownerId: ranged.id });
      const oldie = { name: 'Oldie', email: 'oldie@gmail.com', timeZone: 'Europe/London', language: 'lv' };
      await Promise.all([-60, -7, 7, 60].map((days) => operator.createBooking({ eventTypeId: id, start: daysFromNow(days, 13), attendee: oldie })));
    });

    // Deviation: theirs 2, 1, 1 and 2 (a month each way by default); here every booking the status asks for.
    it.each([
      ['"should get bookings within last and next month when not specifying query params"', '', 4],
      ['"should get upcoming bookings only 1 month in future"', '?status=upcoming', 2],
      ['"should get past bookings only 1 month in past"', '?status=past', 2],
      ['"should get upcoming and past bookings 1 month in future and 1 month in past"', '?status=upcoming,past', 4],
    ])('%s: no default window here', async (_name, query, expected) => {
      expect(await count(query)).toBe(expected);
    });

    it('the deviation is marked on the operation', async () => {
      const paths = await servedPaths();
      expect(paths['/v2/bookings'].get['x-svc-deviation']).toContainEqual(expect.stringMatching(/one month back and one ahead/));
    });

    it('"should get upcoming bookings N months in future": 2', async () => {
      expect(await count(`?status=upcoming&beforeEnd=${daysFromNow(61).toISOString()}`)).toBe(2);
    });

    it('"should get past bookings N months in past": 2', async () => {
      expect(await count(`?status=past&afterStart=${daysFromNow(-61).toISOString()}`)).toBe(2);
    });

    it('"should get bookings within specified time range in past and future": 4', async () => {
      expect(await count(`?afterStart=${daysFromNow(-61).toISOString()}&beforeEnd=${daysFromNow(61).toISOString()}`)).toBe(4);
    });

    it('"should get bookings within specified time range in past": 1', async () => {
      expect(await count(`?afterStart=${daysFromNow(-30).toISOString()}&beforeEnd=${daysFromNow(1).toISOString()}`)).toBe(1);
    });
  });

  /** The host of their side-effects specs: a 60-minute event type of its own in their Rome office hours. */
  async function sideEffectsHost(tag: string): Promise<{ host: Person; eventTypeId: number }> {
    const operator = operatorOf(stack);
    const host = await person(stack, `${tag}-host`);
    const [eventTypeMade] = await Promise.all([
      operator.createEventType({ title: `${tag}-event`, slug: `${tag}-event`, lengthInMinutes: 60, ownerId: host.id }),
      operator.createSchedule({ ownerId: host.id, name: `${tag}-schedule`, isDefault: true, ...ROME_OFFICE }),
    ]);
    return { host, eventTypeId: eventTypeMade.id };
  }
  /** Their createBooking of the side-effects specs: an attendee named after the case, at their Google Meet link. */
  const bookFx = async (eventTypeId: number, start: string, name: string, suffix: string) =>
    expectSuccess(
      await post('/v2/bookings', {
        start,
        eventTypeId,
        attendee: { name: `${name} ${suffix}`, email: `${name.toLowerCase().replace(' ', '-')}-${suffix}@gmail.com`, timeZone: 'Europe/Rome', language: 'it' },
        location: MEET,
      }),
      201,
    );

  /** Their host cancels with its own credential; so does this one, with its API key. Their database reads are GET /v2/bookings/{uid} here. */
  describe(`${SPEC}/cancel-side-effects.e2e-spec.ts ("Cancel booking — side effects")`, () => {
    let host: Person;
    let fxEventTypeId: number;
    const createFx = (start: string, suffix: string) => bookFx(fxEventTypeId, start, 'Cancel FX', suffix);
    const cancel = (uid: string, body: unknown) => post(`/v2/bookings/${uid}/cancel`, body, host.key);
    const stored = async (uid: string) => expectSuccess(await get(`/v2/bookings/${uid}`, host.key));

    beforeAll(async () => {
      ({ host, eventTypeId: fxEventTypeId } = await sideEffectsHost('cancel-fx'));
    });

    it('"should transition booking status to CANCELLED" and "should persist the cancellation reason in the DB"', async () => {
      const [first, second] = await Promise.all([createFx(utc(2040, 2, 12, 10), 'status'), createFx(utc(2040, 2, 13, 10), 'reason')]);
      expect(expectSuccess(await cancel(first.uid, { cancellationReason: 'Testing cancel side effects' }))).toMatchObject({ status: 'cancelled' });
      expect((await stored(first.uid)).status).toBe('cancelled');
      const reason = 'Unexpected conflict — team all-hands moved';
      expectSuccess(await cancel(second.uid, { cancellationReason: reason }));
      expect(await stored(second.uid)).toMatchObject({ status: 'cancelled', cancellationReason: reason });
    });

    it('"should free the slot so a new booking can be made at the same time"', async () => {
      const start = utc(2040, 2, 14, 10);
      const booking = await createFx(start, 'slot-release');
      expectSuccess(await cancel(booking.uid, { cancellationReason: 'Freeing slot' }));
      const again = await createFx(start, 'slot-reuse');
      expect(again.uid).not.toBe(booking.uid);
      expect(again.start).toBe(start);
    });

    // Deviation (docs/compatibility.md, "Bookings": a booking cancelled twice).
    it('"should not error when cancelling an already cancelled booking": 409 here, the booking stays cancelled, its first reason kept', async () => {
      const booking = await createFx(utc(2040, 2, 15, 10), 'double-cancel');
      expectSuccess(await cancel(booking.uid, { cancellationReason: 'First cancel' }));
      expectErrorEnvelope(await cancel(booking.uid, { cancellationReason: 'Second cancel' }), 409, 'CONFLICT', /is cancelled and cannot be cancelled/);
      expect(await stored(booking.uid)).toMatchObject({ status: 'cancelled', cancellationReason: 'First cancel' });
      const paths = await servedPaths();
      expect(paths['/v2/bookings/{bookingUid}/cancel'].post['x-svc-deviation']).toContainEqual(expect.stringMatching(/already cancelled is a 409/));
    });

    // Their host is a platform client's user, whom the host's reason rule spares; the attendee's cancel is the one without a
    // reason here: the host calling for themselves gives one (docs/compatibility.md, "Bookings", the host's cancellation reason).
    it('"should allow cancellation without a reason": the attendee\'s (no credential); the host is asked for one', async () => {
      const booking = await createFx(utc(2040, 2, 16, 10), 'no-reason');
      expectErrorEnvelope(await cancel(booking.uid, {}), 400, 'BAD_REQUEST', /^cancellationReason: /);
      expectSuccess(await post(`/v2/bookings/${booking.uid}/cancel`, {}));
      expect((await stored(booking.uid)).status).toBe('cancelled');
    });

    it('"should return error for non-existent booking UID": 404', async () => {
      expect((await cancel('non-existent-uid-12345', { cancellationReason: 'Does not exist' })).status).toBe(404);
    });
  });

  /** Reschedules are public (no credential), as theirs; their database reads are the host's GET /v2/bookings/{uid} here. */
  describe(`${SPEC}/reschedule-side-effects.e2e-spec.ts ("Reschedule booking — side effects")`, () => {
    let host: Person;
    let fxEventTypeId: number;
    const createFx = (start: string, suffix: string) => bookFx(fxEventTypeId, start, 'Resched FX', suffix);
    const reschedule = (uid: string, start: string, reschedulingReason: string) => post(`/v2/bookings/${uid}/reschedule`, { start, reschedulingReason });
    const stored = async (uid: string) => expectSuccess(await get(`/v2/bookings/${uid}`, host.key));
    const deviationMarked = async () => {
      const paths = await servedPaths();
      expect(paths['/v2/bookings/{bookingUid}/reschedule'].post['x-svc-deviation']).toContainEqual(expect.stringMatching(/is a 409 CONFLICT/));
    };

    beforeAll(async () => {
      ({ host, eventTypeId: fxEventTypeId } = await sideEffectsHost('resched-fx'));
    });

    it('"should create a new booking and cancel the old one": 201, a new accepted booking; the old one cancelled and marked rescheduled', async () => {
      const original = await createFx(utc(2040, 2, 19, 10), 'basic');
      const moved = expectSuccess(await reschedule(original.uid, utc(2040, 2, 20, 10), 'Conflict with another meeting'), 201);
      expect(moved).toMatchObject({ start: utc(2040, 2, 20, 10), status: 'accepted' });
      expect(moved.uid).not.toBe(original.uid);
      // Their `rescheduled: true` column is the booking's rescheduledToUid here.
      expect(await stored(original.uid)).toMatchObject({ status: 'cancelled', rescheduledToUid: moved.uid });
    });

    it('"should free the original time slot so a new booking can occupy it"', async () => {
      const originalStart = utc(2040, 2, 21, 10);
      const original = await createFx(originalStart, 'free-slot');
      expectSuccess(await reschedule(original.uid, utc(2040, 2, 22, 10), 'Moved'), 201);
      expect((await createFx(originalStart, 'takes-old-slot')).start).toBe(originalStart);
    });

    // Deviation (docs/compatibility.md, "Bookings": a reschedule that conflicts with a booking's state or a taken time).
    it('"should reject reschedule if the new time slot is already occupied": 409 here (400 there), the booking unchanged', async () => {
      const [, mover] = await Promise.all([createFx(utc(2040, 2, 23, 14), 'occupier'), createFx(utc(2040, 2, 23, 10), 'mover')]);
      expectErrorEnvelope(await reschedule(mover.uid, utc(2040, 2, 23, 14), 'Trying occupied slot'), 409, 'CONFLICT');
      expect(await stored(mover.uid)).toMatchObject({ status: 'accepted', start: utc(2040, 2, 23, 10) });
      await deviationMarked();
    });

    it('"should reject reschedule of a cancelled booking": 409 here (400 there), the message says cancelled', async () => {
      const booking = await createFx(utc(2040, 2, 26, 10), 'cancel-then-resched');
      expectSuccess(await post(`/v2/bookings/${booking.uid}/cancel`, { cancellationReason: 'Cancel first' }));
      expectErrorEnvelope(await reschedule(booking.uid, utc(2040, 2, 27, 10), 'Try to revive'), 409, 'CONFLICT', /cancelled/);
    });

    it('"should not allow rescheduling an already-rescheduled booking": 409 here (400 there) on the old uid; the new uid moves', async () => {
      const original = await createFx(utc(2040, 2, 28, 10), 'chain-1');
      const moved = expectSuccess(await reschedule(original.uid, utc(2040, 2, 29, 10), 'First move'), 201);
      expectErrorEnvelope(await reschedule(original.uid, utc(2040, 2, 30, 10), 'Second move on old uid'), 409, 'CONFLICT', /cancelled|rescheduled/);
      expectSuccess(await reschedule(moved.uid, utc(2040, 2, 30, 10), 'Move via new uid'), 201);
    });

    it('"should return 404 for non-existent booking UID"', async () => {
      expect((await reschedule('non-existent-uid-99999', utc(2040, 3, 2, 10), 'Ghost booking')).status).toBe(404);
    });
  });

  /**
   * Their fixtures write accepted bookings of the host's event type; here the attendee books them. Their host calls with
   * its own credential (their permission guard switched off); this one with its API key. Their database reads
   * (`status`, `rescheduled`, `cancellationReason`) are GET /v2/bookings/{uid} here (`rescheduled` is not in the
   * reference's booking: the status and the reason are what a client sees). Their spies on e-mails: "noBookingEmails".
   */
  describe(`${SPEC}/request-reschedule.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Request reschedule")`, () => {
    let host: Person;
    let fxEventTypeId: number;
    const createFx = (start: string, suffix: string) => bookFx(fxEventTypeId, start, 'Request FX', suffix);
    const requestReschedule = (uid: string, body: unknown) => post(`/v2/bookings/${uid}/request-reschedule`, body, host.key);
    const stored = async (uid: string) => expectSuccess(await get(`/v2/bookings/${uid}`, host.key));

    beforeAll(async () => {
      ({ host, eventTypeId: fxEventTypeId } = await sideEffectsHost('request-fx'));
    });

    it('"should request reschedule of a booking with a reason": 200, cancelled with their rescheduleReason as its reason', async () => {
      const booking = await createFx(utc(2040, 3, 9, 10), 'with-reason');
      const reason = 'I have a conflict and need to move this meeting';
      expect(expectSuccess(await requestReschedule(booking.uid, { rescheduleReason: reason }), 200)).toMatchObject({ uid: booking.uid, status: 'cancelled' });
      expect(await stored(booking.uid)).toMatchObject({ status: 'cancelled', cancellationReason: reason });
    });

    it('"should request reschedule of a booking without a reason": 200, cancelled, no reason', async () => {
      const booking = await createFx(utc(2040, 3, 10, 10), 'no-reason');
      expectSuccess(await requestReschedule(booking.uid, {}), 200);
      const after = await stored(booking.uid);
      expect(after.status).toBe('cancelled');
      expect(after.cancellationReason ?? null).toBeNull();
    });

    // Not theirs: this API's earlier name of the field, `reason`, still taken; both names sent and differing is a 400, nothing changed.
    it('the earlier name `reason` is taken; rescheduleReason and reason that differ are a 400 naming rescheduleReason', async () => {
      const [byOldName, both] = await Promise.all([createFx(utc(2040, 3, 11, 10), 'old-name'), createFx(utc(2040, 3, 11, 12), 'both-names')]);
      expectSuccess(await requestReschedule(byOldName.uid, { reason: 'older clients' }), 200);
      expect(await stored(byOldName.uid)).toMatchObject({ status: 'cancelled', cancellationReason: 'older clients' });
      expectErrorEnvelope(
        await requestReschedule(both.uid, { rescheduleReason: 'one', reason: 'another' }),
        400,
        'BAD_REQUEST',
        /^rescheduleReason and reason were both sent and differ/,
      );
      const untouched = await stored(both.uid);
      expect(untouched.status).toBe('accepted');
      expect(untouched.cancellationReason ?? null).toBeNull();
    });

    // Deviation (docs/compatibility.md, "Bookings": asking to reschedule a booking that is cancelled).
    it('"should not request reschedule of a cancelled booking": 409 here (400 there), nothing changes', async () => {
      const booking = await createFx(utc(2040, 3, 12, 10), 'cancelled');
      expectSuccess(await post(`/v2/bookings/${booking.uid}/cancel`, { cancellationReason: 'Cancelled first' }, host.key));
      expectErrorEnvelope(
        await requestReschedule(booking.uid, { rescheduleReason: 'Trying to reschedule a cancelled booking' }),
        409,
        'CONFLICT',
        /is cancelled/,
      );
      expect(await stored(booking.uid)).toMatchObject({ status: 'cancelled', cancellationReason: 'Cancelled first' });
      const paths = await servedPaths();
      expect(paths['/v2/bookings/{bookingUid}/request-reschedule'].post['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/reschedule a booking that is cancelled.*409 CONFLICT/),
      );
    });

    it('"should return 404 for non-existent booking uid"', async () => {
      expect((await requestReschedule('non-existent-uid-request-reschedule', { rescheduleReason: 'test' })).status).toBe(404);
    });
  });

  /**
   * Their user books, reschedules and cancels with an API key; so does this one. Their spies on the attendee's and the
   * organizer's scheduled, rescheduled and cancelled e-mails have no counterpart: this API sends no booking e-mail
   * (deviation, docs/compatibility.md "Bookings": webhooks and workflows notify).
   */
  describe(`${SPEC}/api-key-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › With api key")`, () => {
    let keyUser: Person;
    let keyEventTypeId: number;
    let created: any;
    let rescheduled: any;
    const MR_KEY = { name: 'Mr Key', email: 'mr_key@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
    const stored = async (uid: string) => expectSuccess(await get(`/v2/bookings/${uid}`, keyUser.key));

    beforeAll(async () => {
      const operator = operatorOf(stack);
      keyUser = await person(stack, 'api-key-bookings-2024-08-13-user');
      const [made] = await Promise.all([
        operator.createEventType({
          title: 'api-key-bookings-2024-08-13-event-type',
          slug: 'api-key-bookings-event-type',
          lengthInMinutes: 60,
          ownerId: keyUser.id,
        }),
        operator.createSchedule({ ownerId: keyUser.id, name: 'api-key-bookings-schedule', isDefault: true, ...ROME_OFFICE }),
      ]);
      keyEventTypeId = made.id;
    });

    it('"should create a booking with api key": 201, accepted, the meetingUrl kept', async () => {
      const body = { start: utc(2030, 0, 8, 13), eventTypeId: keyEventTypeId, attendee: MR_KEY, meetingUrl: MEET };
      created = expectSuccess(await post('/v2/bookings', body, keyUser.key), 201);
      expect(created).toMatchObject({
        status: 'accepted',
        start: body.start,
        end: utc(2030, 0, 8, 14),
        duration: 60,
        eventTypeId: keyEventTypeId,
        meetingUrl: MEET,
        absentHost: false,
      });
      expect(created.hosts[0].id).toBe(keyUser.id);
      expect(created.attendees[0]).toMatchObject({ ...MR_KEY, absent: false });
    });

    it('"should reschedule a booking with api key": 201, the new time, the rest carried over', async () => {
      const body = { start: utc(2035, 0, 8, 14), reschedulingReason: 'Flying to mars that day' };
      rescheduled = expectSuccess(await post(`/v2/bookings/${created.uid}/reschedule`, body, keyUser.key), 201);
      expect(rescheduled).toMatchObject({
        reschedulingReason: body.reschedulingReason,
        start: body.start,
        end: utc(2035, 0, 8, 15),
        rescheduledFromUid: created.uid,
        status: created.status,
        duration: created.duration,
        eventTypeId: created.eventTypeId,
        location: created.location,
        absentHost: created.absentHost,
        metadata: created.metadata,
      });
      expect(rescheduled.hosts[0].id).toBe(keyUser.id);
      expect(rescheduled.attendees[0]).toEqual(created.attendees[0]);
    });

    it('"should cancel booking": 200, cancelled with the reason, the rest as rescheduled', async () => {
      expect((await stored(rescheduled.uid)).status).toBe('accepted');
      const data = expectSuccess(await post(`/v2/bookings/${rescheduled.uid}/cancel`, { cancellationReason: 'Going on a vacation' }));
      expect(data).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'Going on a vacation',
        start: rescheduled.start,
        end: rescheduled.end,
        duration: rescheduled.duration,
        eventTypeId: rescheduled.eventTypeId,
        location: rescheduled.location,
        absentHost: rescheduled.absentHost,
      });
      expect(data.attendees[0]).toEqual(rescheduled.attendees[0]);
      expect((await stored(rescheduled.uid)).status).toBe('cancelled');
      const paths = await servedPaths();
      for (const operation of [paths['/v2/bookings'].post, paths['/v2/bookings/{bookingUid}/reschedule'].post, paths['/v2/bookings/{bookingUid}/cancel'].post])
        expect(operation['x-svc-deviation']).toContainEqual(expect.stringMatching(/sends no booking e-mail/));
    });
  });

  /** Their booking has a daily_video reference and their video service is mocked to answer empty lists: here the lists are empty. */
  describe(`${SPEC}/booking-access-auth.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Booking access authorization")`, () => {
    const reads = [
      ['conferencing-sessions', 'conferencing sessions'],
      ['recordings', 'recordings'],
      ['transcripts', 'transcripts'],
    ];
    it.each(reads)('"should allow booking organizer to access %s": 200', async (path) => {
      expect(expectSuccess(await get(`/v2/bookings/${bookingInThePast.uid}/${path}`))).toEqual([]);
    });

    // Deviation (docs/compatibility.md, "Bookings": recordings, transcripts and conferencing sessions of somebody else's booking).
    it.each(reads)('"should return 403 when unauthorized user tries to access %s": 404 here, as for a booking that does not exist', async (path) => {
      const [strangers, missing] = await Promise.all([
        get(`/v2/bookings/${bookingInThePast.uid}/${path}`, unrelatedUser.key),
        get(`/v2/bookings/no-such-booking/${path}`, unrelatedUser.key),
      ]);
      expectErrorEnvelope(strangers, 404, 'NOT_FOUND');
      expect(strangers.body.error.message).toBe(missing.body.error.message.replace('no-such-booking', bookingInThePast.uid));
      const paths = await servedPaths();
      expect(paths[`/v2/bookings/{bookingUid}/${path}`].get['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/recordings, transcripts and conferencing sessions/),
      );
    });
  });

  /** Their organizer and unrelated user call with OAuth access tokens; here with their API keys. */
  describe(`${SPEC}/get-attendees.e2e-spec.ts`, () => {
    const attendee = { name: 'Test Attendee', email: 'attendee@example.com', timeZone: 'Europe/Rome', language: 'it' };
    let uid: string;
    let attendeeId: number;
    const anonymous = (path: string) => stack.rest('GET', path, { headers: BOOKINGS_VERSION });

    beforeAll(async () => {
      const sent = {
        start: utc(2030, 0, 9, 13),
        eventTypeId: eventType.id,
        attendee,
        location: MEET,
        bookingFieldsResponses: { customField: 'customValue' },
        metadata: { userId: '100' },
      };
      uid = expectSuccess(await post('/v2/bookings', sent), 201).uid;
    });

    it('"GET …/attendees › should return 401 when getting attendees without authentication"', async () => {
      expect((await anonymous(`/v2/bookings/${uid}/attendees`)).status).toBe(401);
    });

    it('"should allow booking organizer to get attendees" and "should return attendees with correct structure"', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${uid}/attendees`));
      expect(data.length).toBeGreaterThan(0);
      expect(data[0]).toMatchObject({
        id: expect.any(Number),
        name: attendee.name,
        email: attendee.email,
        timeZone: attendee.timeZone,
        language: 'it',
        absent: false,
      });
      attendeeId = data[0].id;
    });

    // Deviation (docs/compatibility.md, "Bookings"): somebody with no tie to the booking is told it does not exist.
    it('"should return 403 when unrelated user tries to get attendees" (one attendee too): 404 here', async () => {
      expect((await get(`/v2/bookings/${uid}/attendees`, unrelatedUser.key)).status).toBe(404);
      expect((await get(`/v2/bookings/${uid}/attendees/${attendeeId}`, unrelatedUser.key)).status).toBe(404);
    });

    it('"GET …/attendees/:attendeeId › should return 401 when getting single attendee without authentication"', async () => {
      expect((await anonymous(`/v2/bookings/${uid}/attendees/${attendeeId}`)).status).toBe(401);
    });

    it('"should allow booking organizer to get single attendee" and "should return single attendee with correct structure": no id', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${uid}/attendees/${attendeeId}`));
      expect(data).toEqual({ ...attendee, absent: false });
    });

    it('the OpenAPI document marks the deviation on both attendee reads (x-svc-deviation)', async () => {
      const paths = await servedPaths();
      for (const path of ['/v2/bookings/{bookingUid}/attendees', '/v2/bookings/{bookingUid}/attendees/{attendeeId}'])
        expect(paths[path].get['x-svc-deviation']).toEqual([expect.stringMatching(/is a 404 on its attendees/)]);
    });

    it('"should return 404 for non-existent attendee ID"', async () => {
      expect((await get(`/v2/bookings/${uid}/attendees/999999999`)).status).toBe(404);
    });

    // Deviation (the same row): their guard answers 403 for an unknown booking.
    it('"should return 403 for non-existent booking UID …": 404 here', async () => {
      expect((await get(`/v2/bookings/non-existent-booking-uid/attendees/${attendeeId}`)).status).toBe(404);
    });
  });

  /**
   * Their organizer and unrelated user call with OAuth access tokens; here with API keys. Their remove-attendee.e2e-spec.ts
   * (DELETE /v2/bookings/{bookingUid}/attendees/{attendeeId}) and the older add-attendees.e2e-spec.ts (a `guests` list posted
   * to …/attendees) are not replayed: neither operation is in the reference document this API serves.
   */
  describe(`${SPEC}/add-attendee.e2e-spec.ts ("Bookings Endpoints 2024-08-13 add attendee › POST /v2/bookings/:bookingUid/attendees")`, () => {
    let booked: { uid: string; id: number };
    const addAttendee = (body: Record<string, unknown>, key?: string, uid = booked.uid) => post(`/v2/bookings/${uid}/attendees`, body, key);

    beforeAll(async () => {
      const sent = {
        start: utc(2031, 0, 10, 13),
        eventTypeId: eventType.id,
        attendee: { name: 'Original Attendee', email: 'original.attendee@gmail.com', timeZone: 'Europe/Rome', language: 'it' },
        location: MEET,
        bookingFieldsResponses: { customField: 'customValue' },
        metadata: { userId: '100' },
      };
      booked = expectSuccess(await post('/v2/bookings', sent), 201);
    });

    it('"Authentication › should return 401 when adding attendee without authentication"', async () => {
      const body = { email: 'unauthenticated.attendee@example.com', name: 'Unauthenticated Attendee', timeZone: 'Europe/London' };
      expect((await addAttendee(body)).status).toBe(401);
    });

    it('"Authorization › should allow booking organizer to add an attendee": 201, the attendee with the booking\'s id', async () => {
      const body = { email: 'new.attendee@example.com', name: 'New Attendee', timeZone: 'Europe/London' };
      const data = expectSuccess(await addAttendee(body, user.key), 201);
      expect(data).toMatchObject({ ...body, bookingId: booked.id, id: expect.any(Number) });
    });

    // Deviation (docs/compatibility.md, "Bookings"): somebody with no tie to the booking is told it does not exist.
    it('"Authorization › should return 403 when unrelated user tries to add attendee": 404 here', async () => {
      const body = { email: 'unauthorized.attendee@example.com', name: 'Unauthorized Attendee', timeZone: 'America/New_York' };
      expect((await addAttendee(body, unrelatedUser.key)).status).toBe(404);
      const emails = expectSuccess(await get(`/v2/bookings/${booked.uid}/attendees`)).map((a: { email: string }) => a.email);
      expect(emails).not.toContain(body.email);
    });

    it('"Response format › should return attendee with correct structure": id and bookingId numbers, name, email and timeZone strings', async () => {
      const data = expectSuccess(
        await addAttendee({ email: 'structure.test@example.com', name: 'Structure Test Attendee', timeZone: 'Asia/Tokyo' }, user.key),
        201,
      );
      expect(data).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          bookingId: expect.any(Number),
          name: expect.any(String),
          email: expect.any(String),
          timeZone: expect.any(String),
        }),
      );
    });

    it.each([
      ['email is missing', { name: 'No Email Attendee', timeZone: 'Europe/London' }],
      ['email is invalid', { email: 'invalid-email', name: 'Invalid Email Attendee', timeZone: 'Europe/London' }],
      ['name is missing', { email: 'no.name@example.com', timeZone: 'Europe/London' }],
      ['timeZone is missing', { email: 'no.timezone@example.com', name: 'No TimeZone Attendee' }],
      ['timeZone is invalid', { email: 'invalid.timezone@example.com', name: 'Invalid TimeZone Attendee', timeZone: 'Invalid/TimeZone' }],
    ])('"Validation › should return 400 when %s"', async (_case, body) => {
      const response = await addAttendee(body, user.key);
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    });

    it('"Validation › should return 404 when booking does not exist"', async () => {
      const body = { email: 'nonexistent.booking@example.com', name: 'Nonexistent Booking Attendee', timeZone: 'Europe/London' };
      expect((await addAttendee(body, user.key, 'non-existent-booking-uid')).status).toBe(404);
    });

    it('the OpenAPI document marks the deviation on adding an attendee (x-svc-deviation)', async () => {
      const paths = await servedPaths();
      expect(paths['/v2/bookings/{bookingUid}/attendees'].post['x-svc-deviation']).toEqual([expect.stringMatching(/is a 404 on its attendees/)]);
    });
  });

  /** Their organizer, attendee and unrelated user call with OAuth access tokens; here with API keys (`seatedUser` is the attendee with an account). */
  describe(`${SPEC}/add-guests.e2e-spec.ts ("POST /v2/bookings/:bookingUid/guests")`, () => {
    let uid: string;
    const addGuests = (guests: string[], key?: string) => post(`/v2/bookings/${uid}/guests`, { guests }, key);
    /** Their check: each guest among the attendees and in guests. */
    // Deviation (docs/compatibility.md, "Bookings"): the guests are in `guests`, not among the attendees too.
    const expectGuests = (data: any, emails: string[]) => {
      for (const email of emails) {
        expect(data.guests).toContain(email);
        expect(data.attendees.map((a: { email: string }) => a.email)).not.toContain(email);
      }
    };

    beforeAll(async () => {
      const sent = {
        start: utc(2030, 0, 10, 13),
        eventTypeId: eventType.id,
        attendee: MR_PROPER,
        location: MEET,
        bookingFieldsResponses: { customField: 'customValue' },
        metadata: { userId: '100' },
      };
      uid = expectSuccess(await post('/v2/bookings', sent), 201).uid;
    });

    it('"should return 401 when adding guests without authentication"', async () => {
      expect((await addGuests(['unauthenticated.guest@example.com'])).status).toBe(401);
    });

    it('"should allow booking organizer to add multiple guests": each in the guests', async () => {
      const emails = ['organizer.guest1@example.com', 'organizer.guest2@example.com'];
      expectGuests(expectSuccess(await addGuests(emails, user.key)), emails);
    });

    // Deviation (docs/compatibility.md, "Bookings"): somebody with no tie to the booking is told it does not exist.
    it('"should return 403 when unrelated user tries to add guests": 404 here', async () => {
      expect((await addGuests(['non-organizer.guest1@example.com'], unrelatedUser.key)).status).toBe(404);
    });

    // Deviation (the same table): only the host, or an admin of its team, changes a booking here.
    it('"should allow organizer to add a user as attendee, then attendee can add more guests": the organizer adds them; the attendee gets 404 here', async () => {
      expectGuests(expectSuccess(await addGuests([seatedUser.email], user.key)), [seatedUser.email]);
      expect((await addGuests(['attendee.guest1@example.com'], seatedUser.key)).status).toBe(404);
    });

    it('the OpenAPI document marks the deviations of adding guests (x-svc-deviation)', async () => {
      const paths = await servedPaths();
      expect(paths['/v2/bookings/{bookingUid}/guests'].post['x-svc-deviation']).toEqual([expect.stringMatching(/guests only, not among the attendees/)]);
    });

    it('"Validation › should return 400 when attempting to add duplicate guest email"', async () => {
      const response = await addGuests(['organizer.guest1@example.com'], user.key);
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    });
  });

  /**
   * Their caller is teamUser1 with the permissions guard switched off; here each call is made by the booking's
   * host at the time (teamUser1, then teamUser2), whom our rules let reassign (a plain member may not take
   * somebody else's booking).
   */
  describe(`${SPEC}/reassign-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Reassign bookings")`, () => {
    /** person() names each user by its label. */
    const reassignedTo = (who: Person, name: string) => ({ id: who.id, name, email: who.email });

    it('"should reassign round robin booking": {bookingUid, reassignedTo} the other host', async () => {
      const data = expectSuccess(await post(`/v2/bookings/${roundRobinBookingUid}/reassign`, undefined, teamUser1.key));
      expect(data).toEqual({ bookingUid: roundRobinBookingUid, reassignedTo: reassignedTo(teamUser2, 'reassign-bookings-user2') });
      expect(expectSuccess(await get(`/v2/bookings/${roundRobinBookingUid}`, teamUser2.key)).hosts[0].id).toBe(teamUser2.id);
    });

    it('"should reassign round robin booking to a specific user"', async () => {
      const body = {
        start: utc(2030, 0, 8, 13),
        attendee: { name: 'alice', email: 'alice@gmail.com', timeZone: 'Europe/Madrid', language: 'es' },
        meetingUrl: MEET,
      };
      const data = expectSuccess(await post(`/v2/bookings/${roundRobinBookingUid}/reassign/${teamUser1.id}`, body, teamUser2.key));
      expect(data).toEqual({ bookingUid: roundRobinBookingUid, reassignedTo: reassignedTo(teamUser1, 'reassign-bookings-user1') });
      expect(expectSuccess(await get(`/v2/bookings/${roundRobinBookingUid}`, teamUser1.key)).hosts[0].id).toBe(teamUser1.id);
    });

    // team-bookings.e2e-spec.ts: its create cases send the deprecated `meetingUrl` instead of a location and expect it back.
    it('team-bookings.e2e-spec.ts, "should create a team … booking" with meetingUrl: one host, the link as meetingUrl', async () => {
      const alice = { name: 'alice', email: 'alice@gmail.com', timeZone: 'Europe/Madrid', language: 'es' };
      const body = { start: utc(2040, 0, 9, 13), eventTypeId: roundRobinEventTypeId, attendee: alice, meetingUrl: MEET };
      const data = expectSuccess(await post('/v2/bookings', body), 201);
      expect(data).toMatchObject({ status: 'accepted', start: body.start, end: utc(2040, 0, 9, 14), duration: 60, meetingUrl: MEET, absentHost: false });
      expect(data.hosts).toHaveLength(1);
      expect(data.attendees).toEqual([{ ...alice, absent: false }]);
    });

    // Deviation (docs/compatibility.md, "Bookings", row 2): a plain member who is not the booking's host may not reassign it.
    it('(not in their spec) a plain member of the team who is not the host: 403', async () => {
      expect((await post(`/v2/bookings/${roundRobinBookingUid}/reassign/${teamUser2.id}`, {}, teamUser2.key)).status).toBe(403);
    });
  });

  describe(`${SPEC}/team-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Team bookings")`, () => {
    /** person() names each user by its label. */
    const names = new Map<number, string>();
    beforeAll(() => {
      names.set(teamUser1.id, 'reassign-bookings-user1');
      names.set(teamUser2.id, 'reassign-bookings-user2');
    });

    it('"should create a team 2 booking" (collective): one organizer in hosts, the other host listed among the attendees', async () => {
      const bob = { name: 'bob', email: 'bob@gmail.com', timeZone: 'Europe/Rome', language: 'it' };
      const body = { start: utc(2030, 0, 8, 10), eventTypeId: collectiveEventTypeId, attendee: bob, meetingUrl: MEET };
      const data = expectSuccess(await post('/v2/bookings', body), 201);
      expect(data).toMatchObject({ status: 'accepted', start: body.start, end: utc(2030, 0, 8, 11), duration: 60, meetingUrl: MEET, absentHost: false });
      expect(data.hosts).toHaveLength(1);
      const organizer = data.hosts[0].id;
      expect([teamUser1.id, teamUser2.id]).toContain(organizer);
      const other = organizer === teamUser1.id ? teamUser2 : teamUser1;
      expect(data.attendees).toEqual([
        { ...bob, absent: false },
        { name: names.get(other.id), email: other.email, timeZone: expect.any(String), language: expect.any(String), absent: false },
      ]);
      // The host reads it the same way.
      const read = expectSuccess(await get(`/v2/bookings/${data.uid}`, organizer === teamUser1.id ? teamUser1.key : teamUser2.key));
      expect(read.hosts.map((h: { id: number }) => h.id)).toEqual([organizer]);
      expect(read.attendees).toEqual(data.attendees);
    });
  });

  describe(`${SPEC}/booking-fields.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Booking fields")`, () => {
    const booking = (eventTypeId: number, bookingFieldsResponses?: Record<string, unknown>) => ({
      start: utc(2030, 0, 8, 13),
      eventTypeId,
      attendee: MR_PROPER,
      location: MEET,
      ...(bookingFieldsResponses ? { bookingFieldsResponses } : {}),
    });

    it('"make booking › should not be able to book an event type with custom required booking fields if they are missing in bookingFieldsResponses": 400', async () => {
      expect((await post('/v2/bookings', booking(eventTypeWithBookingFields.id))).status).toBe(400);
    });

    it('"make booking › should be able to book an event type with custom required booking fields"', async () => {
      const answers = { 'favorite-movie': 'lord of the rings', 'video-url': 'http://video-url.com' };
      const data = expectSuccess(await post('/v2/bookings', booking(eventTypeWithBookingFields.id, answers)), 201);
      expect(data.bookingFieldsResponses).toMatchObject(answers);
      expectSuccess(await post(`/v2/bookings/${data.uid}/cancel`, { cancellationReason: 'the slot is used again below' }));
    });

    /** Their messages; ours put the field's path before them (`bookingFieldsResponses.<slug>: …`, docs/compatibility.md). */
    it.each([
      ['test-phone', 12345, 'string', 'phone', 'number'],
      ['test-address', true, 'string', 'address', 'boolean'],
      ['test-text', 123, 'string', 'text', 'number'],
      ['test-number', '123', 'number', 'number', 'string'],
      ['test-textarea', { text: 'invalid' }, 'string', 'textarea', 'object'],
      ['test-boolean', 'true', 'boolean', 'boolean', 'string'],
      ['test-url', 12345, 'string', 'url', 'number'],
      ['test-multiemail', 'not-an-array@example.com', 'array', 'multiemail', 'string'],
      ['test-multiselect', 'not-an-array', 'array', 'multiselect', 'string'],
      ['test-checkbox', true, 'array', 'checkbox', 'boolean'],
      ['test-radio', true, 'string or number', 'radio', 'boolean'],
      ['test-select', true, 'string or number', 'select', 'boolean'],
    ])('"Booking Field Type Validation › should reject with 400 if \'%s\' …": its message', async (slug, value, expected, kind, received) => {
      const response = await post('/v2/bookings', booking(eventTypeWithBookingFieldsCustom.id, { [slug]: value }));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        `bookingFieldsResponses.${slug}: Invalid type for booking field '${slug}'. Expected type ${expected} (compatible with field type '${kind}'), but received ${received}.`,
      );
    });

    it.each([
      ['test-select', 'INVALID_DRINK', "Invalid option 'INVALID_DRINK' for booking field 'test-select'. Allowed options are: water, juice."],
      ['test-radio', 'INVALID_FRUIT_FOR_RADIO', "Invalid option 'INVALID_FRUIT_FOR_RADIO' for booking field 'test-radio'. Allowed options are: pineapple."],
      ['test-multiselect', ['apple', 'INVALID_FRUIT'], "One or more invalid options for booking field 'test-multiselect'. Allowed options are: apple, orange."],
      ['test-checkbox', ['blue', 'INVALID_COLOR'], "One or more invalid options for booking field 'test-checkbox'. Allowed options are: blue, red."],
    ])('"should throw BadRequestException for %s field with invalid option(s)": 400 with its message', async (slug, value, message) => {
      const response = await post('/v2/bookings', booking(eventTypeWithBookingFieldsCustom.id, { [slug]: value }));
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(`bookingFieldsResponses.${slug}: ${message}`);
    });
  });

  /**
   * Their seated event types belong to a user of its own; here too (`seatedUser`), so that "all seated bookings" are
   * that user's. Their "by-seat" cases (`GET /v2/bookings/by-seat/{seatUid}`) are not replayed: that path is not in
   * the reference document this API serves.
   */
  describe(`${SPEC}/seated-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Seated bookings")`, () => {
    const one = { name: 'Attendee One', email: 'seated-attendee-one@api.com', timeZone: 'Europe/Rome', language: 'it' };
    const two = { name: 'Attendee Two', email: 'seated-attendee-two@api.com', timeZone: 'Europe/Rome', language: 'it' };
    type Seat = { attendee: typeof one; codingLanguage: string; userId: string };
    /** Their SeatedAttendee: the seat's own answers (its name and the answers sent) and metadata, on its attendee. */
    const seatOf = ({ attendee, codingLanguage, userId }: Seat, seatUid: string) => ({
      ...attendee,
      absent: false,
      seatUid,
      bookingFieldsResponses: { name: attendee.name, codingLanguage },
      metadata: { userId },
    });
    const first: Seat = { attendee: one, codingLanguage: 'TypeScript', userId: '100' };
    const second: Seat = { attendee: two, codingLanguage: 'Rust', userId: '200' };
    let seated: any;
    let firstSeatUid: string;

    const book = async ({ attendee, codingLanguage, userId }: Seat, eventTypeId = seatedEventType.id, start = utc(2030, 0, 8, 13), key?: string) => {
      const body = { start, eventTypeId, attendee, bookingFieldsResponses: { codingLanguage }, metadata: { userId } };
      const data = expectSuccess(await post('/v2/bookings', body, key), 201);
      expect(data).toMatchObject({
        seatUid: expect.any(String),
        status: 'accepted',
        start: body.start,
        end: new Date(Date.parse(start) + 3_600_000).toISOString(),
        duration: 60,
        eventTypeId,
        absentHost: false,
      });
      expect(data.hosts[0].id).toBe(seatedUser.id);
      return data;
    };

    it('"should book an event type with seats for the first time": the seat on the answer and on its attendee, with its answers and metadata', async () => {
      seated = await book(first);
      firstSeatUid = seated.seatUid;
      expect(seated.eventType).toEqual({ id: seatedEventType.id, slug: seatedEventType.slug });
      expect(seated.attendees).toEqual([seatOf(first, firstSeatUid)]);
    });

    it('"should book an event type with seats for the second time": the same booking, two seats, each with its own answers', async () => {
      const data = await book(second);
      expect(data.uid).toBe(seated.uid);
      expect(data.seatUid).not.toBe(firstSeatUid);
      expect(data.attendees).toHaveLength(2);
      expect(data.attendees).toEqual(expect.arrayContaining([seatOf(first, firstSeatUid), seatOf(second, data.seatUid)]));
      seated = data;
    });

    it('"should get a booking for an event type with seats": as booked, the seats only on the attendees', async () => {
      const data = expectSuccess(await get(`/v2/bookings/${seated.uid}`, seatedUser.key));
      const { seatUid: _booked, ...expected } = seated;
      expect(data).not.toHaveProperty('seatUid');
      expect(data).toEqual(expected);
    });

    it('"should get all seated bookings": one', async () => {
      const data = expectSuccess(await get('/v2/bookings?sortCreated=asc', seatedUser.key));
      const { seatUid: _booked, ...expected } = seated;
      expect(data).toEqual([expected]);
    });

    describe('"get booking by seatUid with seatsShowAttendees disabled" (their bookings; read here by GET /v2/bookings/{bookingUid})', () => {
      let hidden: any;
      const three: Seat = { attendee: { ...two, name: 'Attendee Three', email: 'seated-attendee-three@api.com' }, codingLanguage: 'Rust', userId: '300' };

      it('"should book first seat …" and "should book second seat on same event type with seatsShowAttendees disabled": a booker sees no attendee, their seat is seatUid', async () => {
        hidden = await book(first, hiddenSeatsEventType.id, utc(2030, 0, 11, 13));
        expect(hidden.attendees).toEqual([]);
        const data = await book(three, hiddenSeatsEventType.id, utc(2030, 0, 11, 13));
        expect(data.uid).toBe(hidden.uid);
        expect(data.attendees).toEqual([]);
        // (Not in their spec) nor the first booker's answers, metadata or name anywhere: the booking's own fields are the seat's.
        expect(data).toMatchObject({
          bookingFieldsResponses: { name: 'Attendee Three', email: three.attendee.email, codingLanguage: 'Rust' },
          metadata: { userId: '300' },
        });
        expect(JSON.stringify(data)).not.toMatch(/Attendee One|seated-attendee-one|TypeScript/);
        hidden = { ...hidden, secondSeatUid: data.seatUid };
      });

      it('"should return all attendees when admin auth is provided": the host sees both seats', async () => {
        const data = expectSuccess(await get(`/v2/bookings/${hidden.uid}`, seatedUser.key));
        expect(data).toMatchObject({ id: hidden.id, uid: hidden.uid, eventTypeId: hiddenSeatsEventType.id });
        expect(data.attendees).toEqual([seatOf(first, hidden.seatUid), seatOf(three, hidden.secondSeatUid)]);
      });

      it("(not in their spec) the first booker's own location (an attendee phone) is not shown to the next booker; the host sees it", async () => {
        const phoneSeats = await operatorOf(stack).createEventType({
          title: 'seated attendee phone',
          slug: 'seated-attendee-phone',
          lengthInMinutes: 60,
          ownerId: seatedUser.id,
          locations: [{ type: 'attendeePhone' }],
          seats: { seatsPerTimeSlot: 5, showAttendeeInfo: false, showAvailabilityCount: false },
        });
        const start = utc(2030, 0, 10, 14);
        const seatBody = (who: Seat, phone: string) => ({
          start,
          eventTypeId: phoneSeats.id,
          attendee: who.attendee,
          location: { type: 'attendeePhone', phone },
        });
        const firstSeat = expectSuccess(await post('/v2/bookings', seatBody(first, '+441632960001')), 201);
        expect(firstSeat.location).toBe('+441632960001');
        const next = expectSuccess(await post('/v2/bookings', seatBody(three, '+441632960002')), 201);
        expect(next.uid).toBe(firstSeat.uid);
        expect({ location: next.location, meetingUrl: next.meetingUrl ?? null }).toEqual({ location: 'attendeePhone', meetingUrl: null });
        expect(JSON.stringify(next)).not.toContain('+441632960001');
        expect(expectSuccess(await get(`/v2/bookings/${firstSeat.uid}`, seatedUser.key)).location).toBe('+441632960001');
      });
    });

    describe('"book an event type with attendees disabled but auth provided"', () => {
      let booking: any;

      it('"should book an event type with attendees disabled and owner auth provided": the attendee shown', async () => {
        booking = await book(first, hiddenSeatsEventType.id, utc(2030, 0, 9, 14), seatedUser.key);
        expect(booking.attendees).toEqual([seatOf(first, booking.seatUid)]);
      });

      it('"should fetch booking and have attendees"', async () => {
        const data = expectSuccess(await get(`/v2/bookings/${booking.uid}`, seatedUser.key));
        expect(data).toMatchObject({ start: booking.start, end: booking.end, duration: 60, eventTypeId: hiddenSeatsEventType.id });
        expect(data.attendees).toEqual([seatOf(first, booking.seatUid)]);
      });

      // Deviation (docs/compatibility.md, "Bookings"): reading a booking needs a credential here (BOOKING_READ).
      it('"should fetch booking and not have attendees because no auth provided": 401 here', async () => {
        expect((await stack.rest('GET', `/v2/bookings/${booking.uid}`, { headers: BOOKINGS_VERSION })).status).toBe(401);
      });
    });

    it('"should not be able to reschedule seated booking if seatUid is not provided": 400 with their message', async () => {
      const response = await post(`/v2/bookings/${seated.uid}/reschedule`, { start: utc(2030, 0, 8, 15) });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(
        `seatUid: Booking with uid=${seated.uid} is a seated booking which means you have to provide seatUid in the request body to specify which seat specifically you want to reschedule. ` +
          'First, fetch the booking using GET /v2/bookings/{bookingUid} and then within the attendees array you will find the seatUid of the booking you want to reschedule. ' +
          'Second, provide the seatUid in the request body to specify which seat specifically you want to reschedule using POST /v2/bookings/{bookingUid}/reschedule',
      );
    });

    it('"should reschedule seated booking": only that seat moves, with its answers, to a booking of its own', async () => {
      const body = { start: utc(2030, 0, 8, 15), seatUid: seated.seatUid };
      const data = expectSuccess(await post(`/v2/bookings/${seated.uid}/reschedule`, body), 201);
      expect(data).toMatchObject({ seatUid: expect.any(String), status: 'accepted', start: body.start, end: utc(2030, 0, 8, 16), duration: 60 });
      expect(data.eventType).toEqual({ id: seatedEventType.id, slug: seatedEventType.slug });
      expect(data.attendees).toEqual([seatOf(second, data.seatUid)]);
      // The first seat stays where it was.
      expect(expectSuccess(await get(`/v2/bookings/${seated.uid}`, seatedUser.key)).attendees).toEqual([seatOf(first, firstSeatUid)]);
      seated = data;
    });

    it('"should return valid seatUid for subsequent reschedules": three moves in a row, each answer with its seat', async () => {
      const seat: Seat = { attendee: { ...one, name: 'Reschedule Test', email: 'reschedule-test@api.com' }, codingLanguage: 'Go', userId: '300' };
      let booking = await book(seat, seatedEventType.id, utc(2030, 0, 10, 10));
      for (const hour of [11, 12, 13]) {
        expect(booking.attendees[0].seatUid).toEqual(expect.any(String));
        booking = expectSuccess(
          await post(`/v2/bookings/${booking.uid}/reschedule`, { start: utc(2030, 0, 10, hour), seatUid: booking.attendees[0].seatUid }),
          201,
        );
        expect(booking).toMatchObject({ seatUid: expect.any(String), start: utc(2030, 0, 10, hour) });
        expect(booking.attendees).toEqual([seatOf(seat, booking.seatUid)]);
      }
    });

    it('the OpenAPI document marks the deliberate deviations of seated bookings (x-svc-deviation)', async () => {
      const paths = await servedPaths();
      const marks = (path: string, method: string): string[] => paths[path][method]['x-svc-deviation'] ?? [];
      expect(marks('/v2/bookings/{bookingUid}', 'get')).toEqual(
        expect.arrayContaining([expect.stringMatching(/401 without one/), expect.stringMatching(/displayEmail/)]),
      );
      expect(marks('/v2/bookings/{bookingUid}/reschedule', 'post')).toEqual(expect.arrayContaining([expect.stringMatching(/without seatUid/)]));
      expect(marks('/v2/bookings', 'post')).toEqual(expect.arrayContaining([expect.stringMatching(/displayEmail/)]));
    });

    it('the OpenAPI document marks the booking-field message and who reassigns (compatibility.md, Bookings rows 1 and 2)', async () => {
      const paths = await servedPaths();
      const marks = (path: string): string[] => paths[path].post['x-svc-deviation'] ?? [];
      expect(marks('/v2/bookings')).toEqual(expect.arrayContaining([expect.stringMatching(/booking-field answer of the wrong type/)]));
      for (const path of ['/v2/bookings/{bookingUid}/reassign', '/v2/bookings/{bookingUid}/reassign/{userId}'])
        expect({ path, marks: marks(path) }).toEqual({ path, marks: [expect.stringMatching(/host or an admin of its team or organization reassigns/)] });
    });

    it('"cancel seated booking as attendee › should cancel seated booking": its last seat cancelled, the booking is cancelled with no attendee', async () => {
      const data = expectSuccess(await post(`/v2/bookings/${seated.uid}/cancel`, { seatUid: seated.seatUid }));
      expect(data).toMatchObject({
        status: 'cancelled',
        start: seated.start,
        end: seated.end,
        duration: 60,
        eventTypeId: seatedEventType.id,
        absentHost: false,
      });
      expect(data.attendees).toEqual([]);
    });

    describe('"cancel seated booking as host"', () => {
      let hosted: any;

      it('"should book an event type with seats"', async () => {
        hosted = await book(first, seatedEventType.id, utc(2030, 0, 8, 14));
        expect(hosted.attendees).toEqual([seatOf(first, hosted.seatUid)]);
      });

      // Deviation (docs/compatibility.md, "Bookings"): their sentence after its field, as every 400 of this API.
      it('"should not be able to cancel without cancellation reason": 400, "Cancellation reason is required when you are the host"', async () => {
        const response = await post(`/v2/bookings/${hosted.uid}/cancel`, {}, seatedUser.key);
        expect(response.status).toBe(400);
        expect(response.body.error.message).toBe('cancellationReason: Cancellation reason is required when you are the host');
        // (Not in their spec) a seat cancelled by its host needs the reason too; nothing changed.
        expect((await post(`/v2/bookings/${hosted.uid}/cancel`, { seatUid: hosted.seatUid }, seatedUser.key)).status).toBe(400);
        expect(expectSuccess(await get(`/v2/bookings/${hosted.uid}`, seatedUser.key))).toMatchObject({
          status: 'accepted',
          attendees: [seatOf(first, hosted.seatUid)],
        });
      });

      it("(not in their spec; the reference document's cancel description) seatUid + cancellationReason from an attendee: only that seat leaves, the booking stays", async () => {
        const next = await book(second, seatedEventType.id, utc(2030, 0, 8, 14));
        expect(next.uid).toBe(hosted.uid);
        const data = expectSuccess(await post(`/v2/bookings/${hosted.uid}/cancel`, { seatUid: next.seatUid, cancellationReason: 'I cannot come' }));
        expect(data).toMatchObject({ uid: hosted.uid, status: 'accepted', attendees: [seatOf(first, hosted.seatUid)] });
      });

      it('"should cancel seated booking": every seat cancelled with the reason, no attendee left', async () => {
        const cancellationReason = 'I will be travelling without internet';
        const data = expectSuccess(await post(`/v2/bookings/${hosted.uid}/cancel`, { cancellationReason }, seatedUser.key));
        expect(data).toMatchObject({
          uid: hosted.uid,
          status: 'cancelled',
          start: hosted.start,
          end: hosted.end,
          duration: 60,
          eventTypeId: seatedEventType.id,
          eventType: { id: seatedEventType.id, slug: seatedEventType.slug },
          absentHost: false,
          cancellationReason,
        });
        expect(data.hosts[0].id).toBe(seatedUser.id);
        expect(data.attendees).toEqual([]);
      });
    });
  });

  /**
   * organizations/bookings/organizations-bookings.controller.e2e-spec.ts ("Organization bookings"). Their org users
   * are OWNERs of the organization; the one who reads is the second. Their bookings are made 7 days ahead; here on a
   * Monday of 2050, inside the Rome office hours every fixture schedule of this file has.
   */
  describe('organizations-bookings.controller.e2e-spec.ts ("Organization bookings")', () => {
    let org: { id: number };
    let orgUser: Person;
    let orgUser2: Person;
    let nonOrgUser: Person;
    let orgEventTypeId: number;
    let orgEventTypeId2: number;
    let nonOrgEventTypeId: number;
    let team1Id: number;
    const at = (hour: number) => utc(2050, 0, 10, hour);
    const alice = { name: 'alice', email: 'alice@gmail.com', timeZone: 'Europe/London', language: 'es' };
    const orgBookings = (query: string) => stack.rest('GET', `/v2/organizations/${org.id}/bookings${query}`, { key: orgUser2.key, headers: BOOKINGS_VERSION });
    const eventTypeIdsOf = (data: Array<{ eventTypeId: number }>) => data.map((b) => b.eventTypeId).sort((a, b) => a - b);
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

    beforeAll(async () => {
      const operator = operatorOf(stack);
      // One after the other: a collective booking's organizer is its first host, by user id, as theirs is the first host made.
      orgUser = await person(stack, 'org-user-1-bookings');
      [orgUser2, nonOrgUser] = await Promise.all(['org-user-2-bookings', 'non-org-user-1-bookings'].map((l) => person(stack, l)));
      org = await operator.createOrganization({ name: 'organization bookings' });
      const team1 = await operator.createTeam({ name: 'team orgs booking 1', orgId: org.id });
      team1Id = team1.id;
      await Promise.all([
        ...[orgUser, orgUser2, nonOrgUser].map((who) => operator.createSchedule({ ownerId: who.id, name: 'schedule', isDefault: true, ...ROME_OFFICE })),
        operator.addMember({ teamId: org.id, userId: orgUser.id, role: MembershipRole.OWNER }),
        operator.addMember({ teamId: org.id, userId: orgUser2.id, role: MembershipRole.OWNER }),
      ]);
      await Promise.all([
        operator.addMember({ teamId: team1.id, userId: orgUser.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: team1.id, userId: orgUser2.id, role: MembershipRole.OWNER }),
      ]);
      const [collective, roundRobin, nonOrg] = await Promise.all([
        operator.createEventType({
          title: 'Collective Event Type',
          slug: 'org-bookings-collective-event-type',
          lengthInMinutes: 60,
          teamId: team1.id,
          hostIds: [orgUser.id, orgUser2.id],
          schedulingType: 'collective',
        }),
        operator.createEventType({
          title: 'Collective Event Type',
          slug: 'org-bookings-round-robin-event-type',
          lengthInMinutes: 60,
          teamId: team1.id,
          hostIds: [orgUser2.id],
          schedulingType: 'roundRobin',
        }),
        operator.createEventType({ title: 'Non Org Event Type', slug: 'non-org-event-type', lengthInMinutes: 60, ownerId: nonOrgUser.id }),
      ]);
      [orgEventTypeId, orgEventTypeId2, nonOrgEventTypeId] = [collective.id, roundRobin.id, nonOrg.id];
    });

    const create = async (eventTypeId: number, hour: number, attendee: Record<string, string>) => {
      const body = { start: at(hour), eventTypeId, attendee, meetingUrl: MEET };
      return expectSuccess(await stack.rest('POST', '/v2/bookings', { body, headers: BOOKINGS_VERSION }), 201);
    };

    it('"should create an collective organization booking": the first host organizes, the second is among the attendees', async () => {
      const data = await create(orgEventTypeId, 9, alice);
      expect(data).toMatchObject({
        status: 'accepted',
        start: at(9),
        end: at(10),
        duration: 60,
        eventTypeId: orgEventTypeId,
        meetingUrl: MEET,
        absentHost: false,
      });
      expect(data.hosts.map((h: { id: number }) => h.id)).toEqual([orgUser.id]);
      expect(data.attendees).toHaveLength(2);
      expect(data.attendees[0]).toEqual({ ...alice, absent: false });
    });

    it('"should create a round robin organization booking": its one host', async () => {
      const data = await create(orgEventTypeId2, 10, alice);
      expect(data).toMatchObject({
        status: 'accepted',
        start: at(10),
        end: at(11),
        duration: 60,
        eventTypeId: orgEventTypeId2,
        meetingUrl: MEET,
        absentHost: false,
      });
      expect(data.hosts.map((h: { id: number }) => h.id)).toEqual([orgUser2.id]);
      expect(data.attendees).toEqual([{ ...alice, absent: false }]);
    });

    it('"should create a non organization booking for org-user-1" and "… for org-user-2": the organization\'s people book an outsider', async () => {
      for (const [who, hour] of [
        [orgUser, 11],
        [orgUser2, 12],
      ] as const) {
        const attendee = { name: who.username, email: who.email, timeZone: 'Europe/London', language: 'en' };
        const data = await create(nonOrgEventTypeId, hour, attendee);
        expect(data.hosts.map((h: { id: number }) => h.id)).toEqual([nonOrgUser.id]);
        expect(data.attendees).toEqual([{ ...attendee, absent: false }]);
      }
    });

    // The real service's organization bookings also hold the bookings its members made as attendees of outsiders'
    // event types (their 4, 2, 4, 3, 2, 1, 3 below); ours are the bookings the organization hosts: its teams' event
    // types and its members' own (docs/compatibility.md, "organization bookings are the ones it hosts").
    it('"should get bookings by organizationId": 4 there (2 of them an outsider\'s), the 2 the organization hosts here', async () => {
      expect(eventTypeIdsOf(expectSuccess(await orgBookings('')))).toEqual(sorted(orgEventTypeId, orgEventTypeId2));
    });

    it('"should get bookings by organizationId" (userIds of org-user-1): 2 there, the collective booking it organizes here', async () => {
      expect(eventTypeIdsOf(expectSuccess(await orgBookings(`?userIds=${orgUser.id}`)))).toEqual([orgEventTypeId]);
    });

    it('"should get bookings by organizationId and userIds" (both, skip=0&take=250): 4 there, 2 here', async () => {
      const data = expectSuccess(await orgBookings(`?userIds=${orgUser.id},${orgUser2.id}&skip=0&take=250`));
      expect(eventTypeIdsOf(data)).toEqual(sorted(orgEventTypeId, orgEventTypeId2));
    });

    it('"should get bookings by organizationId and userId" (org-user-2): 3 there; here the round robin booking and the collective one it co-hosts', async () => {
      expect(eventTypeIdsOf(expectSuccess(await orgBookings(`?userIds=${orgUser2.id}`)))).toEqual(sorted(orgEventTypeId, orgEventTypeId2));
    });

    // docs/compatibility.md, Bookings: "…?userIds= naming a user id that does not exist".
    it('"should fail to get bookings by organizationId and Id of a user that does not exist": 400 there, 403 here (as for any user outside the organization)', async () => {
      const refused = await orgBookings('?userIds=972930');
      expect({ status: refused.status, message: refused.body.error?.message }).toEqual({
        status: 403,
        message: 'userIds: 972930 is not a member of the organization',
      });
    });

    it('"should fail to get bookings by organizationId and Id of a user that does not belong to the org": 403', async () => {
      expect((await orgBookings(`?userIds=${nonOrgUser.id}`)).status).toBe(403);
    });

    it('"should get bookings by organizationId and non org event-type id": 2 there, none here (the outsider hosts them)', async () => {
      expect(expectSuccess(await orgBookings(`?eventTypeIds=${nonOrgEventTypeId}`))).toEqual([]);
    });

    it('"should get bookings by organizationId and org event-type id": 1', async () => {
      expect(eventTypeIdsOf(expectSuccess(await orgBookings(`?eventTypeIds=${orgEventTypeId}`)))).toEqual([orgEventTypeId]);
    });

    it('"should get bookings by organizationId and org + non org event-type ids": 3 there, the organization\'s 1 here', async () => {
      expect(eventTypeIdsOf(expectSuccess(await orgBookings(`?eventTypeIds=${orgEventTypeId2},${nonOrgEventTypeId}`)))).toEqual([orgEventTypeId2]);
    });

    // organizations/users/bookings/controllers/organizations-users-bookings.e2e-spec.ts ("get bookings"), for org-user-2 here:
    // the bookings it hosts or co-hosts in the organization (theirs: 3 of their user), with the list's pagination.
    it('"should get individual and team organization user bookings": the user\'s bookings and the pagination of one page', async () => {
      const response = await stack.rest('GET', `/v2/organizations/${org.id}/users/${orgUser2.id}/bookings`, { key: orgUser2.key, headers: BOOKINGS_VERSION });
      const data = expectSuccess(response);
      expect(eventTypeIdsOf(data)).toEqual(sorted(orgEventTypeId, orgEventTypeId2));
      expect(response.body.pagination).toEqual({
        totalItems: data.length,
        remainingItems: 0,
        returnedItems: data.length,
        itemsPerPage: 100,
        currentPage: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    });

    /**
     * organizations/teams/bookings/organizations-teams-bookings.controller.e2e-spec.ts ("Organizations TeamsBookings
     * Endpoints"), on this organization's team: its bookings are the ones made above (theirs: one); their platform
     * client reads; here the team's OWNER, with an API key.
     */
    describe('organizations-teams-bookings.controller.e2e-spec.ts (get team bookings)', () => {
      const teamBookings = (teamId: number, query = '') =>
        stack.rest('GET', `/v2/organizations/${org.id}/teams/${teamId}/bookings${query}`, { key: orgUser2.key, headers: BOOKINGS_VERSION });

      it('"should get bookings by teamId": the team\'s event types\' bookings only', async () => {
        expect(eventTypeIdsOf(expectSuccess(await teamBookings(team1Id)))).toEqual(sorted(orgEventTypeId, orgEventTypeId2));
      });

      it('"should get bookings by teamId and eventTypeId"', async () => {
        expect(eventTypeIdsOf(expectSuccess(await teamBookings(team1Id, `?eventTypeId=${orgEventTypeId}`)))).toEqual([orgEventTypeId]);
      });

      it('"should not get bookings by teamId and non existing eventTypeId": 400 naming it (also for an event type of somebody else)', async () => {
        expectErrorEnvelope(
          await teamBookings(team1Id, '?eventTypeId=90909'),
          400,
          'BAD_REQUEST',
          `eventTypeId: 90909 is not an event type of team ${team1Id}`,
        );
        expectErrorEnvelope(
          await teamBookings(team1Id, `?eventTypeIds=${orgEventTypeId},${nonOrgEventTypeId}`),
          400,
          'BAD_REQUEST',
          `eventTypeIds: ${nonOrgEventTypeId} is not an event type of team ${team1Id}`,
        );
      });

      it('"should not get bookings by non existing teamId": 404', async () => {
        expect((await teamBookings(90909)).status).toBe(404);
      });
    });
  });

  /**
   * organizations/bookings/managed-organizations-bookings.controller.e2e-spec.ts ("Organizations Bookings Endpoints
   * 2024-08-13 › Manager and managed organizations bookings"). Their fixtures write both organizations, the link between
   * them, the users (as their platform client's), the event types and the bookings. Here the operator makes the manager
   * organization and its people; its OWNER makes the managed organization (POST …/organizations, which answers its API
   * key) and the manager's platform client (approved by the operator); the bookings are booked. Their OWNER of the manager
   * is also OWNER of the managed organization; here its owner is the API user of that key (docs/decisions.md, "Managed
   * organizations"). Bookings on Tuesday to Thursday, 11–13 January 2050, in the file's Rome office hours.
   */
  describe('managed-organizations-bookings.controller.e2e-spec.ts ("Manager and managed organizations bookings")', () => {
    let managerOrgUser1: Person;
    let managerOrgUser2: Person;
    let nonOrgUser1: Person;
    let managedOrgUser: Person;
    let managerOrganization: { id: number };
    let managedOrganization: { id: number; apiKey: string };
    let client: { id: string; secret: string };
    let managerOrgEventTypeId: number;
    let managedOrgEventTypeId: number;
    let nonOrgEventTypeId: number;
    const bookingsOf = (org: { id: number }, credential: { key?: string; headers?: Record<string, string> }, query = '') =>
      stack.rest('GET', `/v2/organizations/${org.id}/bookings${query}`, { key: credential.key, headers: { ...BOOKINGS_VERSION, ...credential.headers } });
    const asClient = () => ({ headers: { 'x-svc-client-id': client.id, 'x-svc-secret-key': client.secret } });
    const eventTypeIdsOf = (data: Array<{ eventTypeId: number }>) => data.map((b) => b.eventTypeId).sort((a, b) => a - b);

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [managerOrgUser1, managerOrgUser2, nonOrgUser1, managedOrgUser] = await Promise.all(
        ['manager-org-user-1-bookings', 'manager-org-user-2-bookings', 'non-org-user-1-bookings', 'managed-org-user-1-bookings'].map((l) => person(stack, l)),
      );
      managerOrganization = await operator.createOrganization({ name: 'organization bookings manager' });
      const managerOrgTeam1 = await operator.createTeam({ name: 'team orgs booking 1', orgId: managerOrganization.id });
      await Promise.all([
        ...[managerOrgUser1, managerOrgUser2, nonOrgUser1, managedOrgUser].map((who) =>
          operator.createSchedule({ ownerId: who.id, name: 'working time', isDefault: true, ...ROME_OFFICE }),
        ),
        operator.addMember({ teamId: managerOrganization.id, userId: managerOrgUser1.id, role: MembershipRole.OWNER }),
        operator.addMember({ teamId: managerOrganization.id, userId: managerOrgUser2.id, role: MembershipRole.MEMBER }),
      ]);
      await operator.addMember({ teamId: managerOrgTeam1.id, userId: managerOrgUser2.id, role: MembershipRole.MEMBER });
      const made = await stack.rest('POST', `/v2/organizations/${managerOrganization.id}/organizations`, {
        key: managerOrgUser1.key,
        body: { name: 'organization bookings managed' },
      });
      managedOrganization = expectSuccess(made, 201);
      const managedOrgTeam1 = await operator.createTeam({ name: 'managed org team 1', orgId: managedOrganization.id });
      await operator.addMember({ teamId: managedOrganization.id, userId: managedOrgUser.id, role: MembershipRole.MEMBER });
      await operator.addMember({ teamId: managedOrgTeam1.id, userId: managedOrgUser.id, role: MembershipRole.MEMBER });
      const registered = expectSuccess(
        await stack.rest('POST', '/v2/oauth-clients', {
          key: managerOrgUser1.key,
          body: { name: 'name', redirectUris: ['http://localhost:5555'], permissions: ['ORG_BOOKING_READ'] },
        }),
        201,
      );
      const collective = { title: 'Collective Event Type', lengthInMinutes: 60, schedulingType: 'collective' };
      const [managerEventType, managedEventType, nonOrgEventType] = await Promise.all([
        operator.createEventType({
          ...collective,
          slug: 'manager-org-bookings-collective-event-type',
          teamId: managerOrgTeam1.id,
          hostIds: [managerOrgUser2.id],
        }),
        operator.createEventType({
          ...collective,
          slug: 'managed-org-bookings-collective-event-type',
          teamId: managedOrgTeam1.id,
          hostIds: [managedOrgUser.id],
        }),
        operator.createEventType({ title: 'Non Org Event Type', slug: 'non-org-event-type', lengthInMinutes: 60, ownerId: nonOrgUser1.id }),
        operator.reviewOAuthClient(registered.clientId, OAuthClientDecision.APPROVE),
      ]);
      client = { id: registered.clientId, secret: registered.clientSecret };
      [managerOrgEventTypeId, managedOrgEventTypeId, nonOrgEventTypeId] = [managerEventType.id, managedEventType.id, nonOrgEventType.id];
      const book = async (eventTypeId: number, day: number, attendee: Record<string, string>) =>
        expectSuccess(
          await stack.rest('POST', '/v2/bookings', { body: { start: utc(2050, 0, day, 13), eventTypeId, attendee }, headers: BOOKINGS_VERSION }),
          201,
        );
      await Promise.all([
        book(managerOrgEventTypeId, 12, { name: 'alice', email: 'alice@gmail.com', timeZone: 'Europe/Madrid', language: 'es' }),
        book(nonOrgEventTypeId, 11, { name: managerOrgUser2.username, email: managerOrgUser2.email, timeZone: 'Europe/Madrid', language: 'en' }),
        book(managedOrgEventTypeId, 13, { name: 'charlie', email: 'charlie@gmail.com', timeZone: 'Europe/Madrid', language: 'en' }),
      ]);
    });

    // docs/compatibility.md, Bookings: "which bookings are the organization's" — the outsider's booking that org-user-2
    // attends is not the organization's here.
    it('"get manager organization bookings › should get bookings by organizationId for manager organization" (their client): 2 there, the 1 it hosts here', async () => {
      expect(eventTypeIdsOf(expectSuccess(await bookingsOf(managerOrganization, asClient())))).toEqual([managerOrgEventTypeId]);
    });

    it('"get manager organization bookings › should get bookings by organizationId and userId" (org-user-2, as the OWNER): 2 there, 1 here', async () => {
      const data = expectSuccess(await bookingsOf(managerOrganization, { key: managerOrgUser1.key }, `?userIds=${managerOrgUser2.id}`));
      expect(eventTypeIdsOf(data)).toEqual([managerOrgEventTypeId]);
    });

    // Deviation (docs/compatibility.md, "Managed organizations"): the managing organization does not read the managed
    // organization's data; the managed organization's own key does.
    it('"get managed organization bookings › should get bookings by organizationId for managed organization": 403 for the manager\'s client and owner; its 1 booking with its own key', async () => {
      expect((await bookingsOf(managedOrganization, asClient())).status).toBe(403);
      expect((await bookingsOf(managedOrganization, { key: managerOrgUser1.key })).status).toBe(403);
      const data = expectSuccess(await bookingsOf(managedOrganization, { key: managedOrganization.apiKey }));
      expect(eventTypeIdsOf(data)).toEqual([managedOrgEventTypeId]);
    });

    it('the OpenAPI document marks the deviation on the organization bookings list and on creating a managed organization', async () => {
      const paths = await servedPaths();
      const managerIsNotMember = expect.stringMatching(/not members of an organization it manages/);
      expect(paths['/v2/organizations/{orgId}/bookings'].get['x-svc-deviation']).toContainEqual(managerIsNotMember);
      expect(paths['/v2/organizations/{orgId}/organizations'].post['x-svc-deviation']).toContainEqual(managerIsNotMember);
    });
  });

  describe(`${SPEC}/recurring-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13")`, () => {
    const series = (start: string, eventTypeId: number, extra: Record<string, unknown> = {}) =>
      post('/v2/bookings', { start, eventTypeId, attendee: MR_PROPER_RECURRING, location: MEET, ...extra });
    /** Their assertions on each occurrence, one week apart from the first (their attendee's displayEmail aside: see docs/compatibility.md). */
    function expectWeekly(data: any[], eventTypeId: number, first: [number, number, number, number], count: number) {
      expect(data).toHaveLength(count);
      const [year, month, day, hour] = first;
      data.forEach((occurrence, i) => {
        expect(occurrence).toMatchObject({
          id: expect.any(Number),
          uid: expect.any(String),
          status: 'accepted',
          start: utc(year, month, day + 7 * i, hour),
          end: utc(year, month, day + 7 * i, hour + 1),
          duration: 60,
          eventTypeId,
          location: MEET,
          recurringBookingUid: expect.any(String),
          absentHost: false,
        });
        expect(occurrence.hosts[0].id).toBe(replays.recurringHost.id);
        expect(occurrence.attendees[0]).toEqual({ ...MR_PROPER_RECURRING, absent: false });
      });
    }

    it('"Creating recurring bookings › should not create recurring booking with recurrenceCount larger than event type recurrence count": 400', async () => {
      expect((await series(utc(2030, 1, 4, 13), replays.weeklyOf3, { recurrenceCount: 1000 })).status).toBe(400);
    });

    it('"Creating recurring bookings › should create a recurring booking with recurrenceCount smaller than event type recurrence count": 2 weekly', async () => {
      expectWeekly(expectSuccess(await series(utc(2030, 1, 4, 13), replays.weeklyOf3, { recurrenceCount: 2 }), 201), replays.weeklyOf3, [2030, 1, 4, 13], 2);
    });

    it('"Creating recurring bookings › should create a recurring booking with recurrenceCount equal to event type recurrence count": 3 weekly (their afterEach frees February; here March)', async () => {
      const data = expectSuccess(await series(utc(2030, 2, 4, 13), replays.weeklyOf3, { recurrenceCount: 3 }), 201);
      expectWeekly(data, replays.weeklyOf3, [2030, 2, 4, 13], 3);
      expect(data[0].meetingUrl).toBe(MEET);
    });

    it('"Creating daily recurring bookings": not replayable, a daily recurrence is a 400 naming recurrence.frequency (the reference has weekly, monthly, yearly; their fixture writes the row)', async () => {
      const body = { title: 'daily', slug: 'daily-recurring-bookings', lengthInMinutes: 60, recurrence: { frequency: 'daily', interval: 1, occurrences: 3 } };
      const response = await stack.rest('POST', '/v2/event-types', { key: replays.recurringHost.key, body, headers: { 'svc-api-version': '2024-06-14' } });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^recurrence\.frequency/);
    });

    describe('"Recurring bookings cancel all subsequent bookings" (April 2030 here: their afterEach frees February)', () => {
      let booked: any[];

      it('"should create a recurring booking": 4', async () => {
        booked = expectSuccess(await series(utc(2030, 3, 1, 13), replays.weeklyOf4), 201);
        expectWeekly(booked, replays.weeklyOf4, [2030, 3, 1, 13], 4);
      });

      it('"should cancel all recurrences after a specific recurrence": the third and fourth', async () => {
        const data = expectSuccess(await post(`/v2/bookings/${booked[2].uid}/cancel`, { cancelSubsequentBookings: true }));
        const statusOf = (list: any[]) => booked.map((b) => list.find((o: any) => o.uid === b.uid)?.status);
        expect(data).toHaveLength(4);
        expect(statusOf(data)).toEqual(['accepted', 'accepted', 'cancelled', 'cancelled']);
        const stored = expectSuccess(await get(`/v2/bookings/${booked[0].recurringBookingUid}`, replays.recurringHost.key));
        expect(statusOf(stored)).toEqual(['accepted', 'accepted', 'cancelled', 'cancelled']);
      });
    });

    describe('"Recurring bookings cancel all remaining bookings (bookings with start time greater than this moment)"', () => {
      let booked: any[];

      it('"should create a recurring booking": 4', async () => {
        booked = expectSuccess(await series(utc(2040, 1, 3, 13), replays.weeklyOf4), 201);
        expect(booked).toHaveLength(4);
      });

      it('"should cancel all remaining recurrences": the uid of the series, no body', async () => {
        const data = expectSuccess(await post(`/v2/bookings/${booked[0].recurringBookingUid}/cancel`, undefined));
        expect(data).toHaveLength(4);
        expect(data.map((b: any) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
      });
    });
  });

  describe(`${SPEC}/reserved-slot-bookings.e2e-spec.ts ("Reserved Slot Bookings Endpoints 2024-08-13 › reservedSlotUid functionality › POST /v2/bookings")`, () => {
    const reserve = async (eventTypeId: number, slotStart: string) =>
      expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId, slotStart } }), 201).reservationUid as string;
    const attendee = () => ({ name: 'Test Attendee', email: `reserved-slot-test-${Math.random().toString(36).slice(2)}@example.com`, timeZone: 'Europe/Rome' });
    const book = (eventTypeId: number, start: string, options: { body?: Record<string, unknown>; cookie?: string }) =>
      stack.rest('POST', '/v2/bookings', {
        body: { start, eventTypeId, attendee: attendee(), ...options.body },
        headers: { ...BOOKINGS_VERSION, ...(options.cookie ? { cookie: options.cookie } : {}) },
      });
    /** "Verify the selected slot was removed": the reservation is gone. */
    const expectGone = async (uid: string) => expect((await stack.rest('GET', `/v2/slots/reservations/${uid}`)).status).toBe(404);

    describe.each([
      ['normal event type', () => replays.reservable, 21, (data: any) => data.id],
      ['recurring event type (a week later here: the normal ones hold the 21st)', () => replays.reservableRecurring, 28, (data: any) => data[0].id],
    ])('"%s"', (_name, eventTypeId, day, firstId) => {
      it('"should create booking with reservedSlotUid from cookie and remove selected slot": the cookie is not read (deviation), the hold stands: 409', async () => {
        const start = `2040-05-${day}T09:00:00.000Z`;
        const uid = await reserve(eventTypeId(), start);
        const refused = await book(eventTypeId(), start, { cookie: `uid=${uid}` });
        expect(refused.status).toBe(409);
        expect(expectSuccess(await stack.rest('GET', `/v2/slots/reservations/${uid}`)).reservationUid).toBe(uid);
        expect(firstId(expectSuccess(await book(eventTypeId(), start, { body: { reservationUid: uid } }), 201))).toEqual(expect.any(Number));
        await expectGone(uid);
      });

      it('"should create booking with reservedSlotUid from request body and remove selected slot"', async () => {
        const start = `2040-05-${day + 1}T11:00:00.000Z`;
        const uid = await reserve(eventTypeId(), start);
        expect(firstId(expectSuccess(await book(eventTypeId(), start, { body: { reservedSlotUid: uid } }), 201))).toEqual(expect.any(Number));
        await expectGone(uid);
      });

      it('"should fail when trying to book with reservedSlotUid that is not first in line": the second hold is refused (422), a booking of the held slot is a 409', async () => {
        const start = `2040-05-${day}T13:00:00.000Z`;
        const first = await reserve(eventTypeId(), start);
        expect((await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: eventTypeId(), slotStart: start } })).status).toBe(422);
        const refused = await book(eventTypeId(), start, {});
        expect(refused.status).toBe(409);
        expect(refused.body.error.message).toMatch(/already taken/);
        expect(expectSuccess(await stack.rest('GET', `/v2/slots/reservations/${first}`)).reservationUid).toBe(first);
      });
    });

    it('(not in their spec) reservationUid and reservedSlotUid naming two reservations: 400 naming reservedSlotUid, both holds kept', async () => {
      const [first, second] = await Promise.all(['2040-05-23T09:00:00.000Z', '2040-05-23T11:00:00.000Z'].map((start) => reserve(replays.reservable, start)));
      const refused = await book(replays.reservable, '2040-05-23T09:00:00.000Z', { body: { reservationUid: first, reservedSlotUid: second } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/^reservedSlotUid: /);
      for (const uid of [first, second]) expect(expectSuccess(await stack.rest('GET', `/v2/slots/reservations/${uid}`)).reservationUid).toBe(uid);
    });
  });

  describe(`${SPEC}/booking-location.e2e-spec.ts ("Event types Endpoints › User Authenticated")`, () => {
    const createEventType = (body: Record<string, unknown>) =>
      stack.rest('POST', '/v2/event-types', {
        key: replays.locationHost.key,
        body: { title: 'Coding class', description: "Let's learn how to code like a pro.", lengthInMinutes: 60, ...body },
        headers: { 'svc-api-version': '2024-06-14' },
      });
    const bookAt = (eventTypeId: number, hour: number, extra: Record<string, unknown> = {}) =>
      post('/v2/bookings', { start: utc(2030, 1, 4, hour), eventTypeId, attendee: MR_PROPER, metadata: { userId: '1000' }, ...extra });
    const CAL_VIDEO = [{ type: 'integration', integration: 'cal-video' }];
    let defaultVideo: number;
    let explicitVideo: number;
    let addressed: number;
    const address = 'Via roma 10, Rome, Italy';

    it('"book an event type with cal video as default location › should create an event type with cal video as the default location"', async () => {
      const data = expectSuccess(await createEventType({ slug: 'coding-class-1' }), 201);
      expect(data.locations).toEqual([]); // deviation: no default location here
      defaultVideo = data.id;
    });

    it('"… › should book and have video call url as location": no location here (deviation: the event type has none)', async () => {
      const data = expectSuccess(await bookAt(defaultVideo, 13), 201);
      expect(data.location).toBe('');
      expect(data).not.toHaveProperty('meetingUrl');
      expect(data.metadata).toEqual({ userId: '1000' });
    });

    it('"… › should book with custom location"', async () => {
      const data = expectSuccess(await bookAt(defaultVideo, 14, { location: 'via roma 10' }), 201);
      expect(data).toMatchObject({ location: 'via roma 10', metadata: { userId: '1000' } });
      expect(data).not.toHaveProperty('meetingUrl'); // deviation: meetingUrl is a web address or absent
    });

    it('"book an event type with cal video as custom location › should create an event type by specifying location equal to cal video"', async () => {
      const data = expectSuccess(await createEventType({ slug: 'coding-class-2', locations: CAL_VIDEO }), 201);
      expect(data.locations).toEqual(CAL_VIDEO);
      explicitVideo = data.id;
    });

    it('"… › should book event type with cal video as custom location": the video URL in meetingUrl, location integrations:cal-video (deviation)', async () => {
      const data = expectSuccess(await bookAt(explicitVideo, 15), 201);
      expect(data.meetingUrl).toMatch(/^https?:\/\//);
      expect(data.location).toBe('integrations:cal-video');
      expect(data.metadata).toEqual({ userId: '1000' });
    });

    it('"book an event type with address location › should create an event type by specifying location equal to an address" (slug coding-class-3: their afterAll deleted coding-class-2)', async () => {
      const locations = [{ type: 'address', address, public: true }];
      const data = expectSuccess(await createEventType({ slug: 'coding-class-3', locations }), 201);
      expect(data.locations).toEqual(locations);
      addressed = data.id;
    });

    it('"… › should book event type with address" (the next day here: their afterAll deleted the 15:00 booking)', async () => {
      const data = expectSuccess(
        await post('/v2/bookings', { start: utc(2030, 1, 5, 15), eventTypeId: addressed, attendee: MR_PROPER, metadata: { userId: '1000' } }),
        201,
      );
      expect(data).toMatchObject({ location: address, metadata: { userId: '1000' } });
    });
  });

  describe(`${SPEC}/update-booking-location.e2e-spec.ts ("Bookings Endpoints 2024-08-13 update booking location › PATCH /v2/bookings/:bookingUid/location")`, () => {
    let hour = 8;
    /** Their createBooking: a booking of the 45-minute event type with a link as its location (each at its own hour here). */
    async function createBooking(location = `https://initial-${hour}.example.com`) {
      const body = {
        start: utc(2035, 0, 9, hour++),
        eventTypeId: replays.movable,
        attendee: { name: 'Update Location Booker', email: `update-location-booker-${hour}@example.com`, timeZone: 'Europe/Rome', language: 'en' },
        location,
        metadata: { integrationRequestId: `request-${hour}` },
      };
      return expectSuccess(await post('/v2/bookings', body), 201).uid as string;
    }
    const patch = (uid: string, body: unknown, key?: string) => stack.rest('PATCH', `/v2/bookings/${uid}/location`, { body, key, headers: BOOKINGS_VERSION });

    it('"should return 401 when updating location without authentication": their string body is a 400 first (deviation bodyBeforeRole), a valid one 401', async () => {
      const uid = await createBooking();
      expect((await patch(uid, { location: 'https://unauthenticated.example.com' })).status).toBe(400);
      expect((await patch(uid, { location: { type: 'attendeeDefined', location: 'https://unauthenticated.example.com' } })).status).toBe(401);
    });

    describe('"can update booking with different locations" (through …/location with the organizer\'s key)', () => {
      const ALL_LOCATIONS = [
        { type: 'integration', integration: 'cal-video' },
        { type: 'address', address: '123 Main St', public: true },
        { type: 'link', link: 'https://cal.com/join/123456', public: true },
        { type: 'phone', phone: '+37121999999', public: true },
        { type: 'attendeeAddress' },
        { type: 'attendeePhone' },
        { type: 'attendeeDefined' },
      ];
      let bookingUid: string;

      beforeAll(async () => {
        const created = await stack.rest('POST', '/v2/event-types', {
          key: replays.locationHost.key,
          body: { title: 'book using any location', slug: 'book-using-any-location', lengthInMinutes: 15, locations: ALL_LOCATIONS },
          headers: { 'svc-api-version': '2024-06-14' },
        });
        const eventType = expectSuccess(created, 201);
        expect(eventType.locations).toEqual(ALL_LOCATIONS);
        const booking = { start: '2048-08-14T09:00:00.000Z', eventTypeId: eventType.id, attendee: MR_PROPER };
        bookingUid = expectSuccess(await post('/v2/bookings', booking), 201).uid;
      });

      it.each([
        ['address', { type: 'address' }, '123 Main St'],
        ['link', { type: 'link' }, 'https://cal.com/join/123456'],
        ['phone', { type: 'phone' }, '+37121999999'],
        ['attendeeAddress', { type: 'attendeeAddress', address: '123 Example St, City, Valhalla' }, '123 Example St, City, Valhalla'],
        ['attendeePhone', { type: 'attendeePhone', phone: '+37120993151' }, '+37120993151'],
        ['attendeeDefined', { type: 'attendeeDefined', location: 'namek 100' }, 'namek 100'],
      ])('"can update location to type %s"', async (_type, location, expected) => {
        const data = expectSuccess(await patch(bookingUid, { location }, replays.locationHost.key));
        expect(data).toMatchObject({ id: expect.any(Number), location: expected });
      });
    });

    it('"should return booking unchanged when no location payload is provided"', async () => {
      const initial = 'https://initial-unchanged.example.com';
      const data = expectSuccess(await patch(await createBooking(initial), {}, replays.locationHost.key));
      expect(data.location).toBe(initial);
    });

    it('"should return 403 when unrelated user attempts to update booking location": 404 here (deviation)', async () => {
      const response = await patch(
        await createBooking(),
        { location: { type: 'attendeeDefined', location: 'https://non-organizer.example.com' } },
        replays.locationStranger.key,
      );
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    });

    it('"should return 400 when invalid location payload is provided"', async () => {
      const response = await patch(await createBooking(), { location: { type: 'invalid-location-type' } }, replays.locationHost.key);
      expect(response.status).toBe(400);
      expect(response.body.status).toBe('error');
    });
  });

  describe(`${SPEC}/confirm-bookings.e2e-spec.ts ("Bookings Endpoints 2024-08-13 › Bookings confirmation", as the host)`, () => {
    const act = (uid: string, action: 'confirm' | 'decline') => post(`/v2/bookings/${uid}/${action}`, undefined, replays.confirmingHost.key);

    it('"should confirm a booking": 200, the booking accepted, and it stays accepted', async () => {
      const data = expectSuccess(await act(replays.pendingToConfirm, 'confirm'));
      expect(Array.isArray(data)).toBe(false);
      expect(data).toMatchObject({ uid: replays.pendingToConfirm, status: 'accepted' });
      // Their read of the row: the booking as GET answers it.
      expect(expectSuccess(await get(`/v2/bookings/${replays.pendingToConfirm}`, replays.confirmingHost.key)).status).toBe('accepted');
    });

    it('"should decline a booking": 200, the booking rejected, and it stays rejected', async () => {
      const data = expectSuccess(await act(replays.pendingToDecline, 'decline'));
      expect(Array.isArray(data)).toBe(false);
      expect(data).toMatchObject({ uid: replays.pendingToDecline, status: 'rejected' });
      expect(expectSuccess(await get(`/v2/bookings/${replays.pendingToDecline}`, replays.confirmingHost.key)).status).toBe('rejected');
    });
  });

  describe('teams/bookings/teams-bookings.controller.e2e-spec.ts ("Teams Bookings Endpoints 2024-08-13 › Standalone team bookings", as the team owner)', () => {
    const list = async (query = '') => {
      const { owner, teamId } = replays.teamsBookings;
      const response = await get(`/v2/teams/${teamId}/bookings${query}`, owner.key);
      return { data: expectSuccess(response) as any[], pagination: response.body.pagination };
    };
    const times = (data: any[], field: 'start' | 'end' | 'createdAt') => data.map((booking) => new Date(booking[field]).getTime());
    const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1] <= value);

    describe('filters', () => {
      it('"should filter by single status": upcoming ones only', async () => {
        const { data } = await list('?status=upcoming');
        for (const start of times(data, 'start')) expect(start).toBeGreaterThan(Date.now());
      });

      it('"should filter by multiple statuses": each upcoming or past', async () => {
        const now = Date.now();
        const { data } = await list('?status=upcoming,past');
        for (const booking of data) expect(new Date(booking.start).getTime() > now || new Date(booking.end).getTime() < now).toBe(true);
      });

      it('"should get team bookings with eventTypeIds filter"', async () => {
        const { collective } = replays.teamsBookings;
        const { data } = await list(`?eventTypeIds=${collective}`);
        expect(data.length).toBeGreaterThanOrEqual(1);
        for (const booking of data) expect(booking.eventTypeId).toBe(collective);
      });

      it('"should filter by multiple eventTypeIds"', async () => {
        const { collective, roundRobin } = replays.teamsBookings;
        const { data } = await list(`?eventTypeIds=${collective},${roundRobin}`);
        expect(data.length).toBeGreaterThanOrEqual(2);
        for (const booking of data) expect([collective, roundRobin]).toContain(booking.eventTypeId);
      });

      it('"should filter by attendeeEmail"', async () => {
        const { data } = await list('?attendeeEmail=attendee@example.com');
        expect(data.length).toBeGreaterThanOrEqual(1);
        for (const booking of data) expect(booking.attendees.some((a: any) => a.email === 'attendee@example.com')).toBe(true);
      });

      it('"should filter by attendeeName"', async () => {
        const { data } = await list(`?attendeeName=${encodeURIComponent('Test Attendee')}`);
        expect(data.length).toBeGreaterThanOrEqual(1);
        for (const booking of data) expect(booking.attendees.some((a: any) => a.name === 'Test Attendee')).toBe(true);
      });

      it('"should filter by bookingUid": that one', async () => {
        const { collectiveBookingUid } = replays.teamsBookings;
        const { data } = await list(`?bookingUid=${collectiveBookingUid}`);
        expect(data.map((booking) => booking.uid)).toEqual([collectiveBookingUid]);
      });

      it('"should filter by date range (afterStart and beforeEnd)"', async () => {
        const { data } = await list(`?afterStart=${utc(2030, 0, 9, 0)}&beforeEnd=${utc(2030, 0, 12, 0)}`);
        expect(data.length).toBeGreaterThanOrEqual(2);
      });
    });

    describe('sorting', () => {
      it('"should sort by start ascending" and "…descending"', async () => {
        expect(ascending(times((await list('?sortStart=asc')).data, 'start'))).toBe(true);
        expect(ascending(times((await list('?sortStart=desc')).data, 'start').reverse())).toBe(true);
      });

      it('"should sort by end ascending"', async () => {
        expect(ascending(times((await list('?sortEnd=asc')).data, 'end'))).toBe(true);
      });

      it('"should sort by created ascending"', async () => {
        expect(ascending(times((await list('?sortCreated=asc')).data, 'createdAt'))).toBe(true);
      });
    });

    describe('pagination', () => {
      it('"should return paginated results with take parameter": one, with pagination', async () => {
        const { data, pagination } = await list('?take=1');
        expect(data).toHaveLength(1);
        expect(pagination).toBeDefined();
      });

      it('"should return paginated results with skip parameter": all but one', async () => {
        const all = (await list()).data;
        expect((await list('?skip=1')).data).toHaveLength(all.length - 1);
      });

      it('"should return paginated results with take and skip parameters"', async () => {
        const { data, pagination } = await list('?take=1&skip=1');
        expect(data).toHaveLength(1);
        expect(pagination).toBeDefined();
      });
    });
  });

  /**
   * The older version (no svc-api-version): apps/api/v2/src/ee/bookings/2024-04-15/controllers/bookings.controller.e2e-spec.ts.
   * Their app authenticates every request as their user (withApiAuth); here the user's API key is sent where they read
   * the user's bookings, and their creates are public calls as ours are. Their `POST /v2/bookings/recurring` ("should
   * create recurring bookings") is not a route of this API (nor of the reference document): not replayed.
   */
  describe('2024-04-15/controllers/bookings.controller.e2e-spec.ts ("Bookings Endpoints 2024-04-15 › User Authenticated")', () => {
    let olderUser: Person;
    let stranger: Person;
    let olderEventType: number;
    let authenticatedEventType: number;
    let created: any;
    let rescheduledAway: string;
    const legacy = (body: Record<string, unknown>, key?: string) => stack.rest('POST', '/v2/bookings', { body, key });
    /** Their body: a 60-minute booking from `start`, in London, with their metadata and responses. */
    const bodyAt = (start: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      eventTypeId: olderEventType,
      timeZone: 'Europe/London',
      language: 'en',
      metadata: { timeFormat: '12', meetingType: 'organizer-phone' },
      hashedLink: '',
      responses,
      ...extra,
    });
    const TESTER = { name: 'tester', email: 'tester@example.com', location: { value: 'link', optionValue: '' }, notes: 'test' };
    /** Their assertions on every booking answered: the host's e-mail as userPrimaryEmail, the rest as sent. */
    const expectBooked = (data: any, start: string, responses: Record<string, unknown>, metadata: Record<string, unknown>) =>
      expect(data).toMatchObject({
        userPrimaryEmail: olderUser.email,
        id: expect.any(Number),
        uid: expect.any(String),
        startTime: start,
        eventTypeId: olderEventType,
        user: { timeZone: 'Europe/London' },
        metadata,
        responses,
      });
    /** The operation of the older version (no svc-api-version suffix in its operationId) in the served document. */
    const olderOperation = async (path: string, method: 'get' | 'post') => {
      const primary = (await servedPaths())[path][method];
      return [primary, ...(primary['x-versions'] ?? [])].find((operation: any) => !/_\d{4}_\d{2}_\d{2}$/.test(operation.operationId));
    };

    beforeAll(async () => {
      [olderUser, stranger] = await Promise.all(['bookings-2024-04-15-user', 'unauthorized-user'].map((label) => person(stack, label)));
      const operator = operatorOf(stack);
      const slug = (name: string) => `${name}-${olderUser.id}`;
      [, olderEventType, authenticatedEventType] = await Promise.all([
        operator.createSchedule({ ownerId: olderUser.id, name: 'schedule', isDefault: true, ...ROME_OFFICE }),
        operator
          .createEventType({ title: 'bookings-2024-04-15-event-type', slug: slug('bookings-2024-04-15'), lengthInMinutes: 60, ownerId: olderUser.id })
          .then((made) => made.id),
        operator
          .createEventType({
            title: 'event-type-requiring-authentication',
            slug: slug('event-type-requiring-authentication'),
            lengthInMinutes: 60,
            ownerId: olderUser.id,
            bookingRequiresAuthentication: true,
          })
          .then((made) => made.id),
      ]);
    });

    it('"should create a booking": userPrimaryEmail, their location {value, optionValue} and responses as sent', async () => {
      const start = '2040-05-21T09:30:00.000Z';
      expectBooked(expectSuccess(await legacy(bodyAt(start, TESTER)), 201), start, TESTER, { timeFormat: '12', meetingType: 'organizer-phone' });
    });

    it('a guest that is not an e-mail address → 400 naming responses.guests[i], where the older body carries them', async () => {
      const start = '2040-05-22T09:30:00.000Z';
      expectErrorEnvelope(
        await legacy(bodyAt(start, { ...TESTER, guests: ['ok@example.com', 'not-an-email'] })),
        400,
        'BAD_REQUEST',
        /^responses\.guests\[1\]/,
      );
      // Nothing is booked: their "should get bookings" below still finds exactly their two.
    });

    it('"should fail to create a booking with no_available_users_found_error": 409 CONFLICT here (400 there), marked on the operation', async () => {
      expectErrorEnvelope(await legacy(bodyAt('2040-05-21T09:30:00.000Z', { ...TESTER, guests: [] })), 409, 'CONFLICT', /already taken/);
      expect((await olderOperation('/v2/bookings', 'post'))['x-svc-deviation']).toContainEqual(expect.stringMatching(/no_available_users_found_error/));
    });

    it('"should create a booking with api key to get owner id": guests [] echoed', async () => {
      const start = '2040-05-22T09:30:00.000Z';
      const responses = { ...TESTER, guests: [] };
      created = expectSuccess(await legacy(bodyAt(start, responses), olderUser.key), 201);
      expectBooked(created, start, responses, { timeFormat: '12', meetingType: 'organizer-phone' });
    });

    it('"should reschedule a booking › should reschedule with updated start time, end time & metadata": the metadata and responses sent replace the booking\'s', async () => {
      const start = '2040-05-21T12:30:00.000Z';
      const responses = { ...TESTER, guests: ['someone@example.com'] };
      const metadata = { timeFormat: '24', meetingType: 'attendee-phone' };
      const moved = expectSuccess(await legacy(bodyAt(start, responses, { rescheduleUid: created.uid, metadata })), 201);
      expectBooked(moved, start, responses, metadata);
      expect(moved.fromReschedule).toBe(created.uid);
      rescheduledAway = created.uid;
      created = moved;
    });

    it('"should get bookings" (filters[status]=upcoming): data.bookings, two', async () => {
      const listed = expectSuccess(await stack.rest('GET', '/v2/bookings?filters[status]=upcoming', { key: olderUser.key }));
      expect(listed.bookings).toHaveLength(2);
      expect(listed.bookings.find((booking: any) => booking.id === created.id)).toMatchObject({
        uid: created.uid,
        startTime: created.startTime,
        endTime: created.endTime,
        user: { email: olderUser.email },
      });
    });

    it('(not in their spec) their limit and cursor page the older list: nextCursor is the cursor of the next page, null on the last', async () => {
      const page = async (query: string) => expectSuccess(await stack.rest('GET', `/v2/bookings?filters[status]=upcoming&${query}`, { key: olderUser.key }));
      const first = await page('limit=1');
      expect([first.bookings.length, first.nextCursor]).toEqual([1, 1]);
      const second = await page(`limit=1&cursor=${first.nextCursor}`);
      expect([second.bookings.length, second.nextCursor]).toEqual([1, null]);
      expect(new Set([first.bookings[0].uid, second.bookings[0].uid]).size).toBe(2);
      const cancelled = expectSuccess(await stack.rest('GET', '/v2/bookings?filters[status]=cancelled', { key: olderUser.key }));
      expect(cancelled.bookings.map((booking: any) => booking.uid)).toEqual([rescheduledAway]);
      expect((await olderOperation('/v2/bookings', 'get'))['x-svc-deviation']).toContainEqual(
        expect.stringMatching(/without the real service's recurringInfo/),
      );
    });

    it('"should get booking"', async () => {
      expect(expectSuccess(await stack.rest('GET', `/v2/bookings/${created.uid}`, { key: olderUser.key }))).toMatchObject({
        id: created.id,
        uid: created.uid,
        eventTypeId: olderEventType,
        startTime: created.startTime,
      });
    });

    it('"should create a booking with split name": answered joined', async () => {
      const start = '2040-05-21T11:30:00.000Z';
      const responses = { ...TESTER, name: { firstName: 'John', lastName: 'Doe' } };
      const booked = expectSuccess(await legacy(bodyAt(start, responses)), 201);
      expectBooked(booked, start, { ...TESTER, name: 'John Doe' }, { timeFormat: '12', meetingType: 'organizer-phone' });
      expect(booked.attendees).toEqual([expect.objectContaining({ name: 'John Doe', email: 'tester@example.com' })]);
    });

    it("(not in their spec; managed-user-bookings.e2e-spec.ts's body) the attendee's place as {value: attendeeInPerson, optionValue}, a string location as before; an unknown value is a 400 naming it", async () => {
      const inRome = expectSuccess(
        await legacy(bodyAt('2040-05-24T09:30:00.000Z', { ...TESTER, location: { value: 'attendeeInPerson', optionValue: 'rome' } })),
        201,
      );
      expect(inRome.location).toBe('rome');
      const asText = expectSuccess(await legacy(bodyAt('2040-05-24T11:30:00.000Z', { ...TESTER, location: 'Via Roma 10' })), 201);
      expect([asText.location, asText.responses.location]).toEqual(['Via Roma 10', 'Via Roma 10']);
      const unknown = { ...TESTER, location: { value: 'carrierPigeon', optionValue: '' } };
      expectErrorEnvelope(await legacy(bodyAt('2040-05-24T13:30:00.000Z', unknown)), 400, 'BAD_REQUEST', /^responses\.location\.value must be one of /);
      expectErrorEnvelope(await legacy(bodyAt('2040-05-24T13:30:00.000Z', { ...TESTER, name: { lastName: 'Doe' } })), 400, 'BAD_REQUEST', /responses\.name/);
    });

    it("(not in their spec) hashedLink, their name of privateLinkId, books through the event type's private link: a link of one use is spent", async () => {
      const link = expectSuccess(
        await stack.rest('POST', `/v2/event-types/${olderEventType}/private-links`, { key: olderUser.key, body: { maxUsageCount: 1 } }),
        201,
      );
      const through = (start: string) => legacy(bodyAt(start, TESTER, { hashedLink: link.linkId }));
      expectSuccess(await through('2040-05-25T11:30:00.000Z'), 201);
      expectErrorEnvelope(await through('2040-05-25T13:30:00.000Z'), 409, 'CONFLICT', /private link has expired/);
    });

    describe('"event type booking requires authentication"', () => {
      const body = (start: string) => ({
        ...bodyAt(start, { name: 'External Attendee', email: 'external@example.com', location: { value: 'link', optionValue: '' } }),
        eventTypeId: authenticatedEventType,
        metadata: {},
      });

      it('"can\'t be booked without credentials": 401', async () => {
        expect((await legacy(body('2040-05-23T09:30:00.000Z'))).status).toBe(401);
      });

      it('"can\'t be booked with unauthorized user credentials": 403', async () => {
        expect((await legacy(body('2040-05-23T10:30:00.000Z'), stranger.key)).status).toBe(403);
      });

      it('"can be booked with event type owner credentials": 201', async () => {
        expect(expectSuccess(await legacy(body('2040-05-23T11:30:00.000Z'), olderUser.key), 201).id).toEqual(expect.any(Number));
      });
    });

    it('2024-04-15/controllers/reserved-slot-bookings.e2e-spec.ts, "should create booking with reservedSlotUid from request body and remove selected slot"', async () => {
      const start = '2040-05-25T09:30:00.000Z';
      const reserved = expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: olderEventType, slotStart: start } }), 201);
      const responses = { name: 'Test Attendee', email: 'reserved-slot-test@example.com' };
      expect(expectSuccess(await legacy(bodyAt(start, responses, { reservedSlotUid: reserved.reservationUid })), 201).id).toEqual(expect.any(Number));
      expect((await stack.rest('GET', `/v2/slots/reservations/${reserved.reservationUid}`)).status).toBe(404);
    });

    it('2024-04-15/controllers/reserved-slot-bookings.e2e-spec.ts, "should reschedule a booking with reservedSlotUid from request body and remove selected slot"', async () => {
      const responses = { name: 'Test Attendee Reschedule Body', email: 'reserved-slot-reschedule-body@example.com' };
      const booked = expectSuccess(await legacy(bodyAt('2040-05-28T09:30:00.000Z', responses)), 201);
      const start = '2040-05-29T09:30:00.000Z';
      const reserved = expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: olderEventType, slotStart: start } }), 201);
      // held, the time is taken for a move without the reservation
      expect((await legacy(bodyAt(start, responses, { rescheduleUid: booked.uid }))).status).toBe(409);
      const moved = expectSuccess(await legacy(bodyAt(start, responses, { rescheduleUid: booked.uid, reservedSlotUid: reserved.reservationUid })), 201);
      expect(moved).toMatchObject({ startTime: start, fromReschedule: booked.uid });
      expect((await stack.rest('GET', `/v2/slots/reservations/${reserved.reservationUid}`)).status).toBe(404);
    });
  });
});
