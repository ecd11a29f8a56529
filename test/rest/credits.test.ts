import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/** A balance as answered (the real service's split): no monthly allowance here, every credit is additional. */
const left = (credits: number) => ({ monthlyRemaining: 0, additional: credits });

/**
 * Credits (spec 5.3 CREDITS_READ "check available credits", CREDITS_WRITE "charge credits"): a
 * user's, a team's and an organization's balance, kept in a ledger that concurrent charges never overdraw.
 */
describe('credits', () => {
  let stack: TestStack;
  let owner: Caller, admin: Caller, member: Caller, stranger: Caller;
  let team: { id: number }, org: { id: number };

  beforeAll(async () => {
    stack = await startTestStack();
    const op = operatorOf(stack);
    [owner, admin, member, stranger] = await Promise.all(['Cy Owner', 'Di Admin', 'Ed Member', 'Flo Stranger'].map((name) => userWithKey(stack, { name })));
    team = await op.createTeam({ name: 'Credit team', ownerId: owner.user.id });
    await op.addMember({ teamId: team.id, userId: admin.user.id, role: MembershipRole.ADMIN });
    await op.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    org = await op.createOrganization({ name: 'Credit org', ownerId: owner.user.id });
    await op.addMember({ teamId: org.id, userId: admin.user.id, role: MembershipRole.ADMIN });
    await op.addMember({ teamId: org.id, userId: member.user.id, role: MembershipRole.MEMBER });
  });
  afterAll(() => stack.stop());

  const ledger = (balanceOf: 'user_id' | 'team_id', id: number) =>
    stack
      .db('organizations')
      .query(
        `SELECT e.kind, e.amount, e.balance_after FROM credit_entries e JOIN credit_balances c ON c.id = e.balance_id WHERE c.${balanceOf} = $1 ORDER BY e.id`,
        [id],
      );

  it('my credits: none at first (hasCredits false, balance 0); a charge then is a 409 that writes nothing', async () => {
    expect(expectSuccess(await stack.rest('GET', '/v2/credits/available', { key: stranger.key }))).toEqual({ hasCredits: false, balance: left(0) });
    expectErrorEnvelope(await stack.rest('POST', '/v2/credits/charge', { key: stranger.key, body: { credits: 1 } }), 409, 'CONFLICT', /Insufficient credits/);
    expect(await ledger('user_id', stranger.user.id)).toEqual([]);
  });

  it('a grant, then charges: each answers the remaining balance; the ledger has every entry', async () => {
    await operatorOf(stack).grantCredits({ userId: member.user.id }, 10, 'welcome');
    expect(expectSuccess(await stack.rest('GET', '/v2/credits/available', { key: member.key }))).toEqual({ hasCredits: true, balance: left(10) });
    const charge = expectSuccess(await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: { credits: 4, creditFor: 'SMS' } }));
    expect(charge).toMatchObject({ charged: true, credits: 4, remainingBalance: left(6), teamId: null, creditFor: 'SMS', externalRef: null, newCharge: true });
    expectErrorEnvelope(await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: { credits: 7 } }), 409, 'CONFLICT', /6 available, 7 asked/);
    expect(expectSuccess(await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: { credits: 6 } })).remainingBalance).toEqual(left(0));
    expect(expectSuccess(await stack.rest('GET', '/v2/credits/available', { key: member.key }))).toEqual({ hasCredits: false, balance: left(0) });
    expect(await ledger('user_id', member.user.id)).toEqual([
      { kind: 'grant', amount: 10, balance_after: 10 },
      { kind: 'charge', amount: -4, balance_after: 6 },
      { kind: 'charge', amount: -6, balance_after: 0 },
    ]);
  });

  it('bad amounts are 400 naming credits; the ledger refuses rewrites', async () => {
    for (const credits of [0, -3, 1.5, 2_000_000]) {
      expectErrorEnvelope(await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: { credits } }), 400, 'BAD_REQUEST', /credits/);
    }
    expectErrorEnvelope(await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: {} }), 400, 'BAD_REQUEST', /credits/);
    // What credits pay for: the real service's usage types only.
    const before = (await ledger('user_id', member.user.id)).length;
    expectErrorEnvelope(
      await stack.rest('POST', '/v2/credits/charge', { key: member.key, body: { credits: 1, creditFor: 'INVALID_TYPE' } }),
      400,
      'BAD_REQUEST',
      /^creditFor: must be one of SMS, CAL_AI_PHONE_CALL, AI_AGENT/,
    );
    expect(await ledger('user_id', member.user.id)).toHaveLength(before);
    await expect(stack.db('organizations').query('UPDATE credit_entries SET amount = 100')).rejects.toThrow(/append-only/);
  });

  it('a repeated externalRef answers the first charge and charges once', async () => {
    await operatorOf(stack).grantCredits({ userId: admin.user.id }, 5);
    const first = expectSuccess(await stack.rest('POST', '/v2/credits/charge', { key: admin.key, body: { credits: 2, externalRef: 'sms-42' } }));
    const again = expectSuccess(await stack.rest('POST', '/v2/credits/charge', { key: admin.key, body: { credits: 2, externalRef: 'sms-42' } }));
    expect(first).toMatchObject({ remainingBalance: left(3), newCharge: true });
    expect(again).toMatchObject({ remainingBalance: left(3), externalRef: 'sms-42', newCharge: false, createdAt: first.createdAt });
    expect(expectSuccess(await stack.rest('GET', '/v2/credits/available', { key: admin.key })).balance).toEqual(left(3));
  });

  it('concurrent charges beyond the balance: exactly the affordable ones succeed, the balance ends at 0, never below', async () => {
    await operatorOf(stack).grantCredits({ teamId: team.id }, 10);
    // 10 credits, 7 charges of 3 at once: 3 can be paid (9), the other 4 are refused.
    const responses = await Promise.all(
      Array.from({ length: 7 }, () => stack.rest('POST', `/v2/teams/${team.id}/credits/charge`, { key: admin.key, body: { credits: 3 } })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409]);
    const remaining = responses
      .filter((r) => r.status === 200)
      .map((r) => r.body.data.remainingBalance.additional)
      .sort((a, b) => a - b);
    expect(remaining).toEqual([1, 4, 7]);
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.data.teamId)).toEqual([team.id, team.id, team.id]);
    expect(expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}/credits/available`, { key: owner.key }))).toEqual({
      hasCredits: true,
      balance: left(1),
    });
    const entries = await ledger('team_id', team.id);
    expect(entries.filter((e: any) => e.kind === 'charge').map((e: any) => e.balance_after)).toEqual([7, 4, 1]);
  });

  it('team and organization credits: their ADMIN/OWNER only; a member and an outsider get 403', async () => {
    await operatorOf(stack).grantCredits({ teamId: org.id }, 20);
    expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/credits/available`, { key: admin.key }))).toEqual({
      hasCredits: true,
      balance: left(20),
    });
    expect(expectSuccess(await stack.rest('POST', `/v2/organizations/${org.id}/credits/charge`, { key: owner.key, body: { credits: 5 } }))).toMatchObject({
      remainingBalance: left(15),
      teamId: org.id,
    });
    for (const caller of [member, stranger]) {
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${team.id}/credits/available`, { key: caller.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', `/v2/teams/${team.id}/credits/charge`, { key: caller.key, body: { credits: 1 } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/credits/available`, { key: caller.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', `/v2/organizations/${org.id}/credits/charge`, { key: caller.key, body: { credits: 1 } }), 403, 'FORBIDDEN');
    }
    // An organization is not addressed as a team, nor a team as an organization.
    expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${org.id}/credits/available`, { key: owner.key }), 403, 'FORBIDDEN');
    expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${team.id}/credits/available`, { key: owner.key }), 403, 'FORBIDDEN');
    expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/credits/available`, { key: admin.key })).balance).toEqual(left(15));
  });
});
