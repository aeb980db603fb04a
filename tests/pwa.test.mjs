// The installable, offline app: the service worker, the manifest, a sub-path, the size budget.
// Run with `node --test tests/` after `trunk build --release`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { later } from '../scripts/later-files.mjs';
import { serve, launch, CHROMIUM_ARGS, clickMove, waitForMoves, choose, moveTexts, DIST, distFiles, keptLater } from './harness.mjs';

/** The first-load budget: everything the first visit fetches but the files outside the first
 * load (scripts/later-files.mjs), gzip. */
const BUDGET = 261_100;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Opens `url` in a fresh context and waits for the board and for the service worker to be
 * active (it has precached the build by then). Fails the test on any page error. */
async function openInstalled(t, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`${e}${e.stack ? `\n${e.stack}` : ''}`));
  t.after(async () => {
    await context.close();
    assert.deepEqual(errors.map((e) => e.split('\n')[0]), [], `no errors on the page: ${errors.join('\n\n')}`);
  });
  await page.goto(url);
  await page.locator('[data-square]').nth(89).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  return { context, page };
}

/** Plays h2e2 at level 2 and waits for the computer's reply. */
async function playAgainstComputer(page) {
  await choose(page, 'level', '2');
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  const to = await page.locator('[data-last=to]').getAttribute('data-square');
  assert.match(await page.locator(`[data-square="${to}"] [data-piece]`).getAttribute('data-piece'), /^[a-z]$/);
}

test('after one visit, the app loads, plays, reviews and analyses with the network off and the server stopped', async (t) => {
  const server = await serve();
  const { context, page } = await openInstalled(t, server.url);
  // A visit that stays until the page has been idle a few seconds: the files outside the
  // first load are kept by then.
  await keptLater(page);
  await context.setOffline(true);
  await server.close();
  await page.reload();
  await page.locator('[data-piece]').nth(31).waitFor();
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'served by the service worker');
  await playAgainstComputer(page);
  // Again from a link with a query, as a home-screen start or a shared position would open it.
  const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
  await page.goto(`${server.url}?fen=${encodeURIComponent(fen)}`);
  await page.locator('[data-square="b0"] [data-piece]').waitFor();
  assert.equal(await page.locator('[data-piece]').count(), 4);
  // The review and the analysis board need nothing from the network either.
  await page.goto(`${server.url}?mode=pvp&moves=h2e2+h9g7+e2e6+g7e6`);
  await page.locator('[data-action=review]').click();
  await page.locator('[data-action=review-deeper]').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('eval-graph').locator('[data-ply]').count(), 5);
  await page.locator('[data-action=analyse]').click();
  await page.locator('[data-testid=analysis] [data-multipv="3"]').waitFor({ timeout: 30_000 });
});

test('Chromium finds nothing in the way of installing the app', async (t) => {
  const server = await serve();
  t.after(() => server.close());
  // A profile on disk: Chromium never installs from an incognito-like context.
  const profile = await mkdtemp(join(tmpdir(), 'xiangqi-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  t.after(async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url);
  await page.locator('[data-square]').nth(89).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, []);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, [], 'the manifest parses cleanly');
  const parsed = JSON.parse(manifest.data);
  assert.equal(parsed.display, 'standalone');
  const icons = parsed.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
  assert.deepEqual(icons, ['192x192 any', '512x512 any maskable']);
  for (const icon of parsed.icons) {
    const res = await page.request.get(new URL(icon.src, manifest.url).href);
    assert.equal(res.status(), 200, icon.src);
    // The PNG's own width and height match what the manifest says.
    const png = await res.body();
    assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, icon.src);
  }
  assert.deepEqual(errors, [], 'no errors on the page');
});

test('served from a sub-path, the app loads every file from there and plays', async (t) => {
  const server = await serve(DIST, 0, { base: '/some/path/' });
  t.after(() => server.close());
  assert.match(server.url, /\/some\/path\/$/);
  const { page } = await openInstalled(t, server.url);
  const failed = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, server.url);
  await playAgainstComputer(page);
  assert.deepEqual(failed, []);
});

test('the first visit fetches every file of the build, within the size budget', async (t) => {
  const server = await serve();
  t.after(() => server.close());
  await openInstalled(t, server.url);
  const files = await distFiles();
  const fetched = new Set(server.served.map((p) => (p.endsWith('/') ? p + 'index.html' : p).slice(1)));
  // Everything the service worker keeps was fetched, and nothing outside the build.
  for (const f of files) if (f !== 'sw.js' && !later(f)) assert.ok(fetched.has(f), `${f} fetched`);
  for (const f of fetched) assert.ok(files.includes(f), `${f} is part of the build`);
  assert.ok(files.some((f) => f.endsWith('.nnue')), 'the build has the network');
  let raw = 0;
  let gzip = 0;
  for (const f of [...fetched].filter((f) => !later(f))) {
    const body = await readFile(join(DIST, f));
    raw += body.length;
    // As a server sends it: compressed where gzip makes it smaller (not the icon, a PNG that
    // gzip makes 36 B larger, which servers send as it is).
    gzip += Math.min(body.length, gzipSync(body, { level: 9 }).length);
  }
  t.diagnostic(`first load: ${fetched.size} files, ${raw} B, gzip ${gzip} B (budget ${BUDGET} B)`);
  assert.ok(gzip <= BUDGET, `gzip ${gzip} B over the budget of ${BUDGET} B`);
});

test('a new version waits for the reload button instead of swapping under a game', async (t) => {
  // A copy of the build, so that it can be changed as a new release would be.
  const dir = await mkdtemp(join(tmpdir(), 'xiangqi-dist-'));
  await cp(DIST, dir, { recursive: true });
  const server = await serve(dir);
  const { page } = await openInstalled(t, server.url);
  // Taken down after the page is closed (the hooks run in the order given): the page may
  // still fetch a file it loads when asked, such as the openings' worker for "My games".
  t.after(() => server.close());
  t.after(() => rm(dir, { recursive: true, force: true }));
  await page.reload();
  await page.locator('[data-piece]').nth(31).waitFor();
  await choose(page, 'mode', 'two');
  await clickMove(page, 'h2e2');
  assert.equal(await page.getByTestId('update').count(), 0, 'no banner without a new version');

  const sw = join(dir, 'sw.js');
  // The release build's service worker is minified: `const VERSION="…"`.
  const source = await readFile(sw, 'utf8');
  const next = source.replace(/const VERSION ?= ?(['"])(\w+)\1/, 'const VERSION=$1$2-next$1');
  assert.notEqual(next, source, 'the version is found');
  await writeFile(sw, next);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  const banner = page.getByTestId('update');
  await banner.waitFor();
  assert.match(await banner.textContent(), /update available/i);
  assert.deepEqual(await moveTexts(page), ['C2.5'], 'the game goes on untouched');
  const old = await page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
  const state = () => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const w = (x) => x && `${x.scriptURL.split('/').pop()} ${x.state}`;
    return JSON.stringify({ active: w(reg.active), waiting: w(reg.waiting), installing: w(reg.installing), controller: w(navigator.serviceWorker.controller), ready: document.readyState });
  }).catch((e) => `unreadable: ${e}`);
  t.diagnostic(`before the click: ${await state()}`);
  const clickedAt = Date.now();
  await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]).catch(async (e) => {
    throw new Error(`${e.message}\n${Date.now() - clickedAt} ms after the click: ${await state()}; asked of the server: ${server.asked.slice(-12).join(', ')}`);
  });
  await page.locator('[data-piece]').nth(31).waitFor();
  assert.equal(await page.getByTestId('update').count(), 0);
  const caches = await page.evaluate(() => caches.keys());
  assert.equal(caches.length, 1, 'the old version is cleared away');
  assert.match(caches[0], /-next$/);
  assert.ok(old);
  // The new version keeps the files fetched after the first load once the reloaded page is
  // idle (a few seconds on): told to take over, it was not told to stop keeping.
  const network = (await distFiles()).find((f) => f.endsWith('.nnue'));
  const started = Date.now();
  while (!(await page.evaluate(async ([name, f]) => !!(await (await caches.open(name)).match(new URL(f, location.href).href)), [caches[0], network]))) {
    assert.ok(Date.now() - started < 40_000, 'the new version keeps the network for offline play');
    await page.waitForTimeout(500);
  }
});

test('a new version takes over at once while the old one is still keeping the later files', async (t) => {
  // The network, kept by the running version once the page is idle, comes slowly: the
  // reload button must not wait for it (the old worker stops keeping, and the new one keeps
  // it once the reloaded page is idle).
  const dir = await mkdtemp(join(tmpdir(), 'xiangqi-dist-'));
  await cp(DIST, dir, { recursive: true });
  const network = (await distFiles()).find((f) => f.endsWith('.nnue'));
  const server = await serve(dir, 0, { hold: (path) => (path.endsWith(network) ? 60_000 : 0) });
  const { page } = await openInstalled(t, server.url);
  t.after(() => server.close());
  t.after(() => rm(dir, { recursive: true, force: true }));
  await page.reload();
  await page.locator('[data-piece]').nth(31).waitFor();
  // The running version is fetching the network for the cache.
  const started = Date.now();
  while (!server.asked.some((p) => p.endsWith(network))) {
    assert.ok(Date.now() - started < 30_000, `the network is asked for: ${server.asked.join(', ')}`);
    await page.waitForTimeout(200);
  }
  const sw = join(dir, 'sw.js');
  const source = await readFile(sw, 'utf8');
  await writeFile(sw, source.replace(/const VERSION ?= ?(['"])(\w+)\1/, 'const VERSION=$1$2-next$1'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  const banner = page.getByTestId('update');
  await banner.waitFor();
  const clicked = Date.now();
  await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), banner.getByRole('button', { name: 'Reload' }).click()]);
  await page.locator('[data-piece]').nth(31).waitFor();
  const ms = Date.now() - clicked;
  console.log(`# reloaded into the new version ${ms} ms after the click, the network still held`);
  const caches = await page.evaluate(() => caches.keys());
  assert.deepEqual(caches.length, 1);
  assert.match(caches[0], /-next$/);
});

test('the workers fetch the network once searching, evaluate with it, and have it offline after one visit', async (t) => {
  const server = await serve();
  const { context, page } = await openInstalled(t, server.url);
  const network = (await distFiles()).find((f) => f.endsWith('.nnue'));
  assert.ok(!server.served.some((p) => p.endsWith(network)), 'not fetched with the first load');
  /** Plays h2e2 and b2c2 at level 23 (the strong search) and returns the evaluation its figures
   * name for the second search: the first may run before the network has arrived. */
  const twoMoves = async () => {
    await page.locator('[data-square]').nth(89).waitFor();
    await choose(page, 'level', '23');
    await clickMove(page, 'h2e2');
    await waitForMoves(page, 2);
    await page.waitForTimeout(500);
    await clickMove(page, 'b2c2');
    await waitForMoves(page, 4);
    return page.getByTestId('status').locator('[data-eval]').first().getAttribute('data-eval');
  };
  assert.equal(await twoMoves(), 'network');
  assert.ok(server.served.some((p) => p.endsWith(network)), 'fetched once searching');
  // Kept by the service worker: at once if a worker it serves fetched it, else once the page,
  // idle, has it fetch the files outside the first load (a worker started before the service
  // worker took charge of the page fetches around it).
  const isKept = () => page.evaluate(async (f) => {
    for (const k of await caches.keys()) if (await (await caches.open(k)).match(new URL(f, location.href).href)) return true;
    return false;
  }, network);
  for (let i = 0; i < 40 && !(await isKept()); i++) await page.waitForTimeout(500);
  assert.ok(await isKept(), 'kept by the service worker');
  // Offline, with the server gone, a new page's workers get it from the service worker.
  // (The game saved in the browser is forgotten, so the new page starts from the beginning.)
  await page.evaluate(() => localStorage.clear());
  await context.setOffline(true);
  await server.close();
  await page.goto(server.url);
  assert.equal(await twoMoves(), 'network');
});
