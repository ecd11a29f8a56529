import './env';
import 'reflect-metadata';
import { ChildProcess, fork } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { writeNulls } from '../gateway/rest/execute';
import { eventTypeRoutes } from '../gateway/rest/routes/event-types';
import { ensureDatabase } from '../stack/database';
import { startEmbeddedPostgres } from '../stack/embedded-postgres';
import { Operator } from '../stack/operator';
import { freePort } from '../stack/ports';
import { RunningStack, startStack } from '../stack/start-stack';
import { sqlStatements } from '../platform/sql-statements';
import { Principal, PRINCIPAL_HEADER, signPrincipal, verifyPrincipal } from '../platform/principal';
import { MembershipRole } from '../subgraphs/organizations/team/membership.entity';
import type { LoadJob, LoadReply, LoadResult } from './load';
import { DeployedStack, FloorProcess, timeAdmin, timeStart } from './processes';
import { benchWebhookDelivery, printWebhookBench, WebhookBenchResult } from './webhook-delivery';
import {
  bookingOutcome,
  BOOKINGS_PER_TEAM_HOST,
  CONTENDED_SLOTS,
  MAX_RANGE_DAYS,
  SchedulingData,
  seedScheduling,
  TEAM_HOST_ZONES,
  YEAR_RANGE_DAYS,
} from './scheduling-data';

/**
 * `npm run bench`: a throwaway PostgreSQL and stack, a small seeded data set, and autocannon
 * (in a child process) against the scheduling subgraph directly, the gateway's /graphql and the
 * /v2 façade. Prints a table, writes bench/results/latest.json, exits 1 if any request failed.
 *
 * Then the scheduling endpoints on a data set of their own (bench/scheduling-data.ts): e, f slots
 * (GET /v2/slots/available: a 30-day range of a team event type with ten hosts, and a year of one
 * user's), each also timed alone (the median of BENCH_SEQUENTIAL sequential requests); g booking
 * creation (POST /v2/bookings) by 50 clients contending for a few dozen slots, followed by a count of
 * double bookings in the database (exit 1 unless 0).
 *
 * BENCH_DURATION (s, default 8), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 10),
 * BENCH_SLOTS_CONNECTIONS (default 4), BENCH_SEQUENTIAL (default 20), BENCH_BOOKING_CONNECTIONS
 * (default 50), BENCH_BOOKING_DURATION (s, default 5), BENCH_BOOKING_SLOTS (contended slots, default 80),
 * BENCH_ONLY (scenario ids to measure, such as `a,b'`; every scenario is still checked once),
 * w webhook delivery (bench/webhook-delivery.ts): BENCH_WEBHOOK_EVENTS bookings (default 100), committed
 * BENCH_WEBHOOK_COMMIT_CONCURRENCY at a time (default 8), each delivered to BENCH_WEBHOOK_SUBSCRIBERS
 * loopback receivers (default 10) in a process of their own, by BENCH_WEBHOOK_WORKERS worker processes
 * (default `1,2`: a live and a backlog round for each); deliveries/s, commit → receipt p50/p99, the
 * workers' CPU per delivery; exit 1 unless every delivery arrived. Its id is `w` in BENCH_ONLY.
 * BENCH_CPU_PROFILE (a directory: a V8 CPU profile of the stack's process during each scenario's load
 * run, <title>.cpuprofile, for Chrome DevTools or speedscope; it slows the stack down a little).
 *
 * Issue 12's figures (docs/performance.md): m is GET /v2/me through the whole stack and m0 the same
 * answer from a hand-written express + pg handler (bench/floor.ts) in its own process on the same
 * database, measured back to back (m0's CPU is its own process's); `start` times `npm start` on this
 * built checkout until /health answers 200 and `admin` one `npm run admin -- create-user`, each
 * BENCH_STARTS times (default 2), after the load. All of them are ids of BENCH_ONLY. The last table
 * prints every row of the issue beside its aim. Rate limits are set far above the load (bench/env.ts).
 *
 * M, B, C and G repeat m, b, c and g against the stack as `npm start` runs it (bench/processes.ts
 * DeployedStack: the supervisor, one process per service, on the same database; g's twin books another
 * host's slots): the in-process stack shares one event loop, so it can never use more than one core,
 * while a deployment spreads the work over its processes. Their CPU is the sum over those processes.
 */

const BOOKINGS = 20;
const PERSONAL_EVENT_TYPES = 20;
const TEAM_MEMBERS = 4; // the owner and three more
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SLOTS_CONNECTIONS = Number(process.env.BENCH_SLOTS_CONNECTIONS ?? 4);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const BOOKING_CONNECTIONS = Number(process.env.BENCH_BOOKING_CONNECTIONS ?? 50);
const BOOKING_DURATION = Number(process.env.BENCH_BOOKING_DURATION ?? 5);
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE || null;
/** How many times `npm start` and `npm run admin` are timed (BENCH_STARTS, default 2). */
const STARTS = Number(process.env.BENCH_STARTS ?? 2);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((id) => id.trim())) : null;
/** Scenario ids measured against the stack as `npm start` runs it. */
const DEPLOYED_IDS = ['M', 'B', 'C', 'G'];
const RESULTS_DIR = join(__dirname, '..', '..', 'bench', 'results');

const SCHEDULING_SELECTION = /* GraphQL */ `bookings { attendees { email } eventType { id title team { id } } }`;

/** (a) What the scheduling subgraph answers alone, as the gateway would ask it. */
const DIRECT_ENTITIES = /* GraphQL */ `
  query($representations: [_Any!]!) {
    _entities(representations: $representations) { ... on User { ${SCHEDULING_SELECTION} } }
  }`;

/** (b') The same shape through the gateway. */
const GATEWAY_SHALLOW = /* GraphQL */ `query { me { ${SCHEDULING_SELECTION} } }`;

/** (b) The full nested query of test/backbone/nested-query.test.ts, across three subgraphs. */
const GATEWAY_NESTED = /* GraphQL */ `
  query {
    me {
      bookings {
        attendees { email }
        eventType { team { members { role user { name } } } }
      }
    }
  }`;

const GET_EVENT_TYPES = eventTypeRoutes.find((r) => r.method === 'GET' && r.path === '/v2/event-types');
if (!GET_EVENT_TYPES) throw new Error('GET /v2/event-types is not in gateway/rest/routes/event-types.ts');

interface Seed {
  userId: number;
  teamId: number;
  key: string;
  principal: Principal;
}

interface Scenario {
  id: string;
  name: string;
  job: LoadJob;
  /** Throws unless one response (status and body) is what the data set should give. */
  check(status: number, body: any): void;
  /** The warm-up's own job (the booking scenario warms up on other slots); default: `job`, shorter. */
  warmup?: LoadJob;
  /** Also time this many requests sent one at a time (after the warm-up, before the load). */
  sequential?: number;
  /** Statuses besides 2xx that are expected answers (409 for contended bookings). */
  expectedStatuses?: number[];
  /** Figures read after the load run (the database's view of the bookings made). */
  after?(): Promise<Record<string, number>>;
  /** CPU time (µs) of the process that answers, when not this one (the floor's child process). */
  cpuMicros?(): Promise<number>;
  /**
   * Also count SQL statements over this many requests sent one at a time after the load: under load the
   * count also holds the statements of requests still in flight when the window closes, divided by the
   * completed ones only.
   */
  statementsAlone?: number;
}

interface Measured {
  id: string;
  name: string;
  result: LoadResult;
  sqlPerRequest: number;
  /** SQL statements per request sent one at a time (Scenario.statementsAlone). */
  sqlPerRequestAlone?: number;
  /** CPU time of the stack's process (gateway, subgraphs: one event loop) over wall time, in %. */
  stackCpuPercent: number;
  /** The same CPU time per completed request: steadier than req/s when other work shares the machine. */
  stackCpuMsPerRequest: number;
  expectedStatuses: number[];
  /** Latencies of the sequential requests, ms. */
  single?: { calls: number; medianMs: number; minMs: number; maxMs: number };
  after?: Record<string, number>;
  /** Slots in one answer (slots scenarios). */
  slots?: number;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function seed(stack: RunningStack): Promise<Seed> {
  const operator = new Operator(stack.db);
  const user = await operator.createUser({ email: 'bench-host@example.com', name: 'Bench Host', timeZone: 'Europe/London', password: 'correct horse battery' });
  const { key } = await operator.createApiKey(user.id, 'bench');
  const team = await operator.createTeam({ name: 'Bench Team', ownerId: user.id });
  for (let i = 1; i < TEAM_MEMBERS; i += 1) {
    const member = await operator.createUser({
      email: `bench-member-${i}@example.com`,
      name: `Member ${i}`,
      timeZone: 'America/New_York',
      password: 'correct horse battery',
    });
    await operator.addMember({ teamId: team.id, userId: member.id, role: i === 1 ? MembershipRole.ADMIN : MembershipRole.MEMBER });
  }
  const teamEventType = await operator.createEventType({ title: 'Team call', slug: 'team-call', lengthInMinutes: 30, teamId: team.id });
  for (let i = 0; i < BOOKINGS; i += 1) {
    await operator.createBooking({
      eventTypeId: teamEventType.id,
      hostId: user.id,
      start: new Date(Date.UTC(2030, 0, 1, 9, 0) + i * 3_600_000),
      attendee: { name: `Guest ${i}`, email: `guest${i}@example.com`, timeZone: 'Europe/Berlin' },
    });
  }
  for (let i = 0; i < PERSONAL_EVENT_TYPES; i += 1) {
    await operator.createEventType({
      title: `Personal ${i}`,
      slug: `personal-${i}`,
      lengthInMinutes: 15 + 5 * (i % 4),
      ownerId: user.id,
      locations: [{ type: 'link' }],
    });
  }
  // The principal the gateway forwards for this key: what the direct run signs itself.
  const principal = await stack.gateway.credentials.resolve(`Bearer ${key}`);
  return { userId: user.id, teamId: team.id, key, principal };
}

function scenarios(stack: RunningStack, data: Seed, scheduling: SchedulingData, floor: FloorProcess, deployed: DeployedStack | null): Scenario[] {
  const base = { connections: CONNECTIONS, duration: DURATION };
  const json = { 'content-type': 'application/json' };
  const auth = { authorization: `Bearer ${data.key}` };
  const graphqlBody = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
  const checkGraphql = (status: number, body: any) => {
    assert(status === 200, `HTTP ${status}: ${JSON.stringify(body)}`);
    assert(!body.errors, `GraphQL errors: ${JSON.stringify(body.errors)}`);
  };
  const checkSchedulingShape = (user: any) => {
    assert(user?.bookings?.length === BOOKINGS, `expected ${BOOKINGS} bookings, got ${JSON.stringify(user)?.slice(0, 300)}`);
    for (const booking of user.bookings) {
      assert(booking.attendees.length === 1, 'every booking has one attendee');
      assert(booking.eventType.team?.id === data.teamId, 'every booking is of the team event type');
    }
  };
  const checkMe = (status: number, body: any) => {
    assert(status === 200, `HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    assert(body.status === 'success' && body.data.id === data.userId, `not the bench user: ${JSON.stringify(body).slice(0, 300)}`);
    assert(
      body.data.memberships.length === 1 && body.data.memberships[0].teamId === data.teamId,
      `expected the membership of team ${data.teamId}: ${JSON.stringify(body.data.memberships)}`,
    );
  };
  const inProcess: Scenario[] = [
    {
      id: 'm',
      name: 'm  REST GET /v2/me (whole stack)',
      job: { ...base, title: 'rest-me', url: `${stack.url}/v2/me`, method: 'GET', headers: auth, expect: 'rest' },
      check: checkMe,
    },
    {
      id: 'm0',
      name: 'm0 floor: express + pg GET /v2/me',
      job: { ...base, title: 'floor-me', url: `${floor.url}/v2/me`, method: 'GET', headers: auth, expect: 'rest' },
      check: checkMe,
      cpuMicros: () => floor.cpuMicros(),
    },
    {
      id: 'a',
      name: 'a  scheduling direct (_entities)',
      job: {
        ...base,
        title: 'direct',
        url: stack.subgraphs.scheduling.url,
        method: 'POST',
        headers: json,
        body: graphqlBody(DIRECT_ENTITIES, { representations: [{ __typename: 'User', id: data.userId }] }),
        principal: data.principal,
        expect: 'graphql',
      },
      check(status, body) {
        checkGraphql(status, body);
        checkSchedulingShape(body.data._entities[0]);
      },
    },
    {
      id: "b'",
      name: "b' gateway, same shape as a",
      job: {
        ...base,
        title: 'gateway-shallow',
        url: `${stack.url}/graphql`,
        method: 'POST',
        headers: { ...json, ...auth },
        body: graphqlBody(GATEWAY_SHALLOW),
        expect: 'graphql',
      },
      check(status, body) {
        checkGraphql(status, body);
        checkSchedulingShape(body.data.me);
      },
    },
    {
      id: 'b',
      name: 'b  gateway, full nested query',
      statementsAlone: 20,
      job: {
        ...base,
        title: 'gateway-nested',
        url: `${stack.url}/graphql`,
        method: 'POST',
        headers: { ...json, ...auth },
        body: graphqlBody(GATEWAY_NESTED),
        expect: 'graphql',
      },
      check(status, body) {
        checkGraphql(status, body);
        const bookings = body.data.me.bookings;
        assert(bookings.length === BOOKINGS, `expected ${BOOKINGS} bookings, got ${bookings.length}`);
        for (const booking of bookings) {
          assert(
            booking.eventType.team.members.length === TEAM_MEMBERS,
            `expected ${TEAM_MEMBERS} members, got ${JSON.stringify(booking.eventType.team.members)}`,
          );
          assert(
            booking.eventType.team.members.every((m: any) => typeof m.user?.name === 'string'),
            'every member has a user name',
          );
        }
      },
    },
    {
      id: 'c',
      name: 'c  REST GET /v2/event-types',
      job: { ...base, title: 'rest-event-types', url: `${stack.url}/v2/event-types`, method: 'GET', headers: auth, expect: 'rest' },
      check(status, body) {
        assert(status === 200, `HTTP ${status}: ${JSON.stringify(body)}`);
        assert(body.status === 'success', `no success envelope: ${JSON.stringify(body).slice(0, 300)}`);
        assert(body.data.length === PERSONAL_EVENT_TYPES, `expected ${PERSONAL_EVENT_TYPES} event types, got ${body.data.length}`);
      },
    },
    {
      id: 'd',
      name: 'd  GraphQL GetEventTypes (same doc)',
      job: {
        ...base,
        title: 'graphql-event-types',
        url: `${stack.url}/graphql`,
        method: 'POST',
        headers: { ...json, ...auth },
        body: graphqlBody(GET_EVENT_TYPES!.operation),
        expect: 'graphql',
      },
      check(status, body) {
        checkGraphql(status, body);
        assert(
          body.data.eventTypes.items.length === PERSONAL_EVENT_TYPES,
          `expected ${PERSONAL_EVENT_TYPES} event types, got ${body.data.eventTypes.items.length}`,
        );
      },
    },
    slotsScenario('e', `e  slots, team of ${scheduling.team.hostIds.length}, ${scheduling.team.rangeDays} days`, 'slots-team', scheduling.team),
    slotsScenario('f', `f  slots, one user, ${scheduling.year.rangeDays} days`, 'slots-year', scheduling.year),
    bookingScenario('g', stack.url, scheduling.booking),
  ];
  return deployed ? [...inProcess, ...deployedScenarios(deployed, inProcess)] : inProcess;

  /**
   * M, B, C, G: m, b, c and g again, against the stack as `npm start` runs it (one process per
   * service, so the work spreads over the machine's cores); CPU is the sum over its processes, and
   * its SQL statements are not counted (they happen in other processes).
   */
  function deployedScenarios(deployed: DeployedStack, inProcess: Scenario[]): Scenario[] {
    const variants = inProcess
      .filter((s) => ['m', 'b', 'c'].includes(s.id))
      .map((s) => ({
        ...s,
        id: s.id.toUpperCase(),
        name: `${s.id.toUpperCase()}${s.name.slice(1)} [npm start]`,
        job: { ...s.job, url: s.job.url.replace(stack.url, deployed.url) },
      }));
    const booking = bookingScenario('G', deployed.url, scheduling.bookingDeployed);
    return [...variants, { ...booking, name: `${booking.name} [npm start]` }].map((s) => ({ ...s, cpuMicros: () => deployed.cpuMicros() }));
  }

  function slotsScenario(id: string, name: string, title: string, slots: SchedulingData['team']): Scenario {
    return {
      id,
      name,
      job: {
        connections: SLOTS_CONNECTIONS,
        duration: DURATION,
        title,
        url: `${stack.url}/v2/slots/available?${slots.query}`,
        method: 'GET',
        headers: {},
        expect: 'rest',
      },
      sequential: SEQUENTIAL,
      check(status, body) {
        assert(status === 200, `HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        assert(body.status === 'success', `no success envelope: ${JSON.stringify(body).slice(0, 300)}`);
        const count = slotCount(body);
        assert(count === slots.expectedSlots, `expected ${slots.expectedSlots} slots, got ${count}`);
      },
    };
  }

  function bookingScenario(id: string, url: string, booking: SchedulingData['booking']): Scenario {
    const job: LoadJob = {
      connections: BOOKING_CONNECTIONS,
      duration: BOOKING_DURATION,
      title: 'booking-contended',
      url: `${url}/v2/bookings`,
      method: 'POST',
      headers: { ...json, 'svc-api-version': '2024-08-13' },
      body: booking.probeBody, // the probe's; the load run picks one of `bodies` per request
      bodies: booking.bodies,
      expect: 'rest-or-conflict',
    };
    return {
      id,
      name: `${id}  POST /v2/bookings, ${BOOKING_CONNECTIONS} clients, ${CONTENDED_SLOTS} slots`,
      job,
      warmup: { ...job, bodies: booking.warmupBodies, duration: WARMUP },
      expectedStatuses: [409],
      check(status, body) {
        assert(status === 201, `HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        assert(
          body.status === 'success' && body.data.hosts?.[0]?.id === booking.hostId,
          `not a booking of host ${booking.hostId}: ${JSON.stringify(body).slice(0, 300)}`,
        );
      },
      after: () => bookingOutcome(stack, booking),
    };
  }
}

function slotCount(body: any): number {
  return Object.values(body.data.slots as Record<string, unknown[]>).reduce((n, day) => n + day.length, 0);
}

/** One request of the scenario with fetch, checked: the load run only counts statuses and error markers. */
async function probe(scenario: Scenario): Promise<any> {
  const { job } = scenario;
  const headers: Record<string, string> = { ...job.headers };
  if (job.principal) headers[PRINCIPAL_HEADER] = signPrincipal(job.principal);
  const response = await fetch(job.url, { method: job.method, headers, body: job.body });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${scenario.name}: HTTP ${response.status}, not JSON: ${text.slice(0, 300)}`);
  }
  try {
    scenario.check(response.status, body);
  } catch (error) {
    throw new Error(`${scenario.name}: ${(error as Error).message}`, { cause: error });
  }
  return body;
}

/** The forked load generator: one job at a time over IPC. */
class LoadGenerator {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(join(__dirname, 'load.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  run(job: LoadJob): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null, signal: string | null) => reject(new Error(`load generator exited (${signal ?? code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: LoadReply) => {
        this.child.off('exit', onExit);
        if (reply.ok) resolve(reply.result);
        else reject(new Error(`load generator: ${reply.error}`));
      });
      this.child.send(job);
    });
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      if (this.child.connected) this.child.disconnect();
      this.child.kill();
    }
  }
}

async function measure(load: LoadGenerator, scenario: Scenario): Promise<Measured> {
  if (WARMUP > 0) await load.run(scenario.warmup ?? { ...scenario.job, duration: WARMUP });
  let single: Measured['single'];
  if (scenario.sequential) {
    const alone = await load.run({ ...scenario.job, sequential: scenario.sequential });
    const ms = [...(alone.latenciesMs ?? [])].sort((x, y) => x - y);
    assert(
      ms.length === scenario.sequential && alone.non2xx + alone.errors + alone.mismatches === 0,
      `${scenario.name}: sequential requests failed: ${JSON.stringify(alone.statusCounts)}`,
    );
    const median = ms.length % 2 ? ms[(ms.length - 1) / 2] : (ms[ms.length / 2 - 1] + ms[ms.length / 2]) / 2;
    single = { calls: ms.length, medianMs: median, minMs: ms[0], maxMs: ms[ms.length - 1] };
  }
  const profiler = PROFILE_DIR && !scenario.cpuMicros ? await startProfiler() : null;
  const cpuMicros =
    scenario.cpuMicros ??
    (async () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    });
  const sqlBefore = sqlStatements.count;
  const cpuBefore = await cpuMicros();
  const started = process.hrtime.bigint();
  const result = await load.run(scenario.job);
  const wallMicros = Number(process.hrtime.bigint() - started) / 1000;
  const cpu = (await cpuMicros()) - cpuBefore;
  if (profiler) await profiler.stop(join(PROFILE_DIR!, `${scenario.job.title}.cpuprofile`));
  const completed = result.totalRequests || 1;
  let sqlPerRequestAlone: number | undefined;
  if (scenario.statementsAlone) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the load's requests still in flight finish first
    const before = sqlStatements.count;
    const alone = await load.run({ ...scenario.job, sequential: scenario.statementsAlone });
    assert(alone.non2xx + alone.errors + alone.mismatches === 0, `${scenario.name}: sequential requests failed: ${JSON.stringify(alone.statusCounts)}`);
    sqlPerRequestAlone = (sqlStatements.count - before) / scenario.statementsAlone;
  }
  return {
    sqlPerRequestAlone,
    id: scenario.id,
    name: scenario.name,
    result,
    // The floor's statements do not go through the stack's counter.
    sqlPerRequest: scenario.cpuMicros ? NaN : (sqlStatements.count - sqlBefore) / completed,
    stackCpuPercent: (100 * cpu) / wallMicros,
    stackCpuMsPerRequest: cpu / 1000 / completed,
    expectedStatuses: scenario.expectedStatuses ?? [],
    single,
    after: scenario.after ? await scenario.after() : undefined,
  };
}

/** A V8 CPU profile of this process (the stack's) until `stop` writes it. */
async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(PROFILE_DIR!, { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

/** Microseconds per call of the gateway's per-request bookkeeping, measured in process. */
async function microCosts(stack: RunningStack, data: Seed) {
  const time = async (n: number, fn: () => unknown) => {
    for (let i = 0; i < 1000; i += 1) await fn();
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) await fn();
    return Number(process.hrtime.bigint() - start) / 1000 / n;
  };
  const header = signPrincipal(data.principal);
  return {
    signPrincipalMicros: await time(20_000, () => signPrincipal(data.principal)),
    verifyPrincipalMicros: await time(20_000, () => verifyPrincipal(header)),
    cachedCredentialResolveMicros: await time(20_000, () => stack.gateway.credentials.resolve(`Bearer ${data.key}`)),
    principalHeaderBytes: header.length,
  };
}

interface IssueRow {
  figure: string;
  value: string;
  aim: string;
  /** undefined when the run did not measure it. */
  met?: boolean;
}

/** Every row of issue 12's table, as this run measured it, beside its aim. */
function issueTable(
  by: Record<string, Measured>,
  meVsFloor: number,
  meVsFloorCpu: number,
  gatewayVsDirect: number,
  doubleBookings: number,
  startSeconds: number[],
  adminSeconds: number[],
): IssueRow[] {
  const measuredIf = (ok: boolean, met: () => boolean) => (ok ? met() : undefined);
  const secs = (list: number[]) => (list.length ? list.map((n) => `${n.toFixed(1)} s`).join(', ') : '-');
  const { m, m0, b, c, g, M, B, C, G } = by;
  const meRatio = (stack: Measured) =>
    `${fmt(stack.result.requestsPerSecond)} ÷ ${fmt(m0.result.requestsPerSecond)} = ${fmt(ratio(stack, m0), 2)} (CPU ms/req ${fmt(stack.stackCpuMsPerRequest, 2)} vs ${fmt(m0.stackCpuMsPerRequest, 2)}: ×${fmt(cpuRatio(stack, m0), 1)})`;
  // Rows of the stack as `npm start` runs it (M, B, C, G), where measured, beside the in-process ones.
  const deployedRow = (x: Measured | undefined, row: IssueRow, value: (x: Measured) => string, met: (x: Measured) => boolean): IssueRow[] =>
    x ? [{ ...row, figure: `${row.figure} [npm start]`, value: value(x), met: met(x) }] : [];
  const meRow: IssueRow = {
    figure: 'GET /v2/me whole stack ÷ express+pg floor (req/s)',
    value: m && m0 ? meRatio(m) : '-',
    aim: '≥ 0.35',
    met: measuredIf(Number.isFinite(meVsFloor), () => meVsFloor >= 0.35),
  };
  const nestedRow: IssueRow = {
    figure: 'full nested query (b): req/s',
    value: b ? fmt(b.result.requestsPerSecond) : '-',
    aim: '≥ 200',
    met: measuredIf(!!b, () => b.result.requestsPerSecond >= 200),
  };
  const eventTypesCpuRow: IssueRow = {
    figure: 'REST GET /v2/event-types (c): CPU ms/request',
    value: c ? fmt(c.stackCpuMsPerRequest, 2) : '-',
    aim: '≤ 5.35 (10.7 halved)',
    met: measuredIf(!!c, () => c.stackCpuMsPerRequest <= 5.35),
  };
  const bookingRow: IssueRow = {
    figure: `booking creation (g): answers/s`,
    value: g ? fmt(g.result.requestsPerSecond) : '-',
    aim: '≥ 400',
    met: measuredIf(!!g, () => g.result.requestsPerSecond >= 400),
  };
  return [
    meRow,
    ...deployedRow(m0 && M, meRow, meRatio, (x) => ratio(x, m0) >= 0.35),
    {
      figure: "gateway ÷ direct subgraph, same selection (b'/a)",
      value: fmt(gatewayVsDirect, 2),
      aim: '≥ 0.6',
      met: measuredIf(Number.isFinite(gatewayVsDirect), () => gatewayVsDirect >= 0.6),
    },
    nestedRow,
    ...deployedRow(
      B,
      nestedRow,
      (x) => fmt(x.result.requestsPerSecond),
      (x) => x.result.requestsPerSecond >= 200,
    ),
    {
      figure: 'full nested query (b): SQL statements/request, 20 sent one at a time (under load)',
      value: b ? `${fmt(b.sqlPerRequestAlone ?? NaN, 1)} (${fmt(b.sqlPerRequest, 1)})` : '-',
      aim: '≤ 6',
      met: measuredIf(!!b && b.sqlPerRequestAlone !== undefined, () => b.sqlPerRequestAlone! <= 6),
    },
    { figure: 'REST GET /v2/event-types, 20 items (c): req/s', value: c ? fmt(c.result.requestsPerSecond) : '-', aim: '-' },
    ...(C ? [{ figure: 'REST GET /v2/event-types, 20 items (c): req/s [npm start]', value: fmt(C.result.requestsPerSecond), aim: '-' }] : []),
    eventTypesCpuRow,
    ...deployedRow(
      C,
      eventTypesCpuRow,
      (x) => fmt(x.stackCpuMsPerRequest, 2),
      (x) => x.stackCpuMsPerRequest <= 5.35,
    ),
    bookingRow,
    ...deployedRow(
      G,
      bookingRow,
      (x) => fmt(x.result.requestsPerSecond),
      (x) => x.result.requestsPerSecond >= 400,
    ),
    { figure: 'double bookings', value: String(doubleBookings), aim: '0', met: doubleBookings === 0 },
    {
      figure: 'npm start → /health 200 (first start on the database, then again)',
      value: secs(startSeconds),
      aim: '≤ 10 s; ≤ 3 s unchanged',
      met: measuredIf(startSeconds.length > 0, () => startSeconds[0] <= 10 && startSeconds.slice(1).every((n) => n <= 3)),
    },
    {
      figure: 'one npm run admin command (create-user)',
      value: secs(adminSeconds),
      aim: '≤ 2 s',
      met: measuredIf(adminSeconds.length > 0, () => adminSeconds.every((n) => n <= 2)),
    },
  ];
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const ratio = (x: Measured | undefined, y: Measured | undefined) =>
  x && y && y.result.requestsPerSecond > 0 ? x.result.requestsPerSecond / y.result.requestsPerSecond : NaN;
const cpuRatio = (x: Measured | undefined, y: Measured | undefined) =>
  x && y && y.stackCpuMsPerRequest > 0 ? x.stackCpuMsPerRequest / y.stackCpuMsPerRequest : NaN;

const statusCount = (m: Measured, status: number) => m.result.statusCounts[String(status)] ?? 0;

/** Answers that are not 2xx nor an expected status. */
function unexpectedOf(m: Measured): number {
  return m.result.non2xx - m.expectedStatuses.reduce((n, status) => n + statusCount(m, status), 0);
}

function failuresOf(m: Measured): number {
  // autocannon's errors include timeouts.
  return unexpectedOf(m) + m.result.errors + m.result.mismatches;
}

function printTable(rows: Measured[]) {
  printRows(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'bad body', 'SQL/req', 'stack CPU %', 'CPU ms/req'],
    rows.map((m) => [
      m.name,
      fmt(m.result.requestsPerSecond),
      fmt(m.result.p50),
      fmt(m.result.p99),
      String(m.result.totalRequests),
      // Expected non-2xx answers (409 of a contended booking) are not counted here: see the next table.
      String(unexpectedOf(m)),
      String(m.result.errors),
      String(m.result.mismatches),
      fmt(m.sqlPerRequest, 1),
      fmt(m.stackCpuPercent),
      fmt(m.stackCpuMsPerRequest, 2),
    ]),
  );
}

/** The scheduling scenarios' own figures: one request alone, slots answered, booking outcomes. */
function printSchedulingTable(rows: Measured[]) {
  const dash = (v: number | undefined, digits = 0) => (v === undefined ? '-' : fmt(v, digits));
  printRows(
    ['scenario', 'alone p50 ms', 'alone min', 'alone max', 'slots', '201', '409', 'booked (DB)', 'double bookings'],
    rows.map((m) => [
      m.name,
      dash(m.single?.medianMs, 1),
      dash(m.single?.minMs, 1),
      dash(m.single?.maxMs, 1),
      dash(m.slots),
      m.after ? String(statusCount(m, 201)) : '-',
      m.after ? String(statusCount(m, 409)) : '-',
      dash(m.after?.bookedSlots),
      dash(m.after?.doubleBookings),
    ]),
  );
}

function printRows(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(row(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(row(l));
}

async function main(): Promise<number> {
  const cleanups: Array<() => unknown> = [];
  const cleanup = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error('cleanup failed:', error);
      }
    }
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const t0 = Date.now();
    const loadAtStart = loadavg()[0];
    if (loadAtStart > cpus().length / 2) {
      console.warn(
        `warning: load average ${loadAtStart.toFixed(2)} on ${cpus().length} CPUs before starting: other work on this machine will skew the figures`,
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'svc-bench-pg-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const postgres = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
    cleanups.push(() => postgres.stop());
    const databaseUrl = await ensureDatabase(postgres.url, 'bench');
    const stack = await startStack({ databaseUrl, port: 0, subgraphPort: () => 0, internalPort: 0 });
    cleanups.push(() => stack.stop());
    const data = await seed(stack);
    const scheduling = await seedScheduling(stack);
    console.log(
      `stack up and seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${BOOKINGS} bookings, ${PERSONAL_EVENT_TYPES} personal event types, team of ${TEAM_MEMBERS}; DB_POOL_SIZE=${process.env.DB_POOL_SIZE}`,
    );
    console.log(
      `scheduling data: team event type of ${scheduling.team.hostIds.length} hosts (Mon–Fri 09:00–17:00 in ${TEAM_HOST_ZONES.length} zones, ${BOOKINGS_PER_TEAM_HOST} bookings each), ` +
        `one user over ${YEAR_RANGE_DAYS} days (${scheduling.year.seededBookings} bookings; the endpoint accepts at most ${MAX_RANGE_DAYS}), ${CONTENDED_SLOTS} contended booking slots`,
    );

    const floor = await FloorProcess.start(databaseUrl);
    cleanups.push(() => floor.stop());
    // The stack as `npm start` runs it (scenarios M, B, C, G), on the same database, beside the in-process one.
    const deployed = !ONLY || DEPLOYED_IDS.some((id) => ONLY.has(id)) ? await DeployedStack.start(databaseUrl) : null;
    if (deployed) cleanups.push(() => deployed.stop());
    const all = scenarios(stack, data, scheduling, floor, deployed);
    const probes: Record<string, any> = {};
    for (const scenario of all) probes[scenario.id] = await probe(scenario);
    // REST writes the reference's absent-vs-null rule over the same data (RouteEntry.nulls).
    const nulls = GET_EVENT_TYPES?.nulls;
    // writeNulls leaves omitted keys undefined (absent once written as JSON, as in the REST answer).
    const sameAsRest = nulls ? JSON.parse(JSON.stringify(writeNulls(probes.d.data.eventTypes.items, nulls))) : probes.d.data.eventTypes.items;
    assert(isDeepStrictEqual(probes.c.data, sameAsRest), 'REST and GraphQL event types differ');
    assert(isDeepStrictEqual(probes.a.data._entities[0], probes["b'"].data.me), 'direct and gateway bookings differ');
    assert(
      isDeepStrictEqual(probes.m, probes.m0),
      `the floor's GET /v2/me differs from the stack's:\n${JSON.stringify(probes.m0)}\n${JSON.stringify(probes.m)}`,
    );

    const selected = all.filter((s) => !ONLY || ONLY.has(s.id));
    assert(
      selected.length > 0 || ['w', 'start', 'admin'].some((id) => ONLY?.has(id)),
      `BENCH_ONLY=${process.env.BENCH_ONLY} names no scenario (${all.map((s) => s.id).join(', ')})`,
    );
    const load = new LoadGenerator();
    cleanups.push(() => load.stop());
    console.log(
      `measuring ${selected.length} scenarios: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each (load generator in a child process, ${cpus().length} CPUs)\n`,
    );
    const measured: Measured[] = [];
    for (const scenario of selected) {
      const m = await measure(load, scenario);
      if (scenario.id === 'e' || scenario.id === 'f') m.slots = slotCount(probes[scenario.id]);
      measured.push(m);
    }
    // Its webhook worker would share the delivery scenario's queue with the in-process stack's.
    await deployed?.stop();
    // Whatever was measured: no two live bookings of one host overlap (the seed's, the probe's, the load's).
    const { doubleBookings } = await bookingOutcome(stack, scheduling.booking);
    const schedulingRows = measured.filter((m) => m.single || m.after);
    // More 201s than slots booked in the database, or two live bookings of one slot, would be a double booking the overlap count missed.
    const bookingInconsistencies = measured.filter(
      (m) => m.after && (statusCount(m, 201) > m.after.bookedSlots || m.after.liveBookings !== m.after.bookedSlots || m.after.bookedSlots > CONTENDED_SLOTS),
    );
    const micro = await microCosts(stack, data);
    let webhookDelivery: WebhookBenchResult | null = null;
    if (!ONLY || ONLY.has('w')) {
      webhookDelivery = await benchWebhookDelivery(stack, {
        events: Number(process.env.BENCH_WEBHOOK_EVENTS ?? 100),
        subscribers: Number(process.env.BENCH_WEBHOOK_SUBSCRIBERS ?? 10),
        commitConcurrency: Number(process.env.BENCH_WEBHOOK_COMMIT_CONCURRENCY ?? 8),
        workerCounts: (process.env.BENCH_WEBHOOK_WORKERS ?? '1,2').split(',').map(Number),
        databaseUrl,
      });
    }

    // Start and operator command times (issue 12), after the load: fresh processes on the bench's PostgreSQL.
    const startSeconds: number[] = [];
    if (!ONLY || ONLY.has('start')) {
      const startDatabase = await ensureDatabase(postgres.url, 'bench_start');
      for (let i = 0; i < STARTS; i += 1) startSeconds.push(await timeStart(startDatabase));
    }
    const adminSeconds: number[] = [];
    if (!ONLY || ONLY.has('admin')) {
      for (let i = 0; i < STARTS; i += 1) {
        adminSeconds.push(
          await timeAdmin(databaseUrl, [
            'create-user',
            '--email',
            `bench-admin-${i}@example.com`,
            '--name',
            `Admin ${i}`,
            '--password',
            'correct horse battery',
            '--time-zone',
            'UTC',
          ]),
        );
      }
    }

    const by = Object.fromEntries(measured.map((m) => [m.id, m]));
    const ratios = {
      meVsFloor: ratio(by.m, by.m0),
      gatewayShallowVsDirect: ratio(by["b'"], by.a),
      gatewayNestedVsDirect: ratio(by.b, by.a),
      restVsGraphql: ratio(by.c, by.d),
    };
    const cpuRatios = {
      meVsFloor: cpuRatio(by.m, by.m0),
      gatewayShallowVsDirect: cpuRatio(by["b'"], by.a),
      gatewayNestedVsDirect: cpuRatio(by.b, by.a),
      restVsGraphql: cpuRatio(by.c, by.d),
    };
    const failed = measured.reduce((n, m) => n + failuresOf(m), 0);

    printTable(measured);
    if (schedulingRows.length) {
      console.log('');
      printSchedulingTable(schedulingRows);
      if (schedulingRows.some((m) => m.expectedStatuses.length)) {
        console.log(
          `(g: 409 CONFLICT is an expected answer, left out of non-2xx above; booked (DB) = contended slots with a live booking afterwards, of ${CONTENDED_SLOTS}, in-flight requests at the end included)`,
        );
      }
    }
    console.log('');
    const issueRows = issueTable(by, ratios.meVsFloor, cpuRatios.meVsFloor, ratios.gatewayShallowVsDirect, doubleBookings, startSeconds, adminSeconds);
    console.log('');
    printRows(
      ['issue 12 figure', 'this run', 'aim', 'met'],
      issueRows.map((r) => [r.figure, r.value, r.aim, r.met === undefined ? '-' : r.met ? 'yes' : 'no']),
    );
    console.log(
      `(load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} on ${cpus().length} CPUs at the end: absolute req/s and seconds depend on the machine and its other work; the ratios and counts much less)`,
    );
    console.log('');
    console.log(`gateway vs direct (req/s)   b'/a = ${fmt(ratios.gatewayShallowVsDirect, 2)}   b/a = ${fmt(ratios.gatewayNestedVsDirect, 2)}`);
    console.log(`REST vs GraphQL   (req/s)   c/d  = ${fmt(ratios.restVsGraphql, 2)}`);
    console.log(
      `stack CPU per request, same pairs: b'/a = ${fmt(cpuRatios.gatewayShallowVsDirect, 2)}   b/a = ${fmt(cpuRatios.gatewayNestedVsDirect, 2)}   c/d = ${fmt(cpuRatios.restVsGraphql, 2)}` +
        ' (gateway and subgraphs share one process: its CPU per request is their sum)',
    );
    console.log(
      `per-call cost in process: signPrincipal ${fmt(micro.signPrincipalMicros, 1)} µs, verifyPrincipal ${fmt(micro.verifyPrincipalMicros, 1)} µs, ` +
        `cached credential resolve ${fmt(micro.cachedCredentialResolveMicros, 1)} µs (principal header ${micro.principalHeaderBytes} bytes)`,
    );

    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = join(RESULTS_DIR, 'latest.json');
    const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
    writeFileSync(
      file,
      JSON.stringify(
        {
          generatedAt: new Date().toISOString(),
          node: process.version,
          cpus: cpus().length,
          loadAverageAtStart: round(loadAtStart),
          nodeEnv: process.env.NODE_ENV ?? null,
          settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, dbPoolSize: Number(process.env.DB_POOL_SIZE) },
          data: {
            bookings: BOOKINGS,
            personalEventTypes: PERSONAL_EVENT_TYPES,
            teamMembers: TEAM_MEMBERS,
            slotsTeam: {
              hosts: scheduling.team.hostIds.length,
              zones: TEAM_HOST_ZONES,
              bookingsPerHost: BOOKINGS_PER_TEAM_HOST,
              rangeDays: scheduling.team.rangeDays,
              query: scheduling.team.query,
            },
            slotsYear: {
              bookings: scheduling.year.seededBookings,
              rangeDays: scheduling.year.rangeDays,
              maxRangeDays: MAX_RANGE_DAYS,
              query: scheduling.year.query,
            },
            bookingContention: { connections: BOOKING_CONNECTIONS, durationSeconds: BOOKING_DURATION, contendedSlots: CONTENDED_SLOTS },
          },
          scenarios: measured.map((m) => ({
            id: m.id,
            name: m.name.replace(/^\S+\s+/, ''),
            requestsPerSecond: round(m.result.requestsPerSecond, 1),
            p50Ms: m.result.p50,
            p99Ms: m.result.p99,
            requests: m.result.totalRequests,
            non2xx: m.result.non2xx,
            errors: m.result.errors,
            timeouts: m.result.timeouts,
            badBodies: m.result.mismatches,
            sqlPerRequest: round(m.sqlPerRequest),
            ...(m.sqlPerRequestAlone !== undefined ? { sqlPerRequestAlone: round(m.sqlPerRequestAlone) } : {}),
            stackCpuPercent: round(m.stackCpuPercent, 0),
            stackCpuMsPerRequest: round(m.stackCpuMsPerRequest, 3),
            ...(m.expectedStatuses.length || m.after
              ? { statusCounts: m.result.statusCounts, expectedStatuses: m.expectedStatuses, unexpectedNon2xx: unexpectedOf(m) }
              : {}),
            ...(m.slots !== undefined ? { slots: m.slots } : {}),
            ...(m.single
              ? { singleRequest: { calls: m.single.calls, medianMs: round(m.single.medianMs), minMs: round(m.single.minMs), maxMs: round(m.single.maxMs) } }
              : {}),
            ...(m.after ? { created201: statusCount(m, 201), conflict409: statusCount(m, 409), ...m.after } : {}),
          })),
          issue12: issueRows,
          startSeconds,
          adminSeconds,
          ratios: {
            'meVsFloor (m/m0)': round(ratios.meVsFloor, 3),
            "gatewayShallowVsDirect (b'/a)": round(ratios.gatewayShallowVsDirect, 3),
            'gatewayNestedVsDirect (b/a)': round(ratios.gatewayNestedVsDirect, 3),
            'restVsGraphql (c/d)': round(ratios.restVsGraphql, 3),
          },
          cpuPerRequestRatios: {
            'meVsFloor (m/m0)': round(cpuRatios.meVsFloor, 3),
            "gatewayShallowVsDirect (b'/a)": round(cpuRatios.gatewayShallowVsDirect, 3),
            'gatewayNestedVsDirect (b/a)': round(cpuRatios.gatewayNestedVsDirect, 3),
            'restVsGraphql (c/d)': round(cpuRatios.restVsGraphql, 3),
          },
          microCosts: {
            signPrincipalMicros: round(micro.signPrincipalMicros),
            verifyPrincipalMicros: round(micro.verifyPrincipalMicros),
            cachedCredentialResolveMicros: round(micro.cachedCredentialResolveMicros),
            principalHeaderBytes: micro.principalHeaderBytes,
          },
          failedRequests: failed,
          doubleBookings,
          webhookDelivery,
        },
        null,
        2,
      ) + '\n',
    );
    if (webhookDelivery) printWebhookBench(webhookDelivery);
    console.log(`\nwrote ${file}; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    let code = 0;
    if (failed > 0) {
      console.error(`${failed} request(s) failed (unexpected statuses, connection errors or GraphQL errors in the body)`);
      code = 1;
    }
    for (const m of bookingInconsistencies) {
      console.error(
        `${m.name}: ${statusCount(m, 201)} answers 201 but the database holds ${m.after!.liveBookings} live bookings on ${m.after!.bookedSlots} of the slots`,
      );
      code = 1;
    }
    for (const round of webhookDelivery?.rounds ?? []) {
      if (round.received < round.deliveries) {
        console.error(`webhook delivery (${round.workers} worker(s), ${round.round}): ${round.received} of ${round.deliveries} deliveries arrived`);
        code = 1;
      }
    }
    if (doubleBookings > 0) {
      console.error(`${doubleBookings} double booking(s): pairs of accepted/pending bookings of one host that overlap`);
      code = 1;
    }
    return code;
  } catch (error) {
    console.error('bench failed:', error);
    return 1;
  } finally {
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
