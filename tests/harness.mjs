// Shared by the end-to-end tests and the measurements: a static server for dist/ on 127.0.0.1
// and Debian's Chromium driven by playwright-core (no browser download).
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { later } from '../scripts/later-files.mjs';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
export const DIST = join(ROOT, 'dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves `dir` on 127.0.0.1 at `port` (0: any free port), under the path `base` ("/" unless
 * told, e.g. "/some/path/"). Resolves to { url, close, served, asked }: `served` lists the
 * paths of the files sent, in order, `asked` those asked for as they come; `hold(path)` gives
 * the milliseconds to wait before answering (a slow network).
 */
export async function serve(dir = DIST, port = 0, { base = '/', hold = () => 0 } = {}) {
  await stat(join(dir, 'index.html')).catch(() => {
    throw new Error(`${dir}/index.html is missing: run \`trunk build --release\` first`);
  });
  const served = [];
  const asked = [];
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    asked.push(full);
    // A slow file (`hold`: milliseconds for a path), as on a slow network.
    const ms = hold(full);
    // (Unref'd: a response still held does not keep the tests' process alive.)
    if (ms) await new Promise((ok) => setTimeout(ok, ms).unref());
    if (res.destroyed) return;
    if (!full.startsWith(base)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const path = '/' + full.slice(base.length);
    const file = normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
      served.push(path);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}${base}`,
    served,
    asked,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }),
  };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** Launches Debian's Chromium headless. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * Waits in the page itself (polling once a frame) until `selector` matches. Unlike a locator,
 * this loads none of the test driver's own selector engine into the page, whose first use
 * is itself a long task: what is timed meanwhile is the page's own work.
 */
export async function waitInPage(page, selector, timeout = 30_000) {
  const found = await page.evaluate(({ selector, timeout }) => new Promise((done) => {
    const until = performance.now() + timeout;
    const look = () => {
      if (document.querySelector(selector)) done(true);
      else if (performance.now() > until) done(false);
      else requestAnimationFrame(look);
    };
    look();
  }), { selector, timeout });
  if (!found) throw new Error(`no ${selector} in ${timeout} ms`);
}

/** Clicks the middle of the element `selector` with the mouse, as `waitInPage` waits: with
 * none of the driver's selector engine in the page. */
export async function clickInPage(page, selector) {
  const [x, y] = await page.evaluate((selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }, selector);
  await page.mouse.click(x, y);
}

/**
 * Opens the app and waits until the board has its 90 points. `serviceWorkers: 'block'` keeps
 * the app's service worker out, for tests that intercept the app's own requests; `prepare`
 * gets the browser context before the first request (to install routes, for instance);
 * `quiet` waits for the board with `waitInPage`, for tests that time the page's tasks.
 */
export async function openApp(browser, base, { query = '', viewport = { width: 1280, height: 800 }, init, serviceWorkers = 'allow', prepare, quiet = false } = {}) {
  const context = await browser.newContext({ viewport, serviceWorkers });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  if (init) await page.addInitScript(init);
  await page.goto(base + query);
  if (quiet) await waitInPage(page, '[data-square="i9"]');
  else await page.locator('[data-square]').nth(89).waitFor();
  return { page, context, errors };
}

/**
 * An init script (for `openApp`'s `init`) that records the page's long tasks (over 50 ms) in
 * `window.__longTasks` as { start, duration }; read them with `longTasksSince`.
 */
export function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** The long tasks recorded by `recordLongTasks` that began at or after `start` (ms). */
export function longTasksSince(page, start) {
  return page.evaluate((start) => window.__longTasks.filter((t) => t.start >= start), start);
}

/** The longest of the long tasks recorded since `start` (ms), 0 when there was none. */
export async function longestTaskSince(page, start) {
  const tasks = await longTasksSince(page, start);
  return Math.max(0, ...tasks.map((t) => Math.round(t.duration)));
}

/**
 * The gate on a duration measured in wall-clock time. One reading on a busy machine is not a
 * figure: another process can take the core for 50 ms at any moment. So `measure(i)` (which
 * runs the scenario afresh, try `i`, and resolves to the figure in ms) runs up to `tries`
 * times; each figure is printed with the budget, the gate passes at the first within
 * `budget`, and fails only when every try is over it. Resolves to the best figure.
 *
 * With `GATE_TRIES=N` in the environment every gate measures N times, passing or not, and
 * prints a line `gate: WHAT: median M ms, worst W ms, budget B ms (N tries)`: the figures
 * `scripts/gates` reports.
 */
export async function withinBudget(t, what, budget, measure, tries = 3) {
  const measuring = Number(process.env.GATE_TRIES) || 0;
  const most = measuring || tries;
  const seen = [];
  for (let i = 0; i < most; i++) {
    const ms = Math.round(await measure(i));
    seen.push(ms);
    t.diagnostic(`${what}: ${ms} ms (try ${i + 1} of ${most}, budget ${budget} ms)`);
    if (ms <= budget && !measuring) return ms;
  }
  const sorted = [...seen].sort((a, b) => a - b);
  if (measuring) {
    t.diagnostic(`gate: ${what}: median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms, budget ${budget} ms (${seen.length} tries)`);
  }
  assert.ok(sorted[0] <= budget, `${what}: over ${budget} ms in all ${seen.length} tries (${seen.join(', ')} ms)`);
  return sorted[0];
}

/**
 * Serves one HTML page at a port of its own, another origin than the app's, until test `t`
 * ends; resolves to its address.
 */
export async function hostPage(t, html) {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  t.after(() => new Promise((ok) => { server.closeAllConnections(); server.close(ok); }));
  return `http://127.0.0.1:${server.address().port}/`;
}

/** The moves in the move list, as shown. */
export async function moveTexts(page) {
  return page.locator('[data-testid=moves] [data-ply]').allTextContents();
}

/** The FEN letter of the piece on `sq` (waiting up to 2 s for one to appear), or null when the
 * point, which must exist, stays empty: a renamed hook fails here instead of reading as empty. */
export async function pieceAt(page, sq) {
  const square = page.locator(`[data-square="${sq}"]`);
  try {
    return await square.locator('[data-piece]').getAttribute('data-piece', { timeout: 2000 });
  } catch (e) {
    if (e.name !== 'TimeoutError') throw e;
  }
  if ((await square.count()) !== 1) throw new Error(`the point ${sq} is not on the board`);
  return null;
}

/** Plays a move by clicking its two points. */
/** A position no opening book holds, Red to move: the start without Black's right edge
 * soldier. The tests of how the computer searches start from it, since from the start the
 * levels that use the book answer from it at once; a game from it is named no opening either,
 * so the openings' worker never starts. */
export const OUT_OF_BOOK = `fen=${encodeURIComponent('rnbakabnr/9/1c5c1/p1p1p1p2/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1')}`;

export async function clickMove(page, uci) {
  await page.locator(`[data-square="${uci.slice(0, 2)}"]`).click();
  await page.locator(`[data-square="${uci.slice(2, 4)}"]`).click();
}

/** Waits until the move list holds `n` moves. */
export async function waitForMoves(page, n, timeout = 30_000) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=moves] [data-ply]').length === n,
    n,
    { timeout },
  );
}

/** Chooses `value` in the select with data-testid `id`. */
export async function choose(page, id, value) {
  await page.locator(`[data-testid=${id}]`).selectOption(value);
}

/**
 * Fills the page's storage (localStorage, shared by the origin's pages) until the browser
 * refuses one more character, as another site's data or a long history would; resolves to
 * `makeRoom(n)`, which deletes the first `n` filler keys (each of the first holds 1 MB).
 */
export async function fillStorage(page) {
  const keys = await page.evaluate(() => {
    const keys = [];
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      for (;;) {
        const key = `filler.${keys.length}`;
        try {
          localStorage.setItem(key, 'x'.repeat(size));
          keys.push(key);
        } catch {
          break;
        }
      }
    }
    return keys;
  });
  return (n = keys.length) => page.evaluate((keys) => keys.forEach((k) => localStorage.removeItem(k)), keys.slice(0, n));
}

/** Every file of the build in `dir`, as paths relative to it with forward slashes. */
export async function distFiles(dir = DIST) {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * Waits until the service worker keeps every file outside the first load (the workers, the
 * records' reader, the network, the practice page's: scripts/later-files.mjs), as it does
 * once a page has been idle a few seconds: a visit that long leaves every part offline.
 */
export async function keptLater(page) {
  const files = (await distFiles()).filter(later);
  const missing = () => page.evaluate(async (files) => {
    const kept = [];
    for (const k of await caches.keys()) {
      const cache = await caches.open(k);
      for (const f of files) if (await cache.match(new URL(f, location.href).href)) kept.push(f);
    }
    return files.filter((f) => !kept.includes(f));
  }, files);
  for (let i = 0; i < 60 && (await missing()).length; i++) await page.waitForTimeout(500);
  assert.deepEqual(await missing(), [], 'every file outside the first load kept');
}
