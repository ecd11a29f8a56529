import { getNamedType, GraphQLField, GraphQLOutputType, isNonNullType, isObjectType } from 'graphql';
import { randomBytes } from 'node:crypto';
import { OutOfOfficeService } from '../../subgraphs/scheduling/out-of-office/out-of-office.service';
import { MembershipRole, operatorOf } from '../support/fixtures';
import { inBatches } from '../support/in-batches';
import { supergraph } from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Issue 21, "rules on nested types": whatever path of the GraphQL graph leads to a member, a schedule, a
 * booking (its attendees), an out-of-office entry or a webhook of team Sales, it shows that record to
 * exactly the callers the REST route of the record shows it to. The paths are derived from the public
 * schema (every root field taking an id of the tenant, or `me`, followed up to four fields deep); who may
 * see what is the table below, written from the REST routes and spec 4.12 / 4.13 / 5.3, and checked
 * against the REST answers of the same callers.
 */

type Role = 'outsider' | 'otherTeamMember' | 'teamMember' | 'teamAdmin' | 'teamOwner' | 'orgAdmin' | 'orgMember' | 'invitee';
const ROLES: Role[] = ['outsider', 'otherTeamMember', 'teamMember', 'teamAdmin', 'teamOwner', 'orgAdmin', 'orgMember', 'invitee'];

/** A record of Sales a path may show (the caller's own membership and e-mail are not counted). The record's owner (schedule, booking, time off) is Sales' team MEMBER. */
type Kind = 'teamMembership' | 'memberEmail' | 'booking' | 'attendee' | 'schedule' | 'outOfOffice' | 'webhook';

/**
 * Who sees Sales' record through REST (the written expectation, never read from the schema):
 * - teamMembership: GET /v2/organizations/{orgId}/teams/{teamId}/memberships — team ADMIN/OWNER, organization ADMIN/OWNER (spec 4.12).
 * - memberEmail (of a member other than the caller): the same memberships (2.13 user.email), GET /v2/organizations/{orgId}/users
 *   (organization admins); team event types show hosts without e-mail.
 * - booking, attendee: GET /v2/bookings (the host's own), GET /v2/organizations/{orgId}/teams/{teamId}/bookings (team/org admins).
 * - schedule: GET /v2/schedules (its owner), team schedules (team admins), the organization user's schedules (org admins; 4.13).
 * - outOfOffice: GET /v2/me/ooo (its owner), the team user's and the organization user's time off (team / org admins).
 * - webhook of Sales' team event type: GET …/teams/{teamId}/event-types/{eventTypeId}/webhooks (team / org admins).
 * An unaccepted membership gives no right: the invitee (invited as ADMIN of Sales) sees what an organization MEMBER sees.
 */
const MAY_SEE: Record<Kind, Role[]> = {
  teamMembership: ['teamAdmin', 'teamOwner', 'orgAdmin'],
  memberEmail: ['teamAdmin', 'teamOwner', 'orgAdmin'],
  booking: ['teamMember', 'teamAdmin', 'teamOwner', 'orgAdmin'],
  attendee: ['teamMember', 'teamAdmin', 'teamOwner', 'orgAdmin'],
  schedule: ['teamMember', 'teamAdmin', 'teamOwner', 'orgAdmin'],
  outOfOffice: ['teamMember', 'teamAdmin', 'teamOwner', 'orgAdmin'],
  webhook: ['teamAdmin', 'teamOwner', 'orgAdmin'],
};
const KINDS = Object.keys(MAY_SEE) as Kind[];

/** The object types that carry those records, and what a path selects on each to recognise one. */
const PROTECTED_SELECTION: Record<string, string> = {
  Membership: 'teamId userId role',
  User: 'email',
  OrganizationMember: 'email',
  Booking: 'uid',
  Attendee: 'email',
  Schedule: 'id ownerId',
  OutOfOfficeEntry: 'id userId',
  Webhook: 'subscriberUrl',
};

/** Root field arguments naming the tenant's records, and which of Sales' values fills each. */
type IdName = 'orgId' | 'teamId' | 'userId' | 'eventTypeId' | 'uid' | 'bookingUid' | 'scheduleId' | 'membershipId' | 'oooId';
const ID_NAMES: IdName[] = ['orgId', 'teamId', 'userId', 'eventTypeId', 'uid', 'bookingUid', 'scheduleId', 'membershipId', 'oooId'];
/** Fields followed from a root field: at most four (the root included); a type may come back once on a path. */
const MAX_FIELDS = 4;

interface Person {
  id: number;
  key: string;
  email: string;
}

interface World {
  orgId: number;
  salesId: number;
  people: Record<Role, Person>;
  salesEmails: string[];
  ids: Record<IdName, string | number>;
  membershipIds: number[];
  bookingUid: string;
  attendeeEmail: string;
  scheduleId: number;
  oooId: number;
  webhookUrl: string;
}

/** A path of the graph from a root field: its field names and the arguments of the root field it fills. */
interface GraphPath {
  fields: string[];
  target: string;
  rootArgs: IdName[];
}

/** Every path of at most MAX_FIELDS fields from a root Query field that takes an id of the tenant (or from `me`) to a protected type. */
function nestedPaths(): GraphPath[] {
  const paths: GraphPath[] = [];
  const follow = (fields: string[], type: GraphQLOutputType, seen: Map<string, number>, rootArgs: IdName[]) => {
    const named = getNamedType(type);
    if (!isObjectType(named)) return;
    if (PROTECTED_SELECTION[named.name]) paths.push({ fields, target: named.name, rootArgs });
    if (fields.length >= MAX_FIELDS) return;
    for (const field of Object.values(named.getFields())) {
      const next = getNamedType(field.type);
      if (!isObjectType(next) || field.args.some((a) => isNonNullType(a.type)) || (seen.get(next.name) ?? 0) >= 2) continue;
      follow([...fields, field.name], field.type, new Map(seen).set(next.name, (seen.get(next.name) ?? 0) + 1), rootArgs);
    }
  };
  for (const root of Object.values(supergraph.getQueryType()!.getFields()) as Array<GraphQLField<unknown, unknown>>) {
    const ids = root.args.filter((a) => (ID_NAMES as string[]).includes(a.name)).map((a) => a.name as IdName);
    const required = root.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
    if (!required.every((name) => (ID_NAMES as string[]).includes(name)) || (ids.length === 0 && root.name !== 'me')) continue;
    const seen = new Map([[getNamedType(root.type).name, 1]]);
    // The optional ids too, once: on organization paths an `orgId` changes the rule (the organization's role counts).
    const variants = ids.length === required.length ? [ids] : [required as IdName[], ids];
    for (const rootArgs of variants) follow([root.name], root.type, seen, rootArgs);
  }
  return paths;
}

function documentOf(path: GraphPath): string {
  const [root, ...rest] = path.fields;
  const args = path.rootArgs.map((name) => `${name}: $${name}`).join(', ');
  const inner = rest.reduceRight((selection, field) => `${field} { ${selection} }`, PROTECTED_SELECTION[path.target]);
  const rootArg = supergraph.getQueryType()!.getFields()[root].args;
  const variables = path.rootArgs.map((name) => `$${name}: ${rootArg.find((a) => a.name === name)!.type}`).join(', ');
  return `query${variables ? `(${variables})` : ''} { ${root}${args ? `(${args})` : ''} { ${inner} } }`;
}

/** The kinds of Sales' records anywhere in an answer (a GraphQL `data` or a REST body) as `caller` received it. */
function kindsIn(world: World, caller: Person, value: unknown): Set<Kind> {
  const found = new Set<Kind>();
  const others = world.salesEmails.filter((e) => e !== caller.email);
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      if (others.includes(node)) found.add('memberEmail');
      if (node === world.attendeeEmail) found.add('attendee');
      if (node === world.webhookUrl) found.add('webhook');
      return;
    }
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.teamId === world.salesId && typeof record.userId === 'number' && record.userId !== caller.id && typeof record.role === 'string')
      found.add('teamMembership');
    if (record.uid === world.bookingUid) found.add('booking');
    if (record.id === world.scheduleId && record.ownerId === world.people.teamMember.id) found.add('schedule');
    if (record.id === world.oooId && record.userId === world.people.teamMember.id) found.add('outOfOffice');
    Object.values(record).forEach(visit);
  };
  visit(value);
  return found;
}

/** The REST reads that show each kind of record (the routes the table names), with Sales' ids filled in. */
function restReadsOf(world: World): Record<Kind, string[]> {
  const org = `/v2/organizations/${world.orgId}`;
  const team = `${org}/teams/${world.salesId}`;
  const member = world.people.teamMember.id;
  return {
    teamMembership: [`${team}/memberships`, `/v2/teams/${world.salesId}/memberships`],
    memberEmail: [`${team}/memberships`, `/v2/teams/${world.salesId}/memberships`, `${org}/users`, `${team}/event-types`],
    booking: ['/v2/bookings', `${team}/bookings`],
    attendee: ['/v2/bookings', `${team}/bookings`],
    schedule: ['/v2/schedules', `${team}/schedules`, `${org}/users/${member}/schedules`],
    outOfOffice: ['/v2/me/ooo', `${team}/users/${member}/ooo`, `${org}/users/${member}/ooo`],
    webhook: [`${team}/event-types/${world.ids.eventTypeId}/webhooks`],
  };
}

const ALLOWED_ERRORS = ['FORBIDDEN', 'NOT_FOUND', 'BAD_USER_INPUT'];

/** Paths by root field and the arguments it is called with. */
function groupedByRoot(paths: GraphPath[]): Map<string, GraphPath[]> {
  const groups = new Map<string, GraphPath[]>();
  for (const path of paths) {
    const key = `${path.fields[0]}(${path.rootArgs.join(',')})`;
    groups.set(key, [...(groups.get(key) ?? []), path]);
  }
  return groups;
}

describe('rules on nested types: a nested GraphQL path shows a member, schedule, booking, time off or webhook to exactly whom REST shows it', () => {
  let stack: TestStack;
  let world: World;
  const paths = nestedPaths();
  /** Per role, the kinds each path showed (filled by the walk; the cases below read it). */
  const shown = new Map<Role, Map<string, Set<Kind>>>();
  const unexpectedErrors: string[] = [];

  /** Runs one path as `role`, records what it showed; false when the root field itself refused (or was not found). */
  async function walk(role: Role, path: GraphPath): Promise<boolean> {
    const caller = world.people[role];
    const variables = Object.fromEntries(path.rootArgs.map((name) => [name, world.ids[name]]));
    const { status, body } = await stack.graphql(documentOf(path), variables, caller.key);
    const errors: Array<{ path?: string[]; extensions?: { code?: string; limit?: string } }> = body.errors ?? [];
    // The gateway's operation limits refuse some deep list paths (a host's bookings' hosts …) before execution: nothing shown.
    const refusedByLimits = status === 400 && errors.every((e) => e.extensions?.limit);
    if (!refusedByLimits && (status !== 200 || errors.some((e) => !ALLOWED_ERRORS.includes(e.extensions?.code ?? '')))) {
      unexpectedErrors.push(`${role} ${path.fields.join('.')} → ${status} ${JSON.stringify(errors)}`);
    }
    shown.get(role)!.set(`${path.fields.join('.')}(${path.rootArgs.join(',')})`, kindsIn(world, caller, body.data));
    return !refusedByLimits && !errors.some((e) => e.path?.length === 1);
  }

  async function person(label: string): Promise<Person> {
    const operator = operatorOf(stack);
    const user = await operator.createUser({
      email: `${label}-${randomBytes(3).toString('hex')}@example.com`,
      name: label,
      timeZone: 'Europe/London',
      password: 'correct horse battery',
    });
    return { id: user.id, key: (await operator.createApiKey(user.id)).key, email: user.email };
  }

  beforeAll(async () => {
    stack = await startTestStack({ webhookWorker: false });
    const operator = operatorOf(stack);
    const people = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await person(role.toLowerCase())]))) as Record<Role, Person>;
    const orgOwner = await person('org-owner');
    const org = await operator.createOrganization({ name: 'Acme', slug: `acme-${randomBytes(3).toString('hex')}`, ownerId: orgOwner.id });
    for (const role of ROLES.filter((r) => r !== 'outsider')) {
      await operator.addMember({ teamId: org.id, userId: people[role].id, role: role === 'orgAdmin' ? MembershipRole.ADMIN : MembershipRole.MEMBER });
    }
    const sales = await operator.createTeam({ name: 'Sales', slug: `sales-${randomBytes(3).toString('hex')}`, orgId: org.id, ownerId: people.teamOwner.id });
    const admin = await operator.addMember({ teamId: sales.id, userId: people.teamAdmin.id, role: MembershipRole.ADMIN });
    const member = await operator.addMember({ teamId: sales.id, userId: people.teamMember.id, role: MembershipRole.MEMBER });
    const invited = await operator.addMember({ teamId: sales.id, userId: people.invitee.id, role: MembershipRole.ADMIN });
    await stack.db('organizations').query('UPDATE memberships SET accepted = false WHERE id = $1', [invited.id]);
    const support = await operator.createTeam({ name: 'Support', slug: `support-${randomBytes(3).toString('hex')}`, orgId: org.id, ownerId: orgOwner.id });
    await operator.addMember({ teamId: support.id, userId: people.otherTeamMember.id, role: MembershipRole.MEMBER });

    const eventType = await operator.createEventType({
      title: 'Sales call',
      slug: 'sales-call',
      lengthInMinutes: 30,
      teamId: sales.id,
      hostIds: [people.teamOwner.id, people.teamMember.id],
    });
    const schedule = await operator.createSchedule({
      ownerId: people.teamMember.id,
      name: 'Sales hours',
      timeZone: 'Europe/London',
      isDefault: true,
      availability: [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '09:00', endTime: '17:00' }],
      overrides: [],
    });
    const attendeeEmail = `prospect-${randomBytes(3).toString('hex')}@example.com`;
    const booking = await operator.createBooking({
      eventTypeId: eventType.id,
      start: new Date(Date.UTC(2031, 1, 4, 10)),
      attendee: { name: 'Prospect', email: attendeeEmail, timeZone: 'UTC' },
      hostId: people.teamMember.id,
    });
    const ooo = await new OutOfOfficeService(stack.db('scheduling')).create(
      people.teamMember.id,
      { start: '2031-04-01', end: '2031-04-02', notes: 'trip' },
      async () => true,
    );
    const webhookUrl = `https://sales-${randomBytes(3).toString('hex')}.example.com/hook`;
    const hook = await stack.rest('POST', `/v2/teams/${sales.id}/event-types/${eventType.id}/webhooks`, {
      key: people.teamOwner.key,
      body: { subscriberUrl: webhookUrl, triggers: ['BOOKING_CREATED'] },
    });
    expect(hook.status).toBe(201);
    const [ownerMembership] = await stack
      .db('organizations')
      .query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [sales.id, people.teamOwner.id]);

    world = {
      orgId: org.id,
      salesId: sales.id,
      people,
      salesEmails: [people.teamOwner.email, people.teamAdmin.email, people.teamMember.email],
      ids: {
        orgId: org.id,
        teamId: sales.id,
        userId: people.teamMember.id,
        eventTypeId: eventType.id,
        uid: booking.uid,
        bookingUid: booking.uid,
        scheduleId: schedule.id,
        membershipId: member.id,
        oooId: ooo.id,
      },
      membershipIds: [ownerMembership.id, admin.id, member.id],
      bookingUid: booking.uid,
      attendeeEmail,
      scheduleId: schedule.id,
      oooId: ooo.id,
      webhookUrl,
    };

    // The walk: every path, every role, in parallel batches; what each path showed is kept for the cases below.
    for (const role of ROLES) shown.set(role, new Map());
    const groups = ROLES.flatMap((role) => [...groupedByRoot(paths).values()].map((group) => ({ role, group })));
    await inBatches(groups, 12, async ({ role, group }) => {
      const [first, ...rest] = group;
      // A root field's rule does not depend on what is selected below it: once the root is refused, so is every path from it.
      if (await walk(role, first)) await Promise.all(rest.map((path) => walk(role, path)));
    });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('derives the paths from the schema: hundreds, the reproduction’s among them', () => {
    expect(paths.length).toBeGreaterThan(150);
    const names = paths.map((p) => p.fields.join('.'));
    expect(names).toEqual(
      expect.arrayContaining(['organization.teams.members', 'organization.teams.members.user', 'organizationTeam.members', 'me.memberships.team.members']),
    );
    expect(unexpectedErrors).toEqual([]);
  });

  describe.each(KINDS)('%s', (kind) => {
    it.each(ROLES)(`REST shows it to %s exactly as the table says`, async (role) => {
      const caller = world.people[role];
      const answers = await Promise.all(
        restReadsOf(world)[kind].map((path) => stack.rest('GET', path, { key: caller.key, headers: { 'svc-api-version': '2024-08-13' } })),
      );
      const seen = answers.some(({ body }) => kindsIn(world, caller, body).has(kind));
      expect({ role, kind, seen }).toEqual({ role, kind, seen: MAY_SEE[kind].includes(role) });
    });

    it.each(ROLES)('no nested GraphQL path shows it to %s unless the table does', (role) => {
      const leaks = [...shown.get(role)!].filter(([, kinds]) => kinds.has(kind)).map(([path]) => path);
      if (!MAY_SEE[kind].includes(role)) expect({ role, kind, leaks }).toEqual({ role, kind, leaks: [] });
    });

    it('the walk reaches it: some path shows it to someone the table allows', () => {
      const reached = MAY_SEE[kind].filter((role) => [...shown.get(role)!.values()].some((kinds) => kinds.has(kind)));
      expect(reached.length).toBeGreaterThan(0);
    });
  });

  describe('the reproduction: an organization MEMBER who is not in Sales', () => {
    it('organization { teams { members { user { email } } } } lists Sales but not its members: members is null with FORBIDDEN', async () => {
      const { body } = await stack.graphql(
        `query($orgId: Int!) { organization(orgId: $orgId) { teams { id members { user { email } } } } }`,
        { orgId: world.orgId },
        world.people.orgMember.key,
      );
      const sales = body.data.organization.teams.find((t: { id: number }) => t.id === world.salesId);
      expect(sales).toEqual({ id: world.salesId, members: null });
      const index = body.data.organization.teams.indexOf(sales);
      expect(body.errors.map((e: any) => [e.extensions.code, e.path.join('.')])).toContainEqual(['FORBIDDEN', `organization.teams.${index}.members`]);
      expect(kindsIn(world, world.people.orgMember, body.data)).toEqual(new Set());
    });

    it('organizationTeam(orgId, teamId: Sales) is FORBIDDEN, members and all, as REST answers the team and its memberships 403', async () => {
      // The real organizations-teams e2e spec denies an organization MEMBER the team itself (docs/decisions.md, issue 22,
      // organization teams); the team's members stay refused on every path.
      const { body } = await stack.graphql(
        `query($orgId: Int!, $teamId: Int!) { organizationTeam(orgId: $orgId, teamId: $teamId) { id name members { id user { email } } } }`,
        { orgId: world.orgId, teamId: world.salesId },
        world.people.orgMember.key,
      );
      expect(body.data).toBeNull();
      expect(body.errors.map((e: any) => [e.extensions.code, e.path.join('.')])).toEqual([['FORBIDDEN', 'organizationTeam']]);
      const paths = [`/v2/organizations/${world.orgId}/teams/${world.salesId}`, `/v2/organizations/${world.orgId}/teams/${world.salesId}/memberships`];
      for (const path of [...paths, `/v2/teams/${world.salesId}/memberships`]) {
        expect((await stack.rest('GET', path, { key: world.people.orgMember.key })).status).toBe(403);
      }
    });

    it('a team ADMIN of Sales and an organization ADMIN read the same members through both paths', async () => {
      for (const role of ['teamAdmin', 'orgAdmin'] as Role[]) {
        const { body } = await stack.graphql(
          `query($orgId: Int!, $teamId: Int!) { organizationTeam(orgId: $orgId, teamId: $teamId) { members { id user { email } } } }`,
          { orgId: world.orgId, teamId: world.salesId },
          world.people[role].key,
        );
        expect(body.errors).toBeUndefined();
        expect(body.data.organizationTeam.members.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining(world.membershipIds));
      }
    });
  });
});
