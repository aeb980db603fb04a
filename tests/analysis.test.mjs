// The analysis board (button or A): a live search of the position shown in the workers, three lines
// with their scores and moves, their first moves as arrows, and the evaluation bar.
// Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTexts, clickMove, waitForMoves, choose, recordLongTasks, longestTaskSince, withinBudget } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();

/** The analysis's lines once three are shown whose first moves are all `color`'s and that
 * differ from `before` (the lines of the position before): [{ n, move, score, text }]. */
async function linesFor(page, color, before = []) {
  await page.waitForFunction(
    ({ color, before }) => {
      const lines = [...document.querySelectorAll('[data-testid=analysis] [data-multipv]')];
      if (lines.length !== 3) return false;
      const moves = lines.map((l) => l.dataset.move);
      if (moves.join() === before.join()) return false;
      return moves.every((m) => {
        const p = document.querySelector(`[data-square="${m.slice(0, 2)}"] [data-piece]`);
        return p && (p.dataset.piece === p.dataset.piece.toUpperCase()) === (color === 'red');
      });
    },
    { color, before },
    // Polled, not on every frame: the check must not add work to the frames it measures.
    { timeout: 20_000, polling: 100 },
  );
  return page.locator('[data-testid=analysis] [data-multipv]').evaluateAll((lines) =>
    lines.map((l) => ({
      n: l.dataset.multipv,
      move: l.dataset.move,
      score: l.dataset.score,
      text: l.querySelector('.pv').textContent,
    })),
  );
}

/** The lines' first moves and the arrows on the board (from+to, in the order drawn), read
 * at the same moment: a new iteration may replace both at any time. The framework lets the
 * browser run every 16 ms of its work (yew's scheduler), which on a busy machine may fall
 * after the panel's lines are drawn and before the board's arrows, for a task; so the page is
 * read again, every 50 ms for up to 2.5 s, until both show the same iteration, and the last
 * read is returned either way. */
const linesAndArrows = (page) =>
  page.evaluate(async () => {
    const read = () => ({
      lines: [...document.querySelectorAll('[data-testid=analysis] [data-multipv]')].map((l) => l.dataset.move),
      arrows: [...document.querySelectorAll('[data-testid=arrow]')].map((a) => a.dataset.from + a.dataset.to),
    });
    let shown = read();
    for (let i = 0; i < 50 && shown.lines.join() !== shown.arrows.join(); i++) {
      await new Promise((r) => setTimeout(r, 50));
      shown = read();
    }
    return shown;
  });

test('the analysis board shows three lines as arrows and starts again at once after each move of either side', async (t) => {
  // A first visit warms what a browser does once (the large CJK fonts for the lines' text,
  // the compiled code of both wasm modules): the long tasks counted below are the analysis's.
  const warm = await open(t);
  await warm.keyboard.press('a');
  await clickMove(warm, 'h2e2');
  await linesFor(warm, 'black');
  await warm.context().close();

  // No long task on the page's thread while the workers analyse.
  await withinBudget(t, 'the longest task while the workers analyse', 50, () => analyseAndMove(t));
});

/** One try of the analysis test: the page opened afresh, the analysis turned on, moves played
 * by hand, browsing and the board turned; resolves to the longest task (ms) on the page's
 * thread from the first move on. */
async function analyseAndMove(t) {
  const page = await open(t, { init: recordLongTasks });
  const button = page.locator('[data-action=analyse]');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.equal(await page.getByTestId('analysis').count(), 0);
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');

  const red = await linesFor(page, 'red');
  assert.deepEqual(red.map((l) => l.n), ['1', '2', '3']);
  assert.equal(new Set(red.map((l) => l.move)).size, 3, 'three different moves');
  for (const l of red) {
    assert.match(l.score, /^([+-]\d+\.\d\d|#-?\d+)$/, l.score);
    // WXF, the English page's default: four characters a move.
    assert.match(l.text, /^\S{4}( \S{4})*$/u, l.text);
  }
  const shown = await linesAndArrows(page);
  assert.deepEqual(shown.arrows, shown.lines, 'each line\'s move is an arrow, best first');
  const bar = await page.evaluate(() => ({
    score: document.querySelector('[data-testid=eval-bar]').dataset.score,
    best: document.querySelector('[data-multipv="1"]').dataset.score,
  }));
  assert.equal(bar.score, bar.best, 'the bar shows the best line');
  const share = Number(await page.getByTestId('eval-bar').getAttribute('aria-valuenow'));
  assert.ok(share >= 0 && share <= 100, `${share}`);

  // Red moves by hand; Black is the computer's, but on the analysis board Black moves by hand
  // too, and each move starts the analysis of the new position.
  await clickMove(page, 'h2e2');
  const black = await linesFor(page, 'black', red.map((l) => l.move));
  // Long tasks are counted from here: the first move's sound opens the page's AudioContext,
  // which takes Chromium some 100 ms once, analysing or not.
  const start = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  assert.equal((await moveTexts(page)).length, 1, 'the computer does not reply while analysing');
  const shownBlack = await linesAndArrows(page);
  assert.deepEqual(shownBlack.arrows, shownBlack.lines);
  await clickMove(page, 'h9g7');
  await waitForMoves(page, 2);
  const again = await linesFor(page, 'red', black.map((l) => l.move));

  // Browsing back analyses the position shown.
  await page.keyboard.press('PageUp');
  await linesFor(page, 'black', again.map((l) => l.move));

  // The arrows turn with the board. (After a pause: on this two-core machine a worker that
  // has just started, with its wasm compiling, slows the page's frames for a moment.)
  await page.waitForTimeout(500);
  // Its start point, both coordinates: a move from the middle file keeps its x when the board
  // turns, but never its y (the ten ranks have no middle one).
  const before = await page.getByTestId('arrow').first().evaluate((a) => `${a.getAttribute('x1')},${a.getAttribute('y1')}`);
  await page.locator('[data-action=flip]').click();
  await page.waitForFunction(
    (b) => {
      const a = document.querySelector('[data-testid=arrow]');
      return a && `${a.getAttribute('x1')},${a.getAttribute('y1')}` !== b;
    },
    before,
    { polling: 100 },
  );

  const longest = await longestTaskSince(page, start);
  await page.context().close(); // its workers stop before another try
  return longest;
}

test('turning the analysis off with its key gives the turn back to the computer', async (t) => {
  const page = await open(t);
  await page.keyboard.press('a');
  await linesFor(page, 'red');
  await clickMove(page, 'h2e2');
  await linesFor(page, 'black');
  await page.keyboard.press('a');
  assert.equal(await page.locator('[data-action=analyse]').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.getByTestId('analysis').count(), 0);
  assert.equal(await page.getByTestId('arrow').count(), 0);
  assert.equal(await page.getByTestId('eval-bar').count(), 0);
  await waitForMoves(page, 2);
});

test('the analysis panel speaks Chinese and shows WXF moves when asked', async (t) => {
  const page = await open(t, { query: '?lang=zh' });
  await page.locator('[data-action=analyse]').click();
  await linesFor(page, 'red');
  assert.match(await page.getByTestId('analysis').locator('h2').textContent(), /^分析 · 深度 \d+$/);
  await choose(page, 'notation', 'wxf');
  await page.waitForFunction(() => /^[A-Z]\d[.+-]\d/.test(document.querySelector('[data-multipv="1"] .pv')?.textContent ?? ''));
});
