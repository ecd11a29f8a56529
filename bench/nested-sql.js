// What the nested query of scenario b (test/backbone/nested-query.test.ts) costs in SQL (docs/performance.md):
// `npm run build`, then LOG_LEVEL=warn node bench/nested-sql.js  — prints, in order, each gateway → subgraph fetch and each statement of one request (N=200: then CPU per request).
require('../dist/bench/env.js');
require('reflect-metadata');
const { startThrowawayStack } = require('./throwaway-stack');
const { Operator } = require('../dist/stack/operator');
const { MembershipRole } = require('../dist/subgraphs/organizations/membership/membership.entity');
const { CountingSqlLogger } = require('../dist/platform/sql-statements');
const http = require('../dist/platform/subgraph-http');
let on = false;
const seq = [];
const logQuery = CountingSqlLogger.prototype.logQuery;
CountingSqlLogger.prototype.logQuery = function (query, ...rest) {
  if (on) seq.push(query.replace(/\s+/g, ' ').slice(0, 260));
  return logQuery.call(this, query, ...rest);
};
const request = http.subgraphRequest;
http.subgraphRequest = (agent, url, init, ...rest) => {
  if (on) seq.push('FETCH ' + url + ' ' + JSON.parse(init.body).query.slice(0, 200).replace(/\s+/g, ' '));
  return request(agent, url, init, ...rest);
};
const NESTED = `query { me { bookings { attendees { email } eventType { team { members { role user { name } } } } } } }`;
(async () => {
  const { stack, stop } = await startThrowawayStack('n', { webhookWorker: false });
  const op = new Operator(stack.db);
  const host = await op.createUser({ email: 'h@example.com', name: 'Hana', timeZone: 'UTC', password: 'correct horse battery' });
  const { key } = await op.createApiKey(host.id, 'k');
  const col = await op.createUser({ email: 'c@example.com', name: 'Cole', timeZone: 'UTC', password: 'correct horse battery' });
  const team = await op.createTeam({ name: 'Support', ownerId: host.id });
  await op.addMember({ teamId: team.id, userId: col.id, role: MembershipRole.MEMBER });
  const et = await op.createEventType({ title: 'Support call', slug: 'support-call', lengthInMinutes: 30, teamId: team.id });
  for (let i = 0; i < 3; i++)
    await op.createBooking({
      eventTypeId: et.id,
      hostId: host.id,
      start: new Date(Date.UTC(2030, 0, 1) + i * 3600000),
      attendee: { name: 'G' + i, email: `g${i}@example.com`, timeZone: 'UTC' },
    });
  const q = async () => {
    const r = await fetch(stack.url + '/graphql', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
      body: JSON.stringify({ query: NESTED }),
    });
    const t = await r.text();
    if (r.status !== 200 || t.includes('"errors"')) throw new Error(t);
  };
  for (let i = 0; i < 5; i++) await q();
  on = true;
  await q();
  on = false;
  console.log(seq.join('\n'));
  const N = Number(process.env.N || 0);
  if (N) {
    const c0 = process.cpuUsage();
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; i < N / 2; i++) await q();
      }),
    );
    const c = process.cpuUsage(c0);
    console.log(`CPU ms/request ${((c.user + c.system) / 1000 / N).toFixed(2)} (N=${N}, 2 at a time)`);
  }
  await stop();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
