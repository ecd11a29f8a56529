import { attendee, BOOKINGS_VERSION, EVERY_DAY, Host, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';
import { BookingStatus } from '../../subgraphs/scheduling/booking-record/booking.entity';

const ALL_DAY_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const HOUR = 3_600_000;

/**
 * GET /v2/bookings with the reference's filters and sorts (GetBookingsInput_2024_08_13) and its
 * pagination object (PaginationMetaDto); the booking lists of organizations, their teams and members,
 * and of teams (spec 5.3 ORG_BOOKING_READ, TEAM_BOOKING_READ): bookings of team B never appear in A's.
 *
 * The reference's status values map onto the spec's:
 *
 * | status      | matches                                               |
 * |-------------|-------------------------------------------------------|
 * | upcoming    | accepted or pending, not ended                        |
 * | unconfirmed | pending, not ended                                    |
 * | past        | ended, neither cancelled nor rejected                 |
 * | recurring   | nothing (no recurring bookings)                       |
 * | accepted, pending, cancelled, rejected | that status                 |
 */
describe('booking lists', () => {
  let stack: TestStack;
  let hostA: Host; // member of organization A and of its team A1
  let hostB: Host; // member of organization B and of its team B1
  let both: Host; // member of organization A, and of team B1 of organization B
  let orgAdminA: Host;
  let teamAdminA1: Host;
  let orgA: number;
  let orgB: number;
  let teamA1: number;
  let teamB1: number;
  let personalA: number;
  let otherPersonalA: number;
  let typeA1: number;
  let typeB1: number;
  const uids: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [hostA, hostB, both, orgAdminA, teamAdminA1] = await Promise.all(
      ['Host A', 'Host B', 'Both', 'Org admin A', 'Team admin A1'].map((name) => hostWithSchedule(stack, ALL_DAY_UTC, name)),
    );
    orgA = (await operator.createOrganization({ name: 'Org A', ownerId: orgAdminA.user.id })).id;
    const orgAdminB = await hostWithSchedule(stack, ALL_DAY_UTC);
    orgB = (await operator.createOrganization({ name: 'Org B', ownerId: orgAdminB.user.id })).id;
    teamA1 = (await operator.createTeam({ name: 'Team A1', orgId: orgA, ownerId: teamAdminA1.user.id })).id;
    teamB1 = (await operator.createTeam({ name: 'Team B1', orgId: orgB, ownerId: orgAdminB.user.id })).id;
    for (const [teamId, user] of [
      [orgA, hostA],
      [orgA, both],
      [orgA, teamAdminA1],
      [teamA1, hostA],
      [orgB, hostB],
      [teamB1, hostB],
      [teamB1, both],
    ] as const) {
      await operator.addMember({ teamId, userId: user.user.id, role: MembershipRole.MEMBER });
    }
    personalA = (await personalEventType(stack, hostA.user.id, { lengthInMinutes: 30 })).id;
    otherPersonalA = (await personalEventType(stack, hostA.user.id, { lengthInMinutes: 30 })).id;
    typeA1 = (await operator.createEventType({ title: 'A1', slug: 'a1', lengthInMinutes: 30, teamId: teamA1, hostIds: [hostA.user.id] })).id;
    typeB1 = (await operator.createEventType({ title: 'B1', slug: 'b1', lengthInMinutes: 30, teamId: teamB1, hostIds: [hostB.user.id, both.user.id] })).id;
    const bothPersonal = (await personalEventType(stack, both.user.id, { lengthInMinutes: 30 })).id;
    const hostBPersonal = (await personalEventType(stack, hostB.user.id, { lengthInMinutes: 30 })).id;

    const now = Date.now();
    const rows: Array<[string, number, number, number, BookingStatus, string]> = [
      // name, event type, host, start, status, attendee name
      ['upcoming', personalA, hostA.user.id, Date.UTC(2032, 0, 1, 9), BookingStatus.accepted, 'Ann'],
      ['pending', personalA, hostA.user.id, Date.UTC(2032, 0, 1, 10), BookingStatus.pending, 'Ben'],
      ['past', otherPersonalA, hostA.user.id, now - 48 * HOUR, BookingStatus.accepted, 'Cat'],
      ['cancelled', personalA, hostA.user.id, Date.UTC(2032, 0, 1, 11), BookingStatus.cancelled, 'Dan'],
      ['team', typeA1, hostA.user.id, Date.UTC(2032, 0, 2, 9), BookingStatus.accepted, 'Eve'],
      ['b1', typeB1, hostB.user.id, Date.UTC(2032, 0, 3, 9), BookingStatus.accepted, 'Fay'],
      ['b1-both', typeB1, both.user.id, Date.UTC(2032, 0, 3, 9), BookingStatus.accepted, 'Gus'],
      ['both-own', bothPersonal, both.user.id, Date.UTC(2032, 0, 4, 9), BookingStatus.accepted, 'Hal'],
      ['b-own', hostBPersonal, hostB.user.id, Date.UTC(2032, 0, 4, 9), BookingStatus.accepted, 'Ivy'],
    ];
    for (const [name, eventTypeId, hostId, start, status, attendeeName] of rows) {
      const booking = await operator.createBooking({
        eventTypeId,
        hostId,
        start: new Date(start),
        status,
        attendee: { ...attendee(name, 'UTC'), name: attendeeName },
      });
      uids[name] = booking.uid;
    }
  });
  afterAll(() => stack.stop());

  const get = (path: string, key: string) => stack.rest('GET', path, { key, headers: BOOKINGS_VERSION });
  const names = async (path: string, key = hostA.key) => {
    const data = expectSuccess(await get(path, key));
    return data.map((b: { uid: string }) => Object.keys(uids).find((k) => uids[k] === b.uid)).sort();
  };

  describe('GET /v2/bookings: filters of the reference', () => {
    it.each([
      ['status=upcoming', ['pending', 'team', 'upcoming']],
      ['status=unconfirmed', ['pending']],
      ['status=past', ['past']],
      ['status=recurring', []],
      ['status=cancelled', ['cancelled']],
      ['status=upcoming,cancelled', ['cancelled', 'pending', 'team', 'upcoming']],
      ['attendeeName=ann', ['upcoming']],
      ['eventTypeIds=PERSONAL,OTHER', ['cancelled', 'past', 'pending', 'upcoming']],
      ['eventTypeIds=OTHER', ['past']],
      ['teamId=TEAM', ['team']],
      ['teamsIds=TEAM,999999', ['team']],
      ['afterCreatedAt=2000-01-01T00:00:00Z&beforeCreatedAt=2999-01-01T00:00:00Z', ['cancelled', 'past', 'pending', 'team', 'upcoming']],
      ['afterCreatedAt=2999-01-01T00:00:00Z', []],
      ['beforeUpdatedAt=2000-01-01T00:00:00Z', []],
    ])('%s', async (query, expected) => {
      const q = query.replace('PERSONAL', String(personalA)).replace('OTHER', String(otherPersonalA)).replace('TEAM', String(teamA1));
      expect(await names(`/v2/bookings?${q}`)).toEqual(expected);
    });

    it('bookingUid', async () => {
      expect(await names(`/v2/bookings?bookingUid=${uids.pending}`)).toEqual(['pending']);
      expect(await names(`/v2/bookings?bookingUid=${uids.b1}`)).toEqual([]);
    });

    it('sortUpdatedAt: a changed booking comes last ascending, first descending', async () => {
      await stack.db('scheduling').query("UPDATE bookings SET updated_at = now() + interval '1 hour' WHERE uid = $1", [uids.pending]);
      const desc = expectSuccess(await get('/v2/bookings?sortUpdatedAt=desc', hostA.key));
      expect(desc[0].uid).toBe(uids.pending);
      const asc = expectSuccess(await get('/v2/bookings?sortUpdatedAt=asc', hostA.key));
      expect(asc.at(-1).uid).toBe(uids.pending);
    });

    it('the pagination object of the reference: returnedItems, remainingItems, itemsPerPage, hasPreviousPage', async () => {
      const response = await get('/v2/bookings?take=2&skip=1', hostA.key);
      expect(response.body.pagination).toEqual({
        totalItems: 5,
        remainingItems: 2,
        returnedItems: 2,
        itemsPerPage: 2,
        currentPage: 1,
        totalPages: 3,
        hasNextPage: true,
        hasPreviousPage: true,
      });
      expectReferenceShape('GET', '/v2/bookings', response.body);
      const last = await get('/v2/bookings?take=2&skip=4', hostA.key);
      expect(last.body.pagination).toEqual({
        totalItems: 5,
        remainingItems: 0,
        returnedItems: 1,
        itemsPerPage: 2,
        currentPage: 3,
        totalPages: 3,
        hasNextPage: false,
        hasPreviousPage: true,
      });
      const beyond = await get('/v2/bookings?take=2&skip=10', hostA.key);
      expect(beyond.body.pagination).toMatchObject({ returnedItems: 0, remainingItems: 0, hasPreviousPage: true });
      const first = await get('/v2/bookings', hostA.key);
      expect(first.body.pagination).toEqual({
        totalItems: 5,
        remainingItems: 0,
        returnedItems: 5,
        itemsPerPage: 100,
        currentPage: 1,
        totalPages: 1,
        hasNextPage: false,
        hasPreviousPage: false,
      });
    });

    it('bad values → 400 naming the parameter', async () => {
      expectErrorEnvelope(await get('/v2/bookings?eventTypeIds=1,x', hostA.key), 400, 'BAD_REQUEST', /^eventTypeIds/);
      expectErrorEnvelope(await get('/v2/bookings?afterUpdatedAt=tomorrow', hostA.key), 400, 'BAD_REQUEST', /^afterUpdatedAt/);
      expectErrorEnvelope(await get('/v2/bookings?sortUpdatedAt=sideways', hostA.key), 400, 'BAD_REQUEST', /^sortUpdatedAt/);
    });
  });

  describe('GET /v2/organizations/{orgId}/bookings: the org’s teams’ bookings and its members’ personal ones (org admin)', () => {
    it('organization A’s admin sees A’s bookings, never team B1’s (even those hosted by a member of A)', async () => {
      const response = await get(`/v2/organizations/${orgA}/bookings`, orgAdminA.key);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/bookings', response.body);
      expect(await names(`/v2/organizations/${orgA}/bookings`, orgAdminA.key)).toEqual(['both-own', 'cancelled', 'past', 'pending', 'team', 'upcoming']);
      expect(await names(`/v2/organizations/${orgA}/bookings?userIds=${both.user.id}`, orgAdminA.key)).toEqual(['both-own']);
      expect(await names(`/v2/organizations/${orgA}/bookings?status=past`, orgAdminA.key)).toEqual(['past']);
    });

    it('another organization → 403; a plain member → 403; an organization id that is a team → 403', async () => {
      expectErrorEnvelope(await get(`/v2/organizations/${orgB}/bookings`, orgAdminA.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await get(`/v2/organizations/${orgA}/bookings`, hostA.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await get(`/v2/organizations/${teamA1}/bookings`, orgAdminA.key), 403, 'FORBIDDEN');
    });
  });

  describe('GET /v2/organizations/{orgId}/users/{userId}/bookings: one member’s bookings within the organization', () => {
    it('a member of A who is also in team B1: only the bookings that belong to A', async () => {
      expect(await names(`/v2/organizations/${orgA}/users/${both.user.id}/bookings`, orgAdminA.key)).toEqual(['both-own']);
      expect(await names(`/v2/organizations/${orgA}/users/${hostA.user.id}/bookings?status=upcoming`, orgAdminA.key)).toEqual(['pending', 'team', 'upcoming']);
    });

    it('a user who is not a member of the organization → 404; another organization’s admin → 403', async () => {
      expectErrorEnvelope(await get(`/v2/organizations/${orgA}/users/${hostB.user.id}/bookings`, orgAdminA.key), 404, 'NOT_FOUND');
      expectErrorEnvelope(await get(`/v2/organizations/${orgB}/users/${hostB.user.id}/bookings`, orgAdminA.key), 403, 'FORBIDDEN');
    });
  });

  describe('team bookings: /v2/teams/{teamId}/bookings and /v2/organizations/{orgId}/teams/{teamId}/bookings', () => {
    it('the team admin sees the team’s bookings; the org admin too on the organization path', async () => {
      expect(await names(`/v2/teams/${teamA1}/bookings`, teamAdminA1.key)).toEqual(['team']);
      const response = await get(`/v2/organizations/${orgA}/teams/${teamA1}/bookings`, orgAdminA.key);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/bookings', response.body);
      expect(await names(`/v2/organizations/${orgA}/teams/${teamA1}/bookings`, orgAdminA.key)).toEqual(['team']);
      expect(await names(`/v2/organizations/${orgA}/teams/${teamA1}/bookings?attendeeName=nobody`, orgAdminA.key)).toEqual([]);
    });

    it('team B1 through A: 403 for A’s team admin, 404 for A’s org admin on A’s path; a plain member → 403', async () => {
      expectErrorEnvelope(await get(`/v2/teams/${teamB1}/bookings`, teamAdminA1.key), 403, 'FORBIDDEN');
      expectErrorEnvelope(await get(`/v2/organizations/${orgA}/teams/${teamB1}/bookings`, orgAdminA.key), 404, 'NOT_FOUND');
      expectErrorEnvelope(await get(`/v2/teams/${teamA1}/bookings`, hostA.key), 403, 'FORBIDDEN');
    });

    it('references of a team booking: an empty list; a booking of another team → 404', async () => {
      const response = await get(`/v2/organizations/${orgA}/teams/${teamA1}/bookings/${uids.team}/references`, orgAdminA.key);
      expect(expectSuccess(response)).toEqual([]);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/bookings/{bookingUid}/references', response.body);
      expectErrorEnvelope(await get(`/v2/organizations/${orgA}/teams/${teamA1}/bookings/${uids.b1}/references`, orgAdminA.key), 404, 'NOT_FOUND');
    });
  });
});
