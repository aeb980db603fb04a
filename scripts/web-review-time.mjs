// Times a game review in the release build (dist/) in Debian's Chromium: a game of random
// legal moves (120 plies unless told, fewer if it ends first), played by clicks between two
// players, then "Review" at its default budget per position; prints the plies, the time from
// the click to the last evaluation, the workers, and the page's main-thread tasks over 50 ms
// meanwhile.
// Usage: trunk build --release && node scripts/web-review-time.mjs [PLIES] [SEED]
import { serve, launch, openApp, recordLongTasks, longTasksSince } from '../tests/harness.mjs';

const plies = Number(process.argv[2] ?? 120);
let seed = BigInt(process.argv[3] ?? 1);
/** xorshift64: a move picked the same way for a seed. */
const below = (n) => {
  seed ^= (seed << 13n) & 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= (seed << 17n) & 0xffffffffffffffffn;
  return Number(seed % BigInt(n));
};

const server = await serve();
const browser = await launch();
const { page, context } = await openApp(browser, server.url, { query: '?mode=pvp', init: recordLongTasks });
const played = () => page.locator('[data-testid=moves] [data-ply]').count();
while ((await played()) < plies && (await page.getByTestId('result').count()) === 0) {
  // The side to move's pieces (upper case for Red), in a random order, until one can move.
  const red = (await page.getByTestId('fen').textContent()).includes(' w ');
  const own = await page.locator('[data-piece]').evaluateAll(
    (ps, red) => ps.filter((p) => (p.dataset.piece === p.dataset.piece.toUpperCase()) === red)
      .map((p) => p.closest('[data-square]').dataset.square),
    red,
  );
  const before = await played();
  for (let tries = 0; tries < own.length; tries += 1) {
    const from = own[below(own.length)];
    await page.locator(`[data-square="${from}"]`).click();
    const dests = await page.locator('[data-dest]').evaluateAll((ds) => ds.map((d) => d.dataset.square));
    if (dests.length === 0) continue;
    await page.locator(`[data-square="${dests[below(dests.length)]}"]`).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=moves] [data-ply]').length > n, before);
    break;
  }
}
const n = await played();
await page.waitForTimeout(1000); // the workers are up
const start = await page.evaluate(() => performance.now());
const t0 = Date.now();
await page.locator('[data-action=review]').click();
await page.locator('[data-action=review-deeper]').waitFor({ timeout: 600_000 });
const seconds = (Date.now() - t0) / 1000;
const tasks = await longTasksSince(page, start);
const workers = page.workers().length;
console.log(`review of ${n} plies (${n + 1} positions), ${workers} workers: ${seconds.toFixed(1)} s from the click to the last evaluation; ${tasks.length} main-thread tasks over 50 ms${tasks.length ? ` (longest ${Math.max(...tasks.map((t) => t.duration)).toFixed(0)} ms)` : ''}`);
await context.close();
await browser.close();
await server.close();
