import { Principal, PRINCIPAL_HEADER, PrincipalMembership, signPrincipal } from '../../platform/principal';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

const WEEKDAYS_9_TO_5 = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }];

/**
 * Schedules (spec 2.14, 4.13, 4.15): GET, POST /v2/schedules, GET /v2/schedules/default,
 * GET, PATCH, DELETE /v2/schedules/{scheduleId} (scopes SCHEDULE_READ / SCHEDULE_WRITE) and
 * GET /v2/organizations/{orgId}/users/{userId}/schedules (org admin, availability.readOrgAvailability, ORG_SCHEDULE_READ).
 */
describe('schedules', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  const create = (caller: Caller, body: unknown) => stack.rest('POST', '/v2/schedules', { key: caller.key, body });
  const patch = (caller: Caller, id: number | string, body: unknown) => stack.rest('PATCH', `/v2/schedules/${id}`, { key: caller.key, body });

  /** Every schedule of the caller, as GET /v2/schedules shows them. */
  async function schedulesOf(caller: Caller): Promise<any[]> {
    return expectSuccess(await stack.rest('GET', '/v2/schedules?take=250', { key: caller.key }));
  }

  async function newUserWith(...names: string[]): Promise<{ caller: Caller; ids: number[] }> {
    const caller = await userWithKey(stack);
    const ids: number[] = [];
    for (const name of names) ids.push(expectSuccess(await create(caller, { name, timeZone: 'Europe/Rome' }), 201).id);
    return { caller, ids };
  }

  describe('POST /v2/schedules: create with name, timeZone, isDefault and the weekly availability (201)', () => {
    let ada: Caller;

    beforeAll(async () => {
      ada = await userWithKey(stack);
    });

    it('answers 201 with the schedule of type 2.14, owned by the caller', async () => {
      const body = {
        name: 'Catch up hours',
        timeZone: 'Europe/Rome',
        isDefault: true,
        availability: [
          { days: ['Monday', 'Tuesday'], startTime: '17:00', endTime: '19:00' },
          { days: ['Wednesday', 'Thursday'], startTime: '16:00', endTime: '20:00' },
        ],
        overrides: [{ date: '2024-05-20', startTime: '18:00', endTime: '21:00' }],
      };
      const created = expectSuccess(await create(ada, body), 201);
      expect(created).toEqual({ id: expect.any(Number), ownerId: ada.user.id, ...body });
      expect(await schedulesOf(ada)).toEqual([created]);
    });

    it('without availability the schedule is open Monday to Friday, 09:00–17:00, with no overrides', async () => {
      const created = expectSuccess(await create(ada, { name: 'Office', timeZone: 'America/New_York', isDefault: false }), 201);
      expect(created).toMatchObject({ availability: WEEKDAYS_9_TO_5, overrides: [], isDefault: false, timeZone: 'America/New_York' });
    });

    it('accepts `schedule` (the migration guide’s name) as an alias of `availability`', async () => {
      const weekly = [{ days: ['Saturday', 'Sunday'], startTime: '10:00', endTime: '12:00' }];
      const created = expectSuccess(await create(ada, { name: 'Weekends', timeZone: 'Europe/Rome', isDefault: false, schedule: weekly }), 201);
      expect(created.availability).toEqual(weekly);
    });

    it('availability and schedule together → 400 naming schedule, and nothing is created', async () => {
      const before = await schedulesOf(ada);
      const weekly = [{ days: ['Monday'], startTime: '10:00', endTime: '12:00' }];
      expectErrorEnvelope(
        await create(ada, { name: 'Both', timeZone: 'Europe/Rome', availability: weekly, schedule: weekly }),
        400,
        'BAD_REQUEST',
        /^schedule\b/,
      );
      expect(await schedulesOf(ada)).toEqual(before);
    });

    it('a user’s first schedule is the default even when isDefault is omitted or false', async () => {
      const { caller } = await newUserWith();
      const first = expectSuccess(await create(caller, { name: 'First', timeZone: 'Asia/Tokyo', isDefault: false }), 201);
      expect(first.isDefault).toBe(true);
      const second = expectSuccess(await create(caller, { name: 'Second', timeZone: 'Asia/Tokyo' }), 201);
      expect(second.isDefault).toBe(false);
    });

    it('isDefault true on a new schedule moves the default to it', async () => {
      const { caller, ids } = await newUserWith('Old default');
      const created = expectSuccess(await create(caller, { name: 'New default', timeZone: 'Europe/Rome', isDefault: true }), 201);
      expect(created.isDefault).toBe(true);
      const shown = await schedulesOf(caller);
      expect(shown.filter((s) => s.isDefault).map((s) => s.id)).toEqual([created.id]);
      expect(shown.find((s) => s.id === ids[0]).isDefault).toBe(false);
    });

    it('a leap day is a calendar date', async () => {
      const created = expectSuccess(
        await create(ada, { name: 'Leap', timeZone: 'UTC', overrides: [{ date: '2024-02-29', startTime: '08:00', endTime: '09:00' }] }),
        201,
      );
      expect(created.overrides).toEqual([{ date: '2024-02-29', startTime: '08:00', endTime: '09:00' }]);
    });

    const valid = { name: 'Valid', timeZone: 'Europe/Rome' };
    it.each([
      ['a timeZone that is not an IANA name', { ...valid, timeZone: 'Mars/Olympus_Mons' }, /^timeZone\b/],
      ['no timeZone', { name: 'No zone' }, /\btimeZone is required/],
      ['no name', { timeZone: 'Europe/Rome' }, /\bname is required/],
      ['an empty name', { ...valid, name: '  ' }, /^name\b/],
      [
        'an unknown weekday',
        { ...valid, availability: [{ days: ['Monday', 'Funday'], startTime: '09:00', endTime: '10:00' }] },
        /^availability\[0\]\.days\b.*Funday/,
      ],
      ['a lower-case weekday', { ...valid, availability: [{ days: ['monday'], startTime: '09:00', endTime: '10:00' }] }, /^availability\[0\]\.days\b/],
      ['no days', { ...valid, availability: [{ days: [], startTime: '09:00', endTime: '10:00' }] }, /^availability\[0\]\.days\b/],
      ['a day listed twice', { ...valid, availability: [{ days: ['Friday', 'Friday'], startTime: '09:00', endTime: '10:00' }] }, /^availability\[0\]\.days\b/],
      ['startTime not HH:mm', { ...valid, availability: [{ days: ['Monday'], startTime: '9:00', endTime: '10:00' }] }, /^availability\[0\]\.startTime\b/],
      ['endTime 24:00', { ...valid, availability: [{ days: ['Monday'], startTime: '09:00', endTime: '24:00' }] }, /^availability\[0\]\.endTime\b/],
      ['endTime 10:60', { ...valid, availability: [{ days: ['Monday'], startTime: '09:00', endTime: '10:60' }] }, /^availability\[0\]\.endTime\b/],
      [
        'start after end in the second entry',
        { ...valid, availability: [...WEEKDAYS_9_TO_5, { days: ['Saturday'], startTime: '12:00', endTime: '11:00' }] },
        /^availability\[1\]\.startTime\b.*before endTime/,
      ],
      ['start equal to end', { ...valid, availability: [{ days: ['Monday'], startTime: '09:00', endTime: '09:00' }] }, /^availability\[0\]\.startTime\b/],
      ['a missing endTime', { ...valid, availability: [{ days: ['Monday'], startTime: '09:00' }] }, /endTime/],
      [
        'an override on 30 February',
        { ...valid, overrides: [{ date: '2024-02-30', startTime: '09:00', endTime: '10:00' }] },
        /^overrides\[0\]\.date\b.*2024-02-30/,
      ],
      [
        'an override on 29 February of a common year',
        { ...valid, overrides: [{ date: '2023-02-29', startTime: '09:00', endTime: '10:00' }] },
        /^overrides\[0\]\.date\b/,
      ],
      ['an override in month 13', { ...valid, overrides: [{ date: '2024-13-01', startTime: '09:00', endTime: '10:00' }] }, /^overrides\[0\]\.date\b/],
      [
        'an override date that is not YYYY-MM-DD',
        { ...valid, overrides: [{ date: '20/05/2024', startTime: '09:00', endTime: '10:00' }] },
        /^overrides\[0\]\.date\b/,
      ],
      [
        'two overrides on one date',
        {
          ...valid,
          overrides: [
            { date: '2024-05-20', startTime: '09:00', endTime: '10:00' },
            { date: '2024-05-20', startTime: '14:00', endTime: '15:00' },
          ],
        },
        /^overrides\[1\]\.date\b.*2024-05-20/,
      ],
      [
        'an override ending before it starts (no overnight windows)',
        { ...valid, overrides: [{ date: '2024-05-20', startTime: '15:00', endTime: '14:00' }] },
        /^overrides\[0\]\.startTime \(15:00\) must be before endTime \(14:00\), or equal to it .* to close the date/,
      ],
      [
        'an override time that is not HH:mm',
        { ...valid, overrides: [{ date: '2024-05-20', startTime: '15h', endTime: '16:00' }] },
        /^overrides\[0\]\.startTime\b/,
      ],
    ])('%s → 400 BAD_REQUEST naming the field, and nothing is created', async (_case, body, field) => {
      const before = await schedulesOf(ada);
      expectErrorEnvelope(await create(ada, body), 400, 'BAD_REQUEST', field);
      expect(await schedulesOf(ada)).toEqual(before);
    });

    it('no body → 400', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/schedules', { key: ada.key }), 400, 'BAD_REQUEST');
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/schedules', { body: valid }), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /v2/schedules: my schedules, with pagination and the default indicated by isDefault', () => {
    let pat: Caller;
    let ids: number[];

    beforeAll(async () => {
      ({ caller: pat, ids } = await newUserWith('One', 'Two', 'Three'));
      await newUserWith('Someone else’s');
    });

    it('lists only the caller’s schedules, by id, exactly one of them the default', async () => {
      const response = await stack.rest('GET', '/v2/schedules', { key: pat.key });
      const data = expectSuccess(response);
      expect(data.map((s: any) => s.id)).toEqual(ids);
      expect(data.map((s: any) => s.isDefault)).toEqual([true, false, false]);
      for (const schedule of data) {
        expect(Object.keys(schedule).sort()).toEqual(['availability', 'id', 'isDefault', 'name', 'overrides', 'ownerId', 'timeZone']);
        expect(schedule.ownerId).toBe(pat.user.id);
      }
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('take and skip page through the list', async () => {
      const first = await stack.rest('GET', '/v2/schedules?take=2', { key: pat.key });
      expect(expectSuccess(first).map((s: any) => s.id)).toEqual(ids.slice(0, 2));
      expect(first.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 2, hasNextPage: true });
      const second = await stack.rest('GET', '/v2/schedules?take=2&skip=2', { key: pat.key });
      expect(expectSuccess(second).map((s: any) => s.id)).toEqual(ids.slice(2));
      expect(second.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
    });

    it.each([['take=0'], ['take=251'], ['skip=-1'], ['take=x']])('%s → 400 naming the parameter', async (query) => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/schedules?${query}`, { key: pat.key }), 400, 'BAD_REQUEST', new RegExp(`\\b${query.split('=')[0]}\\b`));
    });

    it('a user without schedules gets an empty list', async () => {
      const { caller } = await newUserWith();
      const response = await stack.rest('GET', '/v2/schedules', { key: caller.key });
      expect(expectSuccess(response)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 0, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/schedules'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /v2/schedules/default: my default schedule', () => {
    it('answers the schedule whose isDefault is true', async () => {
      const { caller, ids } = await newUserWith('First', 'Second');
      const data = expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: caller.key }));
      expect(data).toMatchObject({ id: ids[0], name: 'First', isDefault: true, ownerId: caller.user.id });
    });

    it('data is null for a user who has no schedule', async () => {
      const { caller } = await newUserWith();
      expect(expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: caller.key }))).toBeNull();
    });
  });

  describe('GET /v2/schedules/{scheduleId}: one of my schedules; another user’s is not found', () => {
    it('answers my schedule', async () => {
      const { caller, ids } = await newUserWith('Mine');
      const data = expectSuccess(await stack.rest('GET', `/v2/schedules/${ids[0]}`, { key: caller.key }));
      expect(data).toEqual((await schedulesOf(caller))[0]);
    });

    it('another user’s schedule → 404 NOT_FOUND', async () => {
      const { ids } = await newUserWith('Theirs');
      const { caller } = await newUserWith('Mine');
      expectErrorEnvelope(await stack.rest('GET', `/v2/schedules/${ids[0]}`, { key: caller.key }), 404, 'NOT_FOUND', /Schedule/);
    });

    it('an unknown id → 404; a non-numeric id → 400 naming scheduleId', async () => {
      const { caller } = await newUserWith('Mine');
      expectErrorEnvelope(await stack.rest('GET', '/v2/schedules/999999', { key: caller.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', '/v2/schedules/abc', { key: caller.key }), 400, 'BAD_REQUEST', /scheduleId/);
    });
  });

  describe('PATCH /v2/schedules/{scheduleId}: merge — omitted fields keep their value', () => {
    it('changes only the fields sent', async () => {
      const { caller, ids } = await newUserWith('Before');
      const [before] = await schedulesOf(caller);
      const updated = expectSuccess(await patch(caller, ids[0], { name: 'After' }));
      expect(updated).toEqual({ ...before, name: 'After' });
      expect(await schedulesOf(caller)).toEqual([updated]);
    });

    it('replaces the weekly availability, the overrides and the time zone when sent', async () => {
      const { caller, ids } = await newUserWith('Hours');
      const changes = {
        timeZone: 'Australia/Sydney',
        availability: [{ days: ['Monday'], startTime: '07:30', endTime: '11:45' }],
        overrides: [{ date: '2025-12-24', startTime: '09:00', endTime: '12:00' }],
      };
      const updated = expectSuccess(await patch(caller, ids[0], changes));
      expect(updated).toMatchObject({ name: 'Hours', isDefault: true, ...changes });
    });

    it('accepts `schedule` as an alias of `availability`', async () => {
      const { caller, ids } = await newUserWith('Alias');
      const weekly = [{ days: ['Tuesday'], startTime: '13:00', endTime: '14:00' }];
      expect(expectSuccess(await patch(caller, ids[0], { schedule: weekly })).availability).toEqual(weekly);
    });

    it('an empty availability leaves only the overrides open', async () => {
      const { caller, ids } = await newUserWith('Closed');
      expect(expectSuccess(await patch(caller, ids[0], { availability: [] })).availability).toEqual([]);
    });

    it('isDefault true moves the default: the previous default stops being it', async () => {
      const { caller, ids } = await newUserWith('A', 'B', 'C');
      expect(expectSuccess(await patch(caller, ids[2], { isDefault: true })).isDefault).toBe(true);
      expect((await schedulesOf(caller)).map((s) => s.isDefault)).toEqual([false, false, true]);
      expect(expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: caller.key })).id).toBe(ids[2]);
      expect(expectSuccess(await patch(caller, ids[2], { isDefault: true })).isDefault).toBe(true); // already the default: no change
      expect((await schedulesOf(caller)).map((s) => s.isDefault)).toEqual([false, false, true]);
    });

    it('isDefault false on the default → 400 naming isDefault (a user keeps one default), and nothing changes', async () => {
      const { caller, ids } = await newUserWith('Default', 'Other');
      const before = await schedulesOf(caller);
      expectErrorEnvelope(await patch(caller, ids[0], { isDefault: false, name: 'Renamed' }), 400, 'BAD_REQUEST', /^isDefault\b.*another schedule/);
      expect(await schedulesOf(caller)).toEqual(before);
    });

    it('isDefault false on a schedule that is not the default changes nothing', async () => {
      const { caller, ids } = await newUserWith('Default', 'Other');
      expect(expectSuccess(await patch(caller, ids[1], { isDefault: false })).isDefault).toBe(false);
      expect((await schedulesOf(caller)).map((s) => s.isDefault)).toEqual([true, false]);
    });

    it.each([
      ['timeZone', { timeZone: 'Europe/Atlantis' }, /^timeZone\b/],
      ['name', { name: '' }, /^name\b/],
      ['name null', { name: null }, /^name\b/],
      ['availability', { availability: [{ days: ['Mon'], startTime: '09:00', endTime: '10:00' }] }, /^availability\[0\]\.days\b/],
      ['availability times', { availability: [{ days: ['Monday'], startTime: '18:00', endTime: '10:00' }] }, /^availability\[0\]\.startTime\b/],
      ['overrides', { overrides: [{ date: '2025-02-29', startTime: '09:00', endTime: '10:00' }] }, /^overrides\[0\]\.date\b/],
      [
        'duplicate override dates',
        {
          overrides: [
            { date: '2025-03-01', startTime: '09:00', endTime: '10:00' },
            { date: '2025-03-01', startTime: '11:00', endTime: '12:00' },
          ],
        },
        /^overrides\[1\]\.date\b/,
      ],
    ])('an invalid %s → 400 naming the field, and nothing changes', async (_case, body, field) => {
      const { caller, ids } = await newUserWith('Keep');
      const before = await schedulesOf(caller);
      expectErrorEnvelope(await patch(caller, ids[0], { name: 'Changed too', ...body }), 400, 'BAD_REQUEST', field);
      expect(await schedulesOf(caller)).toEqual(before);
    });

    it('another user’s schedule → 404, and it does not change', async () => {
      const { caller: owner, ids } = await newUserWith('Theirs');
      const { caller } = await newUserWith('Mine');
      const before = await schedulesOf(owner);
      expectErrorEnvelope(await patch(caller, ids[0], { name: 'Hijacked', isDefault: true }), 404, 'NOT_FOUND');
      expect(await schedulesOf(owner)).toEqual(before);
      expect((await schedulesOf(caller)).map((s) => s.isDefault)).toEqual([true]);
    });
  });

  describe('DELETE /v2/schedules/{scheduleId}: answers the deleted schedule; the default only when it is the last one', () => {
    it('deletes a schedule that is not the default', async () => {
      const { caller, ids } = await newUserWith('Default', 'Spare');
      const [, spare] = await schedulesOf(caller);
      expect(expectSuccess(await stack.rest('DELETE', `/v2/schedules/${ids[1]}`, { key: caller.key }))).toEqual(spare);
      expect((await schedulesOf(caller)).map((s) => s.id)).toEqual([ids[0]]);
      expectErrorEnvelope(await stack.rest('GET', `/v2/schedules/${ids[1]}`, { key: caller.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/schedules/${ids[1]}`, { key: caller.key }), 404, 'NOT_FOUND');
    });

    it('the default while other schedules exist → 400 saying it is the default, and nothing is deleted', async () => {
      const { caller, ids } = await newUserWith('Default', 'Other');
      const before = await schedulesOf(caller);
      expectErrorEnvelope(
        await stack.rest('DELETE', `/v2/schedules/${ids[0]}`, { key: caller.key }),
        400,
        'BAD_REQUEST',
        /default schedule.*another one the default/,
      );
      expect(await schedulesOf(caller)).toEqual(before);
    });

    it('once another schedule is the default, the former default can go', async () => {
      const { caller, ids } = await newUserWith('Default', 'Other');
      expectSuccess(await patch(caller, ids[1], { isDefault: true }));
      expectSuccess(await stack.rest('DELETE', `/v2/schedules/${ids[0]}`, { key: caller.key }));
      expect((await schedulesOf(caller)).map((s) => [s.id, s.isDefault])).toEqual([[ids[1], true]]);
    });

    it('the default that is the only schedule can go; then there is no default', async () => {
      const { caller, ids } = await newUserWith('Only');
      expect(expectSuccess(await stack.rest('DELETE', `/v2/schedules/${ids[0]}`, { key: caller.key }))).toMatchObject({ id: ids[0], isDefault: true });
      expect(await schedulesOf(caller)).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', '/v2/schedules/default', { key: caller.key }))).toBeNull();
      expect(expectSuccess(await create(caller, { name: 'Fresh start', timeZone: 'UTC', isDefault: false }), 201).isDefault).toBe(true);
    });

    it('another user’s schedule → 404, and it is not deleted', async () => {
      const { caller: owner, ids } = await newUserWith('Theirs', 'Spare');
      const { caller } = await newUserWith();
      const before = await schedulesOf(owner);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/schedules/${ids[1]}`, { key: caller.key }), 404, 'NOT_FOUND');
      expect(await schedulesOf(owner)).toEqual(before);
    });
  });

  describe('scopes: SCHEDULE_READ to read, SCHEDULE_WRITE to create, update and delete', () => {
    let owner: Caller;
    let scheduleId: number;

    beforeAll(async () => {
      const made = await newUserWith('Scoped');
      owner = made.caller;
      scheduleId = made.ids[0];
    });

    /** The scheduling subgraph called as the gateway would for an OAuth access token with these scopes. */
    async function asToken(scopes: string[], query: string, variables: Record<string, unknown> = {}) {
      const principal: Principal = { kind: 'oauth', userId: owner.user.id, scopes, clientId: 'client-1', isServiceAdmin: false, memberships: [] };
      const response = await fetch(stack.subgraphs.scheduling.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as any;
    }

    it.each([
      ['schedules', '{ schedules { items { id } } }'],
      ['defaultSchedule', '{ defaultSchedule { id } }'],
      ['schedule', 'query ($id: Int!) { schedule(scheduleId: $id) { id } }'],
    ])('%s needs SCHEDULE_READ', async (_field, query) => {
      const refused = await asToken(['PROFILE_READ', 'SCHEDULE_WRITE'], query, { id: scheduleId });
      expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('SCHEDULE_READ') });
      expect((await asToken(['SCHEDULE_READ'], query, { id: scheduleId })).errors).toBeUndefined();
    });

    it.each([
      ['createSchedule', 'mutation { createSchedule(input: {name: "Token", timeZone: "UTC"}) { id } }'],
      ['updateSchedule', 'mutation ($id: Int!) { updateSchedule(scheduleId: $id, input: {name: "Renamed"}) { id } }'],
    ])('%s needs SCHEDULE_WRITE', async (_field, query) => {
      const refused = await asToken(['SCHEDULE_READ'], query, { id: scheduleId });
      expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('SCHEDULE_WRITE') });
      expect((await asToken(['SCHEDULE_WRITE'], query, { id: scheduleId })).errors).toBeUndefined();
    });

    it('deleteSchedule needs SCHEDULE_WRITE, and a refused delete deletes nothing', async () => {
      const spare = expectSuccess(await create(owner, { name: 'Spare', timeZone: 'UTC' }), 201);
      const query = 'mutation ($id: Int!) { deleteSchedule(scheduleId: $id) { id } }';
      expect((await asToken(['SCHEDULE_READ'], query, { id: spare.id })).errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await schedulesOf(owner)).map((s) => s.id)).toContain(spare.id);
      expect((await asToken(['SCHEDULE_WRITE'], query, { id: spare.id })).errors).toBeUndefined();
      expect((await schedulesOf(owner)).map((s) => s.id)).not.toContain(spare.id);
    });
  });

  describe('GET /v2/organizations/{orgId}/users/{userId}/schedules: role org admin, PBAC availability.readOrgAvailability, scope ORG_SCHEDULE_READ', () => {
    let orgOwner: Caller;
    let orgAdmin: Caller;
    let orgMember: Caller; // MEMBER of the organization, OWNER of its team, with two schedules
    let idle: Caller; // MEMBER of the organization, without schedules
    let outsider: Caller; // ADMIN of another organization
    let stranger: Caller; // in no organization, with a schedule
    let org: { id: number };
    let otherOrg: { id: number };
    let team: { id: number }; // a team of the organization
    let memberSchedules: any[];

    const path = (orgId: number, userId: number | string) => `/v2/organizations/${orgId}/users/${userId}/schedules`;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [orgOwner, orgAdmin, orgMember, idle, outsider, stranger] = [
        await userWithKey(stack, { name: 'Olga Owner' }),
        await userWithKey(stack, { name: 'Adam Admin' }),
        await userWithKey(stack, { name: 'Mia Member' }),
        await userWithKey(stack, { name: 'Ida Idle' }),
        await userWithKey(stack, { name: 'Otto Outsider' }),
        await userWithKey(stack, { name: 'Stan Stranger' }),
      ];
      // Every membership before the first request: credentials are cached with their memberships.
      org = await operator.createOrganization({ name: 'Acme', ownerId: orgOwner.user.id });
      otherOrg = await operator.createOrganization({ name: 'Globex', ownerId: outsider.user.id });
      team = await operator.createTeam({ name: 'Support', orgId: org.id, ownerId: orgMember.user.id });
      await operator.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN });
      await operator.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
      await operator.addMember({ teamId: org.id, userId: idle.user.id, role: MembershipRole.MEMBER });
      await operator.addMember({ teamId: otherOrg.id, userId: stranger.user.id, role: MembershipRole.MEMBER });
      expectSuccess(
        await create(orgMember, {
          name: 'Working hours',
          timeZone: 'Europe/Berlin',
          overrides: [{ date: '2025-06-01', startTime: '10:00', endTime: '11:00' }],
        }),
        201,
      );
      expectSuccess(
        await create(orgMember, { name: 'Evenings', timeZone: 'Europe/Berlin', availability: [{ days: ['Monday'], startTime: '18:00', endTime: '20:00' }] }),
        201,
      );
      expectSuccess(await create(stranger, { name: 'Elsewhere', timeZone: 'UTC' }), 201);
      memberSchedules = await schedulesOf(orgMember);
    });

    it('an org admin gets 200 with data an array of the member’s schedules (type 2.14), no pagination', async () => {
      const response = await stack.rest('GET', path(org.id, orgMember.user.id), { key: orgAdmin.key });
      expect(expectSuccess(response)).toEqual(memberSchedules);
      expect(response.body).not.toHaveProperty('pagination');
      expect(memberSchedules.map((s) => [s.name, s.isDefault])).toEqual([
        ['Working hours', true],
        ['Evenings', false],
      ]);
    });

    it('the org owner gets 200 too, also for their admins', async () => {
      expect(expectSuccess(await stack.rest('GET', path(org.id, orgMember.user.id), { key: orgOwner.key }))).toEqual(memberSchedules);
      expect(expectSuccess(await stack.rest('GET', path(org.id, orgAdmin.user.id), { key: orgOwner.key }))).toEqual([]);
    });

    it('a member without schedules → an empty array', async () => {
      expect(expectSuccess(await stack.rest('GET', path(org.id, idle.user.id), { key: orgAdmin.key }))).toEqual([]);
    });

    it('a plain member of the organization (owner of one of its teams) → 403 FORBIDDEN, for another member and for themselves', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(org.id, idle.user.id), { key: orgMember.key }), 403, 'FORBIDDEN', /availability\.readOrgAvailability/);
      expectErrorEnvelope(await stack.rest('GET', path(org.id, orgMember.user.id), { key: orgMember.key }), 403, 'FORBIDDEN');
    });

    it('someone outside the organization → 403 FORBIDDEN, whether or not the user is a member', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(org.id, orgMember.user.id), { key: outsider.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', path(org.id, stranger.user.id), { key: outsider.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', path(org.id, orgMember.user.id), { key: stranger.key }), 403, 'FORBIDDEN');
    });

    it('a user who is not a member of that organization → 404 NOT_FOUND for the org admin', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(org.id, stranger.user.id), { key: orgAdmin.key }), 404, 'NOT_FOUND', new RegExp(`${stranger.user.id}`));
      expectErrorEnvelope(await stack.rest('GET', path(org.id, outsider.user.id), { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', path(org.id, 999999), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    });

    it('the admin of another organization cannot reach its members through their own organization → 404', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(otherOrg.id, orgMember.user.id), { key: outsider.key }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('GET', path(otherOrg.id, stranger.user.id), { key: outsider.key })).map((s: any) => s.name)).toEqual(['Elsewhere']);
    });

    it('a team id in place of the organization id → 403 (no organization role there)', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(team.id, orgMember.user.id), { key: orgAdmin.key }), 403, 'FORBIDDEN');
    });

    it('without a credential → 401; non-numeric ids → 400 naming the parameter', async () => {
      expectErrorEnvelope(await stack.rest('GET', path(org.id, orgMember.user.id)), 401, 'UNAUTHORIZED');
      expectErrorEnvelope(await stack.rest('GET', path(org.id, 'me'), { key: orgAdmin.key }), 400, 'BAD_REQUEST', /userId/);
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/acme/users/${orgMember.user.id}/schedules`, { key: orgAdmin.key }),
        400,
        'BAD_REQUEST',
        /orgId/,
      );
    });

    describe('as an OAuth token or an organization role would call it (subgraphs called directly)', () => {
      const ORG_USER = 'query ($orgId: Int!, $userId: Int!) { organizationUser(orgId: $orgId, userId: $userId) { orgId userId } }';
      const SCHEDULES = 'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on OrganizationUser { schedules { id } } } }';

      function principalOf(caller: Caller, membership: Partial<PrincipalMembership>, overrides: Partial<Principal> = {}): Principal {
        const inOrg: PrincipalMembership = {
          teamId: org.id,
          isOrganization: true,
          parentId: null,
          role: 'ADMIN',
          accepted: true,
          permissions: null,
          ...membership,
        };
        return { kind: 'apiKey', userId: caller.user.id, scopes: null, clientId: null, isServiceAdmin: false, memberships: [inOrg], ...overrides };
      }

      async function call(subgraph: string, query: string, variables: Record<string, unknown>, principal: Principal) {
        const response = await fetch(stack.subgraphs[subgraph].url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal) },
          body: JSON.stringify({ query, variables }),
        });
        return (await response.json()) as any;
      }

      const schedulesAs = (principal: Principal) =>
        call('scheduling', SCHEDULES, { reps: [{ __typename: 'OrganizationUser', orgId: org.id, userId: orgMember.user.id }] }, principal);

      it('an access token needs ORG_SCHEDULE_READ for the schedules', async () => {
        const token = (scopes: string[]) => principalOf(orgAdmin, {}, { kind: 'oauth', scopes, clientId: 'client-1' });
        const refused = await schedulesAs(token(['ORG_PROFILE_READ', 'SCHEDULE_READ']));
        expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('ORG_SCHEDULE_READ') });
        const granted = await schedulesAs(token(['ORG_SCHEDULE_READ']));
        expect(granted.errors).toBeUndefined();
        expect(granted.data._entities[0].schedules.map((s: any) => s.id)).toEqual(memberSchedules.map((s) => s.id));
        // … and ORG_SCHEDULE_READ reaches the member (organizationUser) as well
        expect((await call('organizations', ORG_USER, { orgId: org.id, userId: orgMember.user.id }, token(['ORG_SCHEDULE_READ']))).errors).toBeUndefined();
        expect((await call('organizations', ORG_USER, { orgId: org.id, userId: orgMember.user.id }, token(['SCHEDULE_READ']))).errors[0].extensions.code).toBe(
          'FORBIDDEN',
        );
      });

      it('a member whose organization role grants availability.readOrgAvailability reads them; one whose role lacks it is refused', async () => {
        const granted = principalOf(idle, { role: 'MEMBER', permissions: ['organization.read', 'availability.readOrgAvailability'] });
        const lacking = principalOf(orgAdmin, { role: 'ADMIN', permissions: ['organization.read'] });
        expect((await call('organizations', ORG_USER, { orgId: org.id, userId: orgMember.user.id }, granted)).errors).toBeUndefined();
        expect((await schedulesAs(granted)).errors).toBeUndefined();
        expect((await schedulesAs(lacking)).errors[0].extensions.code).toBe('FORBIDDEN');
      });
    });
  });
  describe('an override with startTime equal to endTime (00:00–00:00) closes its date', () => {
    // Monday 2031-03-03 … Wednesday 2031-03-05, Europe/Berlin (UTC+1 in March): the Tuesday is closed.
    const CLOSED_DAY = '2031-03-04';
    let host: Caller;
    let eventTypeId: number;

    beforeAll(async () => {
      host = await userWithKey(stack);
      const created = expectSuccess(
        await create(host, {
          name: 'With a day off',
          timeZone: 'Europe/Berlin',
          availability: WEEKDAYS_9_TO_5,
          overrides: [{ date: CLOSED_DAY, startTime: '00:00', endTime: '00:00' }],
        }),
        201,
      );
      expect(created).toMatchObject({ isDefault: true, overrides: [{ date: CLOSED_DAY, startTime: '00:00', endTime: '00:00' }] });
      eventTypeId = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: host.key, body: { title: 'Day off test', slug: 'day-off-test', lengthInMinutes: 60 } }),
        201,
      ).id;
    });

    it('is accepted on create and on PATCH (any equal pair), and answered as sent; weekly hours still need start before end', async () => {
      const { caller, ids } = await newUserWith('Closures');
      const overrides = [
        { date: '2031-12-25', startTime: '00:00', endTime: '00:00' },
        { date: '2031-12-26', startTime: '10:00', endTime: '10:00' },
      ];
      expect(expectSuccess(await patch(caller, ids[0], { overrides })).overrides).toEqual(overrides);
      expectErrorEnvelope(
        await patch(caller, ids[0], { availability: [{ days: ['Monday'], startTime: '00:00', endTime: '00:00' }] }),
        400,
        'BAD_REQUEST',
        /^availability\[0\]\.startTime \(00:00\) must be before endTime \(00:00\)$/,
      );
    });

    it('GET /v2/slots/available offers nothing that date and the weekly hours on the days around it', async () => {
      const answer = expectSuccess(
        await stack.rest('GET', `/v2/slots/available?eventTypeId=${eventTypeId}&startTime=2031-03-03&endTime=2031-03-05&timeZone=Europe/Berlin`),
      );
      expect(Object.keys(answer.slots)).toEqual(['2031-03-03', '2031-03-05']);
      for (const day of ['2031-03-03', '2031-03-05']) {
        expect(answer.slots[day].map((s: { time: string }) => s.time.slice(11, 16))).toEqual([
          '09:00',
          '10:00',
          '11:00',
          '12:00',
          '13:00',
          '14:00',
          '15:00',
          '16:00',
        ]);
      }
    });

    it('booking that date → 409 outside the availability of the host; the next day books', async () => {
      const body = (start: string) => ({ eventTypeId, start, attendee: { name: 'Closed Day', email: 'closed-day@example.com', timeZone: 'Europe/Berlin' } });
      const headers = { 'svc-api-version': '2024-08-13' };
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/bookings', { body: body('2031-03-04T09:00:00Z'), headers }),
        409,
        'CONFLICT',
        /outside the availability of the host/,
      );
      expect(expectSuccess(await stack.rest('GET', '/v2/bookings', { key: host.key, headers }))).toEqual([]);
      expect(expectSuccess(await stack.rest('POST', '/v2/bookings', { body: body('2031-03-05T09:00:00Z'), headers }), 201).start).toBe(
        '2031-03-05T09:00:00.000Z',
      );
    });
  });
});
