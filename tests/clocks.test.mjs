// Timed games: the clocks run in turn, the computer plays a 3+2 game on its own clock without
// running out, a flag fall ends the game, undo gives no time back, and the control goes into
// links, the saved game and the PGN. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appSuite } from './suite.mjs';
import { choose, clickMove, waitForMoves, withinBudget } from './harness.mjs';

const open = appSuite();

/** Each clock's time left in ms, whether it runs, and the text it shows; with the plies of
 * the game at the same moment. */
function clocks(page) {
  return page.evaluate(() => ({
    plies: document.querySelectorAll('[data-testid=moves] [data-ply]').length,
    ...Object.fromEntries(['red', 'black'].map((side) => {
      const c = document.querySelector(`[data-testid=clock-${side}]`);
      return [side, { ms: Number(c.dataset.ms), running: c.hasAttribute('data-running'), text: c.querySelector('.time').dataset.text }];
    })),
  }));
}

const plies = (page) => page.locator('[data-testid=moves] [data-ply]').count();

/** Waits until the game has at least `n` plies (a forced reply may come at once). */
const atLeast = (page, n, timeout = 30_000) => page.waitForFunction(
  (n) => document.querySelectorAll('[data-testid=moves] [data-ply]').length >= n, n, { timeout },
);

/** Installs a clock the test moves by hand (`context.clock`), before the page loads. */
const fakeClock = { prepare: (context) => context.clock.install() };

test('a 3+2 game against the strongest level: the clocks run in turn and the computer never runs out', async (t) => {
  const page = await open(t, { query: '?tc=3%2B2&lvl=26' });
  assert.equal(await page.getByTestId('time-control').inputValue(), '3+2');
  let c = await clocks(page);
  assert.deepEqual([c.red.text, c.black.text, c.red.running, c.black.running], ['3:00', '3:00', false, false]);
  let computerMoves = 0;
  let lowest = Infinity;
  const started = Date.now();
  // The person plays the engine's hint each move (a second's search), so the game lasts.
  while (computerMoves < 40 && (await page.getByTestId('result').count()) === 0) {
    const n = await plies(page);
    await page.locator('[data-action=hint]').click();
    await page.locator('[data-hint=to]').waitFor({ timeout: 10_000 });
    const from = await page.locator('[data-hint=from]').getAttribute('data-square');
    const to = await page.locator('[data-hint=to]').getAttribute('data-square');
    await clickMove(page, from + to);
    await atLeast(page, n + 1);
    if ((await page.getByTestId('result').count()) > 0) break;
    c = await clocks(page);
    // (Unless the computer has answered already: a forced move or a mate found goes at once.)
    if (c.plies === n + 1) assert.ok(c.black.running && !c.red.running, `the computer's clock runs after move ${n + 1}`);
    await atLeast(page, n + 2, 60_000);
    computerMoves += 1;
    c = await clocks(page);
    if ((await page.getByTestId('result').count()) > 0) break;
    assert.ok(c.plies === n + 2 && c.red.running && !c.black.running, `the person's clock runs after the computer's move ${computerMoves}`);
    lowest = Math.min(lowest, c.black.ms);
    assert.ok(c.black.ms > 0, `the computer has time left after its move ${computerMoves}`);
  }
  const result = page.getByTestId('result');
  if (await result.count()) assert.equal(await result.getAttribute('data-reason'), null, 'not lost on time');
  t.diagnostic(`${computerMoves} moves by the computer in ${Math.round((Date.now() - started) / 1000)} s; its lowest clock ${lowest} ms; the last: ${c.black.text}`);
  // Forty moves, as docs/playing.md says, unless the game ended by the rules before.
  const ended = (await result.count()) > 0;
  assert.ok(computerMoves >= 40 || ended, `a real game (${computerMoves} moves by the computer)`);
  // It used its time: well under three minutes left, but some.
  assert.ok(lowest < 150_000 && lowest > 0, `lowest ${lowest} ms`);
});

// Each level's own budget, on a clock: the beginner's levels answer at once, the timed ones
// within their move time, whatever the clock would allow.
const OWN_MS = { 21: 100, 22: 250, 23: 500, 24: 1_000, 25: 2_000, 26: 8_000 };
for (let level = 1; level <= 26; level += 1) {
  const limit = OWN_MS[level] ? OWN_MS[level] + 1_500 : 3_000;
  test(`level ${level} on a 3+2 clock answers within ${limit / 1000} s`, async (t) => {
    // The figure: the time to the answer by the wall clock, or by the game's clock (its time
    // used, less the increment) if that is longer.
    await withinBudget(t, `level ${level}'s answer on a 3+2 clock`, limit, async () => {
      const page = await open(t, { query: `?tc=3%2B2&lvl=${level}` });
      await page.waitForTimeout(500); // the workers are up, as after a first look at the board
      await clickMove(page, 'h2e2');
      const played = Date.now();
      await atLeast(page, 2, 60_000);
      const took = Date.now() - played;
      const c = await clocks(page);
      assert.ok(c.red.running && !c.black.running, 'the person\'s clock runs again');
      await page.context().close();
      return Math.max(took, 180_000 - c.black.ms);
    });
  });
}

test('a flag fall on the person\'s side ends the game with the banner, in both languages', async (t) => {
  const page = await open(t, { query: '?tc=1%2B0&lvl=2', ...fakeClock });
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  let c = await clocks(page);
  assert.ok(c.red.running && !c.black.running);
  assert.equal(c.red.text, '1:00');
  await page.clock.fastForward(51_500);
  await page.waitForFunction(() => document.querySelector('[data-testid=clock-red]').hasAttribute('data-low'));
  c = await clocks(page);
  assert.match(c.red.text, /^[89]\.\d$/, 'tenths under ten seconds');
  assert.equal(await page.getByTestId('result').count(), 0);
  await page.clock.fastForward(10_000);
  const result = page.getByTestId('result');
  await result.waitFor();
  assert.equal(await result.getAttribute('data-reason'), 'time');
  assert.equal(await result.getAttribute('data-winner'), 'black');
  assert.match(await result.textContent(), /Black wins — Red ran out of time/);
  assert.match(await result.textContent(), /0-1/);
  c = await clocks(page);
  assert.equal(c.red.text, '0.0');
  assert.ok(!c.red.running && !c.black.running, 'both clocks stop');
  // The game is over: no more moves, no undo.
  assert.equal(await page.locator('[data-action=undo]').isDisabled(), true);
  await clickMove(page, 'b0c2');
  assert.equal(await plies(page), 2);
  await page.locator('[data-action=lang]').click();
  assert.match(await result.textContent(), /黑方胜 — 红方超时/);
  // The PGN says so.
  await page.locator('[data-action=export]').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  assert.match(pgn, /\[Result "0-1"\]/);
  assert.match(pgn, /\[TimeControl "60\+0"\]/);
});

test('undo gives no time back; the control is in the link, the saved game and the PGN', async (t) => {
  const page = await open(t, { query: '?tc=1%2B5&mode=pvp', ...fakeClock });
  await clickMove(page, 'h2e2');
  await clickMove(page, 'h9g7');
  await page.clock.fastForward(20_000);
  await clickMove(page, 'b0c2');
  let c = await clocks(page);
  // Red's first move was free; its second took 20 s, and 5 s came back as the increment.
  assert.ok(c.red.ms <= 45_000 && c.red.ms > 44_000, `red ${c.red.ms}`);
  await page.clock.fastForward(5_000);
  await page.locator('[data-action=undo]').click();
  await waitForMoves(page, 2);
  c = await clocks(page);
  assert.ok(c.red.running, 'Red is to move again');
  assert.ok(c.red.ms <= 45_000, `no time back for Red: ${c.red.ms}`);
  assert.ok(c.black.ms <= 60_000, `nor for Black: ${c.black.ms}`);
  await clickMove(page, 'b0c2');
  const pgnOf = async () => {
    await page.locator('[data-action=export]').click();
    const text = await page.getByTestId('pgn').inputValue();
    await page.locator('[data-action=export]').click();
    return text;
  };
  const pgn = await pgnOf();
  assert.match(pgn, /\[TimeControl "60\+5"\]/);
  assert.match(pgn, /C2\.5 \{\[%clk 0:01:00\]\} 1\.\.\. H8\+7 \{\[%clk 0:01:0[45]\]\} 2\. H8\+7 \{\[%clk 0:00:4\d\]\}/);
  // A reload keeps the control and the times.
  const before = await clocks(page);
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  // Not a preset: shown as a custom control, with its two fields.
  assert.equal(await page.getByTestId('time-control').inputValue(), 'custom');
  assert.deepEqual([await page.getByTestId('tc-minutes').inputValue(), await page.getByTestId('tc-increment').inputValue()], ['1', '5']);
  c = await clocks(page);
  assert.ok(Math.abs(c.red.ms - before.red.ms) < 1_000 && Math.abs(c.black.ms - before.black.ms) < 1_000, JSON.stringify([before, c]));
  // The share link carries it.
  await page.locator('[data-action=share]').click();
  assert.match(await page.getByTestId('notice').first().textContent(), /[?&]tc=1%2B5\b/);
});

test('presets, a custom control, no clock, and a bad tc in the link', async (t) => {
  const page = await open(t, { query: '?mode=pvp' });
  assert.equal(await page.getByTestId('clocks').count(), 0, 'no clocks by default');
  const options = await page.getByTestId('time-control').locator('option').allTextContents();
  assert.deepEqual(options, ['No clock', '3+2', '5+3', '10+5', '15+10', 'Custom…']);
  await choose(page, 'time-control', '5+3');
  assert.equal((await clocks(page)).red.text, '5:00');
  await choose(page, 'time-control', 'custom');
  await page.getByTestId('tc-minutes').fill('7');
  await page.getByTestId('tc-minutes').dispatchEvent('change');
  await page.getByTestId('tc-increment').fill('1');
  await page.getByTestId('tc-increment').dispatchEvent('change');
  assert.equal((await clocks(page)).black.text, '7:00');
  await page.locator('[data-action=share]').click();
  assert.match(await page.getByTestId('notice').first().textContent(), /[?&]tc=7%2B1\b/);
  await choose(page, 'time-control', 'none');
  assert.equal(await page.getByTestId('clocks').count(), 0);
  const bad = await open(t, { query: '?tc=3%2B99' });
  assert.match(await bad.getByTestId('notice').first().textContent(), /tc=“3\+99”/);
  assert.equal(await bad.getByTestId('clocks').count(), 0);
});
