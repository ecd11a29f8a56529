import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { ReferenceOutcome, referenceCaller, referenceOperationsOf } from '../support/reference-calls';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Every answer validated against the reference (issue 22), the families after those of
 * `reference-shapes.test.ts`: teams, memberships (team, organization, organization team) and organization
 * users. Each operation of these tags is called once with realistic valid input, and its success answer is
 * validated against the reference's 200/201 schema (`test/support/reference-shapes.ts`, the reference
 * document's quirks listed there). The operations are read from the reference, so an operation of these
 * tags that is not called below fails the coverage test.
 */
const FAMILY_TAGS = [
  'Teams',
  'Orgs / Teams',
  'Orgs / Teams / Invite',
  'Teams / Memberships',
  'Orgs / Memberships',
  'Orgs / Teams / Memberships',
  'Orgs / Users',
];

const OPERATIONS = referenceOperationsOf(FAMILY_TAGS);

describe('reference shapes: teams, memberships and organization users', () => {
  let stack: TestStack;
  const outcomes = new Map<string, ReferenceOutcome>();
  const call = referenceCaller(() => stack, outcomes);

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);

    // Who: a team creator, an organization's admin, and people to add (one already in the organization).
    const [owner, joiner, orgAdmin, orgPerson, orgJoiner] = await Promise.all([
      userWithKey(stack, { name: 'Tia Teamowner' }),
      userWithKey(stack, { name: 'Jo Joiner' }),
      userWithKey(stack, { name: 'Olga Orgadmin' }),
      userWithKey(stack, { name: 'Pat Orgperson' }),
      userWithKey(stack, { name: 'Jules Orgjoiner' }),
    ]);
    const orgId = (await operator.createOrganization({ name: 'Shapes More Org', ownerId: orgAdmin.user.id })).id;
    await operator.addMember({ teamId: orgId, userId: orgPerson.user.id, role: MembershipRole.MEMBER });

    // Teams and their memberships.
    const team = await call('POST', '/v2/teams', {}, { key: owner.key, body: { name: 'Shapes Team', metadata: { purpose: 'shapes' }, bio: 'We test.' } });
    const teamId = team.id as number;
    const [, , , teamMembership] = await Promise.all([
      call('GET', '/v2/teams', {}, { key: owner.key }),
      call('GET', '/v2/teams/{teamId}', { teamId }, { key: owner.key }),
      call('PATCH', '/v2/teams/{teamId}', { teamId }, { key: owner.key, body: { bio: 'We test shapes.', hideBookATeamMember: true } }),
      call('POST', '/v2/teams/{teamId}/memberships', { teamId }, { key: owner.key, body: { userId: joiner.user.id, role: 'MEMBER' } }),
    ]);
    const teamMembershipId = teamMembership.id as number;
    await Promise.all([
      call('GET', '/v2/teams/{teamId}/memberships', { teamId }, { key: owner.key }),
      call('GET', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key }),
      call('PATCH', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key, body: { role: 'ADMIN' } }),
    ]);
    await call('DELETE', '/v2/teams/{teamId}/memberships/{membershipId}', { teamId, membershipId: teamMembershipId }, { key: owner.key });
    await call('DELETE', '/v2/teams/{teamId}', { teamId }, { key: owner.key });

    // The organization: its users, its memberships, its teams and their memberships.
    const [orgUser, orgMembership, orgTeam] = await Promise.all([
      call(
        'POST',
        '/v2/organizations/{orgId}/users',
        { orgId },
        { key: orgAdmin.key, body: { email: 'made.by.shapes@example.com', name: 'Made Byshapes', autoAccept: true } },
      ),
      call('POST', '/v2/organizations/{orgId}/memberships', { orgId }, { key: orgAdmin.key, body: { userId: orgJoiner.user.id, role: 'MEMBER' } }),
      call('POST', '/v2/organizations/{orgId}/teams', { orgId }, { key: orgAdmin.key, body: { name: 'Shapes Org Team', bio: 'An organization team.' } }),
    ]);
    const orgTeamId = orgTeam.id as number;
    const orgMembershipId = orgMembership.id as number;
    const [, , , , , , , , orgTeamMembership] = await Promise.all([
      call('GET', '/v2/organizations/{orgId}/users', { orgId }, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/users/{userId}', { orgId, userId: orgUser.id }, { key: orgAdmin.key, body: { name: 'Made Byshapes Again' } }),
      call('GET', '/v2/organizations/{orgId}/memberships', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/memberships/{membershipId}', { orgId, membershipId: orgMembershipId }, { key: orgAdmin.key }),
      call(
        'PATCH',
        '/v2/organizations/{orgId}/memberships/{membershipId}',
        { orgId, membershipId: orgMembershipId },
        { key: orgAdmin.key, body: { role: 'ADMIN' } },
      ),
      call('GET', '/v2/organizations/{orgId}/teams', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/me', { orgId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call(
        'POST',
        '/v2/organizations/{orgId}/teams/{teamId}/memberships',
        { orgId, teamId: orgTeamId },
        { key: orgAdmin.key, body: { userId: orgPerson.user.id, role: 'MEMBER' } },
      ),
      call('POST', '/v2/organizations/{orgId}/teams/{teamId}/invite', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key, body: { bio: 'Still a team.' } }),
    ]);
    const teamMembershipOfOrg = { orgId, teamId: orgTeamId, membershipId: orgTeamMembership.id as number };
    await Promise.all([
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/memberships', { orgId, teamId: orgTeamId }, { key: orgAdmin.key }),
      call('GET', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key }),
      call('PATCH', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key, body: { role: 'ADMIN' } }),
    ]);
    await Promise.all([
      call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}/memberships/{membershipId}', teamMembershipOfOrg, { key: orgAdmin.key }),
      call('DELETE', '/v2/organizations/{orgId}/memberships/{membershipId}', { orgId, membershipId: orgMembershipId }, { key: orgAdmin.key }),
      call('DELETE', '/v2/organizations/{orgId}/users/{userId}', { orgId, userId: orgUser.id }, { key: orgAdmin.key }),
    ]);
    await call('DELETE', '/v2/organizations/{orgId}/teams/{teamId}', { orgId, teamId: orgTeamId }, { key: orgAdmin.key });
  });

  afterAll(async () => {
    const validating = OPERATIONS.filter((o) => outcomes.get(o.key)?.problems.length === 0).length;
    process.stdout.write(`reference shapes (more): ${validating} of ${OPERATIONS.length} operations validate\n`);
    await stack?.stop();
  });

  it('every operation of these tags is called', () => {
    expect(OPERATIONS.length).toBeGreaterThan(25);
    expect(OPERATIONS.filter((o) => !outcomes.has(o.key)).map((o) => o.key)).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [o.key]))('%s answers 2xx in the reference shape', (key) => {
    expect(outcomes.get(key)?.problems ?? ['not called']).toEqual([]);
  });
});
