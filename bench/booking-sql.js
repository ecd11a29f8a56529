// What one POST /v2/bookings costs (docs/performance.md, booking creation): `npm run build`, then
// LOG_LEVEL=warn node bench/booking-sql.js   (N=40 bookings of distinct slots, one at a time, after 10 warm-up ones)
// PROFILE=/tmp/booking.cpuprofile also writes a CPU profile of the 201 bookings (bench/profile-shares.js reads it),
// and one of the 409 answers (a slot already taken) beside it as /tmp/booking.409.cpuprofile.
// Prints SQL statements per booking by statement text (the subgraphs' TypeORM counter, background work of
// the same process included), gateway → subgraph requests and graph-link callbacks per booking, CPU per booking.
// CONC=50 [AB=<variant>] instead: CONC clients at once ask for the contended slots (scenario g's bodies, picked at
// random) for SECONDS (default 3) per block; between blocks the slots are freed again (their bookings cancelled);
// with AB, blocks alternate the variant on and off. Reports answers/s, 201/409 and CPU per answer per variant
// (wall figures: only the ratio of alternated blocks means anything on a shared machine).
// AB=<variant> alternates blocks of bookings (201) and of refusals of taken slots (409) with the variant switched
// on and off at run time (see `variants`: each replaces a module's export from here), and reports CPU per answer of
// each kind and how long each 201 held the host's advisory lock (e.g. AB=busy: the calendar busy-times callback's
// cost, measurement only). In CONC mode, each block also reports when all its contended slots were booked.
// The product keeps no run-time switch (issue 24): AB=fold, AB=cost and AB=log flipped flags of changes 29, 30 and
// 10 and went with their losing paths. To compare a change with what came before, compare commits: build each in
// its own worktree and alternate runs of this bench (without AB) in the two.
require('../dist/bench/env.js');
require('reflect-metadata');
const { startThrowawayStack } = require('./throwaway-stack');
const { seedScheduling } = require('../dist/bench/scheduling-data');
const { CountingSqlLogger } = require('../dist/platform/sql-statements');
const http = require('../dist/platform/subgraph-http');
const { GraphLink } = require('../dist/platform/graph-link');

const sql = new Map();
const hops = new Map();
const links = new Map();
const bump = (m, k) => m.set(k, (m.get(k) || 0) + 1);
const logQuery = CountingSqlLogger.prototype.logQuery;
const sequence = [];
// How long each transaction holds the host's lock, measured from the first statement sent after the lock was granted
// until COMMIT is sent (one round trip, the COMMIT's, not included): `lockHeld` sums it per variant (AB modes).
const lockHeld = { ms: 0, n: 0 };
const lockedSince = new WeakMap();
const timeLock = (query, parameters, runner) => {
  if (!runner) return;
  if (lockedSince.get(runner) === 'granting') lockedSince.set(runner, performance.now());
  if (query.startsWith('SELECT pg_advisory_xact_lock') && parameters?.[0] === 'scheduling.bookings') lockedSince.set(runner, 'granting');
  if (query === 'COMMIT' && typeof lockedSince.get(runner) === 'number') {
    lockHeld.ms += performance.now() - lockedSince.get(runner);
    lockHeld.n++;
    lockedSince.delete(runner);
  }
  if (query === 'ROLLBACK') lockedSince.delete(runner);
};
CountingSqlLogger.prototype.logQuery = function (query, parameters, runner) {
  timeLock(query, parameters, runner);
  const text = query.replace(/\s+/g, ' ').slice(0, 160);
  bump(sql, text);
  if (process.env.SEQ) sequence.push(`${runner?.connection?.options?.schema ?? '?'}: ${text.slice(0, 110)}`);
  return logQuery.call(this, query, parameters, runner);
};
const request = http.subgraphRequest;
// The gateway's query plans name their fetches `<Operation>__<subgraph>__<n>`; graph-link callbacks (counted apart) do not.
http.subgraphRequest = (agent, url, init, ...rest) => {
  let op = '';
  try {
    op = (JSON.parse(init.body).query.match(/^\s*(query|mutation)\s*(\w*)/) || [])[2] || '?';
  } catch {}
  if (op.includes('__')) bump(hops, op);
  return request(agent, url, init, ...rest);
};
const { printedOnce } = require('../dist/platform/printed-documents');
/** A contract's operation name (its TypedDocumentNode, subgraphs/<service>/contracts). */
const operationName = (document) => document.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value ?? '?';
const call = GraphLink.prototype.call;
GraphLink.prototype.call = function (document, ...rest) {
  bump(links, operationName(document));
  return call.call(this, document, ...rest);
};

const { signSystemCall, SYSTEM_CALL_HEADER } = require('../dist/platform/principal');
/** The graph-link callback as it was: the global fetch (variant `link`). */
async function fetchRun(document, variables = {}) {
  const response = await fetch(`${this.gatewayUrl().replace(/\/$/, '')}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SYSTEM_CALL_HEADER]: signSystemCall() },
    body: JSON.stringify({ query: printedOnce(document), variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.json();
  if (body.errors?.length || !body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
const linkRun = GraphLink.prototype.call;
const takenSlot = require('../dist/subgraphs/scheduling/booking/taken-slot');
const refuseIfTaken = takenSlot.refuseIfTaken;
const variants = {
  // name: [on, off], switched at run time
  link: [
    () => {
      GraphLink.prototype.call = linkRun;
    },
    () => {
      GraphLink.prototype.call = fetchRun;
    },
  ],
  // What the calendar busy-times callback costs (measurement only): off, it is answered "no busy times" without the callback.
  busy: [
    () => {
      GraphLink.prototype.call = linkRun;
    },
    () => {
      GraphLink.prototype.call = function (document, ...rest) {
        return operationName(document) === 'UsersCalendarBusyTimes' ? Promise.resolve({ usersCalendarBusyTimes: [] }) : linkRun.call(this, document, ...rest);
      };
    },
  ],
  early: [
    () => {
      takenSlot.refuseIfTaken = refuseIfTaken;
    },
    () => {
      takenSlot.refuseIfTaken = async () => undefined;
    },
  ], // the 409 of a taken slot decided first
};

(async () => {
  const { stack, stop } = await startThrowawayStack('booking');
  const { booking } = await seedScheduling(stack);
  const perSlot = booking.bodies.length / booking.slotStarts.length;
  const distinct = booking.bodies.filter((_, i) => i % perSlot === 0).concat(booking.warmupBodies.filter((_, i) => i % perSlot === 0));
  const contended = booking.bodies.filter((_, i) => i % perSlot === 1);
  let next = 0;
  const post = async (body, expected) => {
    const r = await fetch(stack.url + '/v2/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'svc-api-version': '2024-08-13' },
      body,
    });
    const t = await r.text();
    if (r.status !== expected) throw new Error(`${r.status} (expected ${expected}): ${t.slice(0, 300)}`);
  };
  const N = Number(process.env.N || 40);
  for (let i = 0; i < 10; i++) await post(distinct[next++], 201);
  await new Promise((r) => setTimeout(r, 3000)); // let the booking hooks of the warm-up finish
  sql.clear();
  hops.clear();
  links.clear();
  const report = (title, n, m) => {
    const rows = [...m].sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((s, r) => s + r[1], 0);
    console.log(`\n${title}: ${(total / n).toFixed(2)} per booking`);
    for (const [k, v] of rows) console.log(`  ${(v / n).toFixed(2)}  ${k}`);
  };
  if (process.env.CONC) {
    const C = Number(process.env.CONC),
      S = Number(process.env.SECONDS || 3),
      R = Number(process.env.ROUNDS || 3);
    const [on, off] = process.env.AB ? variants[process.env.AB] : [() => {}, () => {}];
    const totals = [
      { n: 0, ok: 0, cpu: 0, ms: 0, chains: [] },
      { n: 0, ok: 0, cpu: 0, ms: 0, chains: [] },
    ];
    const scheduling = stack.db('scheduling');
    for (let round = 0; round < R; round++)
      for (const which of process.env.AB ? (round % 2 ? [1, 0] : [0, 1]) : [0]) {
        await scheduling.query(
          `UPDATE bookings SET status = 'cancelled' WHERE event_type_id = $1 AND start_time = ANY($2) AND status IN ('accepted', 'pending')`,
          [booking.eventTypeId, booking.slotStarts],
        );
        [on, off][which]();
        const t = totals[which];
        const c0 = process.cpuUsage();
        const t0 = Date.now();
        const until = t0 + S * 1000;
        let booked = 0;
        await Promise.all(
          Array.from({ length: C }, async () => {
            while (Date.now() < until) {
              const r = await fetch(stack.url + '/v2/bookings', {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'svc-api-version': '2024-08-13' },
                body: booking.bodies[Math.floor(Math.random() * booking.bodies.length)],
              });
              await r.text();
              if (r.status !== 201 && r.status !== 409) throw new Error(`HTTP ${r.status}`);
              t.n++;
              if (r.status === 201) t.ok++;
              // The host's chain: how long until every contended slot of the block is booked.
              if (r.status === 201 && ++booked === booking.slotStarts.length) {
                t.chains.push(Date.now() - t0);
              }
            }
          }),
        );
        const c = process.cpuUsage(c0);
        t.cpu += c.user + c.system;
        t.ms += Date.now() - t0;
        await new Promise((r) => setTimeout(r, 1000));
      }
    const line = (t) =>
      `${((t.n / t.ms) * 1000).toFixed(1)} answers/s (${t.ok} × 201, ${t.n - t.ok} × 409), CPU ms/answer ${(t.cpu / 1000 / t.n).toFixed(2)} (client included); all ${booking.slotStarts.length} slots booked after ${t.chains.length ? t.chains.map((ms) => (ms / 1000).toFixed(1)).join(', ') + ' s' : '—'} (${R - t.chains.length} blocks ended first)`;
    console.log(
      process.env.AB ? `${process.env.AB}, ${C} clients:\n  with    ${line(totals[0])}\n  without ${line(totals[1])}` : `${C} clients: ${line(totals[0])}`,
    );
  } else if (!process.env.AB) {
    const session = process.env.PROFILE ? new (require('inspector/promises').Session)() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const i0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 3000));
    const idle = process.cpuUsage(i0); // background work alone
    const c0 = process.cpuUsage();
    const t0 = Date.now();
    for (let i = 0; i < N; i++) await post(distinct[next++], 201);
    const c = process.cpuUsage(c0);
    const wall = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 3000)); // the booking hooks and webhook events each booking queued
    const all = process.cpuUsage(c0);
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      require('fs').writeFileSync(process.env.PROFILE, JSON.stringify(profile));
    }
    if (process.env.SEQ) console.log('statements in order (last bookings):\n  ' + sequence.slice(-Math.ceil(sequence.length / N) * 2).join('\n  '));
    report('SQL statements (201 answers, hooks included)', N, sql);
    report('gateway → subgraph requests', N, hops);
    report('graph-link callbacks', N, links);
    console.log(
      `\n201: CPU ms/booking ${((c.user + c.system) / 1000 / N).toFixed(2)} until answered; ${((all.user + all.system - (idle.user + idle.system)) / 1000 / N).toFixed(2)} with the queued work (idle CPU of 3 s subtracted); wall ms/booking ${(wall / N).toFixed(1)}`,
    );
    sql.clear();
    hops.clear();
    links.clear();
    const M = Math.min(N, contended.length);
    for (let i = 0; i < Math.min(10, M); i++) await post(contended[i], 409); // warm the refusal path
    sql.clear();
    hops.clear();
    links.clear();
    if (session) {
      await session.post('Profiler.start');
    }
    const c1 = process.cpuUsage();
    const t1 = Date.now();
    for (let i = 0; i < M; i++) await post(contended[i], 409);
    const c2 = process.cpuUsage(c1);
    const wall409 = Date.now() - t1;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      require('fs').writeFileSync(process.env.PROFILE.replace(/(\.cpuprofile)?$/, '.409.cpuprofile'), JSON.stringify(profile));
      session.disconnect();
    }
    report('SQL statements (409 answers)', M, sql);
    report('gateway → subgraph requests (409)', M, hops);
    report('graph-link callbacks (409)', M, links);
    if (process.env.SEQ)
      console.log(
        'statements in order (last refusals):\n  ' +
          sequence.slice(-Math.ceil(sql.size ? [...sql.values()].reduce((a, b) => a + b, 0) / M : 0) * 2).join('\n  '),
      );
    console.log(`\n409: CPU ms/answer ${((c2.user + c2.system) / 1000 / M).toFixed(2)}; wall ms/answer ${(wall409 / M).toFixed(1)}`);
  } else {
    const [on, off] = variants[process.env.AB];
    const cpu = [0, 0],
      n = [0, 0],
      cpu409 = [0, 0],
      n409 = [0, 0],
      held = [0, 0],
      locks = [0, 0];
    const B = Number(process.env.BLOCK || 10),
      R = Number(process.env.ROUNDS || 6);
    let refusal = 0; // second bodies of the 10 slots the warm-up booked
    for (let round = 0; round < R; round++)
      for (const which of round % 2 ? [1, 0] : [0, 1]) {
        [on, off][which]();
        const c0 = process.cpuUsage();
        const l0 = { ...lockHeld };
        for (let i = 0; i < B; i++) await post(distinct[next++], 201);
        held[which] += lockHeld.ms - l0.ms;
        locks[which] += lockHeld.n - l0.n;
        await new Promise((r) => setTimeout(r, 1500));
        const c = process.cpuUsage(c0);
        cpu[which] += c.user + c.system;
        n[which] += B;
        const r0 = process.cpuUsage();
        for (let i = 0; i < 4 * B; i++) await post(contended[refusal++ % 10], 409);
        const r = process.cpuUsage(r0);
        cpu409[which] += r.user + r.system;
        n409[which] += 4 * B;
      }
    const line = (what, c, k) =>
      `${what}: with ${(c[0] / 1000 / k[0]).toFixed(2)} | without ${(c[1] / 1000 / k[1]).toFixed(2)} | ratio ${(c[0] / k[0] / (c[1] / k[1])).toFixed(2)} (n=${k[0]}+${k[1]})`;
    console.log(`${process.env.AB}, CPU ms per answer\n  ${line('201 (hooks included)', cpu, n)}\n  ${line('409 of a taken slot', cpu409, n409)}`);
    console.log(
      `  host lock held per 201 (ms, until COMMIT is sent): with ${(held[0] / locks[0]).toFixed(2)} | without ${(held[1] / locks[1]).toFixed(2)} | ratio ${(held[0] / locks[0] / (held[1] / locks[1])).toFixed(2)}`,
    );
  }
  await stop();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
