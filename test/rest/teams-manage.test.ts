import { createHash } from 'node:crypto';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { referenceShapeErrors } from '../support/reference-shapes';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * GET, PATCH, DELETE /v2/teams/{teamId}; the organization team routes (/v2/organizations/{orgId}/teams,
 * /me, /{teamId}); team invite links (spec 5.3 TEAM_PROFILE_*, ORG_PROFILE_*, TEAM_MEMBERSHIP_WRITE
 * "create team invite link (also org)"; shapes of the reference's "Teams", "Orgs / Teams", "Orgs / Teams / Invite").
 */
describe('teams, organization teams and invite links', () => {
  let stack: TestStack;
  let tOwner: Caller, tAdmin: Caller, tMember: Caller, uOwner: Caller;
  let orgOwner: Caller, orgAdmin: Caller, orgMember: Caller, o2Owner: Caller;
  let joiner: Caller, orgJoiner: Caller, lateJoiner: Caller;
  let team: { id: number }, org: { id: number }, org2: { id: number }, org2Team: { id: number };
  let memberTeam: { id: number }; // a team of org where orgMember is MEMBER

  beforeAll(async () => {
    stack = await startTestStack();
    const op = operatorOf(stack);
    const user = (name: string) => userWithKey(stack, { name });
    [tOwner, tAdmin, tMember, uOwner, orgOwner, orgAdmin, orgMember, o2Owner, joiner, orgJoiner, lateJoiner] = await Promise.all(
      [
        'Tina Owner',
        'Theo Admin',
        'Tom Member',
        'Uma Owner',
        'Olga OrgOwner',
        'Adam OrgAdmin',
        'Mia OrgMember',
        'Otto Org2',
        'Jo Joiner',
        'Jan OrgJoiner',
        'Lou Late',
      ].map(user),
    );
    team = await op.createTeam({ name: 'Platform', slug: 'platform', ownerId: tOwner.user.id });
    await op.addMember({ teamId: team.id, userId: tAdmin.user.id, role: MembershipRole.ADMIN });
    await op.addMember({ teamId: team.id, userId: tMember.user.id, role: MembershipRole.MEMBER });
    await op.createTeam({ name: 'Other', slug: 'other', ownerId: uOwner.user.id });
    org = await op.createOrganization({ name: 'Acme', slug: 'acme', ownerId: orgOwner.user.id });
    await op.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN });
    await op.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    memberTeam = await op.createTeam({ name: 'Support', slug: 'support', orgId: org.id, ownerId: orgOwner.user.id });
    await op.addMember({ teamId: memberTeam.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    org2 = await op.createOrganization({ name: 'Globex', slug: 'globex', ownerId: o2Owner.user.id });
    org2Team = await op.createTeam({ name: 'Globex Sales', slug: 'sales', orgId: org2.id, ownerId: o2Owner.user.id });
  });
  afterAll(() => stack.stop());

  const teamShapeErrors = (data: unknown) => referenceShapeErrors('TeamOutputDto', data);

  describe('GET /v2/teams/{teamId}: its members', () => {
    it('a member gets 200 with the team in the reference shape (TeamOutputDto)', async () => {
      const data = expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}`, { key: tMember.key }));
      expect(data).toMatchObject({
        id: team.id,
        name: 'Platform',
        slug: 'platform',
        isOrganization: false,
        parentId: null,
        timeZone: 'Europe/London',
        weekStart: 'Sunday',
        hideBranding: false,
        isPrivate: false,
        metadata: {},
      });
      expect(teamShapeErrors(data)).toEqual([]);
    });

    it('someone outside the team gets 403, for an existing team and an unknown id alike', async () => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${team.id}`, { key: uOwner.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/999999`, { key: uOwner.key }), 403, 'FORBIDDEN');
    });
  });

  describe('PATCH /v2/teams/{teamId}: team admins and owners', () => {
    it('an admin changes the fields sent and keeps the others (200, the updated team)', async () => {
      const body = {
        name: 'Platform Team',
        bio: 'We build it',
        brandColor: '#112233',
        darkBrandColor: '#fafafa',
        weekStart: 'Monday',
        timeFormat: 24,
        metadata: { floor: 3 },
        isPrivate: true,
      };
      const data = expectSuccess(await stack.rest('PATCH', `/v2/teams/${team.id}`, { key: tAdmin.key, body }));
      expect(data).toMatchObject({ ...body, id: team.id, slug: 'platform', timeZone: 'Europe/London' });
      expect(teamShapeErrors(data)).toEqual([]);
      expect(expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}`, { key: tMember.key }))).toMatchObject(body);
    });

    it('a member gets 403 and nothing changes; the owner of another team gets 403', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/teams/${team.id}`, { key: tMember.key, body: { name: 'Hijack' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/teams/${team.id}`, { key: uOwner.key, body: { name: 'Hijack' } }), 403, 'FORBIDDEN');
      expect(expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}`, { key: tMember.key })).name).toBe('Platform Team');
    });

    it.each([
      [{ brandColor: 'red' }, 'brandColor'],
      [{ weekStart: 'Someday' }, 'weekStart'],
      [{ timeFormat: 13 }, 'timeFormat'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ hideBranding: null }, 'hideBranding'],
    ])('%j → 400 naming %s', async (body, field) => {
      const response = await stack.rest('PATCH', `/v2/teams/${team.id}`, { key: tAdmin.key, body });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(field));
    });

    it('the slug of another team (outside organizations) → 409', async () => {
      expectErrorEnvelope(await stack.rest('PATCH', `/v2/teams/${team.id}`, { key: tAdmin.key, body: { slug: 'other' } }), 409, 'CONFLICT');
    });
  });

  describe('/v2/organizations/{orgId}/teams: organization admins', () => {
    let created: any;

    it('POST: an org admin creates a team of the organization (201) and becomes its accepted OWNER', async () => {
      created = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/teams`, { key: orgAdmin.key, body: { name: 'Research', brandColor: '#000000' } }),
        201,
      );
      expect(created).toMatchObject({ name: 'Research', slug: 'research', parentId: org.id, isOrganization: false, brandColor: '#000000' });
      expect(referenceShapeErrors('OrgTeamOutputDto', created)).toEqual([]);
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: orgAdmin.key }));
      expect(me.memberships).toEqual(expect.arrayContaining([expect.objectContaining({ teamId: created.id, role: 'OWNER', accepted: true })]));
    });

    it('POST with autoAcceptCreator false: the creator is OWNER, not accepted yet', async () => {
      const data = expectSuccess(
        await stack.rest('POST', `/v2/organizations/${org.id}/teams`, { key: orgOwner.key, body: { name: 'Later', autoAcceptCreator: false } }),
        201,
      );
      const row = await stack.db('organizations').query('SELECT role, accepted FROM memberships WHERE team_id = $1', [data.id]);
      expect(row).toEqual([{ role: 'OWNER', accepted: false }]);
    });

    it('POST by a plain member of the organization, or by the owner of another organization → 403', async () => {
      expectErrorEnvelope(await stack.rest('POST', `/v2/organizations/${org.id}/teams`, { key: orgMember.key, body: { name: 'Nope' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', `/v2/organizations/${org.id}/teams`, { key: o2Owner.key, body: { name: 'Nope' } }), 403, 'FORBIDDEN');
    });

    it('GET: every team of the organization, paginated; not the teams of another organization', async () => {
      const response = await stack.rest('GET', `/v2/organizations/${org.id}/teams?take=2`, { key: orgAdmin.key });
      const data = expectSuccess(response);
      expect(data.map((t: any) => t.parentId)).toEqual([org.id, org.id]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 2, hasNextPage: true });
      for (const t of data) expect(referenceShapeErrors('OrgTeamOutputDto', t)).toEqual([]);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams`, { key: orgMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org2.id}/teams`, { key: orgAdmin.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams?take=251`, { key: orgAdmin.key }), 400, 'BAD_REQUEST', /take/);
    });

    it('GET /me: only the teams of the organization the caller is an accepted member of', async () => {
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/teams/me`, { key: orgMember.key })).map((t: any) => t.id)).toEqual([
        memberTeam.id,
      ]);
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/teams/me`, { key: orgAdmin.key })).map((t: any) => t.id)).toEqual([created.id]);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/me`, { key: tOwner.key }), 403, 'FORBIDDEN');
    });

    it('GET /{teamId}: the org admin and team members get it; a team of another organization is 404 under this one', async () => {
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${memberTeam.id}`, { key: orgAdmin.key })).id).toBe(memberTeam.id);
      expect(expectSuccess(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${memberTeam.id}`, { key: orgMember.key })).id).toBe(memberTeam.id);
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${org2Team.id}`, { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org2.id}/teams/${org2Team.id}`, { key: orgAdmin.key }), 403, 'FORBIDDEN');
    });

    it("PATCH /{teamId}: the org admin updates; a plain member of the team gets 403; another organization's team 404", async () => {
      expect(
        expectSuccess(await stack.rest('PATCH', `/v2/organizations/${org.id}/teams/${memberTeam.id}`, { key: orgAdmin.key, body: { bio: 'Helping' } })).bio,
      ).toBe('Helping');
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/organizations/${org.id}/teams/${memberTeam.id}`, { key: orgMember.key, body: { bio: 'x' } }),
        403,
        'FORBIDDEN',
      );
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/organizations/${org.id}/teams/${org2Team.id}`, { key: orgAdmin.key, body: { bio: 'x' } }),
        404,
        'NOT_FOUND',
      );
      expect((await stack.db('organizations').query('SELECT bio FROM teams WHERE id = $1', [org2Team.id]))[0].bio).toBeNull();
    });

    it('DELETE /{teamId}: the org admin deletes a team of the organization (200, the team as it was); it is gone', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${created.id}`, { key: orgAdmin.key }));
      expect(data).toMatchObject({ id: created.id, name: 'Research' });
      expectErrorEnvelope(await stack.rest('GET', `/v2/organizations/${org.id}/teams/${created.id}`, { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expect(await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1', [created.id])).toEqual([]);
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${org2Team.id}`, { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${memberTeam.id}`, { key: orgMember.key }), 403, 'FORBIDDEN');
    });
  });

  describe('invite links: created and revoked by team admins; accepting one makes an accepted membership', () => {
    let token: string;

    it('POST /v2/teams/{teamId}/invite (team admin) answers a token and a link (InviteDataDto); only the hash is stored', async () => {
      const data = expectSuccess(await stack.rest('POST', `/v2/teams/${team.id}/invite`, { key: tAdmin.key }));
      expect(referenceShapeErrors('InviteDataDto', data)).toEqual([]);
      token = data.token;
      expect(data.inviteLink).toContain(`token=${encodeURIComponent(token)}`);
      const rows = await stack.db('organizations').query('SELECT token_hash FROM team_invites WHERE team_id = $1', [team.id]);
      expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    });

    it('a plain member, or an outsider, cannot create or revoke invite links (403)', async () => {
      expectErrorEnvelope(await stack.rest('POST', `/v2/teams/${team.id}/invite`, { key: tMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${team.id}/invite`, { key: uOwner.key }), 403, 'FORBIDDEN');
    });

    it('POST /v2/teams/invite/accept: the holder joins as an accepted MEMBER and can read the team', async () => {
      const data = expectSuccess(await stack.rest('POST', '/v2/teams/invite/accept', { key: joiner.key, body: { token } }));
      expect(data).toMatchObject({ teamId: team.id, userId: joiner.user.id, role: 'MEMBER', accepted: true });
      expect(referenceShapeErrors('TeamMembershipOutput', data)).toEqual([]);
      expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}`, { key: joiner.key }));
    });

    it('an unknown token is 404, an empty one 400', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams/invite/accept', { key: lateJoiner.key, body: { token: 'svc_ti_nothing' } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams/invite/accept', { key: lateJoiner.key, body: { token: '' } }), 400, 'BAD_REQUEST', /token/);
    });

    it('an expired link admits nobody (404)', async () => {
      const fresh = expectSuccess(await stack.rest('POST', `/v2/teams/${team.id}/invite`, { key: tAdmin.key })).token;
      await stack
        .db('organizations')
        .query(`UPDATE team_invites SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [createHash('sha256').update(fresh).digest('hex')]);
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams/invite/accept', { key: lateJoiner.key, body: { token: fresh } }), 404, 'NOT_FOUND');
    });

    it('DELETE /v2/teams/{teamId}/invite revokes every usable link; a revoked link admits nobody', async () => {
      expect(expectSuccess(await stack.rest('DELETE', `/v2/teams/${team.id}/invite`, { key: tAdmin.key }))).toEqual({ revoked: 1 });
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams/invite/accept', { key: lateJoiner.key, body: { token } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${team.id}`, { key: lateJoiner.key }), 403, 'FORBIDDEN');
    });

    it('an organization team link (org admin) also makes the joiner a member of the organization', async () => {
      const link = expectSuccess(await stack.rest('POST', `/v2/organizations/${org.id}/teams/${memberTeam.id}/invite`, { key: orgAdmin.key }));
      expect(referenceShapeErrors('InviteDataDto', link)).toEqual([]);
      expectSuccess(await stack.rest('POST', '/v2/teams/invite/accept', { key: orgJoiner.key, body: { token: link.token } }));
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: orgJoiner.key }));
      expect(me.memberships).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ teamId: memberTeam.id, role: 'MEMBER', accepted: true }),
          expect.objectContaining({ teamId: org.id, role: 'MEMBER', accepted: true }),
        ]),
      );
      expectErrorEnvelope(await stack.rest('POST', `/v2/organizations/${org.id}/teams/${org2Team.id}/invite`, { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('DELETE', `/v2/organizations/${org.id}/teams/${memberTeam.id}/invite`, { key: orgAdmin.key }))).toEqual({
        revoked: 1,
      });
    });
  });

  describe('DELETE /v2/teams/{teamId}: team owners', () => {
    it('an admin or a member gets 403, and the team stays', async () => {
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: tAdmin.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: tMember.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: uOwner.key }), 403, 'FORBIDDEN');
      expectSuccess(await stack.rest('GET', `/v2/teams/${team.id}`, { key: tMember.key }));
    });

    it('the owner deletes it: 200 with the team as it was; its memberships and invite links are gone; members lose access at once', async () => {
      const data = expectSuccess(await stack.rest('DELETE', `/v2/teams/${team.id}`, { key: tOwner.key }));
      expect(data).toMatchObject({ id: team.id, name: 'Platform Team' });
      expect(teamShapeErrors(data)).toEqual([]);
      const db = stack.db('organizations');
      expect(await db.query('SELECT id FROM memberships WHERE team_id = $1', [team.id])).toEqual([]);
      expect(await db.query('SELECT id FROM team_invites WHERE team_id = $1', [team.id])).toEqual([]);
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams/${team.id}`, { key: tMember.key }), 403, 'FORBIDDEN');
      expect(expectSuccess(await stack.rest('GET', '/v2/teams', { key: tOwner.key }))).toEqual([]);
    });
  });
});
