import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reservedPort } from '../support/reserved-port';
import { ROOT, runCli } from '../support/cli';
import { privateStackEnv } from '../support/supervised-stack';

/** Something that is not PostgreSQL and not ours: it accepts connections and never says a word. */
async function silentListener(port: number): Promise<Server> {
  const server = createServer((socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}

/** Runs a compiled entry point to its end: its exit code and everything it printed. */
function runToEnd(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('a port that is taken: the start fails at once, naming the port and the variable that chose it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-ports-'));
  let env: Record<string, string>;
  let blocker: Server | undefined;
  beforeEach(async () => {
    env = await privateStackEnv(dataDir);
  });
  afterEach(() => blocker?.close());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Each case is bounded by its jest timeout: "within seconds", not after minutes of waiting.
  it('a subgraph port in use: npm start names SCHEDULING_PORT and exits 1 (no "Cannot destructure … address()")', async () => {
    const port = await reservedPort();
    blocker = await silentListener(port);
    const { code, output } = await runToEnd('dist/cli/start.js', { ...env, SCHEDULING_PORT: String(port) });
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} (SCHEDULING_PORT) is in use`);
    expect(output).not.toContain('Cannot destructure');
  }, 20_000);

  it('the gateway port in use: npm start names PORT', async () => {
    blocker = await silentListener(Number(env.PORT));
    const { code, output } = await runToEnd('dist/cli/start.js', env);
    expect(code).toBe(1);
    expect(output).toContain(`Port ${env.PORT} (PORT) is in use`);
  }, 20_000);

  it('the gateway process on its own (docker compose): a taken PORT is named, not a crash on address()', async () => {
    const internal = await reservedPort();
    blocker = await silentListener(Number(env.PORT));
    const { code, output } = await runToEnd('dist/gateway/main.js', { PORT: env.PORT, HOST: '127.0.0.1', INTERNAL_PORT: String(internal), DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(output).toContain(`Cannot listen on 127.0.0.1:${env.PORT} for the public listener (PORT): the port is in use`);
    expect(output).not.toContain('Cannot destructure');
  }, 30_000);

  it('a malformed variable (issue 23): npm start exits 1 at once naming it, what is wrong and what it must be, before any port is taken', async () => {
    const { code, output } = await runToEnd('dist/cli/start.js', { ...env, PORT: 'abc', DB_POOL_SIZE: '-2', LOG_LEVEL: 'loud' });
    expect(code).toBe(1);
    expect(output).toContain('PORT="abc": not a whole number; expected an integer 0–65535');
    expect(output).toContain('DB_POOL_SIZE="-2": below 1; expected an integer 1–1000');
    expect(output).toContain('LOG_LEVEL="loud": not one of the allowed values; expected one of fatal, error, warn, info, debug, trace, silent');
    expect(output).not.toMatch(/\n\s+at /);
  }, 20_000);

  it('… and so does the gateway process on its own (docker compose)', async () => {
    const { code, output } = await runToEnd('dist/gateway/main.js', { PORT: env.PORT, GRAPHQL_MAX_DEPTH: '0', DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(output).toContain('gateway failed to start: invalid configuration: GRAPHQL_MAX_DEPTH="0": below 1; expected an integer ≥ 1');
  }, 20_000);

  it('a process that is not PostgreSQL on the embedded port: npm start names EMBEDDED_PG_PORT instead of waiting', async () => {
    blocker = await silentListener(Number(env.EMBEDDED_PG_PORT));
    const { code, output } = await runToEnd('dist/cli/start.js', env);
    expect(code).toBe(1);
    expect(output).toContain(`Port ${env.EMBEDDED_PG_PORT} (EMBEDDED_PG_PORT) is in use: a process that is not PostgreSQL listens there`);
  }, 20_000);

  it('… and so does an operator command (npm run admin), which used to wait without end', async () => {
    blocker = await silentListener(Number(env.EMBEDDED_PG_PORT));
    const result = await runCli('admin', { ...env, DATABASE_URL: '' }, 'create-api-key', '--user', '1');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Port ${env.EMBEDDED_PG_PORT} (EMBEDDED_PG_PORT) is in use`);
  }, 20_000);
});
