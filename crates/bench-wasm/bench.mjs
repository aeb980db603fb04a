// The searches of `xiangqi bench` in the wasm32 build under node against the native build,
// in the same run: each round runs the native `xiangqi bench` and then the wasm suite (the
// same positions, depths and searches, from `xiangqi_ai::bench`), and the script asserts
// that both count the same nodes in every row, so both ran the same search.
//
// Usage: node crates/bench-wasm/bench.mjs WASM XIANGQI [rounds] [ab_depth] [pvs_depth]
//   WASM     the bench module, built as the page's worker is (scripts/wasm-bench does it)
//   XIANGQI  the native binary (target/release/xiangqi)
//   rounds   5 by default; depths default to xiangqi bench's (5 and 11)
// Prints the median time and nodes per second of each row in both builds, then each
// round's totals, their medians and the ratio wasm / native of the medians.
// A wasm row's time is performance.now around its search alone, not the position's setup,
// as the native row's time is its search's.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

const [wasmPath, nativePath] = process.argv.slice(2, 4);
if (!wasmPath || !nativePath) {
  console.error('usage: node crates/bench-wasm/bench.mjs WASM XIANGQI [rounds] [ab_depth] [pvs_depth]');
  process.exit(2);
}
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath));
const w = instance.exports;
const rounds = Number(process.argv[4] ?? 5);
const abDepth = Number(process.argv[5] ?? w.bench_ab_depth());
const pvsDepth = Number(process.argv[6] ?? w.bench_pvs_depth());

const names = [];
for (let i = 0; i < w.bench_positions(); i++) {
  const bytes = new Uint8Array(w.memory.buffer, w.bench_name(i), w.bench_name_len(i));
  names.push(new TextDecoder().decode(bytes));
}

// One pass of the wasm suite: rows of { name, algorithm, depth, nodes, ms }.
function wasmSuite(ab, pvs) {
  const rows = [];
  names.forEach((name, i) => {
    w.bench_start(i);
    for (const [algorithm, flag, depth] of [['alphabeta', 0, ab], ['pvs', 1, pvs]]) {
      const t0 = performance.now();
      const nodes = w.bench_search(flag, depth);
      rows.push({ name, algorithm, depth, nodes: Number(nodes), ms: performance.now() - t0 });
    }
  });
  return rows;
}

// One native `xiangqi bench` with the hand-set evaluation, as the wasm suite searches: its rows
// (whole milliseconds, as it prints them).
function nativeSuite(ab, pvs) {
  const out = execFileSync(nativePath, ['bench', String(ab), String(pvs), '--threads', '1', '--hand-set'], { encoding: 'utf8' });
  const rows = [];
  for (const line of out.split('\n')) {
    const m = line.match(/^(.+?)\s+(alphabeta|pvs)\s+(\d+)\s+(\d+)\s+(\d+)$/);
    if (m) rows.push({ name: m[1], algorithm: m[2], depth: Number(m[3]), ms: Number(m[4]), nodes: Number(m[5]) });
  }
  return rows;
}

function sameSearch(native, wasm, round) {
  const key = (r) => `${r.name} ${r.algorithm} ${r.depth} ${r.nodes}`;
  if (native.length !== wasm.length || native.some((r, i) => key(r) !== key(wasm[i]))) {
    console.error(`round ${round}: the node counts differ\nnative: ${native.map(key).join('\n        ')}\nwasm:   ${wasm.map(key).join('\n        ')}`);
    process.exit(1);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const total = (rows) => {
  const nodes = rows.reduce((s, r) => s + r.nodes, 0);
  const ms = rows.reduce((s, r) => s + r.ms, 0);
  return { nodes, ms, nps: (nodes * 1000) / ms };
};
const M = (nps) => `${(nps / 1e6).toFixed(2)} M`;

// V8 compiles wasm in tiers: a short pass first, so the timed rounds run optimized code.
wasmSuite(Math.min(abDepth, 3), Math.min(pvsDepth, 6));

// Wall-clock times: on a busy machine both builds slow down; the load is printed at the end.
const load0 = loadavg()[0].toFixed(2);
const nativeRuns = [];
const wasmRuns = [];
for (let round = 1; round <= rounds; round++) {
  const native = nativeSuite(abDepth, pvsDepth);
  const wasm = wasmSuite(abDepth, pvsDepth);
  sameSearch(native, wasm, round);
  nativeRuns.push(native);
  wasmRuns.push(wasm);
  const [n, x] = [total(native), total(wasm)];
  console.log(`round ${round}: ${n.nodes} nodes; native ${n.ms.toFixed(0)} ms, ${M(n.nps)} nodes/s; wasm ${x.ms.toFixed(0)} ms, ${M(x.nps)} nodes/s; wasm/native ${(x.nps / n.nps).toFixed(3)}`);
}

console.log(`\n${'position'.padEnd(34)} ${'algorithm'.padEnd(10)} ${'depth'.padStart(5)} ${'nodes'.padStart(9)} ${'native ms'.padStart(10)} ${'nodes/s'.padStart(8)} ${'wasm ms'.padStart(9)} ${'nodes/s'.padStart(8)} ${'ratio'.padStart(6)}`);
nativeRuns[0].forEach((r, i) => {
  const nMs = median(nativeRuns.map((run) => run[i].ms));
  const wMs = median(wasmRuns.map((run) => run[i].ms));
  const nNps = nMs > 0 ? (r.nodes * 1000) / nMs : Infinity;
  const wNps = (r.nodes * 1000) / wMs;
  console.log(`${r.name.padEnd(34)} ${r.algorithm.padEnd(10)} ${String(r.depth).padStart(5)} ${String(r.nodes).padStart(9)} ${String(nMs).padStart(10)} ${M(nNps).padStart(8)} ${wMs.toFixed(1).padStart(9)} ${M(wNps).padStart(8)} ${(wNps / nNps).toFixed(2).padStart(6)}`);
});

const nNps = median(nativeRuns.map((run) => total(run).nps));
const wNps = median(wasmRuns.map((run) => total(run).nps));
console.log(`load average before and after: ${load0}, ${loadavg()[0].toFixed(2)}`);
console.log(`\nmedian of ${rounds}: native ${M(nNps)} nodes/s, wasm ${M(wNps)} nodes/s, wasm/native ${(wNps / nNps).toFixed(3)} (${total(nativeRuns[0]).nodes} nodes a round)`);
