import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { openSubgraphDataSources } from '../../cli/open-data-sources';
import { Operator } from '../../stack/operator';
import { BOOKINGS_VERSION, EVERY_DAY } from '../support/booking-fixtures';
import { eventually } from '../support/eventually';
import { PrivateSupervisedStack, startPrivateSupervisor } from '../support/supervised-stack';
import { startReplicaProcess } from '../support/replica-process';
import { TRACED_SERVICE_ENTRY } from '../support/traced-service';
import { Receiver, startReceiver } from '../webhooks/receiver';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };
const valueOf = (value: OtlpValue) => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** OTLP span kind SERVER (the OTLP/JSON enum: 1 internal, 2 server, 3 client, 4 producer, 5 consumer). */
const SERVER = 2;

/** A loopback OTLP/HTTP receiver: every span POSTed to /v1/traces, in JSON. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ExportedSpan[]; stop(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces' && (req.headers['content-type'] ?? '').startsWith('application/json')) {
        for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ service, ...span, attributes: attributesOf(span.attributes) });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 23, item 5: with OTEL_EXPORTER_OTLP_ENDPOINT set, every service of `npm start` exports its spans, joined by W3C
 * traceparent over HTTP and through the job queue, so one booking is one trace from its REST request to its webhook delivery.
 */
describe('traces: one booking, one trace from the REST request to the webhook delivery', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let hooks: Receiver;
  let supervised: PrivateSupervisedStack;
  let key: string;
  let eventTypeId: number;

  beforeAll(async () => {
    [otlp, hooks] = await Promise.all([startOtlpReceiver(), startReceiver()]);
    supervised = await startPrivateSupervisor({
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      // Batches of spans leave every 100 ms, so the test polls for a fraction of a second rather than 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ALLOW_PRIVATE_TARGETS: '1',
      WEBHOOK_POLLING_INTERVAL_SECONDS: '0.5',
    });
    const sources = await openSubgraphDataSources(supervised.env.DATABASE_URL!);
    try {
      const operator = new Operator(sources.db);
      const user = await operator.createUser({ email: 'tracy@example.com', name: 'Tracy', timeZone: 'UTC', password: 'correct horse battery' });
      const availability = [{ days: EVERY_DAY, startTime: '09:00', endTime: '17:00' }];
      await operator.createSchedule({ ownerId: user.id, name: 'Open', isDefault: true, timeZone: 'UTC', availability, overrides: [] });
      eventTypeId = (await operator.createEventType({ title: 'Traced call', slug: 'traced-call', lengthInMinutes: 30, ownerId: user.id })).id;
      key = (await operator.createApiKey(user.id)).key;
    } finally {
      await sources.close();
    }
    const webhook = await fetch(`${supervised.base}/v2/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subscriberUrl: hooks.url, triggers: ['BOOKING_CREATED'], active: true }),
    });
    expect(webhook.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await supervised?.stop();
    await Promise.all([otlp?.stop(), hooks?.stop()]);
  });

  it("the gateway's request span (with the request id), its fetch, a scheduling span, its SQL and the delivery attempt share one traceId", async () => {
    const start = new Date(Date.UTC(2031, 4, 6, 10)).toISOString();
    const booked = await fetch(`${supervised.base}/v2/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...BOOKINGS_VERSION },
      body: JSON.stringify({ eventTypeId, start, attendee: { name: 'Guest', email: 'guest@example.com', timeZone: 'UTC' } }),
    });
    expect(booked.status).toBe(201);
    const requestId = booked.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    // The gateway's server span of the request carries its id; its trace is the booking's.
    let request: ExportedSpan | undefined;
    const isRequestSpan = (s: ExportedSpan) => s.service === 'gateway' && s.kind === SERVER && s.attributes['svc.request_id'] === requestId;
    expect(await eventually(async () => !!(request = otlp.spans.find(isRequestSpan)), { timeoutMs: 10_000 })).toBe(true);
    const inTrace = () => otlp.spans.filter((s) => s.traceId === request!.traceId);
    const attempt = () => inTrace().find((s) => s.service === 'webhook-worker' && s.name === 'webhook delivery attempt');
    expect(await eventually(async () => !!attempt(), { timeoutMs: 15_000 })).toBe(true);

    const spans = inTrace();
    const named = (service: string, name: string) => spans.filter((s) => s.service === service && s.name === name);
    const isSql = (s: ExportedSpan) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql';
    expect({
      gatewayFetch: named('gateway', 'gateway.fetch').length > 0,
      schedulingServer: spans.some((s) => s.service === 'scheduling' && s.kind === SERVER),
      bookingCreate: named('scheduling', 'booking create').length,
      schedulingSql: spans.some((s) => s.service === 'scheduling' && isSql(s)),
      eventJob: named('webhook-worker', 'webhook-event process').length,
      deliveryJob: named('webhook-worker', 'webhook-delivery process').length,
      attemptOutcome: attempt()!.attributes['svc.delivery_outcome'],
    }).toEqual({ gatewayFetch: true, schedulingServer: true, bookingCreate: 1, schedulingSql: true, eventJob: 1, deliveryJob: 1, attemptOutcome: 'delivered' });
    // The receiver was sent the trace's context too (W3C traceparent: version-traceId-spanId-flags).
    expect(hooks.requests).toHaveLength(1);
    expect(hooks.requests[0].headers.traceparent).toMatch(new RegExp(`^00-${request!.traceId}-[0-9a-f]{16}-0[01]$`));
  });

  it('each process of npm start serves its own /metrics: the worker counts the delivery, scheduling its pool; none was restarted', async () => {
    const output = supervised.stack.output();
    const worker = /^webhook-worker +health (http:\/\/\S+)\/health$/m.exec(output)![1];
    const scheduling = /^scheduling +(http:\/\/\S+)\/graphql$/m.exec(output)![1];
    const [workerMetrics, schedulingMetrics] = await Promise.all([worker, scheduling].map(async (base) => (await fetch(`${base}/metrics`)).text()));
    expect(workerMetrics).toMatch(/^svc_webhook_deliveries_total\{outcome="delivered"\} 1$/m);
    expect(workerMetrics).toMatch(/^svc_process_restarts_total 0$/m);
    expect(schedulingMetrics).toMatch(/^svc_db_pool_clients\{pool="scheduling",state="total"\} [1-9]\d*$/m);
    expect(schedulingMetrics).not.toMatch(/^svc_webhook_deliveries_total\{/m);
  });
});

describe('traces: a process stopped by SIGTERM', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
  });
  afterAll(() => otlp?.stop());

  it('sends the spans still waiting in their batch before it exits', async () => {
    // Batches every minute: only the stop can send the span of this request within the test.
    const service = await startReplicaProcess('traced-service', TRACED_SERVICE_ENTRY, {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_SERVICE_NAME: 'stopping-service',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    const served = () => otlp.spans.filter((s) => s.service === 'stopping-service' && s.kind === SERVER);
    try {
      expect((await fetch(`${service.url}/last-request`)).status).toBe(204);
      expect(served()).toEqual([]);
    } finally {
      await service.kill('SIGTERM');
    }
    expect(service.child.exitCode).toBe(0);
    expect(served()).toHaveLength(1);
  });
});
