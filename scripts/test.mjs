#!/usr/bin/env node
// npm test: the build (`build-once.mjs --clean`: dist/ as built into an empty folder from the current sources — on a
// clean checkout the one `npm ci`'s prepare script just built, else built again) and the lint (`npm run lint`:
// ESLint, then Prettier's check) side by side; jest starts as soon as the build is done, while the lint finishes
// beside it. Arguments go to jest (`npm test -- --json …`). Fails when any step fails, after all have finished: a
// failed lint is shown when it ends and named again after jest's summary; a failed build runs no test.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

/** Runs a step with its output kept, to be shown whole when it ends (two steps at once would interleave lines). */
function quiet(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, output, code: code ?? signal }));
  });
}

function report(step) {
  if (step.output) process.stderr.write(step.output);
  if (!step.ok)
    process.stderr.write(
      `${step.name} failed (exit ${step.code})${step.name === 'lint' ? ': npm run lint shows it; npm run format fixes what Prettier can' : ''}\n`,
    );
}

let testsRunning = false;
const lint = quiet('lint', 'sh', ['-c', `"${bin('eslint')}" --max-warnings 0 . && "${bin('prettier')}" --check --log-level warn .`]).then((step) => {
  report(step);
  return { ...step, duringTests: testsRunning };
});
const build = await quiet('build', process.execPath, [join(ROOT, 'scripts', 'build-once.mjs'), '--clean']);
report(build);
if (!build.ok) {
  await lint;
  process.exit(1);
}

testsRunning = true;
const jest = await new Promise((resolve) => {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
  child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? signal }));
});
testsRunning = false;
const linted = await lint;
if (!linted.ok && linted.duringTests) process.stderr.write(`lint failed (exit ${linted.code}) while the tests ran: its output is above, among theirs\n`);
process.exit(jest.ok ? (linted.ok ? 0 : 1) : typeof jest.code === 'number' ? jest.code : 1);
