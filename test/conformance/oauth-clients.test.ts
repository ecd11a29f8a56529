import { expectSuccess, MembershipRole, operatorOf } from '../support/fixtures';
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
});
