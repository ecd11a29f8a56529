import { hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
/** Their fixture's default schedule: Monday to Friday, 09:00–17:00 in Europe/Rome (UTC+2 in September). */
const ROME_OFFICE = { timeZone: 'Europe/Rome', availability: [{ days: WEEKDAYS, startTime: '09:00', endTime: '17:00' }] };
const DAYS = ['2050-09-05', '2050-09-06', '2050-09-07', '2050-09-08', '2050-09-09'];
/** A 60-minute event type in that schedule: one slot an hour, 07:00 to 14:00 UTC, each weekday. */
const HOURS_UTC = ['07', '08', '09', '10', '11', '12', '13', '14'];
const EXPECTED_SLOTS_UTC: Record<string, Array<{ start: string }>> = Object.fromEntries(
  DAYS.map((day) => [day, HOURS_UTC.map((hour) => ({ start: `${day}T${hour}:00:00.000Z` }))]),
);
const TAKEN = 'This time slot is already reserved by another user. Please choose a different time.';

/**
 * Conformance: GET /v2/slots and slot reservations, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/e2e/user-event-type-slots.controller.e2e-spec.ts
 * ("User event type slots"), cases named beside each. Their clock is mocked; ours is not, so the hold's end is
 * checked against the request's own time.
 */
describe('conformance: slots and reservations', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof hostWithSchedule>>;
  let teammate: Awaited<ReturnType<typeof userWithKey>>;
  let unrelated: Awaited<ReturnType<typeof userWithKey>>;
  let eventTypeId: number;
  let reserved: any;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [owner, teammate, unrelated] = await Promise.all([hostWithSchedule(stack, ROME_OFFICE), userWithKey(stack), userWithKey(stack)]);
    const [eventType, team] = await Promise.all([
      personalEventType(stack, owner.user.id, { lengthInMinutes: 60, slug: 'frisbee-match' }),
      operator.createTeam({ name: 'Slots team' }),
    ]);
    eventTypeId = eventType.id;
    await Promise.all([
      operator.addMember({ teamId: team.id, userId: owner.user.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: team.id, userId: teammate.user.id, role: MembershipRole.MEMBER }),
    ]);
  });
  afterAll(() => stack.stop());

  const slots = async () => expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${eventTypeId}&start=2050-09-05&end=2050-09-09`));
  const reserve = (body: Record<string, unknown>, key?: string) => stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId, ...body }, key });
  const without = (start: string) => ({ ...EXPECTED_SLOTS_UTC, '2050-09-05': EXPECTED_SLOTS_UTC['2050-09-05'].filter((slot) => slot.start !== start) });
  /** `reservationUntil` is `minutes` after the request (their clock is mocked to check it exactly). */
  async function expectHeldFor(minutes: number, request: () => Promise<any>) {
    const before = Date.now();
    const data = await request();
    const until = Date.parse(data.reservationUntil);
    expect(until).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + minutes * 60_000 + 1_000);
    return data;
  }

  it('"should get slots in UTC by event type id": five weekdays, 07:00–14:00 UTC', async () => {
    expect(await slots()).toEqual(EXPECTED_SLOTS_UTC);
  });

  it('"should reserve a slot and it should not appear in available slots"', async () => {
    const slotStart = '2050-09-05T10:00:00.000Z';
    reserved = await expectHeldFor(5, async () => expectSuccess(await reserve({ slotStart }), 201));
    expect(reserved.reservationDuration).toBe(5);
    expect(reserved).toEqual(
      expect.objectContaining({ reservationUid: expect.any(String), eventTypeId, slotStart, slotDuration: 60, slotEnd: '2050-09-05T11:00:00.000Z' }),
    );
    expect(await slots()).toEqual(without(slotStart));
  });

  it('"should get reserved slot": the reservation', async () => {
    const data = expectSuccess(await stack.rest('GET', `/v2/slots/reservations/${reserved.reservationUid}`));
    const { reservationUid, slotStart, slotEnd } = reserved;
    expect(data).toEqual(expect.objectContaining({ reservationUid, eventTypeId, slotStart, slotEnd }));
  });

  it.each([
    ['start of request slot overlaps already existing reserved slot', '2050-09-05T10:15:00.000Z'],
    ['end of request slot overlaps already existing reserved slot', '2050-09-05T09:45:00.000Z'],
    ['request slot is inside already existing reserved slot', '2050-09-05T10:10:00.000Z'],
  ])('"overlapping slot reservations › %s": 422 with their message', async (_name, slotStart) => {
    const response = await reserve({ slotStart });
    expect(response.status).toBe(422);
    expect(response.body.error.message).toBe(TAKEN);
  });

  it('"should update a reserved slot and it should not appear in available slots"', async () => {
    const slotStart = '2050-09-05T13:00:00.000Z';
    const update = () => stack.rest('PATCH', `/v2/slots/reservations/${reserved.reservationUid}`, { body: { eventTypeId, slotStart } });
    reserved = await expectHeldFor(5, async () => expectSuccess(await update()));
    expect(reserved).toEqual(expect.objectContaining({ eventTypeId, slotStart, slotDuration: 60, slotEnd: '2050-09-05T14:00:00.000Z' }));
    expect(reserved.reservationDuration).toBe(5);
    expect(await slots()).toEqual(without(slotStart));
  });

  it('"should delete reserved slot and it should not appear in available slots": every slot is back', async () => {
    expect((await stack.rest('DELETE', `/v2/slots/reservations/${reserved.reservationUid}`)).status).toBe(200);
    expect(await slots()).toEqual(EXPECTED_SLOTS_UTC);
  });

  it('"should not be able reserve a slot with custom duration if no auth is provided": 401', async () => {
    expect((await reserve({ slotStart: '2050-09-05T10:00:00.000Z', reservationDuration: 10 })).status).toBe(401);
  });

  it('"…if provided auth user is not owner of event type nor shares team membership with owner": 403', async () => {
    expect((await reserve({ slotStart: '2050-09-05T10:00:00.000Z', reservationDuration: 10 }, unrelated.key)).status).toBe(403);
  });

  it.each([
    ['should reserve a slot as event type owner with custom duration and it should not appear in available slots', () => owner.key],
    ['should reserve a slot as someone who shares team with event type owner with custom duration…', () => teammate.key],
  ])('"%s"', async (_name, key) => {
    const slotStart = '2050-09-05T10:00:00.000Z';
    const data = await expectHeldFor(10, async () => expectSuccess(await reserve({ slotStart, reservationDuration: 10 }, key()), 201));
    expect(await slots()).toEqual(without(slotStart));
    expect((await stack.rest('DELETE', `/v2/slots/reservations/${data.reservationUid}`)).status).toBe(200);
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-04-15/controllers/slots.controller.e2e-spec.ts ("Slots 2024-04-15 Endpoints ›
   * Individual user slots"): a user with their fixture's Rome office hours, a 60-minute event type and a seated one (5
   * seats, attendees and availability count shown), asked through the older GET /v2/slots/available. Their
   * POST /v2/slots/reserve and DELETE /v2/slots/selected-slot are not in the reference document and not served: the
   * reservation case holds and frees the slot through /v2/slots/reservations, which the same slots answer must honour.
   */
  describe('slots-2024-04-15 slots.controller.e2e-spec.ts (Slots 2024-04-15 Endpoints › Individual user slots)', () => {
    const HOURS_ROME = ['09', '10', '11', '12', '13', '14', '15', '16'];
    const next = (hour: string) => String(Number(hour) + 1).padStart(2, '0');
    /** Their four tables: one slot an hour, 09:00–17:00 Rome, written in UTC or in Rome time, as starts or as ranges. */
    const table = (hours: string[], zone: string, range: boolean) =>
      Object.fromEntries(
        DAYS.map((day) => [
          day,
          hours.map((hour) =>
            range
              ? { startTime: `${day}T${hour}:00:00.000${zone}`, endTime: `${day}T${next(hour)}:00:00.000${zone}` }
              : { time: `${day}T${hour}:00:00.000${zone}` },
          ),
        ]),
      );
    const UTC_TIMES = table(HOURS_UTC, 'Z', false);
    const ROME_TIMES = table(HOURS_ROME, '+02:00', false);
    const UTC_RANGES = table(HOURS_UTC, 'Z', true);
    const ROME_RANGES = table(HOURS_ROME, '+02:00', true);
    const RANGE = 'startTime=2050-09-05&endTime=2050-09-10';
    let host: Awaited<ReturnType<typeof hostWithSchedule>>;
    let plain: { id: number; slug: string };
    let seated: { id: number };
    const available = async (query: string) => expectSuccess(await stack.rest('GET', `/v2/slots/available?${query}`));
    const cancel = async (uid: string) =>
      expectSuccess(
        await stack.rest('POST', `/v2/bookings/${uid}/cancel`, {
          key: host.key,
          body: { cancellationReason: 'replayed case done' },
          headers: { 'svc-api-version': '2024-08-13' },
        }),
      );
    const bookAt = (eventTypeId: number, start: string) =>
      operatorOf(stack).createBooking({
        eventTypeId,
        start: new Date(start),
        attendee: { name: 'tester', email: 'tester@example.com', timeZone: 'Europe/London' },
      });
    /** The UTC table with the 2050-09-05 slot starting at `start` changed (dropped when `change` gives nothing). */
    const changedAt = (tableOf: Record<string, Array<Record<string, unknown>>>, start: string, change: (slot: Record<string, unknown>) => object | null) => ({
      ...tableOf,
      '2050-09-05': tableOf['2050-09-05'].flatMap((slot) => ((slot.time ?? slot.startTime) === start ? [change(slot)].filter(Boolean) : [slot])),
    });

    beforeAll(async () => {
      host = await hostWithSchedule(stack, ROME_OFFICE);
      [plain, seated] = await Promise.all([
        personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'slots-2024-04-15-event-type' }),
        operatorOf(stack).createEventType({
          title: 'slots-2024-04-15-seated-event-type',
          slug: 'slots-2024-04-15-seated-event-type',
          lengthInMinutes: 60,
          ownerId: host.user.id,
          seats: { seatsPerTimeSlot: 5, showAttendeeInfo: true, showAvailabilityCount: true },
        }),
      ]);
    });

    it.each([
      ['should get slots in UTC by event type id', '', UTC_TIMES],
      ['should get slots in specified time zone by event type id', '&timeZone=Europe/Rome', ROME_TIMES],
      ['should get slots in UTC by event type id in range format', '&slotFormat=range', UTC_RANGES],
      ['should get slots in specified time zone by event type id in range format', '&timeZone=Europe/Rome&slotFormat=range', ROME_RANGES],
    ])('"%s"', async (_name, query, expected) => {
      expect(await available(`eventTypeId=${plain.id}&${RANGE}${query}`)).toEqual({ slots: expected });
    });

    it.each([
      ['should get slots in UTC by event type slug', '', UTC_TIMES],
      ['should get slots in specified time zone by event type slug', '&timeZone=Europe/Rome', ROME_TIMES],
    ])('"%s" (usernameList[]=<owner>)', async (_name, query, expected) => {
      expect(await available(`eventTypeSlug=${plain.slug}&usernameList[]=${host.user.username}&${RANGE}${query}`)).toEqual({ slots: expected });
    });

    it('(not theirs) several usernameList entries (their dynamic group) are a 400 naming it, not one of them read', async () => {
      const response = await stack.rest(
        'GET',
        `/v2/slots/available?eventTypeSlug=${plain.slug}&usernameList[]=${host.user.username}&usernameList[]=${owner.user.username}&${RANGE}`,
      );
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^usernameList\[\] takes one value on this route/);
    });

    it('"should reserve a slot and it should not appear in available slots", then "should delete reserved slot": every slot is back', async () => {
      const slotStart = '2050-09-05T10:00:00.000Z';
      const held = expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body: { eventTypeId: plain.id, slotStart } }), 201);
      expect(held.reservationUid).toEqual(expect.any(String));
      const data = await available(`eventTypeId=${plain.id}&${RANGE}`);
      expect(Object.keys(data.slots)).toHaveLength(5);
      expect(data).toEqual({ slots: changedAt(UTC_TIMES, slotStart, () => null) });
      expect((await stack.rest('DELETE', `/v2/slots/reservations/${held.reservationUid}`)).status).toBe(200);
      expect(await available(`eventTypeId=${plain.id}&${RANGE}`)).toEqual({ slots: UTC_TIMES });
    });

    it('"should do a booking and slot should not be available at that time"', async () => {
      const start = '2050-09-05T11:00:00.000Z';
      const booking = await bookAt(plain.id, start);
      const data = await available(`eventTypeId=${plain.id}&${RANGE}`);
      expect(Object.keys(data.slots)).toHaveLength(5);
      expect(data).toEqual({ slots: changedAt(UTC_TIMES, start, () => null) });
      await cancel(booking.uid);
    });

    // Deviation (docs/compatibility.md, "Slots": a seated slot's bookingUid): the seats taken are shown, the booking's uid is not.
    it.each([
      ['should do a booking for seated event and slot should show attendees count and bookingUid', '', UTC_TIMES],
      ['should do a booking for seated event and slot should show attendees count and bookingUid in range format', '&slotFormat=range', UTC_RANGES],
    ])('"%s": attendees 1, no bookingUid', async (_name, query, expected) => {
      const start = '2050-09-05T11:00:00.000Z';
      const booking = await bookAt(seated.id, start);
      const data = await available(`eventTypeId=${seated.id}&${RANGE}${query}`);
      expect(Object.keys(data.slots)).toHaveLength(5);
      expect(data).toEqual({ slots: changedAt(expected, start, (slot) => ({ ...slot, attendees: 1 })) });
      await cancel(booking.uid);
      const paths = (await stack.rest('GET', '/v2/openapi.json')).body.paths;
      expect(paths['/v2/slots/available'].get['x-svc-deviation']).toContainEqual(expect.stringMatching(/not its bookingUid/));
    });

    // Deviation (docs/compatibility.md, "Slots": routingFormResponseId and _isDryRun): not parameters of this route, refused by name.
    it.each([
      ['should allow routingFormResponseId=0 in dry-run mode', 'routingFormResponseId=0&_isDryRun=true'],
      ['should reject routingFormResponseId=1 in dry-run mode', 'routingFormResponseId=1&_isDryRun=true'],
      ['should allow routingFormResponseId=1 in non-dry-run mode', 'routingFormResponseId=1'],
      ['should reject routingFormResponseId=0 in non-dry-run mode', 'routingFormResponseId=0'],
      ['should reject routingFormResponseId=-1 in non-dry-run mode', 'routingFormResponseId=-1'],
    ])('"routingFormResponseId and _isDryRun validation › %s": 400 naming routingFormResponseId', async (_name, query) => {
      const response = await stack.rest('GET', `/v2/slots/available?eventTypeId=${plain.id}&${RANGE}&${query}`);
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^routingFormResponseId is not served by this API: /);
    });

    it('(not theirs) _isDryRun alone is refused by name too; the deviation is marked', async () => {
      const response = await stack.rest('GET', `/v2/slots/available?eventTypeId=${plain.id}&${RANGE}&_isDryRun=true`);
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^_isDryRun is not served by this API: /);
      const paths = (await stack.rest('GET', '/v2/openapi.json')).body.paths;
      expect(paths['/v2/slots/available'].get['x-svc-deviation']).toContainEqual(expect.stringMatching(/routingFormResponseId or _isDryRun is a 400/));
    });
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/slots.controller.e2e-spec.ts ("Slots Endpoints"): the
   * earlier copy of the 2024-09-04 spec, written for a pre-release shape (GET /v2/slots/available with svc-api-version
   * 2024-09-04, slots as bare strings). Only its cases the e2e/ copies do not hold are replayed, on GET /v2/slots (the
   * reference's path of that version) in its shape: a start or an end with hours. The rest: docs/decisions.md.
   */
  describe('slots-2024-09-04 slots.controller.e2e-spec.ts, earlier copy (Slots Endpoints › Individual user slots)', () => {
    const ROME: Record<string, Array<{ start: string }>> = Object.fromEntries(
      DAYS.map((day) => [day, ['09', '10', '11', '12', '13', '14', '15', '16'].map((hour) => ({ start: `${day}T${hour}:00:00.000+02:00` }))]),
    );
    let eventType: { id: number };
    const slotsOf = async (query: string) => expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${eventType.id}&${query}`));

    beforeAll(async () => {
      const host = await hostWithSchedule(stack, ROME_OFFICE);
      eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'frisbee-match-earlier-copy' });
    });

    it('"should get slots by event type id and with start hours specified": 2050-09-05 from 09:00 UTC', async () => {
      const data = await slotsOf('start=2050-09-05T09:00:00.000Z&end=2050-09-09');
      expect(data).toEqual({ ...EXPECTED_SLOTS_UTC, '2050-09-05': EXPECTED_SLOTS_UTC['2050-09-05'].slice(2) });
    });

    it('"should get slots by event type id and with end hours specified": 2050-09-09 up to the slot ending at 12:00 UTC', async () => {
      const data = await slotsOf('start=2050-09-05&end=2050-09-09T12:00:00.000Z');
      expect(data).toEqual({ ...EXPECTED_SLOTS_UTC, '2050-09-09': EXPECTED_SLOTS_UTC['2050-09-09'].slice(0, 5) });
    });

    it('"should get slots in specified time zone by event type id and with start hours specified"', async () => {
      const data = await slotsOf('start=2050-09-05T09:00:00.000Z&end=2050-09-09&timeZone=Europe/Rome');
      expect(data).toEqual({ ...ROME, '2050-09-05': ROME['2050-09-05'].slice(2) });
    });

    it('"should get slots in specified time zone by event type id and with end hours specified"', async () => {
      const data = await slotsOf('start=2050-09-05&end=2050-09-09T12:00:00.000Z&timeZone=Europe/Rome');
      expect(data).toEqual({ ...ROME, '2050-09-09': ROME['2050-09-09'].slice(0, 5) });
    });
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/e2e/team-event-type-slots.controller.e2e-spec.ts ("Team
   * event type slots"): two members of a team outside any organization, each with their fixture's Rome office hours, a
   * collective event type of both, one without hosts, a round robin event type whose two hosts are both `isFixed`
   * (mandatory: every booking includes both), and an outsider.
   */
  describe('team-event-type-slots.controller.e2e-spec.ts (Team event type slots)', () => {
    let teammateOne: Awaited<ReturnType<typeof hostWithSchedule>>;
    let teammateTwo: Awaited<ReturnType<typeof hostWithSchedule>>;
    let outsider: Awaited<ReturnType<typeof userWithKey>>;
    let teamSlug: string;
    let collective: { id: number; slug: string };
    let withoutHosts: { id: number };
    let roundRobin: { id: number };
    const teamSlots = async (query: string) => expectSuccess(await stack.rest('GET', `/v2/slots?${query}&start=2050-09-05&end=2050-09-09`));

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [teammateOne, teammateTwo, outsider] = await Promise.all([
        hostWithSchedule(stack, ROME_OFFICE),
        hostWithSchedule(stack, ROME_OFFICE),
        userWithKey(stack),
      ]);
      const team = await operator.createTeam({ name: 'slots-2024-09-04-team' });
      teamSlug = team.slug;
      await Promise.all([teammateOne, teammateTwo].map((who) => operator.addMember({ teamId: team.id, userId: who.user.id, role: MembershipRole.MEMBER })));
      [collective, withoutHosts, roundRobin] = await Promise.all([
        operator.createEventType({
          title: 'Collective Event Type',
          slug: 'slots-2024-09-04-collective-event-type',
          lengthInMinutes: 60,
          teamId: team.id,
          hostIds: [teammateOne.user.id, teammateTwo.user.id],
          schedulingType: 'collective',
        }),
        operator.createEventType({
          title: 'Collective Event Type Without Hosts',
          slug: 'slots-2024-09-04-collective-event-type-without-hosts',
          lengthInMinutes: 60,
          teamId: team.id,
          schedulingType: 'collective',
        }),
        operator.createEventType({
          title: 'RR Event Type',
          slug: 'slots-2024-09-04-round-robin-event-type',
          lengthInMinutes: 60,
          teamId: team.id,
          hosts: [
            { userId: teammateOne.user.id, mandatory: true },
            { userId: teammateTwo.user.id, mandatory: true },
          ],
          schedulingType: 'roundRobin',
        }),
      ]);
    });

    it('"should get collective team event slots in UTC", also by teamSlug and eventTypeSlug', async () => {
      expect(await teamSlots(`eventTypeId=${collective.id}`)).toEqual(EXPECTED_SLOTS_UTC);
      expect(await teamSlots(`teamSlug=${teamSlug}&eventTypeSlug=${collective.slug}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should get round robin team event slots in UTC"', async () => {
      expect(await teamSlots(`eventTypeId=${roundRobin.id}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it.each([
      ['"should book round robin event type and slot should be available at that time": one mandatory host booked, the slot is gone', 1],
      ['"should fully book round robin event type and slot should not be available at that time"', 2],
    ])('%s', async (_name, booked) => {
      const start = '2050-09-05T11:00:00.000Z';
      const hosts = [teammateOne, teammateTwo].slice(0, booked);
      // Their fixture writes a booking of the round robin event type for each host, past its rules; each of ours is a
      // booking of the host's own event type at that time, which makes the host as busy.
      const bookings = await Promise.all(
        hosts.map(async (host) => {
          const own = await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: `rr-busy-${booked}` });
          const booking = await operatorOf(stack).createBooking({
            eventTypeId: own.id,
            start: new Date(start),
            attendee: { name: 'tester', email: 'tester@example.com', timeZone: 'Europe/Rome' },
          });
          return { booking, key: host.key };
        }),
      );
      expect(await teamSlots(`eventTypeId=${roundRobin.id}`)).toEqual(without(start));
      for (const { booking, key } of bookings) {
        const body = { cancellationReason: 'replayed case done' };
        expectSuccess(await stack.rest('POST', `/v2/bookings/${booking.uid}/cancel`, { key, body, headers: { 'svc-api-version': '2024-08-13' } }));
      }
      expect(await teamSlots(`eventTypeId=${roundRobin.id}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should not be able reserve a team event type slot with custom duration if no auth is provided": 401; an outsider: 403', async () => {
      const body = { eventTypeId: collective.id, slotStart: '2050-09-05T10:00:00.000Z', reservationDuration: 10 };
      expect((await stack.rest('POST', '/v2/slots/reservations', { body })).status).toBe(401);
      expect((await stack.rest('POST', '/v2/slots/reservations', { body, key: outsider.key })).status).toBe(403);
    });

    it('"should not be able reserve a slot for team event type without hosts": 400', async () => {
      const body = { eventTypeId: withoutHosts.id, slotStart: '2050-09-05T10:00:00.000Z' };
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/slots/reservations', { body, key: teammateOne.key }),
        400,
        'BAD_REQUEST',
        `eventTypeId: event type ${withoutHosts.id} has no hosts: none of its slots can be reserved`,
      );
      // Booking it is refused the same way, not as a taken time.
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/bookings', {
          body: {
            eventTypeId: withoutHosts.id,
            start: '2050-09-05T10:00:00.000Z',
            attendee: { name: 'tester', email: 'tester@example.com', timeZone: 'Europe/Rome' },
          },
          headers: { 'svc-api-version': '2024-08-13' },
        }),
        400,
        'BAD_REQUEST',
        `eventTypeId: event type ${withoutHosts.id} has no hosts: none of its slots can be booked`,
      );
    });

    it('"should reserve a slot as team member of the team that owns the team event type": held for 10 minutes, gone from the slots', async () => {
      const slotStart = '2050-09-05T10:00:00.000Z';
      const body = { eventTypeId: collective.id, slotStart, reservationDuration: 10 };
      const data = await expectHeldFor(10, async () => expectSuccess(await stack.rest('POST', '/v2/slots/reservations', { body, key: teammateOne.key }), 201));
      expect(await teamSlots(`eventTypeId=${collective.id}`)).toEqual(without(slotStart));
      expect((await stack.rest('DELETE', `/v2/slots/reservations/${data.reservationUid}`)).status).toBe(200);
    });

    it('"should book collective event type and slot should not be available at that time"', async () => {
      const start = '2050-09-05T11:00:00.000Z';
      await operatorOf(stack).createBooking({
        eventTypeId: collective.id,
        start: new Date(start),
        hostId: teammateOne.user.id,
        attendee: { name: 'tester', email: 'tester@example.com', timeZone: 'Europe/Rome' },
      });
      expect(await teamSlots(`eventTypeId=${collective.id}`)).toEqual(without(start));
    });
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/e2e/reschedule-uid-slots.controller.e2e-spec.ts
   * ("rescheduleUid functionality"): a user with their fixture's Rome office hours, a 60-minute event type and a booking
   * of it at 11:00 UTC on 2050-09-05 (made here with the operator tool).
   */
  describe('reschedule-uid-slots.controller.e2e-spec.ts (rescheduleUid functionality)', () => {
    const BOOKED = '2050-09-05T11:00:00.000Z';
    let host: Awaited<ReturnType<typeof hostWithSchedule>>;
    let eventType: { id: number; slug: string };
    let booking: { uid: string };
    const slotsOf = async (query: string) =>
      expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${eventType.id}&start=2050-09-05&end=2050-09-09${query}`));

    beforeAll(async () => {
      host = await hostWithSchedule(stack, ROME_OFFICE);
      eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'reschedule-uid-event-type' });
      booking = await operatorOf(stack).createBooking({
        eventTypeId: eventType.id,
        start: new Date(BOOKED),
        attendee: { name: 'reschedule tester', email: 'reschedule@example.com', timeZone: 'Europe/Rome' },
      });
    });

    it('"should exclude booked slot when bookingUidToReschedule is not provided"', async () => {
      expect(await slotsOf('')).toEqual(without(BOOKED));
    });

    it('"should include booked slot when matching bookingUidToReschedule is provided" (and "…as optional string parameter")', async () => {
      expect(await slotsOf(`&bookingUidToReschedule=${booking.uid}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it.each([
      ['should work with non-existent bookingUidToReschedule without errors', 'non-existent-uid'],
      ['should accept numeric bookingUidToReschedule parameter and convert to string', '12345'],
      ['should handle bookingUidToReschedule with special characters', 'special-uid-abc123-with-dashes'],
      ['should handle very long bookingUidToReschedule', `very-long-uid-abc123-${'x'.repeat(100)}`],
    ])('"%s": 200, the usual slots (the booked one excluded)', async (_name, uid) => {
      expect(await slotsOf(`&bookingUidToReschedule=${uid}`)).toEqual(without(BOOKED));
    });

    it('"should handle empty bookingUidToReschedule parameter gracefully": 200, the usual slots', async () => {
      expect(await slotsOf('&bookingUidToReschedule=')).toEqual(without(BOOKED));
    });

    it('"should work with bookingUidToReschedule using event type slug query"', async () => {
      const data = expectSuccess(
        await stack.rest(
          'GET',
          `/v2/slots?eventTypeSlug=${eventType.slug}&username=${host.user.username}&start=2050-09-05&end=2050-09-09&bookingUidToReschedule=${booking.uid}`,
        ),
      );
      expect(data).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should work with bookingUidToReschedule in range format": each slot with its end', async () => {
      const range = Object.fromEntries(
        Object.entries(EXPECTED_SLOTS_UTC).map(([day, slots]) => [
          day,
          slots.map(({ start }) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })),
        ]),
      );
      expect(await slotsOf(`&format=range&bookingUidToReschedule=${booking.uid}`)).toEqual(range);
    });

    it('"should work with bookingUidToReschedule and timezone parameter": Rome times, the booked 13:00+02:00 offered', async () => {
      const data = await slotsOf(`&timeZone=Europe/Rome&bookingUidToReschedule=${booking.uid}`);
      expect(Object.keys(data)).toHaveLength(5);
      expect(data['2050-09-05'][0].start).toContain('+02:00');
      expect(data['2050-09-05'].map((slot: { start: string }) => slot.start)).toContain('2050-09-05T13:00:00.000+02:00');
    });
    it('(not theirs; last: it books another hour) a booking of another event type frees nothing here', async () => {
      const other = await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: 'reschedule-uid-other' });
      const elsewhere = await operatorOf(stack).createBooking({
        eventTypeId: other.id,
        start: new Date('2050-09-05T12:00:00.000Z'),
        attendee: { name: 'other tester', email: 'other@example.com', timeZone: 'Europe/Rome' },
      });
      const expected = { ...EXPECTED_SLOTS_UTC, '2050-09-05': without(BOOKED)['2050-09-05'].filter((slot) => slot.start !== '2050-09-05T12:00:00.000Z') };
      expect(await slotsOf(`&bookingUidToReschedule=${elsewhere.uid}`)).toEqual(expected);
    });
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/e2e/dynamic-event-type-slots.controller.e2e-spec.ts
   * (dynamic event type slots): two members of an organization with their fixture's Rome office hours, asked by
   * username inside the organization. Their usernames are organization profiles ("teammate-one"); ours are the
   * members' own usernames, which the organization's slug scopes the same way.
   */
  describe('dynamic-event-type-slots.controller.e2e-spec.ts (dynamic event type slots)', () => {
    let query: string;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      const [one, two, org] = await Promise.all([
        hostWithSchedule(stack, ROME_OFFICE),
        hostWithSchedule(stack, ROME_OFFICE),
        operator.createOrganization({ name: 'Slots 2024-09-04 org', slug: 'slots-2024-09-04-org' }),
      ]);
      await Promise.all([one, two].map((who) => operator.addMember({ teamId: org.id, userId: who.user.id, role: MembershipRole.MEMBER })));
      query = `usernames=${one.user.username},${two.user.username}&organizationSlug=${org.slug}&start=2050-09-05&end=2050-09-09&duration=60`;
    });

    it('"should get slots in UTC by usernames"', async () => {
      expect(expectSuccess(await stack.rest('GET', `/v2/slots?${query}`))).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should get slots in specified timezone and in specified duration by usernames": the same hours, written in Rome time', async () => {
      const rome = Object.fromEntries(
        Object.entries(EXPECTED_SLOTS_UTC).map(([day, slots]) => [
          day,
          slots.map(({ start }) => ({ start: `${start.slice(0, 11)}${String(Number(start.slice(11, 13)) + 2).padStart(2, '0')}:00:00.000+02:00` })),
        ]),
      );
      expect(expectSuccess(await stack.rest('GET', `/v2/slots?${query}&timeZone=Europe/Rome`))).toEqual(rome);
    });
  });

  /**
   * apps/api/v2/src/modules/slots/slots-2024-09-04/controllers/e2e/org-team-event-type-slots.controller.e2e-spec.ts
   * (organization team event type slots): a team of an organization, two members with their fixture's Rome office
   * hours, a collective and a round-robin event type of both (every host optional). Not replayed: "org and non org user
   * have the same username and event type slug" — usernames are unique across this service, so no two users share one.
   */
  describe('org-team-event-type-slots.controller.e2e-spec.ts (organization team event type slots)', () => {
    let members: Array<Awaited<ReturnType<typeof hostWithSchedule>>>;
    let org: { id: number; slug: string };
    let team: { id: number; slug: string };
    let collective: { id: number; slug: string };
    let roundRobin: { id: number };
    const slotsOf = async (query: string) => expectSuccess(await stack.rest('GET', `/v2/slots?${query}&start=2050-09-05&end=2050-09-09`));
    /** Their fixture writes bookings of the team event type itself, past its rules; ours make the hosts as busy with own bookings. */
    const busy = (who: Array<Awaited<ReturnType<typeof hostWithSchedule>>>, start: string) =>
      Promise.all(
        who.map(async (host, i) => {
          const own = await personalEventType(stack, host.user.id, { lengthInMinutes: 60, slug: `org-team-busy-${i}-${start.slice(11, 13)}` });
          const booking = await operatorOf(stack).createBooking({
            eventTypeId: own.id,
            start: new Date(start),
            attendee: { name: 'tester', email: 'tester@example.com', timeZone: 'Europe/Rome' },
          });
          return { uid: booking.uid, key: host.key };
        }),
      );
    const cancel = (bookings: Array<{ uid: string; key: string }>) =>
      Promise.all(
        bookings.map(async ({ uid, key }) =>
          expectSuccess(
            await stack.rest('POST', `/v2/bookings/${uid}/cancel`, { key, body: { cancellationReason: 'done' }, headers: { 'svc-api-version': '2024-08-13' } }),
          ),
        ),
      );

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [members, org] = await Promise.all([
        Promise.all([hostWithSchedule(stack, ROME_OFFICE), hostWithSchedule(stack, ROME_OFFICE)]),
        operator.createOrganization({ name: 'Slots 2024-09-04 org team org', slug: 'slots-2024-09-04-org-team-org' }),
      ]);
      team = await operator.createTeam({ name: 'slots-2024-09-04-org-team', orgId: org.id });
      await Promise.all(members.map((who) => operator.addMember({ teamId: team.id, userId: who.user.id, role: MembershipRole.MEMBER })));
      const hostIds = members.map((who) => who.user.id);
      [collective, roundRobin] = await Promise.all([
        operator.createEventType({
          title: 'Collective Event Type',
          slug: 'slots-org-collective',
          lengthInMinutes: 60,
          teamId: team.id,
          hostIds,
          schedulingType: 'collective',
        }),
        operator.createEventType({
          title: 'RR Event Type',
          slug: 'slots-org-round-robin',
          lengthInMinutes: 60,
          teamId: team.id,
          hostIds,
          schedulingType: 'roundRobin',
        }),
      ]);
    });

    it('"should get collective team event slots in UTC", also "using teamSlug, eventTypeSlug and organizationSlug"', async () => {
      expect(await slotsOf(`eventTypeId=${collective.id}`)).toEqual(EXPECTED_SLOTS_UTC);
      expect(await slotsOf(`organizationSlug=${org.slug}&teamSlug=${team.slug}&eventTypeSlug=${collective.slug}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should not get collective team event slots … if organizationSlug is missing": 404', async () => {
      const response = await stack.rest('GET', `/v2/slots?teamSlug=${team.slug}&eventTypeSlug=${collective.slug}&start=2050-09-05&end=2050-09-09`);
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    });

    it('"should get round robin team event slots in UTC"', async () => {
      expect(await slotsOf(`eventTypeId=${roundRobin.id}`)).toEqual(EXPECTED_SLOTS_UTC);
    });

    it('"should book collective event type and slot should not be available at that time": one host busy', async () => {
      const made = await busy([members[0]], '2050-09-05T11:00:00.000Z');
      expect(await slotsOf(`eventTypeId=${collective.id}`)).toEqual(without('2050-09-05T11:00:00.000Z'));
      // "should book round robin event type and slot should be available at that time": the other host is free.
      expect(await slotsOf(`eventTypeId=${roundRobin.id}`)).toEqual(EXPECTED_SLOTS_UTC);
      await cancel(made);
    });

    it('"should fully book round robin event type and slot should not be available at that time": both hosts busy', async () => {
      const made = await busy(members, '2050-09-05T12:00:00.000Z');
      expect(await slotsOf(`eventTypeId=${roundRobin.id}`)).toEqual(without('2050-09-05T12:00:00.000Z'));
      await cancel(made);
    });
  });
});
