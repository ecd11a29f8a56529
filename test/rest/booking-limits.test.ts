import { Principal, PRINCIPAL_HEADER, PrincipalMembership, signPrincipal } from '../../platform/principal';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

const NONE = { perDay: null, perWeek: null, perMonth: null, perYear: null };
const PATH = '/v2/me/booking-limits';

/**
 * User booking limits (spec 2.17, 4.14, 7.1): GET, PATCH and DELETE /v2/me/booking-limits, and
 * `bookingLimits` in GET /v2/me. For organization members only; PROFILE_READ to read, PROFILE_WRITE to update or clear.
 */
describe('user booking limits', () => {
  let stack: TestStack;
  let member: Caller; // MEMBER of the organization
  let admin: Caller; // ADMIN of the organization
  let teamMember: Caller; // MEMBER of a team of the organization only (no organization membership)
  let loner: Caller; // in no team and no organization
  let clubber: Caller; // OWNER of a team outside any organization
  let org: { id: number };
  let members: Caller[]; // more MEMBERs of the organization, one per test that needs a clean slate
  let nextMember = 0;

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [member, admin, teamMember, loner, clubber] = [
      await userWithKey(stack, { name: 'Mia Member' }),
      await userWithKey(stack, { name: 'Adam Admin' }),
      await userWithKey(stack, { name: 'Tim TeamMember' }),
      await userWithKey(stack, { name: 'Lou Loner' }),
      await userWithKey(stack, { name: 'Cleo Clubber' }),
    ];
    members = [];
    for (let i = 0; i < 32; i++) members.push(await userWithKey(stack, { name: `Member ${i}` }));
    // Every membership before the first request: credentials are cached with their memberships.
    org = await operator.createOrganization({ name: 'Acme' });
    const team = await operator.createTeam({ name: 'Support', orgId: org.id });
    await operator.addMember({ teamId: org.id, userId: member.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: org.id, userId: admin.user.id, role: MembershipRole.ADMIN });
    for (const m of members) await operator.addMember({ teamId: org.id, userId: m.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: team.id, userId: teamMember.user.id, role: MembershipRole.MEMBER });
    await operator.createTeam({ name: 'Book Club', ownerId: clubber.user.id });
  });
  afterAll(() => stack.stop());

  /** An organization member who has set no limits yet. */
  const freshMember = () => members[nextMember++];
  const limitsOf = async (caller: Caller) => expectSuccess(await stack.rest('GET', PATH, { key: caller.key }));
  const patch = (caller: Caller, body: unknown) => stack.rest('PATCH', PATH, { key: caller.key, body });
  const meOf = async (caller: Caller) => expectSuccess(await stack.rest('GET', '/v2/me', { key: caller.key }));

  describe('for organization members only: a non-organization account receives 403', () => {
    it.each([
      ['an account in no team', () => loner],
      ['a member of an organization’s team who is not a member of the organization', () => teamMember],
      ['the owner of a team outside any organization', () => clubber],
    ])('%s: GET, PATCH and DELETE → 403 FORBIDDEN saying the limits are for organization members', async (_who, who) => {
      const caller = who();
      for (const [method, body] of [['GET'], ['PATCH', { perDay: 3 }], ['DELETE']] as const) {
        const response = await stack.rest(method, PATH, { key: caller.key, body });
        expectErrorEnvelope(response, 403, 'FORBIDDEN', /organization members only/);
      }
      expect((await meOf(caller)).bookingLimits).toEqual(NONE); // the refused PATCH stored nothing
    });

    it('a MEMBER and an ADMIN of an organization are both served', async () => {
      expect(await limitsOf(member)).toEqual(NONE);
      expect(await limitsOf(admin)).toEqual(NONE);
    });

    it('without a credential → 401 on every verb', async () => {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        expectErrorEnvelope(await stack.rest(method, PATH, { body: method === 'PATCH' ? { perDay: 1 } : undefined }), 401, 'UNAUTHORIZED');
      }
    });
  });

  describe('GET /v2/me/booking-limits: current limits (2.17); unset bounds are null', () => {
    it('a member who set none gets all four keys, null', async () => {
      const data = await limitsOf(freshMember());
      expect(data).toEqual(NONE);
      expect(Object.keys(data).sort()).toEqual(['perDay', 'perMonth', 'perWeek', 'perYear']);
    });

    it('has no pagination (it is not a list)', async () => {
      expect((await stack.rest('GET', PATH, { key: member.key })).body).not.toHaveProperty('pagination');
    });
  });

  describe('PATCH /v2/me/booking-limits: merge semantics — an omitted field is untouched, null removes only that limit', () => {
    it('sets the bounds sent and answers the limits', async () => {
      const caller = freshMember();
      const data = expectSuccess(await patch(caller, { perDay: 2, perWeek: 5 }));
      expect(data).toEqual({ perDay: 2, perWeek: 5, perMonth: null, perYear: null });
      expect(await limitsOf(caller)).toEqual(data);
    });

    it('an omitted field is untouched', async () => {
      const caller = freshMember();
      expectSuccess(await patch(caller, { perDay: 2, perWeek: 5 }));
      expect(expectSuccess(await patch(caller, { perMonth: 20 }))).toEqual({ perDay: 2, perWeek: 5, perMonth: 20, perYear: null });
      expect(expectSuccess(await patch(caller, { perDay: 3 }))).toEqual({ perDay: 3, perWeek: 5, perMonth: 20, perYear: null });
      expect(await limitsOf(caller)).toEqual({ perDay: 3, perWeek: 5, perMonth: 20, perYear: null });
    });

    it('a field set to null removes only that limit', async () => {
      const caller = freshMember();
      expectSuccess(await patch(caller, { perDay: 1, perWeek: 4, perMonth: 10, perYear: 100 }));
      expect(expectSuccess(await patch(caller, { perWeek: null }))).toEqual({ perDay: 1, perWeek: null, perMonth: 10, perYear: 100 });
      expect(await limitsOf(caller)).toEqual({ perDay: 1, perWeek: null, perMonth: 10, perYear: 100 });
    });

    it('an empty body changes nothing', async () => {
      const caller = freshMember();
      expectSuccess(await patch(caller, { perYear: 50 }));
      expect(expectSuccess(await patch(caller, {}))).toEqual({ ...NONE, perYear: 50 });
    });

    it('unknown properties are ignored', async () => {
      const caller = freshMember();
      expect(expectSuccess(await patch(caller, { perHour: 1, perDay: 4 }))).toEqual({ ...NONE, perDay: 4 });
    });

    it('one user’s limits are not another’s', async () => {
      const [a, b] = [freshMember(), freshMember()];
      expectSuccess(await patch(a, { perDay: 7 }));
      expect(await limitsOf(b)).toEqual(NONE);
    });

    it.each([
      ['perDay', 0],
      ['perWeek', -1],
      ['perMonth', 1.5],
      ['perYear', '10'],
      ['perDay', true],
      ['perWeek', {}],
      ['perMonth', 2 ** 31],
    ])('%s: %p (not a whole number ≥ 1) → 400 naming the field, and nothing changes', async (field, value) => {
      const caller = freshMember();
      const before = { perDay: 2, perWeek: 5, perMonth: 20, perYear: 200 };
      expectSuccess(await patch(caller, before));
      const other = field === 'perDay' ? 'perYear' : 'perDay';
      expectErrorEnvelope(await patch(caller, { [other]: 9, [field]: value }), 400, 'BAD_REQUEST', new RegExp(`^${field}\\b`));
      expect(await limitsOf(caller)).toEqual(before);
    });

    it('a body that is not an object → 400', async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', PATH, { key: member.key, body: '[1]', headers: { 'content-type': 'application/json' } }),
        400,
        'BAD_REQUEST',
      );
    });
  });

  describe('DELETE /v2/me/booking-limits: removes all limits; 204 No Content', () => {
    it('answers 204 without a body, and GET then shows every bound null', async () => {
      const caller = freshMember();
      expectSuccess(await patch(caller, { perDay: 1, perWeek: 2, perMonth: 3, perYear: 4 }));
      const response = await stack.rest('DELETE', PATH, { key: caller.key });
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
      expect(await limitsOf(caller)).toEqual(NONE);
      expect((await meOf(caller)).bookingLimits).toEqual(NONE);
    });

    it('with no limits set it is still 204', async () => {
      expect((await stack.rest('DELETE', PATH, { key: freshMember().key })).status).toBe(204);
    });

    it('clears only the caller’s limits', async () => {
      const [a, b] = [freshMember(), freshMember()];
      expectSuccess(await patch(a, { perDay: 3 }));
      expectSuccess(await patch(b, { perDay: 4 }));
      expect((await stack.rest('DELETE', PATH, { key: a.key })).status).toBe(204);
      expect(await limitsOf(b)).toEqual({ ...NONE, perDay: 4 });
    });
  });

  describe('the same limits appear in GET /v2/me under bookingLimits', () => {
    it('shows the limits the member set', async () => {
      const caller = freshMember();
      expectSuccess(await patch(caller, { perWeek: 6, perYear: 120 }));
      const me = await meOf(caller);
      expect(me.bookingLimits).toEqual({ perDay: null, perWeek: 6, perMonth: null, perYear: 120 });
      expect(me.id).toBe(caller.user.id);
    });

    it('a non-organization account sees all four null (GET /v2/me itself is not refused)', async () => {
      expect((await meOf(loner)).bookingLimits).toEqual(NONE);
    });
  });

  describe('scopes: PROFILE_READ to read, PROFILE_WRITE to update or clear (subgraph called as for an OAuth token)', () => {
    const READ = '{ myBookingLimits { perDay } }';
    const UPDATE = 'mutation { updateMyBookingLimits(input: {perDay: 8}) { perDay } }';
    const CLEAR = 'mutation { clearMyBookingLimits { perDay } }';
    const ME_LIMITS = 'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on User { bookingLimits { perDay } } } }';

    function tokenOf(caller: Caller, scopes: string[] | null, membership: Partial<PrincipalMembership> = {}): Principal {
      const inOrg: PrincipalMembership = {
        teamId: org.id,
        isOrganization: true,
        parentId: null,
        role: 'MEMBER',
        accepted: true,
        permissions: null,
        ...membership,
      };
      return {
        kind: scopes ? 'oauth' : 'apiKey',
        userId: caller.user.id,
        scopes,
        clientId: scopes ? 'client-1' : null,
        isServiceAdmin: false,
        memberships: [inOrg],
      };
    }

    async function call(query: string, principal: Principal, variables: Record<string, unknown> = {}) {
      const response = await fetch(stack.subgraphs.scheduling.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [PRINCIPAL_HEADER]: signPrincipal(principal) },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as any;
    }

    it('reading needs PROFILE_READ', async () => {
      const caller = freshMember();
      const refused = await call(READ, tokenOf(caller, ['PROFILE_WRITE']));
      expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('PROFILE_READ') });
      expect((await call(READ, tokenOf(caller, ['PROFILE_READ']))).data.myBookingLimits).toEqual({ perDay: null });
    });

    it('updating and clearing need PROFILE_WRITE; a refused update changes nothing', async () => {
      const caller = freshMember();
      for (const mutation of [UPDATE, CLEAR]) {
        const refused = await call(mutation, tokenOf(caller, ['PROFILE_READ']));
        expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringContaining('PROFILE_WRITE') });
      }
      expect(await limitsOf(caller)).toEqual(NONE);
      expect((await call(UPDATE, tokenOf(caller, ['PROFILE_WRITE']))).data.updateMyBookingLimits).toEqual({ perDay: 8 });
      expect((await call(CLEAR, tokenOf(caller, ['PROFILE_WRITE']))).data.clearMyBookingLimits).toEqual({ perDay: null });
    });

    it('a pending (not accepted) organization membership does not count', async () => {
      const refused = await call(READ, tokenOf(freshMember(), null, { accepted: false }));
      expect(refused.errors[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' }, message: expect.stringMatching(/organization members only/) });
    });

    it('User.bookingLimits is the user’s own data: another user cannot read it', async () => {
      const [owner, other] = [freshMember(), freshMember()];
      const reps = [{ __typename: 'User', id: owner.user.id }];
      expect((await call(ME_LIMITS, tokenOf(other, null), { reps })).errors[0].extensions.code).toBe('FORBIDDEN');
      expect((await call(ME_LIMITS, tokenOf(owner, null), { reps })).data._entities[0].bookingLimits).toEqual({ perDay: null });
    });
  });
});
