import { ChildProcess, fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../stack/ports';

const ROOT = join(__dirname, '..', '..');

/** The floor of GET /v2/me (bench/floor.ts) in its own process; its CPU time is read over IPC. */
export class FloorProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(databaseUrl: string): Promise<FloorProcess> {
    const child = fork(join(__dirname, 'floor.js'), [], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the floor process exited (${code})`)));
      child.once('message', (message: { port: number }) => resolve(message.port));
    });
    return new FloorProcess(child, `http://127.0.0.1:${port}`);
  }

  /** The child's CPU time so far (user + system), µs. */
  cpuMicros(): Promise<number> {
    return new Promise((resolve) => {
      this.child.once('message', (message: { cpu: number }) => resolve(message.cpu));
      this.child.send('cpu');
    });
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      if (this.child.connected) this.child.disconnect();
      this.child.kill();
    }
  }
}

/**
 * Seconds from `npm start` (on this built checkout) to the gateway's /health answering 200, every port
 * free-picked and the bench's PostgreSQL as DATABASE_URL; then SIGTERM and wait for it to exit.
 */
export async function timeStart(databaseUrl: string, timeoutMs = 120_000): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), INTERNAL_PORT: '0', WEBHOOK_WORKER_PORT: '0', LOG_LEVEL: 'warn' };
  for (const name of ['SCHEDULING', 'ORGANIZATIONS', 'INTEGRATIONS', 'OAUTH']) env[`${name}_PORT`] = '0';
  const started = Date.now();
  const child = spawn('npm', ['start', '-s'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before /health answered`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/health`);
        if (response.status === 200) return (Date.now() - started) / 1000;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`npm start: no /health 200 within ${timeoutMs / 1000} s`);
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
}

/** Seconds one `npm run admin -- <args>` takes against the database, start to exit (exit 0 required). */
export async function timeAdmin(databaseUrl: string, args: string[]): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited ${code}`);
  return (Date.now() - started) / 1000;
}
