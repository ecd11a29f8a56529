import { randomBytes } from 'node:crypto';
import { attendee, book, BOOKINGS_VERSION, EVERY_DAY, Host, hostWithSchedule } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, operatorOf } from '../support/fixtures';
import { componentShapeErrors } from '../support/reference-components';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

const UTC = 'UTC';
const OPEN_HOURS = { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] };

/**
 * Every body field of the reference's event type create/update (CreateEventTypeInput_2024_06_14,
 * UpdateEventTypeInput_2024_06_14 and the team variants) is stored and answered, or refused with a 400
 * naming it; each field that changes availability is honoured by GET /v2/slots and by POST /v2/bookings.
 * Dates are in 2030 (Monday 2030-06-03), hosts open 09:00–13:00 UTC every day unless a test says otherwise.
 */
describe('event type fields: stored, answered, honoured', () => {
  let stack: TestStack;
  let host: Host;

  beforeAll(async () => {
    stack = await startTestStack();
    host = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
  });
  afterAll(() => stack.stop());

  const slug = () => `fields-${randomBytes(3).toString('hex')}`;

  /** Each test of the effects gets a host of its own, so that bookings of one test do not take another's slots. */
  let current: Host;

  async function eventType(fields: Record<string, unknown>, owner = current ?? host): Promise<any> {
    return expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Fields', slug: slug(), lengthInMinutes: 60, ...fields } }),
      201,
    );
  }

  /** GET /v2/slots → {date: ['HH:mm', …]} in UTC. */
  async function slotTimes(eventTypeId: number, start: string, end: string, extra: Record<string, string> = {}): Promise<Record<string, string[]>> {
    const query = new URLSearchParams({ eventTypeId: String(eventTypeId), start, end, ...extra });
    const data = expectSuccess(await stack.rest('GET', `/v2/slots?${query}`));
    return Object.fromEntries(
      Object.entries(data as Record<string, Array<{ start: string }>>).map(([date, slots]) => [date, slots.map((s) => s.start.slice(11, 16))]),
    );
  }

  describe('every field is stored and answered in the reference shape', () => {
    const settings = {
      lengthInMinutesOptions: [30, 60],
      description: 'All the fields',
      minimumBookingNotice: 120,
      beforeEventBuffer: 10,
      afterEventBuffer: 15,
      slotInterval: 30,
      offsetStart: 5,
      onlyShowFirstAvailableSlot: false,
      bookingLimitsCount: { day: 3, week: 10 },
      bookingLimitsDuration: { day: 180 },
      bookingWindow: { type: 'calendarDays', value: 30, rolling: false },
      confirmationPolicy: { type: 'time', noticeThreshold: { unit: 'hours', count: 24 }, blockUnconfirmedBookingsInBooker: true },
      recurrence: { disabled: true },
      seats: { disabled: true },
      disableGuests: true,
      hideCalendarNotes: true,
      hideCalendarEventDetails: true,
      hideOrganizerEmail: true,
      lockTimeZoneToggleOnBookingPage: true,
      useDestinationCalendarEmail: true,
      requiresBookerEmailVerification: false,
      bookingRequiresAuthentication: false,
      customName: '{Event type title} between {Organiser} and {Scheduler}',
      successRedirectUrl: 'https://example.com/thanks',
      color: { lightThemeHex: '#292929', darkThemeHex: '#fafafa' },
      bookerLayouts: { defaultLayout: 'week', enabledLayouts: ['week', 'month'] },
      destinationCalendar: { integration: 'google_calendar', externalId: 'primary' },
      calVideoSettings: { disableRecordingForGuests: true },
      hidden: true,
      locations: [{ type: 'address' }],
      bookingFields: [{ field: 'text', slug: 'company', label: 'Company', required: true }],
    };
    /**
     * What each field answers (the refused-when-enabled ones answer their fixed value). The reference
     * allows null for recurrence and seatsPerTimeSlot; an unset `seats` (optional, not nullable) is left out.
     */
    const answered: Record<string, unknown> = {
      ...settings,
      recurrence: null,
      seatsPerTimeSlot: null,
      bookingLimitsCount: { day: 3, week: 10 },
      confirmationPolicy: { type: 'time', noticeThreshold: { unit: 'hours', count: 24 }, blockUnconfirmedBookingsInBooker: true },
      metadata: {},
      price: 0,
      currency: 'usd',
      isInstantEvent: false,
      forwardParamsSuccessRedirect: false,
    };
    delete answered.bookingFields;
    delete answered.seats;

    it('POST /v2/event-types stores every field; GET answers them; the answer has EventTypeOutput_2024_06_14 shape', async () => {
      const created = await eventType(settings);
      expect(created).toMatchObject(answered);
      expect(created).not.toHaveProperty('seats');
      expect(created.bookingFields.map((f: { slug: string }) => f.slug)).toContain('company');
      expect(created.users).toEqual([expect.objectContaining({ id: host.user.id })]);
      const read = expectSuccess(await stack.rest('GET', `/v2/event-types/${created.id}`, { key: host.key }));
      expect(read).toMatchObject(answered);
      expect(componentShapeErrors('EventTypeOutput_2024_06_14', read)).toEqual([]);
    });

    it('PATCH changes one field and keeps the others; `{disabled: true}` removes an object setting', async () => {
      const created = await eventType(settings);
      const updated = expectSuccess(
        await stack.rest('PATCH', `/v2/event-types/${created.id}`, {
          key: host.key,
          body: { minimumBookingNotice: 0, bookingLimitsCount: { disabled: true } },
        }),
      );
      const { bookingLimitsCount: _removed, ...kept } = answered;
      expect(updated).toMatchObject({ ...kept, minimumBookingNotice: 0 });
      expect(updated).not.toHaveProperty('bookingLimitsCount');
      expect(componentShapeErrors('EventTypeOutput_2024_06_14', updated)).toEqual([]);
    });

    it('recurrence and a rolling bookingWindow are stored and answered; {disabled: true} removes the recurrence', async () => {
      const recurrence = { interval: 2, occurrences: 5, frequency: 'weekly' };
      const created = await eventType({ description: 'Every other week', recurrence, bookingWindow: { type: 'businessDays', value: 10, rolling: true } });
      expect(created).toMatchObject({ recurrence, bookingWindow: { type: 'businessDays', value: 10, rolling: true } });
      expect(componentShapeErrors('EventTypeOutput_2024_06_14', created)).toEqual([]);
      const read = expectSuccess(await stack.rest('GET', `/v2/event-types/${created.id}`, { key: host.key }));
      expect(read.recurrence).toEqual(recurrence);
      const updated = expectSuccess(await stack.rest('PATCH', `/v2/event-types/${created.id}`, { key: host.key, body: { recurrence: { disabled: true } } }));
      expect(updated.recurrence).toBeNull();
    });

    it('team event types (teams and organization teams) take the same fields plus schedulingType; TeamEventTypeOutput_2024_06_14 shape', async () => {
      // A new user: the gateway caches a principal's memberships for 30 s, so the team comes before any request.
      const admin = await hostWithSchedule(stack, OPEN_HOURS);
      const team = await operatorOf(stack).createTeam({ name: `Fields ${slug()}`, ownerId: admin.user.id });
      const created = expectSuccess(
        await stack.rest('POST', `/v2/teams/${team.id}/event-types`, {
          key: admin.key,
          body: { title: 'Team fields', slug: slug(), lengthInMinutes: 60, schedulingType: 'roundRobin', assignAllTeamMembers: true, ...settings },
        }),
        201,
      );
      expect(created).toMatchObject({ ...answered, schedulingType: 'roundRobin', teamId: team.id });
      expect(created.team).toMatchObject({ id: team.id, bannerUrl: '', logoUrl: '' }); // required strings: "" for a team without branding
      expect(componentShapeErrors('TeamEventTypeOutput_2024_06_14', created)).toEqual([]);
    });
  });

  describe('fields the service cannot honour are refused with 400 naming them, never dropped', () => {
    it.each([
      ['recurrence.frequency', { recurrence: { interval: 1, occurrences: 4, frequency: 'daily' } }],
      ['recurrence.occurrences', { recurrence: { interval: 1, occurrences: 101, frequency: 'weekly' } }],
      [
        'recurrence',
        {
          recurrence: { interval: 1, occurrences: 4, frequency: 'weekly' },
          seats: { seatsPerTimeSlot: 2, showAttendeeInfo: true, showAvailabilityCount: true },
        },
      ],
      ['bookingWindow.value', { bookingWindow: { type: 'calendarDays', value: 181, rolling: true } }],
      ['confirmationPolicy.blockUnconfirmedBookingsInBooker', { confirmationPolicy: { type: 'always', blockUnconfirmedBookingsInBooker: false } }],
      ['schedulingType', { schedulingType: 'hybrid' }], // collective and managed are served (event-types-team.test.ts)
    ])('%s', async (field, body) => {
      const admin = await hostWithSchedule(stack, OPEN_HOURS);
      const team = await operatorOf(stack).createTeam({ name: `Refused ${slug()}`, ownerId: admin.user.id });
      const response = await stack.rest('POST', `/v2/teams/${team.id}/event-types`, {
        key: admin.key,
        body: { title: 'Refused', slug: slug(), lengthInMinutes: 30, ...body },
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(field.replace('.', '\\.')));
      const personal = field === 'schedulingType' ? null : await stack.rest('PATCH', `/v2/event-types/${(await eventType({})).id}`, { key: host.key, body });
      if (personal) expectErrorEnvelope(personal, 400, 'BAD_REQUEST', new RegExp(field.replace('.', '\\.')));
    });

    it.each([
      ['minimumBookingNotice', { minimumBookingNotice: -5 }],
      ['slotInterval', { slotInterval: 0 }],
      ['seats.seatsPerTimeSlot', { seats: { seatsPerTimeSlot: 0, showAttendeeInfo: true, showAvailabilityCount: true } }],
      ['bookingLimitsCount.day', { bookingLimitsCount: { day: 0 } }],
      ['bookingLimitsCount.day', { bookingLimitsCount: { day: 5, week: 2 } }],
      ['bookingLimitsDuration.day', { bookingLimitsDuration: { day: 50 } }],
      ['bookingWindow.value', { bookingWindow: { type: 'range', value: ['2030-06-05'] } }],
      ['bookingWindow.type', { bookingWindow: { type: 'fortnights', value: 2 } }],
      ['confirmationPolicy.noticeThreshold', { confirmationPolicy: { type: 'time', blockUnconfirmedBookingsInBooker: true } }],
      ['lengthInMinutesOptions', { lengthInMinutesOptions: [15, 30] }],
      ['color', { color: { lightThemeHex: 'red', darkThemeHex: '#fff' } }],
      ['bookerLayouts', { bookerLayouts: { defaultLayout: 'day', enabledLayouts: ['day'] } }],
      ['successRedirectUrl', { successRedirectUrl: 'javascript:alert(1)' }],
    ])('a bad %s is a 400 naming it', async (field, body) => {
      const response = await stack.rest('POST', '/v2/event-types', { key: host.key, body: { title: 'Bad', slug: slug(), lengthInMinutes: 60, ...body } });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(field.replace('.', '\\.')));
    });

    it('a scheduleId that is not a schedule of the owner is a 404 naming it (as in the reference service)', async () => {
      const response = await stack.rest('POST', '/v2/event-types', {
        key: host.key,
        body: { title: 'Bad', slug: slug(), lengthInMinutes: 60, scheduleId: 999999 },
      });
      expectErrorEnvelope(response, 404, 'NOT_FOUND', /scheduleId/);
    });
  });

  /**
   * Field → expected effect on GET /v2/slots (2030-06-03, host open 09:00–13:00 UTC) and on POST /v2/bookings.
   *
   * | field | slots on 2030-06-03 | booking |
   * |---|---|---|
   * | (none), 60 min | 09:00 10:00 11:00 12:00 | any of them 201 |
   * | slotInterval 30 | 09:00 09:30 … 12:00 | 09:30 201 |
   * | offsetStart 15 | 09:15 10:15 11:15 | |
   * | lengthInMinutesOptions [30, 60], duration=30 | 09:00 09:30 … 12:30 | lengthInMinutes 30 → 30-minute booking; 45 → 400 |
   * | before 30 + after 30, booking 10:00–11:00 | 12:00 | 11:00 → 409 |
   * | bookingWindow range 06-04..06-05 | only 06-04 and 06-05 | 06-06 → 409 |
   * | bookingLimitsCount day 1 | nothing that day after one booking | second that day → 409 |
   * | bookingLimitsDuration day 90 (60 min) | nothing after one booking | second → 409 |
   * | onlyShowFirstAvailableSlot | 09:00 only | 10:00 → 409 while 09:00 is free |
   * | confirmationPolicy always | unchanged | status pending |
   * | minimumBookingNotice (relative to now) | no slot sooner than the notice | sooner → 409 |
   * | seats 2 | 10:00 stays offered after 1 booking, gone after 2 | 2 attendees share one booking (seat uids); the 3rd → 409 |
   * | seats, showAttendeeInfo false | | a booker's answer shows no attendee, their seat as seatUid; the host sees every seat |
   */
  describe('fields that change availability, through GET /v2/slots and POST /v2/bookings', () => {
    const DAY = { start: '2030-06-03', end: '2030-06-03' };
    const bookAt = (eventTypeId: number, start: string, extra: Record<string, unknown> = {}) =>
      book(stack, { eventTypeId, start, attendee: attendee(slug()), ...extra });

    beforeEach(async () => {
      current = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
    });

    it('no setting: one slot per hour', async () => {
      const et = await eventType({});
      expect(await slotTimes(et.id, DAY.start, DAY.end)).toEqual({ '2030-06-03': ['09:00', '10:00', '11:00', '12:00'] });
    });

    it('slotInterval 30: a 60-minute meeting every 30 minutes', async () => {
      const et = await eventType({ slotInterval: 30 });
      expect(await slotTimes(et.id, DAY.start, DAY.end)).toEqual({ '2030-06-03': ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'] });
      expectSuccess(await bookAt(et.id, '2030-06-03T09:30:00Z'), 201);
    });

    it('offsetStart 15: every slot shifted by 15 minutes', async () => {
      const et = await eventType({ offsetStart: 15 });
      expect(await slotTimes(et.id, DAY.start, DAY.end)).toEqual({ '2030-06-03': ['09:15', '10:15', '11:15'] });
    });

    it('lengthInMinutesOptions: duration picks the slot length; a booking may ask for one of the lengths only', async () => {
      const et = await eventType({ lengthInMinutesOptions: [30, 60] });
      expect(await slotTimes(et.id, DAY.start, DAY.end, { duration: '30' })).toEqual({
        '2030-06-03': ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'],
      });
      const range = expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${et.id}&start=2030-06-03&end=2030-06-03&duration=30&format=range`));
      expect(range['2030-06-03'][0]).toEqual({ start: '2030-06-03T09:00:00.000Z', end: '2030-06-03T09:30:00.000Z' });
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/slots?eventTypeId=${et.id}&start=2030-06-03&end=2030-06-03&duration=45`),
        400,
        'BAD_REQUEST',
        /duration/,
      );
      const booked = expectSuccess(await bookAt(et.id, '2030-06-03T09:00:00Z', { lengthInMinutes: 30 }), 201);
      expect(booked).toMatchObject({ start: '2030-06-03T09:00:00.000Z', end: '2030-06-03T09:30:00.000Z', duration: 30 });
      expectErrorEnvelope(await bookAt(et.id, '2030-06-03T11:00:00Z', { lengthInMinutes: 45 }), 400, 'BAD_REQUEST', /lengthInMinutes/);
    });

    it('beforeEventBuffer / afterEventBuffer 30: the time around another booking stays free', async () => {
      const other = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
      const plain = await eventType({}, other);
      expectSuccess(await bookAt(plain.id, '2030-06-03T10:00:00Z'), 201);
      const buffered = await eventType({ beforeEventBuffer: 30, afterEventBuffer: 30 }, other);
      expect(await slotTimes(buffered.id, DAY.start, DAY.end)).toEqual({ '2030-06-03': ['12:00'] });
      expectErrorEnvelope(await bookAt(buffered.id, '2030-06-03T11:00:00Z'), 409, 'CONFLICT', /taken/);
      expectSuccess(await bookAt(buffered.id, '2030-06-03T12:00:00Z'), 201);
    });

    it('bookingWindow range: slots and bookings only on the window’s dates', async () => {
      const et = await eventType({ bookingWindow: { type: 'range', value: ['2030-06-04', '2030-06-05'] } });
      expect(Object.keys(await slotTimes(et.id, '2030-06-03', '2030-06-06'))).toEqual(['2030-06-04', '2030-06-05']);
      expectErrorEnvelope(await bookAt(et.id, '2030-06-06T09:00:00Z'), 409, 'CONFLICT', /bookingWindow/);
      expectSuccess(await bookAt(et.id, '2030-06-05T09:00:00Z'), 201);
    });

    it('bookingWindow calendarDays 2: nothing after tomorrow', async () => {
      const et = await eventType({ bookingWindow: { type: 'calendarDays', value: 2, rolling: false } });
      const now = new Date();
      const in3days = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
      const days = Object.keys(await slotTimes(et.id, now.toISOString().slice(0, 10), in3days));
      expect(days.every((d) => d <= new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10))).toBe(true);
      expectErrorEnvelope(await bookAt(et.id, `${in3days}T09:00:00Z`), 409, 'CONFLICT', /bookingWindow/);
    });

    it('bookingLimitsCount day 1: after one booking the day has no slot and a second booking is a 409', async () => {
      const et = await eventType({ bookingLimitsCount: { day: 1 } });
      expectSuccess(await bookAt(et.id, '2030-06-03T09:00:00Z'), 201);
      expect(await slotTimes(et.id, '2030-06-03', '2030-06-04')).toEqual({ '2030-06-04': ['09:00', '10:00', '11:00', '12:00'] });
      expectErrorEnvelope(await bookAt(et.id, '2030-06-03T11:00:00Z'), 409, 'CONFLICT', /Event type booking limit reached: 1 per day/);
    });

    it('bookingLimitsCount: concurrent bookings of the last place — exactly one wins', async () => {
      const other = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '13:00' }] });
      const et = await eventType({ bookingLimitsCount: { day: 1 } }, other);
      const answers = await Promise.all(['09:00', '10:00', '11:00', '12:00'].map((t) => bookAt(et.id, `2030-06-05T${t}:00Z`)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it('bookingLimitsDuration day 90: one 60-minute booking leaves no room for another', async () => {
      const et = await eventType({ bookingLimitsDuration: { day: 90 } });
      expectSuccess(await bookAt(et.id, '2030-06-10T09:00:00Z'), 201);
      expect(await slotTimes(et.id, '2030-06-10', '2030-06-10')).toEqual({});
      expectErrorEnvelope(await bookAt(et.id, '2030-06-10T11:00:00Z'), 409, 'CONFLICT', /duration limit reached: 90 minutes per day/);
    });

    it('onlyShowFirstAvailableSlot: one slot per day, the earliest; booking a later one is a 409', async () => {
      const et = await eventType({ onlyShowFirstAvailableSlot: true });
      expect(await slotTimes(et.id, '2030-06-11', '2030-06-12')).toEqual({ '2030-06-11': ['09:00'], '2030-06-12': ['09:00'] });
      expectErrorEnvelope(await bookAt(et.id, '2030-06-11T10:00:00Z', { attendee: attendee('first', UTC) }), 409, 'CONFLICT', /onlyShowFirstAvailableSlot/);
      expectSuccess(await bookAt(et.id, '2030-06-11T09:00:00Z', { attendee: attendee('first', UTC) }), 201);
    });

    it('confirmationPolicy always: bookings start pending (and still hold their slot)', async () => {
      const et = await eventType({ confirmationPolicy: { type: 'always', blockUnconfirmedBookingsInBooker: true } });
      const booked = expectSuccess(await bookAt(et.id, '2030-06-12T10:00:00Z'), 201);
      expect(booked.status).toBe('pending');
      expect((await slotTimes(et.id, '2030-06-12', '2030-06-12'))['2030-06-12']).not.toContain('10:00');
    });

    it('confirmationPolicy time 24 hours: a booking far ahead is accepted at once', async () => {
      const et = await eventType({
        confirmationPolicy: { type: 'time', noticeThreshold: { unit: 'hours', count: 24 }, blockUnconfirmedBookingsInBooker: true },
      });
      expect(expectSuccess(await bookAt(et.id, '2030-06-12T12:00:00Z'), 201).status).toBe('accepted');
    });

    it('minimumBookingNotice: no slot starts sooner than the notice, and booking one is a 409', async () => {
      const allDay = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
      const notice = 3 * 24 * 60; // three days
      const et = await eventType({ minimumBookingNotice: notice, lengthInMinutes: 30 }, allDay);
      const now = Date.now();
      const query = new URLSearchParams({ eventTypeId: String(et.id), start: new Date(now).toISOString(), end: new Date(now + 5 * 86_400_000).toISOString() });
      const data = expectSuccess(await stack.rest('GET', `/v2/slots?${query}`));
      const starts = Object.values(data as Record<string, Array<{ start: string }>>)
        .flat()
        .map((s) => Date.parse(s.start));
      expect(starts.length).toBeGreaterThan(0);
      expect(Math.min(...starts)).toBeGreaterThanOrEqual(now + notice * 60_000);
      const tooSoon = new Date(Math.ceil((now + 86_400_000) / 1_800_000) * 1_800_000).toISOString();
      expectErrorEnvelope(await bookAt(et.id, tooSoon), 409, 'CONFLICT', /minimumBookingNotice/);
    });

    it('seats 2: two attendees share the booking of one slot, each with a seat uid; the slot stays offered until the seats are gone', async () => {
      const et = await eventType({ seats: { seatsPerTimeSlot: 2, showAttendeeInfo: true, showAvailabilityCount: true } });
      expect(et).toMatchObject({ seatsPerTimeSlot: 2, seatsShowAttendees: true, seatsShowAvailabilityCount: true });
      const first = expectSuccess(await bookAt(et.id, '2030-06-13T10:00:00Z'), 201);
      expect((await slotTimes(et.id, '2030-06-13', '2030-06-13'))['2030-06-13']).toEqual(['09:00', '10:00', '11:00', '12:00']);
      const second = expectSuccess(await bookAt(et.id, '2030-06-13T10:00:00Z'), 201);
      expect(second.uid).toBe(first.uid);
      expect(second.attendees).toHaveLength(2);
      const seats = second.attendees.map((a: { seatUid: string }) => a.seatUid);
      expect(new Set(seats).size).toBe(2);
      expect((await slotTimes(et.id, '2030-06-13', '2030-06-13'))['2030-06-13']).toEqual(['09:00', '11:00', '12:00']);
      expectErrorEnvelope(await bookAt(et.id, '2030-06-13T10:00:00Z'), 409, 'CONFLICT', /taken|fully booked/);
      // Another time that overlaps the seated booking is not a seat of it.
      expect(expectSuccess(await stack.rest('PATCH', `/v2/event-types/${et.id}`, { key: current.key, body: { slotInterval: 30 } })).slotInterval).toBe(30);
      expectErrorEnvelope(await bookAt(et.id, '2030-06-13T10:30:00Z'), 409, 'CONFLICT', /taken/);
    });

    it('seats 3, five concurrent bookings of one slot: exactly three win', async () => {
      const et = await eventType({ seats: { seatsPerTimeSlot: 3, showAttendeeInfo: true, showAvailabilityCount: true } });
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => bookAt(et.id, '2030-06-14T10:00:00Z')));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409]);
      expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.uid)).size).toBe(1);
    });

    it('seats with showAttendeeInfo false: a booker sees no attendee, their seat as seatUid; the host sees both', async () => {
      const et = await eventType({ seats: { seatsPerTimeSlot: 4, showAttendeeInfo: false, showAvailabilityCount: false } });
      expectSuccess(await bookAt(et.id, '2030-06-17T10:00:00Z', { attendee: attendee('seat-one') }), 201);
      const second = expectSuccess(await bookAt(et.id, '2030-06-17T10:00:00Z', { attendee: attendee('seat-two') }), 201);
      expect(second.attendees).toEqual([]);
      const read = expectSuccess(await stack.rest('GET', `/v2/bookings/${second.uid}`, { key: current.key, headers: BOOKINGS_VERSION }));
      const seatOf = (tag: string) => read.attendees.find((a: { email: string }) => a.email === attendee(tag).email)?.seatUid;
      expect(seatOf('seat-two')).toBe(second.seatUid);
      expect(seatOf('seat-one')).toEqual(expect.any(String));
    });

    it('scheduleId: the event type follows that schedule of its owner instead of the default one', async () => {
      const mornings = await operatorOf(stack).createSchedule({
        ownerId: current.user.id,
        name: 'Early',
        isDefault: false,
        timeZone: UTC,
        availability: [{ days: EVERY_DAY, startTime: '06:00', endTime: '08:00' }],
        overrides: [],
      });
      const et = await eventType({ scheduleId: mornings.id });
      expect(await slotTimes(et.id, DAY.start, DAY.end)).toEqual({ '2030-06-03': ['06:00', '07:00'] });
    });
  });
  /**
   * Recurring event types (weekly, 60 minutes, host open 09:00–13:00 UTC, attendee in UTC).
   *
   * | request | answer |
   * |---|---|
   * | book 2030-07-01 10:00, occurrences 3 | 201, 3 bookings 07-01, 07-08, 07-15 10:00, one recurringBookingUid |
   * | recurrenceCount 2 | 2 bookings |
   * | recurrenceCount 4 (occurrences 3) / on a single event type | 400 naming recurrenceCount |
   * | 3rd occurrence taken by another booking | 409 naming occurrence 3 of 3; nothing booked |
   * | two series at once sharing a slot | one 201, one 409; no partial series |
   * | GET /v2/bookings/{recurringBookingUid} | every occurrence |
   * | GET /v2/bookings?status=recurring | the live occurrences |
   * | cancel occurrence 2 with cancelSubsequentBookings | 2 and 3 cancelled, 1 stays |
   * | cancel {recurringBookingUid} | every occurrence left cancelled |
   */
  describe('recurring event types: recurrenceCount books every occurrence or none', () => {
    const WEEKLY = { recurrence: { interval: 1, occurrences: 3, frequency: 'weekly' } };
    const bookSeries = (eventTypeId: number, start: string, extra: Record<string, unknown> = {}) =>
      book(stack, { eventTypeId, start, attendee: attendee(slug(), UTC), ...extra });
    const get = (path: string, key: string) => stack.rest('GET', path, { key, headers: BOOKINGS_VERSION });
    const cancel = (uid: string, body: Record<string, unknown>) => stack.rest('POST', `/v2/bookings/${uid}/cancel`, { body, headers: BOOKINGS_VERSION });

    it('POST /v2/bookings books every occurrence, sharing a recurringBookingUid, in the reference shape; recurrenceCount books fewer', async () => {
      const owner = await hostWithSchedule(stack, OPEN_HOURS);
      const et = await eventType(WEEKLY, owner);
      const response = await bookSeries(et.id, '2030-07-01T10:00:00Z');
      const series = expectSuccess(response, 201);
      expectReferenceShape('POST', '/v2/bookings', response.body);
      expect(series.map((b: any) => b.start)).toEqual(['2030-07-01T10:00:00.000Z', '2030-07-08T10:00:00.000Z', '2030-07-15T10:00:00.000Z']);
      const recurringUid = series[0].recurringBookingUid;
      expect(typeof recurringUid).toBe('string');
      expect(series.every((b: any) => b.recurringBookingUid === recurringUid)).toBe(true);
      expect(new Set(series.map((b: any) => b.uid)).size).toBe(3);
      // The slot of every occurrence is taken.
      expect((await slotTimes(et.id, '2030-07-08', '2030-07-08'))['2030-07-08']).toEqual(['09:00', '11:00', '12:00']);

      const two = expectSuccess(await bookSeries(et.id, '2030-07-02T10:00:00Z', { recurrenceCount: 2 }), 201);
      expect(two.map((b: any) => b.start)).toEqual(['2030-07-02T10:00:00.000Z', '2030-07-09T10:00:00.000Z']);
      expectErrorEnvelope(await bookSeries(et.id, '2030-07-03T10:00:00Z', { recurrenceCount: 4 }), 400, 'BAD_REQUEST', /recurrenceCount/);
      const single = await eventType({}, owner);
      expectErrorEnvelope(await bookSeries(single.id, '2030-07-03T10:00:00Z', { recurrenceCount: 2 }), 400, 'BAD_REQUEST', /recurrenceCount/);

      const whole = await get(`/v2/bookings/${recurringUid}`, owner.key);
      expect(expectSuccess(whole).map((b: any) => b.uid)).toEqual(series.map((b: any) => b.uid));
      expectReferenceShape('GET', '/v2/bookings/{bookingUid}', whole.body);
      const one = expectSuccess(await get(`/v2/bookings/${series[1].uid}`, owner.key));
      expect(one).toMatchObject({ uid: series[1].uid, recurringBookingUid: recurringUid });
      const listed = await get('/v2/bookings?status=recurring', owner.key);
      expect(expectSuccess(listed).map((b: any) => b.start)).toEqual([
        '2030-07-01T10:00:00.000Z',
        '2030-07-02T10:00:00.000Z',
        '2030-07-08T10:00:00.000Z',
        '2030-07-09T10:00:00.000Z',
        '2030-07-15T10:00:00.000Z',
      ]);
      expectReferenceShape('GET', '/v2/bookings', listed.body);
    });

    it('an occurrence that is not free: 409 naming it, and no occurrence is booked', async () => {
      const owner = await hostWithSchedule(stack, OPEN_HOURS);
      const plain = await eventType({}, owner);
      expectSuccess(await bookAtPlain(plain.id, '2030-07-15T10:00:00Z'), 201);
      const et = await eventType(WEEKLY, owner);
      expectErrorEnvelope(await bookSeries(et.id, '2030-07-01T10:00:00Z'), 409, 'CONFLICT', /occurrence 3 of 3/);
      const listed = expectSuccess(await get('/v2/bookings', owner.key));
      expect(listed.map((b: any) => b.start)).toEqual(['2030-07-15T10:00:00.000Z']);
    });

    it('two series booked at once that share a slot: exactly one wins, the other books nothing', async () => {
      const owner = await hostWithSchedule(stack, OPEN_HOURS);
      const et = await eventType(WEEKLY, owner);
      // 07-01, 07-08, 07-15 and 07-08, 07-15, 07-22 share two slots.
      const answers = await Promise.all([bookSeries(et.id, '2030-07-01T11:00:00Z'), bookSeries(et.id, '2030-07-08T11:00:00Z')]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      const listed = expectSuccess(await get('/v2/bookings', owner.key));
      expect(listed).toHaveLength(3);
      expect(new Set(listed.map((b: any) => b.recurringBookingUid)).size).toBe(1);
    });

    it('cancelSubsequentBookings cancels an occurrence and the later ones; the recurringBookingUid cancels the rest', async () => {
      const owner = await hostWithSchedule(stack, OPEN_HOURS);
      const et = await eventType(WEEKLY, owner);
      const series = expectSuccess(await bookSeries(et.id, '2030-07-01T12:00:00Z'), 201);
      const response = await cancel(series[1].uid, { cancellationReason: 'Moving away', cancelSubsequentBookings: true });
      expect(expectSuccess(response).map((b: any) => b.status)).toEqual(['accepted', 'cancelled', 'cancelled']);
      expectReferenceShape('POST', '/v2/bookings/{bookingUid}/cancel', response.body);
      const all = expectSuccess(await cancel(series[0].recurringBookingUid, {}));
      expect(all.map((b: any) => b.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
      expectErrorEnvelope(await cancel(series[0].recurringBookingUid, {}), 409, 'CONFLICT', /no occurrence left/);
      // The freed slots can be booked again.
      expectSuccess(await bookAtPlain((await eventType({}, owner)).id, '2030-07-08T12:00:00Z'), 201);
    });

    const bookAtPlain = (eventTypeId: number, start: string) => book(stack, { eventTypeId, start, attendee: attendee(slug(), UTC) });
  });

  /**
   * Seats by seatUid (seats 2, 60 minutes, 2030-08-05 10:00 UTC).
   *
   * | request | answer |
   * |---|---|
   * | cancel {seatUid} of A | A leaves; B keeps the seat; the slot is offered again and C books it |
   * | reschedule {start 11:00, seatUid} of B | B holds the same seat uid in a booking at 11:00; C stays at 10:00 |
   * | unknown seatUid | 404 |
   */
  it('seats: one seat is cancelled or rescheduled by seatUid, the others keep theirs, the freed seat is booked again', async () => {
    const owner = await hostWithSchedule(stack, OPEN_HOURS);
    const et = await eventType({ seats: { seatsPerTimeSlot: 2, showAttendeeInfo: true, showAvailabilityCount: true } }, owner);
    const seatAt = (start: string, tag: string) => book(stack, { eventTypeId: et.id, start, attendee: attendee(tag, UTC) });
    const a = expectSuccess(await seatAt('2030-08-05T10:00:00Z', 'seat-a'), 201);
    const b = expectSuccess(await seatAt('2030-08-05T10:00:00Z', 'seat-b'), 201);
    const seatOf = (booking: any, tag: string) => booking.attendees.find((x: any) => x.email === attendee(tag).email).seatUid;
    const seatA = seatOf(a, 'seat-a');
    const seatB = seatOf(b, 'seat-b');
    expect((await slotTimes(et.id, '2030-08-05', '2030-08-05'))['2030-08-05']).not.toContain('10:00');

    const cancelled = await stack.rest('POST', `/v2/bookings/${a.uid}/cancel`, { body: { seatUid: seatA }, headers: BOOKINGS_VERSION });
    expect(expectSuccess(cancelled)).toMatchObject({ uid: a.uid, status: 'accepted' });
    expect(cancelled.body.data.attendees.map((x: any) => x.seatUid)).toEqual([seatB]);
    expectReferenceShape('POST', '/v2/bookings/{bookingUid}/cancel', cancelled.body);
    expect((await slotTimes(et.id, '2030-08-05', '2030-08-05'))['2030-08-05']).toContain('10:00');
    const c = expectSuccess(await seatAt('2030-08-05T10:00:00Z', 'seat-c'), 201);
    expect(c.uid).toBe(a.uid);

    const moved = await stack.rest('POST', `/v2/bookings/${a.uid}/reschedule`, {
      body: { start: '2030-08-05T11:00:00Z', seatUid: seatB },
      headers: BOOKINGS_VERSION,
    });
    const target = expectSuccess(moved, 201);
    expectReferenceShape('POST', '/v2/bookings/{bookingUid}/reschedule', moved.body);
    expect(target).toMatchObject({ start: '2030-08-05T11:00:00.000Z', rescheduledFromUid: a.uid });
    expect(target.attendees.map((x: any) => x.seatUid)).toEqual([seatB]);
    const old = expectSuccess(await stack.rest('GET', `/v2/bookings/${a.uid}`, { key: owner.key, headers: BOOKINGS_VERSION }));
    expect(old).toMatchObject({ status: 'accepted' });
    expect(old.attendees.map((x: any) => x.email)).toEqual([attendee('seat-c').email]);
    expectErrorEnvelope(
      await stack.rest('POST', `/v2/bookings/${a.uid}/cancel`, { body: { seatUid: seatA }, headers: BOOKINGS_VERSION }),
      404,
      'NOT_FOUND',
      /Seat/,
    );
  });

  /**
   * Rolling bookingWindow (calendarDays 2, rolling): the host is open on Wednesdays only, one 60-minute
   * slot (09:00 UTC); the window holds the next 2 Wednesdays that have a free slot, and moves to a third
   * one once the first is booked. Without rolling, 2 calendar days hold at most one Wednesday.
   */
  it('rolling bookingWindow: N days that have a free slot, reaching further as days fill up', async () => {
    const owner = await hostWithSchedule(stack, { timeZone: UTC, availability: [{ days: ['Wednesday'], startTime: '09:00', endTime: '10:00' }] });
    const et = await eventType({ bookingWindow: { type: 'calendarDays', value: 2, rolling: true } }, owner);
    const now = Date.now();
    const wednesdays: string[] = [];
    for (let d = 0; wednesdays.length < 4; d++) {
      const day = new Date(now + d * 86_400_000).toISOString().slice(0, 10);
      if (new Date(`${day}T00:00:00Z`).getUTCDay() === 3 && Date.parse(`${day}T09:00:00Z`) > now + 60_000) wednesdays.push(day);
    }
    const from = new Date(now).toISOString().slice(0, 10);
    const to = new Date(now + 35 * 86_400_000).toISOString().slice(0, 10);
    expect(Object.keys(await slotTimes(et.id, from, to))).toEqual(wednesdays.slice(0, 2));
    expectErrorEnvelope(
      await book(stack, { eventTypeId: et.id, start: `${wednesdays[2]}T09:00:00Z`, attendee: attendee(slug(), UTC) }),
      409,
      'CONFLICT',
      /bookingWindow/,
    );
    expectSuccess(await book(stack, { eventTypeId: et.id, start: `${wednesdays[0]}T09:00:00Z`, attendee: attendee(slug(), UTC) }), 201);
    expect(Object.keys(await slotTimes(et.id, from, to))).toEqual(wednesdays.slice(1, 3));
    expectSuccess(await book(stack, { eventTypeId: et.id, start: `${wednesdays[2]}T09:00:00Z`, attendee: attendee(slug(), UTC) }), 201);
  });

  /** bookingRequiresAuthentication: no credential → 401; another user → 403; the owner → 201 (booking stays scope-free, spec 5.3). */
  it('bookingRequiresAuthentication: only the owner books it, authenticated', async () => {
    const owner = await hostWithSchedule(stack, OPEN_HOURS);
    const et = await eventType({ bookingRequiresAuthentication: true }, owner);
    expect(et.bookingRequiresAuthentication).toBe(true);
    const body = (tag: string) => ({ eventTypeId: et.id, start: '2030-09-03T09:00:00Z', attendee: attendee(tag, UTC) });
    expectErrorEnvelope(await book(stack, body('anonymous')), 401, 'UNAUTHORIZED', /bookingRequiresAuthentication/);
    expectErrorEnvelope(await book(stack, body('stranger'), host.key), 403, 'FORBIDDEN', /bookingRequiresAuthentication/);
    expectSuccess(await book(stack, body('owner'), owner.key), 201);
  });

  /** A host's booking of event type X (after-buffer 30) keeps 30 minutes after it free for event type Y too. */
  it("the buffers of another event type's booking of the host apply to slots and bookings", async () => {
    const owner = await hostWithSchedule(stack, OPEN_HOURS);
    const x = await eventType({ afterEventBuffer: 30, beforeEventBuffer: 60 }, owner);
    const y = await eventType({}, owner);
    expectSuccess(await book(stack, { eventTypeId: x.id, start: '2030-09-02T11:00:00Z', attendee: attendee(slug(), UTC) }), 201);
    // X's booking 11:00–12:00 keeps 10:00–12:30 busy: Y's 60-minute slots on the hour leave 09:00 only.
    expect(await slotTimes(y.id, '2030-09-02', '2030-09-02')).toEqual({ '2030-09-02': ['09:00'] });
    expectErrorEnvelope(await book(stack, { eventTypeId: y.id, start: '2030-09-02T12:00:00Z', attendee: attendee(slug(), UTC) }), 409, 'CONFLICT', /taken/);
    expectErrorEnvelope(await book(stack, { eventTypeId: y.id, start: '2030-09-02T10:00:00Z', attendee: attendee(slug(), UTC) }), 409, 'CONFLICT', /taken/);
    expectSuccess(await book(stack, { eventTypeId: y.id, start: '2030-09-02T09:00:00Z', attendee: attendee(slug(), UTC) }), 201);
  });
});
