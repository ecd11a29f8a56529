/**
 * `node --require dist/stack/trace-export.js <service>`: starts OpenTelemetry before the service loads, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (otherwise it loads nothing). The supervisor (npm start) adds it to every service
 * it starts while tracing is on; a container gives it in NODE_OPTIONS (docs/operations.md, "Traces").
 *
 * Spans go in batches (OTEL_BSP_SCHEDULE_DELAY, default 5 s) to `<endpoint>/v1/traces` as OTLP/HTTP JSON; the service
 * is named by OTEL_SERVICE_NAME (the supervisor gives each its own: gateway, scheduling, …, webhook-worker). Instrumented:
 * node:http in and out (W3C traceparent sent and read: gateway ↔ subgraphs, subgraph → gateway callbacks, webhook
 * receivers), undici (fetch), pg (SQL statements, without their parameters, and only inside a traced request or job:
 * the queue's polling makes no trace). @apollo/gateway makes its own spans (request, plan, one per fetch) once a tracer
 * provider is registered; the services add theirs through platform/tracing.ts (jobs, delivery attempts, bookings).
 */
import type { IncomingMessage } from 'node:http';
import { TRACING } from '../platform/tracing';

/** Paths whose answers make no trace: probes and scrapes come every few seconds and say nothing about a request. */
const UNTRACED_PATHS: ReadonlySet<string> = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

function startTracing(): void {
  // Loaded here, not imported at the top: without an endpoint this file loads nothing.
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const sdk = new NodeSDK({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    // Traces only: the metrics are Prometheus's (platform/metrics.ts), the logs pino's on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]) }),
      new UndiciInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

if (TRACING) startTracing();
