import { ChildProcess, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../stack/ports';

const ROOT = join(__dirname, '..', '..');

/** USER_HZ: the unit of /proc/PID/stat's CPU times on Linux. */
export const TICKS_PER_SECOND = 100;

export interface ProcStat {
  parent: number;
  /** CPU time so far, user + system, in TICKS_PER_SECOND. */
  ticks: number;
}

/** A process's parent and CPU time from /proc/PID/stat (Linux); undefined when it is gone. */
export function procStat(pid: number): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * A bench helper in a forked process that talks over IPC: resolves with the child and the first message
 * it sends (what it announces once listening); rejects when it exits before that.
 */
export async function forkAnnounced<T>(script: string, env: NodeJS.ProcessEnv, what: string): Promise<{ child: ChildProcess; announced: T }> {
  const child = fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const announced = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${what} exited (${code})`)));
    child.once('message', (message: T) => resolve(message));
  });
  child.removeAllListeners('exit');
  return { child, announced };
}

/** Sends `question` to a forkAnnounced child and resolves with its next message. */
export function askChild<T>(child: ChildProcess, question: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (message: T) => resolve(message));
    child.send(question);
  });
}

/** Ends a forkAnnounced child: disconnects IPC and kills it if it still runs. */
export function stopChild(child: ChildProcess): void {
  if (child.connected) child.disconnect();
  if (child.exitCode === null && child.signalCode === null) child.kill();
}

/** The floor of GET /v2/me (bench/floor.ts) in its own process; its CPU time is read over IPC. */
export class FloorProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(databaseUrl: string): Promise<FloorProcess> {
    const { child, announced } = await forkAnnounced<{ port: number }>(join(__dirname, 'floor.js'), { DATABASE_URL: databaseUrl }, 'the floor process');
    return new FloorProcess(child, `http://127.0.0.1:${announced.port}`);
  }

  /** The child's CPU time so far (user + system), µs. */
  async cpuMicros(): Promise<number> {
    return (await askChild<{ cpu: number }>(this.child, 'cpu')).cpu;
  }

  stop(): void {
    stopChild(this.child);
  }
}

/**
 * Seconds from `npm start` (on this built checkout) to the gateway's /health answering 200, every port
 * free-picked and the bench's PostgreSQL as DATABASE_URL; then SIGTERM and wait for it to exit.
 */
export async function timeStart(databaseUrl: string): Promise<number> {
  const started = Date.now();
  const stack = await DeployedStack.start(databaseUrl, { viaNpm: true });
  const seconds = (Date.now() - started) / 1000;
  await stack.stop();
  return seconds;
}

/** Seconds one `npm run admin -- <args>` takes against the database, start to exit (exit 0 required). */
export async function timeAdmin(databaseUrl: string, args: string[]): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited ${code}`);
  return (Date.now() - started) / 1000;
}

/**
 * The stack as `npm start` runs it on this built checkout: the supervisor and its children (four
 * subgraphs, the gateway, the webhook worker), each its own Node process, on the bench's database,
 * every port free-picked. Its CPU time is the sum over the supervisor and its descendants, read from
 * /proc. `viaNpm` starts it with `npm start` itself (timed by timeStart), else the supervisor directly.
 */
export class DeployedStack {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    readonly url: string,
  ) {}

  static async start(databaseUrl: string, { viaNpm = false, timeoutMs = 120_000 } = {}): Promise<DeployedStack> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      INTERNAL_PORT: '0',
      WEBHOOK_WORKER_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    for (const name of ['SCHEDULING', 'ORGANIZATIONS', 'INTEGRATIONS', 'OAUTH']) env[`${name}_PORT`] = '0';
    const [command, args] = viaNpm ? ['npm', ['start', '-s']] : [process.execPath, [join(ROOT, 'dist', 'cli', 'start.js')]];
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stack = new DeployedStack(child, exited, `http://127.0.0.1:${port}`);
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}) before /health answered`);
      try {
        if ((await fetch(`${stack.url}/health`)).status === 200) return stack;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stack.stop();
    throw new Error(`${command} ${args.join(' ')}: no /health 200 within ${timeoutMs / 1000} s`);
  }

  /** CPU time so far (user + system) of the supervisor and every live process under it, µs. */
  async cpuMicros(): Promise<number> {
    const processes = new Map<number, ProcStat>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = procStat(Number(pid));
      if (stat) processes.set(Number(pid), stat); // else gone meanwhile
    }
    const isOurs = (pid: number): boolean => pid === this.child.pid || (processes.has(pid) && pid > 1 && isOurs(processes.get(pid)!.parent));
    let ticks = 0;
    for (const [pid, { ticks: own }] of processes) if (isOurs(pid)) ticks += own;
    return (ticks * 1_000_000) / TICKS_PER_SECOND;
  }

  async stop(): Promise<void> {
    try {
      process.kill(-this.child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await this.exited;
  }
}
