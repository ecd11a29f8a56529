import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { attendee, EVERY_DAY, Host, hostWithSchedule } from '../support/booking-fixtures';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { ReferenceOutcome, referenceCaller, referenceOperationsOf } from '../support/reference-calls';
import { startTestStack, TestStack } from '../support/stack';
import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';

/**
 * One answer shape (issue 9): every operation of the reference document whose tag is one of the
 * Bookings, Event Types, Slots, Schedules and Me families (their organization and team variants too)
 * is called once with realistic valid input, and its success answer is validated against the
 * reference's 200/201 schema (`test/support/reference-shapes.ts`, the generator's quirks listed there).
 * The list of operations is read from the reference, so an operation of these tags that is neither
 * called below nor written in NOT_SERVED fails the coverage test.
 */
const FAMILY_TAGS = [
  'Bookings',
  'Orgs / Bookings',
  'Orgs / Teams / Bookings',
  'Orgs / Users / Bookings',
  'Event Types',
  'Event Types Private Links',
  'Teams / Event Types',
  'Orgs / Teams / Event Types',
  'Orgs / Teams / Event Types / Private Links',
  'Slots',
  'Schedules',
  'Orgs / Schedules',
  'Orgs / Teams / Schedules',
  'Orgs / Teams / Users / Schedules',
  'Orgs / Users / Schedules',
  'Teams / Schedules',
  'Me',
];

/** Operations of these tags deliberately not served, each with its reason (`METHOD /v2/path` as the reference writes it). */
const NOT_SERVED: Record<string, string> = {};

/** Versions the spec (section 9) requires where the reference names none or another one. */
const SPEC_VERSIONS: Record<string, string> = {
  'POST /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call': '2026-06-12',
  'POST /v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call': '2026-06-12',
};

const ALL_DAY_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };

/** A call provider on loopback for create-phone-call: answers every order with a call id. */
async function startCallProvider(): Promise<Server> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n += 1;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ callId: `call_${n}`, agentId: `agent_${n}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const OPERATIONS = referenceOperationsOf(FAMILY_TAGS);

describe('reference shapes: Bookings, Event Types, Slots, Schedules and Me', () => {
  let stack: TestStack;
  let provider: Server;
  const outcomes = new Map<string, ReferenceOutcome>();
  const call = referenceCaller(() => stack, outcomes, SPEC_VERSIONS);

  beforeAll(async () => {
    provider = await startCallProvider();
    process.env.PHONE_CALL_PROVIDER_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    process.env.PHONE_CALL_PROVIDER_API_KEY = 'provider-key';
    stack = await startTestStack();
    const operator = operatorOf(stack);

    // Who: a personal host; an organization (its admin) with a team (its admin and a member, both hosts).
    const [host, teamAdmin, member]: Host[] = await Promise.all([
      hostWithSchedule(stack, ALL_DAY_UTC, 'Hana Host'),
      hostWithSchedule(stack, ALL_DAY_UTC, 'Tess Teamadmin'),
      hostWithSchedule(stack, ALL_DAY_UTC, 'Mo Member'),
    ]);
    const orgAdmin = await userWithKey(stack, { name: 'Olga Orgadmin' });
    const orgId = (await operator.createOrganization({ name: 'Shapes Org', ownerId: orgAdmin.user.id })).id;
    const teamId = (await operator.createTeam({ name: 'Shapes Team', orgId, ownerId: teamAdmin.user.id })).id;
    await Promise.all([
      operator.addMember({ teamId: orgId, userId: teamAdmin.user.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER }),
    ]);
    const hostIds = [teamAdmin.user.id, member.user.id];
    const [bookable, teamType] = await Promise.all([
      operator.createEventType({ title: 'Intro', slug: 'intro', lengthInMinutes: 30, ownerId: host.user.id }),
      operator.createEventType({ title: 'Team call', slug: 'team-call', lengthInMinutes: 30, teamId, hostIds }),
    ]);
    const booking = (tag: string, start: string, status: BookingStatus, eventTypeId = bookable.id, hostId?: number) =>
      operator.createBooking({ eventTypeId, start: new Date(start), attendee: attendee(tag, 'UTC'), status, hostId });
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const [pending1, pending2, started, teamBooking1, teamBooking2] = await Promise.all([
      booking('pending1', '2032-01-05T09:00:00Z', BookingStatus.pending),
      booking('pending2', '2032-01-05T10:00:00Z', BookingStatus.pending),
      booking('started', hourAgo, BookingStatus.accepted),
      booking('team1', '2032-01-06T09:00:00Z', BookingStatus.accepted, teamType.id, teamAdmin.user.id),
      booking('team2', '2032-01-06T11:00:00Z', BookingStatus.accepted, teamType.id, member.user.id),
    ]);

    // Me, my event types, private links, schedules, slots and reservations.
    const eventTypeBody = {
      title: 'Consultation',
      slug: 'consultation',
      lengthInMinutes: 60,
      lengthInMinutesOptions: [30, 60],
      description: 'A consultation',
      minimumBookingNotice: 60,
      beforeEventBuffer: 5,
      afterEventBuffer: 5,
      slotInterval: 30,
      bookingLimitsCount: { day: 4 },
      bookingWindow: { type: 'calendarDays', value: 60, rolling: true },
      recurrence: { interval: 1, occurrences: 4, frequency: 'weekly' },
      color: { lightThemeHex: '#292929', darkThemeHex: '#fafafa' },
      bookerLayouts: { defaultLayout: 'month', enabledLayouts: ['month', 'week'] },
      locations: [{ type: 'address', address: '1 Main Street', public: true }],
      successRedirectUrl: 'https://example.com/thanks',
    };
    const [, , created] = await Promise.all([
      call('GET', '/v2/me', {}, { key: host.key }),
      call('PATCH', '/v2/me', {}, { key: host.key, body: { timeZone: 'Europe/Paris', weekStart: 'Monday', timeFormat: 24 } }),
      call('POST', '/v2/event-types', {}, { key: host.key, body: eventTypeBody }),
      call(
        'POST',
        '/v2/schedules',
        {},
        {
          key: host.key,
          body: {
            name: 'Evenings',
            timeZone: 'Europe/Paris',
            isDefault: false,
            availability: [{ days: ['Monday'], startTime: '18:00', endTime: '21:00' }],
            overrides: [{ date: '2032-02-02', startTime: '10:00', endTime: '12:00' }],
          },
        },
      ),
      call('GET', '/v2/slots', {}, { query: { eventTypeId: bookable.id, start: '2032-02-02', end: '2032-02-03' } }),
    ]);
    const eventTypeId = created.id as number;
    const [, , link] = await Promise.all([
      call('GET', '/v2/event-types', {}, { key: host.key }),
      call('GET', '/v2/event-types/{eventTypeId}', { eventTypeId }, { key: host.key }),
      call('POST', '/v2/event-types/{eventTypeId}/private-links', { eventTypeId }, { key: host.key, body: { maxUsageCount: 10 } }),
      call('PATCH', '/v2/event-types/{eventTypeId}', { eventTypeId }, { key: host.key, body: { title: 'Long consultation', afterEventBuffer: 10 } }),
    ]);
    const linkId = link.linkId as string;
    await call('GET', '/v2/event-types/{eventTypeId}/private-links', { eventTypeId }, { key: host.key });
    await call(
      'PATCH',
      '/v2/event-types/{eventTypeId}/private-links/{linkId}',
      { eventTypeId, linkId },
      { key: host.key, body: { maxUsageCount: 5, expiresAt: '2033-01-01T00:00:00.000Z' } },
    );
    await call('DELETE', '/v2/event-types/{eventTypeId}/private-links/{linkId}', { eventTypeId, linkId }, { key: host.key });
    await call('DELETE', '/v2/event-types/{eventTypeId}', { eventTypeId }, { key: host.key });

    const schedules: any[] = await call('GET', '/v2/schedules', {}, { key: host.key });
    const evenings = schedules.find((s) => s.name === 'Evenings');
    await Promise.all([
      call('GET', '/v2/schedules/default', {}, { key: host.key }),
      call('GET', '/v2/schedules/{scheduleId}', { scheduleId: evenings.id }, { key: host.key }),
      call('PATCH', '/v2/schedules/{scheduleId}', { scheduleId: evenings.id }, { key: host.key, body: { name: 'Late evenings' } }),
    ]);
    await call('DELETE', '/v2/schedules/{scheduleId}', { scheduleId: evenings.id }, { key: host.key });

    const reservation = await call('POST', '/v2/slots/reservations', {}, { body: { eventTypeId: bookable.id, slotStart: '2032-02-02T09:00:00Z' } });
    const uid = reservation.reservationUid as string;
    await call('GET', '/v2/slots/reservations/{uid}', { uid });
    await call('PATCH', '/v2/slots/reservations/{uid}', { uid }, { body: { eventTypeId: bookable.id, slotStart: '2032-02-02T10:00:00Z' } });
    await call('DELETE', '/v2/slots/reservations/{uid}', { uid });

    // Bookings: create, read, the reads of one booking, then every action.
    const made = await call(
      'POST',
      '/v2/bookings',
      {},
      {
        body: {
          eventTypeId: bookable.id,
          start: '2032-01-07T09:00:00Z',
          attendee: { ...attendee('booker', 'Europe/Paris'), phoneNumber: '+33612345678' },
          guests: ['friend@example.com'],
          metadata: { source: 'shapes' },
        },
      },
    );
    const bookingUid = made.uid as string;
    await Promise.all([
      call('GET', '/v2/bookings', {}, { key: host.key, query: { take: 2 } }),
      call('GET', '/v2/bookings/{bookingUid}', { bookingUid }, { key: host.key }),
      call('GET', '/v2/bookings/{bookingUid}/recordings', { bookingUid }, { key: host.key }),
      call('GET', '/v2/bookings/{bookingUid}/transcripts', { bookingUid }, { key: host.key }),
      call('GET', '/v2/bookings/{bookingUid}/calendar-links', { bookingUid }, { key: host.key }),
      call('GET', '/v2/bookings/{bookingUid}/references', { bookingUid }, { key: host.key }),
      call('POST', '/v2/bookings/{bookingUid}/confirm', { bookingUid: pending1.uid }, { key: host.key }),
      call('POST', '/v2/bookings/{bookingUid}/decline', { bookingUid: pending2.uid }, { key: host.key, body: { reason: 'fully booked' } }),
      call(
        'POST',
        '/v2/bookings/{bookingUid}/mark-absent',
        { bookingUid: started.uid },
        { key: host.key, body: { host: false, attendees: [{ email: attendee('started').email, absent: true }] } },
      ),
      call(
        'POST',
        '/v2/bookings/{bookingUid}/reassign/{userId}',
        { bookingUid: teamBooking1.uid, userId: member.user.id },
        { key: teamAdmin.key, body: { reason: 'vacation' } },
      ),
      call('POST', '/v2/bookings/{bookingUid}/reassign', { bookingUid: teamBooking2.uid }, { key: teamAdmin.key }),
    ]);
    const moved = await call(
      'POST',
      '/v2/bookings/{bookingUid}/reschedule',
      { bookingUid },
      { body: { start: '2032-01-07T11:00:00Z', reschedulingReason: 'conflict' } },
    );
    await call('POST', '/v2/bookings/{bookingUid}/cancel', { bookingUid: moved.uid }, { body: { cancellationReason: 'no longer needed' } });

    // Team and organization-team event types, their private links and phone calls.
    const teamTypeBody = (slug: string) => ({
      title: 'Team demo',
      slug,
      lengthInMinutes: 30,
      schedulingType: 'roundRobin',
      hosts: hostIds.map((userId) => ({ userId })),
    });
    const [teamCreated, orgTeamCreated] = await Promise.all([
      call('POST', '/v2/teams/{teamId}/event-types', { teamId }, { key: teamAdmin.key, body: teamTypeBody('team-demo') }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/event-types', { orgId, teamId }, { key: orgAdmin.key, body: teamTypeBody('org-team-demo') }),
    ]);
    const phoneCall = (key: string) => ({
      yourPhoneNumber: '+14155550100',
      numberToCall: '+447700900123',
      svcApiKey: key,
      enabled: true,
      templateType: 'CHECK_IN_APPOINTMENT',
      schedulerName: 'Ada',
      guestName: 'Grace',
      guestEmail: 'grace@example.com',
      guestCompany: 'Navy',
      beginMessage: 'Hello Grace',
      generalPrompt: 'Confirm the appointment.',
    });
    const orgTeamLinks = { orgId, teamId, eventTypeId: orgTeamCreated.id };
    const [, , , , , , , , orgLink] = await Promise.all([
      call('GET', '/v2/teams/{teamId}/event-types', { teamId }, { key: teamAdmin.key }),
      call('GET', '/v2/teams/{teamId}/event-types/{eventTypeId}', { teamId, eventTypeId: teamCreated.id }, { key: teamAdmin.key }),
      call(
        'PATCH',
        '/v2/teams/{teamId}/event-types/{eventTypeId}',
        { teamId, eventTypeId: teamCreated.id },
        { key: teamAdmin.key, body: { title: 'Team demo, longer', lengthInMinutes: 45 } },
      ),
      call(
        'POST',
        '/v2/teams/{teamId}/event-types/{eventTypeId}/create-phone-call',
        { teamId, eventTypeId: teamCreated.id },
        { key: teamAdmin.key, body: phoneCall(teamAdmin.key) },
      ),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/event-types', { orgId, teamId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}', orgTeamLinks, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}', orgTeamLinks, {
        key: orgAdmin.key,
        body: { description: 'Now described' },
      }),
      call('GET', '/v2/organizations/{orgId}/teams/event-types', { orgId }, { key: orgAdmin.key }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links', orgTeamLinks, {
        key: orgAdmin.key,
        body: { expiresAt: '2033-01-01T00:00:00.000Z' },
      }),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/create-phone-call', orgTeamLinks, {
        key: orgAdmin.key,
        body: phoneCall(orgAdmin.key),
      }),
    ]);
    await call('GET', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links', orgTeamLinks, { key: orgAdmin.key });
    await call(
      'PATCH',
      '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}',
      { ...orgTeamLinks, linkId: orgLink.linkId },
      { key: orgAdmin.key, body: { maxUsageCount: 3 } },
    );
    await call(
      'DELETE',
      '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links/{linkId}',
      { ...orgTeamLinks, linkId: orgLink.linkId },
      { key: orgAdmin.key },
    );
    await Promise.all([
      call('DELETE', '/v2/teams/{teamId}/event-types/{eventTypeId}', { teamId, eventTypeId: teamCreated.id }, { key: teamAdmin.key }),
      call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}', orgTeamLinks, { key: orgAdmin.key }),
    ]);

    // Bookings and schedules of the organization, its teams and its users.
    const userSchedules = { orgId, userId: member.user.id };
    const [, , , , , , , , memberSchedule] = await Promise.all([
      call('GET', '/v2/organizations/{orgId}/bookings', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/bookings', { orgId, teamId }, { key: orgAdmin.key }),
      call(
        'GET',
        '/v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references',
        { orgId, teamId, bookingUid: teamBooking1.uid },
        { key: orgAdmin.key },
      ),
      call('GET', '/v2/organizations/{orgId}/users/{userId}/bookings', userSchedules, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/schedules', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/schedules', { orgId, teamId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules', { orgId, teamId, userId: member.user.id }, { key: orgAdmin.key }),
      call('GET', '/v2/teams/{teamId}/schedules', { teamId }, { key: teamAdmin.key }),
      call('POST', '/v2/organizations/{orgId}/users/{userId}/schedules', userSchedules, {
        key: orgAdmin.key,
        body: { name: 'Mornings', timeZone: 'Europe/Rome', isDefault: false, availability: [{ days: ['Tuesday'], startTime: '08:00', endTime: '12:00' }] },
      }),
    ]);
    const scheduleOfMember = { ...userSchedules, scheduleId: memberSchedule.id };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/users/{userId}/schedules', userSchedules, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}', scheduleOfMember, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}', scheduleOfMember, {
        key: orgAdmin.key,
        body: { name: 'Early mornings' },
      }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}', scheduleOfMember, { key: orgAdmin.key });
  });

  afterAll(async () => {
    const validating = OPERATIONS.filter((o) => outcomes.get(o.key)?.problems.length === 0).length;
    // The figure issue 9 asks for.
    process.stdout.write(`reference shapes: ${validating} of ${OPERATIONS.length} operations validate; not served: ${Object.keys(NOT_SERVED).length}\n`);
    await stack?.stop();
    provider?.closeAllConnections();
    await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(undefined)));
    delete process.env.PHONE_CALL_PROVIDER_URL;
    delete process.env.PHONE_CALL_PROVIDER_API_KEY;
  });

  it('every operation of these tags is called or written in NOT_SERVED with its reason', () => {
    expect(OPERATIONS.length).toBeGreaterThan(60);
    const unaccounted = OPERATIONS.filter((o) => !outcomes.has(o.key) && !NOT_SERVED[o.key]).map((o) => o.key);
    expect(unaccounted).toEqual([]);
    for (const key of Object.keys(NOT_SERVED)) {
      expect(OPERATIONS.map((o) => o.key)).toContain(key);
      expect(outcomes.has(key)).toBe(false); // served after all: take it out of NOT_SERVED
    }
  });

  it.each(OPERATIONS.filter((o) => !NOT_SERVED[o.key]).map((o) => [o.key]))('%s answers 2xx in the reference shape', (key) => {
    expect(outcomes.get(key)?.problems ?? ['not called']).toEqual([]);
  });
});
