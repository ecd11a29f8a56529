require('/work/wt-perf/dist/bench/env.js');
require('reflect-metadata');
const { mkdtempSync } = require('fs'); const { join } = require('path'); const { tmpdir } = require('os');
const { startEmbeddedPostgres } = require('/work/wt-perf/dist/stack/embedded-postgres');
const { ensureDatabase } = require('/work/wt-perf/dist/stack/database');
const { freePort } = require('/work/wt-perf/dist/stack/ports');
const { startStack } = require('/work/wt-perf/dist/stack/start-stack');
const { Operator } = require('/work/wt-perf/dist/stack/operator');
(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'perf-idle-'));
  const pg = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false });
  const url = await ensureDatabase(pg.url, 'idle');
  const stack = await startStack({ databaseUrl: url, port: 0, subgraphPort: () => 0, internalPort: 0, webhookWorker: process.env.NO_WORKER ? false : undefined });
  const op = new Operator(stack.db);
  const user = await op.createUser({ email: 'a@example.com', name: 'A', timeZone: 'UTC', password: 'correct horse battery' });
  const { key } = await op.createApiKey(user.id, 'k');
  await new Promise((r) => setTimeout(r, 3000));
  let c0 = process.cpuUsage(); await new Promise((r) => setTimeout(r, 5000)); let c = process.cpuUsage(c0);
  console.log('idle CPU ms per s', ((c.user + c.system) / 1000 / 5).toFixed(1));
  const N = Number(process.env.N || 200);
  const { meRoutes } = require('/work/wt-perf/dist/gateway/rest/routes/me');
  const meOp = meRoutes[0].operation;
  const principal = await stack.gateway.credentials.resolve('Bearer ' + key);
  const bench = async (label, fn) => {
    for (let i = 0; i < 30; i++) await fn();
    if (process.env.PROFILE_LABEL && label.startsWith(process.env.PROFILE_LABEL)) {
      const { Session } = require('inspector/promises'); const session = new Session(); session.connect();
      await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start');
      for (let i = 0; i < N; i++) await fn();
      const { profile } = await session.post('Profiler.stop');
      require('fs').writeFileSync(process.env.PROFILE_FILE, JSON.stringify(profile));
    }
    const c0 = process.cpuUsage(); const t0 = Date.now();
    for (let i = 0; i < N; i++) await fn();
    const c = process.cpuUsage(c0);
    console.log(label.padEnd(40), 'CPU ms/req', ((c.user + c.system) / 1000 / N).toFixed(2), ' wall ms/req', ((Date.now() - t0) / N).toFixed(2));
  };
  const { signPrincipal, PRINCIPAL_HEADER } = require('/work/wt-perf/dist/subgraphs/kit/principal');
  if (process.env.SHOW_SQL) { process.env.LOG_SQL = '1'; console.log('--- one run'); await stack.gateway.run(meOp, {}, principal); console.log('--- end'); delete process.env.LOG_SQL; }
  if (process.env.PROFILE_RUN) {
    const { Session } = require('inspector/promises'); const session = new Session(); session.connect();
    for (let i = 0; i < 30; i++) await stack.gateway.run(meOp, {}, principal);
    await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 }); await session.post('Profiler.start');
    for (let i = 0; i < N; i++) await stack.gateway.run(meOp, {}, principal);
    const { profile } = await session.post('Profiler.stop');
    require('fs').writeFileSync(process.env.PROFILE_RUN, JSON.stringify(profile));
  }
  await bench('run() in process', async () => { const r = await stack.gateway.run(meOp, {}, principal); if (r.errors) throw new Error(JSON.stringify(r.errors)); });
  await bench('GET /v2/me over HTTP', async () => { const r = await fetch(stack.url + '/v2/me', { headers: { authorization: 'Bearer ' + key } }); await r.text(); });
  await bench('POST /graphql me', async () => { const r = await fetch(stack.url + '/graphql', { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' }, body: JSON.stringify({ query: meOp }) }); await r.text(); });
  await bench('organizations direct: me{id name}', async () => { const r = await fetch(stack.subgraphs.organizations.url, { method: 'POST', headers: { [PRINCIPAL_HEADER]: signPrincipal(principal), 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ me { id name } }' }) }); await r.text(); });
  await bench('budget consume', async () => { await stack.gateway.rateLimits.budgets.spendsOf({ header: (n) => n === 'authorization' ? 'Bearer ' + key : undefined, baseUrl: '/v2', path: '/me', method: 'GET', ip: '127.0.0.1', socket: {} })[0].limiter.consume('x'); });
  if (process.env.ONLY_MICRO) { await stack.stop(); await pg.stop(); process.exit(0); }
  const get = async () => { const r = await fetch(stack.url + '/v2/me', { headers: { authorization: 'Bearer ' + key } }); await r.text(); if (r.status !== 200) throw new Error(r.status); };
  for (let i = 0; i < 50; i++) await get();
  c0 = process.cpuUsage(); const t0 = Date.now();
  // 4 concurrent loops
  await Promise.all([0,1,2,3].map(async () => { for (let i = 0; i < N / 4; i++) await get(); }));
  c = process.cpuUsage(c0);
  console.log('GET /v2/me: CPU ms/req (incl. client fetch in same process)', ((c.user + c.system) / 1000 / N).toFixed(2), 'wall ms', Date.now() - t0);
  await stack.stop(); await pg.stop();
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
