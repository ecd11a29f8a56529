import { attendee, book, EVERY_DAY, getSlots, hostWithSchedule, personalEventType } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Person = Awaited<ReturnType<typeof userWithKey>>;

/** The reference's CreateOutOfOfficeEntryDto example: start "2023-05-01T00:00:00.000Z", end "2023-05-10T23:59:59.999Z" (whole UTC days). */
const ENTRY_KEYS = ['end', 'id', 'notes', 'reason', 'start', 'toUserId', 'userId', 'uuid'];

describe('out of office (spec 5.3 SCHEDULE_* / ORG_SCHEDULE_*, reference tag Orgs / Users / OOO)', () => {
  let stack: TestStack;
  let orgId: number;
  let otherOrgId: number;
  let admin: Person;
  let member: Person;
  let colleague: Person;
  let outsider: Person;
  let otherAdmin: Person;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [admin, member, colleague, outsider, otherAdmin] = [
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
    ];
    orgId = (await operator.createOrganization({ name: 'Acme', ownerId: admin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Globex', ownerId: otherAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: orgId, userId: colleague.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  const events = (userId: number) =>
    stack.db('scheduling').query('SELECT type, ooo_id, payload, dispatched_at FROM out_of_office_events WHERE user_id = $1 ORDER BY id', [userId]);

  describe('/v2/me/ooo', () => {
    let oooId: number;

    it('POST creates an entry of whole UTC days (start of the first day to 23:59:59.999 of the last), 201', async () => {
      const data = expectSuccess(
        await stack.rest('POST', '/v2/me/ooo', {
          key: member.key,
          body: { start: '2030-05-01T15:30:00+02:00', end: '2030-05-03T08:00:00Z', notes: 'Hiking', reason: 'vacation', toUserId: colleague.user.id },
        }),
        201,
      );
      expect(Object.keys(data).sort()).toEqual(ENTRY_KEYS);
      expect(data).toEqual({
        id: expect.any(Number),
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: member.user.id,
        toUserId: colleague.user.id,
        start: '2030-05-01T00:00:00.000Z',
        end: '2030-05-03T23:59:59.999Z',
        notes: 'Hiking',
        reason: 'vacation',
      });
      oooId = data.id;
    });

    it('records an OOO_CREATED event (the webhook outbox) with the entry', async () => {
      expect(await events(member.user.id)).toEqual([
        {
          type: 'OOO_CREATED',
          ooo_id: oooId,
          dispatched_at: expect.any(Date),
          payload: { oooEntry: expect.objectContaining({ id: oooId, userId: member.user.id, start: '2030-05-01T00:00:00.000Z', reason: 'vacation' }) },
        },
      ]);
    });

    it('an entry overlapping another of the same user is a 409, and records no event', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/me/ooo', { key: member.key, body: { start: '2030-05-03', end: '2030-05-05' } }), 409, 'CONFLICT');
      expect(await events(member.user.id)).toHaveLength(1);
      // The next day touches, and is fine; another user's entry on the same days is fine.
      expectSuccess(await stack.rest('POST', '/v2/me/ooo', { key: member.key, body: { start: '2030-05-04', end: '2030-05-04' } }), 201);
      expectSuccess(await stack.rest('POST', '/v2/me/ooo', { key: colleague.key, body: { start: '2030-05-01', end: '2030-05-03' } }), 201);
    });

    it('bad input is a 400 naming the field: end before start, an unknown reason, a non-date, covering for oneself, a stranger as cover', async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ start: '2030-06-10', end: '2030-06-09' }, /^end/],
        [{ start: '2030-06-10', end: '2030-06-11', reason: 'bored' }, /^reason/],
        [{ start: 'tomorrow', end: '2030-06-11' }, /^start/],
        [{ start: '2030-06-10', end: '2030-06-11', toUserId: member.user.id }, /^toUserId/],
        [{ start: '2030-06-10', end: '2030-06-11', toUserId: outsider.user.id }, /^toUserId/],
      ];
      for (const [body, message] of cases) expectErrorEnvelope(await stack.rest('POST', '/v2/me/ooo', { key: member.key, body }), 400, 'BAD_REQUEST', message);
    });

    it('GET lists my entries (paginated, sortStart)', async () => {
      const response = await stack.rest('GET', '/v2/me/ooo?sortStart=desc', { key: member.key });
      expect(expectSuccess(response).map((e: { start: string }) => e.start)).toEqual(['2030-05-04T00:00:00.000Z', '2030-05-01T00:00:00.000Z']);
      expect(response.body.pagination).toMatchObject({ totalItems: 2, currentPage: 1, totalPages: 1, hasNextPage: false });
      expectErrorEnvelope(await stack.rest('GET', '/v2/me/ooo?sortStart=up', { key: member.key }), 400, 'BAD_REQUEST', /^sortStart/);
    });

    it('PATCH changes the fields sent (normalised again); an overlap is a 409; null removes the cover', async () => {
      const data = expectSuccess(await stack.rest('PATCH', `/v2/me/ooo/${oooId}`, { key: member.key, body: { end: '2030-05-02T10:00:00Z', toUserId: null } }));
      expect(data).toMatchObject({ start: '2030-05-01T00:00:00.000Z', end: '2030-05-02T23:59:59.999Z', toUserId: null, notes: 'Hiking' });
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/me/ooo/${oooId}`, { key: member.key, body: { end: '2030-05-04' } }), 409, 'CONFLICT');
    });

    it("another user's entry is a 404 on PATCH and DELETE", async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/me/ooo/${oooId}`, { key: colleague.key, body: { notes: 'mine' } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/me/ooo/${oooId}`, { key: colleague.key }), 404, 'NOT_FOUND');
    });

    it('DELETE answers the deleted entry; it is gone', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `/v2/me/ooo/${oooId}`, { key: member.key })).id).toBe(oooId);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/me/ooo/${oooId}`, { key: member.key }), 404, 'NOT_FOUND');
    });
  });

  describe('an out-of-office period makes the user’s slots unavailable', () => {
    it('no slots on the days away, slots before and after; booking a slot of those days is refused', async () => {
      const host = await hostWithSchedule(stack, { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] });
      const eventType = await personalEventType(stack, host.user.id, { lengthInMinutes: 60 });
      const query = { eventTypeId: eventType.id, startTime: '2030-06-03T00:00:00Z', endTime: '2030-06-05T23:59:59Z', timeZone: 'UTC' };
      expect(Object.keys(expectSuccess(await getSlots(stack, query)).slots)).toEqual(['2030-06-03', '2030-06-04', '2030-06-05']);
      expectSuccess(
        await stack.rest('POST', '/v2/me/ooo', { key: host.key, body: { start: '2030-06-04T00:00:00.000Z', end: '2030-06-04T23:59:59.999Z' } }),
        201,
      );
      expect(Object.keys(expectSuccess(await getSlots(stack, query)).slots)).toEqual(['2030-06-03', '2030-06-05']);
      const refused = await book(stack, { eventTypeId: eventType.id, start: '2030-06-04T09:00:00Z', attendee: attendee('ooo') });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expectSuccess(await book(stack, { eventTypeId: eventType.id, start: '2030-06-05T09:00:00Z', attendee: attendee('after-ooo') }), 201);
    });
  });

  describe("the redirect (toUserId): the away user's slots point to the colleague covering", () => {
    it('GET /v2/slots/available answers `away` with the cover and their event type of the same slug; without a cover, no `away`', async () => {
      const hours = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '11:00' }] };
      const [away, cover, plain] = [
        await hostWithSchedule(stack, hours, 'Al Away'),
        await hostWithSchedule(stack, hours, 'Cora Cover'),
        await hostWithSchedule(stack, hours, 'Pat Plain'),
      ];
      const team = await operatorOf(stack).createTeam({ name: 'Covering team', ownerId: away.user.id });
      await operatorOf(stack).addMember({ teamId: team.id, userId: cover.user.id, role: MembershipRole.MEMBER });
      const slug = `consult-${away.user.id}`;
      const mine = await personalEventType(stack, away.user.id, { slug });
      const theirs = await personalEventType(stack, cover.user.id, { slug });
      const other = await personalEventType(stack, away.user.id, { slug: `${slug}-other` });
      const query = (eventTypeId: number) => ({ eventTypeId, startTime: '2030-07-01T00:00:00Z', endTime: '2030-07-05T23:59:59Z', timeZone: 'UTC' });
      expect(expectSuccess(await getSlots(stack, query(mine.id)))).not.toHaveProperty('away');

      expectSuccess(
        await stack.rest('POST', '/v2/me/ooo', {
          key: away.key,
          body: { start: '2030-07-02', end: '2030-07-03', reason: 'travel', notes: 'private note', toUserId: cover.user.id },
        }),
        201,
      );
      expectSuccess(await stack.rest('POST', '/v2/me/ooo', { key: away.key, body: { start: '2030-07-05', end: '2030-07-05' } }), 201); // no cover: not a redirect
      const data = expectSuccess(await getSlots(stack, query(mine.id)));
      expect(Object.keys(data.slots)).toEqual(['2030-07-01', '2030-07-04']);
      const redirect = {
        start: '2030-07-02T00:00:00.000Z',
        end: '2030-07-03T23:59:59.999Z',
        reason: 'travel',
        toUser: { id: cover.user.id, username: expect.any(String), name: 'Cora Cover' },
      };
      expect(data.away).toEqual([{ ...redirect, toEventTypeId: theirs.id, toEventTypeSlug: slug }]);
      expect(JSON.stringify(data)).not.toContain('private note');
      expect(JSON.stringify(data)).not.toContain('@'); // no e-mail of the cover
      // An event type the cover has no twin of: the cover's page (username) without an event type.
      expect(expectSuccess(await getSlots(stack, query(other.id))).away).toEqual([{ ...redirect, toEventTypeId: null, toEventTypeSlug: null }]);
      // The cover's event type answers slots on those days, so the booker can follow the redirect.
      expect(Object.keys(expectSuccess(await getSlots(stack, query(theirs.id))).slots)).toContain('2030-07-02');
      // Outside the away days, and for someone else's event type, nothing.
      expect(expectSuccess(await getSlots(stack, { ...query(mine.id), startTime: '2030-07-04T00:00:00Z' }))).not.toHaveProperty('away');
      expect(expectSuccess(await getSlots(stack, query((await personalEventType(stack, plain.user.id)).id)))).not.toHaveProperty('away');
    });
  });

  describe('/v2/organizations/{orgId}/users/{userId}/ooo and /v2/organizations/{orgId}/ooo (role: org admin)', () => {
    const userOoo = (userId: number, org = orgId) => `/v2/organizations/${org}/users/${userId}/ooo`;
    let entryId: number;

    it('the org admin creates (201), lists, updates and deletes an entry of a member, with a member as cover', async () => {
      const created = expectSuccess(
        await stack.rest('POST', userOoo(member.user.id), {
          key: admin.key,
          body: { start: '2030-08-01', end: '2030-08-02', reason: 'travel', toUserId: colleague.user.id },
        }),
        201,
      );
      expect(created).toMatchObject({
        userId: member.user.id,
        toUserId: colleague.user.id,
        start: '2030-08-01T00:00:00.000Z',
        end: '2030-08-02T23:59:59.999Z',
        reason: 'travel',
      });
      entryId = created.id;
      expect(expectSuccess(await stack.rest('GET', userOoo(member.user.id), { key: admin.key })).map((e: { id: number }) => e.id)).toContain(entryId);
      expect(expectSuccess(await stack.rest('PATCH', `${userOoo(member.user.id)}/${entryId}`, { key: admin.key, body: { notes: 'Conference' } })).notes).toBe(
        'Conference',
      );
      expectErrorEnvelope(
        await stack.rest('POST', userOoo(member.user.id), { key: admin.key, body: { start: '2030-08-02', end: '2030-08-03' } }),
        409,
        'CONFLICT',
      );
    });

    it('GET /v2/organizations/{orgId}/ooo lists the entries of every member; ?email= narrows to one', async () => {
      const all = expectSuccess(await stack.rest('GET', `/v2/organizations/${orgId}/ooo?take=250`, { key: admin.key }));
      expect(new Set(all.map((e: { userId: number }) => e.userId))).toEqual(new Set([member.user.id, colleague.user.id]));
      const one = expectSuccess(
        await stack.rest('GET', `/v2/organizations/${orgId}/ooo?email=${encodeURIComponent(colleague.user.email)}`, { key: admin.key }),
      );
      expect(one.map((e: { userId: number }) => e.userId)).toEqual([colleague.user.id]);
    });

    it('a user who is not a member is a 404; a cover outside the organization a 400', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', userOoo(outsider.user.id), { key: admin.key, body: { start: '2030-09-01', end: '2030-09-01' } }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(
        await stack.rest('POST', userOoo(member.user.id), { key: admin.key, body: { start: '2030-09-01', end: '2030-09-01', toUserId: outsider.user.id } }),
        400,
        'BAD_REQUEST',
        /^toUserId/,
      );
    });

    it('a plain member and the admin of another organization get 403; through their own organization, 404', async () => {
      for (const who of [member, otherAdmin]) {
        expect((await stack.rest('GET', userOoo(member.user.id), { key: who.key })).status).toBe(403);
        expect((await stack.rest('POST', userOoo(member.user.id), { key: who.key, body: { start: '2030-10-01', end: '2030-10-01' } })).status).toBe(403);
        expect((await stack.rest('DELETE', `${userOoo(member.user.id)}/${entryId}`, { key: who.key })).status).toBe(403);
        expect((await stack.rest('GET', `/v2/organizations/${orgId}/ooo`, { key: who.key })).status).toBe(403);
      }
      expectErrorEnvelope(await stack.rest('DELETE', `${userOoo(member.user.id, otherOrgId)}/${entryId}`, { key: otherAdmin.key }), 404, 'NOT_FOUND');
    });

    it('a member whose custom role grants ooo.read may list entries but not change them (ooo.update)', async () => {
      const role = await operatorOf(stack).createRole({ organizationId: orgId, name: 'OOO reader', permissions: ['ooo.read'] });
      const [{ id }] = await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [orgId, colleague.user.id]);
      await operatorOf(stack).assignRole(id, role.id);
      // A principal cached before the change is forgotten when PostgreSQL announces it (NOTIFY): at once, not before the next statement.
      expect(await eventually(async () => (await stack.rest('GET', userOoo(member.user.id), { key: colleague.key })).status === 200)).toBe(true);
      expectErrorEnvelope(await stack.rest('DELETE', `${userOoo(member.user.id)}/${entryId}`, { key: colleague.key }), 403, 'FORBIDDEN', /ooo\.update/);
    });

    it('DELETE answers the deleted entry', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `${userOoo(member.user.id)}/${entryId}`, { key: admin.key })).id).toBe(entryId);
    });
  });

  describe('/v2/teams/{teamId}/users/{userId}/ooo and the organization team path (spec 5.3 TEAM_SCHEDULE_*: role team admin)', () => {
    let teamAdmin: Person;
    let crewMember: Person;
    let crewMate: Person;
    let otherTeamAdmin: Person;
    let teamId: number;
    let otherTeamId: number;
    let orgTeamId: number;
    const teamOoo = (team: number, userId: number) => `/v2/teams/${team}/users/${userId}/ooo`;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [teamAdmin, crewMember, crewMate, otherTeamAdmin] = [
        await userWithKey(stack),
        await userWithKey(stack),
        await userWithKey(stack),
        await userWithKey(stack),
      ];
      teamId = (await operator.createTeam({ name: 'Crew', ownerId: teamAdmin.user.id })).id;
      otherTeamId = (await operator.createTeam({ name: 'Other crew', ownerId: otherTeamAdmin.user.id })).id;
      for (const person of [crewMember, crewMate]) await operator.addMember({ teamId, userId: person.user.id, role: MembershipRole.MEMBER });
      // A team of the organization Acme, whose members are member and colleague; admin (the org's owner) is not in it.
      orgTeamId = (await operator.createTeam({ name: 'Acme crew', orgId, ownerId: member.user.id })).id;
      await operator.addMember({ teamId: orgTeamId, userId: colleague.user.id, role: MembershipRole.MEMBER });
    });

    it('the team admin creates (201, whole UTC days, OOO_CREATED recorded), lists, updates and deletes an entry of a member, with a teammate as cover', async () => {
      const created = expectSuccess(
        await stack.rest('POST', teamOoo(teamId, crewMember.user.id), {
          key: teamAdmin.key,
          body: { start: '2031-03-02T10:00:00Z', end: '2031-03-04T10:00:00Z', reason: 'sick', toUserId: crewMate.user.id },
        }),
        201,
      );
      expect(Object.keys(created).sort()).toEqual(ENTRY_KEYS);
      expect(created).toMatchObject({
        userId: crewMember.user.id,
        toUserId: crewMate.user.id,
        start: '2031-03-02T00:00:00.000Z',
        end: '2031-03-04T23:59:59.999Z',
        reason: 'sick',
      });
      expect(await events(crewMember.user.id)).toEqual([expect.objectContaining({ type: 'OOO_CREATED', ooo_id: created.id })]);
      const listed = await stack.rest('GET', teamOoo(teamId, crewMember.user.id), { key: teamAdmin.key });
      expect(expectSuccess(listed).map((e: { id: number }) => e.id)).toEqual([created.id]);
      expect(listed.body.pagination).toMatchObject({ totalItems: 1 });
      expect(
        expectSuccess(await stack.rest('PATCH', `${teamOoo(teamId, crewMember.user.id)}/${created.id}`, { key: teamAdmin.key, body: { notes: 'Flu' } })),
      ).toMatchObject({ id: created.id, notes: 'Flu', reason: 'sick' });
      expectErrorEnvelope(
        await stack.rest('POST', teamOoo(teamId, crewMember.user.id), { key: teamAdmin.key, body: { start: '2031-03-04', end: '2031-03-05' } }),
        409,
        'CONFLICT',
      );
      expect(expectSuccess(await stack.rest('DELETE', `${teamOoo(teamId, crewMember.user.id)}/${created.id}`, { key: teamAdmin.key })).id).toBe(created.id);
      expect(expectSuccess(await stack.rest('GET', teamOoo(teamId, crewMember.user.id), { key: teamAdmin.key }))).toEqual([]);
    });

    // The real service's teams-ooo.controller.e2e-spec.ts: "should fail when target user is not in the team" (403).
    it('a user who is not a member of the team is a 403; a cover outside the team a 400 naming toUserId', async () => {
      const body = { start: '2031-05-01', end: '2031-05-01' };
      expectErrorEnvelope(await stack.rest('POST', teamOoo(teamId, outsider.user.id), { key: teamAdmin.key, body }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', teamOoo(teamId, outsider.user.id), { key: teamAdmin.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(
        await stack.rest('POST', teamOoo(teamId, crewMember.user.id), {
          key: teamAdmin.key,
          body: { start: '2031-05-01', end: '2031-05-01', toUserId: outsider.user.id },
        }),
        400,
        'BAD_REQUEST',
        /^toUserId/,
      );
    });

    it('a plain member of the team and the admin of another team get 403, through their own team too', async () => {
      const entry = expectSuccess(
        await stack.rest('POST', teamOoo(teamId, crewMate.user.id), { key: teamAdmin.key, body: { start: '2031-06-01', end: '2031-06-02' } }),
        201,
      );
      for (const who of [crewMember, otherTeamAdmin]) {
        expectErrorEnvelope(await stack.rest('GET', teamOoo(teamId, crewMate.user.id), { key: who.key }), 403, 'FORBIDDEN');
        expectErrorEnvelope(
          await stack.rest('POST', teamOoo(teamId, crewMate.user.id), { key: who.key, body: { start: '2031-07-01', end: '2031-07-01' } }),
          403,
          'FORBIDDEN',
        );
        expectErrorEnvelope(
          await stack.rest('PATCH', `${teamOoo(teamId, crewMate.user.id)}/${entry.id}`, { key: who.key, body: { notes: 'x' } }),
          403,
          'FORBIDDEN',
        );
        expectErrorEnvelope(await stack.rest('DELETE', `${teamOoo(teamId, crewMate.user.id)}/${entry.id}`, { key: who.key }), 403, 'FORBIDDEN');
      }
      expectErrorEnvelope(await stack.rest('DELETE', `${teamOoo(otherTeamId, crewMate.user.id)}/${entry.id}`, { key: otherTeamAdmin.key }), 403, 'FORBIDDEN');
      expect(expectSuccess(await stack.rest('GET', teamOoo(teamId, crewMate.user.id), { key: teamAdmin.key })).map((e: { id: number }) => e.id)).toEqual([
        entry.id,
      ]);
    });

    it("on /v2/organizations/{orgId}/teams/{teamId}/users/{userId}/ooo the organization's admin manages a team member's entries; another organization's path is a 404", async () => {
      const path = `/v2/organizations/${orgId}/teams/${orgTeamId}/users/${colleague.user.id}/ooo`;
      const created = expectSuccess(
        await stack.rest('POST', path, { key: admin.key, body: { start: '2031-09-01', end: '2031-09-01', toUserId: member.user.id } }),
        201,
      );
      expect(created).toMatchObject({ userId: colleague.user.id, toUserId: member.user.id });
      // The team's owner reads them too (colleague keeps an entry of an earlier test).
      expect(expectSuccess(await stack.rest('GET', path, { key: member.key })).map((e: { id: number }) => e.id)).toContain(created.id);
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${otherOrgId}/teams/${orgTeamId}/users/${colleague.user.id}/ooo`, { key: otherAdmin.key }),
        404,
        'NOT_FOUND',
      );
      // A team outside the organization, on the organization's path: no such team there.
      expectErrorEnvelope(
        await stack.rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/users/${crewMember.user.id}/ooo`, { key: admin.key }),
        404,
        'NOT_FOUND',
      );
      expect(expectSuccess(await stack.rest('DELETE', `${path}/${created.id}`, { key: admin.key })).id).toBe(created.id);
    });
  });
});
