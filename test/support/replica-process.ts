import { ChildProcess, spawn } from 'node:child_process';
import type { ReadyMessage } from '../../platform/lifecycle';
import { serviceCommands } from '../../stack/service-bundles';

/** One service replica in its own node process, as the supervisor or a container runs it (its bundle when fresh). */
export interface ReplicaProcess {
  name: string;
  child: ChildProcess;
  /** The address the service printed as ready (its public port: the gateway's, a subgraph's, a worker's health port). */
  url: string;
  port: number;
  output(): string;
  /** Sends the signal (SIGKILL: killed, SIGTERM: stopped) and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `entry` (relative to dist/, e.g. stack/service-bundles.ts GATEWAY_ENTRY) with `env` over this process's
 * environment, and resolves once it tells it is ready (the IPC message of platform/lifecycle.ts, as under the
 * supervisor; the process stops by itself if this one goes away).
 */
export function startReplicaProcess(name: string, entry: string, env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ReplicaProcess> {
  const environment = { ...process.env, ...env };
  // Its command follows its own environment: with OTEL_EXPORTER_OTLP_ENDPOINT, the compiled entry after trace-export.js.
  const child = spawn(process.execPath, serviceCommands([entry], environment).get(entry)!, { env: environment, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`not ready in ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void kill('SIGKILL');
      reject(new Error(`${name} ${why}:\n${output}`));
    };
    void exited.then(() => fail('exited before it was ready'));
    child.on('message', (message: ReadyMessage) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve({ name, child, url: message.url, port: Number(new URL(message.url).port), output: () => output, kill });
    });
  });
}
