import { request as httpRequest } from 'node:http';
import { attendee, book, EVERY_DAY, Host, hostWithSchedule } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { expectSuccess } from '../support/fixtures';
import { startTestStack, TestStack } from '../support/stack';
import { fastWebhookSettings } from '../webhooks/settings';
import { Receiver, startReceiver } from '../webhooks/receiver';

const OPEN = { timeZone: 'UTC', availability: [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }] };
/** Bearer credentials of the right shape that resolve to nobody. */
const UNKNOWN_KEY = `svc_${'0'.repeat(64)}`;
/** Failed credential lookups one client IP may make before it is locked out (this stack's setting). */
const CREDENTIAL_FAILURES_PER_IP = 2;

/** One sample of the exposition text: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the series with exactly these labels (0 when it is not there yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value ?? 0;
}

/** GET `<base>/metrics`: status, content type and samples. */
async function scrape(base: string): Promise<{ status: number; type: string | null; samples: Sample[] }> {
  const response = await fetch(`${base}/metrics`);
  return { status: response.status, type: response.headers.get('content-type'), samples: samplesOf(await response.text()) };
}

/** A GET from another loopback address than the test's own, so that a lockout of that address locks nothing else. */
function getFrom(localAddress: string, url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname } = new URL(url);
    const req = httpRequest({ host: hostname, port, path: pathname, localAddress, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Issue 23, item 6: each process serves its Prometheus series at /metrics on its internal port (the gateway's internal
 * listener, a subgraph's own port), never on the gateway's public port. The series are counted per route template, per
 * GraphQL operation name, per subgraph fetch, per refusal kind, per pool, per queue and per delivery outcome.
 */
/** The most operation names one process labels (docs/decisions.md, "Issue 23 — metrics and traces"). */
const OPERATION_NAMES = 200;

describe("Prometheus metrics: /metrics on each process's internal port", () => {
  let stack: TestStack;
  let host: Host;
  let receiver: Receiver;
  let eventTypeId: number;
  let internal: string;

  beforeAll(async () => {
    fastWebhookSettings();
    [stack, receiver] = await Promise.all([startTestStack({ rateLimits: { credentialFailuresPerIp: CREDENTIAL_FAILURES_PER_IP } }), startReceiver()]);
    internal = stack.gateway.internalUrl;
    host = await hostWithSchedule(stack, OPEN);
    const [eventType, webhook] = await Promise.all([
      stack.rest('POST', '/v2/event-types', { key: host.key, body: { title: 'Metered call', slug: 'metered-call', lengthInMinutes: 30 } }),
      stack.rest('POST', '/v2/webhooks', { key: host.key, body: { subscriberUrl: receiver.url, triggers: ['BOOKING_CREATED'], active: true } }),
    ]);
    eventTypeId = expectSuccess(eventType, 201).id;
    expectSuccess(webhook, 201);
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  it('is not served on the public port: 404', async () => {
    expect((await fetch(`${stack.url}/metrics`)).status).toBe(404);
  });

  it('counts REST requests by method, route template and status, with latency; a booking, GraphQL operations and subgraph fetches', async () => {
    const before = (await scrape(internal)).samples;
    expectSuccess(await stack.rest('GET', `/v2/event-types/${eventTypeId}`, { key: host.key }));
    expectSuccess(await stack.rest('GET', `/v2/event-types/${eventTypeId}`, { key: host.key }));
    expect((await stack.rest('GET', '/v2/me', { key: UNKNOWN_KEY })).status).toBe(401);
    expect((await stack.rest('GET', '/v2/no-such-route', { key: host.key })).status).toBe(404);
    const start = new Date(Date.UTC(2031, 4, 6, 10)).toISOString();
    const booking = expectSuccess(await book(stack, { eventTypeId, start, attendee: attendee('metered') }), 201);
    expectSuccess(await stack.rest('GET', `/v2/bookings/${booking.uid}`, { key: host.key }));
    expect((await stack.graphql('query MeteredMe { me { id } }', {}, host.key)).status).toBe(200);
    expect((await stack.graphql('{ me { id } }', {}, host.key)).status).toBe(200);
    expect((await stack.graphql('query MeteredMissing { webhook(id: 999999) { id } }', {}, host.key)).body.errors[0].extensions.code).toBe('NOT_FOUND');

    const scraped = await scrape(internal);
    expect(scraped.status).toBe(200);
    expect(scraped.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = scraped.samples;
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    // A process names at most 200 operations (the bound on the label's values), then counts further names as "(other)". The
    // files of one jest worker share a process (jest-light-runner), so earlier files may have used the 200 names already.
    const namesBefore = new Set(before.filter((s) => s.name === 'svc_graphql_operations_total').map((s) => s.labels.operation));
    namesBefore.delete('(other)');
    if (namesBefore.size >= OPERATION_NAMES) {
      expect({
        namedOperation: moved('svc_graphql_operations_total', { operation: 'MeteredMe', outcome: 'ok' }),
        failedOperation: moved('svc_graphql_operations_total', { operation: 'MeteredMissing', outcome: 'error' }),
        foldedFailures: moved('svc_graphql_operations_total', { operation: '(other)', outcome: 'error' }) >= 1,
        foldedAnswers: moved('svc_graphql_operations_total', { operation: '(other)', outcome: 'ok' }) >= 2 + 1,
      }).toEqual({ namedOperation: 0, failedOperation: 0, foldedFailures: true, foldedAnswers: true });
      return;
    }
    expect({
      eventType: moved('svc_rest_requests_total', { method: 'GET', route: '/v2/event-types/{eventTypeId}', status: '200' }),
      unknownKey: moved('svc_rest_requests_total', { method: 'GET', route: '/v2/me', status: '401' }),
      noRoute: moved('svc_rest_requests_total', { method: 'GET', route: '(unmatched)', status: '404' }),
      booked: moved('svc_rest_requests_total', { method: 'POST', route: '/v2/bookings', status: '201' }),
      bookingRead: moved('svc_rest_requests_total', { method: 'GET', route: '/v2/bookings/{bookingUid}', status: '200' }),
      eventTypeLatencies: moved('svc_rest_request_duration_seconds_count', { method: 'GET', route: '/v2/event-types/{eventTypeId}' }),
      namedOperation: moved('svc_graphql_operations_total', { operation: 'MeteredMe', outcome: 'ok' }),
      anonymousOperation: moved('svc_graphql_operations_total', { operation: '(other)', outcome: 'ok' }),
      failedOperation: moved('svc_graphql_operations_total', { operation: 'MeteredMissing', outcome: 'error' }),
      namedLatencies: moved('svc_graphql_operation_duration_seconds_count', { operation: 'MeteredMe' }),
    }).toEqual({
      eventType: 2,
      unknownKey: 1,
      noRoute: 1,
      booked: 1,
      bookingRead: 1,
      eventTypeLatencies: 2,
      namedOperation: 1,
      // The gateway's, and the organizations subgraph's answer to its fetch (anonymous too): one process in this stack.
      anonymousOperation: 2,
      failedOperation: 1,
      namedLatencies: 1,
    });
    // The booking and the reads fetched from scheduling; `me` from organizations.
    expect(moved('svc_subgraph_fetches_total', { subgraph: 'scheduling', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(moved('svc_subgraph_fetches_total', { subgraph: 'organizations', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(moved('svc_subgraph_fetch_duration_seconds_count', { subgraph: 'scheduling' })).toBeGreaterThanOrEqual(2);
    // No raw path is ever a label: the uid and the id are only in the templates' places.
    const labels = after.flatMap((s) => Object.values(s.labels));
    expect(labels.filter((value) => value.includes(booking.uid) || value.includes(`/${eventTypeId}`))).toEqual([]);

    // The booking's webhook is delivered (the worker runs in this process); its meeting triggers wait in the queue.
    expect(await eventually(async () => receiver.requests.length === 1, { timeoutMs: 10_000 })).toBe(true);
    let latest = after;
    const delivered = (samples: Sample[]) => valueOf(samples, 'svc_webhook_deliveries_total', { outcome: 'delivered' });
    expect(
      await eventually(async () => {
        latest = (await scrape(internal)).samples;
        return delivered(latest) - delivered(before) === 1;
      }),
    ).toBe(true);
    expect(valueOf(latest, 'svc_job_queue_jobs', { queue: 'webhook-scheduled', state: 'created' })).toBeGreaterThanOrEqual(2);
  });

  it('shows the database pools, the restarts and the default process metrics', async () => {
    const { samples } = await scrape(internal);
    for (const pool of ['scheduling', 'organizations', 'integrations', 'oauth', 'gateway']) {
      expect({ pool, total: valueOf(samples, 'svc_db_pool_clients', { pool, state: 'total' }) }).toEqual({ pool, total: expect.any(Number) });
      expect(valueOf(samples, 'svc_db_pool_clients', { pool, state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(samples.some((s) => s.name === 'svc_db_pool_clients' && s.labels.pool === pool && s.labels.state === 'waiting')).toBe(true);
    }
    // Started by the test, not by the supervisor: no restart.
    expect(valueOf(samples, 'svc_process_restarts_total', {})).toBe(0);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect({ name, present: samples.some((s) => s.name === name) }).toEqual({ name, present: true });
    }
  });

  it('a subgraph serves /metrics on its own port', async () => {
    const { status, samples } = await scrape(stack.subgraphs.scheduling.origin);
    expect(status).toBe(200);
    expect(valueOf(samples, 'svc_db_pool_clients', { pool: 'scheduling', state: 'total' })).toBeGreaterThanOrEqual(1);
    // The gateway's fetches are counted on the subgraph's side by the query plan's operation names.
    expect(samples.some((s) => s.name === 'svc_graphql_operations_total' && s.value > 0)).toBe(true);
  });

  it('counts 429 refusals by kind and lockouts: an address past its failed credentials is locked out', async () => {
    const before = (await scrape(internal)).samples;
    const address = '127.0.0.23';
    const statuses: number[] = [];
    for (let i = 0; i <= CREDENTIAL_FAILURES_PER_IP; i++) statuses.push(await getFrom(address, `${stack.url}/v2/me`, UNKNOWN_KEY));
    expect(statuses).toEqual([401, 401, 429]);
    const after = (await scrape(internal)).samples;
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect({
      lockouts: moved('svc_lockouts_total', { kind: 'invalid-credentials-per-ip' }),
      refusals: moved('svc_rate_limit_refusals_total', { kind: 'invalid-credentials-per-ip' }),
      answered: moved('svc_rest_requests_total', { method: 'GET', route: '/v2/me', status: '429' }),
    }).toEqual({ lockouts: 1, refusals: 1, answered: 1 });
  });
});
