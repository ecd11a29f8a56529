import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/**
 * Conformance: the teams of an organization (GET/POST /v2/organizations/{orgId}/teams, GET …/teams/me,
 * GET/PATCH/DELETE …/teams/{teamId}), replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/organizations/teams/index/organizations-teams.controller.e2e-spec.ts. Each of its
 * `describe`s has an organization of its own there; here too, so that the cases do not see each other's teams.
 * Their Prisma fixtures become our operator tool; the creator's membership, which they read from the database,
 * is read here through the API (the organization team's memberships, as its organization admin).
 */
describe('conformance: organization teams', () => {
  let stack: TestStack;
  const bio = 'This is our test team created via API';

  // "User Authentication - User is Org Admin"
  let orgAdmin: Person;
  let adminOrg: { id: number };
  let adminTeam1: { id: number };
  let adminTeam2: { id: number };
  // "User Authentication - User is Org Member"
  let orgMember: Person;
  let memberOrg: { id: number };
  let memberTeam1: { id: number };
  let memberTeam2: { id: number };
  // "User Authentication - User is Team Owner"
  let teamOwner: Person;
  let ownerOrg: { id: number };
  let ownerTeam1: { id: number };
  let ownerTeam2: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [orgAdmin, orgMember, teamOwner] = await Promise.all(['org-teams-admin', 'org-teams-member', 'org-teams-owner'].map((label) => person(stack, label)));
    [adminOrg, memberOrg, ownerOrg] = await Promise.all([
      operator.createOrganization({ name: 'Organization teams, admin' }),
      operator.createOrganization({ name: 'Organization teams, member' }),
      operator.createOrganization({ name: 'Organization teams, team owner' }),
    ]);
    // Teams without an owner, as the spec's fixtures make them; each pair in order (the list is by id).
    const pair = async (orgId: number, label: string) => {
      const first = await operator.createTeam({ name: `${label} team1`, orgId });
      return [first, await operator.createTeam({ name: `${label} team2`, orgId })];
    };
    [[adminTeam1, adminTeam2], [memberTeam1, memberTeam2], [ownerTeam1, ownerTeam2]] = await Promise.all([
      pair(adminOrg.id, 'Admin org'),
      pair(memberOrg.id, 'Member org'),
      pair(ownerOrg.id, 'Owner org'),
    ]);
    await Promise.all([
      operator.addMember({ teamId: adminOrg.id, userId: orgAdmin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: memberOrg.id, userId: orgMember.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: ownerOrg.id, userId: teamOwner.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: ownerTeam1.id, userId: teamOwner.id, role: MembershipRole.OWNER }),
      operator.addMember({ teamId: ownerTeam2.id, userId: teamOwner.id, role: MembershipRole.OWNER }),
    ]);
  });
  afterAll(() => stack.stop());

  describe('organizations-teams.controller.e2e-spec.ts (User is Org Admin)', () => {
    const path = () => `/v2/organizations/${adminOrg.id}/teams`;
    const get = (suffix = '') => stack.rest('GET', `${path()}${suffix}`, { key: orgAdmin.key });
    /** The creator's membership of a team it made (their fixture reads it from the database). */
    const creatorMembership = async (teamId: number) => {
      const memberships = expectSuccess(await stack.rest('GET', `${path()}/${teamId}/memberships`, { key: orgAdmin.key }));
      return memberships.find((m: any) => m.userId === orgAdmin.id);
    };
    let created: any;

    it('"should get all the teams of the org": by id', async () => {
      expect(expectSuccess(await get()).map((t: any) => t.id)).toEqual([adminTeam1.id, adminTeam2.id]);
    });

    it('"should get all the teams of the org paginated": skip=1&take=1', async () => {
      expect(expectSuccess(await get('?skip=1&take=1')).map((t: any) => t.id)).toEqual([adminTeam2.id]);
    });

    it('"should fail if org does not exist": 403', async () => {
      expect((await stack.rest('GET', '/v2/organizations/120494059/teams', { key: orgAdmin.key })).status).toBe(403);
    });

    it('"should get the team of the org": id and parentId', async () => {
      expect(expectSuccess(await get(`/${adminTeam1.id}`))).toEqual(expect.objectContaining({ id: adminTeam1.id, parentId: adminOrg.id }));
    });

    it('"should create the team of the org": 201, slug and bio as given; the creator an accepted OWNER', async () => {
      const body = { name: 'organizations-teams-api-team1-conformance', slug: 'team-created-via-api', bio };
      created = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(created).toEqual(expect.objectContaining({ name: body.name, slug: 'team-created-via-api', bio, parentId: adminOrg.id }));
      expect(await creatorMembership(created.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: true }));
    });

    it('"should get all the teams of the authenticated org member": the created team, role OWNER, accepted', async () => {
      const data = expectSuccess(await get('/me'));
      expect(data.find((t: any) => t.id === created.id)).toEqual(expect.objectContaining({ role: 'OWNER' }));
      expect(data.some((t: any) => t.accepted)).toBe(true);
    });

    it('"should update the team of the org": name, weekStart, logoUrl, bannerUrl', async () => {
      const body = {
        name: 'organizations-teams-api-team1-conformance-updated',
        weekStart: 'Monday',
        logoUrl: 'https://example.com/avatar/b0b58752-68ad-4c0d-8024-4fa382a77752.png',
        bannerUrl: 'https://example.com/avatar/949be534-7a88-4185-967c-c020b0c0bef3.png',
      };
      created = expectSuccess(await stack.rest('PATCH', `${path()}/${created.id}`, { key: orgAdmin.key, body }));
      expect(created).toEqual(expect.objectContaining({ ...body, parentId: adminOrg.id }));
    });

    it('"should delete the team of the org we created via api": the team as it was', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `${path()}/${created.id}`, { key: orgAdmin.key }));
      expect(data).toEqual(expect.objectContaining({ id: created.id, parentId: adminOrg.id }));
    });

    it('"should fail to get the team of the org we just deleted": 404', async () => {
      expect((await get(`/${created.id}`)).status).toBe(404);
    });

    it('"should fail if the team does not exist": 404', async () => {
      expect((await get('/123132145')).status).toBe(404);
    });

    it('"should create the team of the org without auto-accepting creator": the creator an OWNER not accepted', async () => {
      const body = { name: 'organizations-teams-api-team2-conformance', autoAcceptCreator: false };
      const team = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(team).toEqual(expect.objectContaining({ name: body.name, parentId: adminOrg.id }));
      expect(await creatorMembership(team.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: false }));
    });

    it('"should create the team of the org with automatically set slug": the slug of the name', async () => {
      const body = { name: 'Organizations Teams Automatic Slug', bio };
      const team = expectSuccess(await stack.rest('POST', path(), { key: orgAdmin.key, body }), 201);
      expect(team).toEqual(expect.objectContaining({ name: body.name, slug: 'organizations-teams-automatic-slug', bio, parentId: adminOrg.id }));
      expect(await creatorMembership(team.id)).toEqual(expect.objectContaining({ role: 'OWNER', accepted: true }));
    });
  });

  describe('organizations-teams.controller.e2e-spec.ts (User is Org Member)', () => {
    const path = () => `/v2/organizations/${memberOrg.id}/teams`;

    it('"should deny get all the teams of the org": 403', async () => {
      expect((await stack.rest('GET', path(), { key: orgMember.key })).status).toBe(403);
    });

    it('"should deny get all the teams of the org paginated": 403', async () => {
      expect((await stack.rest('GET', `${path()}?skip=1&take=1`, { key: orgMember.key })).status).toBe(403);
    });

    it('"should deny get the team of the org": 403', async () => {
      const response = await stack.rest('GET', `${path()}/${memberTeam1.id}`, { key: orgMember.key });
      expect(response.status).toBe(403);
      expect(response.body.status).toBe('error');
    });

    it('"should deny create the team of the org": 403', async () => {
      expect((await stack.rest('POST', path(), { key: orgMember.key, body: { name: 'organizations-teams-member-denied' } })).status).toBe(403);
    });

    it('"should deny update the team of the org": 403', async () => {
      expect((await stack.rest('PATCH', `${path()}/${memberTeam1.id}`, { key: orgMember.key, body: { name: 'denied-updated' } })).status).toBe(403);
    });

    it('"should deny delete the team of the org we created via api": 403', async () => {
      expect((await stack.rest('DELETE', `${path()}/${memberTeam2.id}`, { key: orgMember.key })).status).toBe(403);
    });
  });

  describe('organizations-teams.controller.e2e-spec.ts (User is Team Owner)', () => {
    const path = () => `/v2/organizations/${ownerOrg.id}/teams`;

    it('"should deny get all the teams of the org": 403', async () => {
      expect((await stack.rest('GET', path(), { key: teamOwner.key })).status).toBe(403);
    });

    it('"should deny get all the teams of the org paginated": 403', async () => {
      expect((await stack.rest('GET', `${path()}?skip=1&take=1`, { key: teamOwner.key })).status).toBe(403);
    });

    it('"should get the team of the org for which the user is team owner": 200', async () => {
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key })).id).toBe(ownerTeam1.id);
    });

    it('"should deny create the team of the org": 403', async () => {
      expect((await stack.rest('POST', path(), { key: teamOwner.key, body: { name: 'organizations-teams-owner-denied' } })).status).toBe(403);
    });

    it('"should deny update the team of the org": 403, and the team is unchanged', async () => {
      const response = await stack.rest('PATCH', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key, body: { name: 'denied-updated' } });
      expect(response.status).toBe(403);
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam1.id}`, { key: teamOwner.key })).name).toBe('Owner org team1');
    });

    it('"should deny delete the team of the org we created via api": 403, and the team is still there', async () => {
      expect((await stack.rest('DELETE', `${path()}/${ownerTeam2.id}`, { key: teamOwner.key })).status).toBe(403);
      expect(expectSuccess(await stack.rest('GET', `${path()}/${ownerTeam2.id}`, { key: teamOwner.key })).id).toBe(ownerTeam2.id);
    });
  });
  /**
   * organizations/organizations/organizations-organizations.controller.e2e-spec.ts ("Organizations Organizations
   * Endpoints"): the organizations an organization manages, with their API keys. Their manager organization is a
   * platform organization on a SCALE plan, a fixture row; here an organization the operator makes (no plans here:
   * docs/decisions.md, "Managed organizations"), with an ADMIN who calls. What they read from the database (the
   * creator's OWNER membership and profile, the billing rows, the stored key's hash and note) is not observable
   * through the API, and the creator is not the new organization's owner here: its API user is (the same section).
   * What the key can do is: refresh itself, make an OAuth client of the new organization.
   */
  describe('organizations-organizations.controller.e2e-spec.ts ("Organizations Organizations Endpoints")', () => {
    let managerAdmin: Person;
    let managerOrg: { id: number };
    let managedOrg: any;
    let managedOrg2: any;
    let managedOrgApiKey: string;
    let oauthClient: { clientId: string; clientSecret: string };
    const metadataKey = 'first-org-metadata-key';
    const metadataValue = 'first-org-metadata-value';
    const tag = Math.random().toString(36).slice(2, 7);
    const first = { name: `org ${tag}`, slug: `org-${tag}`, metadata: { [metadataKey]: metadataValue } };
    const second = { name: `org2 ${tag}`, slug: `org2-${tag}`, metadata: { key: 'value' } };
    const oauthClientBody = { name: 'OAuth client for managed organization', redirectUris: ['http://localhost:4321'], permissions: ['*'] };
    const path = () => `/v2/organizations/${managerOrg.id}/organizations`;
    const call = (method: string, suffix = '', body?: unknown) => stack.rest(method, `${path()}${suffix}`, { key: managerAdmin.key, body });
    const onePage = (n: number) => ({ totalItems: n, remainingItems: 0, returnedItems: n, currentPage: 1, totalPages: 1 });

    beforeAll(async () => {
      const operator = operatorOf(stack);
      managerAdmin = await person(stack, 'organizations-organizations-admin');
      managerOrg = await operator.createOrganization({ name: `organizations-organizations-organization-${tag}` });
      await operator.addMember({ teamId: managerOrg.id, userId: managerAdmin.id, role: MembershipRole.ADMIN });
    });

    it('"should not create managed organization with string metadata": 400', async () => {
      const response = await call('POST', '', { name: `organizations organizations org ${tag}`, metadata: JSON.stringify({ key: 'value' }) });
      expect(response.status).toBe(400);
    });

    it('"should create managed organization": 201, name, slug, metadata and an API key', async () => {
      managedOrg = expectSuccess(await call('POST', '', first), 201);
      expect(managedOrg).toEqual(expect.objectContaining({ id: expect.any(Number), name: first.name, slug: first.slug, metadata: first.metadata }));
      expect(managedOrg.apiKey).toEqual(expect.any(String));
      managedOrgApiKey = managedOrg.apiKey;
    });

    it('"should not create managed organization if slug already exists": 409, their message', async () => {
      const response = await call('POST', '', first);
      expect([response.status, response.body.error?.message]).toEqual([
        409,
        `Organization with slug '${first.slug}' already exists. Please, either provide a different slug or change name so that the automatically generated slug is different.`,
      ]);
    });

    it('"should create second managed organization"', async () => {
      managedOrg2 = expectSuccess(await call('POST', '', second), 201);
      expect(managedOrg2).toEqual(expect.objectContaining({ name: second.name, slug: second.slug, metadata: second.metadata, apiKey: expect.any(String) }));
    });

    it('"should get managed organization": name and metadata', async () => {
      expect(expectSuccess(await call('GET', `/${managedOrg.id}`))).toEqual(
        expect.objectContaining({ id: managedOrg.id, name: managedOrg.name, metadata: managedOrg.metadata }),
      );
    });

    it('"should get managed organizations": both, one page of 250', async () => {
      const response = await call('GET');
      const data = expectSuccess(response);
      expect(data).toHaveLength(2);
      expect(data.find((o: any) => o.id === managedOrg.id)).toEqual(expect.objectContaining({ name: managedOrg.name, metadata: managedOrg.metadata }));
      expect(data.find((o: any) => o.id === managedOrg2.id)).toEqual(expect.objectContaining({ name: managedOrg2.name, metadata: managedOrg2.metadata }));
      expect(response.body.pagination).toEqual(expect.objectContaining({ ...onePage(2), itemsPerPage: 250 }));
    });

    it('"should get managed organization by slug"', async () => {
      const response = await call('GET', `?slug=${managedOrg.slug}`);
      expect(expectSuccess(response).map((o: any) => o.id)).toEqual([managedOrg.id]);
      expect(response.body.pagination).toEqual(expect.objectContaining({ ...onePage(1), itemsPerPage: 250 }));
    });

    it('"should get managed organization by metadata key"', async () => {
      const response = await call('GET', `?metadataKey=${metadataKey}&metadataValue=${metadataValue}`);
      expect(expectSuccess(response)).toEqual([expect.objectContaining({ id: managedOrg.id, name: managedOrg.name, metadata: managedOrg.metadata })]);
      expect(response.body.pagination).toEqual(expect.objectContaining({ ...onePage(1), itemsPerPage: 250 }));
    });

    it('"should not update managed organization with string metadata": 400', async () => {
      expect((await call('PATCH', `/${managedOrg.id}`, { metadata: JSON.stringify({ key: 'value' }) })).status).toBe(400);
    });

    it('"should update managed organization": name and metadata, also when read again', async () => {
      const body = { name: `new organizations organizations org ${tag}`, metadata: { updatedKey: 'updatedValue' } };
      expect(expectSuccess(await call('PATCH', `/${managedOrg.id}`, body))).toEqual(expect.objectContaining(body));
      expect(expectSuccess(await call('GET', `/${managedOrg.id}`))).toEqual(expect.objectContaining(body));
      managedOrg = { ...managedOrg, ...body };
    });

    it('"should refresh api key for managed organization with a custom duration": a new key; the old one stops', async () => {
      const refreshed = expectSuccess(await stack.rest('POST', '/v2/api-keys/refresh', { key: managedOrgApiKey, body: { apiKeyDaysValid: 60 } }));
      expect(refreshed.apiKey).toEqual(expect.any(String));
      expect(refreshed.apiKey).not.toEqual(managedOrgApiKey);
      expect((await stack.rest('GET', '/v2/me', { key: managedOrgApiKey })).status).toBe(401);
      managedOrgApiKey = refreshed.apiKey;
    });

    it('"should create OAuth client for managed organization": 201, its id and secret', async () => {
      const data = expectSuccess(await stack.rest('POST', '/v2/oauth-clients', { key: managedOrgApiKey, body: oauthClientBody }), 201);
      expect(data).toEqual(expect.objectContaining({ clientId: expect.any(String), clientSecret: expect.any(String) }));
      oauthClient = data;
    });

    // They read it as the client itself (its secret key); here a client's reading of clients is its organization's
    // admins' (docs/decisions.md, "OAuth clients of an organization"): the managed organization's key reads it.
    it('"should fetch OAuth client for managed organization": by the managed organization\'s key, its name, redirect URIs and permissions', async () => {
      const response = await stack.rest('GET', `/v2/oauth-clients/${oauthClient.clientId}`, { key: managedOrgApiKey });
      expect(expectSuccess(response)).toEqual(
        expect.objectContaining({
          id: oauthClient.clientId,
          name: oauthClientBody.name,
          redirectUris: oauthClientBody.redirectUris,
          permissions: expect.arrayContaining(['EVENT_TYPE_READ', 'EVENT_TYPE_WRITE', 'BOOKING_READ', 'BOOKING_WRITE', 'PROFILE_READ', 'PROFILE_WRITE']),
        }),
      );
    });

    it('"should delete managed organization" (the second, then the first): each as it was; the list then empty', async () => {
      for (const deleted of [managedOrg2, managedOrg]) {
        expect(expectSuccess(await call('DELETE', `/${deleted.id}`))).toEqual(expect.objectContaining({ id: deleted.id, name: deleted.name }));
        expect((await call('GET', `/${deleted.id}`)).status).toBe(404);
      }
      expect(expectSuccess(await call('GET'))).toEqual([]);
    });
  });
});
