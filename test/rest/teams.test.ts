import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

/** POST and GET /v2/teams (spec 4.15: "GET /v2/teams — envelope with pagination"). */
describe('/v2/teams', () => {
  let stack: TestStack;
  let creator: Awaited<ReturnType<typeof userWithKey>>;
  let lister: Awaited<ReturnType<typeof userWithKey>>;
  let stranger: Awaited<ReturnType<typeof userWithKey>>;

  beforeAll(async () => {
    stack = await startTestStack();
    [creator, lister, stranger] = [await userWithKey(stack), await userWithKey(stack), await userWithKey(stack)];
  });
  afterAll(() => stack.stop());

  async function teamCount(key: string): Promise<number> {
    const response = await stack.rest('GET', '/v2/teams', { key });
    expectSuccess(response);
    return response.body.pagination.totalItems;
  }

  describe('POST /v2/teams creates a team; the caller becomes its OWNER', () => {
    let team: any;

    beforeAll(async () => {
      team = expectSuccess(
        await stack.rest('POST', '/v2/teams', { key: creator.key, body: { name: 'Design Team', bio: 'We draw things', timeZone: 'Europe/Paris' } }),
        201,
      );
    });

    it('answers 201 with the created team', () => {
      expect(team).toMatchObject({
        name: 'Design Team',
        slug: 'design-team',
        bio: 'We draw things',
        timeZone: 'Europe/Paris',
        isOrganization: false,
        parentId: null,
      });
      expect(typeof team.id).toBe('number');
      expect(typeof team.createdAt).toBe('string');
    });

    it('the creator is OWNER of it (GET /v2/me memberships)', async () => {
      const me = expectSuccess(await stack.rest('GET', '/v2/me', { key: creator.key }));
      expect(me.memberships).toEqual([expect.objectContaining({ teamId: team.id, role: 'OWNER', accepted: true })]);
    });

    it('the team is in the creator’s GET /v2/teams', async () => {
      const { body } = await stack.rest('GET', '/v2/teams', { key: creator.key });
      expect(body.data.map((t: any) => t.id)).toContain(team.id);
    });

    it('the creator can manage the new team at once (a member added to it can be removed by the creator)', async () => {
      const created = expectSuccess(await stack.rest('POST', '/v2/teams', { key: creator.key, body: { name: 'Fresh Team' } }), 201);
      const newcomer = await userWithKey(stack);
      const membership = await operatorOf(stack).addMember({ teamId: created.id, userId: newcomer.user.id, role: MembershipRole.MEMBER });
      const removed = expectSuccess(await stack.rest('DELETE', `/v2/teams/${created.id}/memberships/${membership.id}`, { key: creator.key }));
      expect(removed).toMatchObject({ id: membership.id, teamId: created.id, userId: newcomer.user.id });
    });

    it('an explicit slug is kept', async () => {
      const created = expectSuccess(await stack.rest('POST', '/v2/teams', { key: creator.key, body: { name: 'Research', slug: 'research-lab' } }), 201);
      expect(created.slug).toBe('research-lab');
    });

    it('a duplicate slug → 409 CONFLICT, and no team is created', async () => {
      const before = await teamCount(creator.key);
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Another design team', slug: 'design-team' } }),
        409,
        'CONFLICT',
        /design-team/,
      );
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Design Team' } }), 409, 'CONFLICT', /design-team/);
      expect(await teamCount(creator.key)).toBe(before);
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('a missing name → 400 BAD_REQUEST whose message names `name`, and no team is created', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { slug: 'nameless' } }), 400, 'BAD_REQUEST', /\bname\b/);
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('an empty name → 400 naming `name`', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: '' } }), 400, 'BAD_REQUEST', /\bname\b/);
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('a badly formed slug → 400 naming `slug`', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Ok', slug: 'Not A Slug' } }),
        400,
        'BAD_REQUEST',
        /\bslug\b/,
      );
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('a name of the wrong type → 400 naming `name`', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 42 } }), 400, 'BAD_REQUEST', /\bname\b/);
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('no body → 400', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { key: stranger.key }), 400, 'BAD_REQUEST');
      expect(await teamCount(stranger.key)).toBe(0);
    });

    it('without a credential → 401 and no team is created', async () => {
      expectErrorEnvelope(await stack.rest('POST', '/v2/teams', { body: { name: 'Ghost team' } }), 401, 'UNAUTHORIZED');
      // The slug was not taken by the refused request.
      expectSuccess(await stack.rest('POST', '/v2/teams', { key: creator.key, body: { name: 'Ghost team' } }), 201);
    });
  });

  describe('GET /v2/teams lists only the caller’s teams, with pagination', () => {
    let mine: number[];

    beforeAll(async () => {
      mine = [];
      for (const name of ['Alpha Squad', 'Beta Squad', 'Gamma Squad']) {
        mine.push(expectSuccess(await stack.rest('POST', '/v2/teams', { key: lister.key, body: { name } }), 201).id);
      }
      // Teams the lister does not belong to, and an organization the lister owns (not a team).
      expectSuccess(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Strangers' } }), 201);
      await operatorOf(stack).createOrganization({ name: 'Lister Org', ownerId: lister.user.id });
    });

    it('without paging: all three, in creation order, pagination of one page', async () => {
      const response = await stack.rest('GET', '/v2/teams', { key: lister.key });
      expect(expectSuccess(response).map((t: any) => t.id)).toEqual(mine);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 1, hasNextPage: false });
    });

    it('take=2 → the first two, hasNextPage true, totalPages 2', async () => {
      const response = await stack.rest('GET', '/v2/teams?take=2', { key: lister.key });
      expect(expectSuccess(response).map((t: any) => t.id)).toEqual(mine.slice(0, 2));
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 1, totalPages: 2, hasNextPage: true });
    });

    it('take=2&skip=2 → the last one, page 2 of 2, hasNextPage false', async () => {
      const response = await stack.rest('GET', '/v2/teams?take=2&skip=2', { key: lister.key });
      expect(expectSuccess(response).map((t: any) => t.id)).toEqual(mine.slice(2));
      expect(response.body.pagination).toMatchObject({ totalItems: 3, currentPage: 2, totalPages: 2, hasNextPage: false });
    });

    it('skip=2 → 1 item', async () => {
      const response = await stack.rest('GET', '/v2/teams?skip=2', { key: lister.key });
      expect(expectSuccess(response).map((t: any) => t.id)).toEqual(mine.slice(2));
      expect(response.body.pagination).toMatchObject({ totalItems: 3, hasNextPage: false });
    });

    it('skip past the end → an empty page', async () => {
      const response = await stack.rest('GET', '/v2/teams?skip=10', { key: lister.key });
      expect(expectSuccess(response)).toEqual([]);
      expect(response.body.pagination).toMatchObject({ totalItems: 3, hasNextPage: false });
    });

    it('does not include other users’ teams nor organizations', async () => {
      const { body } = await stack.rest('GET', '/v2/teams', { key: stranger.key });
      expect(body.data.map((t: any) => t.name)).toEqual(['Strangers']);
      expect(body.pagination.totalItems).toBe(1);
    });

    it.each([
      ['take=0', /take/],
      ['take=251', /take/],
      ['take=abc', /take/],
      ['skip=-1', /skip/],
    ])('%s → 400 naming the parameter', async (query, field) => {
      expectErrorEnvelope(await stack.rest('GET', `/v2/teams?${query}`, { key: lister.key }), 400, 'BAD_REQUEST', field);
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', '/v2/teams'), 401, 'UNAUTHORIZED');
    });
  });
});
