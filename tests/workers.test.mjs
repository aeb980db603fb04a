// The search workers live as long as the page: a search nobody wants any more (a move on the
// analysis board, an undo, "move now") is stopped in place, and the workers keep what they
// learned. Where the page is cross-origin isolated (from the second visit on, when the app's
// service worker serves it with the headers) through a shared stop flag; elsewhere (no service
// worker: a foreign frame, a first visit) between two iterations. Where it is isolated, the
// workers also search on one shared table (Lazy SMP); elsewhere they deal the root moves out.
// Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, waitForMoves, choose, withinBudget, OUT_OF_BOOK } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();

/** An init script that makes the browser report `n` logical cores. */
const cores = (n) => `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${n} });`;

/** An init script that keeps every search figure the status line shows, in `window.__figures`
 * as { depth, nodes }, as it changes. */
function recordFigures() {
  window.__figures = [];
  const read = () => {
    const f = document.querySelector('[data-testid=status] .figures');
    if (!f) return;
    const last = window.__figures.at(-1);
    const now = { depth: Number(f.dataset.depth), nodes: Number(f.dataset.nodes) };
    if (!last || last.depth !== now.depth || last.nodes !== now.nodes) window.__figures.push(now);
  };
  new MutationObserver(read).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-nodes', 'data-depth'] });
}

/** Opens the app with a pool of two workers (two cores reported) and counts the workers the page
 * starts. `isolated`: visit once, let the service worker install, and reload, as a person's
 * second visit; else the service worker is kept out. */
async function openCounting(t, isolated) {
  const page = await open(t, {
    init: `${cores(2)}\n(${recordFigures})();`,
    serviceWorkers: isolated ? 'allow' : 'block',
    query: `?${OUT_OF_BOOK}`,
  });
  if (isolated) {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.locator('[data-square]').nth(89).waitFor();
  }
  assert.equal(await page.evaluate(() => crossOriginIsolated), isolated, 'cross-origin isolated');
  // The pool starts once the board is up; every worker started after that is counted.
  const deadline = Date.now() + 10_000;
  while (page.workers().length < 2 && Date.now() < deadline) await page.waitForTimeout(50);
  assert.equal(page.workers().length, 2, 'a pool of two');
  const started = { count: 0 };
  page.on('worker', () => started.count++);
  return { page, started };
}

/** Ten moves on the analysis board, each starting a new analysis while the last one runs. */
const TEN = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b2d2', 'a9b9', 'b0c2', 'c6c5'];

/** Ten moves on the analysis board, two undos and "move now" against level 26, with the page's
 * pool; "move now" plays at once (the gate: within 2 s). */
async function tenMovesTwoUndosAndMoveNow(t, isolated) {
  await withinBudget(t, `"move now" at level 26, a pool of two ${isolated ? 'isolated' : 'not isolated'}, to the move played`, 2000, async () => {
    const { page, started } = await openCounting(t, isolated);
    await page.keyboard.press('a');
    for (const m of TEN) {
      await clickMove(page, m);
      await page.waitForTimeout(150);
    }
    await waitForMoves(page, 10);
    // Each undo takes back a move of each side.
    for (const n of [8, 6]) {
      await page.locator('[data-action=undo]').click();
      await waitForMoves(page, n);
      await page.waitForTimeout(150);
    }
    // Back to a game against the strongest level, which thinks 8 s a move.
    await page.keyboard.press('a');
    await choose(page, 'level', '26');
    await clickMove(page, 'b2d2');
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('thinking'));
    await page.locator('[data-figure=depth]').waitFor();
    const t0 = Date.now();
    await page.locator('[data-action=stop]').click();
    // Level 8 thinks 8 s: a move within 30 s came from "move now" or it would not be timed.
    await waitForMoves(page, 8, 30_000);
    const took = Date.now() - t0;
    await page.waitForTimeout(500);
    assert.equal(started.count, 0, 'no worker started beyond the pool');
    assert.equal(page.workers().length, 2, 'the pool it started with');
    await page.context().close();
    return took;
  });
}

test('cross-origin isolated after the service worker installs: ten analysis moves, two undos and "move now" keep the pool', async (t) => {
  await tenMovesTwoUndosAndMoveNow(t, true);
});

test('without the service worker: ten analysis moves, two undos and "move now" keep the pool', async (t) => {
  await tenMovesTwoUndosAndMoveNow(t, false);
});

/** The nodes the analysis that showed `figures` needed for `depth`: its first figure at that
 * depth or, where it skipped the depth, the geometric mean of its first figures at the depths
 * shown below and above, weighted by depth; past its deepest, its deepest two figures'
 * growth a depth carried on (the one below alone where there is no other). */
function firstNeeded(figures, depth) {
  const firstAt = (d) => figures.find((f) => f.depth === d);
  const at = firstAt(depth);
  if (at) return at.nodes;
  const below = figures.filter((f) => f.depth < depth).at(-1);
  const low = below && firstAt(below.depth);
  const above = figures.find((f) => f.depth > depth);
  if (!low) return above.nodes;
  if (!above) {
    const before = figures.filter((f) => f.depth < low.depth).at(-1);
    const lower = before && firstAt(before.depth);
    if (!lower || lower.nodes >= low.nodes) return low.nodes;
    const growth = Math.log(low.nodes / lower.nodes) / (low.depth - lower.depth);
    return low.nodes * Math.exp(growth * (depth - low.depth));
  }
  const share = (depth - low.depth) / (above.depth - low.depth);
  return Math.exp(Math.log(low.nodes) * (1 - share) + Math.log(above.nodes) * share);
}

/** The figures shown since they were last cleared, once `ok(arg)` holds in the page. */
async function figuresUntil(page, ok, arg = null) {
  await page.waitForFunction(ok, arg, { timeout: 40_000, polling: 50 });
  return page.evaluate(() => window.__figures);
}

async function revisit(t, isolated) {
  const { page, started } = await openCounting(t, isolated);
  await page.evaluate(() => { window.__figures = []; });
  await page.keyboard.press('a');
  // The reports come a few times a second, so not every depth is shown, and which ones are
  // depends on the machine's speed. The second analysis's first figure from depth 10 on is
  // where the workers hold the most of the first analysis's work (their table, and the
  // histories that order the moves); it is compared with what the first analysis needed for
  // that depth: its figure at that depth or, if it skipped it, the geometric mean of its
  // figures at the depths around it (the nodes grow about as fast from one depth to the next).
  // Deeper, the search goes past what the table holds. Measured on an idle machine: kept,
  // 0.46 to 0.69 of the first analysis's nodes without the service worker and 0.45 to 0.76
  // with it; workers that forget at every search (a new game each time), exactly 1.00
  // without it (the search is the same) and 0.81 with it (two workers on one table do not
  // repeat their shares exactly, and the first search of a page starts slower there). So a
  // forgetting worker fails the check without the service worker; with it, the check says
  // that the pool was not started afresh.
  const first = await figuresUntil(page, () => window.__figures.some((f) => f.depth >= 15));
  // Two moves, each analysed a moment (a longer analysis of other positions would overwrite
  // more of the table's older entries, as the table prefers the newer searches' work).
  await clickMove(page, 'h2e2');
  await page.waitForTimeout(150);
  await clickMove(page, 'h9g7');
  await page.waitForTimeout(150);
  // Undo takes back a move of each side: the start position again.
  await page.locator('[data-action=undo]').click();
  await waitForMoves(page, 0);
  await page.evaluate(() => { window.__figures = []; });
  const from = first.find((f) => f.depth >= 10).depth;
  const figures = await figuresUntil(page, (deep) => window.__figures.some((f) => f.depth >= deep), from);
  const second = figures.find((f) => f.depth >= from);
  const before = firstNeeded(first, second.depth);
  const ratio = second.nodes / before;
  t.diagnostic(`revisit, ${isolated ? 'isolated' : 'not isolated'}: depth ${second.depth} in ${second.nodes} nodes, the first time about ${Math.round(before)} (${ratio.toFixed(2)}); first ${JSON.stringify(first.filter((f) => f.depth >= from - 1))}`);
  assert.equal(started.count, 0, 'no worker started beyond the pool');
  return { ratio, what: `depth ${second.depth} reached again in ${second.nodes} nodes, the first time about ${Math.round(before)}` };
}

/** The revisit, up to three times, each afresh: which depths the page shows, and so which
 * figures are compared, depend on the machine's load, and two workers on one table share the
 * work differently from one search to the next (a fresh machine's test run saw 2.88 once,
 * where an idle machine sees 0.45 to 0.76). Passes at the first try a tenth under; fails
 * when every try is over, with each figure. */
async function revisitWithin(t, isolated) {
  const seen = [];
  for (let i = 0; i < 3; i++) {
    const { ratio, what } = await revisit(t, isolated);
    seen.push(`${what} (${ratio.toFixed(2)})`);
    t.diagnostic(`revisit: ${ratio.toFixed(2)} of the first time's nodes (try ${i + 1} of 3, bound 0.90)`);
    if (ratio < 0.9) return;
  }
  assert.fail(`not a tenth fewer nodes in any of 3 tries: ${seen.join('; ')}`);
}

test('cross-origin isolated: a position analysed before is reached again with fewer nodes', async (t) => {
  await revisitWithin(t, true);
});

test('without the service worker: a position analysed before is reached again with fewer nodes', async (t) => {
  await revisitWithin(t, false);
});

/** What each worker of the page's pool says of its shared table: whether it has one, the
 * entries it wrote, and a digest of the table's first words. */
async function tables(page) {
  return Promise.all(page.workers().map((w) => w.evaluate(() => {
    if (typeof xqTable === 'undefined') return null;
    const words = new Uint32Array(xqTable.buffer, 0, 1 << 16);
    let digest = 0;
    let used = 0;
    for (let i = 0; i < words.length; i++) {
      digest = (Math.imul(digest, 31) + words[i]) | 0;
      if (words[i] !== 0) used++;
    }
    return { writes: xqTable.writes, digest, used, bytes: xqTable.buffer.byteLength };
  })));
}

test('cross-origin isolated: the pool searches on one shared table, one worker answering and the other helping', async (t) => {
  const { page, started } = await openCounting(t, true);
  await choose(page, 'level', '23');
  await clickMove(page, 'h2e2');
  await page.locator('[data-figure=workers][data-shared=true][data-workers="2"]').waitFor({ timeout: 10_000 });
  await waitForMoves(page, 2, 10_000);
  const [first, second] = await tables(page);
  assert.ok(first && second, 'both workers took the table');
  assert.ok(first.writes > 1000 && second.writes > 1000, `both wrote to it: ${JSON.stringify([first, second])}`);
  assert.ok(first.used > 0, 'it holds entries');
  assert.equal(first.bytes, second.bytes);
  assert.equal(first.digest, second.digest, 'both see the same entries: one table');
  assert.equal(started.count, 0, 'no worker started beyond the pool');
});

test('without the service worker: the pool deals the root moves out, each worker with its own table', async (t) => {
  const { page } = await openCounting(t, false);
  await choose(page, 'level', '23');
  await clickMove(page, 'h2e2');
  await page.locator('[data-figure=workers][data-shared=false][data-workers="2"]').waitFor({ timeout: 10_000 });
  await waitForMoves(page, 2, 10_000);
  assert.deepEqual(await tables(page), [null, null]);
});
