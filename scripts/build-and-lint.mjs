#!/usr/bin/env node
// npm test's first step: a fresh build (`build-once.mjs --force`) and the lint (`npm run lint`: ESLint and
// Prettier's check) side by side, three processes: each is single-threaded, so on two cores the lint adds
// far less than its own time. Fails when any fails, after all have finished, with every output shown.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(name, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, output, code: code ?? signal }));
  });
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const [build, lint] = await Promise.all([
  run('build', process.execPath, [join(ROOT, 'scripts', 'build-once.mjs'), '--force']),
  run('lint', 'sh', ['-c', `"${bin('eslint')}" --max-warnings 0 . && "${bin('prettier')}" --check --log-level warn .`]),
]);
for (const step of [build, lint]) {
  if (step.output) process.stderr.write(step.output);
  if (!step.ok)
    process.stderr.write(
      `${step.name} failed (exit ${step.code})${step.name === 'lint' ? ': npm run lint shows it; npm run format fixes what Prettier can' : ''}\n`,
    );
}
process.exit(build.ok && lint.ok ? 0 : 1);
