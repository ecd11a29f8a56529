import 'reflect-metadata';
import { DataSource, IsNull } from 'typeorm';
import { Operator } from '../stack/operator';
import { Membership, MembershipRole } from '../subgraphs/organizations/team/membership.entity';
import { Team } from '../subgraphs/organizations/team/team.entity';
import { User } from '../subgraphs/organizations/user/user.entity';
import { Booking } from '../subgraphs/scheduling/booking-record/booking.entity';
import { EventType, EventTypeLocation } from '../subgraphs/scheduling/event-type/event-type.entity';
import { Schedule } from '../subgraphs/scheduling/schedule/schedule.entity';
import { UsageError } from './args';
import { withOperator } from './open-data-sources';
import { runTool, ToolOutput } from './run-tool';

export const SEED_PASSWORD = 'acme-demo-password';

export const SEED_USAGE = `Usage: npm run seed [-- help]

Loads a demo organization into the local database (DATABASE_URL when set, else the embedded
PostgreSQL under .data/, started for the seed unless \`npm start\` is running it), through the
subgraphs' own services, and prints one JSON object on stdout:
  { password, organization: {id, name, slug}, teams: [{id, name, slug, eventType, members: [{membershipId, userId, email, role}]}],
    users: [{id, email, name, timeZone, role, apiKey, ...}], bookings: [...] }

Content:
  Organization "Acme" (slug acme), owned by Alice Anders (alice@acme.example.com, OWNER).
  Team "Support" (support): Bob Brown ADMIN, Carol Chen and Frank Flores MEMBERs; team event type
    "Support call" (support-call, 30 min).
  Team "Sales" (sales): Dan Doi ADMIN, Erin Evans and Frank Flores MEMBERs; team event type
    "Product demo" (demo, 45 min).
  Every user is a member of the organization (Alice OWNER, the others MEMBER), has a default
  schedule "Working hours" (Monday to Friday 09:00-17:00 in their own time zone: New York, London,
  Berlin, Tokyo, Sydney, Los Angeles), personal event types "15 min intro" (intro) and
  "30 min meeting" (meeting), and a new API key. All have the password "${SEED_PASSWORD}".
  Eight bookings, Monday to Thursday of the first week starting 3 days or more after the first
  seed, at distinct local working hours of their hosts.

Running it again: nothing is duplicated. Records that exist already (found by the organization slug
"acme", the users' e-mails, the teams' and event types' slugs, and a "seed" key in each booking's
metadata) are kept as they are, missing ones are created, and every seeded user gets a NEW API key
(printed; earlier keys stay valid). To start from scratch, use a fresh database (a new DATABASE_URL,
or stop \`npm start\` and delete .data/).

Progress goes to stderr. npm prints its own banner on stdout: to pipe the JSON, use
\`npm run -s seed\` (or \`node dist/cli/seed.js\`).
`;

const USAGE_HINT = 'run `npm run seed -- help` for usage';

interface SeedUser {
  key: string;
  name: string;
  email: string;
  timeZone: string;
  orgRole: MembershipRole;
}

const ORGANIZATION = { name: 'Acme', slug: 'acme' };

const USERS: SeedUser[] = [
  { key: 'alice', name: 'Alice Anders', email: 'alice@acme.example.com', timeZone: 'America/New_York', orgRole: MembershipRole.OWNER },
  { key: 'bob', name: 'Bob Brown', email: 'bob@acme.example.com', timeZone: 'Europe/London', orgRole: MembershipRole.MEMBER },
  { key: 'carol', name: 'Carol Chen', email: 'carol@acme.example.com', timeZone: 'Europe/Berlin', orgRole: MembershipRole.MEMBER },
  { key: 'dan', name: 'Dan Doi', email: 'dan@acme.example.com', timeZone: 'Asia/Tokyo', orgRole: MembershipRole.MEMBER },
  { key: 'erin', name: 'Erin Evans', email: 'erin@acme.example.com', timeZone: 'Australia/Sydney', orgRole: MembershipRole.MEMBER },
  { key: 'frank', name: 'Frank Flores', email: 'frank@acme.example.com', timeZone: 'America/Los_Angeles', orgRole: MembershipRole.MEMBER },
];

interface EventTypeSpec {
  title: string;
  slug: string;
  lengthInMinutes: number;
  locations: EventTypeLocation[];
  description: string;
}

const PERSONAL_EVENT_TYPES: EventTypeSpec[] = [
  { title: '15 min intro', slug: 'intro', lengthInMinutes: 15, locations: [{ type: 'link' }], description: 'A quick first call.' },
  { title: '30 min meeting', slug: 'meeting', lengthInMinutes: 30, locations: [{ type: 'integration' }], description: 'A regular meeting.' },
];

const TEAMS: Array<{ name: string; slug: string; members: Array<[string, MembershipRole]>; eventType: EventTypeSpec }> = [
  {
    name: 'Support',
    slug: 'support',
    members: [
      ['bob', MembershipRole.ADMIN],
      ['carol', MembershipRole.MEMBER],
      ['frank', MembershipRole.MEMBER],
    ],
    eventType: {
      title: 'Support call',
      slug: 'support-call',
      lengthInMinutes: 30,
      locations: [{ type: 'integration' }],
      description: 'Help with your account.',
    },
  },
  {
    name: 'Sales',
    slug: 'sales',
    members: [
      ['dan', MembershipRole.ADMIN],
      ['erin', MembershipRole.MEMBER],
      ['frank', MembershipRole.MEMBER],
    ],
    eventType: { title: 'Product demo', slug: 'demo', lengthInMinutes: 45, locations: [{ type: 'integration' }], description: 'A tour of the product.' },
  },
];

/** Bookings: day 0 is the Monday of the seeded week; `hour` is the host's local time; a host's slots never overlap. */
const BOOKINGS: Array<{
  eventType: string;
  team?: string;
  host: string;
  day: number;
  hour: number;
  minute?: number;
  attendee: { name: string; email: string; timeZone: string };
}> = [
  {
    eventType: 'support-call',
    team: 'support',
    host: 'bob',
    day: 0,
    hour: 10,
    attendee: { name: 'Pat Customer', email: 'pat@customer.example.com', timeZone: 'America/Chicago' },
  },
  { eventType: 'meeting', host: 'bob', day: 0, hour: 14, attendee: { name: 'Riley Partner', email: 'riley@partner.example.com', timeZone: 'America/Toronto' } },
  {
    eventType: 'support-call',
    team: 'support',
    host: 'carol',
    day: 0,
    hour: 11,
    attendee: { name: 'Sam Client', email: 'sam@client.example.com', timeZone: 'Europe/Paris' },
  },
  {
    eventType: 'demo',
    team: 'sales',
    host: 'dan',
    day: 1,
    hour: 10,
    attendee: { name: 'Lee Prospect', email: 'lee@prospect.example.com', timeZone: 'Asia/Singapore' },
  },
  {
    eventType: 'demo',
    team: 'sales',
    host: 'erin',
    day: 1,
    hour: 14,
    attendee: { name: 'Kim Buyer', email: 'kim@buyer.example.com', timeZone: 'Australia/Melbourne' },
  },
  { eventType: 'meeting', host: 'alice', day: 2, hour: 10, attendee: { name: 'Jo Investor', email: 'jo@investor.example.com', timeZone: 'Europe/Dublin' } },
  { eventType: 'intro', host: 'frank', day: 2, hour: 15, attendee: { name: 'Max Candidate', email: 'max@candidate.example.com', timeZone: 'America/Denver' } },
  {
    eventType: 'support-call',
    team: 'support',
    host: 'frank',
    day: 3,
    hour: 9,
    minute: 30,
    attendee: { name: 'Ana Customer', email: 'ana@customer.example.com', timeZone: 'America/Sao_Paulo' },
  },
];

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - instant.getTime()) / 60_000);
}

/** The instant when the clock in `timeZone` shows that date and time. */
export function atLocalTime(date: { year: number; month: number; day: number }, hour: number, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month, date.day, hour, minute);
  let instant = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The first Monday at least 3 days from now (UTC calendar), plus `days`. */
function seedWeekDay(now: Date, days: number) {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 3));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
  monday.setUTCDate(monday.getUTCDate() + days);
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth(), day: monday.getUTCDate() };
}

/** Finds a record or creates it with the operator, counting which. */
class Ensure {
  created = 0;
  kept = 0;

  async record<T>(find: () => Promise<T | null>, create: () => Promise<T>): Promise<T> {
    const found = await find();
    if (found) {
      this.kept += 1;
      return found;
    }
    this.created += 1;
    return create();
  }
}

async function seed(operator: Operator, db: (subgraph: string) => DataSource) {
  const organizations = db('organizations');
  const scheduling = db('scheduling');
  const ensure = new Ensure();
  const now = new Date();

  const orgExisted = await organizations.getRepository(Team).existsBy({ slug: ORGANIZATION.slug, isOrganization: true });

  const users = new Map<string, User>();
  for (const spec of USERS) {
    const user = await ensure.record(
      () => organizations.getRepository(User).findOneBy({ email: spec.email }),
      () => operator.createUser({ email: spec.email, name: spec.name, username: `${spec.key}-acme`, password: SEED_PASSWORD, timeZone: spec.timeZone }),
    );
    users.set(spec.key, user);
  }
  const userOf = (key: string) => users.get(key)!;
  const owner = userOf(USERS.find((u) => u.orgRole === MembershipRole.OWNER)!.key);

  const organization = await ensure.record(
    () => organizations.getRepository(Team).findOneBy({ slug: ORGANIZATION.slug, isOrganization: true }),
    () => operator.createOrganization({ ...ORGANIZATION, ownerId: owner.id }),
  );

  const membership = (teamId: number, userId: number, role: MembershipRole) =>
    ensure.record(
      () => organizations.getRepository(Membership).findOneBy({ teamId, userId }),
      () => operator.addMember({ teamId, userId, role }),
    );
  const orgRoles = new Map<string, MembershipRole>();
  for (const spec of USERS) orgRoles.set(spec.key, (await membership(organization.id, userOf(spec.key).id, spec.orgRole)).role);

  const schedules = new Map<string, Schedule>();
  for (const spec of USERS) {
    const user = userOf(spec.key);
    const schedule = await ensure.record(
      () => scheduling.getRepository(Schedule).findOneBy({ ownerId: user.id, isDefault: true }),
      () => operator.createSchedule({ ownerId: user.id, name: 'Working hours', timeZone: user.timeZone, isDefault: true }),
    );
    schedules.set(spec.key, schedule);
  }

  const personalEventTypes = new Map<string, EventType[]>();
  for (const spec of USERS) {
    const user = userOf(spec.key);
    const eventTypes: EventType[] = [];
    for (const eventType of PERSONAL_EVENT_TYPES) {
      eventTypes.push(
        await ensure.record(
          () => scheduling.getRepository(EventType).findOneBy({ ownerId: user.id, slug: eventType.slug, teamId: IsNull() }),
          () => operator.createEventType({ ...eventType, ownerId: user.id, scheduleId: schedules.get(spec.key)!.id }),
        ),
      );
    }
    personalEventTypes.set(spec.key, eventTypes);
  }

  const teams: Array<{ team: Team; eventType: EventType; members: Array<{ key: string; role: MembershipRole; membershipId: number }> }> = [];
  const teamRoles = new Map<string, Array<{ teamId: number; slug: string; role: MembershipRole }>>();
  for (const spec of TEAMS) {
    const team = await ensure.record(
      () => organizations.getRepository(Team).findOneBy({ slug: spec.slug, parentId: organization.id, isOrganization: false }),
      () => operator.createTeam({ name: spec.name, slug: spec.slug, orgId: organization.id }),
    );
    const members: Array<{ key: string; role: MembershipRole; membershipId: number }> = [];
    for (const [key, role] of spec.members) {
      const { role: actual, id: membershipId } = await membership(team.id, userOf(key).id, role);
      members.push({ key, role: actual, membershipId });
      teamRoles.set(key, [...(teamRoles.get(key) ?? []), { teamId: team.id, slug: team.slug, role: actual }]);
    }
    const eventType = await ensure.record(
      () => scheduling.getRepository(EventType).findOneBy({ teamId: team.id, slug: spec.eventType.slug }),
      () => operator.createEventType({ ...spec.eventType, teamId: team.id, hostIds: members.map((m) => userOf(m.key).id) }),
    );
    teams.push({ team, eventType, members });
  }

  const bookings: Booking[] = [];
  for (const spec of BOOKINGS) {
    const host = userOf(spec.host);
    const eventType = spec.team
      ? teams.find((t) => t.team.slug === spec.team)!.eventType
      : personalEventTypes.get(spec.host)!.find((e) => e.slug === spec.eventType)!;
    const seedKey = `${ORGANIZATION.slug}/${spec.team ?? 'personal'}/${spec.eventType}/${spec.host}/${spec.day}`;
    bookings.push(
      await ensure.record(
        () => scheduling.getRepository(Booking).createQueryBuilder('b').where(`b.metadata ->> 'seed' = :seedKey`, { seedKey }).getOne(),
        () =>
          operator.createBooking({
            eventTypeId: eventType.id,
            hostId: host.id,
            start: atLocalTime(seedWeekDay(now, spec.day), spec.hour, spec.minute ?? 0, host.timeZone),
            attendee: spec.attendee,
            metadata: { seed: seedKey },
          }),
      ),
    );
  }

  // New keys on every run: only their hashes are stored, so earlier ones cannot be shown again.
  const apiKeys = new Map<string, string>();
  for (const spec of USERS) apiKeys.set(spec.key, (await operator.createApiKey(userOf(spec.key).id, 'npm run seed')).key);

  console.error(
    `seed: organization "${ORGANIZATION.slug}" ${orgExisted ? 'existed already' : 'loaded'}: ${ensure.created} records created, ` +
      `${ensure.kept} existing kept, ${apiKeys.size} new API keys`,
  );

  const hostKeyOf = (userId: number) => USERS.find((u) => userOf(u.key).id === userId)?.key;
  return {
    // Every seeded user signs in with it (the /auth pages): only its hash is stored.
    password: SEED_PASSWORD,
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    teams: teams.map(({ team, eventType, members }) => ({
      id: team.id,
      name: team.name,
      slug: team.slug,
      eventType: { id: eventType.id, slug: eventType.slug, title: eventType.title, lengthInMinutes: eventType.lengthInMinutes },
      members: members.map(({ key, role, membershipId }) => ({ membershipId, userId: userOf(key).id, email: userOf(key).email, role })),
    })),
    users: USERS.map((spec) => {
      const user = userOf(spec.key);
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        timeZone: user.timeZone,
        role: orgRoles.get(spec.key),
        teams: teamRoles.get(spec.key) ?? [],
        scheduleId: schedules.get(spec.key)!.id,
        eventTypes: personalEventTypes.get(spec.key)!.map((e) => ({ id: e.id, slug: e.slug })),
        apiKey: apiKeys.get(spec.key),
      };
    }),
    bookings: bookings.map((b) => ({
      id: b.id,
      uid: b.uid,
      eventTypeId: b.eventTypeId,
      hostId: b.userId,
      host: hostKeyOf(b.userId),
      title: b.title,
      start: b.start,
      end: b.end,
    })),
  };
}

export async function seedCommand(argv: string[]): Promise<ToolOutput> {
  if (argv.length > 0 && ['help', '--help', '-h'].includes(argv[0])) return { text: SEED_USAGE };
  if (argv.length > 0) throw new UsageError(`unexpected argument "${argv[0]}": the seed takes none (only help)`);
  return { json: await withOperator(seed) };
}

runTool('seed', USAGE_HINT, seedCommand);
