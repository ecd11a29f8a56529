import { PrivateLinkService } from '../../subgraphs/scheduling/private-link/private-link.service';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

const BASE_URL = 'https://book.example.test';

/**
 * Private links (spec 2.7, 3, 4.6, 8, 9): /v2/event-types/{eventTypeId}/private-links for the caller's
 * event types and /v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links for
 * organization team event types (team admin). A link is usable until `expiresAt` passes or its usage
 * count reaches `maxUsageCount` (-1: no count cap; both omitted: usable once).
 */
describe('private links', () => {
  let stack: TestStack;
  let owner: Caller;
  let other: Caller;
  let orgAdmin: Caller; // ADMIN of `org`, in none of its teams
  let teamAdmin: Caller; // ADMIN of `team`
  let member: Caller; // MEMBER of `team`
  let org: { id: number; slug: string };
  let otherOrg: { id: number };
  let team: { id: number };
  let eventType: any; // owner's
  let theirEventType: any; // other's
  let teamEventType: any; // of `team`
  const previousBaseUrl = process.env.BOOKING_BASE_URL;

  const userPath = (eventTypeId: number, rest = '') => `/v2/event-types/${eventTypeId}/private-links${rest}`;
  const orgPath = (orgId: number, teamId: number, eventTypeId: number, rest = '') =>
    `/v2/organizations/${orgId}/teams/${teamId}/event-types/${eventTypeId}/private-links${rest}`;
  const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const V2024_09_04 = { 'svc-api-version': '2024-09-04' };

  async function linksOf(eventTypeId: number, key = owner.key): Promise<any[]> {
    return expectSuccess(await stack.rest('GET', userPath(eventTypeId), { key }));
  }

  async function linkOf(eventTypeId: number, linkId: string): Promise<any> {
    return (await linksOf(eventTypeId)).find((l) => l.linkId === linkId);
  }

  async function createLink(body: Record<string, unknown> = {}): Promise<any> {
    return expectSuccess(await stack.rest('POST', userPath(eventType.id), { key: owner.key, body }), 201);
  }

  /** What the bookings helper does when a booking is made through the link: in its transaction. */
  const redeem = (linkId: string) => stack.db('scheduling').transaction((manager) => new PrivateLinkService(stack.db('scheduling')).redeem(manager, linkId));

  beforeAll(async () => {
    process.env.BOOKING_BASE_URL = BASE_URL;
    stack = await startTestStack();
    const operator = operatorOf(stack);
    [owner, other, orgAdmin, teamAdmin, member] = [
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
      await userWithKey(stack),
    ];
    org = await operator.createOrganization({ name: 'Acme', slug: 'acme', ownerId: orgAdmin.user.id });
    otherOrg = await operator.createOrganization({ name: 'Globex', slug: 'globex', ownerId: other.user.id });
    team = await operator.createTeam({ name: 'Support', slug: 'support', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    eventType = expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Intro', slug: 'intro', lengthInMinutes: 30 } }),
      201,
    );
    theirEventType = expectSuccess(
      await stack.rest('POST', '/v2/event-types', { key: other.key, body: { title: 'Theirs', slug: 'theirs', lengthInMinutes: 30 } }),
      201,
    );
    teamEventType = await operator.createEventType({ title: 'Team call', slug: 'team-call', lengthInMinutes: 30, teamId: team.id, hostIds: [member.user.id] });
  });
  afterAll(async () => {
    await stack.stop();
    if (previousBaseUrl === undefined) delete process.env.BOOKING_BASE_URL;
    else process.env.BOOKING_BASE_URL = previousBaseUrl;
  });

  describe('POST /v2/event-types/{eventTypeId}/private-links: expiresAt (ISO 8601) and maxUsageCount (integer)', () => {
    it('with neither → 201, a link usable once: maxUsageCount 1, usageCount 0, not expired, bookingUrl with the event slug', async () => {
      const link = await createLink();
      expect(link).toEqual({
        linkId: expect.stringMatching(/^[0-9a-f]{20}$/),
        eventTypeId: eventType.id,
        isExpired: false,
        expiresAt: null,
        maxUsageCount: 1,
        usageCount: 0,
        bookingUrl: `${BASE_URL}/d/${link.linkId}/intro`,
      });
      expect(await linkOf(eventType.id, link.linkId)).toEqual(link);
    });

    it('with expiresAt only → no count cap (maxUsageCount -1) until then', async () => {
      const expiresAt = inFuture(7);
      expect(await createLink({ expiresAt })).toMatchObject({ expiresAt, maxUsageCount: -1, usageCount: 0, isExpired: false });
    });

    it('with maxUsageCount -1 → no count cap and no time limit', async () => {
      expect(await createLink({ maxUsageCount: -1 })).toMatchObject({ expiresAt: null, maxUsageCount: -1, isExpired: false });
    });

    it('with both → both limits', async () => {
      const expiresAt = inFuture(1);
      expect(await createLink({ expiresAt, maxUsageCount: 10 })).toMatchObject({ expiresAt, maxUsageCount: 10, usageCount: 0, isExpired: false });
    });

    it('each link has its own id; the event type lists them all', async () => {
      const [a, b] = [await createLink(), await createLink()];
      expect(a.linkId).not.toBe(b.linkId);
      expect((await linksOf(eventType.id)).map((l) => l.linkId)).toEqual(expect.arrayContaining([a.linkId, b.linkId]));
    });

    it.each([
      ['expiresAt "next week"', { expiresAt: 'next week' }, /^expiresAt\b/],
      ['expiresAt in the past', { expiresAt: '2020-01-01T00:00:00Z' }, /^expiresAt must be in the future/],
      ['maxUsageCount 0', { maxUsageCount: 0 }, /^maxUsageCount must be -1 \(no count cap\) or at least 1/],
      ['maxUsageCount -2', { maxUsageCount: -2 }, /^maxUsageCount must be -1/],
      ['maxUsageCount 2.5', { maxUsageCount: 2.5 }, /^maxUsageCount\b/],
      ['maxUsageCount "ten"', { maxUsageCount: 'ten' }, /^maxUsageCount\b/],
    ])('%s → 400 naming the field, and nothing is created', async (_label, body, message) => {
      const before = await linksOf(eventType.id);
      expectErrorEnvelope(await stack.rest('POST', userPath(eventType.id), { key: owner.key, body }), 400, 'BAD_REQUEST', message);
      expect(await linksOf(eventType.id)).toEqual(before);
    });

    it('another user’s event type → 404 on every route, and nothing changes', async () => {
      const theirLink = expectSuccess(await stack.rest('POST', userPath(theirEventType.id), { key: other.key, body: {} }), 201);
      expectErrorEnvelope(await stack.rest('GET', userPath(theirEventType.id), { key: owner.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', userPath(theirEventType.id), { key: owner.key, body: {} }), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await stack.rest('PATCH', userPath(theirEventType.id, `/${theirLink.linkId}`), { key: owner.key, body: { maxUsageCount: 5 } }),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(await stack.rest('DELETE', userPath(theirEventType.id, `/${theirLink.linkId}`), { key: owner.key }), 404, 'NOT_FOUND');
      expect(await linksOf(theirEventType.id, other.key)).toEqual([theirLink]);
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('POST', userPath(eventType.id), { body: {} }), 401, 'UNAUTHORIZED');
    });
  });

  describe('PATCH …/private-links/{linkId} changes expiresAt and maxUsageCount', () => {
    it('raises the usage cap and sets an expiry; the usage count stays', async () => {
      const link = await createLink();
      const expiresAt = inFuture(3);
      const updated = expectSuccess(
        await stack.rest('PATCH', userPath(eventType.id, `/${link.linkId}`), { key: owner.key, body: { maxUsageCount: 5, expiresAt } }),
      );
      expect(updated).toEqual({ ...link, maxUsageCount: 5, expiresAt });
      expect(await linkOf(eventType.id, link.linkId)).toEqual(updated);
      const unlimited = expectSuccess(
        await stack.rest('PATCH', userPath(eventType.id, `/${link.linkId}`), { key: owner.key, body: { expiresAt: null, maxUsageCount: -1 } }),
      );
      expect(unlimited).toMatchObject({ expiresAt: null, maxUsageCount: -1, isExpired: false });
    });

    it('invalid values → 400 naming the field, and the link is unchanged', async () => {
      const link = await createLink();
      for (const body of [{ maxUsageCount: 0 }, { expiresAt: '2001-01-01T00:00:00Z' }, { expiresAt: 'soon' }]) {
        expectErrorEnvelope(
          await stack.rest('PATCH', userPath(eventType.id, `/${link.linkId}`), { key: owner.key, body }),
          400,
          'BAD_REQUEST',
          new RegExp(`^${Object.keys(body)[0]}\\b`),
        );
      }
      expect(await linkOf(eventType.id, link.linkId)).toEqual(link);
    });

    it('an unknown link, or a link of another event type → 404', async () => {
      const second = expectSuccess(
        await stack.rest('POST', '/v2/event-types', { key: owner.key, body: { title: 'Second', slug: 'second', lengthInMinutes: 15 } }),
        201,
      );
      const link = await createLink();
      expectErrorEnvelope(await stack.rest('PATCH', userPath(eventType.id, '/nope'), { key: owner.key, body: { maxUsageCount: 2 } }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('PATCH', userPath(second.id, `/${link.linkId}`), { key: owner.key, body: { maxUsageCount: 2 } }), 404, 'NOT_FOUND');
      expect(await linkOf(eventType.id, link.linkId)).toEqual(link);
    });
  });

  describe('DELETE …/private-links/{linkId} answers the deleted link', () => {
    it('→ 200 with the link as it was; it is gone', async () => {
      const link = await createLink({ maxUsageCount: 3 });
      expect(expectSuccess(await stack.rest('DELETE', userPath(eventType.id, `/${link.linkId}`), { key: owner.key }))).toEqual(link);
      expect(await linkOf(eventType.id, link.linkId)).toBeUndefined();
      expectErrorEnvelope(await stack.rest('DELETE', userPath(eventType.id, `/${link.linkId}`), { key: owner.key }), 404, 'NOT_FOUND');
    });
  });

  describe('a link expires when expiresAt passes or its usage count reaches maxUsageCount (isExpired)', () => {
    it('a link usable once: one booking through it counts the use; then it is expired and refused with "private link has expired"', async () => {
      const link = await createLink();
      expect(await redeem(link.linkId)).toEqual({ eventTypeId: eventType.id });
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
      await expect(redeem(link.linkId)).rejects.toMatchObject({ message: 'private link has expired', extensions: { code: 'CONFLICT' } });
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
    });

    it('maxUsageCount 2: expired at the second use', async () => {
      const link = await createLink({ maxUsageCount: 2 });
      await redeem(link.linkId);
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 1, isExpired: false });
      await redeem(link.linkId);
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 2, isExpired: true });
    });

    it('-1 (no count cap): never expires by use', async () => {
      const link = await createLink({ maxUsageCount: -1 });
      for (let i = 0; i < 3; i += 1) await redeem(link.linkId);
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 3, isExpired: false });
    });

    it('once expiresAt has passed the link is expired and refused, whatever its count', async () => {
      const link = await createLink({ expiresAt: inFuture(1) });
      await stack.db('scheduling').query(`UPDATE private_links SET expires_at = now() - interval '1 minute' WHERE link_id = $1`, [link.linkId]); // time passes
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ isExpired: true, usageCount: 0 });
      await expect(redeem(link.linkId)).rejects.toMatchObject({ message: 'private link has expired' });
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 0 });
    });

    it('raising the cap of a used-up link makes it usable again', async () => {
      const link = await createLink();
      await redeem(link.linkId);
      expect(expectSuccess(await stack.rest('PATCH', userPath(eventType.id, `/${link.linkId}`), { key: owner.key, body: { maxUsageCount: 2 } }))).toMatchObject(
        { usageCount: 1, isExpired: false },
      );
    });

    it('two bookings racing for the last use: exactly one gets it (the row is locked)', async () => {
      const link = await createLink();
      const outcomes = await Promise.allSettled([redeem(link.linkId), redeem(link.linkId), redeem(link.linkId)]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await linkOf(eventType.id, link.linkId)).toMatchObject({ usageCount: 1, isExpired: true });
    });

    it('an unknown link → NOT_FOUND', async () => {
      await expect(redeem('no-such-link')).rejects.toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    });
  });

  describe('/v2/organizations/{orgId}/teams/{teamId}/event-types/{eventTypeId}/private-links: team admins', () => {
    it('without svc-api-version (older behaviour): bookingUrl without the organization', async () => {
      const link = expectSuccess(await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key, body: { maxUsageCount: 3 } }), 201);
      expect(link).toMatchObject({
        eventTypeId: teamEventType.id,
        maxUsageCount: 3,
        usageCount: 0,
        isExpired: false,
        bookingUrl: `${BASE_URL}/d/${link.linkId}/team-call`,
      });
    });

    it('with svc-api-version 2024-09-04: the full bookingUrl, with the organization slug and the event slug, on every route', async () => {
      const full = (linkId: string) => `https://acme.book.example.test/d/${linkId}/team-call`;
      const link = expectSuccess(
        await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key, body: {}, headers: V2024_09_04 }),
        201,
      );
      expect(link).toMatchObject({ maxUsageCount: 1, bookingUrl: full(link.linkId) });
      const listed = expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key, headers: V2024_09_04 }));
      expect(listed.find((l: any) => l.linkId === link.linkId)).toEqual(link);
      const older = expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key }));
      expect(older.find((l: any) => l.linkId === link.linkId)).toEqual({ ...link, bookingUrl: `${BASE_URL}/d/${link.linkId}/team-call` });
      const patched = expectSuccess(
        await stack.rest('PATCH', orgPath(org.id, team.id, teamEventType.id, `/${link.linkId}`), {
          key: teamAdmin.key,
          body: { maxUsageCount: 4 },
          headers: V2024_09_04,
        }),
      );
      expect(patched).toEqual({ ...link, maxUsageCount: 4 });
      const deleted = expectSuccess(
        await stack.rest('DELETE', orgPath(org.id, team.id, teamEventType.id, `/${link.linkId}`), { key: teamAdmin.key, headers: V2024_09_04 }),
      );
      expect(deleted).toEqual(patched);
    });

    it('another svc-api-version value → the older behaviour', async () => {
      const link = expectSuccess(
        await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key, body: {}, headers: { 'svc-api-version': '2024-06-14' } }),
        201,
      );
      expect(link.bookingUrl).toBe(`${BASE_URL}/d/${link.linkId}/team-call`);
    });

    it('an organization admin (not in the team) → 201', async () => {
      expectSuccess(
        await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: orgAdmin.key, body: { maxUsageCount: -1 }, headers: V2024_09_04 }),
        201,
      );
    });

    it('a plain team member → 403 on every route, and nothing is created', async () => {
      const before = expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key }));
      expectErrorEnvelope(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: member.key }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: member.key, body: {} }), 403, 'FORBIDDEN');
      expectErrorEnvelope(
        await stack.rest('PATCH', orgPath(org.id, team.id, teamEventType.id, `/${before[0].linkId}`), { key: member.key, body: { maxUsageCount: 9 } }),
        403,
        'FORBIDDEN',
      );
      expectErrorEnvelope(
        await stack.rest('DELETE', orgPath(org.id, team.id, teamEventType.id, `/${before[0].linkId}`), { key: member.key }),
        403,
        'FORBIDDEN',
      );
      expect(expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key }))).toEqual(before);
    });

    it('another organization in the path, or a personal event type → 404, and nothing is created', async () => {
      const before = expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key }));
      expectErrorEnvelope(await stack.rest('POST', orgPath(otherOrg.id, team.id, teamEventType.id), { key: teamAdmin.key, body: {} }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', orgPath(org.id, team.id, eventType.id), { key: teamAdmin.key, body: {} }), 404, 'NOT_FOUND');
      expect(expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key }))).toEqual(before);
    });

    it('the same validation: maxUsageCount 0 → 400 naming maxUsageCount', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', orgPath(org.id, team.id, teamEventType.id), { key: teamAdmin.key, body: { maxUsageCount: 0 }, headers: V2024_09_04 }),
        400,
        'BAD_REQUEST',
        /^maxUsageCount\b/,
      );
    });

    it('a team event type is not reachable through the personal routes (404)', async () => {
      expectErrorEnvelope(await stack.rest('GET', userPath(teamEventType.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });
  });
});
