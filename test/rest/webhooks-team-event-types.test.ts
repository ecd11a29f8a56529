import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Webhooks of a team event type (spec 5.3 team table: TEAM_EVENT_TYPE_READ "team event type webhooks",
 * TEAM_EVENT_TYPE_WRITE "create, update, delete team event type webhooks; delete all such webhooks"), at
 * /v2/teams/{teamId}/event-types/{eventTypeId}/webhooks and under /v2/organizations/{orgId}/teams/{teamId}/….
 */
describe('team event type webhooks', () => {
  let stack: TestStack;
  type U = Awaited<ReturnType<typeof userWithKey>>;
  let teamOwner: U, teamAdmin: U, teamMember: U, orgAdmin: U, outsider: U;
  let orgId: number, otherOrgId: number, teamId: number, otherTeamId: number;
  let eventTypeId: number, otherTeamEventTypeId: number, personalEventTypeId: number;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [teamOwner, teamAdmin, teamMember, orgAdmin, outsider] = [
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
    ];
    orgId = (await operator.createOrganization({ name: 'Org', ownerId: orgAdmin.user.id })).id;
    otherOrgId = (await operator.createOrganization({ name: 'Other org', ownerId: outsider.user.id })).id;
    teamId = (await operator.createTeam({ name: 'Team', orgId, ownerId: teamOwner.user.id })).id;
    await operator.addMember({ teamId, userId: teamAdmin.user.id, role: MembershipRole.ADMIN });
    await operator.addMember({ teamId, userId: teamMember.user.id, role: MembershipRole.MEMBER });
    otherTeamId = (await operator.createTeam({ name: 'Other team', orgId: otherOrgId, ownerId: outsider.user.id })).id;
    eventTypeId = (await operator.createEventType({ title: 'Team call', slug: 'team-call', lengthInMinutes: 30, teamId, hostIds: [teamOwner.user.id] })).id;
    otherTeamEventTypeId = (
      await operator.createEventType({ title: 'Other call', slug: 'other-call', lengthInMinutes: 30, teamId: otherTeamId, hostIds: [outsider.user.id] })
    ).id;
    personalEventTypeId = (await operator.createEventType({ title: 'Mine', slug: 'mine', lengthInMinutes: 30, ownerId: teamOwner.user.id })).id;
  });
  afterAll(() => stack.stop());

  const teamPath = (t = teamId, e = eventTypeId, rest = '') => `/v2/teams/${t}/event-types/${e}/webhooks${rest}`;
  const orgPath = (o = orgId, t = teamId, e = eventTypeId, rest = '') => `/v2/organizations/${o}/teams/${t}/event-types/${e}/webhooks${rest}`;
  let seq = 0;
  const body = () => ({ subscriberUrl: `https://team.example.com/hook/${++seq}`, triggers: ['BOOKING_CREATED'] });

  it('a team admin creates (201), lists, reads, updates, deletes; the webhook belongs to the event type', async () => {
    const created = expectSuccess(await stack.rest('POST', teamPath(), { key: teamAdmin.key, body: body() }), 201);
    expect(created).toMatchObject({ eventTypeId, userId: null, teamId: null, oAuthClientId: null, active: true, version: '2021-10-20' });
    const listed = await stack.rest('GET', teamPath(), { key: teamOwner.key });
    expect(expectSuccess(listed)).toContainEqual(created);
    expect(expectSuccess(await stack.rest('GET', teamPath(teamId, eventTypeId, `/${created.id}`), { key: teamAdmin.key }))).toEqual(created);
    const updated = expectSuccess(
      await stack.rest('PATCH', teamPath(teamId, eventTypeId, `/${created.id}`), { key: teamAdmin.key, body: { triggers: ['BOOKING_CANCELLED'] } }),
    );
    expect(updated).toMatchObject({ id: created.id, triggers: ['BOOKING_CANCELLED'] });
    expect(expectSuccess(await stack.rest('DELETE', teamPath(teamId, eventTypeId, `/${created.id}`), { key: teamAdmin.key }))).toMatchObject({
      id: created.id,
    });
    expectErrorEnvelope(await stack.rest('GET', teamPath(teamId, eventTypeId, `/${created.id}`), { key: teamAdmin.key }), 404, 'NOT_FOUND');
  });

  it('the organization path: the org admin (no team membership) manages them too, and sees what the team path created', async () => {
    const created = expectSuccess(await stack.rest('POST', teamPath(), { key: teamOwner.key, body: body() }), 201);
    expect(expectSuccess(await stack.rest('GET', orgPath(), { key: orgAdmin.key }))).toContainEqual(created);
    const viaOrg = expectSuccess(await stack.rest('POST', orgPath(), { key: orgAdmin.key, body: body() }), 201);
    expect(viaOrg).toMatchObject({ eventTypeId });
    expect(
      expectSuccess(await stack.rest('PATCH', orgPath(orgId, teamId, eventTypeId, `/${viaOrg.id}`), { key: orgAdmin.key, body: { active: false } })),
    ).toMatchObject({ active: false });
    // the org admin is no admin of the team on the team path
    expectErrorEnvelope(await stack.rest('GET', teamPath(), { key: orgAdmin.key }), 403, 'FORBIDDEN');
  });

  it('same event type and subscriberUrl twice → 409 naming subscriberUrl', async () => {
    const b = body();
    expectSuccess(await stack.rest('POST', teamPath(), { key: teamAdmin.key, body: b }), 201);
    expectErrorEnvelope(await stack.rest('POST', orgPath(), { key: orgAdmin.key, body: b }), 409, 'CONFLICT', /subscriberUrl/);
  });

  it('"delete all" answers how many were deleted and leaves other owners alone', async () => {
    const personal = expectSuccess(await stack.rest('POST', `/v2/event-types/${personalEventTypeId}/webhooks`, { key: teamOwner.key, body: body() }), 201);
    const count = expectSuccess(await stack.rest('GET', teamPath(), { key: teamAdmin.key })).length;
    expect(count).toBeGreaterThan(0);
    expect(expectSuccess(await stack.rest('DELETE', teamPath(), { key: teamAdmin.key }))).toBe(`${count} webhooks deleted`);
    expect(expectSuccess(await stack.rest('GET', teamPath(), { key: teamAdmin.key }))).toEqual([]);
    expect(expectSuccess(await stack.rest('GET', `/v2/event-types/${personalEventTypeId}/webhooks/${personal.id}`, { key: teamOwner.key }))).toEqual(personal);
  });

  it('a plain team member is refused (403), reading included', async () => {
    expectErrorEnvelope(await stack.rest('GET', teamPath(), { key: teamMember.key }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await stack.rest('POST', teamPath(), { key: teamMember.key, body: body() }), 403, 'FORBIDDEN');
  });

  it('ids that do not fit together are 404: another team’s event type, a personal event type, a team outside the organization', async () => {
    expectErrorEnvelope(await stack.rest('GET', teamPath(teamId, otherTeamEventTypeId), { key: teamAdmin.key }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await stack.rest('POST', teamPath(teamId, personalEventTypeId), { key: teamOwner.key, body: body() }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await stack.rest('GET', orgPath(orgId, otherTeamId, otherTeamEventTypeId), { key: orgAdmin.key }), 404, 'NOT_FOUND');
    // and a personal event type's own route does not reach a team event type
    expectErrorEnvelope(await stack.rest('GET', `/v2/event-types/${eventTypeId}/webhooks`, { key: teamOwner.key }), 404, 'NOT_FOUND');
  });

  it("another team's admin gets nothing of this team's webhooks (403), and the other org's owner neither", async () => {
    const mine = expectSuccess(await stack.rest('POST', teamPath(), { key: teamAdmin.key, body: body() }), 201);
    expectErrorEnvelope(await stack.rest('GET', teamPath(), { key: outsider.key }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await stack.rest('DELETE', teamPath(teamId, eventTypeId, `/${mine.id}`), { key: outsider.key }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await stack.rest('GET', orgPath(otherOrgId, teamId, eventTypeId), { key: outsider.key }), 404, 'NOT_FOUND');
    // their own team's path with this team's webhook id: 404
    expectErrorEnvelope(await stack.rest('GET', teamPath(otherTeamId, otherTeamEventTypeId, `/${mine.id}`), { key: outsider.key }), 404, 'NOT_FOUND');
    expect(expectSuccess(await stack.rest('GET', teamPath(teamId, eventTypeId, `/${mine.id}`), { key: teamAdmin.key }))).toEqual(mine);
  });
});
