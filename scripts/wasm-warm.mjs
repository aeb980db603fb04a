// A wasm module that a worker can compile for the page: `addWarmUp(wasm)`.
//
// The browser compiles a module's functions on their first call, on the thread that calls
// them: the page's first renders pay for the code they run first (see docs/figures.md, "The
// practice page's main thread"). The compiled code belongs to the module, and every instance
// of the module in the page's process shares it, a worker's too. So a worker that calls every
// function once compiles them all off the page's thread, before the page needs them.
//
// Calling a function runs it, though, and a worker has neither the page's imports nor its
// state. So the module gets one more global, `warming` (0), and every function first reads
// it: when it is set, the function returns zeros at once. And one more export, `__warm`,
// sets it (in its own instance only: a global is the instance's) and calls each function of
// the module once, with zeros. The page's instance never sets it, and runs as before, but
// for the global's read and branch at each call.
//
// `addWarmUp(wasm)` returns the rewritten module (bytes) and the count of functions, or
// throws on what it does not know how to rewrite (a start function, a type that is not a
// plain function type, a value type it has no zero for): the build stops instead.

import { leb, readBytes, readImport, readLeb } from './wasm-binary.mjs';

/** Bytes built up from pieces (arrays or typed arrays), without spreading large ones. */
class Bytes {
  constructor() {
    this.parts = [];
    this.length = 0;
  }
  add(...pieces) {
    for (const p of pieces) {
      this.parts.push(p);
      this.length += p.length;
    }
    return this;
  }
  bytes() {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** The instructions that push a zero of value type `t`. */
function zero(t) {
  switch (t) {
    case 0x7f: return [0x41, 0]; // i32.const 0
    case 0x7e: return [0x42, 0]; // i64.const 0
    case 0x7d: return [0x43, 0, 0, 0, 0]; // f32.const 0
    case 0x7c: return [0x44, 0, 0, 0, 0, 0, 0, 0, 0]; // f64.const 0
    case 0x7b: return [0xfd, 0x0c, ...new Array(16).fill(0)]; // v128.const 0
    case 0x70: return [0xd0, 0x70]; // ref.null func
    case 0x6f: return [0xd0, 0x6f]; // ref.null extern
    default: throw new Error(`no zero for the value type 0x${t.toString(16)}`);
  }
}

/** The sections of `bytes` after the header: [{ id, body }] in order. */
function sections(bytes) {
  const out = [];
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    out.push({ id, body: bytes.subarray(body, body + size) });
    at = body + size;
  }
  if (at !== bytes.length) throw new Error('a section runs past the end of the module');
  return out;
}

/** A vector section's count and the bytes after it. */
function vector(body) {
  const [count, at] = readLeb(body, 0);
  return { count, rest: body.subarray(at) };
}

/** The function types of a type section: [{ params, results }]. */
function readTypes(body) {
  let [n, p] = readLeb(body, 0);
  const types = [];
  while (n-- > 0) {
    if (body[p++] !== 0x60) throw new Error('a type that is not a plain function type');
    const read = () => {
      let list;
      [list, p] = readBytes(body, p);
      return Array.from(list);
    };
    const params = read();
    types.push({ params, results: read() });
  }
  return types;
}

/** The counts of imported functions and globals in an import section. */
function readImports(body) {
  let [n, p] = readLeb(body, 0);
  let functions = 0;
  let globals = 0;
  while (n-- > 0) {
    const { kind, next } = readImport(body, p);
    if (kind === 0) functions++;
    else if (kind === 3) globals++;
    p = next;
  }
  return { functions, globals };
}

/** The module `wasm` (bytes) with the global `warming` and the export `__warm` (see above). */
export function addWarmUp(wasm) {
  const bytes = Uint8Array.from(wasm);
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a wasm module');
  const list = sections(bytes);
  const find = (id) => list.find((s) => s.id === id);
  if (find(8)) throw new Error('the module has a start function, which a worker would run');
  if (!find(10)) throw new Error('the module has no code');
  const types = find(1) ? readTypes(find(1).body) : [];
  const imported = find(2) ? readImports(find(2).body) : { functions: 0, globals: 0 };
  // Each defined function's type.
  const own = [];
  {
    let [n, p] = readLeb(find(3).body, 0);
    while (n-- > 0) {
      let t;
      [t, p] = readLeb(find(3).body, p);
      own.push(types[t]);
    }
  }
  const globals = find(6) ? vector(find(6).body).count : 0;
  const warming = imported.globals + globals;
  // The type of `__warm`, () -> (): one already there, or a new one at the end.
  let warmType = types.findIndex((t) => t.params.length === 0 && t.results.length === 0);
  const newTypes = warmType < 0 ? [0x60, 0, 0] : [];
  if (warmType < 0) warmType = types.length;
  const warmIndex = imported.functions + own.length;

  /** Section `id` with `content` (a Bytes). */
  const encoded = (id, content) => new Bytes().add([id], leb(content.length), content.bytes()).bytes();
  /** A vector section with `added` more entries (`more`, already encoded) appended. */
  const appended = (id, added, more) => {
    const { count, rest } = find(id) ? vector(find(id).body) : { count: 0, rest: [] };
    return encoded(id, new Bytes().add(leb(count + added), rest, more));
  };

  // Every function first reads the global: set, it returns zeros at once.
  const code = new Bytes().add(leb(own.length + 1));
  {
    const body = find(10).body;
    let [n, p] = readLeb(body, 0);
    if (n !== own.length) throw new Error('the code and function sections disagree');
    for (const type of own) {
      let size;
      [size, p] = readLeb(body, p);
      const start = p;
      const end = p + size;
      // The locals' declarations, then the expression.
      let groups;
      [groups, p] = readLeb(body, p);
      while (groups-- > 0) {
        [, p] = readLeb(body, p);
        p++;
      }
      const guard = [0x23, ...leb(warming), 0x04, 0x40, ...type.results.flatMap(zero), 0x0f, 0x0b];
      code.add(leb(end - start + guard.length), body.subarray(start, p), guard, body.subarray(p, end));
      p = end;
    }
    if (p !== body.length) throw new Error('the code section has bytes after its functions');
  }
  // `__warm`: sets the global, then calls each function once with zeros, dropping what it
  // returns.
  const warm = new Bytes().add([0, 0x41, 1, 0x24], leb(warming));
  own.forEach((type, i) => {
    warm.add(type.params.flatMap(zero), [0x10], leb(imported.functions + i), type.results.map(() => 0x1a));
  });
  warm.add([0x0b]);
  code.add(leb(warm.length), warm.bytes());

  const name = new TextEncoder().encode('__warm');
  const replaced = new Map([
    [1, appended(1, newTypes.length ? 1 : 0, newTypes)],
    [3, appended(3, 1, leb(warmType))],
    [6, appended(6, 1, [0x7f, 0x01, 0x41, 0x00, 0x0b])],
    [7, appended(7, 1, [...leb(name.length), ...name, 0x00, ...leb(warmIndex)])],
    [10, encoded(10, code)],
  ]);
  // The sections in the order the format requires, the new ones where they belong.
  const ORDER = [1, 2, 3, 4, 5, 13, 6, 7, 8, 9, 12, 10, 11];
  const out = new Bytes().add(bytes.subarray(0, 8));
  const placed = new Set();
  const place = (id) => {
    if (!placed.has(id) && replaced.has(id)) out.add(replaced.get(id));
    placed.add(id);
  };
  for (const s of list) {
    if (s.id !== 0) for (const id of ORDER.slice(0, ORDER.indexOf(s.id))) place(id);
    if (replaced.has(s.id)) place(s.id);
    else out.add(encoded(s.id, new Bytes().add(s.body)));
  }
  for (const id of ORDER) place(id);
  return { wasm: out.bytes(), functions: own.length };
}
