// Times perft from the start position in the wasm32 build under node.
// Usage: node crates/bench-wasm/perft.mjs [path/to/xiangqi_bench_wasm.wasm] [depth] [runs]
// Prints one line per run and the median, in million leaf nodes per second.
import { readFileSync } from 'node:fs';

const path = process.argv[2] ?? 'target/wasm32-unknown-unknown/release/xiangqi_bench_wasm.wasm';
const depth = Number(process.argv[3] ?? 5);
const runs = Number(process.argv[4] ?? 5);
const { instance } = await WebAssembly.instantiate(readFileSync(path));
const speeds = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const nodes = instance.exports.perft_start(depth);
  const secs = (performance.now() - t0) / 1000;
  const mnps = Number(nodes) / secs / 1e6;
  speeds.push(mnps);
  console.log(`wasm perft(${depth}) = ${nodes} in ${secs.toFixed(3)} s: ${mnps.toFixed(1)} M leaves/s`);
}
speeds.sort((a, b) => a - b);
console.log(`median: ${speeds[Math.floor(speeds.length / 2)].toFixed(1)} M leaves/s`);
