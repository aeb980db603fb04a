// The export through which a worker compiles a module's code before the page runs it
// (scripts/wasm-warm.mjs): the module behaves as before, and `__warm` calls each function
// without running any of it. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST } from './harness.mjs';
import { addWarmUp } from '../scripts/wasm-warm.mjs';
import { leb, readLeb } from '../scripts/wasm-binary.mjs';

const section = (id, bytes) => [id, ...leb(bytes.length), ...bytes];
const vec = (items) => [...leb(items.length), ...items.flat()];
const name = (s) => vec([...new TextEncoder().encode(s)].map((b) => [b]));

/**
 * A module that imports `env.seen` (i32) -> (), and defines:
 * 0 `sum` (i32, i64, f32, f64) -> f64: calls `seen(1)`, returns the four added;
 * 1 `pick` (externref, i32) -> externref: calls `seen(2)`, returns its first argument;
 * 2 `trap` () -> (): calls `seen(3)`, then traps;
 * with a global of its own and a custom section at the end, as a compiler leaves them.
 */
function sample() {
  const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, F64 = 0x7c, EXT = 0x6f;
  const types = section(1, vec([
    [0x60, ...vec([[I32]]), ...vec([])],
    [0x60, ...vec([[I32], [I64], [F32], [F64]]), ...vec([[F64]])],
    [0x60, ...vec([[EXT], [I32]]), ...vec([[EXT]])],
  ]));
  const imports = section(2, vec([[...name('env'), ...name('seen'), 0x00, 0]]));
  const funcs = section(3, vec([[1], [2], [0]]));
  const globals = section(6, vec([[I32, 0x01, 0x41, 7, 0x0b]]));
  const exports = section(7, vec([
    [...name('sum'), 0x00, 1],
    [...name('pick'), 0x00, 2],
    [...name('trap'), 0x00, 3],
  ]));
  const body = (locals, code) => {
    const b = [...vec(locals), ...code, 0x0b];
    return [...leb(b.length), ...b];
  };
  const sum = body([], [
    0x41, 1, 0x10, 0, // seen(1)
    0x20, 0, 0xb7, 0x20, 1, 0xb9, 0xa0, 0x20, 2, 0xbb, 0xa0, 0x20, 3, 0xa0,
  ]);
  const pick = body([[1, I32]], [0x41, 2, 0x10, 0, 0x20, 0]);
  const trap = body([], [0x41, 3, 0x10, 0, 0x00]);
  const code = section(10, [...leb(3), ...sum, ...pick, ...trap]);
  const custom = section(0, [...name('note'), 1, 2, 3]);
  return Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...types, ...imports, ...funcs, ...globals, ...exports, ...code, ...custom]);
}

function instance(bytes, seen) {
  return new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { seen: (n) => seen.push(n) } }).exports;
}

test('a module with the warm-up runs as before, and `__warm` calls each function without running it', () => {
  const before = sample();
  const { wasm, functions } = addWarmUp(before);
  assert.equal(functions, 3);
  const module = new WebAssembly.Module(wasm);
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name), ['sum', 'pick', 'trap', '__warm']);
  assert.deepEqual(WebAssembly.Module.customSections(module, 'note').map((b) => [...new Uint8Array(b)]), [[1, 2, 3]]);
  // As before: the functions run, and call the import.
  const seen = [];
  const plain = instance(wasm, seen);
  assert.equal(plain.sum(1, 2n, 0.5, 0.25), 3.75);
  const o = {};
  assert.equal(plain.pick(o, 9), o);
  assert.deepEqual(seen, [1, 2]);
  // Warmed: every function is called (the trap too) and none runs: the import is never called.
  const warmSeen = [];
  const warm = instance(wasm, warmSeen);
  warm.__warm();
  assert.deepEqual(warmSeen, []);
  // The global is the instance's own: another instance runs as before.
  assert.equal(instance(wasm, seen).sum(1, 1n, 1, 1), 4);
});

test('what the warm-up cannot rewrite stops the build with a message', () => {
  assert.throws(() => addWarmUp(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])), /not a wasm module/);
  // The sample with a start section (which a worker's instance would run) before its code.
  const start = sample();
  const withStart = Uint8Array.from([...start.subarray(0, 8), ...sectionsWith(start, 8, [0])]);
  assert.throws(() => addWarmUp(withStart), /start function/);
});

/** The sections of `bytes` with section `id` (`content`) put before the code section. */
function sectionsWith(bytes, id, content) {
  const out = [];
  let at = 8;
  let placed = false;
  while (at < bytes.length) {
    const sid = bytes[at];
    const [size, p] = readLeb(bytes, at + 1);
    if (!placed && sid === 10) {
      out.push(...section(id, content));
      placed = true;
    }
    out.push(...bytes.subarray(at, p + size));
    at = p + size;
  }
  return out;
}

test('the practice module as built has the warm-up, and it calls no import', () => {
  const bytes = readFileSync(join(DIST, 'practice_bg.wasm'));
  const module = new WebAssembly.Module(bytes);
  assert.ok(WebAssembly.Module.exports(module).some((e) => e.name === '__warm'), 'the export __warm');
  const imports = {};
  const called = [];
  for (const i of WebAssembly.Module.imports(module)) (imports[i.module] ??= {})[i.name] = () => called.push(i.name);
  new WebAssembly.Instance(module, imports).exports.__warm();
  assert.deepEqual(called, []);
});
