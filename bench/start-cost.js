// What one `npm start` costs until the gateway's /health answers 200: wall-clock seconds and the CPU
// seconds of npm, the supervisor and every service (summed over the process tree from /proc, and per
// service). Alternates variants so a shared machine's load falls on each alike: checkouts (ROOTS,
// comma-separated, default this one) × environments (ENVS, `;`-separated sets of `NAME=value …`).
// Plain JavaScript over dist/, as the other one-off scripts.
//   ROUNDS=4 ROOTS=/tmp/start-base,. node bench/start-cost.js
//   ROUNDS=4 ENVS='STACK_BUNDLES=0;' node bench/start-cost.js
// Every variant starts on its own database of one throwaway PostgreSQL; its first start (migrations)
// is printed apart and left out of the means.
const { spawn } = require('child_process');
const { mkdtempSync, readdirSync, readFileSync } = require('fs');
const { join, resolve } = require('path');
const { tmpdir } = require('os');
const { startEmbeddedPostgres } = require('../dist/stack/embedded-postgres');
const { ensureDatabase } = require('../dist/stack/database');
const { freePort } = require('../dist/stack/ports');

const ROUNDS = Number(process.env.ROUNDS ?? 4);
const VARIANTS = (process.env.ROOTS ?? '.')
  .split(',')
  .flatMap((root) =>
    (process.env.ENVS ?? '').split(';').map((envs) => ({
      root: resolve(root),
      env: Object.fromEntries(
        envs
          .split(' ')
          .filter(Boolean)
          .map((pair) => pair.split('=', 2)),
      ),
    })),
  )
  .map((variant) => ({ ...variant, label: [variant.root, ...Object.entries(variant.env).map(([k, v]) => `${k}=${v}`)].join(' ') }));
const TICKS_PER_SECOND = 100;

/** pid → { parent, ticks, name }: every process, named by its script (npm, supervisor, a service's main.js). */
function processTable() {
  const table = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const script = argv.filter((arg) => /(^|\/)dist\//.test(arg)).pop() ?? argv[0];
      const name = /(^|\/)dist\//.test(script) ? script.replace(/^(.*\/)?dist\//, '').replace(/(\/main)?\.js$/, '') : script.replace(/^.*\//, '');
      // utime + stime, and cutime + cstime: children already reaped (the up-to-date check, before `exec node`).
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      table.set(Number(pid), { parent: Number(fields[1]), ticks, name });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** CPU seconds of `root` and its descendants, by process name. */
function treeCpu(rootPid) {
  const table = processTable();
  const ours = (pid) => pid === rootPid || (table.has(pid) && pid > 1 && ours(table.get(pid).parent));
  const byName = {};
  for (const [pid, { ticks, name }] of table) if (ours(pid)) byName[name] = (byName[name] ?? 0) + ticks / TICKS_PER_SECOND;
  return byName;
}

async function timeOneStart({ root, env: variantEnv }, databaseUrl) {
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), INTERNAL_PORT: '0', WEBHOOK_WORKER_PORT: '0', LOG_LEVEL: 'warn', ...variantEnv };
  for (const name of ['SCHEDULING', 'ORGANIZATIONS', 'INTEGRATIONS', 'OAUTH']) env[`${name}_PORT`] = '0';
  const started = Date.now();
  const child = spawn('npm', ['start', '-s'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let cpu;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start in ${root} exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200) {
        cpu = treeCpu(child.pid);
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const seconds = (Date.now() - started) / 1000;
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return { seconds, cpu, total: Object.values(cpu).reduce((a, b) => a + b, 0) };
}

const fmt = (n) => n.toFixed(2);
const describe = ({ seconds, total, cpu }) =>
  `${fmt(seconds)} s, CPU ${fmt(total)} s (${Object.entries(cpu)
    .sort((a, b) => b[1] - a[1])
    .map(([name, s]) => `${name} ${fmt(s)}`)
    .join(', ')})`;

async function main() {
  const pg = await startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'perf-start-')), port: await freePort(), persistent: false });
  try {
    const databases = [];
    for (const [i, variant] of VARIANTS.entries()) {
      databases.push(await ensureDatabase(pg.url, `start${i}`));
      console.log(`${variant.label} first start (migrations): ${describe(await timeOneStart(variant, databases[i]))}`);
    }
    const runs = VARIANTS.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, variant] of VARIANTS.entries()) {
        const run = await timeOneStart(variant, databases[i]);
        runs[i].push(run);
        console.log(`round ${round + 1} ${variant.label}: ${describe(run)}; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
      }
    }
    for (const [i, { label }] of VARIANTS.entries()) {
      const mean = (pick) => runs[i].reduce((sum, run) => sum + pick(run), 0) / runs[i].length;
      const median = (pick) => runs[i].map(pick).sort((a, b) => a - b)[Math.floor(runs[i].length / 2)];
      console.log(
        `${label}: mean ${fmt(mean((r) => r.seconds))} s (median ${fmt(median((r) => r.seconds))}), CPU mean ${fmt(mean((r) => r.total))} s (median ${fmt(median((r) => r.total))})`,
      );
    }
  } finally {
    await pg.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
