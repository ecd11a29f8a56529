// A/B of the stack's CPU per GET /v2/me (docs/performance.md): `npm run build`, then
// AB=http|lean LOG_LEVEL=warn node bench/ab-me.js  (BLOCK=25 requests per block, ROUNDS=8 blocks per variant)
// A/B in one process: alternating blocks of requests, each variant's CPU per request summed over its blocks.
// The variants replace a module's export from here (the product keeps no run-time switch: issue 24). The run-time
// switches of changes 15, 17, 18 and 23 (AB=direct|principal|cost|operation|all) are gone with their losing paths;
// to compare a change with what came before, compare commits: build each in its own worktree and alternate
// `ROUTE=/v2/me N=200 LOG_LEVEL=warn node bench/event-types-cost.js` runs of the two (docs/performance.md).
require('../dist/bench/env.js');
require('reflect-metadata');
const { startThrowawayStack } = require('./throwaway-stack');
const { Operator } = require('../dist/stack/operator');
const { MembershipRole } = require('../dist/subgraphs/organizations/membership/membership.entity');
const lean = require('../dist/platform/lean-reads');
const http = require('../dist/platform/subgraph-http');
const { In } = require('typeorm');
const variants = {
  lean: [
    () => {
      lean.leanFindBy = leanOrig;
    },
    () => {
      lean.leanFindBy = async (db, entity, property, values, orderBy = []) =>
        db.getRepository(entity).find({ where: { [property]: In([...values]) }, order: Object.fromEntries(orderBy.map((n) => [n, 'ASC'])) });
    },
  ],
  http: [
    () => {
      http.subgraphRequest = httpOrig;
    },
    () => {
      http.subgraphRequest = async (agent, url, init, timeoutMs) => {
        const r = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        const text = await r.text();
        return new http.SubgraphResponse(url, r.status, r.statusText, { get: (n) => r.headers.get(n), has: (n) => r.headers.has(n) }, text);
      };
    },
  ],
};
const leanOrig = lean.leanFindBy,
  httpOrig = http.subgraphRequest;
(async () => {
  const { stack, stop } = await startThrowawayStack('ab', { webhookWorker: false });
  const op = new Operator(stack.db);
  const user = await op.createUser({ email: 'a@example.com', name: 'A', timeZone: 'UTC', password: 'correct horse battery' });
  const { key } = await op.createApiKey(user.id, 'k');
  const team = await op.createTeam({ name: 'T', ownerId: user.id });
  // AB_EVENT_TYPES=20 AB_PATH=/v2/event-types: scenario c's list.
  for (let i = 0; i < Number(process.env.AB_EVENT_TYPES || 0); i += 1)
    await op.createEventType({
      title: `Personal ${i}`,
      slug: `personal-${i}`,
      lengthInMinutes: 15 + 5 * (i % 4),
      ownerId: user.id,
      locations: [{ type: 'link' }],
    });
  const path = process.env.AB_PATH || '/v2/me';
  const get = async () => {
    const r = await fetch(stack.url + path, {
      headers: { authorization: 'Bearer ' + key, ...(process.env.AB_BODY ? { 'content-type': 'application/json' } : {}) },
      method: process.env.AB_BODY ? 'POST' : 'GET',
      body: process.env.AB_BODY,
    });
    const t = await r.text();
    if (r.status !== 200) throw new Error(r.status + t);
  };
  const [on, off] = variants[process.env.AB];
  for (const v of [on, off]) {
    v();
    for (let i = 0; i < 40; i++) await get();
  }
  const cpu = [0, 0],
    wall = [0, 0],
    n = [0, 0];
  const B = Number(process.env.BLOCK || 25),
    R = Number(process.env.ROUNDS || 8);
  for (let round = 0; round < R; round++)
    for (const which of round % 2 ? [1, 0] : [0, 1]) {
      [on, off][which]();
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await Promise.all(
        [0, 1].map(async () => {
          for (let i = 0; i < B / 2; i++) await get();
        }),
      );
      const c = process.cpuUsage(c0);
      cpu[which] += c.user + c.system;
      wall[which] += Number(process.hrtime.bigint() - t0) / 1e6;
      n[which] += 2 * Math.floor(B / 2);
    }
  console.log(
    `${process.env.AB} ${path}: with CPU ms/req ${(cpu[0] / 1000 / n[0]).toFixed(2)} wall ms/req ${(wall[0] / n[0]).toFixed(1)} | without CPU ms/req ${(cpu[1] / 1000 / n[1]).toFixed(2)} wall ms/req ${(wall[1] / n[1]).toFixed(1)} | ratio ${(cpu[0] / n[0] / (cpu[1] / n[1])).toFixed(2)}  (n=${n[0]}+${n[1]})`,
  );
  await stop();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
