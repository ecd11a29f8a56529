// What one REST GET /v2/event-types (20 personal event types, as bench scenario c) costs (docs/performance.md):
// `npm run build`, then LOG_LEVEL=warn node bench/event-types-cost.js  (N=100 requests, 2 at a time, after 40 warm-up ones; ROUTE=/v2/me for another GET route)
// Prints SQL statements per request by text, gateway → subgraph fetches, CPU per request; PROFILE=file.cpuprofile profiles them.
// AB=<switch> (see `variants`): the same requests in alternating blocks with the switch on and off (BLOCK=10 requests, ROUNDS=30 blocks
// per variant), CPU per request of each variant summed over its blocks, in one process (AB_MODULE=file.js adds variants of its own).
// The variants replace a module's export from here; the product keeps no run-time switch (issue 24: change 26's
// AB=compiled went with graphql-js `execute` for reads). To compare a change with what came before, compare commits:
// build each in its own worktree and alternate runs of this bench (without AB) in the two.
require('../dist/bench/env.js');
require('reflect-metadata');
const { writeFileSync } = require('fs');
const { startThrowawayStack } = require('./throwaway-stack');
const { Operator } = require('../dist/stack/operator');
const { CountingSqlLogger } = require('../dist/platform/sql-statements');
const http = require('../dist/platform/subgraph-http');
const sql = new Map();
const hops = new Map();
const bump = (m, k) => m.set(k, (m.get(k) || 0) + 1);
const logQuery = CountingSqlLogger.prototype.logQuery;
CountingSqlLogger.prototype.logQuery = function (query, ...rest) {
  bump(sql, query.replace(/\s+/g, ' ').slice(0, 150));
  return logQuery.call(this, query, ...rest);
};
const request = http.subgraphRequest;
http.subgraphRequest = (agent, url, init, ...rest) => {
  let op = '';
  try {
    op = (JSON.parse(init.body).query.match(/^\s*(query|mutation)\s*(\w*)/) || [])[2] || '?';
  } catch {}
  bump(hops, op);
  return request(agent, url, init, ...rest);
};
const lean = require('../dist/platform/lean-reads');
const { leanFindAndCount, typeormFindAndCount } = lean;
const variants = {
  // Change 28 (the REST nulls rule written in place) was measured with a switch here (AB=nulls) and kept alone.
  lean: [
    () => {
      lean.leanFindAndCount = leanFindAndCount;
    },
    () => {
      lean.leanFindAndCount = typeormFindAndCount;
    },
  ], // change 27: the list page by the lean path, not TypeORM's findAndCount
  ...(process.env.AB_MODULE ? require(require('path').resolve(process.env.AB_MODULE)) : {}),
};
(async () => {
  const { stack, stop } = await startThrowawayStack('et', { webhookWorker: false });
  const op = new Operator(stack.db);
  const user = await op.createUser({ email: 'a@example.com', name: 'A', timeZone: 'UTC', password: 'correct horse battery' });
  const { key } = await op.createApiKey(user.id, 'k');
  for (let i = 0; i < 20; i += 1)
    await op.createEventType({
      title: `Personal ${i}`,
      slug: `personal-${i}`,
      lengthInMinutes: 15 + 5 * (i % 4),
      ownerId: user.id,
      locations: [{ type: 'link' }],
    });
  const path = process.env.ROUTE || '/v2/event-types';
  const get = async () => {
    const r = await fetch(stack.url + path, { headers: { authorization: 'Bearer ' + key } });
    const t = await r.text();
    if (r.status !== 200) throw new Error(r.status + t);
    return t;
  };
  const twoAtATime = async (n) =>
    Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; i < n / 2; i++) await get();
      }),
    );
  if (process.env.AB) {
    if (!variants[process.env.AB]) throw new Error(`AB=${process.env.AB}: one of ${Object.keys(variants).join(', ')}`);
    const [on, off] = variants[process.env.AB];
    const bodies = [];
    for (const v of [on, off]) {
      v();
      await twoAtATime(40);
      bodies.push(JSON.parse(await get()).data);
    }
    // Both variants must answer the same (createdAt/updatedAt included: the same rows).
    if (JSON.stringify(bodies[0]) !== JSON.stringify(bodies[1])) throw new Error('the two variants answer differently');
    const cpu = [0, 0],
      n = [0, 0];
    const B = Number(process.env.BLOCK || 10),
      R = Number(process.env.ROUNDS || 30);
    for (let round = 0; round < R; round++)
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        [on, off][which]();
        const c0 = process.cpuUsage();
        await twoAtATime(B);
        const c = process.cpuUsage(c0);
        cpu[which] += c.user + c.system;
        n[which] += 2 * Math.floor(B / 2);
      }
    console.log(
      `AB=${process.env.AB} ${path}: with ${(cpu[0] / 1000 / n[0]).toFixed(2)} CPU ms/request, without ${(cpu[1] / 1000 / n[1]).toFixed(2)}: ratio ${(cpu[0] / n[0] / (cpu[1] / n[1])).toFixed(2)} (n=${n[0]}+${n[1]})`,
    );
    await stop();
    process.exit(0);
  }
  await twoAtATime(40);
  sql.clear();
  hops.clear();
  const N = Number(process.env.N || 100);
  const session = process.env.PROFILE ? new (require('inspector/promises').Session)() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const c0 = process.cpuUsage();
  await twoAtATime(N);
  const c = process.cpuUsage(c0);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }
  const report = (title, m) => {
    const rows = [...m].sort((a, b) => b[1] - a[1]);
    console.log(`${title}: ${(rows.reduce((s, r) => s + r[1], 0) / N).toFixed(2)} per request`);
    for (const [k, v] of rows) console.log(`  ${(v / N).toFixed(2)}  ${k}`);
  };
  report('SQL statements', sql);
  report('gateway → subgraph fetches', hops);
  console.log(`CPU ms/request ${((c.user + c.system) / 1000 / N).toFixed(2)}`);
  await stop();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
