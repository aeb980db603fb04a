// Playing a friend by link, as two people on two devices (two browser contexts, each with its
// own storage): A starts and moves, B opens A's link and replies, and so on for ten moves each;
// a resignation ends the game on both; a link with changed earlier moves is refused and changes
// nothing; both keep the game in My games, after a reload and offline. The built app (dist/) in
// Debian's Chromium. Run with `node --test tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, choose, keptLater } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();
const MOVES = ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'b0c2', 'a9b9', 'a0b0', 'c6c5',
  'g3g4', 'g6g5', 'c3c4', 'b7b3', 'h0h4', 'i6i5', 'b0b1', 'b9b5', 'e3e4', 'g9e7'];
const panel = (page) => page.getByTestId('correspondence');
const link = (page) => page.getByTestId('correspondence-link').inputValue();
const notice = (page) => page.getByTestId('notice').first().textContent();
const plies = (page) => page.locator('[data-testid=moves] [data-ply]').count();

/** Opens `url` in `page` (its own device) and waits for the board. */
async function follow(page, url) {
  await page.goto(url);
  await page.locator('[data-square]').nth(89).waitFor();
}

test('two friends play ten moves each by link, and a resignation ends the game on both', async (t) => {
  const a = await open(t);
  await a.locator('[data-action=correspondence]').click();
  assert.equal(await a.getByTestId('correspondence-side').inputValue(), 'red', 'Red by default');
  await a.getByTestId('correspondence-days').selectOption('3');
  await a.locator('[data-action=correspondence-start]').click();
  assert.equal(await panel(a).getAttribute('data-turn'), 'mine');
  assert.match(await panel(a).textContent(), /You play Red · days a move: 3/);

  let b = null;
  let url = '';
  for (let i = 0; i < MOVES.length; i += 1) {
    const [mover, other] = i % 2 === 0 ? [a, b] : [b, a];
    assert.equal(await panel(mover).getAttribute('data-turn'), 'mine', `ply ${i + 1}`);
    await clickMove(mover, MOVES[i]);
    assert.equal(await panel(mover).getAttribute('data-turn'), 'theirs');
    assert.ok(await mover.locator('[data-action=undo]').isDisabled(), 'a move sent stays');
    url = await link(mover);
    assert.ok(url.length < 2000, url);
    if (i === 0) {
      // B has never seen the game: it joins as Black, B's move.
      b = await open(t, { query: new URL(url).search });
      assert.match(await notice(b), /A game with a friend, by link/);
      assert.match(await panel(b).textContent(), /You play Black/);
    } else {
      await follow(other, url);
      assert.match(await notice(other), /Your friend's link: the game goes on/);
    }
    const receiver = i === 0 ? b : other;
    assert.equal(await plies(receiver), i + 1);
    assert.equal(await panel(receiver).getAttribute('data-turn'), 'mine');
  }

  // B opens its own last link again: recognised, nothing changes.
  const own = await link(b);
  await follow(b, own);
  assert.match(await notice(b), /This is the link you sent/);
  assert.equal(await plies(b), 20);

  // A link with an earlier move changed is refused; A's game stays as it is.
  const changed = url.replace(/line=([A-Za-z0-9_-])/, (_, c) => `line=${c === 'e' ? 'f' : 'e'}`);
  await follow(a, changed);
  assert.match(await notice(a), /changes moves already played/);
  assert.equal(await plies(a), 20);
  assert.equal(await panel(a).getAttribute('data-turn'), 'mine');

  // A resigns (asked once more) and sends the link: the game ends the same on both.
  await a.locator('[data-action=resign]').click();
  await a.locator('[data-action=confirm-resign]').click();
  assert.equal(await a.getByTestId('result').getAttribute('data-reason'), 'resigned');
  assert.match(await a.getByTestId('result').textContent(), /Black wins — Red resigned/);
  await follow(b, await link(a));
  assert.equal(await b.getByTestId('result').getAttribute('data-winner'), 'black');
  assert.match(await b.getByTestId('result').textContent(), /Black wins — Red resigned/);

  // Each side keeps the game in My games, marked, also after a reload and offline.
  for (const page of [a, b]) {
    await keptLater(page);
    await page.context().setOffline(true);
    await page.reload();
    await page.locator('[data-square]').nth(89).waitFor();
    await page.locator('[data-action=saved-games]').click();
    const game = page.locator('[data-testid=saved-games] [data-correspondence]');
    assert.equal(await game.count(), 1);
    assert.equal(await plies(page), 20);
    await page.context().setOffline(false);
  }
});

test('a draw offered by link is accepted by link; the list says whose move each game waits for', async (t) => {
  const a = await open(t, { query: '?lang=zh' });
  await a.locator('[data-action=correspondence]').click();
  await a.getByTestId('correspondence-side').selectOption('black');
  await a.locator('[data-action=correspondence-start]').click();
  assert.equal(await panel(a).getAttribute('data-turn'), 'theirs', 'Red moves first');
  assert.match(await panel(a).textContent(), /你执黑/);
  const b = await open(t, { query: new URL(await link(a)).search });
  assert.equal(await panel(b).getAttribute('data-turn'), 'mine');
  await clickMove(b, 'h2e2');
  await b.locator('[data-action=offer-draw]').click();
  await follow(a, await link(b));
  assert.match(await panel(a).textContent(), /好友提议和棋/);
  await a.locator('[data-action=accept-draw]').click();
  assert.equal(await a.getByTestId('result').getAttribute('data-reason'), 'agreed');
  await follow(b, await link(a));
  assert.equal(await b.getByTestId('result').getAttribute('data-winner'), 'draw');
  // A new game takes the board; the game by link stays listed, over.
  await b.locator('[data-testid=result-new]').click();
  await b.locator('[data-action=saved-games]').click();
  const listed = b.locator('[data-testid=saved-games] li[data-correspondence]');
  assert.equal(await listed.count(), 1);
  assert.match(await listed.textContent(), /Draw/);
});
