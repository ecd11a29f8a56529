import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { expectReferenceShape } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Schedules of other users for the admins of their organization or team (spec 2.14, 4.13, 5.3
 * ORG_SCHEDULE_READ/WRITE, TEAM_SCHEDULE_READ; reference tags Orgs / Schedules, Orgs / Users /
 * Schedules, Orgs / Teams / Schedules, Orgs / Teams / Users / Schedules, Teams / Schedules). Only
 * accepted members' schedules are reached; nothing of organization or team B leaks through A's paths.
 */
describe('member schedules', () => {
  let stack: TestStack;
  let orgAdmin: Caller;
  let teamAdmin: Caller;
  let member: Caller;
  let outsider: Caller;
  let orgId: number;
  let teamId: number;
  let otherTeamId: number;
  let otherOrgId: number;
  const schedule = { name: 'Hours', timeZone: 'Europe/Rome', availability: [{ days: ['Monday'], startTime: '09:00', endTime: '12:00' }] };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgAdmin, teamAdmin, member, outsider] = await Promise.all([0, 1, 2, 3].map(() => userWithKey(stack)));
    orgId = (await operator.createOrganization({ name: 'Sched Org', ownerId: orgAdmin.user.id })).id;
    teamId = (await operator.createTeam({ name: 'Sched Team', orgId, ownerId: teamAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: member.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: orgId, userId: teamAdmin.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER });
    otherOrgId = (await operator.createOrganization({ name: 'Other Org', ownerId: outsider.user.id })).id;
    otherTeamId = (await operator.createTeam({ name: 'Other Team', orgId: otherOrgId, ownerId: outsider.user.id })).id;
    await operator.createSchedule({ ownerId: outsider.user.id, name: 'Outsider hours', timeZone: 'UTC' });
    await operator.createSchedule({ ownerId: teamAdmin.user.id, name: 'Team admin hours', timeZone: 'UTC' });
  });
  afterAll(() => stack.stop());

  const rest = (method: string, path: string, caller: Caller, body?: unknown) => stack.rest(method, path, { key: caller.key, body });
  const userPath = (userId: number) => `/v2/organizations/${orgId}/users/${userId}/schedules`;

  describe('organization user schedules: create, get, update, delete (organization admin)', () => {
    it('creates (201), reads, updates and deletes a member’s schedule; each answer in the reference’s shape', async () => {
      const created = await rest('POST', userPath(member.user.id), orgAdmin, schedule);
      const made = expectSuccess(created, 201);
      expect(made).toMatchObject({ ownerId: member.user.id, name: 'Hours', timeZone: 'Europe/Rome', isDefault: true, overrides: [] });
      expectReferenceShape('POST', '/v2/organizations/{orgId}/users/{userId}/schedules', created.body);

      const one = await rest('GET', `${userPath(member.user.id)}/${made.id}`, orgAdmin);
      expect(expectSuccess(one)).toEqual(made);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}', one.body);

      const updated = await rest('PATCH', `${userPath(member.user.id)}/${made.id}`, orgAdmin, { name: 'Mornings' });
      expect(expectSuccess(updated)).toEqual({ ...made, name: 'Mornings' });
      expectReferenceShape('PATCH', '/v2/organizations/{orgId}/users/{userId}/schedules/{scheduleId}', updated.body);

      const all = await rest('GET', userPath(member.user.id), orgAdmin);
      expect(expectSuccess(all).map((s: { name: string }) => s.name)).toEqual(['Mornings']);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/users/{userId}/schedules', all.body);

      const second = expectSuccess(await rest('POST', userPath(member.user.id), orgAdmin, { ...schedule, name: 'Evenings' }), 201);
      expect(expectSuccess(await rest('DELETE', `${userPath(member.user.id)}/${second.id}`, orgAdmin)).name).toBe('Evenings');
      expectErrorEnvelope(await rest('GET', `${userPath(member.user.id)}/${second.id}`, orgAdmin), 404, 'NOT_FOUND');
    });

    it('validates the body as POST /v2/schedules does (400 naming the field)', async () => {
      expectErrorEnvelope(await rest('POST', userPath(member.user.id), orgAdmin, { ...schedule, timeZone: 'Nowhere/City' }), 400, 'BAD_REQUEST', /^timeZone/);
    });

    it('a non-member of the organization → 404; another user’s schedule id through a member’s path → 404', async () => {
      expectErrorEnvelope(await rest('POST', userPath(outsider.user.id), orgAdmin, schedule), 404, 'NOT_FOUND');
      const [outsiders] = expectSuccess(await rest('GET', '/v2/schedules', outsider));
      expectErrorEnvelope(await rest('GET', `${userPath(member.user.id)}/${outsiders.id}`, orgAdmin), 404, 'NOT_FOUND');
      expectErrorEnvelope(await rest('PATCH', `${userPath(member.user.id)}/${outsiders.id}`, orgAdmin, { name: 'x' }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await rest('DELETE', `${userPath(member.user.id)}/${outsiders.id}`, orgAdmin), 404, 'NOT_FOUND');
    });

    it('a plain member → 403; another organization’s admin → 403', async () => {
      expectErrorEnvelope(await rest('POST', userPath(member.user.id), member, schedule), 403, 'FORBIDDEN');
      expectErrorEnvelope(await rest('POST', userPath(member.user.id), outsider, schedule), 403, 'FORBIDDEN');
      expectErrorEnvelope(await rest('GET', `/v2/organizations/${otherOrgId}/users/${outsider.user.id}/schedules`, orgAdmin), 403, 'FORBIDDEN');
    });
  });

  describe('GET /v2/organizations/{orgId}/schedules: every member’s schedules, paginated (organization admin)', () => {
    it('lists the members’ schedules, never another organization’s', async () => {
      const response = await rest('GET', `/v2/organizations/${orgId}/schedules`, orgAdmin);
      const names = expectSuccess(response).map((s: { name: string }) => s.name);
      expect(names).toContain('Team admin hours');
      expect(names).not.toContain('Outsider hours');
      expect(response.body.pagination).toMatchObject({ totalItems: names.length, returnedItems: names.length, hasPreviousPage: false });
      expectReferenceShape('GET', '/v2/organizations/{orgId}/schedules', response.body);
      const page = await rest('GET', `/v2/organizations/${orgId}/schedules?take=1&skip=1`, orgAdmin);
      expect(page.body.pagination).toMatchObject({ itemsPerPage: 1, returnedItems: 1, hasPreviousPage: true });
      expectErrorEnvelope(await rest('GET', `/v2/organizations/${otherOrgId}/schedules`, orgAdmin), 403, 'FORBIDDEN');
      expectErrorEnvelope(await rest('GET', `/v2/organizations/${orgId}/schedules`, member), 403, 'FORBIDDEN');
    });
  });

  describe('team schedules: /v2/teams/{teamId}/schedules, the organization team paths (team or organization admin)', () => {
    it('the team admin and the organization admin see the team members’ schedules', async () => {
      const byTeamAdmin = await rest('GET', `/v2/teams/${teamId}/schedules`, teamAdmin);
      const owners = expectSuccess(byTeamAdmin).map((s: { ownerId: number }) => s.ownerId);
      expect(new Set(owners)).toEqual(new Set([teamAdmin.user.id, member.user.id]));
      expectReferenceShape('GET', '/v2/teams/{teamId}/schedules', byTeamAdmin.body);
      const byOrgAdmin = await rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/schedules`, orgAdmin);
      expect(expectSuccess(byOrgAdmin).map((s: { ownerId: number }) => s.ownerId)).toEqual(owners);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/schedules', byOrgAdmin.body);
    });

    it('one member’s schedules on the organization team path; a non-member → 404', async () => {
      const response = await rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/users/${member.user.id}/schedules`, orgAdmin);
      expect(expectSuccess(response).every((s: { ownerId: number }) => s.ownerId === member.user.id)).toBe(true);
      expectReferenceShape('GET', '/v2/organizations/{orgId}/teams/{teamId}/users/{userId}/schedules', response.body);
      expectErrorEnvelope(await rest('GET', `/v2/organizations/${orgId}/teams/${teamId}/users/${outsider.user.id}/schedules`, orgAdmin), 404, 'NOT_FOUND');
    });

    it('another organization’s team: 403 on the team path, 404 through this organization’s path; a plain member → 403', async () => {
      expectErrorEnvelope(await rest('GET', `/v2/teams/${otherTeamId}/schedules`, teamAdmin), 403, 'FORBIDDEN');
      expectErrorEnvelope(await rest('GET', `/v2/organizations/${orgId}/teams/${otherTeamId}/schedules`, orgAdmin), 404, 'NOT_FOUND');
      expectErrorEnvelope(await rest('GET', `/v2/teams/${teamId}/schedules`, member), 403, 'FORBIDDEN');
    });
  });
});
