import { ChildProcess, execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = join(__dirname, '..');

/** Clock ticks per second of /proc/PID/stat's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system), ms, read from /proc (Linux): needs nothing of the process itself. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat(5) (utime, stime); `fields` starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The bench's loopback subscribers in their own process (bench/webhook-receivers.ts). */
export class ReceiversProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly ports: number[],
  ) {}

  static async start(receivers: number): Promise<ReceiversProcess> {
    const child = fork(join(__dirname, 'webhook-receivers.js'), [], { env: { ...process.env, RECEIVERS: String(receivers) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ports = await new Promise<number[]>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the receivers' process exited (${code})`)));
      child.once('message', (message: { ports: number[] }) => resolve(message.ports));
    });
    return new ReceiversProcess(child, ports);
  }

  private ask<T>(question: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (message: T) => resolve(message));
      this.child.send(question);
    });
  }

  count(): Promise<{ received: number; duplicates: number }> {
    return this.ask('count');
  }

  /** The receipts since the last take: [booking uid, received at (ms since the epoch)]. */
  async take(): Promise<Array<[string, number]>> {
    return (await this.ask<{ receipts: Array<[string, number]> }>('take')).receipts;
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

/** A webhook worker process as `npm start` runs it (worker-main.js), on the bench's database and gateway. */
export class WebhookWorkerProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** When it printed that it runs (its queue pumps started just before). */
    readonly readyAt: number,
  ) {}

  static async start(env: { databaseUrl: string; gatewayInternalUrl: string; cpuProfileDir?: string }): Promise<WebhookWorkerProcess> {
    const child = fork(join(DIST, 'subgraphs', 'integrations', 'webhook-delivery', 'worker-main.js'), [], {
      env: { ...process.env, DATABASE_URL: env.databaseUrl, GATEWAY_INTERNAL_URL: env.gatewayInternalUrl, PORT: '0', ALLOW_PRIVATE_TARGETS: '1' },
      execArgv: env.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${env.cpuProfileDir}`, '--cpu-prof-name=webhook-backlog.cpuprofile'] : [],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const readyAt = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`a webhook worker exited (${code}) before it ran`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('webhook worker running')) resolve(Date.now());
      });
    });
    child.removeAllListeners('exit');
    return new WebhookWorkerProcess(child, readyAt);
  }

  cpuMs(): number {
    return processCpuMs(this.child.pid!);
  }

  /** SIGTERM (the worker stops its pumps and the queue) and wait for the exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    await exited;
  }
}
