import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** The whole UTC days the specs' entries are answered with. */
const MAY = { start: '2025-05-01T00:00:00.000Z', end: '2025-05-10T23:59:59.999Z' };
const JUNE = { start: '2025-06-01T00:00:00.000Z', end: '2025-06-10T23:59:59.999Z' };
const AUTUMN = { start: '2025-08-01T00:00:00.000Z', end: '2025-10-10T23:59:59.999Z' };

/**
 * Conformance: out-of-office entries of organization users, of team members and of the caller (/v2/me/ooo), replayed
 * from the real service's public e2e specs (apps/api/v2/src/modules/…, named beside each case; the user-ooo spec's
 * names differ from the others' by "an ooo entry" for "a ooo entry", and it has no "…redirect outside of org" nor
 * "…duplicate time" update case, which the shared cases add). Entries are whole UTC days: a start is
 * answered at 00:00:00.000 of its day, an end at 23:59:59.999 of its day.
 */
describe('conformance: out of office', () => {
  let stack: TestStack;

  // organizations/users/ooo/controllers/organizations-users-ooo.e2e-spec.ts
  let orgAdmin: Person;
  let teammate1: Person;
  let teammate2: Person;
  let falseTestUser: Person;
  let org: { id: number };
  // teams/ooo/teams-ooo.controller.e2e-spec.ts
  let teamAdmin: Person;
  let member1: Person;
  let member2: Person;
  let outsider: Person;
  let plainMember: Person;
  let team: { id: number };
  // ooo/controllers/user-ooo.controller.e2e-spec.ts: the user is a MEMBER of the team above, beside its teammates
  let meUser: Person;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgAdmin, teammate1, teammate2, falseTestUser, teamAdmin, member1, member2, outsider, plainMember, meUser] = await Promise.all(
      ['org-admin', 'teammate1', 'teammate2', 'false-user', 'team-admin', 'member1', 'member2', 'outsider', 'plain-member', 'user-ooo-user'].map((who) =>
        person(stack, who),
      ),
    );
    let falseTestOrg: { id: number };
    let otherTeam: { id: number };
    [org, falseTestOrg, team, otherTeam] = await Promise.all([
      operator.createOrganization({ name: 'OOO org' }),
      operator.createOrganization({ name: 'OOO false org' }),
      operator.createTeam({ name: 'OOO team' }),
      operator.createTeam({ name: 'OOO other team' }),
    ]);
    // Their teammates are members of a team of the organization; ours are members of the organization too,
    // as a team of an organization holds only its members.
    const orgTeam = await operator.createTeam({ name: 'OOO org team', orgId: org.id });
    const falseTestTeam = await operator.createTeam({ name: 'OOO false team', orgId: falseTestOrg.id });
    const member = (teamId: number, who: Person, role = MembershipRole.MEMBER) => operator.addMember({ teamId, userId: who.id, role });
    await Promise.all([
      member(org.id, orgAdmin, MembershipRole.ADMIN),
      member(org.id, teammate1),
      member(org.id, teammate2),
      member(falseTestOrg.id, falseTestUser),
      member(team.id, teamAdmin, MembershipRole.ADMIN),
      member(team.id, member1),
      member(team.id, member2),
      member(team.id, plainMember),
      member(team.id, meUser),
      member(otherTeam.id, outsider),
    ]);
    await Promise.all([member(orgTeam.id, teammate1), member(orgTeam.id, teammate2), member(falseTestTeam.id, falseTestUser)]);
  });
  afterAll(() => stack.stop());

  /** The cases both specs share, on the path of one of them. */
  function replayEntryLifecycle(spec: { path: () => string; key: () => string; owner: () => Person; teammate: () => Person; stranger: () => Person }) {
    let firstId: number;
    const send = (method: string, suffix: string, body?: unknown) => stack.rest(method, `${spec.path()}${suffix}`, { key: spec.key(), body });

    it('"should create a ooo entry without redirect": whole days, reason unspecified', async () => {
      const body = { start: '2025-05-01T01:00:00.000Z', end: '2025-05-10T13:59:59.999Z', notes: 'ooo numero uno' };
      const data = expectSuccess(await send('POST', '', body), 201);
      expect(data).toEqual(expect.objectContaining({ reason: 'unspecified', userId: spec.owner().id, ...MAY }));
      firstId = data.id;
    });

    it('"should create a ooo entry with redirect"', async () => {
      const body = { start: '2025-08-01T01:00:00.000Z', end: '2025-10-10T13:59:59.999Z', notes: 'ooo numero dos', toUserId: spec.teammate().id };
      const data = expectSuccess(await send('POST', '', body), 201);
      expect(data).toEqual(expect.objectContaining({ reason: 'unspecified', userId: spec.owner().id, toUserId: spec.teammate().id, ...AUTUMN }));
    });

    it('"should fail to create a ooo entry with start after end": 400', async () => {
      expect((await send('POST', '', { start: '2025-07-01T00:00:00.000Z', end: '2025-05-10T23:59:59.999Z', notes: 'x' })).status).toBe(400);
    });

    it('"should fail to create a duplicate ooo entry": 409', async () => {
      expect((await send('POST', '', { start: '2025-05-01T00:00:00.000Z', end: '2025-05-10T23:59:59.999Z', notes: 'duplicate' })).status).toBe(409);
    });

    it('"should fail to create an ooo entry that redirects to self": 400', async () => {
      expect((await send('POST', '', { start: '2025-05-02T00:00:00.000Z', end: '2025-05-03T23:59:59.999Z', toUserId: spec.owner().id })).status).toBe(400);
    });

    it('"should fail to create an ooo entry that redirects to member outside of org" / "…to outsider": 400', async () => {
      expect((await send('POST', '', { start: '2025-05-02T00:00:00.000Z', end: '2025-05-03T23:59:59.999Z', toUserId: spec.stranger().id })).status).toBe(400);
    });

    it('"should update a ooo entry without redirect": new days and reason', async () => {
      const body = { start: '2025-06-01T01:00:00.000Z', end: '2025-06-10T13:59:59.999Z', notes: 'ooo numero uno', reason: 'vacation' };
      const data = expectSuccess(await send('PATCH', `/${firstId}`, body));
      expect(data).toEqual(expect.objectContaining({ reason: 'vacation', userId: spec.owner().id, ...JUNE }));
    });

    it('"should fail to update a ooo entry with redirect outside of org": 400', async () => {
      expect((await send('PATCH', `/${firstId}`, { toUserId: spec.stranger().id })).status).toBe(400);
    });

    it('"should fail to update a ooo entry with start after end": 400', async () => {
      expect((await send('PATCH', `/${firstId}`, { start: '2025-07-01T00:00:00.000Z', end: '2025-05-10T23:59:59.999Z' })).status).toBe(400);
    });

    it('"should fail to update a ooo entry with redirect to self": 400', async () => {
      expect((await send('PATCH', `/${firstId}`, { toUserId: spec.owner().id })).status).toBe(400);
    });

    it('"should fail to update a ooo entry with duplicate time": onto the period it already has — 409', async () => {
      const response = await send('PATCH', `/${firstId}`, { start: '2025-06-01T01:00:00.000Z', end: '2025-06-10T13:59:59.999Z' });
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('CONFLICT');
      // Onto the days of the user's other entry (made by "should create a ooo entry with redirect"): 409 too.
      expect((await send('PATCH', `/${firstId}`, { start: '2025-08-01T00:00:00.000Z', end: '2025-10-10T23:59:59.999Z' })).status).toBe(409);
    });

    it('"should update a ooo entry with redirect to teammate": the rest kept', async () => {
      const data = expectSuccess(await send('PATCH', `/${firstId}`, { toUserId: spec.teammate().id }));
      expect(data).toEqual(expect.objectContaining({ reason: 'vacation', toUserId: spec.teammate().id, userId: spec.owner().id, ...JUNE }));
    });

    it('"should get 2 ooo entries" (the user\'s list); sortEnd=desc puts the later end first', async () => {
      const data = expectSuccess(await send('GET', ''));
      expect(data).toHaveLength(2);
      expect(data.find((entry: any) => entry.id === firstId)).toEqual(
        expect.objectContaining({ reason: 'vacation', toUserId: spec.teammate().id, userId: spec.owner().id, ...JUNE }),
      );
      expect(expectSuccess(await send('GET', '?sortEnd=desc'))[1].id).toBe(firstId);
    });

    it('"should fail to update a non-existent ooo entry" / "…delete…": 403 there, 404 here (compatibility: out of office, row 1)', async () => {
      // Deviation (docs/compatibility.md, "Out of office", row 1).
      expect((await send('PATCH', '/999999', { notes: 'does not exist' })).status).toBe(404);
      expect((await send('DELETE', '/999999')).status).toBe(404);
    });

    it('"should delete ooo entry", then "user should have 1 ooo entries"', async () => {
      expect((await send('DELETE', `/${firstId}`)).status).toBe(200);
      expect(expectSuccess(await send('GET', ''))).toHaveLength(1);
    });
  }

  describe('organizations-users-ooo.e2e-spec.ts (User is Org Admin)', () => {
    replayEntryLifecycle({
      path: () => `/v2/organizations/${org.id}/users/${teammate1.id}/ooo`,
      key: () => orgAdmin.key,
      owner: () => teammate1,
      teammate: () => teammate2,
      stranger: () => falseTestUser,
    });

    it('"should get 2 ooo entries" (GET /v2/organizations/{orgId}/ooo?sortEnd=desc&email=): the member\'s entries', async () => {
      // Run after the lifecycle above: one entry of teammate1 is left; teammate2 gets one so the e-mail filter has work to do.
      const body = { start: '2025-12-01T00:00:00.000Z', end: '2025-12-02T23:59:59.999Z' };
      expectSuccess(await stack.rest('POST', `/v2/organizations/${org.id}/users/${teammate2.id}/ooo`, { key: orgAdmin.key, body }), 201);
      const data = expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/ooo?sortEnd=desc&email=${teammate1.email}`, { key: orgAdmin.key }));
      expect(data.map((entry: any) => [entry.userId, entry.end])).toEqual([[teammate1.id, '2025-10-10T23:59:59.999Z']]);
    });
  });

  describe('teams-ooo.controller.e2e-spec.ts (User is Team Admin)', () => {
    replayEntryLifecycle({
      path: () => `/v2/teams/${team.id}/users/${member1.id}/ooo`,
      key: () => teamAdmin.key,
      owner: () => member1,
      teammate: () => member2,
      stranger: () => outsider,
    });

    it('"should fail when target user is not in the team": 403', async () => {
      const body = { start: '2025-11-01T00:00:00.000Z', end: '2025-11-10T23:59:59.999Z' };
      expect((await stack.rest('POST', `/v2/teams/${team.id}/users/${outsider.id}/ooo`, { key: teamAdmin.key, body })).status).toBe(403);
    });
  });

  describe('teams-ooo.controller.e2e-spec.ts (User is Team Member, non-admin)', () => {
    it('"should reject a non-admin member from listing team member OOO entries": 403', async () => {
      expect((await stack.rest('GET', `/v2/teams/${team.id}/users/${member2.id}/ooo`, { key: plainMember.key })).status).toBe(403);
    });

    it('"should reject a non-admin member from creating team member OOO entries": 403', async () => {
      const body = { start: '2025-05-01T00:00:00.000Z', end: '2025-05-10T23:59:59.999Z' };
      expect((await stack.rest('POST', `/v2/teams/${team.id}/users/${member2.id}/ooo`, { key: plainMember.key, body })).status).toBe(403);
    });
  });

  describe('ooo/controllers/user-ooo.controller.e2e-spec.ts ("User OOO Endpoints › User Authentication - Authenticated User")', () => {
    replayEntryLifecycle({
      path: () => '/v2/me/ooo',
      key: () => meUser.key,
      owner: () => meUser,
      teammate: () => member1,
      stranger: () => outsider,
    });

    it("the OpenAPI document marks the 404 of an entry that is not the caller's on PATCH and DELETE (x-svc-deviation)", async () => {
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      for (const method of ['patch', 'delete'])
        expect(paths['/v2/me/ooo/{oooId}'][method]['x-svc-deviation']).toEqual([expect.stringMatching(/^Out of office/)]);
    });
  });
});
