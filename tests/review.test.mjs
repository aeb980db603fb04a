// Game review: every position of the game evaluated in the workers, the evaluation graph, the
// judgement of each move, the better move as an arrow. Run with `node --test tests/` after
// `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { recordLongTasks, longestTaskSince, withinBudget } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();

// 1. C2.5 H8+7 2. C5+4?? (the cannon takes the centre soldier and is lost to the horse) H7+5
// 3. C8.5 H2+3.
const BLUNDER = 'h2e2+h9g7+e2e6+g7e6+b2e2+b9c7';

test('a review marks the blunder, draws its better move and graphs every position', async (t) => {
  // No long task on the page while it reviews; the page of the try that passes goes on.
  let page;
  await withinBudget(t, 'the longest task while the page reviews', 50, async () => {
    await page?.context().close();
    page = await open(t, {
      query: `?mode=pvp&moves=${BLUNDER}`,
      init: recordLongTasks,
    });
    await page.waitForTimeout(1000); // the workers are up
    const start = await page.evaluate(() => performance.now());
    await page.locator('[data-action=review]').click();
    const progress = page.getByTestId('review-progress');
    await progress.waitFor();
    assert.equal(await progress.getAttribute('max'), '7', 'seven positions: the start and six moves');
    // The page stays usable meanwhile: browsing works.
    await page.keyboard.press('PageUp');
    await page.locator('[data-action=review-deeper]').waitFor({ timeout: 30_000 });
    assert.equal(await progress.count(), 0, 'the progress bar goes when the review is done');
    return longestTaskSince(page, start);
  });
  const points = await page.getByTestId('eval-graph').locator('[data-ply]').evaluateAll((ps) => ps.map((p) => p.dataset.ply));
  assert.deepEqual(points, ['0', '1', '2', '3', '4', '5', '6'], 'one point per position');
  const blunder = page.locator('[data-testid=moves] [data-ply="2"]');
  assert.equal(await blunder.getAttribute('data-judgement'), 'blunder');
  assert.match(await blunder.textContent(), /\?\?$/);
  // At the blunder, the better move is drawn.
  await blunder.click();
  const arrows = page.getByTestId('arrow');
  await arrows.first().waitFor({ state: 'attached' }); // a straight line has no area: never "visible"
  assert.equal(await arrows.count(), 1);
  assert.notEqual(await arrows.first().getAttribute('data-from') + await arrows.first().getAttribute('data-to'), 'e2e6');
  // ... and its line, in the notation chosen (WXF by default in English: four characters a move).
  assert.match(await page.getByTestId('better-line').locator('.line').textContent(), /^\S{4}( \S{4})*$/u);
  // A point of the graph goes to its position.
  await page.getByTestId('eval-graph').locator('[data-ply="1"]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('move 1 of 6'));
  const accuracy = await page.locator('[data-testid=review] [data-side=red] .accuracy').textContent();
  assert.match(accuracy, /^\d+%$/);
  // The PGN carries the review: a score after each move, and the blunder's mark.
  await page.locator('[data-action=export]').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  assert.match(pgn, /2\. C5\+4 \{\?\? [+-]\d+\.\d\d\}/, pgn);
  assert.equal((pgn.match(/\{[^}]*[+-]\d+\.\d\d\}/g) ?? []).length, 6, 'a note after each move');
  // The review is kept with the saved game.
  await page.goto(page.url().split('?')[0]);
  await page.getByTestId('eval-graph').waitFor();
  assert.equal(await page.getByTestId('eval-graph').locator('[data-ply]').count(), 7);
  assert.equal(await page.locator('[data-testid=moves] [data-ply="2"]').getAttribute('data-judgement'), 'blunder');
});

test('a review can be cancelled, keeps what it found, and goes when the game changes', async (t) => {
  const page = await open(t, { query: `?mode=pvp&moves=${BLUNDER}` });
  await page.locator('[data-action=review]').click();
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=review-progress]')?.value) >= 2);
  await page.locator('[data-action=cancel-review]').click();
  await page.locator('[data-action=review-deeper]').waitFor();
  const found = await page.getByTestId('eval-graph').locator('[data-ply]').count();
  assert.ok(found >= 2 && found < 7, `${found} points kept`);
  // A new move makes another game: its review is gone.
  await page.locator('[data-square="h0"]').click();
  await page.locator('[data-square="g2"]').click();
  await page.getByTestId('review').waitFor({ state: 'detached' });
});
