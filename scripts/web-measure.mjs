// Measures the release build (dist/) in Debian's Chromium: the gzip size of everything the
// page and its service worker's precache fetch on first load, the time to a usable board with
// the CPU throttled 4x, the search's speed on one worker and on a pool, the longest main-thread task while the
// computer thinks, and the depth the analysis board reaches in 5 s.
// Usage: trunk build --release && node scripts/web-measure.mjs
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, clickMove, choose, moveTexts, DIST, ROOT } from '../tests/harness.mjs';
import { mainThreadEvents } from './trace-events.mjs';

const server = await serve();
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. Everything fetched on first load (page and worker), gzipped at level 9.
{
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls = new Set();
  context.on('request', (r) => urls.add(r.url()));
  await page.goto(server.url);
  await page.locator('[data-piece]').nth(31).waitFor();
  await page.waitForTimeout(1500); // the worker is spawned once the board is up
  let raw = 0;
  let gz = 0;
  console.log('first load:');
  // The page and the service worker's precache fetch some files twice ("/" is index.html):
  // each file counts once.
  const paths = new Set([...urls].map((u) => new URL(u).pathname).map((p) => (p.endsWith('/') ? p + 'index.html' : p)));
  for (const path of [...paths].sort()) {
    const body = await readFile(join(DIST, path));
    const z = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += z;
    console.log(`  ${path.padEnd(36)} ${String(body.length).padStart(8)} B  gzip ${String(z).padStart(7)} B`);
  }
  console.log(`  total: ${raw} B, gzip ${gz} B = ${(gz / 1024).toFixed(1)} KiB (budget 300 KB)`);
  await context.close();
}

// 2. Navigation to a usable board (32 pieces drawn by the app), CPU throttled 4x.
{
  const times = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.querySelectorAll('[data-piece]').length === 32) {
          window.__usable = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(server.url);
    await page.waitForFunction(() => window.__usable !== undefined);
    times.push(await page.evaluate(() => window.__usable));
    await context.close();
  }
  console.log(`usable board, CPU 4x slower, cold cache: ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times).toFixed(0)} ms (target < 1000)`);
}

// 3 and 4. The strongest level from the position after h2e2, with the browser reporting one
// core (one worker) and then two (a pool of two): the search's speed summed over its workers
// and its depth, and the main thread meanwhile: long tasks over 50 ms (PerformanceObserver),
// and the longest task of any length on the page's main thread in a Chromium trace.
for (const cores of [1, 2]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(`Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} });`);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(server.url);
  await page.locator('[data-piece]').nth(31).waitFor();
  const level = await page.locator('[data-testid=level] option').last().getAttribute('value');
  await choose(page, 'level', level);
  await page.waitForTimeout(500);
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('thinking'));
  await page.evaluate(() => { window.__longTasks = []; });
  const tracePath = join(ROOT, 'target', 'think-trace.json');
  await browser.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  while ((await moveTexts(page)).length < 2) await page.waitForTimeout(200);
  await page.waitForTimeout(300); // the reply's render
  await browser.stopTracing();
  const figures = page.locator('[data-testid=status] .figures');
  const nodes = Number(await figures.getAttribute('data-nodes'));
  const ms = Number(await figures.getAttribute('data-time-ms'));
  const depth = await figures.getAttribute('data-depth');
  const workers = await page.locator('[data-figure=workers]').getAttribute('data-workers');
  const longTasks = await page.evaluate(() => window.__longTasks);
  const trace = JSON.parse(await readFile(tracePath, 'utf8'));
  const tasks = mainThreadEvents(trace)
    .filter((e) => e.name === 'RunTask')
    .map((e) => e.dur / 1000);
  console.log(`${cores} core(s) reported, ${workers} worker(s), level ${level}: depth ${depth}, ${nodes} nodes in ${ms} ms = ${Math.round(nodes / ms * 1000)} nodes/s`);
  console.log(`main thread while thinking: ${longTasks.length} tasks over 50 ms; longest of ${tasks.length} traced tasks ${Math.max(...tasks).toFixed(1)} ms`);
  if (cores === 1) console.log('native, same search: cargo run --release -p xiangqi-web --example nps');
  await context.close();
}

// 5. The analysis board: the depth its three lines reach 5 s after it is turned on, from the
// start position, on the workers it uses here (one core is left to the page).
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-piece]').nth(31).waitFor();
  await page.waitForTimeout(1500); // the workers are up
  await page.locator('[data-action=analyse]').click();
  await page.waitForTimeout(5000);
  const depth = await page.getByTestId('analysis').getAttribute('data-depth');
  const figures = await page.getByTestId('status').locator('.figures').getAttribute('data-nodes');
  const workers = await page.getByTestId('status').locator('[data-workers]').getAttribute('data-workers');
  console.log(`analysis, 3 lines, after 5 s: depth ${depth}, ${figures} nodes, ${workers} worker(s)`);
  await context.close();
}

await browser.close();
await server.close();
