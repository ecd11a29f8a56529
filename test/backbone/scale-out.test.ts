import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { openSubgraphDataSources, SubgraphDataSources } from '../../cli/open-data-sources';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { Operator } from '../../stack/operator';
import { GATEWAY_ENTRY, subgraphEntry, WEBHOOK_WORKER_ENTRY } from '../../stack/service-bundles';
import { SUBGRAPH_ADDRESSES } from '../../platform/addresses';
import { attendee, BOOKINGS_VERSION, EVERY_DAY } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { reservedPort } from '../support/reserved-port';
import { ReplicaProcess, startReplicaProcess } from '../support/replica-process';
import { Balancer, startBalancer } from '../support/round-robin-balancer';
import { testRateLimitEnvironment } from '../support/stack';
import { Receiver, startReceiver } from '../webhooks/receiver';
import { fastWebhookSettings } from '../webhooks/settings';

/**
 * Issue 23, item 8: the fleet. Two replicas of every service — the gateway, each of the four subgraphs, the webhook
 * worker — each its own node process (as the supervisor and docker compose run them: real processes, so each has its
 * own pools, its own /metrics and can be killed), all on one PostgreSQL database. Clients reach the gateways through a
 * round-robin balancer on loopback (test/support/round-robin-balancer.ts, as haproxy in docs/operations.md); the
 * gateways reach each subgraph's two replicas through a balancer of that subgraph, and the subgraphs and workers reach
 * the gateways' internal listeners through another. Each request below opens its own connection, so the balancer
 * hands consecutive requests to the gateways in turn.
 */

const HOURS_0_TO_24_UTC = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '00:00', endTime: '23:59' }] };
const REPLICAS = 2;
/** Long enough for a few poll rounds of the workers on a loaded machine. */
const WAIT = { timeoutMs: 15_000 };

interface Answer {
  status: number;
  text: string;
  json: any;
  headers: Record<string, string | string[] | undefined>;
}

interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

/** One request on a connection of its own (no keep-alive), as many clients behind one balancer look to it. */
function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text, json: text.startsWith('{') ? JSON.parse(text) : undefined, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The sum of a Prometheus counter's samples whose labels include these (exposition text). */
function counterSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (Object.entries(labels).every(([label, value]) => match[2].includes(`${label}="${value}"`))) sum += Number(match[3]);
  }
  return sum;
}

describe('scale-out: two replicas of every service on one database, behind balancers', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const database = `test_${randomBytes(6).toString('hex')}`;
  let sources: SubgraphDataSources;
  let operator: Operator;
  /** The clients' balancer in front of the gateways' public ports. */
  let front: Balancer;
  /** The subgraphs' and workers' balancer in front of the gateways' internal listeners. */
  let internal: Balancer;
  /** One balancer per subgraph, in front of its replicas. */
  const subgraphBalancers: Record<string, Balancer> = {};
  let gateways: Array<ReplicaProcess & { internalPort: number }>;
  let subgraphs: Record<string, ReplicaProcess[]>;
  let workers: ReplicaProcess[];
  let receiver: Receiver;
  let day = 1;
  /** A slot of its own for each booking: 10:00 UTC on a new day. */
  const nextStart = () => new Date(Date.UTC(2031, 4, day++, 10)).toISOString();

  const host = async () => {
    const tag = randomBytes(4).toString('hex');
    const user = await operator.createUser({ email: `fleet-${tag}@example.com`, name: `Fleet ${tag}`, timeZone: 'UTC', password: 'correct horse battery' });
    await operator.createSchedule({ ownerId: user.id, name: 'Working hours', isDefault: true, overrides: [], ...HOURS_0_TO_24_UTC });
    const eventType = await operator.createEventType({ title: 'Meeting', slug: `meeting-${tag}`, lengthInMinutes: 30, ownerId: user.id });
    return { user, key: (await operator.createApiKey(user.id)).key, eventTypeId: eventType.id };
  };
  const book = (eventTypeId: number, start: string, tag: string, idempotencyKey?: string) =>
    call(front.url, 'POST', '/v2/bookings', { body: { eventTypeId, start, attendee: attendee(tag, 'UTC') }, headers: BOOKINGS_VERSION, idempotencyKey });
  const liveBookingsAt = async (eventTypeId: number, start: string) =>
    (await sources
      .db('scheduling')
      .query(`SELECT uid FROM bookings WHERE event_type_id = $1 AND start_time = $2 AND status IN ('accepted', 'pending')`, [eventTypeId, start])) as Array<{
      uid: string;
    }>;
  /** The gateway (its public port) the balancer gave the last connection to. */
  const lastGateway = () => front.picks[front.picks.length - 1];
  const gatewayPorts = () => gateways.map((g) => g.port).sort();

  beforeAll(async () => {
    fastWebhookSettings();
    process.env.DB_POOL_SIZE = '2';
    const databaseUrl = await ensureDatabase(serverUrl, database, process.env.TEST_TEMPLATE_DATABASE);
    [front, internal, receiver] = await Promise.all([startBalancer(), startBalancer(), startReceiver()]);
    for (const { name } of SUBGRAPH_ADDRESSES) subgraphBalancers[name] = await startBalancer();
    const workerPorts = await Promise.all(Array.from({ length: REPLICAS }, () => reservedPort()));
    const internalPorts = await Promise.all(Array.from({ length: REPLICAS }, () => reservedPort()));
    const fleet: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      // What every replica must share (docs/operations.md): the keys of gateway → subgraph and subgraph → gateway calls.
      INTERNAL_SECRET: randomBytes(32).toString('hex'),
      SYSTEM_CALL_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: '0',
      GATEWAY_INTERNAL_URL: internal.url,
      SUPERGRAPH_POLL_MS: '0',
      ...testRateLimitEnvironment(),
    };
    const gatewayEnv = (internalPort: number): NodeJS.ProcessEnv => ({
      ...fleet,
      INTERNAL_PORT: String(internalPort),
      INTERNAL_HOST: '127.0.0.1',
      WORKER_HEALTH_URLS: workerPorts.map((port, i) => `webhook-worker-${i + 1}=http://127.0.0.1:${port}/health`).join(','),
      ...Object.fromEntries(SUBGRAPH_ADDRESSES.map(({ name }) => [`${name.toUpperCase()}_URL`, `${subgraphBalancers[name].url}/graphql`])),
    });
    // Every replica at once, as `docker compose up --scale` starts them; each joins its balancer once it is ready.
    const joining = (balancer: Balancer) => (replica: ReplicaProcess) => (balancer.targets.push(replica.port), replica);
    const [subgraphReplicas, gatewayReplicas, workerReplicas, opened] = await Promise.all([
      Promise.all(
        SUBGRAPH_ADDRESSES.flatMap(({ name }) =>
          Array.from({ length: REPLICAS }, (_, i) =>
            startReplicaProcess(`${name}-${i + 1}`, subgraphEntry(name), fleet).then(joining(subgraphBalancers[name])),
          ),
        ),
      ),
      Promise.all(
        internalPorts.map((internalPort, i) =>
          startReplicaProcess(`gateway-${i + 1}`, GATEWAY_ENTRY, gatewayEnv(internalPort)).then((gateway) => {
            internal.targets.push(internalPort);
            return Object.assign(joining(front)(gateway), { internalPort });
          }),
        ),
      ),
      Promise.all(workerPorts.map((port, i) => startReplicaProcess(`webhook-worker-${i + 1}`, WEBHOOK_WORKER_ENTRY, { ...fleet, PORT: String(port) }))),
      openSubgraphDataSources(databaseUrl),
    ]);
    subgraphs = Object.fromEntries(SUBGRAPH_ADDRESSES.map(({ name }) => [name, subgraphReplicas.filter((r) => r.name.startsWith(`${name}-`))]));
    [gateways, workers, sources] = [gatewayReplicas, workerReplicas, opened];
    operator = new Operator(sources.db);
  }, 120_000);

  afterAll(async () => {
    const replicas = [...(gateways ?? []), ...(workers ?? []), ...Object.values(subgraphs ?? {}).flat()];
    await Promise.all(replicas.map((replica) => replica.kill('SIGTERM')));
    await Promise.all([front, internal, receiver, ...Object.values(subgraphBalancers)].map((server) => server?.stop()));
    await sources?.close();
    await dropDatabase(serverUrl, database);
  });

  it('a write through one gateway is read through the other at once', async () => {
    const { key, eventTypeId } = await host();
    const start = nextStart();
    const booked = await book(eventTypeId, start, 'write-here');
    expect(booked.status).toBe(201);
    const writer = lastGateway();
    const read = await call(front.url, 'GET', `/v2/bookings/${booked.json.data.uid}`, { key, headers: BOOKINGS_VERSION });
    expect(lastGateway()).not.toBe(writer);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ uid: booked.json.data.uid, start, status: 'accepted' });
  });

  it('20 racing bookings of one slot across both gateways: exactly one 201, the others 409, one booking', async () => {
    const { eventTypeId } = await host();
    const start = nextStart();
    const from = front.picks.length;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(eventTypeId, start, `racer-${i}`)));
    expect(new Set(front.picks.slice(from)).size).toBe(REPLICAS);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const winner = answers.find((a) => a.status === 201)!;
    expect(await liveBookingsAt(eventTypeId, start)).toEqual([{ uid: winner.json.data.uid }]);
  });

  it("each gateway's /metrics (on its internal port) counts the requests it served, not the other's", async () => {
    const { key } = await host();
    const meAnswered = { method: 'GET', route: '/v2/me', status: '200' };
    const scrapeOne = async (internalPort: number) => (await fetch(`http://127.0.0.1:${internalPort}/metrics`)).text();
    const scrape = () => Promise.all(gateways.map(async (g) => counterSum(await scrapeOne(g.internalPort), 'svc_rest_requests_total', meAnswered)));
    const before = await scrape();
    const from = front.picks.length;
    for (let i = 0; i < 5; i++) expect((await call(front.url, 'GET', '/v2/me', { key })).status).toBe(200);
    // Round robin: one gateway served 3 of the 5, the other 2; each counts those it served.
    const served = gateways.map((g) => front.picks.slice(from).filter((port) => port === g.port).length);
    expect([...served].sort()).toEqual([2, 3]);
    const after = await scrape();
    expect(after.map((count, i) => count - before[i])).toEqual(served);
  });

  it('a scheduling replica killed after it committed a booking, before its answer: the retry with the same Idempotency-Key gets the original 201', async () => {
    const { eventTypeId } = await host();
    const start = nextStart();
    const idempotencyKey = randomUUID();
    const executedBy = subgraphBalancers.scheduling.loseAnswerTo('mutation');
    const lost = await book(eventTypeId, start, 'lost-answer', idempotencyKey);
    expect([lost.status, lost.json?.error?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const killedPort = await executedBy;
    await subgraphs.scheduling.find((replica) => replica.port === killedPort)!.kill('SIGKILL');
    const committed = await liveBookingsAt(eventTypeId, start);
    expect(committed).toHaveLength(1);
    const retry = await book(eventTypeId, start, 'lost-answer', idempotencyKey);
    expect(retry.status).toBe(201);
    expect(retry.json.data).toMatchObject({ uid: committed[0].uid, start, status: 'accepted' });
    expect(await liveBookingsAt(eventTypeId, start)).toEqual(committed);
    // The other scheduling replica serves both gateways: each is still ready.
    for (const gateway of gateways) expect((await call(gateway.url, 'GET', '/health/ready')).status).toBe(200);
  });

  it('one of two webhook workers stopped: both gateways stay ready (their /health says degraded) and each event arrives once', async () => {
    const { key, eventTypeId } = await host();
    const hook = { subscriberUrl: receiver.url, triggers: ['BOOKING_CREATED'], active: true };
    const subscribed = await call(front.url, 'POST', '/v2/webhooks', { key, body: hook });
    expect(subscribed.status).toBe(201);
    await workers[0].kill('SIGTERM');
    for (const gateway of gateways) {
      expect((await call(gateway.url, 'GET', '/health/ready')).status).toBe(200);
      const detailed = await call(gateway.url, 'GET', '/health');
      expect([detailed.status, detailed.json.status, detailed.json.workers['webhook-worker-2']]).toEqual([200, 'degraded', 'ok']);
      expect(detailed.json.workers['webhook-worker-1']).not.toBe('ok');
    }
    const uids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const booked = await book(eventTypeId, nextStart(), `hooked-${i}`);
      expect(booked.status).toBe(201);
      uids.push(booked.json.data.uid);
    }
    expect(await eventually(async () => receiver.requests.length >= uids.length, WAIT)).toBe(true);
    const received = receiver.requests.map((r) => JSON.parse(r.body).payload.uid).sort();
    expect(received).toEqual([...uids].sort());
  });

  it('the balancers handed connections to both replicas of each subgraph and of the gateways', () => {
    expect(gatewayPorts()).toEqual([...new Set(front.picks)].sort());
    for (const { name } of SUBGRAPH_ADDRESSES) expect({ name, replicas: new Set(subgraphBalancers[name].picks).size }).toEqual({ name, replicas: REPLICAS });
  });
});
