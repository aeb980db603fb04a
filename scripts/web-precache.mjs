// Trunk post_build hook (Trunk.toml): writes the list of every file of the build, and a version
// that changes whenever any of them does, into the service worker in Trunk's staging directory.
// Trunk hashes most file names, so the list can only be known once the build is done.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: this runs as a Trunk post_build hook');
const SW = 'sw.js';

const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile())
  .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
  .filter((f) => f !== SW) // the browser fetches the service worker itself past any cache
  .sort();
const path = join(dir, SW);
const source = await readFile(path, 'utf8');
// The service worker's own code counts too, so changing only sw.js still makes a new cache.
const hash = createHash('sha256').update(source);
for (const f of files) hash.update(f).update('\0').update(await readFile(join(dir, f)));
const version = hash.digest('hex').slice(0, 16);

const filled = source
  .replace(/^const VERSION = .*;$/m, `const VERSION = '${version}';`)
  .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(['./', ...files])};`);
if (filled === source) throw new Error(`${path}: VERSION and FILES not found`);
await writeFile(path, filled);
console.log(`${SW}: version ${version}, ${files.length + 1} files to precache`);
