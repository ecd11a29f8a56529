import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
import { decide, oauthClient, signedIn, tokenRequest } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';
import { Person, person } from './people';

/** Every permission their `["*"]` stands for, in the order their answer lists them. */
const ALL_PERMISSIONS = [
  'EVENT_TYPE_READ',
  'EVENT_TYPE_WRITE',
  'BOOKING_READ',
  'BOOKING_WRITE',
  'SCHEDULE_READ',
  'SCHEDULE_WRITE',
  'APPS_READ',
  'APPS_WRITE',
  'PROFILE_READ',
  'PROFILE_WRITE',
];

/**
 * Conformance: platform OAuth clients of an organization, replayed from the real service's public e2e spec
 * apps/api/v2/src/modules/oauth-clients/controllers/oauth-clients/oauth-clients.controller.e2e-spec.ts
 * ("OAuth Clients Endpoints", test names beside each case). Their one user changes role from describe to describe;
 * here one person per role, made by the operator. Their "Organization is not platform" case is not replayed:
 * organizations here have no platform flag (any organization's admins manage its clients).
 */
describe('conformance: OAuth clients', () => {
  let stack: TestStack;
  let loner: Person;
  let member: Person;
  let admin: Person;
  let owner: Person;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [loner, member, admin, owner] = await Promise.all(
      ['oauth-clients-loner', 'oauth-clients-member', 'oauth-clients-admin', 'oauth-clients-owner'].map((l) => person(stack, l)),
    );
    const org = await operator.createOrganization({ name: 'oauth-clients-organization' });
    await Promise.all([
      operator.addMember({ teamId: org.id, userId: member.id, role: MembershipRole.MEMBER }),
      operator.addMember({ teamId: org.id, userId: admin.id, role: MembershipRole.ADMIN }),
      operator.addMember({ teamId: org.id, userId: owner.id, role: MembershipRole.OWNER }),
    ]);
  });
  afterAll(() => stack.stop());

  const call = (method: string, path: string, key?: string, body?: unknown) => stack.rest(method, `/v2/oauth-clients${path}`, { key, body });
  const FIVE = [
    ['/GET', 'GET', ''],
    ['/GET/:id', 'GET', '/1234'],
    ['/POST', 'POST', ''],
    ['/PUT/:id', 'PATCH', '/1234'],
    ['/DELETE/:id', 'DELETE', '/1234'],
  ] as const;

  /** A body of the operation's shape: their POST and PUT send none (a 400 first here, the deviation's row). */
  const WELL_FORMED: Record<string, unknown> = {
    POST: { name: 'x', redirectUris: ['http://test-oauth-client.com'], permissions: ['BOOKING_READ'] },
    PATCH: { name: 'x' },
  };

  // Deviation (docs/compatibility.md, "Organization attributes", row 1): no body on POST/PATCH is a 400 before the 401.
  it.each(FIVE)('"User Not Authenticated › %s": 401 (400 for a POST or PATCH without a body)', async (_name, method, path) => {
    expect((await call(method, path, undefined, WELL_FORMED[method])).status).toBe(401);
    if (WELL_FORMED[method]) expect((await call(method, path)).status).toBe(400);
  });

  it.each(FIVE)(
    '"User Is Authenticated › User is not part of an organization › %s": 403 (400 for a POST or PATCH without a body)',
    async (_name, method, path) => {
      expect((await call(method, path, loner.key, WELL_FORMED[method])).status).toBe(403);
      if (WELL_FORMED[method]) expect((await call(method, path, loner.key)).status).toBe(400);
    },
  );

  // Deviation (docs/compatibility.md, "OAuth clients", row 1): the organization's clients are its admins' to read.
  describe('"User is part of an organization as Member": 403 for each (the real service: 200 and 404 for the reads)', () => {
    it.each(FIVE)('"%s"', async (_name, method, path) => {
      expect((await call(method, path, member.key, WELL_FORMED[method])).status).toBe(403);
    });
  });

  it('the OpenAPI document marks the deviations of OAuth clients (x-svc-deviation)', async () => {
    const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
    expect(paths['/v2/oauth-clients'].post['x-svc-deviation']).toEqual([expect.stringMatching(/a body that is missing/), expect.stringMatching(/\["\*"\]/)]);
    expect(paths['/v2/oauth-clients'].get['x-svc-deviation']).toEqual([expect.stringMatching(/403 for a MEMBER/)]);
    expect(paths['/v2/oauth-clients/{clientId}'].get['x-svc-deviation']).toEqual([expect.stringMatching(/403 for a MEMBER/)]);
    expect(paths['/v2/oauth-clients/{clientId}'].patch['x-svc-deviation']).toEqual([expect.stringMatching(/a body that is missing/)]);
  });

  // Deviation (docs/compatibility.md, "OAuth clients", row 2): ["*"] is every scope here; their ten are among them.
  describe.each([
    ['Admin', () => admin, ['BOOKING_READ', 'PROFILE_WRITE'], ['BOOKING_READ', 'PROFILE_WRITE']],
    ['Owner', () => owner, ['*'], expect.arrayContaining(ALL_PERMISSIONS)],
  ])('"User is part of an organization as %s"', (_role, who, permissions, expected) => {
    let client: { clientId: string; clientSecret: string };
    const name = `oauth-clients-${_role.toLowerCase()}`;

    it('"/POST": 201, its id and secret', async () => {
      client = expectSuccess(await call('POST', '', who().key, { name, redirectUris: ['http://test-oauth-client.com'], permissions }), 201);
      expect(client).toEqual(expect.objectContaining({ clientId: expect.any(String), clientSecret: expect.any(String) }));
    });

    it('"/GET": the client first, with its permissions', async () => {
      const [first] = expectSuccess(await call('GET', '', who().key));
      expect(first).toMatchObject({ name, permissions: expected });
    });

    it('"/GET/:id": its name and permissions', async () => {
      expect(expectSuccess(await call('GET', `/${client.clientId}`, who().key))).toMatchObject({ name, permissions: expected });
    });

    it('"/PUT/:id" (PATCH): the new name', async () => {
      const updated = `${name}-updated`;
      expect(expectSuccess(await call('PATCH', `/${client.clientId}`, who().key, { name: updated })).name).toBe(updated);
    });

    it('"/DELETE/:id": 200', async () => {
      expect((await call('DELETE', `/${client.clientId}`, who().key)).status).toBe(200);
    });
  });

  /**
   * apps/api/v2/src/modules/auth/guards/oauth-permissions/oauth-permissions.guard.e2e-spec.ts ("OAuth Permissions
   * Guard E2E"), test names beside each case. Their OAuth client is a row of their fixture and their codes come from
   * their service; here the operator registers the client (confidential, approved) and each token comes through the
   * consent page and POST /v2/auth/oauth2/token, the scope asked for at the consent. Their people and teams as theirs:
   * `user` owns a team outside any organization and is an ADMIN of the organization and of its team; `memberUser` is a
   * MEMBER of the first team and of the organization.
   */
  describe('oauth-permissions.guard.e2e-spec.ts (OAuth Permissions Guard E2E: third-party tokens and their scopes)', () => {
    let user: Person;
    let memberUser: Person;
    let standaloneTeam: { id: number };
    let scopeOrg: { id: number };
    let orgTeam: { id: number };
    let client: { id: string; redirectUris: string[] };
    let clientSecret: string;

    beforeAll(async () => {
      const operator = operatorOf(stack);
      [user, memberUser] = await Promise.all([person(stack, 'scope-e2e-user'), person(stack, 'scope-e2e-member')]);
      [standaloneTeam, scopeOrg] = await Promise.all([operator.createTeam({ name: 'scope-e2e-team' }), operator.createOrganization({ name: 'scope-e2e-org' })]);
      orgTeam = await operator.createTeam({ name: 'scope-e2e-org-team', orgId: scopeOrg.id });
      const registered = await oauthClient(stack, user.id, {
        name: 'Scope E2E Test Client',
        scopes: ['PROFILE_READ', 'BOOKING_READ', 'TEAM_PROFILE_READ', 'TEAM_SCHEDULE_READ', 'ORG_PROFILE_READ'],
        redirectUris: ['https://example.com/callback'],
      });
      [client, clientSecret] = [registered.client, registered.secret!];
      await Promise.all([
        operator.addMember({ teamId: standaloneTeam.id, userId: user.id, role: MembershipRole.OWNER }),
        operator.addMember({ teamId: scopeOrg.id, userId: user.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: orgTeam.id, userId: user.id, role: MembershipRole.ADMIN }),
        operator.addMember({ teamId: standaloneTeam.id, userId: memberUser.id, role: MembershipRole.MEMBER }),
        operator.addMember({ teamId: scopeOrg.id, userId: memberUser.id, role: MembershipRole.MEMBER }),
      ]);
    });

    /** Their getAccessToken: the person allows the client these scopes, and the code is exchanged with the client's secret. */
    async function accessToken(who: Person, scopes: string[]): Promise<string> {
      const back = await decide(await signedIn(stack, who.email), {
        client_id: client.id,
        redirect_uri: client.redirectUris[0],
        scope: scopes.join(' '),
        state: 'scope-e2e',
      });
      const { status, body } = await tokenRequest(stack, {
        client_id: client.id,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? undefined,
        redirect_uri: client.redirectUris[0],
      });
      expect(status).toBe(200);
      return body.access_token;
    }
    const get = async (path: string, who: Person, scopes: string[]) => stack.rest('GET', path, { key: await accessToken(who, scopes) });

    // "personal endpoints › positive › should allow GET /me with PROFILE_READ scope": test/oauth/credentials.test.ts
    // ("acts as the user who allowed it, with the granted scopes only") asserts the 200 of GET /v2/me with PROFILE_READ.

    it('"personal endpoints › negative › should deny GET /me with wrong resource scope (BOOKING_READ)": 403, their sentence', async () => {
      const response = await get('/v2/me', user, ['BOOKING_READ']);
      expectErrorEnvelope(
        response,
        403,
        'FORBIDDEN',
        'insufficient_scope: token does not have the required scopes. Required: PROFILE_READ. Token has: BOOKING_READ',
      );
    });

    // Deviation (docs/compatibility.md, "OAuth clients", row 4): spec 5.3 gives saving an ICS feed the scope APPS_WRITE.
    it('"… › should deny new-style token on endpoint without @OAuthPermissions decorator": 403 on ics-feed/save (naming APPS_WRITE here), their sentence where no scope covers the operation', async () => {
      const token = await accessToken(user, ['PROFILE_READ']);
      const icsFeed = await stack.rest('POST', '/v2/calendars/ics-feed/save', { key: token, body: { urls: ['https://example.com/feed.ics'] } });
      expectErrorEnvelope(
        icsFeed,
        403,
        'FORBIDDEN',
        'insufficient_scope: token does not have the required scopes. Required: APPS_WRITE. Token has: PROFILE_READ',
      );
      // The organization's roles: no scope of spec 5.3 names them.
      const roles = await stack.rest('GET', `/v2/organizations/${scopeOrg.id}/roles`, { key: token });
      expectErrorEnvelope(roles, 403, 'FORBIDDEN');
      expect(roles.body.error.message).toMatch(/^insufficient_scope: this endpoint is not available for third-party OAuth tokens/);
    });

    it('"team endpoints › positive › should allow GET /teams with TEAM_PROFILE_READ scope": 200', async () => {
      expect((await get('/v2/teams', user, ['TEAM_PROFILE_READ'])).body.status).toBe('success');
    });

    it('"team endpoints › negative › should deny GET /teams with personal PROFILE_READ scope": 403, their sentence', async () => {
      expectErrorEnvelope(
        await get('/v2/teams', user, ['PROFILE_READ']),
        403,
        'FORBIDDEN',
        'insufficient_scope: token does not have the required scopes. Required: TEAM_PROFILE_READ. Token has: PROFILE_READ',
      );
    });

    // Deviation (docs/compatibility.md, "OAuth clients", row 3): a token never does more than its user may.
    describe('"role-protected endpoints with third-party tokens": 403 for the MEMBER here (theirs: 200)', () => {
      it('"should allow MEMBER to access @Roles(\'TEAM_ADMIN\') endpoint with TEAM_SCHEDULE_READ scope": 403, the team role named', async () => {
        const response = await get(`/v2/teams/${standaloneTeam.id}/schedules`, memberUser, ['TEAM_SCHEDULE_READ']);
        expectErrorEnvelope(response, 403, 'FORBIDDEN', /^Requires the team role/);
        // The team's admin (here its owner) with the same scope reads them.
        expect((await get(`/v2/teams/${standaloneTeam.id}/schedules`, user, ['TEAM_SCHEDULE_READ'])).status).toBe(200);
      });

      it('"should allow MEMBER to access @Roles(\'ORG_ADMIN\') endpoint with ORG_PROFILE_READ scope": 403, the organization role named', async () => {
        const response = await get(`/v2/organizations/${scopeOrg.id}/teams`, memberUser, ['ORG_PROFILE_READ']);
        expectErrorEnvelope(response, 403, 'FORBIDDEN', /^Requires the organization role/);
      });
    });

    it('"org endpoints › positive": GET /organizations/:orgId/teams/:teamId with TEAM_PROFILE_READ and with ORG_PROFILE_READ, GET /organizations/:orgId/teams with ORG_PROFILE_READ: 200', async () => {
      for (const [path, scope] of [
        [`/v2/organizations/${scopeOrg.id}/teams/${orgTeam.id}`, 'TEAM_PROFILE_READ'],
        [`/v2/organizations/${scopeOrg.id}/teams`, 'ORG_PROFILE_READ'],
        [`/v2/organizations/${scopeOrg.id}/teams/${orgTeam.id}`, 'ORG_PROFILE_READ'],
      ]) {
        const response = await get(path, user, [scope]);
        expect({ path, scope, status: response.status, outcome: response.body.status }).toEqual({ path, scope, status: 200, outcome: 'success' });
      }
    });

    it('"org endpoints › negative › should deny GET /organizations/:orgId/teams with TEAM_PROFILE_READ scope": 403, their sentence', async () => {
      expectErrorEnvelope(
        await get(`/v2/organizations/${scopeOrg.id}/teams`, user, ['TEAM_PROFILE_READ']),
        403,
        'FORBIDDEN',
        'insufficient_scope: token does not have the required scopes. Required: ORG_PROFILE_READ. Token has: TEAM_PROFILE_READ',
      );
    });

    it('the OpenAPI document marks both deviations (x-svc-deviation)', async () => {
      const { paths } = (await stack.rest('GET', '/v2/openapi.json')).body;
      expect(paths['/v2/calendars/ics-feed/save'].post['x-svc-deviation']).toEqual([expect.stringMatching(/takes the scope APPS_WRITE/)]);
      for (const path of ['/v2/teams/{teamId}/schedules', '/v2/organizations/{orgId}/teams']) {
        expect(paths[path].get['x-svc-deviation']).toEqual([expect.stringMatching(/a token acts within its user's roles/)]);
      }
    });
  });
});
