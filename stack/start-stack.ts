import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { GatewayOptions, startGateway, RunningGateway } from '../gateway/gateway';
import { readCheckedInSupergraph } from '../schema/compose';
import { RateLimitSettings } from '../platform/rate-limit-settings';
import { SUBGRAPHS } from '../subgraphs';
import { RunningSubgraph, startSubgraph } from '../platform/server';
import { RunningWebhookWorker, startWebhookWorker } from '../subgraphs/integrations/webhook-delivery/webhook-worker';

export interface RunningStack {
  gateway: RunningGateway;
  /** Base URL of the gateway: /graphql, /v2, /health. */
  url: string;
  subgraphs: Record<string, RunningSubgraph>;
  /** The webhook worker running in this process (unless started with `webhookWorker: false`). */
  webhookWorker?: RunningWebhookWorker;
  /** The DataSource of a subgraph, for operator tools and tests. */
  db(subgraph: string): DataSource;
  stop(): Promise<void>;
}

export interface StackOptions {
  databaseUrl: string;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** Subgraph ports: their defaults (4001–4004) unless 0 (free ports) is given. */
  subgraphPort?: (name: string, defaultPort: number) => number;
  host?: string;
  /** The gateway's internal listener for subgraph callbacks (default INTERNAL_PORT or 4000; 0 picks a free one). */
  internalPort?: number;
  /** Passed to the gateway (tests pass their own). */
  gateway?: Pick<GatewayOptions, 'limits' | 'publicUrl' | 'trustProxy' | 'supergraphSource' | 'corsOrigins' | 'trustedDocuments' | 'trustedDocumentsDir'>;
  /** Overrides of the rate limits, for the gateway and the oauth pages (default: the environment; README lists them). */
  rateLimits?: Partial<RateLimitSettings>;
  /** Run a webhook worker in this process too (default true); false also leaves the booking-hooks queue unworked. */
  webhookWorker?: boolean;
}

/** The four subgraphs (each on its own HTTP port) and the gateway in front of them. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const started: RunningSubgraph[] = [];
  // Subgraphs that ask the supergraph (GraphLink) reach the gateway's internal listener, started below.
  let gatewayUrl: string | undefined;
  // Without the webhook worker, no queue worker in the subgraphs either (scheduling's booking hooks): the tests that
  // count SQL statements or compare rows around a request need nothing changing on its own schedule.
  const bookingHooksWorker = process.env.BOOKING_HOOKS_WORKER;
  if (options.webhookWorker === false) process.env.BOOKING_HOOKS_WORKER = '0';
  try {
    for (const definition of SUBGRAPHS) {
      const port = options.subgraphPort?.(definition.name, definition.defaultPort) ?? definition.defaultPort;
      started.push(
        await startSubgraph(definition, {
          databaseUrl: options.databaseUrl,
          port,
          gatewayUrl: () => gatewayUrl ?? 'http://127.0.0.1:4000',
          rateLimits: options.rateLimits,
        }),
      );
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  } finally {
    if (bookingHooksWorker === undefined) delete process.env.BOOKING_HOOKS_WORKER;
    else process.env.BOOKING_HOOKS_WORKER = bookingHooksWorker;
  }
  const subgraphs = Object.fromEntries(started.map((s) => [s.name, s]));
  const gateway = await startGateway({
    supergraphSdl: options.gateway?.supergraphSource ? undefined : readCheckedInSupergraph(),
    subgraphUrls: Object.fromEntries(started.map((s) => [s.name, s.url])),
    port: options.port ?? 3000,
    host: options.host,
    internalPort: options.internalPort,
    ...options.gateway,
    databaseUrl: options.databaseUrl,
    rateLimits: options.rateLimits,
    webRoutes: SUBGRAPHS.filter((d) => d.web).map((d) => ({ paths: d.web!.paths, target: subgraphs[d.name].origin })),
  });
  gatewayUrl = gateway.internalUrl;
  let webhookWorker: RunningWebhookWorker | undefined;
  if (options.webhookWorker !== false) {
    try {
      webhookWorker = await startWebhookWorker({ databaseUrl: options.databaseUrl, gatewayUrl: () => gateway.internalUrl });
    } catch (error) {
      await gateway.stop();
      await Promise.all(started.map((s) => s.stop()));
      throw error;
    }
  }
  return {
    gateway,
    url: gateway.url,
    subgraphs,
    webhookWorker,
    db: (name) => subgraphs[name].db,
    async stop() {
      await webhookWorker?.stop();
      await gateway.stop();
      await Promise.all(started.map((s) => s.stop()));
    },
  };
}
