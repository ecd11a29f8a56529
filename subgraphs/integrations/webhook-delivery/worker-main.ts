import 'reflect-metadata';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { defaultGatewayUrl } from '../../../platform/graph-link';
import { answerProbe, dependencyStates } from '../../../platform/health';
import { serveUntilStopped } from '../../../platform/lifecycle';
import { answerMetrics } from '../../../platform/metrics';
import { startWebhookWorker } from './webhook-worker';
import { assertValidConfiguration, ConfigurationError, setting } from '../../../platform/configuration/settings';

/**
 * The webhook worker as its own process (`npm start` runs WEBHOOK_WORKERS of them, docker-compose one):
 * DATABASE_URL, GATEWAY_INTERNAL_URL (subscriber lookups), SYSTEM_CALL_SECRET, and PORT for its /health/live,
 * /health/ready (its database, where the queue is), /health (the same, read by the gateway's /health) and /metrics (Prometheus).
 */
async function main() {
  assertValidConfiguration('webhook worker');
  const databaseUrl = setting('DATABASE_URL');
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const worker = await startWebhookWorker({ databaseUrl, gatewayUrl: defaultGatewayUrl });
  const readiness = { database: worker.checkDatabase };
  const server = createServer((req, res) => {
    if (answerProbe(req, res, readiness) || answerMetrics(req, res)) return;
    if (req.url !== '/health') return res.writeHead(404).end();
    void dependencyStates(readiness).then(({ database }) => {
      const ok = database === 'ok';
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: ok ? 'ok' : 'error', service: 'webhook-worker' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(setting('PORT') ?? 4010, setting('HOST') ?? '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`webhook worker running (health ${url}/health)`);
  serveUntilStopped('webhook-worker', url, async () => {
    server.close();
    await worker.stop();
  });
}

main().catch((error) => {
  console.error('webhook worker failed to start:', error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
});
