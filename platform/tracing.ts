import { Attributes, context, propagation, ProxyTracerProvider, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { setting } from './configuration/settings';

/**
 * What the services' own code does for traces (OpenTelemetry): spans of note, the request id on the request's span,
 * and the trace context carried through the job queue. The SDK, its exporter and the instrumentations of http, undici
 * and pg are started before the service loads, by stack/trace-export.ts, and only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; otherwise every function here returns at its first test (nothing is allocated, no span made).
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(setting('OTEL_EXPORTER_OTLP_ENDPOINT', env));
}
export const TRACING = tracingEnabled();

const tracer = trace.getTracer('svc-supergraph');

/** The request id's attribute on the span of the request (the id of the log lines, `x-request-id`). */
export const REQUEST_ID_ATTRIBUTE = 'svc.request_id';

/** Puts the request's id on the active span (the http server span of the request being served). */
export function tagRequestId(id: string): void {
  if (TRACING) trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, id);
}

/** Names the GraphQL operation a service is serving on the active span (its http server span): `graphql.operation.name`. */
export function tagOperation(name: unknown): void {
  if (TRACING && typeof name === 'string') trace.getActiveSpan()?.setAttribute('graphql.operation.name', name);
}

/** Runs `work` in a span of its own (a child of the active one), given to `work` to add what it learns; a throw is recorded on it. */
export function inSpan<T>(name: string, attributes: Attributes, work: (span?: Span) => Promise<T>): Promise<T> {
  return TRACING ? inSpanOfKind(name, SpanKind.INTERNAL, attributes, work) : work();
}

/** How long a stopping process waits for its last spans to reach the collector. */
export const SPAN_FLUSH_MS = 2_000;

/**
 * Sends the spans still waiting in their batch (which leaves every OTEL_BSP_SCHEDULE_DELAY) and shuts the tracer
 * provider down: a process that stops (platform/lifecycle.ts) calls it last, so the spans of its last requests are not lost
 * with it. It waits SPAN_FLUSH_MS at most: a collector that does not answer does not hold the stop up.
 */
export async function flushSpans(): Promise<void> {
  if (!TRACING) return;
  // The provider stack/trace-export.ts's SDK registered, behind the API's global proxy (the same one in a bundle).
  const registered = trace.getTracerProvider();
  const provider = (registered instanceof ProxyTracerProvider ? registered.getDelegate() : registered) as { shutdown?: () => Promise<void> };
  if (typeof provider.shutdown !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SPAN_FLUSH_MS)));
  const flushed = provider.shutdown().catch((error: Error) => console.error(`[tracing] the last spans were not sent: ${error.message}`));
  await Promise.race([flushed, timeUp]);
  clearTimeout(timer);
}

/** The W3C trace context a job carries from the code that enqueued it to the worker that runs it (`traceparent`, `tracestate`). */
export interface TracedJob {
  traceContext?: Record<string, string>;
}

/** `data` with the active trace context added (`traceContext`), for a job enqueued now; `data` itself when there is none or it carries one. */
export function withTraceContext<T extends object>(data: T): T & TracedJob {
  if (!TRACING || 'traceContext' in data) return data;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...data, traceContext: carrier } : data;
}

/**
 * Runs a job in a span (`<queue> process`, kind consumer) joined to the trace of the request that enqueued it
 * (`traceContext` of its data), so a booking's trace goes on from the REST request to the webhook delivery.
 */
export function runJobTraced<T>(queue: string, jobId: string, data: unknown, work: () => Promise<T>): Promise<T> {
  if (!TRACING) return work();
  const carried = (data as TracedJob | null)?.traceContext;
  const parent = carried ? propagation.extract(ROOT_CONTEXT, carried) : ROOT_CONTEXT;
  const attributes = { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue, 'messaging.message.id': jobId };
  return context.with(parent, () => inSpanOfKind(`${queue} process`, SpanKind.CONSUMER, attributes, work));
}

function inSpanOfKind<T>(name: string, kind: SpanKind, attributes: Attributes, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
