// Checks the wasm32 build of the engine under node: perft from the start position counts the
// published numbers, the network's simd128 kernels agree with plain sums, and the searches of
// `xiangqi bench` count the bench signature (the HAND_SET_SIGNATURE of crates/cli/tests/bench.rs:
// the module has no network), so the wasm32 search is the native one.
// Usage: node crates/bench-wasm/check.mjs path/to/xiangqi_bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]));
const w = instance.exports;

test('wasm32 perft from the start position matches the published counts', () => {
  const expected = [44n, 1920n, 79666n, 3290240n];
  expected.forEach((n, i) => assert.equal(w.perft_start(i + 1), n, `perft(${i + 1})`));
});

test("the network's simd128 kernels give what plain sums give", () => {
  assert.equal(w.nnue_kernel_disagreements(), 0);
});

test('wasm32 bench searches count the hand-set bench signature (the module has no network)', () => {
  const source = readFileSync(new URL('../cli/tests/bench.rs', import.meta.url), 'utf8');
  const signature = BigInt(source.match(/const HAND_SET_SIGNATURE: u64 = ([\d_]+);/)[1].replaceAll('_', ''));
  let total = 0n;
  for (let i = 0; i < w.bench_positions(); i++) {
    w.bench_start(i);
    total += w.bench_search(0, w.bench_ab_depth());
    total += w.bench_search(1, w.bench_pvs_depth());
  }
  assert.equal(total, signature);
});
