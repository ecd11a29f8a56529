import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { eventually } from '../support/eventually';

/** The gateway caches principals; a change must not leave stale rights behind. */
describe('cached principals follow membership and credential changes', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack.stop());

  it('a membership added by an operator tool (straight into the database) counts within moments, not after the cache TTL', async () => {
    const operator = operatorOf(stack);
    const owner = await userWithKey(stack);
    const newcomer = await userWithKey(stack);
    const org = await operator.createOrganization({ name: 'Initech', ownerId: owner.user.id });
    const team = await operator.createTeam({ name: 'Ops', orgId: org.id, ownerId: owner.user.id });
    const path = `/v2/organizations/${org.id}/teams/${team.id}/memberships`;
    expect((await stack.rest('GET', path, { key: newcomer.key })).status).toBe(403); // cached now
    await operator.addMember({ teamId: team.id, userId: newcomer.user.id, role: MembershipRole.ADMIN });
    expect(await eventually(async () => (await stack.rest('GET', path, { key: newcomer.key })).status === 200)).toBe(true);
  });

  it('an API key revoked through the API stops working with the very next request', async () => {
    const { key } = await userWithKey(stack);
    expect((await stack.rest('GET', '/v2/me', { key })).status).toBe(200);
    const keys = await stack.graphql('{ apiKeys { id } }', {}, key);
    const revoked = await stack.graphql('mutation($id: Int!) { revokeApiKey(id: $id) { id } }', { id: keys.body.data.apiKeys[0].id }, key);
    expect(revoked.body.errors).toBeUndefined();
    expect((await stack.rest('GET', '/v2/me', { key })).status).toBe(401);
  });
});
