import { ChildProcess, spawn } from 'node:child_process';
import { serviceCommands, WEBHOOK_WORKER_ENTRY } from '../../stack/service-bundles';
import { eventually } from '../support/eventually';
import { startTestStack, TestStack } from '../support/stack';
import { Receiver, startReceiver } from './receiver';
import { fastWebhookSettings } from './settings';

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

/** What a test file of worker processes shares: its stack (no worker in process), a receiver and the workers it started. */
export interface WorkerProcessSuite {
  stack: TestStack;
  receiver: Receiver;
  workers: WorkerProcess[];
}

/** Starts the suite's stack (fast delivery settings) and receiver before its tests, and stops them and its workers after. */
export function workerProcessSuite(): WorkerProcessSuite {
  const suite = { workers: [] as WorkerProcess[] } as WorkerProcessSuite;
  beforeAll(async () => {
    fastWebhookSettings();
    suite.stack = await startTestStack({ webhookWorker: false });
    suite.receiver = await startReceiver();
  });
  afterAll(async () => {
    await stopWorkerProcesses(suite.workers);
    await suite.receiver?.stop();
    await suite.stack?.stop();
  });
  return suite;
}
