import { MembershipService } from '../../subgraphs/organizations/membership/membership.service';
import { expectErrorEnvelope, expectSuccess, MembershipRole, operatorOf, userWithKey } from '../support/fixtures';
import { attendee, book, EVERY_DAY } from '../support/booking-fixtures';
import { componentShapeErrors } from '../support/reference-components';
import { startTestStack, TestStack } from '../support/stack';
import { directivesOf } from '../support/supergraph';

type Caller = Awaited<ReturnType<typeof userWithKey>>;

/**
 * Team event types (spec 2.19, 4.15, 5.3 TEAM_EVENT_TYPE_*): /v2/teams/{teamId}/event-types[/{eventTypeId}]
 * and their twins under /v2/organizations/{orgId}/teams/{teamId}/event-types. Any team member reads,
 * team admins (or the organization's admins, on the organization paths) write; hosts are accepted members.
 */
describe('team event types', () => {
  let stack: TestStack;
  let orgOwner: Caller; // OWNER of `org`
  let orgAdmin: Caller; // ADMIN of `org`, member of none of its teams
  let orgMember: Caller; // MEMBER of `org` only
  let teamAdmin: Caller; // ADMIN of `team` and of `foreignTeam`
  let member: Caller; // MEMBER of `team`
  let colleague: Caller; // MEMBER of `team`
  let pending: Caller; // invited to `team`, not accepted
  let outsider: Caller; // OWNER of `otherTeam`, not in `team`
  let org: { id: number; slug: string };
  let otherOrg: { id: number };
  let team: { id: number };
  let otherTeam: { id: number };
  let foreignTeam: { id: number }; // a team of otherOrg
  let standaloneTeam: { id: number }; // a team of no organization, teamAdmin is its OWNER

  const teamPath = (teamId: number, rest = '') => `/v2/teams/${teamId}/event-types${rest}`;
  const orgPath = (orgId: number, teamId: number, rest = '') => `/v2/organizations/${orgId}/teams/${teamId}/event-types${rest}`;
  const body = (slug: string, extra: Record<string, unknown> = {}) => ({ title: `Call ${slug}`, slug, lengthInMinutes: 30, ...extra });

  /** The team's event types as its owner's admin sees them. */
  async function listed(teamId = team.id): Promise<any[]> {
    return expectSuccess(await stack.rest('GET', teamPath(teamId, '?take=250'), { key: teamAdmin.key }));
  }

  async function created(slug: string, extra: Record<string, unknown> = {}): Promise<any> {
    return expectSuccess(await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: body(slug, extra) }), 201);
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const user = (name: string) => userWithKey(stack, { name });
    [orgOwner, orgAdmin, orgMember, teamAdmin, member, colleague, pending, outsider] = [
      await user('Olga Owner'),
      await user('Adam OrgAdmin'),
      await user('Mia OrgMember'),
      await user('Tara TeamAdmin'),
      await user('Max Member'),
      await user('Cleo Colleague'),
      await user('Pia Pending'),
      await user('Otto Outsider'),
    ];
    org = await operator.createOrganization({ name: 'Acme', slug: 'acme', ownerId: orgOwner.user.id });
    otherOrg = await operator.createOrganization({ name: 'Globex', ownerId: outsider.user.id });
    await operator.addMember({ teamId: org.id, userId: orgAdmin.user.id, role: MembershipRole.ADMIN });
    await operator.addMember({ teamId: org.id, userId: orgMember.user.id, role: MembershipRole.MEMBER });
    team = await operator.createTeam({ name: 'Support', orgId: org.id, ownerId: teamAdmin.user.id });
    await operator.addMember({ teamId: team.id, userId: member.user.id, role: MembershipRole.MEMBER });
    await operator.addMember({ teamId: team.id, userId: colleague.user.id, role: MembershipRole.MEMBER });
    await new MembershipService(stack.db('organizations')).add({ teamId: team.id, userId: pending.user.id, role: MembershipRole.MEMBER, accepted: false });
    otherTeam = await operator.createTeam({ name: 'Sales', orgId: org.id, ownerId: outsider.user.id });
    foreignTeam = await operator.createTeam({ name: 'Globex Support', orgId: otherOrg.id, ownerId: outsider.user.id });
    await operator.addMember({ teamId: foreignTeam.id, userId: teamAdmin.user.id, role: MembershipRole.ADMIN });
    standaloneTeam = await operator.createTeam({ name: 'Book club', ownerId: teamAdmin.user.id });
  });
  afterAll(() => stack.stop());

  /**
   * The reference's TeamEventTypeOutput_2024_06_14, quirks corrected in reference-components.ts. It requires
   * `description` and the team's branding (`bannerUrl`, `logoUrl`, colours, `theme`) as strings; a team
   * without them and an event type without a description answer null there, so a null is let through.
   */
  const expectTeamShape = (eventType: unknown) => {
    const at = (path: string) =>
      path
        .split('/')
        .slice(1)
        .reduce((value: any, key) => value?.[key], eventType);
    expect(componentShapeErrors('TeamEventTypeOutput_2024_06_14', eventType).filter((error) => at(error.split(' ')[0]) !== null)).toEqual([]);
  };

  describe('POST /v2/teams/{teamId}/event-types creates a team event type with its hosts', () => {
    it('a team admin → 201 with the event type, its hosts (accepted members) and the default booking fields', async () => {
      const eventType = await created('onboarding', { locations: [{ type: 'link' }], hosts: [{ userId: member.user.id }, { userId: teamAdmin.user.id }] });
      expect(eventType).toMatchObject({
        title: 'Call onboarding',
        slug: 'onboarding',
        lengthInMinutes: 30,
        locations: [{ type: 'link' }],
        teamId: team.id,
        ownerId: null,
        parentId: null,
        assignAllTeamMembers: false,
      });
      expect(eventType.hosts.map((h: any) => h.userId).sort()).toEqual([member.user.id, teamAdmin.user.id].sort());
      expect(eventType.hosts).toEqual(expect.arrayContaining([expect.objectContaining({ userId: member.user.id, name: 'Max Member' })]));
      expect(eventType.bookingFields.map((f: any) => f.slug)).toEqual([
        'name',
        'email',
        'location',
        'title',
        'notes',
        'guests',
        'rescheduleReason',
        'attendeePhoneNumber',
      ]);
      expect((await listed()).find((e) => e.id === eventType.id)).toEqual(eventType);
    });

    it('hosts are optional', async () => {
      expect((await created('no-hosts')).hosts).toEqual([]);
    });

    it('assignAllTeamMembers: true → every accepted member hosts it (not the pending one)', async () => {
      const eventType = await created('everyone', { assignAllTeamMembers: true });
      expect(eventType.assignAllTeamMembers).toBe(true);
      expect(eventType.hosts.map((h: any) => h.userId).sort()).toEqual([teamAdmin.user.id, member.user.id, colleague.user.id].sort());
    });

    it('the team slug is unique per team: the same slug again → 409, nothing created; another team may use it', async () => {
      await created('demo');
      const before = await listed();
      expectErrorEnvelope(await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: body('demo') }), 409, 'CONFLICT', /demo/);
      expect(await listed()).toEqual(before);
      expectSuccess(await stack.rest('POST', teamPath(standaloneTeam.id), { key: teamAdmin.key, body: body('demo') }), 201);
    });

    it('a missing lengthInMinutes → 400 naming it, nothing created', async () => {
      const before = await listed();
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: { title: 'x', slug: 'x' } }),
        400,
        'BAD_REQUEST',
        /lengthInMinutes/,
      );
      expect(await listed()).toEqual(before);
    });
  });

  describe('every host must be an accepted member of the team', () => {
    it.each([
      ['a user of another team', () => outsider.user.id],
      ['a user whose membership is not accepted', () => pending.user.id],
      ['an unknown user', () => 999999],
    ])('%s as host → 400 naming hosts, and nothing is created', async (_label, userId) => {
      const before = await listed();
      const response = await stack.rest('POST', teamPath(team.id), {
        key: teamAdmin.key,
        body: body('bad-host', { hosts: [{ userId: member.user.id }, { userId: userId() }] }),
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(`^hosts: user ${userId()} is not an accepted member`));
      expect(await listed()).toEqual(before);
    });

    it('hosts and assignAllTeamMembers: true together → 400 naming hosts, nothing created', async () => {
      const before = await listed();
      const response = await stack.rest('POST', teamPath(team.id), {
        key: teamAdmin.key,
        body: body('both', { hosts: [{ userId: member.user.id }], assignAllTeamMembers: true }),
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^hosts: /);
      expect(await listed()).toEqual(before);
    });

    it('the operator step (fixtures, seed) checks hosts the same way', async () => {
      const operator = operatorOf(stack);
      const made = await operator.createEventType({ title: 'Seeded', slug: 'seeded', lengthInMinutes: 15, teamId: team.id, hostIds: [colleague.user.id] });
      const shown = expectSuccess(await stack.rest('GET', teamPath(team.id, `/${made.id}`), { key: member.key }));
      expect(shown.hosts.map((h: any) => h.userId)).toEqual([colleague.user.id]);
      const before = await listed();
      await expect(
        operator.createEventType({ title: 'Bad', slug: 'bad-seed', lengthInMinutes: 15, teamId: team.id, hostIds: [pending.user.id] }),
      ).rejects.toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'hosts' },
      });
      expect(await listed()).toEqual(before);
    });

    it('a host without userId → 400 naming the field', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: body('no-user', { hosts: [{}] }) }),
        400,
        'BAD_REQUEST',
        /hosts/,
      );
    });

    it('PATCH hosts replaces the hosts, checked the same way (a refused change changes nothing)', async () => {
      const eventType = await created('rotating', { hosts: [{ userId: member.user.id }] });
      const path = teamPath(team.id, `/${eventType.id}`);
      expectErrorEnvelope(
        await stack.rest('PATCH', path, { key: teamAdmin.key, body: { title: 'Renamed', hosts: [{ userId: outsider.user.id }] } }),
        400,
        'BAD_REQUEST',
        /^hosts: /,
      );
      expect(expectSuccess(await stack.rest('GET', path, { key: member.key }))).toEqual(eventType);
      const updated = expectSuccess(await stack.rest('PATCH', path, { key: teamAdmin.key, body: { hosts: [{ userId: colleague.user.id }] } }));
      expect(updated.hosts.map((h: any) => h.userId)).toEqual([colleague.user.id]);
      const all = expectSuccess(await stack.rest('PATCH', path, { key: teamAdmin.key, body: { assignAllTeamMembers: true } }));
      expect(all.assignAllTeamMembers).toBe(true);
      expect(all.hosts).toHaveLength(3);
    });
  });

  describe('round-robin hosts carry their role: mandatory (default false) and priority (lowest, low, medium by default, high, highest)', () => {
    const roleOf = (eventType: any) =>
      Object.fromEntries(eventType.hosts.map((h: { userId: number; mandatory: boolean; priority: string }) => [h.userId, [h.mandatory, h.priority]]));

    it('POST echoes each host with its role, with name and username; GET shows the same', async () => {
      const eventType = await created('roles', { hosts: [{ userId: member.user.id, mandatory: true, priority: 'high' }, { userId: colleague.user.id }] });
      expect(roleOf(eventType)).toEqual({ [member.user.id]: [true, 'high'], [colleague.user.id]: [false, 'medium'] });
      expect(eventType.hosts).toEqual(
        expect.arrayContaining([
          { userId: member.user.id, name: 'Max Member', username: member.user.username, avatarUrl: null, mandatory: true, priority: 'high' },
        ]),
      );
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: member.key })).hosts).toEqual(eventType.hosts);
      expectTeamShape(eventType);
    });

    it('a collective event type (every host attends every booking) shows no role: the hosts come without mandatory and priority', async () => {
      const eventType = await created('all-attend', {
        schedulingType: 'collective',
        hosts: [{ userId: member.user.id }, { userId: colleague.user.id, priority: 'low' }],
      });
      expect(eventType.hosts.map((h: object) => Object.keys(h).sort())).toEqual([
        ['avatarUrl', 'name', 'userId', 'username'],
        ['avatarUrl', 'name', 'userId', 'username'],
      ]);
    });

    it('an unknown priority → 400 naming hosts[i].priority, and nothing is created', async () => {
      const response = await stack.rest('POST', teamPath(team.id), {
        key: teamAdmin.key,
        body: body('bad-priority', { hosts: [{ userId: member.user.id }, { userId: colleague.user.id, priority: 'urgent' }] }),
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', 'hosts[1].priority must be one of lowest, low, medium, high, highest, got "urgent"');
      expect((await listed()).map((e) => e.slug)).not.toContain('bad-priority');
    });

    it('mandatory hosts with seats → 400 naming hosts (a seated booking has one host); PATCH the same, and nothing changes', async () => {
      const seats = { seatsPerTimeSlot: 4, showAttendeeInfo: false, showAvailabilityCount: true };
      const response = await stack.rest('POST', teamPath(team.id), {
        key: teamAdmin.key,
        body: body('seated-mandatory', { seats, hosts: [{ userId: member.user.id, mandatory: true }, { userId: colleague.user.id }] }),
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', /^hosts: mandatory hosts cannot be combined with seats/);
      const eventType = await created('mandatory-then-seats', { hosts: [{ userId: member.user.id, mandatory: true }] });
      const path = teamPath(team.id, `/${eventType.id}`);
      expectErrorEnvelope(await stack.rest('PATCH', path, { key: teamAdmin.key, body: { seats } }), 400, 'BAD_REQUEST', /^hosts: mandatory hosts/);
      expect(expectSuccess(await stack.rest('GET', path, { key: member.key }))).toEqual(eventType);
    });

    it('PATCH hosts replaces the roles too', async () => {
      const eventType = await created('re-roled', { hosts: [{ userId: member.user.id, mandatory: true }] });
      const path = teamPath(team.id, `/${eventType.id}`);
      const updated = expectSuccess(await stack.rest('PATCH', path, { key: teamAdmin.key, body: { hosts: [{ userId: member.user.id, priority: 'lowest' }] } }));
      expect(roleOf(updated)).toEqual({ [member.user.id]: [false, 'lowest'] });
    });
  });

  describe('reading: any member of the team', () => {
    it('GET the list: a plain member → 200 with pagination; eventSlug filters', async () => {
      const response = await stack.rest('GET', teamPath(team.id, '?take=2'), { key: member.key });
      expect(expectSuccess(response)).toHaveLength(2);
      expect(response.body.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
      const bySlug = expectSuccess(await stack.rest('GET', teamPath(team.id, '?eventSlug=onboarding'), { key: member.key }));
      expect(bySlug.map((e: any) => e.slug)).toEqual(['onboarding']);
    });

    it('GET one: a plain member → 200', async () => {
      const [first] = await listed();
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${first.id}`), { key: member.key }))).toEqual(first);
    });

    it('a user of another team, a pending member, an organization member → 403', async () => {
      for (const caller of [outsider, pending, orgMember]) {
        expectErrorEnvelope(await stack.rest('GET', teamPath(team.id), { key: caller.key }), 403, 'FORBIDDEN');
      }
    });

    it('without a credential → 401', async () => {
      expectErrorEnvelope(await stack.rest('GET', teamPath(team.id)), 401, 'UNAUTHORIZED');
    });

    it('an event type of another team, or a personal one, through this team → 404', async () => {
      const theirs = expectSuccess(await stack.rest('POST', teamPath(standaloneTeam.id), { key: teamAdmin.key, body: body('elsewhere') }), 201);
      const personal = expectSuccess(await stack.rest('POST', '/v2/event-types', { key: teamAdmin.key, body: body('mine') }), 201);
      expectErrorEnvelope(await stack.rest('GET', teamPath(team.id, `/${theirs.id}`), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', teamPath(team.id, `/${personal.id}`), { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('non-numeric ids → 400 naming the parameter', async () => {
      expectErrorEnvelope(await stack.rest('GET', teamPath(team.id, '/abc'), { key: member.key }), 400, 'BAD_REQUEST', /eventTypeId/);
      expectErrorEnvelope(await stack.rest('GET', '/v2/teams/abc/event-types', { key: member.key }), 400, 'BAD_REQUEST', /teamId/);
    });
  });

  describe('writing: team admins only', () => {
    it('a plain member → 403 on POST, PATCH and DELETE, and nothing changes', async () => {
      const [first] = await listed();
      const before = await listed();
      expectErrorEnvelope(await stack.rest('POST', teamPath(team.id), { key: member.key, body: body('by-member') }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(team.id, `/${first.id}`), { key: member.key, body: { title: 'Hijacked' } }), 403, 'FORBIDDEN');
      expectErrorEnvelope(await stack.rest('DELETE', teamPath(team.id, `/${first.id}`), { key: member.key }), 403, 'FORBIDDEN');
      expect(await listed()).toEqual(before);
    });

    it('an organization admin on /v2/teams/{teamId} (not a team member) → 403', async () => {
      expectErrorEnvelope(await stack.rest('POST', teamPath(team.id), { key: orgAdmin.key, body: body('by-org-admin') }), 403, 'FORBIDDEN');
    });
  });

  describe('PATCH: same structure as create; teamId and parentId are immutable', () => {
    let eventType: any;

    beforeAll(async () => {
      eventType = await created('patch-me', { hosts: [{ userId: member.user.id }] });
    });

    it('changes the title and leaves the rest (hosts included) as it was', async () => {
      const updated = expectSuccess(await stack.rest('PATCH', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key, body: { title: 'New title' } }));
      expect(updated).toEqual({ ...eventType, title: 'New title', updatedAt: expect.any(String) });
      eventType = updated;
    });

    it.each([
      ['teamId', { teamId: 12345 }],
      ['teamId', { title: 'Moved', teamId: null }],
      ['parentId', { parentId: 777 }],
      ['parentId', { title: 'Sneaky', hosts: [], parentId: 1 }],
    ])('an attempt to change %s → 400 naming the field, and the event type is unchanged', async (field, change) => {
      const response = await stack.rest('PATCH', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key, body: change });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST', new RegExp(`^${field}\\b`));
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }))).toEqual(eventType);
    });

    it('the same change on the organization path → 400 too', async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', orgPath(org.id, team.id, `/${eventType.id}`), { key: orgAdmin.key, body: { teamId: otherTeam.id } }),
        400,
        'BAD_REQUEST',
        /^teamId\b/,
      );
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }))).toEqual(eventType);
    });

    it('repeating the current teamId and parentId is accepted', async () => {
      const updated = expectSuccess(
        await stack.rest('PATCH', teamPath(team.id, `/${eventType.id}`), {
          key: teamAdmin.key,
          body: { teamId: team.id, parentId: null, lengthInMinutes: 45 },
        }),
      );
      expect(updated).toMatchObject({ teamId: team.id, parentId: null, lengthInMinutes: 45 });
      eventType = updated;
    });

    it('a slug another event type of the team has → 409, unchanged', async () => {
      expectErrorEnvelope(
        await stack.rest('PATCH', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key, body: { slug: 'onboarding' } }),
        409,
        'CONFLICT',
      );
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }))).toEqual(eventType);
    });
  });

  describe('DELETE answers the deleted event type', () => {
    it('a team admin → 200 with the event type as it was; then it is gone (404)', async () => {
      const eventType = await created('short-lived', { hosts: [{ userId: member.user.id }] });
      const deleted = expectSuccess(await stack.rest('DELETE', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }));
      expect(deleted).toEqual(eventType);
      expectErrorEnvelope(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('DELETE', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }), 404, 'NOT_FOUND');
    });

    it('an event type with bookings → 409, and it stays', async () => {
      const eventType = await created('booked', { hosts: [{ userId: member.user.id }] });
      await operatorOf(stack).createBooking({
        eventTypeId: eventType.id,
        hostId: member.user.id,
        start: new Date('2031-03-03T10:00:00Z'),
        attendee: { name: 'Guest', email: 'guest@example.com', timeZone: 'Europe/London' },
      });
      expectErrorEnvelope(await stack.rest('DELETE', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }), 409, 'CONFLICT', /bookings/);
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${eventType.id}`), { key: teamAdmin.key }))).toEqual(eventType);
    });
  });

  describe('/v2/organizations/{orgId}/teams/{teamId}/event-types: the same, for the team and the organization admins', () => {
    it('an organization admin (not in the team) creates, reads, updates and deletes', async () => {
      const made = expectSuccess(
        await stack.rest('POST', orgPath(org.id, team.id), { key: orgAdmin.key, body: body('org-made', { hosts: [{ userId: colleague.user.id }] }) }),
        201,
      );
      expect(made).toMatchObject({ teamId: team.id, slug: 'org-made' });
      expect(expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, `/${made.id}`), { key: orgAdmin.key }))).toEqual(made);
      expect(expectSuccess(await stack.rest('GET', orgPath(org.id, team.id), { key: orgOwner.key })).map((e: any) => e.id)).toContain(made.id);
      const updated = expectSuccess(await stack.rest('PATCH', orgPath(org.id, team.id, `/${made.id}`), { key: orgAdmin.key, body: { hidden: true } }));
      expect(updated.hidden).toBe(true);
      expect(expectSuccess(await stack.rest('DELETE', orgPath(org.id, team.id, `/${made.id}`), { key: orgAdmin.key }))).toEqual(updated);
    });

    it('the team admin → 201; a plain member reads but cannot write (403)', async () => {
      const made = expectSuccess(await stack.rest('POST', orgPath(org.id, team.id), { key: teamAdmin.key, body: body('org-team-made') }), 201);
      expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, `/${made.id}`), { key: member.key }));
      expectErrorEnvelope(await stack.rest('DELETE', orgPath(org.id, team.id, `/${made.id}`), { key: member.key }), 403, 'FORBIDDEN');
    });

    it('an organization member (not admin, not in the team) reads the organization’s team event types but cannot write (403, nothing created)', async () => {
      const before = await listed();
      expect(expectSuccess(await stack.rest('GET', orgPath(org.id, team.id, '?take=250'), { key: orgMember.key }))).toEqual(before);
      expectErrorEnvelope(await stack.rest('POST', orgPath(org.id, team.id), { key: orgMember.key, body: body('nope') }), 403, 'FORBIDDEN');
      expectErrorEnvelope(
        await stack.rest('PATCH', orgPath(org.id, team.id, `/${before[0].id}`), { key: orgMember.key, body: { title: 'Nope' } }),
        403,
        'FORBIDDEN',
      );
      expect(await listed()).toEqual(before);
    });

    it('a team that is not one of the organization’s → 404 for its admin and for the org admin, nothing created', async () => {
      const before = await listed(foreignTeam.id);
      expectErrorEnvelope(await stack.rest('POST', orgPath(org.id, foreignTeam.id), { key: orgAdmin.key, body: body('smuggled') }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('POST', orgPath(org.id, foreignTeam.id), { key: teamAdmin.key, body: body('smuggled') }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', orgPath(otherOrg.id, team.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', orgPath(org.id, standaloneTeam.id), { key: teamAdmin.key }), 404, 'NOT_FOUND');
      expectErrorEnvelope(await stack.rest('GET', orgPath(org.id, 999999), { key: orgAdmin.key }), 404, 'NOT_FOUND');
      expect(await listed(foreignTeam.id)).toEqual(before);
    });

    it('hosts are checked against the team there too', async () => {
      expectErrorEnvelope(
        await stack.rest('POST', orgPath(org.id, team.id), { key: orgAdmin.key, body: body('org-bad-host', { hosts: [{ userId: orgMember.user.id }] }) }),
        400,
        'BAD_REQUEST',
        /^hosts: /,
      );
    });
  });

  describe('schedulingType collective and managed (reference CreateTeamEventTypeInput_2024_06_14.schedulingType)', () => {
    const personalTypes = async (caller: Caller): Promise<any[]> => expectSuccess(await stack.rest('GET', '/v2/event-types?take=250', { key: caller.key }));
    const childOf = async (caller: Caller, parentId: number) => (await personalTypes(caller)).find((e) => e.parentId === parentId);

    it('collective: created, answered and read back with schedulingType collective and its hosts', async () => {
      const made = await created('all-hands', { schedulingType: 'collective', hosts: [{ userId: member.user.id }, { userId: colleague.user.id }] });
      expect(made).toMatchObject({
        schedulingType: 'collective',
        teamId: team.id,
        hosts: [expect.objectContaining({ userId: member.user.id }), expect.objectContaining({ userId: colleague.user.id })],
      });
      expectTeamShape(made);
      expect(expectSuccess(await stack.rest('GET', teamPath(team.id, `/${made.id}`), { key: member.key }))).toEqual(made);
      expect(
        expectSuccess(await stack.rest('PATCH', teamPath(team.id, `/${made.id}`), { key: teamAdmin.key, body: { schedulingType: 'roundRobin' } }))
          .schedulingType,
      ).toBe('roundRobin');
      expect(
        expectSuccess(await stack.rest('PATCH', teamPath(team.id, `/${made.id}`), { key: teamAdmin.key, body: { schedulingType: 'COLLECTIVE' } }))
          .schedulingType,
      ).toBe('collective');
      expectErrorEnvelope(
        await stack.rest('PATCH', teamPath(team.id, `/${made.id}`), { key: teamAdmin.key, body: { schedulingType: 'managed' } }),
        400,
        'BAD_REQUEST',
        /^schedulingType/,
      );
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: body('odd-type', { schedulingType: 'hybrid' }) }),
        400,
        'BAD_REQUEST',
        /^schedulingType/,
      );
      // Every host attends a collective booking: seats (attendees sharing one booking) are refused with it.
      const seats = { seatsPerTimeSlot: 3, showAttendeeInfo: true, showAvailabilityCount: true };
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(team.id), { key: teamAdmin.key, body: body('seated-all', { schedulingType: 'collective', seats }) }),
        400,
        'BAD_REQUEST',
        /^seats/,
      );
      expectErrorEnvelope(await stack.rest('PATCH', teamPath(team.id, `/${made.id}`), { key: teamAdmin.key, body: { seats } }), 400, 'BAD_REQUEST', /^seats/);
    });

    it('managed: each assigned member gets an own copy (theirs, personal, bookable on their page); the template itself is not bookable', async () => {
      await operatorOf(stack).createSchedule({
        ownerId: member.user.id,
        name: 'Hours',
        isDefault: true,
        timeZone: 'UTC',
        availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '12:00' }],
        overrides: [],
      });
      // As the reference answers it: the template, then each member's copy.
      const [template, ...copies] = await created('coaching', {
        schedulingType: 'managed',
        lengthInMinutes: 45,
        description: 'Team coaching',
        hosts: [{ userId: member.user.id }, { userId: colleague.user.id }],
      });
      expect(template).toMatchObject({ schedulingType: 'managed', teamId: team.id, ownerId: null });
      expectTeamShape(template);
      expect(copies.map((c: any) => [c.ownerId, c.parentEventTypeId])).toEqual([
        [member.user.id, template.id],
        [colleague.user.id, template.id],
      ]);
      const copy = await childOf(member, template.id);
      expect(copy).toMatchObject({
        slug: 'coaching',
        title: 'Call coaching',
        lengthInMinutes: 45,
        description: 'Team coaching',
        ownerId: member.user.id,
        teamId: null,
        parentId: template.id,
      });
      expect(await childOf(colleague, template.id)).toMatchObject({ ownerId: colleague.user.id, parentId: template.id });
      expect(await childOf(teamAdmin, template.id)).toBeUndefined();
      // Booked on the member's personal slug; the template has no host of its own.
      const slots = expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeSlug=coaching&username=${member.user.username}&start=2031-03-03&end=2031-03-03`));
      expect(slots['2031-03-03'][0]).toEqual({ start: '2031-03-03T09:00:00.000Z' });
      const booking = expectSuccess(
        await book(stack, { eventTypeSlug: 'coaching', username: member.user.username, start: '2031-03-03T09:00:00Z', attendee: attendee('coached') }),
        201,
      );
      expect(booking.hosts.map((h: { id: number }) => h.id)).toEqual([member.user.id]);
      expect(expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${template.id}&start=2031-03-03&end=2031-03-03`))).toEqual({});
      expectErrorEnvelope(await book(stack, { eventTypeId: template.id, start: '2031-03-03T10:00:00Z', attendee: attendee('template') }), 409, 'CONFLICT');
    });

    it('managed: a template update is copied to every member; the member may change only their copy’s schedule; the copy cannot be deleted by them', async () => {
      const [template] = await created('mentoring', { schedulingType: 'managed', hosts: [{ userId: member.user.id }, { userId: colleague.user.id }] });
      const updated = expectSuccess(
        await stack.rest('PATCH', teamPath(team.id, `/${template.id}`), {
          key: teamAdmin.key,
          body: { title: 'Mentoring', lengthInMinutes: 50, minimumBookingNotice: 120 },
        }),
      );
      // The template, then each member's copy, all updated (as the reference answers a managed event type).
      expect(updated).toHaveLength(3);
      for (const answered of updated) expect(answered).toMatchObject({ title: 'Mentoring', lengthInMinutes: 50 });
      for (const caller of [member, colleague]) {
        expect(await childOf(caller, template.id)).toMatchObject({ title: 'Mentoring', lengthInMinutes: 50, minimumBookingNotice: 120, slug: 'mentoring' });
      }
      const copy = await childOf(member, template.id);
      expectErrorEnvelope(
        await stack.rest('PATCH', `/v2/event-types/${copy.id}`, { key: member.key, body: { title: 'Mine now' } }),
        400,
        'BAD_REQUEST',
        /^title/,
      );
      expectErrorEnvelope(await stack.rest('DELETE', `/v2/event-types/${copy.id}`, { key: member.key }), 409, 'CONFLICT');
      const schedule = expectSuccess(
        await stack.rest('POST', '/v2/schedules', { key: member.key, body: { name: 'Mentoring hours', timeZone: 'UTC', isDefault: false } }),
        201,
      );
      expect(expectSuccess(await stack.rest('PATCH', `/v2/event-types/${copy.id}`, { key: member.key, body: { scheduleId: schedule.id } })).scheduleId).toBe(
        schedule.id,
      );
      expect(await childOf(member, template.id)).toMatchObject({ title: 'Mentoring', scheduleId: schedule.id });
    });

    it('managed: unassigning a member removes their copy; assignAllTeamMembers gives every accepted member one; deleting the template removes all', async () => {
      const [template] = await created('reviews', { schedulingType: 'managed', hosts: [{ userId: member.user.id }, { userId: colleague.user.id }] });
      expectSuccess(await stack.rest('PATCH', teamPath(team.id, `/${template.id}`), { key: teamAdmin.key, body: { hosts: [{ userId: member.user.id }] } }));
      expect(await childOf(colleague, template.id)).toBeUndefined();
      expect(await childOf(member, template.id)).toBeDefined();
      expectSuccess(await stack.rest('PATCH', teamPath(team.id, `/${template.id}`), { key: teamAdmin.key, body: { assignAllTeamMembers: true } }));
      for (const caller of [member, colleague, teamAdmin]) expect(await childOf(caller, template.id)).toBeDefined();
      expect(await childOf(pending, template.id)).toBeUndefined();
      expectSuccess(await stack.rest('DELETE', teamPath(team.id, `/${template.id}`), { key: teamAdmin.key }));
      for (const caller of [member, colleague, teamAdmin]) expect(await childOf(caller, template.id)).toBeUndefined();
    });

    it('managed: a member whose own event type already has the slug → 409, nothing created', async () => {
      expectSuccess(await stack.rest('POST', '/v2/event-types', { key: colleague.key, body: body('taken-slug') }), 201);
      const before = await listed();
      expectErrorEnvelope(
        await stack.rest('POST', teamPath(team.id), {
          key: teamAdmin.key,
          body: body('taken-slug', { schedulingType: 'managed', assignAllTeamMembers: true }),
        }),
        409,
        'CONFLICT',
        /taken-slug/,
      );
      expect(await listed()).toEqual(before);
      expect((await personalTypes(member)).filter((e) => e.slug === 'taken-slug')).toEqual([]);
    });

    it('assignAllTeamMembers follows the team: a member who joins later (created, accepted, or by invite link) becomes a host and gets the managed copy; one who leaves is dropped', async () => {
      const operator = operatorOf(stack);
      const [lead, joiner, invited] = [
        await userWithKey(stack, { name: 'Lea Lead' }),
        await userWithKey(stack, { name: 'Jo Joiner' }),
        await userWithKey(stack, { name: 'Ivy Invited' }),
      ];
      await operator.createSchedule({
        ownerId: joiner.user.id,
        name: 'Hours',
        isDefault: true,
        timeZone: 'UTC',
        availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '12:00' }],
        overrides: [],
      });
      const crew = await operator.createTeam({ name: 'Night shift', ownerId: lead.user.id });
      const path = (rest = '') => teamPath(crew.id, rest);
      const roundRobin = expectSuccess(await stack.rest('POST', path(), { key: lead.key, body: body('night-call', { assignAllTeamMembers: true }) }), 201);
      const [managed] = expectSuccess(
        await stack.rest('POST', path(), { key: lead.key, body: body('night-brief', { schedulingType: 'managed', assignAllTeamMembers: true }) }),
        201,
      );
      const hostIds = async (id: number) =>
        (expectSuccess(await stack.rest('GET', path(`/${id}`), { key: lead.key })).hosts as Array<{ userId: number }>)
          .map((h) => h.userId)
          .sort((x, y) => x - y);
      const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);
      expect(await hostIds(roundRobin.id)).toEqual([lead.user.id]);

      // Added pending: not yet a host; accepted by the person (consent): a host, with their managed copy, bookable.
      const membership = expectSuccess(
        await stack.rest('POST', `/v2/teams/${crew.id}/memberships`, { key: lead.key, body: { userId: joiner.user.id, role: 'MEMBER', accepted: false } }),
        201,
      );
      expect(await hostIds(roundRobin.id)).toEqual([lead.user.id]);
      expect(await childOf(joiner, managed.id)).toBeUndefined();
      expectSuccess(await stack.rest('POST', `/v2/me/memberships/${membership.id}/accept`, { key: joiner.key }));
      expect(await hostIds(roundRobin.id)).toEqual(sorted(lead.user.id, joiner.user.id));
      expect(await hostIds(managed.id)).toEqual(sorted(lead.user.id, joiner.user.id));
      expect(await childOf(joiner, managed.id)).toMatchObject({ slug: 'night-brief', ownerId: joiner.user.id, parentId: managed.id });
      // The lead has no schedule: the round-robin slot and booking go to the member who joined.
      const booking = expectSuccess(await book(stack, { eventTypeId: roundRobin.id, start: '2031-04-07T09:00:00Z', attendee: attendee('night') }), 201);
      expect(booking.hosts.map((h: { id: number }) => h.id)).toEqual([joiner.user.id]);

      // Joining by an invite link counts too. This member already has an own event type with the managed one's
      // slug: no copy for them (not a host of it, as creating it would have been a 409), the rest still applies.
      expectSuccess(await stack.rest('POST', '/v2/event-types', { key: invited.key, body: body('night-brief') }), 201);
      const invite = expectSuccess(await stack.rest('POST', `/v2/teams/${crew.id}/invite`, { key: lead.key }));
      expectSuccess(await stack.rest('POST', '/v2/teams/invite/accept', { key: invited.key, body: { token: invite.token } }));
      expect(await hostIds(roundRobin.id)).toEqual(sorted(lead.user.id, joiner.user.id, invited.user.id));
      expect(await hostIds(managed.id)).toEqual(sorted(lead.user.id, joiner.user.id));
      expect(await childOf(invited, managed.id)).toBeUndefined();

      // Leaving: no longer a host, the managed copy is gone (an event type with bookings keeps its record, see decisions).
      expectSuccess(await stack.rest('DELETE', `/v2/teams/${crew.id}/memberships/${membership.id}`, { key: lead.key }));
      expect(await hostIds(roundRobin.id)).toEqual(sorted(lead.user.id, invited.user.id));
      expect(await hostIds(managed.id)).toEqual([lead.user.id]);
      expect(await childOf(joiner, managed.id)).toBeUndefined();
      expect(expectSuccess(await stack.rest('GET', `/v2/slots?eventTypeId=${roundRobin.id}&start=2031-04-08&end=2031-04-08`))).toEqual({});
      // The outbox row is completed (nothing left for the poll).
      const pending = await stack.db('organizations').query('SELECT team_id FROM team_roster_changes WHERE team_id = $1 AND completed_at IS NULL', [crew.id]);
      expect(pending).toEqual([]);
    });
  });

  describe('GET /v2/organizations/{orgId}/teams/event-types: every team event type of the organization, for its admins', () => {
    const orgList = (orgId: number, caller: Caller, query = '') =>
      stack.rest('GET', `/v2/organizations/${orgId}/teams/event-types${query}`, { key: caller.key });

    it('an organization admin → 200, the event types of all its teams (not of another organization’s), paginated, in the reference shape', async () => {
      const ours = expectSuccess(await stack.rest('POST', teamPath(otherTeam.id), { key: outsider.key, body: body('sales-call') }), 201);
      const theirs = expectSuccess(await stack.rest('POST', teamPath(foreignTeam.id), { key: outsider.key, body: body('globex-call') }), 201);
      const response = await orgList(org.id, orgAdmin, '?take=250');
      const all = expectSuccess(response);
      const ids = all.map((e: { id: number }) => e.id);
      expect(ids).toContain(ours.id);
      expect(ids).toEqual(expect.arrayContaining((await listed()).map((e) => e.id)));
      expect(ids).not.toContain(theirs.id);
      expect(all.every((e: { teamId: number }) => e.teamId === team.id || e.teamId === otherTeam.id)).toBe(true);
      for (const eventType of all) expectTeamShape(eventType);
      const page = await orgList(org.id, orgOwner, '?take=1&skip=1');
      expect(expectSuccess(page)).toEqual([all[1]]);
      expect(page.body.pagination).toMatchObject({ totalItems: all.length, currentPage: 2 });
    });

    it('a team admin or organization member who is not an organization admin → 403; another organization’s admin → 403; no credential → 401', async () => {
      expectErrorEnvelope(await orgList(org.id, teamAdmin), 403, 'FORBIDDEN');
      expectErrorEnvelope(await orgList(org.id, orgMember), 403, 'FORBIDDEN');
      expectErrorEnvelope(await orgList(otherOrg.id, orgAdmin), 403, 'FORBIDDEN');
      expect((await stack.rest('GET', `/v2/organizations/${org.id}/teams/event-types`)).status).toBe(401);
    });
  });

  describe('authorization is declared on the fields (@scopes TEAM_EVENT_TYPE_*, @pbac eventType.*)', () => {
    it.each([
      ['teamEventTypes', 'TEAM_EVENT_TYPE_READ', 'permission: "eventType.read", roles: ["MEMBER", "ADMIN", "OWNER"]'],
      ['teamEventType', 'TEAM_EVENT_TYPE_READ', 'permission: "eventType.read", roles: ["MEMBER", "ADMIN", "OWNER"]'],
      ['createTeamEventType', 'TEAM_EVENT_TYPE_WRITE', 'permission: "eventType.create"'],
      ['updateTeamEventType', 'TEAM_EVENT_TYPE_WRITE', 'permission: "eventType.update"'],
      ['deleteTeamEventType', 'TEAM_EVENT_TYPE_WRITE', 'permission: "eventType.delete"'],
    ])('%s: @scopes %s, @pbac(%s) on the team or its organization', (field, scope, pbac) => {
      expect(directivesOf(field)).toEqual(expect.arrayContaining([`@scopes(anyOf: [["${scope}"]])`, `@pbac(${pbac}, team: "args.teamId", org: "args.orgId")`]));
    });

    it('organizationTeamEventTypes: @scopes ORG_EVENT_TYPE_READ, @pbac(eventType.read) on the organization', () => {
      expect(directivesOf('organizationTeamEventTypes')).toEqual(
        expect.arrayContaining(['@scopes(anyOf: [["ORG_EVENT_TYPE_READ"]])', '@pbac(permission: "eventType.read", org: "args.orgId")']),
      );
    });
  });
});
