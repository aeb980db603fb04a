// The ladder of levels and the person's rating against it: the selector lists every level
// with its rating, a link naming a level of the first ladder opens the level that plays the
// same, and a rated game gives the person a rating that a reload keeps, with a level to play
// next. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appSuite } from './suite.mjs';
import { choose, clickMove, waitForMoves } from './harness.mjs';

const open = appSuite();

/** Installs a clock the test moves by hand (`context.clock`), before the page loads. */
const fakeClock = { prepare: (context) => context.clock.install() };

/** The level selector's options: value and text. */
const options = (page) => page.locator('[data-testid=level] option').evaluateAll(
  (os) => os.map((o) => ({ value: o.value, text: o.textContent })),
);

test('the selector lists every level, each starting with its number and carrying its rating', async (t) => {
  const page = await open(t, { query: '?lang=en' });
  const en = await options(page);
  assert.ok(en.length >= 12, `${en.length} levels`);
  en.forEach((o, i) => {
    assert.equal(o.value, String(i + 1));
    assert.match(o.text, new RegExp(`^${i + 1} · ≈−?\\d+`), o.text);
  });
  // The ratings rise with the levels.
  const rating = (o) => Number(o.text.split(' · ')[1].replace('−', '-').match(/-?\d+/)[0]);
  for (let i = 1; i < en.length; i += 1) assert.ok(rating(en[i]) > rating(en[i - 1]), `${en[i - 1].text} then ${en[i].text}`);
  assert.match(en[1].text, /greedy/);
  await page.locator('[data-action=lang]').click();
  const zh = await options(page);
  assert.equal(zh.length, en.length);
  assert.match(zh[1].text, /贪吃/);
  zh.forEach((o, i) => assert.equal(rating(o), rating(en[i])));
  assert.equal(await page.getByTestId('player-rating').count(), 0, 'no rating before a rated game');
});

test('a link naming a level of the first ladder opens the level that plays the same', async (t) => {
  // The first ladder's 1 (greedy), 3 (alpha-beta, depth 4) and 8 (8 s a move).
  for (const [first, now, words] of [['1', '2', /greedy/], ['3', '15', /αβ, 4 plies · |αβ, 4 plies$/], ['8', '26', /8 s/]]) {
    const page = await open(t, { query: `?mode=ai&level=${first}` });
    const select = page.getByTestId('level');
    assert.equal(await select.inputValue(), now, `level=${first}`);
    const text = await select.locator('option:checked').textContent();
    assert.match(text, words, text);
    await page.context().close();
  }
  // A link written since names the level itself.
  const page = await open(t, { query: '?mode=ai&lvl=7' });
  assert.equal(await page.getByTestId('level').inputValue(), '7');
});

test('a rated game lost on time gives the person a rating, kept after a reload, with a level to play', async (t) => {
  const page = await open(t, { query: '?lang=en&tc=1%2B0&lvl=10', ...fakeClock });
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  await page.clock.fastForward(61_500);
  await page.getByTestId('result').waitFor();
  const shown = page.getByTestId('player-rating');
  await shown.waitFor();
  const rating = Number(await shown.getAttribute('data-rating'));
  // A new player's 1500 falls after a loss.
  assert.ok(rating < 1500, `${rating}`);
  assert.match(await shown.textContent(), /^Your rating ≈−?\d+ ±\d+ \(1 rated games\) · try level \d+$/);
  const level = await shown.getAttribute('data-level');
  assert.match(await shown.textContent(), new RegExp(`try level ${level}$`));
  // The level suggested is one rated at or below the person.
  const option = await page.locator(`[data-testid=level] option[value="${level}"]`).textContent();
  const levelRating = Number(option.split(' · ')[1].replace('−', '-').match(/-?\d+/)[0]);
  assert.ok(levelRating <= rating || level === '1', `${option} for ${rating}`);
  // Kept after a reload, and not counted again.
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  await shown.waitFor();
  assert.equal(Number(await shown.getAttribute('data-rating')), rating);
  assert.match(await shown.textContent(), /\(1 rated games\)/);
  // My games says it too, and how a game counts, in both languages.
  await page.locator('[data-action=saved-games]').click();
  const help = page.getByTestId('rating-help');
  assert.match(await help.textContent(), new RegExp(`Your rating ≈${rating < 0 ? '−' : ''}${Math.abs(rating)} ±\\d+ \\(1 rated games\\)\\. A game against the computer counts`));
  await page.locator('[data-action=close-saved-games]').click();
  await page.locator('[data-action=lang]').click();
  assert.match(await shown.textContent(), /^你的等级分 ≈−?\d+ ±\d+ \(1 盘计分对局\) · 建议级别 \d+$/);
});

test('a game with a takeback does not count', async (t) => {
  const page = await open(t, { query: '?tc=1%2B0&lvl=2', ...fakeClock });
  await choose(page, 'level', '2');
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  await page.locator('[data-action=undo]').click();
  await waitForMoves(page, 0);
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  await page.clock.fastForward(61_500);
  await page.getByTestId('result').waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('player-rating').count(), 0);
});
