import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase } from '../../stack/database';
import { reservedPort } from './reserved-port';
import { testRateLimitEnvironment } from './stack';

const ROOT = join(__dirname, '..', '..', '..');

/** The line `npm start` prints once every service answers. */
const READY_LINE = /^gateway {7}http:\/\/\S+\/graphql/m;

export interface SupervisedStack {
  child: ChildProcess;
  output(): string;
  /** Resolves with the supervisor's exit code. */
  exited: Promise<number | null>;
  /** The pid the supervisor last printed for a service (`[supervisor] <name>: pid N`). */
  pidOf(service: string): number;
}

/** The environment of a private stack: its own DATA_DIR, a free embedded port and free service ports. */
export async function privateStackEnv(dataDir: string): Promise<Record<string, string>> {
  return {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await reservedPort()),
    PORT: String(await reservedPort()),
    SCHEDULING_PORT: '0',
    ORGANIZATIONS_PORT: '0',
    INTEGRATIONS_PORT: '0',
    OAUTH_PORT: '0',
    INTERNAL_PORT: '0',
    WEBHOOK_WORKER_PORT: '0',
    DB_POOL_SIZE: '4',
    // The test stack's limits (these tests load the stack on purpose; none of them is about throttling).
    ...testRateLimitEnvironment(),
  };
}

/**
 * Runs `node dist/cli/start.js` (what `npm start` runs after building), or with `'npm'` `npm start` itself: npm, the
 * build check, then the supervisor, whose signals npm passes on (what a person's terminal runs).
 */
export function spawnSupervisor(env: NodeJS.ProcessEnv, command: 'node' | 'npm' = 'node'): SupervisedStack {
  const [file, args] = command === 'npm' ? ['npm', ['start']] : [process.execPath, ['dist/cli/start.js']];
  const child = spawn(file, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    pidOf(service) {
      const pids = [...output.matchAll(new RegExp(`^\\[supervisor\\] ${service}: pid (\\d+)$`, 'gm'))];
      if (!pids.length) throw new Error(`no pid printed for ${service}:\n${output}`);
      return Number(pids[pids.length - 1][1]);
    },
  };
}

/** Starts the supervisor and waits until it prints that every service answers. */
export async function startSupervisor(env: NodeJS.ProcessEnv, timeoutMs = 60_000, command: 'node' | 'npm' = 'node'): Promise<SupervisedStack> {
  const stack = spawnSupervisor(env, command);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in ${timeoutMs} ms:\n${stack.output()}`)), timeoutMs);
    const onData = () => {
      if (!READY_LINE.test(stack.output())) return;
      clearTimeout(timer);
      resolve();
    };
    stack.child.stdout!.on('data', onData);
    void stack.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${stack.output()}`));
    });
  });
  return stack;
}

/** Whether a process of that pid still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A supervised stack of one test file: its own DATA_DIR and database (a copy of the migrated template), both removed by stop(). */
export interface PrivateSupervisedStack {
  stack: SupervisedStack;
  env: NodeJS.ProcessEnv;
  /** The gateway's base URL. */
  base: string;
  stop(): Promise<void>;
}

/** Starts `npm start`'s supervisor on a private database and DATA_DIR, with `extra` added to (or, undefined, removed from) its environment. */
export async function startPrivateSupervisor(extra: NodeJS.ProcessEnv = {}, timeoutMs?: number): Promise<PrivateSupervisedStack> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-supervised-'));
  const database = `test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = await ensureDatabase(serverUrl, database, process.env.TEST_TEMPLATE_DATABASE);
  const env: NodeJS.ProcessEnv = { ...(await privateStackEnv(dataDir)), DATABASE_URL: databaseUrl, ...extra };
  const stack = await startSupervisor(env, timeoutMs);
  return {
    stack,
    env,
    base: `http://127.0.0.1:${env.PORT}`,
    async stop() {
      stack.child.kill('SIGTERM');
      await stack.exited;
      await dropDatabase(serverUrl, database);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
