// Prints the heaviest functions of a V8 CPU profile (a developer tool beside profile-lottery.mjs and
// profile-wallet.mjs): node scripts/bench/profile-top.mjs <file.cpuprofile> [rows]
// Self time by function, then by package (node_modules/<name>, node: internals, the app's own sources).
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.mjs <file.cpuprofile> [rows]');
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:';
  return url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/');
};
const fn = new Map();
const pkg = new Map();
for (const [id, us] of self) {
  const node = byId.get(id);
  const cf = node.callFrame;
  const key = `${cf.functionName || '(anonymous)'} ${where(cf.url)}:${cf.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const p = where(cf.url).split(':')[0];
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const pct = (us) => `${((us * 100) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled`);
for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(pct(us), k);
console.log('--- by package / file');
for (const [k, us] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(pct(us), k);
