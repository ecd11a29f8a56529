import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { csrfOf, signedIn } from '../support/oauth';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Issue 21, consent: a membership gives a team access to a person's data only once the person accepted it —
 * with their own credential (`POST /v2/me/memberships/{id}/accept`) or on the invitations page under /auth
 * (the invitation e-mail links to it) — or when an administrator of the organization the person already
 * belongs to places them in one of its teams. `accepted: true` from anybody else is stored as an invitation.
 * Until then the team sees nothing of the person: not their schedules, time off, e-mail or name.
 */
describe('consent: memberships others give are invitations until the person accepts', () => {
  let stack: TestStack;
  let stranger: Caller, victim: Caller, orgOwner: Caller, orgMember: Caller, teamLead: Caller, outsider: Caller;
  let org: { id: number }, orgTeam: { id: number };
  let strangerTeamId: number;
  let victimScheduleName: string;

  beforeAll(async () => {
    stack = await startTestStack({ smtp: true });
    const op = operatorOf(stack);
    [stranger, victim, orgOwner, orgMember, teamLead, outsider] = await Promise.all(
      ['Stan Stranger', 'Vera Victim', 'Olga OrgOwner', 'Mick OrgMember', 'Lena Lead', 'Otto Outsider'].map((name) => userWithKey(stack, { name })),
    );
    // The victim belongs to an organization of their own; the stranger to none.
    const victimOrg = await op.createOrganization({ name: 'Victim Corp', ownerId: victim.user.id });
    expect(victimOrg.id).toBeGreaterThan(0);
    org = await op.createOrganization({ name: 'Consent Org', ownerId: orgOwner.user.id });
    await op.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    await op.addMember({ teamId: org.id, userId: teamLead.user.id, role: MembershipRole.MEMBER });
    orgTeam = await op.createTeam({ name: 'Consent Ops', orgId: org.id, ownerId: orgOwner.user.id });
    await op.addMember({ teamId: orgTeam.id, userId: teamLead.user.id, role: MembershipRole.ADMIN });

    victimScheduleName = `Private hours of ${victim.user.name}`;
    expectSuccess(await stack.rest('POST', '/v2/schedules', { key: victim.key, body: { name: victimScheduleName, timeZone: 'UTC', isDefault: true } }), 201);
    expectSuccess(
      await stack.rest('POST', '/v2/me/ooo', {
        key: victim.key,
        body: { start: '2031-03-01', end: '2031-03-02', notes: 'Surgery, do not tell', reason: 'vacation' },
      }),
      201,
    );
    strangerTeamId = expectSuccess(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Pulling Team' } }), 201).id;
  });
  afterAll(() => stack.stop());

  const teamMemberships = (suffix = '') => `/v2/teams/${strangerTeamId}/memberships${suffix}`;
  const pendingIdOf = async (userId: number, teamId: number) =>
    (await stack.db('organizations').query('SELECT id, accepted FROM memberships WHERE user_id = $1 AND team_id = $2', [userId, teamId]))[0] as
      { id: number; accepted: boolean } | undefined;

  describe('the reproduction: a user in no organization pulls a user of another organization into their team', () => {
    let membershipId: number;

    it('POST …/memberships {"accepted": true} → 201 with accepted: false (an invitation), without the person\'s details', async () => {
      const data = expectSuccess(
        await stack.rest('POST', teamMemberships(), { key: stranger.key, body: { userId: victim.user.id, accepted: true, role: 'MEMBER' } }),
        201,
      );
      expect(data).toMatchObject({ userId: victim.user.id, teamId: strangerTeamId, accepted: false, role: 'MEMBER', user: null });
      membershipId = data.id;
      expect(await pendingIdOf(victim.user.id, strangerTeamId)).toEqual({ id: membershipId, accepted: false });
    });

    it('the team lists the invitation with only what the inviter typed (no e-mail, no name)', async () => {
      const listed = expectSuccess(await stack.rest('GET', teamMemberships(), { key: stranger.key }));
      const invited = listed.find((m: any) => m.id === membershipId);
      expect(invited).toEqual({
        id: membershipId,
        userId: victim.user.id,
        teamId: strangerTeamId,
        accepted: false,
        role: 'MEMBER',
        disableImpersonation: false,
        user: null,
      });
      expect(JSON.stringify(listed)).not.toContain(victim.user.email);
      expect(expectSuccess(await stack.rest('GET', teamMemberships(`/${membershipId}`), { key: stranger.key })).user).toBeNull();
    });

    it("the team reads none of the person's schedules, time off or details, and cannot make them a host", async () => {
      const schedules = expectSuccess(await stack.rest('GET', `/v2/teams/${strangerTeamId}/schedules`, { key: stranger.key }));
      expect(JSON.stringify(schedules)).not.toContain(victimScheduleName);
      // Not an accepted member: 403, as for anybody outside the team (the real teams-ooo.controller.e2e-spec.ts).
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${strangerTeamId}/users/${victim.user.id}/ooo`, { key: stranger.key }), 403, 'FORBIDDEN');
      const hosted = await stack.rest('POST', `/v2/teams/${strangerTeamId}/event-types`, {
        key: stranger.key,
        body: { title: 'Pulled', slug: 'pulled', lengthInMinutes: 30, schedulingType: 'COLLECTIVE', hosts: [{ userId: victim.user.id }] },
      });
      expectErrorEnvelope(hosted, 400, 'BAD_REQUEST', /hosts/);
    });

    it('PATCH {"accepted": true} by the inviter → 403 naming who can accept, and the membership stays an invitation', async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', teamMemberships(`/${membershipId}`), { key: stranger.key, body: { accepted: true } }),
        403,
        'FORBIDDEN',
        /only user \d+ can accept/,
      );
      expect(await pendingIdOf(victim.user.id, strangerTeamId)).toEqual({ id: membershipId, accepted: false });
    });

    it('the invitation e-mail reaches the person and links to the invitations page', async () => {
      const mail = await stack.mail.waitFor((m) => m.to.includes(victim.user.email) && m.subject.includes('Pulling Team'));
      expect(mail.subject).toBe('You are invited to the team "Pulling Team"');
      expect(mail.text).toContain('Stan Stranger');
      expect(mail.text).toMatch(/https?:\/\/[^\s]+\/auth\/invitations/);
    });

    it('the person sees it in /v2/me; nobody else can accept or decline it (404)', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: victim.key }));
      expect(me.memberships).toEqual(expect.arrayContaining([expect.objectContaining({ id: membershipId, teamId: strangerTeamId, accepted: false })]));
      expectErrorEnvelope(await stack.rest('POST', `/v2/me/memberships/${membershipId}/accept`, { key: stranger.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', `/v2/me/memberships/${membershipId}/decline`, { key: outsider.key }), 404, 'NOT_FOUND');
      expect(await pendingIdOf(victim.user.id, strangerTeamId)).toEqual({ id: membershipId, accepted: false });
    });

    it('the person declines with their own key: the membership is gone; declining again is 404', async () => {
      const declined = expectSuccess(await stack.rest('POST', `/v2/me/memberships/${membershipId}/decline`, { key: victim.key }));
      expect(declined).toMatchObject({ id: membershipId, userId: victim.user.id, accepted: false });
      expect(await pendingIdOf(victim.user.id, strangerTeamId)).toBeUndefined();
      expectErrorEnvelope(await stack.rest('POST', `/v2/me/memberships/${membershipId}/decline`, { key: victim.key }), 404, 'NOT_FOUND');
    });
  });

  describe('accepting with their own credential', () => {
    let membershipId: number;

    it('after the person accepts, the team sees what a team sees of an accepted member', async () => {
      membershipId = expectSuccess(
        await stack.rest('POST', teamMemberships(), { key: stranger.key, body: { userId: victim.user.id, accepted: true } }),
        201,
      ).id;
      const accepted = expectSuccess(await stack.rest('POST', `/v2/me/memberships/${membershipId}/accept`, { key: victim.key }));
      expect(accepted).toMatchObject({ id: membershipId, accepted: true, user: { email: victim.user.email } });
      const schedules = expectSuccess(await stack.rest('GET', `/v2/teams/${strangerTeamId}/schedules`, { key: stranger.key }));
      expect(JSON.stringify(schedules)).toContain(victimScheduleName);
      expect(expectSuccess(await stack.rest('GET', teamMemberships(`/${membershipId}`), { key: stranger.key })).user).toMatchObject({
        email: victim.user.email,
      });
    });

    it('accepting again answers the membership as it is; declining an accepted one → 409', async () => {
      expect(expectSuccess(await stack.rest('POST', `/v2/me/memberships/${membershipId}/accept`, { key: victim.key }))).toMatchObject({
        id: membershipId,
        accepted: true,
      });
      expectErrorEnvelope(await stack.rest('POST', `/v2/me/memberships/${membershipId}/decline`, { key: victim.key }), 409, 'CONFLICT');
    });
  });

  describe('the invitations page under /auth', () => {
    it("lists the signed-in person's invitations and accepts one with the form (CSRF-protected)", async () => {
      const { id: membershipId } = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/memberships`, { key: orgOwner.key, body: { userId: outsider.user.id, accepted: true } }),
        201,
      );
      expect(await pendingIdOf(outsider.user.id, org.id)).toEqual({ id: membershipId, accepted: false });
      const session = await signedIn(stack, outsider.user.email);
      const page = await session.get('/auth/invitations');
      expect(page.status).toBe(200);
      expect(page.html).toContain('Consent Org');
      expect(page.html).toContain(`/auth/invitations/${membershipId}`);
      const forged = await session.post(`/auth/invitations/${membershipId}`, { decision: 'accept', csrf: 'forged' });
      expect(forged.status).toBe(403);
      expect(await pendingIdOf(outsider.user.id, org.id)).toEqual({ id: membershipId, accepted: false });
      const answered = await session.post(`/auth/invitations/${membershipId}`, { decision: 'accept', csrf: csrfOf(page.html) });
      expect(answered.status).toBe(200);
      expect(answered.html).toContain('You joined Consent Org.');
      expect(await pendingIdOf(outsider.user.id, org.id)).toEqual({ id: membershipId, accepted: true });
    });

    it("another person's membership id on the page → 404, nothing changes", async () => {
      const { id: membershipId } = expectSuccess(await stack.rest('POST', teamMemberships(), { key: stranger.key, body: { userId: orgMember.user.id } }), 201);
      const session = await signedIn(stack, outsider.user.email);
      const page = await session.get('/auth/invitations');
      const answered = await session.post(`/auth/invitations/${membershipId}`, { decision: 'accept', csrf: csrfOf(page.html) });
      expect(answered.status).toBe(404);
      expect(await pendingIdOf(orgMember.user.id, strangerTeamId)).toEqual({ id: membershipId, accepted: false });
    });

    it('signed out: the page sends the browser to sign in first', async () => {
      const answer = await fetch(`${stack.url}/auth/invitations`, { redirect: 'manual' });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toContain('/auth/login?next=%2Fauth%2Finvitations');
    });
  });

  describe('an organization places its own members in its teams', () => {
    it('an organization OWNER adding a member of the organization to one of its teams with accepted: true → accepted', async () => {
      const data = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/teams/${orgTeam.id}/memberships`, {
          key: orgOwner.key,
          body: { userId: orgMember.user.id, accepted: true },
        }),
        201,
      );
      expect(data).toMatchObject({ userId: orgMember.user.id, accepted: true, user: { email: orgMember.user.email } });
    });

    it("the default stays the reference's: without accepted the membership waits for the person", async () => {
      const lateJoiner = await userWithKey(stack, { name: 'Liam Late' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: lateJoiner.user.id, role: MembershipRole.MEMBER });
      const data = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/teams/${orgTeam.id}/memberships`, { key: orgOwner.key, body: { userId: lateJoiner.user.id } }),
        201,
      );
      expect(data).toMatchObject({ accepted: false, user: null });
    });

    it('a team ADMIN who is a plain member of the organization is no administrator of it: accepted: true is an invitation', async () => {
      const newbie = await userWithKey(stack, { name: 'Nora Newbie' });
      await operatorOf(stack).addMember({ teamId: org.id, userId: newbie.user.id, role: MembershipRole.MEMBER });
      const data = expectSuccess(
        await stack.rest('POST', `/v2/teams/${orgTeam.id}/memberships`, { key: teamLead.key, body: { userId: newbie.user.id, accepted: true } }),
        201,
      );
      expect(data).toMatchObject({ accepted: false, user: null });
    });

    it('a team of an organization takes no one from outside the organization, on either path (400 naming userId)', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/teams/${orgTeam.id}/memberships`, { key: orgOwner.key, body: { userId: stranger.user.id, accepted: true } }),
        400,
        'BAD_REQUEST',
        /userId/,
      );
      expect(await pendingIdOf(stranger.user.id, orgTeam.id)).toBeUndefined();
    });

    it('an organization OWNER adding an outside user to the organization itself: an invitation; /users does not show them', async () => {
      const target = await userWithKey(stack, { name: 'Tara Target' });
      const data = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/memberships`, { key: orgOwner.key, body: { userId: target.user.id, accepted: true } }),
        201,
      );
      expect(data).toMatchObject({ accepted: false, user: null });
      const users = await stack.rest('GET', `/v2/organizations/${org.id}/users?take=250`, { key: orgOwner.key });
      expect(JSON.stringify(expectSuccess(users))).not.toContain(target.user.email);
      const filtered = expectSuccess(
        await stack.rest('GET', `/v2/organizations/${org.id}/users?emails=${encodeURIComponent(target.user.email)}`, { key: orgOwner.key }),
      );
      expect(filtered).toEqual([]);
    });

    it('an account the organization created itself is listed even before it is accepted (the organization typed all of it)', async () => {
      const created = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/users`, {
          key: orgOwner.key,
          body: { email: 'made.here@example.com', name: 'Made Here', autoAccept: false },
        }),
        201,
      );
      expect(created).toMatchObject({ email: 'made.here@example.com', accepted: false });
      const listed = expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/users?take=250`, { key: orgOwner.key }));
      expect(listed.map((u: any) => u.email)).toContain('made.here@example.com');
    });
  });
});
