// What the metrics cost one request (issue 23: ≤ 3 % CPU per request with metrics on): `npm run build`, then
// `N=200000 node bench/metrics-cost.js`. Times, in one process, the counting one GET /v2/me does at the gateway
// (its route's record, the /v2 middleware's `finish` listener) and the counting of the subgraph fetch it makes and of
// the fetch's operation on the subgraph's side; prints microseconds per request and the share of CPUBASE_MS (the CPU
// one GET /v2/me costs the stack: docs/performance.md, default 1.6 ms).
const { EventEmitter } = require('node:events');
const metrics = require('../dist/platform/metrics');
const { restRequestMetrics } = require('../dist/gateway/rest/request-metrics');
const { ROUTES } = require('../dist/gateway/rest/routes');

const N = Number(process.env.N || 200_000);
const base = Number(process.env.CPUBASE_MS || 1.6);
const middleware = restRequestMetrics(ROUTES);
const route = metrics.restRouteMetrics('GET', '/v2/me');
const fetches = metrics.subgraphFetchMetrics('organizations');
const req = { method: 'GET', originalUrl: '/v2/me' };

function oneRequest() {
  const res = new EventEmitter();
  res.statusCode = 200;
  res.locals = { routeRecorder: route };
  middleware(req, res, () => undefined);
  const started = performance.now();
  fetches.record(true, (performance.now() - started) / 1000);
  metrics.recordOperation('Me__organizations__0', false, 0.001);
  res.emit('finish');
}
// The same work without the counting: an EventEmitter per request, its `finish`, two clock reads.
function bare() {
  const res = new EventEmitter();
  res.once('finish', () => performance.now());
  performance.now();
  res.emit('finish');
}

function cpuMicros(run) {
  for (let i = 0; i < N / 10; i++) run();
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / N;
}
const withMetrics = cpuMicros(oneRequest);
const without = cpuMicros(bare);
const cost = withMetrics - without;
console.log(
  `metrics per request: ${cost.toFixed(2)} µs CPU (${withMetrics.toFixed(2)} with, ${without.toFixed(2)} without; n=${N}); ` +
    `${((cost / 1000 / base) * 100).toFixed(2)} % of ${base} ms per GET /v2/me`,
);
metrics.metricsText().then((text) => {
  const started = process.cpuUsage();
  return metrics.metricsText().then(() => {
    const used = process.cpuUsage(started);
    console.log(`one scrape: ${((used.user + used.system) / 1000).toFixed(1)} ms CPU, ${text.length} bytes`);
    process.exit(0);
  });
});
