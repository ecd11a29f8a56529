import { ChildProcess, spawn } from 'node:child_process';
import { serviceCommands, WEBHOOK_WORKER_ENTRY } from '../../stack/service-bundles';
import { eventually } from '../support/eventually';
import { TestStack } from '../support/stack';

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<unknown>;
  output(): string;
  /** Still the process that was started: neither exited nor killed. */
  running(): boolean;
}

/** The worker as `npm start` runs it (its bundle when fresh, else its compiled entry): its own node process on this test's database and gateway. */
export async function startWorkerProcess(stack: TestStack, timeoutMs = 30_000): Promise<WorkerProcess> {
  const command = serviceCommands([WEBHOOK_WORKER_ENTRY]).get(WEBHOOK_WORKER_ENTRY)!;
  const child = spawn(process.execPath, command, {
    env: { ...process.env, DATABASE_URL: stack.databaseUrl, GATEWAY_INTERNAL_URL: stack.gateway.internalUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!(await eventually(async () => output.includes('webhook worker running') || !running(), { timeoutMs })) || !running()) {
    throw new Error(`worker did not start:\n${output}`);
  }
  return { child, exited, output: () => output, running };
}

/** Stops the workers still running (SIGTERM) and waits for them. */
export async function stopWorkerProcesses(workers: WorkerProcess[]): Promise<void> {
  for (const worker of workers) {
    if (!worker.running()) continue;
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
}
