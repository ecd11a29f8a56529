// A/B of a webhook worker's CPU per delivery (docs/performance.md "Webhook delivery (issue 8)"): `npx tsc -p .`, then
// AB=keepalive|completions|outcomes node bench/webhook-ab.js   (EVENTS=50 events × RECEIVERS=10 receivers per block, ROUNDS=6 blocks per variant)
// One process holds the worker (startWebhookWorker, as worker-main runs it) and an idle stack (tables, queue); the receivers
// are a process of their own. A block commits EVENTS × RECEIVERS deliveries with their first jobs in one transaction (as a
// fan-out does) and waits for every receipt; this process's CPU over the block, per delivery. Variants alternate A B B A …
require('../dist/bench/env.js');
require('reflect-metadata');
const { loadavg } = require('os');
const { startThrowawayStack } = require('./throwaway-stack');
const { Operator } = require('../dist/stack/operator');
const { startWebhookWorker } = require('../dist/subgraphs/integrations/webhook-delivery/webhook-worker');
const { enqueueManyInTransaction, WEBHOOK_DELIVERY_QUEUE, WEBHOOK_DELIVERY_CHANNEL } = require('../dist/platform/job-queue');
const { ReceiversProcess } = require('../dist/bench/webhook-processes');

process.env.ALLOW_PRIVATE_TARGETS = '1';
// Statements sent to PostgreSQL by this process (TypeORM and pg-boss share node-postgres).
let statements = 0;
const pgClient = require('pg').Client.prototype;
const pgQuery = pgClient.query;
pgClient.query = function (...args) {
  statements++;
  return pgQuery.apply(this, args);
};
// Outcomes written by group commit, or (B of AB=outcomes) each by its own statement: the writer the attempts get is switchable.
const grouped = require('../dist/platform/grouped-writes');
const groupedWriter = grouped.groupedWriter;
let grouping = true;
grouped.groupedWriter = (write, maxItems) => {
  const writer = groupedWriter(write, maxItems);
  return (item) => (grouping ? writer(item) : write([item]));
};
const env = (name, value) => () => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};
// [label, variant A, variant B, whether the worker is restarted (a setting read at its start) for each block]
const variants = {
  keepalive: ['keep-alive', env('WEBHOOK_KEEP_ALIVE', '1'), 'a connection per delivery', env('WEBHOOK_KEEP_ALIVE', '0'), false],
  completions: [
    'completions written within 20 ms',
    env('WEBHOOK_COMPLETION_DELAY_MS', '20'),
    'at the next turn',
    env('WEBHOOK_COMPLETION_DELAY_MS', '0'),
    true,
  ],
  outcomes: [
    'outcomes by group commit',
    () => {
      grouping = true;
    },
    'a statement per outcome',
    () => {
      grouping = false;
    },
    false,
  ],
  same: ['A', () => {}, 'A again', () => {}, false],
};

(async () => {
  const [labelA, a, labelB, b, restart] = variants[process.env.AB || 'keepalive'];
  const EVENTS = Number(process.env.EVENTS || 50),
    RECEIVERS = Number(process.env.RECEIVERS || 10),
    ROUNDS = Number(process.env.ROUNDS || 6);
  const { stack, databaseUrl: url, stop } = await startThrowawayStack('ab', { webhookWorker: false });
  const receivers = await ReceiversProcess.start(RECEIVERS);
  const db = stack.db('integrations');
  const user = await new Operator(stack.db).createUser({ email: 'ab@example.com', name: 'AB', timeZone: 'UTC', password: 'correct horse battery' });
  const webhookIds = [];
  for (const port of receivers.ports) {
    const [row] = await db.query(
      `INSERT INTO webhooks (user_id, subscriber_url, triggers, secret_ciphertext) VALUES ($1, $2, '{BOOKING_CREATED}', NULL) RETURNING id`,
      [user.id, `http://127.0.0.1:${port}/hook`],
    );
    webhookIds.push(row.id);
  }
  let worker = await startWebhookWorker({ databaseUrl: url, gatewayUrl: () => stack.gateway.internalUrl });
  let block = 0,
    expected = 0;
  const runBlock = async (events = EVENTS) => {
    block++;
    const c0 = process.cpuUsage();
    const t0 = Date.now();
    const s0 = statements;
    await db.transaction(async (tx) => {
      const bodies = [],
        hooks = [],
        keys = [];
      for (let e = 0; e < events; e++)
        for (const id of webhookIds) {
          hooks.push(id);
          keys.push(`ab-${block}-${e}`);
          bodies.push(
            JSON.stringify({
              triggerEvent: 'BOOKING_CREATED',
              createdAt: new Date().toISOString(),
              payload: { uid: `ab-${block}-${e}`, title: 'A/B', attendees: [{ name: 'Guest', email: 'guest@example.com' }] },
            }),
          );
        }
      const rows = await tx.query(
        `INSERT INTO webhook_deliveries (webhook_id, event_key, trigger_event, body, content_type)
         SELECT webhook_id, event_key, 'BOOKING_CREATED', body, 'application/json' FROM unnest($1::int[], $2::text[], $3::text[]) AS r(webhook_id, event_key, body) RETURNING id`,
        [hooks, keys, bodies],
      );
      await enqueueManyInTransaction(
        tx,
        WEBHOOK_DELIVERY_QUEUE,
        rows.map((r) => ({ data: { deliveryId: r.id, attempt: 1 } })),
      );
      await tx.query(`SELECT pg_notify($1, '')`, [WEBHOOK_DELIVERY_CHANNEL]);
    });
    expected += events * RECEIVERS;
    while ((await receivers.count()).received < expected) await new Promise((r) => setTimeout(r, 10));
    const c = process.cpuUsage(c0);
    await receivers.take();
    return { cpu: (c.user + c.system) / 1000, ms: Date.now() - t0, statements: statements - s0 - 5 /* the block’s own transaction */ };
  };
  const use = async (variant) => {
    variant();
    if (!restart) return;
    await worker.stop();
    worker = await startWebhookWorker({ databaseUrl: url, gatewayUrl: () => stack.gateway.internalUrl });
    await runBlock(5); // its connections opened, not measured
  };
  for (const v of [a, b]) {
    await use(v);
    await runBlock();
  } // warm-up, both variants
  const cpu = [0, 0],
    wall = [0, 0],
    n = [0, 0],
    sql = [0, 0];
  for (let round = 0; round < ROUNDS; round++)
    for (const which of round % 2 ? [1, 0] : [0, 1]) {
      await use([a, b][which]);
      const r = await runBlock();
      cpu[which] += r.cpu;
      wall[which] += r.ms;
      sql[which] += r.statements;
      n[which] += EVENTS * RECEIVERS;
    }
  const per = (i) => cpu[i] / n[i];
  console.log(
    `${process.env.AB || 'keepalive'}: ${labelA} ${per(0).toFixed(3)} ms CPU/delivery, ${(sql[0] / n[0]).toFixed(2)} statements/delivery (${((n[0] / wall[0]) * 1000).toFixed(0)} deliveries/s) | ${labelB} ${per(1).toFixed(3)} ms CPU/delivery, ${(sql[1] / n[1]).toFixed(2)} statements/delivery (${((n[1] / wall[1]) * 1000).toFixed(0)} deliveries/s) | ratio ${(per(0) / per(1)).toFixed(2)}  (n=${n[0]}+${n[1]}, load ${loadavg()[0].toFixed(1)})`,
  );
  await worker.stop();
  receivers.stop();
  await stop();
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
