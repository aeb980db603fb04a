// Checks that the wasm32 build of the engine counts the published perft numbers under node.
// Usage: node crates/bench-wasm/check.mjs path/to/xiangqi_bench_wasm.wasm
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]));

test('wasm32 perft from the start position matches the published counts', () => {
  const expected = [44n, 1920n, 79666n, 3290240n];
  expected.forEach((n, i) => assert.equal(instance.exports.perft_start(i + 1), n, `perft(${i + 1})`));
});
