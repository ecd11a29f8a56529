import { randomBytes } from 'node:crypto';
import { GraphQLArgument, GraphQLField, GraphQLInputType, isNonNullType, print, parse } from 'graphql';
import { RouteEntry } from '../../gateway/rest/route';
import { ROUTES } from '../../gateway/rest/routes';
import { MembershipRole, expectErrorEnvelope, expectSuccess, operatorOf } from '../support/fixtures';
import { inBatches } from '../support/in-batches';
import {
  isPublicField,
  minimalBodyOf,
  minimalInput,
  operationOf,
  rootDefinition,
  rootFieldOf,
  selectionWithinTokenLimit,
  supergraph,
} from '../support/route-walk';
import { startTestStack, TestStack } from '../support/stack';

/**
 * Issue 21, the standing stranger walk: a user with no relation to a tenant (no team, no organization) tries
 * every route of the REST table and every root field of the graph that takes an id, with the tenant's ids, and a
 * deep selection of every nested path the answer type reaches; then forces a way in — a team of their own into
 * which they pull the tenant's people with `accepted: true`, a host list naming them, a self-made organization
 * membership — and walks again, their own team's ids mixed with the tenant's. Nothing of the tenant comes back
 * (its marker, its booking uids), nothing answers 5xx, and the tenant's rows are exactly as they were.
 *
 * Public operations (@public: booking, cancelling, rescheduling, slots) answer anyone by design; they are walked
 * for 5xx and for the tenant's private data (e-mails, schedules, time off, webhooks), which they never show.
 * New routes and fields are walked by themselves: the walk reads the route table and the supergraph.
 */

const MARKER = 'tango';
/** What even a public answer must never show: private values of the tenant (schedule names, time-off notes, webhook URLs). */
const PRIVATE_MARKER = 'tango-private';
/**
 * Routes that act on the caller's own credential: `POST /v2/api-keys/refresh` rotates the key the request came with,
 * which would end the walk for every request after it. Its own test (test/rest/api-keys) covers it.
 */
const OWN_CREDENTIAL_ROUTES = new Set(['POST /v2/api-keys/refresh']);

type Values = Record<string, Array<string | number>>;

interface Tenant {
  values: Values;
  userIds: number[];
  teamIds: number[];
  bookingUids: string[];
}

const WEEK = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], startTime: '09:00', endTime: '17:00' }];

/**
 * Where an answer shows the tenant: its marker (or, for public answers, its private marker), or one of its booking
 * uids. `sent`: what the request itself carried (an error may repeat the uid it was asked about: that tells nothing new).
 */
function leaks(tenant: Tenant, answer: unknown, isPublic: boolean, sent = ''): string[] {
  let text = JSON.stringify(answer ?? null).toLowerCase();
  for (const uid of tenant.bookingUids) if (sent.includes(uid)) text = text.split(uid.toLowerCase()).join('');
  const found: string[] = [];
  const marker = isPublic ? PRIVATE_MARKER : MARKER;
  const at = text.indexOf(marker);
  if (at >= 0) found.push(`"${marker}" in …${text.slice(Math.max(0, at - 100), at + 40)}…`);
  if (!isPublic) for (const uid of tenant.bookingUids) if (text.includes(uid.toLowerCase())) found.push(`booking uid ${uid}`);
  return found;
}

/** Anyone may call these by design (@public: booking, cancelling, rescheduling by uid, slots). */
const publicByDesign = (route: RouteEntry) => !!route.anonymous || isPublicField(rootDefinition(rootFieldOf(route)));

/**
 * A booking's uid is the capability of its public routes (the attendee's link): a stranger does not hold the
 * tenant's, so those routes are walked with a uid nobody was given (decided in docs/decisions.md).
 */
const UNGUESSED: Values = { bookingUid: ['6f0c7a52-0000-4000-8000-000000000000'], uid: ['6f0c7a52-0000-4000-8000-000000000000'] };

/** Path values: the first of each parameter's values, and each further value of one parameter with the others' first. */
function pathVariants(route: RouteEntry, values: Values): Array<Record<string, string | number>> {
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const first = Object.fromEntries(params.map((p) => [p, values[p]?.[0] ?? 1]));
  const variants = [first];
  for (const p of params) for (const v of (values[p] ?? []).slice(1)) variants.push({ ...first, [p]: v });
  return variants;
}

/** Query parameters of the operation that name something of the tenant (ids only: nothing that carries the marker). */
function queryOf(route: RouteEntry, values: Values): string {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const names = (operationOf(route).variableDefinitions ?? []).map((v) => v.variable.name.value).filter((n) => n !== 'input' && !pathParams.includes(n));
  const search = new URLSearchParams();
  for (const name of names) if (values[name]?.length && typeof values[name][0] === 'number') search.set(name, String(values[name][0]));
  return search.size ? `?${search}` : '';
}

/** The graph's argument names that take an id of the tenant, and which value list fills them. */
const ID_ARGUMENTS: Record<string, string> = {
  teamId: 'teamId',
  orgId: 'orgId',
  userId: 'userId',
  eventTypeId: 'eventTypeId',
  uid: 'bookingUid',
  bookingUid: 'bookingUid',
  membershipId: 'membershipId',
  scheduleId: 'scheduleId',
  oooId: 'oooId',
  attendeeId: 'attendeeId',
};

function idArgument(field: GraphQLField<unknown, unknown>, arg: GraphQLArgument): string | undefined {
  if (arg.name === 'id' && field.name.toLowerCase().includes('webhook')) return 'webhookId';
  return ID_ARGUMENTS[arg.name];
}

/** Root fields (queries and mutations) with an argument that takes an id of the tenant. */
function rootFieldsTakingIds(): Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> {
  const out: Array<{ operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }> = [];
  for (const [operation, type] of [
    ['query', supergraph.getQueryType()!],
    ['mutation', supergraph.getMutationType()!],
  ] as const) {
    for (const field of Object.values(type.getFields())) if (field.args.some((arg) => idArgument(field, arg))) out.push({ operation, field });
  }
  return out;
}

/** One probe of a root field: the tenant's ids in its id arguments, the smallest valid value in its other required ones, and every nested path below. */
function probeOf(
  operation: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  values: Values,
): { query: string; variables: Record<string, unknown> } {
  const args = field.args.filter((arg) => idArgument(field, arg) || isNonNullType(arg.type));
  const variables: Record<string, unknown> = {};
  for (const arg of args) {
    const list = values[idArgument(field, arg) ?? ''];
    variables[arg.name] = list?.length ? list[0] : minimalInput(arg.type as GraphQLInputType);
  }
  const definitions = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const call = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const query = `${operation} Probe${definitions ? `(${definitions})` : ''} { ${field.name}${call ? `(${call})` : ''} ${selectionWithinTokenLimit(field.type, 3)} }`;
  return { query: print(parse(query)), variables };
}

describe('stranger walk: a user with no relation to a tenant gets nothing of it, by any route or GraphQL path, even after forcing a membership', () => {
  let stack: TestStack;
  let tenant: Tenant;
  let stranger: { id: number; key: string };
  let before: Record<string, unknown[]>;
  const walked = { rest: 0, graphql: 0 };

  async function person(label: string, marker = MARKER): Promise<{ id: number; key: string; email: string }> {
    const tag = randomBytes(3).toString('hex');
    const operator = operatorOf(stack);
    const user = await operator.createUser({
      email: `${marker}-${label}-${tag}@example.com`,
      name: `${MARKER} ${label} ${tag}`,
      timeZone: 'Europe/London',
      password: 'correct horse battery',
    });
    return { id: user.id, key: (await operator.createApiKey(user.id)).key, email: user.email };
  }

  async function snapshot(): Promise<Record<string, unknown[]>> {
    const rows = async (subgraph: string, sql: string, params: unknown[]) => JSON.parse(JSON.stringify(await stack.db(subgraph).query(sql, params)));
    const { userIds: users, teamIds: teams } = tenant;
    const eventTypes = 'SELECT id FROM event_types WHERE team_id = ANY($1) OR owner_id = ANY($2)';
    return {
      users: await rows('organizations', 'SELECT * FROM users WHERE id = ANY($1) ORDER BY id', [users]),
      teams: await rows('organizations', 'SELECT * FROM teams WHERE id = ANY($1) ORDER BY id', [teams]),
      // The tenant's own memberships: the invitations the stranger makes into their own team are the stranger's team's rows.
      memberships: await rows('organizations', 'SELECT * FROM memberships WHERE team_id = ANY($1) ORDER BY id', [teams]),
      schedules: await rows('scheduling', 'SELECT * FROM schedules WHERE owner_id = ANY($1) ORDER BY id', [users]),
      out_of_office_entries: await rows('scheduling', 'SELECT * FROM out_of_office_entries WHERE user_id = ANY($1) ORDER BY id', [users]),
      event_types: await rows('scheduling', `SELECT * FROM event_types WHERE id IN (${eventTypes}) ORDER BY id`, [teams, users]),
      event_type_hosts: await rows(
        'scheduling',
        `SELECT * FROM event_type_hosts WHERE event_type_id IN (${eventTypes}) OR user_id = ANY($2) ORDER BY event_type_id, user_id`,
        [teams, users],
      ),
      bookings: await rows('scheduling', 'SELECT * FROM bookings WHERE uid = ANY($1) ORDER BY id', [tenant.bookingUids]),
      webhooks: await rows('integrations', 'SELECT * FROM webhooks WHERE user_id = ANY($1) OR team_id = ANY($2) ORDER BY id', [users, teams]),
      api_keys: await rows('oauth', 'SELECT id, user_id, revoked_at, expires_at FROM api_keys WHERE user_id = ANY($1) ORDER BY id', [users]),
    };
  }

  beforeAll(async () => {
    stack = await startTestStack();
    const operator = operatorOf(stack);
    const owner = await person('owner');
    const member = await person('member');
    const org = await operator.createOrganization({ name: `${MARKER} Org`, slug: `${MARKER}-org-${randomBytes(2).toString('hex')}`, ownerId: owner.id });
    await operator.addMember({ teamId: org.id, userId: member.id, role: MembershipRole.MEMBER });
    const team = await operator.createTeam({ name: `${MARKER} Sales`, slug: `${MARKER}-sales`, orgId: org.id, ownerId: owner.id });
    const teamMembership = await operator.addMember({ teamId: team.id, userId: member.id, role: MembershipRole.MEMBER });
    const orgMembership = (await stack.db('organizations').query('SELECT id FROM memberships WHERE team_id = $1 AND user_id = $2', [org.id, member.id]))[0].id;
    const standalone = await operator.createTeam({ name: `${MARKER} Club`, slug: `${MARKER}-club`, ownerId: member.id });
    const schedules = [];
    for (const p of [owner, member]) {
      schedules.push(
        (
          await operator.createSchedule({
            ownerId: p.id,
            name: `${PRIVATE_MARKER} hours`,
            timeZone: 'Europe/London',
            isDefault: true,
            availability: WEEK,
            overrides: [],
          })
        ).id,
      );
    }
    const teamEventType = await operator.createEventType({
      title: `${MARKER} team call`,
      slug: `${MARKER}-team-call`,
      lengthInMinutes: 30,
      teamId: team.id,
      hostIds: [owner.id, member.id],
    });
    const personal = await operator.createEventType({ title: `${MARKER} personal`, slug: `${MARKER}-personal`, lengthInMinutes: 30, ownerId: member.id });
    const attendee = { name: `${MARKER} guest`, email: `${PRIVATE_MARKER}-guest@example.com`, timeZone: 'Europe/Paris' };
    const teamBooking = await operator.createBooking({ eventTypeId: teamEventType.id, start: new Date(Date.UTC(2031, 1, 3, 9)), attendee, hostId: member.id });
    const personalBooking = await operator.createBooking({ eventTypeId: personal.id, start: new Date(Date.UTC(2031, 1, 3, 11)), attendee });
    const attendeeId = (await stack.db('scheduling').query('SELECT id FROM attendees WHERE booking_id = $1', [teamBooking.id]))[0].id;
    const ooo = expectSuccess(
      await stack.rest('POST', '/v2/me/ooo', {
        key: member.key,
        body: { start: '2031-03-01', end: '2031-03-02', notes: `${PRIVATE_MARKER} surgery`, reason: 'vacation' },
      }),
      201,
    );
    const hook = expectSuccess(
      await stack.rest('POST', '/v2/webhooks', {
        key: member.key,
        body: { subscriberUrl: `https://${PRIVATE_MARKER}.example.com/hook`, triggers: ['BOOKING_CREATED'] },
      }),
      201,
    );
    tenant = {
      userIds: [owner.id, member.id],
      teamIds: [org.id, team.id, standalone.id],
      bookingUids: [teamBooking.uid, personalBooking.uid],
      values: {
        orgId: [org.id],
        teamId: [team.id, standalone.id],
        userId: [member.id, owner.id],
        eventTypeId: [teamEventType.id, personal.id],
        scheduleId: schedules,
        bookingUid: [teamBooking.uid, personalBooking.uid],
        uid: [teamBooking.uid],
        membershipId: [teamMembership.id, orgMembership],
        webhookId: [hook.id],
        oooId: [ooo.id],
        attendeeId: [attendeeId],
      },
    };
    const operatorStranger = await operator.createUser({
      email: `stranger-${randomBytes(3).toString('hex')}@example.com`,
      name: 'Sam Stranger',
      timeZone: 'UTC',
      password: 'correct horse battery',
    });
    stranger = { id: operatorStranger.id, key: (await operator.createApiKey(operatorStranger.id)).key };
    before = await snapshot();
  });
  afterAll(() => stack.stop());

  /** Every route with the given values; answers that leak, or 5xx. */
  async function walkRoutes(values: Values): Promise<string[]> {
    const failures: string[] = [];
    const requests = ROUTES.filter((route) => !OWN_CREDENTIAL_ROUTES.has(`${route.method} ${route.path}`)).flatMap((route) =>
      pathVariants(route, publicByDesign(route) ? { ...values, ...UNGUESSED } : values).map((params) => ({ route, params })),
    );
    await inBatches(requests, 8, async ({ route, params }) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(String(params[p]))) + queryOf(route, values);
      const headers: Record<string, string> = route.version ? { 'svc-api-version': route.version } : {};
      const answer = await stack.rest(route.method, path, { key: stranger.key, body: minimalBodyOf(route), headers });
      walked.rest += 1;
      if (answer.status >= 500) failures.push(`${route.method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      for (const leak of leaks(tenant, answer.body, publicByDesign(route), path)) failures.push(`${route.method} ${path} (${answer.status}): ${leak}`);
    });
    return failures;
  }

  /** Every root field taking an id, with the given values and every nested path below; what leaks, or 5xx. */
  async function walkGraph(values: Values): Promise<string[]> {
    const failures: string[] = [];
    await inBatches(rootFieldsTakingIds(), 8, async ({ operation, field }) => {
      const { query, variables } = probeOf(operation, field, isPublicField(field) ? { ...values, ...UNGUESSED } : values);
      const answer = await stack.graphql(query, variables, stranger.key);
      walked.graphql += 1;
      if (answer.status >= 500) failures.push(`${field.name}: HTTP ${answer.status}`);
      for (const leak of leaks(tenant, answer.body?.data, isPublicField(field), JSON.stringify(variables)))
        failures.push(`${operation} ${field.name}: ${leak}`);
    });
    return failures;
  }

  it('the tenant has data in every table the walk compares (the snapshot is not empty)', () => {
    for (const [table, rows] of Object.entries(before)) expect([table, rows.length > 0]).toEqual([table, true]);
  });

  it('every route of the table, with the tenant’s ids: nothing of the tenant, never a 5xx', async () => {
    expect(await walkRoutes(tenant.values)).toEqual([]);
  });

  it('every root field taking an id, with the tenant’s ids and every nested path: nothing of the tenant in data', async () => {
    expect(await walkGraph(tenant.values)).toEqual([]);
  });

  describe('forcing a way in', () => {
    let ownTeamId: number;
    const invitations: number[] = [];

    beforeAll(async () => {
      ownTeamId = expectSuccess(await stack.rest('POST', '/v2/teams', { key: stranger.key, body: { name: 'Stranger crew' } }), 201).id;
    });

    it('pulling the tenant’s people into an own team with accepted: true only invites them, showing nothing of them', async () => {
      for (const userId of tenant.userIds) {
        const invited = expectSuccess(
          await stack.rest('POST', `/v2/teams/${ownTeamId}/memberships`, { key: stranger.key, body: { userId, accepted: true, role: 'ADMIN' } }),
          201,
        );
        expect(invited).toMatchObject({ userId, accepted: false, user: null });
        invitations.push(invited.id);
        expectErrorEnvelope(
          await stack.rest('PATCH', `/v2/teams/${ownTeamId}/memberships/${invited.id}`, { key: stranger.key, body: { accepted: true } }),
          403,
          'FORBIDDEN',
        );
      }
    });

    it('making them hosts, joining their organization or team, accepting for them: refused', async () => {
      const hosts = await stack.rest('POST', `/v2/teams/${ownTeamId}/event-types`, {
        key: stranger.key,
        body: { title: 'Pulled', slug: 'pulled', lengthInMinutes: 30, schedulingType: 'COLLECTIVE', hosts: tenant.userIds.map((userId) => ({ userId })) },
      });
      expectErrorEnvelope(hosts, 400, 'BAD_REQUEST', /hosts/);
      const [orgId] = tenant.values.orgId;
      const [teamId] = tenant.values.teamId;
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/organizations/${orgId}/memberships`, { key: stranger.key, body: { userId: stranger.id, accepted: true, role: 'OWNER' } }),
        403,
        'FORBIDDEN',
      );
      expectErrorEnvelope(
        await stack.rest('POST', `/v2/teams/${teamId}/memberships`, { key: stranger.key, body: { userId: stranger.id, accepted: true } }),
        403,
        'FORBIDDEN',
      );
      for (const membershipId of invitations) {
        expectErrorEnvelope(await stack.rest('POST', `/v2/me/memberships/${membershipId}/accept`, { key: stranger.key }), 404, 'NOT_FOUND');
      }
      expect(
        (
          await stack
            .db('organizations')
            .query('SELECT count(*)::int AS n FROM memberships WHERE user_id = $1 AND team_id = ANY($2)', [stranger.id, tenant.teamIds])
        )[0].n,
      ).toBe(0);
    });

    it('every route again, the own team’s ids mixed with the tenant’s: nothing of the tenant', async () => {
      const mixed: Values = { ...tenant.values, teamId: [ownTeamId, ...tenant.values.teamId], membershipId: [...invitations, ...tenant.values.membershipId] };
      expect(await walkRoutes(mixed)).toEqual([]);
    });

    it('every root field again from the own team, and `me`, with every nested path: nothing of the tenant', async () => {
      const mixed: Values = { ...tenant.values, teamId: [ownTeamId], membershipId: invitations };
      const failures = await walkGraph(mixed);
      const me = await stack.graphql(`query { me ${selectionWithinTokenLimit(supergraph.getQueryType()!.getFields().me.type, 2)} }`, {}, stranger.key);
      expect([me.body.data?.me?.id, me.body.errors?.filter((e: { path?: unknown }) => !e.path)]).toEqual([stranger.id, undefined]);
      failures.push(...leaks(tenant, me.body.data, false).map((leak) => `me: ${leak}`));
      expect(failures).toEqual([]);
    });
  });

  it('the walks really ran (hundreds of requests), and the tenant’s rows are exactly as they were', async () => {
    expect(walked.rest).toBeGreaterThan(2 * ROUTES.length);
    expect(walked.graphql).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });
});
