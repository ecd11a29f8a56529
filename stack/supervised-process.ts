import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ReadyMessage } from '../platform/lifecycle';
import { RestartPolicy, restartDelay } from './restart-policy';
import { setting } from '../platform/configuration/settings';

/** STACK_CPU_PROFILE_DIR: each service writes a CPU profile there when it exits (for profiling start-up; Node refuses --cpu-prof in NODE_OPTIONS). */
function profilingFlags(name: string): string[] {
  const dir = setting('STACK_CPU_PROFILE_DIR');
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
}

export interface ServiceSpec {
  name: string;
  /** What node runs: the compiled entry point (dist/…/main.js), or the bundle runner and the service's bundle (stack/service-bundles.ts). */
  command: string[];
  env: NodeJS.ProcessEnv;
  heapLimitMb: number;
}

/** How long a service gets to stop after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * One service (a subgraph, the gateway) in its own node process with a heap cap. Its output is
 * printed line by line with its name in front. Any exit nobody asked for is followed by a restart
 * after an exponential backoff; the first start must succeed (ready()) or the stack fails to start.
 */
export class SupervisedProcess {
  private child?: ChildProcess;
  private stopping = false;
  private crashesInARow = 0;
  /** Restarts after an exit nobody asked for, over the life of this supervisor: each new process reports it in its metrics. */
  private restarts = 0;
  private readyAt?: number;
  private restartTimer?: NodeJS.Timeout;
  private firstReady?: { resolve(): void; reject(error: Error): void };

  constructor(
    private readonly spec: ServiceSpec,
    private readonly policy: RestartPolicy,
    private readonly log: (line: string) => void,
  ) {}

  get name(): string {
    return this.spec.name;
  }

  /** Starts the process; resolves once it answers on its port, rejects if it exits before that. */
  start(): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => (this.firstReady = { resolve, reject }));
    this.spawn();
    return ready;
  }

  private spawn(): void {
    const child = spawn(process.execPath, [`--max-old-space-size=${this.spec.heapLimitMb}`, ...profilingFlags(this.spec.name), ...this.spec.command], {
      // Its restarts so far (its metrics count them) and its name in traces.
      env: { ...this.spec.env, SUPERVISOR_RESTARTS: String(this.restarts), OTEL_SERVICE_NAME: this.name },
      // The IPC channel tells the supervisor when the service is ready, and the service that the
      // supervisor is gone. Its own process group: a Ctrl-C in the terminal reaches only the
      // supervisor, which then stops the services in order.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: true,
    });
    this.child = child;
    this.readyAt = undefined;
    this.log(`[supervisor] ${this.name}: pid ${child.pid}`);
    const prefix = `[${this.name}] `;
    // JSON log lines name their service themselves and stay parseable as they are.
    const prefixed = (line: string) => (line.startsWith('{') ? line : prefix + line) + '\n';
    createInterface({ input: child.stdout! }).on('line', (line) => process.stdout.write(prefixed(line)));
    createInterface({ input: child.stderr! }).on('line', (line) => process.stderr.write(prefix + line + '\n'));
    child.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'ready') return;
      this.readyAt = Date.now();
      this.firstReady?.resolve();
      this.firstReady = undefined;
    });
    child.once('exit', (code, signal) => this.exited(child, code, signal));
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child) return;
    this.child = undefined;
    if (this.stopping) return;
    const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
    if (this.firstReady) {
      this.firstReady.reject(new Error(`${this.name} ${how} before it was ready`));
      this.firstReady = undefined;
      return;
    }
    const upFor = this.readyAt === undefined ? 0 : Date.now() - this.readyAt;
    this.crashesInARow = upFor >= this.policy.stableAfterMs ? 1 : this.crashesInARow + 1;
    const delay = restartDelay(this.policy, this.crashesInARow);
    this.log(`[supervisor] ${this.name}: ${how}; restarting in ${delay} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.restarts++;
      this.spawn();
    }, delay);
  }

  /** Stops the process (SIGTERM, then SIGKILL after a grace period); no restart follows. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.firstReady = undefined;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
