/**
 * What jest's default runner gave every test file and jest-light-runner does not (package.json
 * "runner": the files of one worker share its loaded modules instead of loading the whole system
 * again per file — docs/decisions.md, "Test run time"):
 *
 * - a time limit on every test and hook: the third argument of it/test/beforeAll/… when given,
 *   else TEST_TIMEOUT_MS (60 s), so a hung request fails its test instead of the whole run;
 * - the environment as it was: variables a file set or removed while it ran are put back after it,
 *   so no file starts with another's settings.
 *
 * Runs once per worker (setupFilesAfterEnv), before any test file: it wraps the globals, and makes the worker's
 * gateways share what they derive from one supergraph text (support/shared-supergraph.ts). It loads
 * reflect-metadata first, as every entry point of the product does: a test file whose first import is a module
 * with type-graphql or TypeORM decorators (an entity, an enum registered on a type) would otherwise fail to load
 * when it is the first file of its worker, and only then.
 */
import 'reflect-metadata';
import './shared-supergraph';

const TEST_TIMEOUT_MS = 60_000;

type Callback = (...args: unknown[]) => unknown;
type Register = ((name: string, fn?: Callback, timeout?: number) => unknown) & Record<string, unknown>;
type Hook = (fn: Callback, timeout?: number) => unknown;

const globals = globalThis as unknown as Record<string, unknown> & { expect: { getState(): { testPath?: string } } };

/**
 * Runs fn (promise or done-callback style) and fails it when it takes longer than the limit. A table
 * row's values (it.each) are passed on; what the runner passes to a plain test or hook is not.
 */
function limited(fn: Callback, timeout: number | undefined, what: string, takesRow = false): Callback {
  const ms = timeout ?? TEST_TIMEOUT_MS;
  const run = (args: unknown[]): Promise<unknown> =>
    fn.length > args.length
      ? new Promise((resolve, reject) => fn(...args, (error?: unknown) => (error ? reject(error) : resolve(undefined))))
      : Promise.resolve().then(() => fn(...args));
  return (...received: unknown[]) => {
    const args = takesRow ? received : [];
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${ms} ms for ${what}.`)), ms);
    });
    return Promise.race([run(args), expired]).finally(() => clearTimeout(timer));
  };
}

/** The first registration of each file snapshots the environment and restores it after the file's last hook. */
let currentFile: string | undefined;
const originalAfterAll = globals.afterAll as Hook;
function enteringFile(): void {
  const file = globals.expect.getState().testPath;
  if (file === currentFile) return;
  currentFile = file;
  const snapshot = { ...process.env };
  originalAfterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in snapshot)) delete process.env[name];
    Object.assign(process.env, snapshot);
  });
}

function wrapTest(original: Register, kind: string): Register {
  const wrapped = ((name: string, fn?: Callback, timeout?: number) => {
    enteringFile();
    return original(name, fn && limited(fn, timeout, `${kind} "${name}"`), timeout);
  }) as Register;
  for (const variant of ['only', 'skip', 'todo', 'concurrent', 'failing']) if (original[variant]) wrapped[variant] = original[variant];
  wrapped.each = (...table: unknown[]) => {
    const each = (original.each as (...t: unknown[]) => Register)(...table);
    return (name: string, fn: Callback, timeout?: number) => {
      enteringFile();
      return each(name, limited(fn, timeout, `${kind} "${name}"`, true), timeout);
    };
  };
  return wrapped;
}

function wrapHook(original: Hook, kind: string): Hook {
  return (fn: Callback, timeout?: number) => {
    enteringFile();
    return original(limited(fn, timeout, `a ${kind} hook`), timeout);
  };
}

function wrapDescribe(original: Register): Register {
  const wrapped = ((name: string, fn?: Callback) => {
    enteringFile();
    return original(name, fn);
  }) as Register;
  for (const variant of ['only', 'skip', 'each']) if (original[variant]) wrapped[variant] = original[variant];
  return wrapped;
}

globals.it = wrapTest(globals.it as Register, 'test');
globals.test = wrapTest(globals.test as Register, 'test');
globals.describe = wrapDescribe(globals.describe as Register);
for (const hook of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach']) globals[hook] = wrapHook(globals[hook] as Hook, hook);
