// Short names for the imports of a wasm-bindgen module, in the module and in its JavaScript.
//
// wasm-bindgen names each import the module takes from its JavaScript after the function it
// binds and a hash (`__wbg_setAttribute_5e2b0a5ba6e4e5f1`), and every import carries the name of
// the JavaScript module it comes from ('./app_bg.js'). The names are written twice, in the
// module's import section and as the keys of the object its JavaScript hands over, and the
// hashes do not compress: for the page's module, some 3 KB of the first load (gzip). The names
// mean nothing at run time, so a build may give them short ones, the same in both files, as a
// minifier does to a script's local names.
//
// `shortenImports(wasm, js)` returns the two rewritten, or throws if the JavaScript does not
// name each import exactly once (then renaming could break it: the build stops instead).

import { leb, readImport, readLeb } from './wasm-binary.mjs';

/** The `i`-th short name: a, b, …, z, A, …, Z, then aa, ab, …: bijective base 52. */
function short(i) {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / chars.length)) name = chars[(n - 1) % chars.length] + name;
  return name;
}

/** Every short name distinct, as JavaScript property names (checked once, at load). */
{
  const seen = new Set();
  for (let i = 0; i < 5000; i++) {
    const n = short(i);
    if (seen.has(n) || !/^[A-Za-z]+$/.test(n)) throw new Error(`short(${i}) = ${n} is not a new name`);
    seen.add(n);
  }
}

/** Occurrences of `name` in `text` as a whole word (not part of a longer name). */
function count(text, name) {
  const re = new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w$])`, 'g');
  return (text.match(re) ?? []).length;
}

/** `text` with `name` (a whole word, or a quoted module name) replaced by `to`. */
function replaceWord(text, name, to) {
  const re = new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w$])`, 'g');
  return text.replace(re, to);
}

/**
 * The module `wasm` (bytes) and its JavaScript `js` (text) with short import names: the
 * JavaScript module's name becomes 'w', each imported function's a letter or two.
 */
export function shortenImports(wasm, js) {
  const bytes = Uint8Array.from(wasm);
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a wasm module');
  const encoder = new TextEncoder();
  const out = [bytes.subarray(0, 8)];
  let at = 8;
  let renamed = js;
  let names = 0;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = readLeb(bytes, at + 1);
    const end = body + size;
    if (id !== 2) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    // The import section: count, then (module, name, kind, description) each.
    let [n, p] = readLeb(bytes, body);
    const section = [...leb(n)];
    const modules = new Map();
    while (n-- > 0) {
      const entry = readImport(bytes, p);
      const { module, name, description } = entry;
      p = entry.next;
      // Only the imports the JavaScript names (each exactly once) are renamed.
      let newModule = module;
      let newName = name;
      if (!modules.has(module)) {
        const quoted = [`"${module}"`, `'${module}'`].map((q) => renamed.split(q).length - 1).reduce((a, b) => a + b);
        if (quoted !== 1) throw new Error(`the JavaScript names the module ${module} ${quoted} times, not once`);
        const to = `w${modules.size || ''}`;
        renamed = renamed.replace(`"${module}"`, `"${to}"`).replace(`'${module}'`, `'${to}'`);
        modules.set(module, to);
      }
      newModule = modules.get(module);
      const times = count(renamed, name);
      if (times !== 1) throw new Error(`the JavaScript names the import ${name} ${times} times, not once`);
      newName = short(names++);
      renamed = replaceWord(renamed, name, newName);
      const m = encoder.encode(newModule);
      const f = encoder.encode(newName);
      section.push(...leb(m.length), ...m, ...leb(f.length), ...f, ...description);
    }
    if (p !== end) throw new Error('the import section has bytes after its imports');
    out.push(Uint8Array.from([2, ...leb(section.length), ...section]));
    at = end;
  }
  const wasmOut = new Uint8Array(out.reduce((n, b) => n + b.length, 0));
  out.reduce((offset, b) => (wasmOut.set(b, offset), offset + b.length), 0);
  return { wasm: wasmOut, js: renamed, names };
}
