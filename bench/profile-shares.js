// Inclusive shares of a .cpuprofile's busy samples (docs/performance.md): node bench/profile-shares.js FILE [TOP=40] [MODE=pkg|fn]
// A sample counts once for every package (or function) on its stack; idle, GC and program samples are left out of the total.
const { readFileSync } = require('fs');
const [file, top = '40', mode = 'pkg'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const keyOf = (n) => {
  const { url, functionName, lineNumber } = n.callFrame;
  if (mode === 'fn') return `${functionName || '(anon)'} ${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
  const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/dist/'))
    return (
      'ours: ' +
      url
        .replace(/^.*\/dist\//, '')
        .split('/')
        .slice(0, 2)
        .join('/')
    );
  if (url.includes('deps/undici')) return 'undici (global fetch)';
  return url.startsWith('node:') ? url.split('/').slice(0, 2).join('/') : url || '(' + functionName + ')';
};
const counts = new Map();
let busy = 0;
const hits = new Map();
for (const s of profile.samples) hits.set(s, (hits.get(s) || 0) + 1);
for (const [id, n] of hits) {
  const fn = nodes.get(id).callFrame.functionName;
  if (['(idle)', '(program)', '(garbage collector)'].includes(fn)) continue;
  busy += n;
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(keyOf(nodes.get(cur)));
  for (const k of seen) counts.set(k, (counts.get(k) || 0) + n);
}
const dt = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
console.log(`busy samples ${busy} (≈ ${((busy * dt) / 1000).toFixed(2)} s of ${((profile.endTime - profile.startTime) / 1e6).toFixed(2)} s)`);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${((100 * v) / busy).toFixed(1).padStart(5)} %  ${k}`);
