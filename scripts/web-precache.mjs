// Trunk post_build hook (Trunk.toml): adds to the practice module the export through which a
// worker compiles its code (scripts/wasm-warm.mjs); gives each wasm module's imports short
// names, in the module and its JavaScript (scripts/wasm-imports.mjs: some 7 KB of the first
// load, gzip), and minifies the build's JavaScript that Trunk's own minifier leaves as it is
// (it cannot read wasm-bindgen's ES module, some 2 KB of the first load, gzip), then writes the
// list of every file of the build (but the evaluation network, kept once fetched), and a
// version that changes whenever any of them does, into the service worker in Trunk's staging
// directory. Trunk hashes most file names, so the list can only be known once the build is
// done.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { minify } from 'terser';
import { shortenImports } from './wasm-imports.mjs';
import { addWarmUp } from './wasm-warm.mjs';
import { later } from './later-files.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: this runs as a Trunk post_build hook');
const SW = 'sw.js';

const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile())
  .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
  .filter((f) => f !== SW) // the browser fetches the service worker itself past any cache
  .sort();
// Not part of the first load (scripts/later-files.mjs): the service worker keeps each once
// fetched (LATER).
/** The subresource integrity value of `bytes`, as Trunk writes it into index.html. */
const integrity = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** `file` minified in place; returns [old, new] integrity values. An ES module may have its
 * top-level names shortened; a classic script (the worker's, the service worker) keeps them,
 * as other scripts may read them. */
async function shrink(file) {
  const code = await readFile(file, 'utf8');
  const module = /^\s*export\s/m.test(code) || code.includes('import.meta');
  const out = await minify(code, { module, compress: { passes: 2 }, mangle: true });
  if (!out.code || out.code.length >= code.length) return null;
  await writeFile(file, out.code);
  return [integrity(code), integrity(out.code)];
}

// On the practice page, which a module of its own draws, Trunk's loader does not start the
// game's module: its compile and start would be long tasks on that page's thread for
// nothing. The page's script (www/page.js, before the loader) says which page it is, in
// `xiangqiPractice`; the game's exports (`wasmBindings`) are then never set.
{
  const html = join(dir, 'index.html');
  const page = await readFile(html, 'utf8');
  const loader = /const wasm = await init\(\{ module_or_path: ('[^']+') \}\);(\s*)window\.wasmBindings = bindings;/;
  if (!loader.test(page)) throw new Error(`${html}: Trunk's loader is not as expected: the practice page would start the game's module`);
  await writeFile(html, page.replace(loader, 'const wasm = window.xiangqiPractice ? null : await init({ module_or_path: $1 });$2if (wasm) window.wasmBindings = bindings;'));
}

// The practice module gets the export through which a worker compiles its code before the
// page runs it (scripts/wasm-warm.mjs, www/practice-warm.js), in every build.
{
  const file = join(dir, 'practice_bg.wasm');
  await writeFile(file, addWarmUp(await readFile(file)).wasm);
}

// Only a release build is minified (Trunk sets TRUNK_PROFILE), as Trunk minifies the rest. The
// page checks each script against the integrity value Trunk wrote for it: those change too.
const release = process.env.TRUNK_PROFILE === 'release';
if (release) {
  const html = join(dir, 'index.html');
  let page = await readFile(html, 'utf8');
  // Each module `X_bg.wasm` with its JavaScript `X.js`.
  for (const w of files.filter((f) => f.endsWith('_bg.wasm'))) {
    const [wasmFile, jsFile] = [join(dir, w), join(dir, w.replace(/_bg\.wasm$/, '.js'))];
    const [wasm, js] = [await readFile(wasmFile), await readFile(jsFile, 'utf8')];
    const short = shortenImports(wasm, js);
    await writeFile(wasmFile, short.wasm);
    await writeFile(jsFile, short.js);
    page = page.replaceAll(integrity(wasm), integrity(short.wasm)).replaceAll(integrity(js), integrity(short.js));
  }
  for (const f of files.filter((f) => f.endsWith('.js'))) {
    const changed = await shrink(join(dir, f));
    if (changed) page = page.replaceAll(changed[0], changed[1]);
  }
  await writeFile(html, page);
}

const path = join(dir, SW);
const source = await readFile(path, 'utf8');
// The service worker's own code counts too, so changing only sw.js still makes a new cache.
const hash = createHash('sha256').update(source);
for (const f of files) hash.update(f).update('\0').update(await readFile(join(dir, f)));
const version = hash.digest('hex').slice(0, 16);

const filled = source
  .replace(/^const VERSION = .*;$/m, `const VERSION = '${version}';`)
  .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(['./', ...files.filter((f) => !later(f))])};`)
  .replace(/^const LATER = .*;$/m, `const LATER = ${JSON.stringify(files.filter(later))};`);
if (filled === source) throw new Error(`${path}: VERSION, FILES and LATER not found`);
await writeFile(path, filled);
if (release) await shrink(path);
console.log(`${SW}: version ${version}, ${files.length + 1} files to precache`);
