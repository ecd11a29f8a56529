import { createHmac } from 'node:crypto';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '../../platform/principal';
import { MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** A principal as the gateway would sign it, for calling a subgraph directly. */
function principal(userId: number, overrides: Partial<Principal> = {}): Principal {
  return { kind: 'apiKey', userId, scopes: null, clientId: null, isServiceAdmin: false, memberships: [], ...overrides };
}

describe('@scopes, @pbac, @ownData and @internal are declared in the SDL and enforced in every subgraph', () => {
  let stack: TestStack;
  let orgId: number;
  let teamId: number;
  let admin: Awaited<ReturnType<typeof userWithKey>>;
  let member: Awaited<ReturnType<typeof userWithKey>>;

  async function callSubgraph(subgraph: string, query: string, variables: Record<string, unknown>, header?: string) {
    const response = await fetch(stack.subgraphs[subgraph].url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { [PRINCIPAL_HEADER]: header } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const MEMBERSHIPS = `query($orgId: Int!, $teamId: Int!) { organizationTeamMemberships(orgId: $orgId, teamId: $teamId) { items { role user { name } } } }`;
  const TEAM_MEMBERS_VIA_ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Team { members { role } } } }`;
  const BOOKINGS_VIA_ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { bookings { id } } } }`;

  const membershipOf = (role: 'MEMBER' | 'ADMIN' | 'OWNER') => [{ teamId, isOrganization: false, parentId: orgId, role, accepted: true, permissions: null }];

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    admin = await userWithKey(stack, { name: 'Ada Admin' });
    member = await userWithKey(stack, { name: 'Milo Member' });
    orgId = (await operator.createOrganization({ name: 'Acme', ownerId: admin.user.id })).id;
    teamId = (await operator.createTeam({ name: 'Support', orgId })).id;
    await operator.addMember({ teamId, userId: admin.user.id, role: MembershipRole.ADMIN });
    await operator.addMember({ teamId, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  describe('the principal header: subgraphs trust only what the gateway signed', () => {
    it('refuses a request with no principal header (401)', async () => {
      const { status, body } = await callSubgraph('organizations', '{ me { id } }', {});
      expect(status).toBe(401);
      expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('refuses a header signed with another key (401)', async () => {
      const payload = Buffer.from(JSON.stringify({ ...principal(admin.user.id), exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
      const forged = `${payload}.${createHmac('sha256', 'not-the-internal-secret').update(payload).digest('base64url')}`;
      expect((await callSubgraph('organizations', '{ me { id } }', {}, forged)).status).toBe(401);
    });

    it('refuses a validly signed header whose payload was changed (401)', async () => {
      const [, signature] = signPrincipal(principal(member.user.id)).split('.');
      const tampered = Buffer.from(JSON.stringify({ ...principal(admin.user.id), exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
      expect((await callSubgraph('organizations', '{ me { id } }', {}, `${tampered}.${signature}`)).status).toBe(401);
    });

    it('refuses an expired header (401)', async () => {
      const old = signPrincipal(principal(admin.user.id), Date.now() - 5 * 60_000);
      expect((await callSubgraph('organizations', '{ me { id } }', {}, old)).status).toBe(401);
    });

    it('answers a header the gateway signed', async () => {
      const { status, body } = await callSubgraph('organizations', '{ me { id name } }', {}, signPrincipal(principal(admin.user.id)));
      expect(status).toBe(200);
      expect(body.data.me).toEqual({ id: admin.user.id, name: 'Ada Admin' });
    });
  });

  describe('@pbac: membership role or permission on the targeted team', () => {
    it('refuses a plain team member through the gateway (FORBIDDEN)', async () => {
      const { body } = await stack.graphql(MEMBERSHIPS, { orgId, teamId }, member.key);
      expect(body.data).toBeNull();
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('allows a team admin through the gateway', async () => {
      const { body } = await stack.graphql(MEMBERSHIPS, { orgId, teamId }, admin.key);
      expect(body.errors).toBeUndefined();
      expect(body.data.organizationTeamMemberships.items.map((m: { user: { name: string } }) => m.user.name).sort()).toEqual(['Ada Admin', 'Milo Member']);
    });

    it('allows a member whose organization role grants the permission, and refuses one whose role lacks it', async () => {
      const granted = principal(member.user.id, { memberships: [{ ...membershipOf('MEMBER')[0], permissions: ['team.readMemberships'] }] });
      const lacking = principal(admin.user.id, { memberships: [{ ...membershipOf('ADMIN')[0], permissions: ['team.read'] }] });
      expect((await callSubgraph('organizations', MEMBERSHIPS, { orgId, teamId }, signPrincipal(granted))).body.errors).toBeUndefined();
      expect((await callSubgraph('organizations', MEMBERSHIPS, { orgId, teamId }, signPrincipal(lacking))).body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('guards fields reached through _entities too: Team.members refuses an outsider and a team MEMBER, answers an ADMIN', async () => {
      const reps = [{ __typename: 'Team', id: teamId }];
      const outsider = await callSubgraph('organizations', TEAM_MEMBERS_VIA_ENTITIES, { reps }, signPrincipal(principal(999_999)));
      expect(outsider.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const teamMember = await callSubgraph(
        'organizations',
        TEAM_MEMBERS_VIA_ENTITIES,
        { reps },
        signPrincipal(principal(member.user.id, { memberships: membershipOf('MEMBER') })),
      );
      expect(teamMember.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const inside = await callSubgraph(
        'organizations',
        TEAM_MEMBERS_VIA_ENTITIES,
        { reps },
        signPrincipal(principal(admin.user.id, { memberships: membershipOf('ADMIN') })),
      );
      expect(inside.body.errors).toBeUndefined();
      expect(inside.body.data._entities[0].members).toHaveLength(2);
    });
  });

  describe('@scopes: an OAuth token needs the scope (or its ORG_ parent); API keys act with full rights', () => {
    const asAdminWith = (scopes: string[]) =>
      signPrincipal(principal(admin.user.id, { kind: 'oauth', scopes, clientId: 'client-1', memberships: membershipOf('ADMIN') }));

    it('refuses a principal lacking the scope (FORBIDDEN, naming the scope)', async () => {
      const { body } = await callSubgraph('organizations', MEMBERSHIPS, { orgId, teamId }, asAdminWith(['BOOKING_READ']));
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(body.errors[0].message).toContain('TEAM_MEMBERSHIP_READ');
    });

    it('allows a principal holding the scope', async () => {
      const { body } = await callSubgraph('organizations', MEMBERSHIPS, { orgId, teamId }, asAdminWith(['TEAM_MEMBERSHIP_READ']));
      expect(body.errors).toBeUndefined();
    });

    it('allows a principal holding the ORG_ parent of a TEAM_ scope', async () => {
      const { body } = await callSubgraph('organizations', MEMBERSHIPS, { orgId, teamId }, asAdminWith(['ORG_MEMBERSHIP_READ']));
      expect(body.errors).toBeUndefined();
    });

    it('guards fields reached through _entities too: User.bookings needs BOOKING_READ', async () => {
      const reps = [{ __typename: 'User', id: admin.user.id }];
      const without = await callSubgraph('scheduling', BOOKINGS_VIA_ENTITIES, { reps }, asAdminWith(['PROFILE_READ']));
      expect(without.body.errors[0].extensions.code).toBe('FORBIDDEN');
      const withScope = await callSubgraph('scheduling', BOOKINGS_VIA_ENTITIES, { reps }, asAdminWith(['BOOKING_READ']));
      expect(withScope.body.errors).toBeUndefined();
      expect(withScope.body.data._entities[0].bookings).toEqual([]);
    });
  });

  describe('@ownData and @internal', () => {
    it("refuses another user's bookings", async () => {
      const reps = [{ __typename: 'User', id: admin.user.id }];
      const { body } = await callSubgraph('scheduling', BOOKINGS_VIA_ENTITIES, { reps }, signPrincipal(principal(member.user.id)));
      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('refuses credential resolution to anyone but the gateway', async () => {
      // @inaccessible: not in the public schema at all; behind it, @internal refuses anyone but the system principal.
      const { body } = await stack.graphql('query($s: String!) { credential(secret: $s) { userId } }', { s: admin.key }, admin.key);
      expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(body.data ?? null).toBeNull();
    });
  });

  describe('@platformClient: only that platform OAuth client, authenticated by its secret key (no scope asked)', () => {
    const LIST = `query($clientId: String!) { oAuthClientWebhooks(clientId: $clientId) { items { id } } }`;
    it('passes the client itself, whatever its scopes; refuses another client, an API key and an access token of the owner', async () => {
      const asPlatform = (clientId: string) => signPrincipal(principal(admin.user.id, { kind: 'platform', clientId, scopes: ['PROFILE_READ'] }));
      expect((await callSubgraph('integrations', LIST, { clientId: 'client-a' }, asPlatform('client-a'))).body.data.oAuthClientWebhooks.items).toEqual([]);
      for (const header of [
        asPlatform('client-b'),
        signPrincipal(principal(admin.user.id)),
        signPrincipal(principal(admin.user.id, { kind: 'oauth', clientId: 'client-a', scopes: ['WEBHOOK_READ', 'WEBHOOK_WRITE'] })),
      ]) {
        const { body } = await callSubgraph('integrations', LIST, { clientId: 'client-a' }, header);
        expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
        expect(body.data).toBeNull();
      }
    });
  });

  describe('REST statuses', () => {
    it('no credential → 401, wrong rights → 403', async () => {
      const path = `/v2/organizations/${orgId}/teams/${teamId}/memberships`;
      expect((await stack.rest('GET', path)).status).toBe(401);
      const refused = await stack.rest('GET', path, { key: member.key });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ status: 'error', error: { code: 'FORBIDDEN', message: expect.stringContaining('team.readMemberships') } });
      expect((await stack.rest('GET', path, { key: admin.key })).status).toBe(200);
    });
  });
});
