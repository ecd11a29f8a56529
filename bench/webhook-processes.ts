import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { askChild, forkAnnounced, procStat, stopChild, TICKS_PER_SECOND } from './processes';

const DIST = join(__dirname, '..');

/** A process's CPU time so far (user + system), ms, read from /proc (Linux): needs nothing of the process itself. */
function processCpuMs(pid: number): number {
  return ((procStat(pid)?.ticks ?? NaN) * 1000) / TICKS_PER_SECOND;
}

/** The bench's loopback subscribers in their own process (bench/webhook-receivers.ts). */
export class ReceiversProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly ports: number[],
  ) {}

  static async start(receivers: number): Promise<ReceiversProcess> {
    const { child, announced } = await forkAnnounced<{ ports: number[] }>(
      join(__dirname, 'webhook-receivers.js'),
      { RECEIVERS: String(receivers) },
      "the receivers' process",
    );
    return new ReceiversProcess(child, announced.ports);
  }

  count(): Promise<{ received: number; duplicates: number }> {
    return askChild(this.child, 'count');
  }

  /** The receipts since the last take: [booking uid, received at (ms since the epoch)]. */
  async take(): Promise<Array<[string, number]>> {
    return (await askChild<{ receipts: Array<[string, number]> }>(this.child, 'take')).receipts;
  }

  stop(): void {
    stopChild(this.child);
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
