import { fewestStatements } from '../support/sql-statements';
import { attendee, book, EVERY_DAY, getSlots, hostWithSchedule, localTimes, personalEventType, teamEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

const NY = 'America/New_York';

/**
 * GET /v2/slots/available (spec 4.15, 2.14, 2.17, §8): public; query eventTypeId (or eventTypeSlug
 * with username or teamSlug), startTime, endTime, timeZone; `data.slots` groups the slots by day in
 * the requested time zone. Dates are in 2030 and later so that no slot is in the past.
 */
describe('GET /v2/slots/available', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  describe('a slot exists only where the host’s schedule is open, in the schedule’s wall clock across DST changes', () => {
    it('America/New_York, spring forward (2030-03-10): 09:00 and 10:00 stay 09:00 and 10:00 local, the UTC offset moves from -05:00 to -04:00', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(
        await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-03-09T05:00:00Z', endTime: '2030-03-12T04:00:00Z', timeZone: NY }),
      );
      expect(localTimes(data)).toEqual({
        '2030-03-09': ['09:00-05:00', '10:00-05:00'],
        '2030-03-10': ['09:00-04:00', '10:00-04:00'],
        '2030-03-11': ['09:00-04:00', '10:00-04:00'],
      });
      expect(data.slots['2030-03-09'][0].time).toBe('2030-03-09T09:00:00.000-05:00');
      expect(new Date(data.slots['2030-03-11'][0].time).toISOString()).toBe('2030-03-11T13:00:00.000Z');
    });

    it('a window across the spring-forward gap (01:00–04:00 on 2030-03-10) lasts two real hours: 01:00 EST and 03:00 EDT', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: ['Sunday'], startTime: '01:00', endTime: '04:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(
        await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-03-10T00:00:00-05:00', endTime: '2030-03-11T00:00:00-04:00', timeZone: NY }),
      );
      expect(localTimes(data)).toEqual({ '2030-03-10': ['01:00-05:00', '03:00-04:00'] });
    });

    it('America/New_York, fall back (2030-11-03): 00:00–03:00 lasts four real hours and 01:00 is offered twice (EDT, then EST)', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: ['Sunday'], startTime: '00:00', endTime: '03:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(
        await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-11-02T00:00:00Z', endTime: '2030-11-05T00:00:00Z', timeZone: NY }),
      );
      expect(localTimes(data)).toEqual({ '2030-11-03': ['00:00-04:00', '01:00-04:00', '01:00-05:00', '02:00-05:00'] });
      expect(data.slots['2030-11-03'].map((s: { time: string }) => new Date(s.time).toISOString())).toEqual([
        '2030-11-03T04:00:00.000Z',
        '2030-11-03T05:00:00.000Z',
        '2030-11-03T06:00:00.000Z',
        '2030-11-03T07:00:00.000Z',
      ]);
    });

    it('the week after the fall-back keeps 09:00 local (14:00Z instead of 13:00Z)', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-11-02', endTime: '2030-11-04' }));
      // timeZone omitted: UTC, days are UTC dates and times end in Z
      expect(data.slots).toEqual({
        '2030-11-02': [{ time: '2030-11-02T13:00:00.000Z' }],
        '2030-11-03': [{ time: '2030-11-03T14:00:00.000Z' }],
        '2030-11-04': [{ time: '2030-11-04T14:00:00.000Z' }],
      });
    });

    it('Asia/Kolkata (UTC+05:30): 09:00 local is 03:30Z, written with +05:30 or in UTC as asked', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'Asia/Kolkata', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:30' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 30 });
      const range = { eventTypeId: eventType.id, startTime: '2030-06-03T00:00:00+05:30', endTime: '2030-06-04T00:00:00+05:30' };
      const local = expectSuccess(await getSlots(stack, { ...range, timeZone: 'Asia/Kolkata' }));
      expect(localTimes(local)).toEqual({ '2030-06-03': ['09:00+05:30', '09:30+05:30', '10:00+05:30'] });
      const utc = expectSuccess(await getSlots(stack, { ...range, timeZone: 'UTC' }));
      expect(utc.slots).toEqual({ '2030-06-03': ['03:30', '04:00', '04:30'].map((t) => ({ time: `2030-06-03T${t}:00.000Z` })) });
    });

    it('slots are grouped by day in the requested time zone: 20:00 in New York is the next day in Kolkata', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: ['Monday'], startTime: '20:00', endTime: '21:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(
        await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-06-03T00:00:00Z', endTime: '2030-06-05T00:00:00Z', timeZone: 'Asia/Kolkata' }),
      );
      expect(data.slots).toEqual({ '2030-06-04': [{ time: '2030-06-04T05:30:00.000+05:30' }] }); // Monday 2030-06-03 20:00 EDT
    });

    it('an override replaces the weekly hours of its date (in the schedule’s zone)', async () => {
      const host = await hostWithSchedule(stack, {
        timeZone: 'Europe/Rome',
        availability: [{ days: ['Monday', 'Tuesday', 'Thursday'], startTime: '09:00', endTime: '11:00' }],
        overrides: [
          { date: '2030-06-04', startTime: '15:00', endTime: '16:00' }, // a Tuesday: afternoon instead of morning
          { date: '2030-06-05', startTime: '12:00', endTime: '13:00' }, // a Wednesday: open although the week says closed
        ],
      });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const data = expectSuccess(
        await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-06T12:00:00+02:00', timeZone: 'Europe/Rome' }),
      );
      expect(localTimes(data)).toEqual({
        '2030-06-03': ['09:00+02:00', '10:00+02:00'],
        '2030-06-04': ['15:00+02:00'],
        '2030-06-05': ['12:00+02:00'],
        '2030-06-06': ['09:00+02:00', '10:00+02:00'],
      });
    });

    it('the event type’s own schedule wins over the host’s default schedule', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:00' }] });
      const evenings = await operatorOf(stack).createSchedule({
        ownerId: host.user.id,
        name: 'Evenings',
        timeZone: 'UTC',
        availability: [{ days: EVERY_DAY, startTime: '18:00', endTime: '19:00' }],
        isDefault: false,
      });
      const eventType = await operatorOf(stack).createEventType({
        title: 'Evening call',
        slug: 'evening-call',
        lengthInMinutes: 60,
        ownerId: host.user.id,
        scheduleId: evenings.id,
      });
      const data = expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-03' }));
      expect(data.slots).toEqual({ '2030-06-03': [{ time: '2030-06-03T18:00:00.000Z' }] });
    });

    it('slots that start before now are not offered', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const now = Date.now();
      const data = expectSuccess(
        await getSlots(stack, {
          eventTypeId: eventType.id,
          startTime: new Date(now - 86_400_000).toISOString(),
          endTime: new Date(now + 86_400_000).toISOString(),
        }),
      );
      const starts = Object.values(data.slots)
        .flat()
        .map((s: any) => new Date(s.time).getTime());
      expect(starts.length).toBeGreaterThan(10);
      expect(Math.min(...starts)).toBeGreaterThanOrEqual(now);
    });

    it('a host without any schedule has no slots', async () => {
      const { user } = await userWithKey(stack);
      const eventType = await personalEventType(stack, user.id);
      expect(expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-10' }))).toEqual({ slots: {} });
    });
  });

  describe('no accepted or pending booking of the host overlaps a slot: a booked slot disappears', () => {
    it('after a booking at 10:00 the 10:00 slot is gone and 09:00 and 11:00 remain', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '12:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const query = { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-03' };
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({ '2030-06-03': ['09:00Z', '10:00Z', '11:00Z'] });
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2030-06-03T10:00:00Z', attendee: attendee('slot') }), 201);
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({ '2030-06-03': ['09:00Z', '11:00Z'] });
    });

    it('a booking of another event type of the same host blocks the overlapping slots too (30-minute event, 60-minute booking)', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const long = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const short = await personalEventType(stack, host.user.id, { lengthInMinutes: 30 });
      expectSuccess(await book(stack, { eventTypeId: long.id, start: '2030-06-03T09:00:00Z', attendee: attendee('long') }), 201);
      const data = expectSuccess(await getSlots(stack, { eventTypeId: short.id, startTime: '2030-06-03', endTime: '2030-06-03' }));
      expect(localTimes(data)).toEqual({ '2030-06-03': ['10:00Z', '10:30Z'] });
    });
  });

  describe('booking limits (spec 2.17, §8 rules 1–4): a reached limit makes every slot of its period disappear, until the next period in the host’s time zone', () => {
    let host: Awaited<ReturnType<typeof hostWithSchedule>>;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '12:00' }] }, 'Lima Limits');
      const org = await operatorOf(stack).createOrganization({ name: 'Limits Inc' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
      eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
      expectSuccess(await stack.rest('PATCH', '/v2/me/booking-limits', { key: host.key, body: { perDay: 1 } }));
    });

    it('perDay 1: after one booking on 2030-06-04 (New York) that day has no slot; 06-03 and 06-05 keep theirs', async () => {
      const query = { eventTypeId, startTime: '2030-06-03T00:00:00-04:00', endTime: '2030-06-06T00:00:00-04:00', timeZone: NY };
      expect(Object.keys(expectSuccess(await getSlots(stack, query)).slots)).toEqual(['2030-06-03', '2030-06-04', '2030-06-05']);
      expectSuccess(await book(stack, { eventTypeId, start: '2030-06-04T13:00:00Z', attendee: attendee('limit-1') }), 201); // 09:00 EDT
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({
        '2030-06-03': ['09:00-04:00', '10:00-04:00', '11:00-04:00'],
        '2030-06-05': ['09:00-04:00', '10:00-04:00', '11:00-04:00'],
      });
    });

    it('a cancelled booking no longer counts: the day’s slots come back', async () => {
      const booked = expectSuccess(await book(stack, { eventTypeId, start: '2030-06-10T13:00:00Z', attendee: attendee('limit-2') }), 201);
      const query = { eventTypeId, startTime: '2030-06-10T00:00:00-04:00', endTime: '2030-06-11T00:00:00-04:00', timeZone: NY };
      expect(expectSuccess(await getSlots(stack, query)).slots).toEqual({});
      expectSuccess(await stack.rest('POST', `/v2/bookings/${booked.uid}/cancel`, { body: {}, headers: { 'svc-api-version': '2024-08-13' } }));
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({ '2030-06-10': ['09:00-04:00', '10:00-04:00', '11:00-04:00'] });
    });
  });

  describe("booking limit periods are the user's own days (rule 4: in the user's time zone), even when the schedule uses another zone", () => {
    it('perDay 1 for a user in Pacific/Auckland with a UTC schedule: a booking at 01:00 Auckland fills that Auckland day, not the UTC day', async () => {
      const host = await userWithKey(stack, { name: 'Kiri Kiwi', timeZone: 'Pacific/Auckland' });
      await operatorOf(stack).createSchedule({
        ownerId: host.user.id,
        name: 'UTC hours',
        timeZone: 'UTC',
        isDefault: true,
        availability: [{ days: EVERY_DAY, startTime: '08:00', endTime: '16:00' }],
      });
      const org = await operatorOf(stack).createOrganization({ name: 'Kiwi Ltd' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
      expectSuccess(await stack.rest('PATCH', '/v2/me/booking-limits', { key: host.key, body: { perDay: 1 } }));
      const eventTypeId = (await personalEventType(stack, host.user.id, { lengthInMinutes: 60 })).id;
      // 2031-01-06 12:00Z is 2031-01-07 01:00 in Auckland (NZDT, +13:00).
      expectSuccess(await book(stack, { eventTypeId, start: '2031-01-06T12:00:00Z', attendee: attendee('kiwi') }), 201);
      const slots = expectSuccess(await getSlots(stack, { eventTypeId, startTime: '2031-01-06T08:00:00Z', endTime: '2031-01-06T16:00:00Z' })).slots;
      // 08:00–10:00Z are still 2031-01-06 in Auckland (21:00, 22:00): free; from 11:00Z on it is Auckland's 7th: full.
      expect(slots['2031-01-06'].map((s: { time: string }) => s.time)).toEqual([
        '2031-01-06T08:00:00.000Z',
        '2031-01-06T09:00:00.000Z',
        '2031-01-06T10:00:00.000Z',
      ]);
      const refused = await book(stack, { eventTypeId, start: '2031-01-06T14:00:00Z', attendee: attendee('kiwi-2') });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/Booking limit reached: 1 per day/);
    });
  });

  describe('team event types: a slot needs one free host', () => {
    it('one host busy → the slot is still offered; both busy → it is gone', async () => {
      const hours = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] };
      const ann = await hostWithSchedule(stack, hours, 'Ann Host');
      const ben = await hostWithSchedule(stack, hours, 'Ben Host');
      const { eventType } = await teamEventType(stack, [ann, ben]);
      const annOwn = await personalEventType(stack, ann.user.id);
      const benOwn = await personalEventType(stack, ben.user.id);
      const query = { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-03' };

      expectSuccess(await book(stack, { eventTypeId: annOwn.id, start: '2030-06-03T09:00:00Z', attendee: attendee('ann') }), 201);
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({ '2030-06-03': ['09:00Z', '10:00Z'] });

      expectSuccess(await book(stack, { eventTypeId: benOwn.id, start: '2030-06-03T09:00:00Z', attendee: attendee('ben') }), 201);
      expect(localTimes(expectSuccess(await getSlots(stack, query)))).toEqual({ '2030-06-03': ['10:00Z'] });
    });

    it('hosts with different schedules: the union of their hours', async () => {
      const early = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '08:00', endTime: '09:00' }] });
      const late = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '16:00', endTime: '17:00' }] });
      const { eventType } = await teamEventType(stack, [early, late]);
      expect(localTimes(expectSuccess(await getSlots(stack, { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-03' })))).toEqual({
        '2030-06-03': ['08:00Z', '16:00Z'],
      });
    });

    it('reads every host’s schedules, limits and bookings in one statement per kind: two hosts and four hosts cost the same', async () => {
      const hours = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
      const hosts = [];
      for (let i = 0; i < 4; i++) hosts.push(await hostWithSchedule(stack, hours));
      const two = (await teamEventType(stack, hosts.slice(0, 2))).eventType;
      const four = (await teamEventType(stack, hosts)).eventType;
      const cost = (eventTypeId: number) =>
        fewestStatements(async () => expectSuccess(await getSlots(stack, { eventTypeId, startTime: '2030-06-03', endTime: '2030-06-09' })));
      await cost(two.id);
      expect(await cost(four.id)).toBe(await cost(two.id));
    });
  });

  describe('by eventTypeSlug with username (personal) or teamSlug (team), through the organizations subgraph', () => {
    it('username + eventTypeSlug, and teamSlug + eventTypeSlug, answer the same slots as the event type id', async () => {
      const hours = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:00' }] };
      const host = await hostWithSchedule(stack, hours);
      const personal = await personalEventType(stack, host.user.id, { slug: 'intro' });
      const { team, eventType } = await teamEventType(stack, [host], { slug: 'team-intro' });
      const range = { startTime: '2030-06-03', endTime: '2030-06-03' };
      const expected = { slots: { '2030-06-03': [{ time: '2030-06-03T09:00:00.000Z' }] } };
      expect(expectSuccess(await getSlots(stack, { ...range, eventTypeId: personal.id }))).toEqual(expected);
      expect(expectSuccess(await getSlots(stack, { ...range, username: host.user.username, eventTypeSlug: 'intro' }))).toEqual(expected);
      expect(expectSuccess(await getSlots(stack, { ...range, teamSlug: team.slug, eventTypeSlug: 'team-intro' }))).toEqual(expected);
      expect(expectSuccess(await getSlots(stack, { ...range, eventTypeId: eventType.id }))).toEqual(expected);
    });

    it('an unknown username, team or slug → 404 NOT_FOUND naming it', async () => {
      const range = { startTime: '2030-06-03', endTime: '2030-06-04' };
      expectErrorEnvelope(await getSlots(stack, { ...range, username: 'no-such-user', eventTypeSlug: 'intro' }), 404, 'NOT_FOUND', /no-such-user/);
      expectErrorEnvelope(await getSlots(stack, { ...range, teamSlug: 'no-such-team', eventTypeSlug: 'intro' }), 404, 'NOT_FOUND', /no-such-team/);
      const { user } = await userWithKey(stack);
      expectErrorEnvelope(await getSlots(stack, { ...range, username: user.username, eventTypeSlug: 'nothing-here' }), 404, 'NOT_FOUND', /nothing-here/);
      expectErrorEnvelope(await getSlots(stack, { ...range, eventTypeId: 999999 }), 404, 'NOT_FOUND');
    });

    it('organizationSlug narrows username to members of that organization', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:00' }] });
      await personalEventType(stack, host.user.id, { slug: 'org-intro' });
      const org = await operatorOf(stack).createOrganization({ name: 'Slug Org', slug: 'slug-org' });
      const other = await operatorOf(stack).createOrganization({ name: 'Other Org', slug: 'other-org' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: host.user.id, role: MembershipRole.MEMBER });
      const query = { startTime: '2030-06-03', endTime: '2030-06-03', username: host.user.username, eventTypeSlug: 'org-intro' };
      expect(Object.keys(expectSuccess(await getSlots(stack, { ...query, organizationSlug: 'slug-org' })).slots)).toEqual(['2030-06-03']);
      expectErrorEnvelope(await getSlots(stack, { ...query, organizationSlug: other.slug }), 404, 'NOT_FOUND');
    });
  });

  describe("GraphQL availableSlots: days with each slot's start and end in the requested zone, the same slots as REST", () => {
    it('across the fall-back, a 60-minute slot starting 01:00 EDT ends 01:00 EST', async () => {
      const host = await hostWithSchedule(stack, { timeZone: NY, availability: [{ days: ['Sunday'], startTime: '00:00', endTime: '03:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const range = { eventTypeId: eventType.id, startTime: '2030-11-02T00:00:00Z', endTime: '2030-11-05T00:00:00Z', timeZone: NY };
      const { body } = await stack.graphql(
        'query($eventTypeId: Int, $startTime: String!, $endTime: String!, $timeZone: String) { availableSlots(eventTypeId: $eventTypeId, startTime: $startTime, endTime: $endTime, timeZone: $timeZone) { days { date slots { start end } } } }',
        range,
      );
      expect(body.errors).toBeUndefined();
      expect(body.data.availableSlots.days).toEqual([
        {
          date: '2030-11-03',
          slots: [
            { start: '2030-11-03T00:00:00.000-04:00', end: '2030-11-03T01:00:00.000-04:00' },
            { start: '2030-11-03T01:00:00.000-04:00', end: '2030-11-03T01:00:00.000-05:00' },
            { start: '2030-11-03T01:00:00.000-05:00', end: '2030-11-03T02:00:00.000-05:00' },
            { start: '2030-11-03T02:00:00.000-05:00', end: '2030-11-03T03:00:00.000-05:00' },
          ],
        },
      ]);
      const rest = expectSuccess(await getSlots(stack, range));
      expect(rest.slots['2030-11-03'].map((s: { time: string }) => s.time)).toEqual(
        body.data.availableSlots.days[0].slots.map((s: { start: string }) => s.start),
      );
    });
  });

  describe('public: no credential and no scope needed', () => {
    it('answers without Authorization and with any API key alike', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '10:00' }] });
      const eventType = await personalEventType(stack, host.user.id);
      const query = { eventTypeId: eventType.id, startTime: '2030-06-03', endTime: '2030-06-03' };
      const { key } = await userWithKey(stack);
      expect(expectSuccess(await getSlots(stack, query, key))).toEqual(expectSuccess(await getSlots(stack, query)));
    });
  });

  describe('the range and the zone are validated: 400 naming the parameter', () => {
    let eventTypeId: number;
    beforeAll(async () => {
      const { user } = await userWithKey(stack);
      eventTypeId = (await personalEventType(stack, user.id)).id;
    });

    it.each([
      ['startTime missing', { endTime: '2030-06-03' }, /^startTime/],
      ['endTime missing', { startTime: '2030-06-03' }, /^endTime/],
      ['startTime not ISO 8601', { startTime: 'tomorrow', endTime: '2030-06-03' }, /^startTime/],
      ['endTime not a real date', { startTime: '2030-06-03', endTime: '2030-02-30T10:00:00Z' }, /^endTime/],
      ['endTime before startTime', { startTime: '2030-06-03T10:00:00Z', endTime: '2030-06-03T09:00:00Z' }, /^endTime must be after startTime/],
      ['endTime equal to startTime', { startTime: '2030-06-03T10:00:00Z', endTime: '2030-06-03T10:00:00Z' }, /^endTime must be after startTime/],
      ['more than 366 days', { startTime: '2030-01-01', endTime: '2031-01-03' }, /^endTime must be at most 366 days/],
      ['an unknown time zone', { startTime: '2030-06-03', endTime: '2030-06-04', timeZone: 'Mars/Olympus' }, /^timeZone/],
      ['eventTypeId not a number', { startTime: '2030-06-03', endTime: '2030-06-04', eventTypeId: 'abc' }, /^eventTypeId/],
    ])('%s', async (_case, query, message) => {
      expectErrorEnvelope(await getSlots(stack, { eventTypeId, ...query } as Record<string, string | number>), 400, 'BAD_REQUEST', message);
    });

    it('neither eventTypeId nor eventTypeSlug → 400 naming eventTypeId; a slug without username or teamSlug → 400 naming username', async () => {
      expectErrorEnvelope(await getSlots(stack, { startTime: '2030-06-03', endTime: '2030-06-04' }), 400, 'BAD_REQUEST', /^eventTypeId/);
      expectErrorEnvelope(await getSlots(stack, { startTime: '2030-06-03', endTime: '2030-06-04', eventTypeSlug: 'intro' }), 400, 'BAD_REQUEST', /^username/);
      expectErrorEnvelope(
        await getSlots(stack, { startTime: '2030-06-03', endTime: '2030-06-04', eventTypeSlug: 'intro', username: 'a', teamSlug: 'b' }),
        400,
        'BAD_REQUEST',
        /^teamSlug/,
      );
    });
  });
});
