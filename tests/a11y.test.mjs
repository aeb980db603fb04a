// Accessibility: axe-core (test-only, injected from node_modules, never shipped) finds no
// serious or critical violation on the main page, the board editor, a game review, the
// practice page and an embedded board, in both languages; and the screen reader hears each move in words from one
// live region, which never ticks with the search's figures. Run with `node --test tests/`
// after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { clickMove, hostPage, waitForMoves, OUT_OF_BOOK } from './harness.mjs';
import { appSuite } from './suite.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Opens the app with `query`; closes it when test `t` ends, failing on any page error. */
const suite = appSuite();
const open = (t, query, options = {}) => suite(t, { query, ...options });

/** The serious and critical violations axe finds in `frame` (a page or a frame), each as
 * "rule: the elements" to read in a failure. */
async function violations(frame) {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.addScriptTag({ path: AXE });
  const found = await frame.evaluate(async () => {
    const result = await window.axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 6).join(', ')}`);
  });
  return found;
}

// 1. C2.5 H8+7 2. C5+4?? H7+5 3. C8.5 H2+3: a game with captures and a blunder.
const GAME = 'h2e2+h9g7+e2e6+g7e6+b2e2+b9c7';

for (const lang of ['en', 'zh']) {
  test(`axe: the main page has no serious or critical violation (${lang})`, async (t) => {
    const page = await open(t, `?lang=${lang}&mode=pvp&moves=${GAME}`);
    assert.deepEqual(await violations(page), []);
    // With the records panel and the embed code open, and at a phone's width.
    await page.locator('[data-action=export]').click();
    await page.locator('[data-action=embed-code]').click();
    assert.deepEqual(await violations(page), [], 'with the panels open');
    await page.setViewportSize({ width: 360, height: 740 });
    assert.deepEqual(await violations(page), [], 'at 360 px');
  });

  test(`axe: the board editor has no serious or critical violation (${lang})`, async (t) => {
    const page = await open(t, `?lang=${lang}`);
    await page.locator('[data-action=edit]').click();
    await page.locator('[data-action=edit-clear]').click(); // a setup with a problem shown
    assert.deepEqual(await violations(page), []);
  });

  test(`axe: a game review has no serious or critical violation (${lang})`, async (t) => {
    const page = await open(t, `?lang=${lang}&mode=pvp&moves=${GAME}`);
    await page.locator('[data-action=review]').click();
    await page.getByTestId('review-progress').waitFor();
    assert.deepEqual(await violations(page), [], 'while it reviews');
    await page.locator('[data-action=review-deeper]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid=moves] [data-ply="3"]').click(); // the blunder, its arrow
    assert.deepEqual(await violations(page), [], 'once reviewed');
  });

  test(`axe: the puzzles and the endgame drills have no serious or critical violation (${lang})`, async (t) => {
    const page = await open(t, `?view=puzzle&lang=${lang}`);
    await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
    assert.deepEqual(await violations(page), [], 'a puzzle');
    await page.locator('[data-action=puzzle-solution]').click();
    await page.getByTestId('puzzle-result').waitFor();
    assert.deepEqual(await violations(page), [], 'its solution shown');
    await page.setViewportSize({ width: 360, height: 740 });
    assert.deepEqual(await violations(page), [], 'at 360 px');
    await page.goto(`${suite.url()}?view=endgames&lang=${lang}`);
    await page.locator('[data-endgame]').first().waitFor();
    assert.deepEqual(await violations(page), [], 'the drills');
    await page.locator('[data-endgame] button').first().click();
    await page.getByTestId('endgame').locator('[data-square]').nth(89).waitFor();
    assert.deepEqual(await violations(page), [], 'a drill');
  });

  test(`axe: an embedded board has no serious or critical violation (${lang})`, async (t) => {
    const url = await hostPage(t, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
      <body><main><p>Here is a position:</p>
      <iframe src="${suite.url()}?embed=1&amp;lang=${lang}&amp;moves=h2e2" title="Xiangqi" style="width:360px;aspect-ratio:2/3;border:0"></iframe>
      </main></body></html>`);
    const context = await suite.browser().newContext({ viewport: { width: 400, height: 800 } });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.goto(url);
    await page.frameLocator('iframe').locator('[data-square]').nth(89).waitFor();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.deepEqual(await violations(frame), []);
  });
}

/** Counts, from now on, every change of text inside a live region of the page (an element
 * with aria-live other than "off", or role status, alert or log): read with `liveChanges`. */
async function watchLiveRegions(page) {
  await page.evaluate(() => {
    const LIVE = '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]';
    window.__live = [];
    window.__liveObserver?.disconnect();
    window.__liveObserver = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === Node.ELEMENT_NODE ? r.target : r.target.parentElement;
        const region = el?.closest(LIVE);
        if (region) {
          window.__live.push({ region: region.dataset.testid ?? region.className, text: region.textContent });
        }
      }
    });
    window.__liveObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** The live regions' changes since `watchLiveRegions`: [{ region, text }]. */
const liveChanges = (page) => page.evaluate(() => window.__live);

/** Counts the search figures' changes in the status bar from now on (`figureChanges`). */
async function watchFigures(page) {
  await page.evaluate(() => {
    window.__figures = 0;
    let last = null;
    const tick = () => {
      const f = document.querySelector('[data-testid=status] .figures');
      const now = f && `${f.dataset.nodes} ${f.dataset.depth}`;
      if (now && now !== last) window.__figures += 1;
      last = now;
    };
    window.__figuresTimer = setInterval(tick, 50);
  });
}
const figureChanges = (page) => page.evaluate(() => window.__figures);

const announced = (page) => page.getByTestId('announcer').textContent();

test('the live region says each move in words, with its capture and check, and the result', async (t) => {
  const page = await open(t, '?lang=en&mode=pvp');
  assert.equal(await announced(page), '', 'nothing before the first move');
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => document.querySelector('[data-testid=announcer]').textContent !== '');
  assert.equal(await announced(page), 'Red: cannon to e2');
  await clickMove(page, 'h9g7');
  await clickMove(page, 'e2e6');
  await waitForMoves(page, 3);
  assert.equal(await announced(page), 'Red: cannon to e6, captures soldier');
  // The figures, the turn and the result banner are in no live region.
  const live = await page.evaluate(() =>
    [...document.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')]
      .map((e) => e.dataset.testid));
  assert.deepEqual(live, ['announcer']);

  // In Chinese, a capture with check, and the end of the game: the result banner's text after
  // the mating move.
  const zh = await open(t, `?lang=zh&mode=pvp&fen=${encodeURIComponent('1n2k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1')}`);
  await clickMove(zh, 'b0b9');
  await zh.getByTestId('result').waitFor();
  const result = await zh.locator('[data-testid=result] .big').textContent();
  assert.equal(await announced(zh), `红方：车走到 b9，吃马，将军。${result}`);
  assert.match(result, /红方胜/);
});

test('while the computer thinks, the live regions change at most twice a move', async (t) => {
  // Level 25 thinks two seconds a move: the figures change some ten times on an idle machine,
  // fewer on a busy one (4 seen beside four `nice -n 19` jobs). Three changes or more show
  // that the live regions kept still while there was something to say.
  const page = await open(t, `?lang=en&mode=ai&side=red&lvl=25&${OUT_OF_BOOK}`);
  await watchLiveRegions(page);
  await watchFigures(page);
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2, 30_000);
  await page.waitForTimeout(300); // the reply's render
  const changes = await liveChanges(page);
  const ticks = await figureChanges(page);
  assert.ok(ticks >= 3, `the figures ticked while it thought (${ticks} changes)`);
  assert.ok(changes.length <= 4, `two moves, at most four changes: ${JSON.stringify(changes)}`);
  assert.ok(changes.every((c) => c.region === 'announcer'), JSON.stringify(changes));
  assert.match(await announced(page), /^Black: (horse|cannon|chariot|elephant|advisor|soldier|general) to [a-i][0-9]/);
});

test('on the analysis board, the live regions stay still while the search runs', async (t) => {
  const page = await open(t, '?lang=zh&mode=pvp');
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 1);
  await page.keyboard.press('a');
  await page.getByTestId('analysis').waitFor();
  await watchLiveRegions(page);
  await watchFigures(page);
  // Four seconds at least, and until the figures have changed five times (a busy machine
  // searches more slowly, so they change less often).
  await page.waitForTimeout(4000);
  await page.waitForFunction(() => window.__figures >= 5, null, { timeout: 30_000 }).catch(() => {});
  const ticks = await figureChanges(page);
  assert.ok(ticks >= 5, `the analysis's figures ticked (${ticks} changes)`);
  assert.deepEqual(await liveChanges(page), [], 'no live region changed');
  // A move on the analysis board is said once, and the search of the new position adds nothing.
  await clickMove(page, 'h9g7');
  await page.waitForTimeout(3000);
  const changes = await liveChanges(page);
  assert.ok(changes.length >= 1 && changes.length <= 2, JSON.stringify(changes));
  assert.equal(await announced(page), '黑方：马走到 g7');
});
