// Openings: the ECCO name of the line on the board (`data-testid=opening`, `data-ecco`), the
// analysis board's explorer of the opening book (`data-testid=explorer`, one
// `[data-book-move]` per move), the levels that play the book at once, and all of it offline
// after one visit. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, waitForMoves, choose, moveTexts, keptLater, OUT_OF_BOOK } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();

/** The ECCO code shown once it is `code`. */
const waitForCode = (page, code) =>
  page.waitForFunction((code) => document.querySelector('[data-testid=opening]')?.dataset.ecco === code, code, {
    timeout: 20_000,
  });

/** The explorer's book moves, once it lists some (for a position other than `before`). */
async function bookMoves(page, before = []) {
  await page.waitForFunction(
    (before) => {
      const moves = [...document.querySelectorAll('[data-testid=explorer] [data-book-move]')].map((b) => b.dataset.bookMove);
      return moves.length > 0 && moves.join() !== before.join();
    },
    before,
    { timeout: 20_000 },
  );
  return page.locator('[data-testid=explorer] [data-book-move]').evaluateAll((bs) => bs.map((b) => b.dataset.bookMove));
}

test('a game from the start is named after its defining moves, in both languages, and its record carries the tags', async (t) => {
  const page = await open(t, { query: '?mode=pvp' });
  assert.equal(await page.getByTestId('opening').count(), 0, 'no name before the first move');
  // The name's line is kept before it comes: what is below it does not move when it does.
  const slotHeight = () => page.getByTestId('opening-slot').evaluate((e) => e.getBoundingClientRect().height);
  const empty = await slotHeight();
  await clickMove(page, 'h2e2');
  await waitForCode(page, 'B00');
  assert.ok(empty > 20, `the empty slot keeps a line: ${empty} px`);
  const named = await slotHeight();
  assert.ok(Math.abs(named - empty) < 1, `the name fills the line kept for it: ${named} px, kept ${empty} px`);
  for (const [i, m] of ['h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'].entries()) {
    await clickMove(page, m);
    await waitForMoves(page, i + 2);
  }
  // 中炮对屏风马: the Central Cannon against the Screen Horses.
  await waitForCode(page, 'C00');
  assert.match(await page.getByTestId('opening').textContent(), /C00 · Central Cannon .*Screen Horses/);
  await page.locator('[data-action=lang]').click();
  await page.waitForFunction(() => /中炮\(其他\)对屏风马/.test(document.querySelector('[data-testid=opening]')?.textContent));
  // Browsing back names the line shown.
  await page.locator('[data-testid=moves] [data-ply="0"]').click();
  await waitForCode(page, 'B00');
  await page.locator('[data-testid=moves] [data-ply="5"]').click();
  await waitForCode(page, 'C00');
  // The record of the game names its opening.
  await page.locator('[data-action=export]').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  assert.match(pgn, /\[ECCO "C00"\]\n\[Opening "中炮\(其他\)对屏风马"\]/);
});

test('My games names each earlier game\'s opening in the page\'s language', async (t) => {
  const page = await open(t, { query: '?mode=pvp' });
  for (const [i, m] of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'].entries()) {
    await clickMove(page, m);
    await waitForMoves(page, i + 1);
  }
  await waitForCode(page, 'C00');
  await page.locator('[data-action=new]').click();
  await waitForMoves(page, 0);
  // A game from a set-up position has no opening: its row has no name.
  await page.goto(page.url().split('?')[0] + `?mode=pvp&${OUT_OF_BOOK}`);
  await page.locator('[data-square]').nth(89).waitFor();
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 1);
  await page.locator('[data-action=new]').click();
  await waitForMoves(page, 0);
  await page.locator('[data-action=saved-games]').click();
  const rows = page.locator('[data-testid=saved-games] [data-saved-game]');
  await page.waitForFunction(() => /^C00 · /.test(document.querySelector('[data-saved-game]:nth-child(3) .opening')?.textContent), null, { timeout: 20_000 });
  assert.equal(await rows.count(), 2);
  assert.match(await rows.nth(1).locator('.opening').textContent(), /^C00 · Central Cannon .*Screen Horses$/);
  assert.equal(await rows.nth(1).locator('.opening').getAttribute('data-ecco-tags'), 'C00\t中炮(其他)对屏风马\t');
  assert.equal(await rows.nth(0).locator('.opening').textContent(), '', 'the set-up game has no opening');
  await page.locator('[data-action=lang]').click();
  await page.waitForFunction(() => /^C00 · 中炮\(其他\)对屏风马$/.test(document.querySelector('[data-saved-game]:nth-child(3) .opening')?.textContent), null, { timeout: 20_000 });
  // Deleting the newer game moves the older one up: its row is named for it.
  await rows.nth(0).locator('[data-action=delete-saved-game]').click();
  await page.waitForFunction(() => /^C00 · 中炮/.test(document.querySelector('[data-saved-game]:nth-child(2) .opening')?.textContent));
});

test('the explorer lists the book moves of the position on the analysis board, and a click plays one', async (t) => {
  const page = await open(t, { query: '?mode=pvp' });
  await page.locator('[data-action=analyse]').click();
  const first = await bookMoves(page);
  assert.ok(first.length >= 2, first.join());
  const row = page.locator(`[data-testid=explorer] [data-book-move="${first[0]}"]`);
  assert.match(await row.locator('.share').textContent(), /^\d+%$/);
  assert.match(await row.getAttribute('aria-label'), /% of book games/);
  await row.click();
  await waitForMoves(page, 1);
  assert.equal(await page.locator('[data-last=from]').getAttribute('data-square'), first[0].slice(0, 2));
  assert.equal(await page.locator('[data-last=to]').getAttribute('data-square'), first[0].slice(2, 4));
  // The next position's book moves are Black's, each leading to a named opening.
  const replies = await bookMoves(page, first);
  assert.ok(replies.length >= 1);
  assert.ok((await page.locator('[data-testid=explorer] .leads').first().textContent()).match(/^[A-E]\d\d · /));
  assert.equal((await moveTexts(page)).length, 1);
});

test('a level that uses the book answers from it at once', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '23');
  // The workers fetch the book with the network at their first search; once they have it,
  // the reply to a book position is the book's, searched with no node.
  for (let tries = 0; tries < 3; tries++) {
    await clickMove(page, 'h2e2');
    await waitForMoves(page, 2);
    const nodes = await page.getByTestId('status').locator('[data-nodes]').first().getAttribute('data-nodes');
    if (nodes === '0') return;
    await page.locator('[data-action=new]').click();
    await waitForMoves(page, 0);
  }
  assert.fail('level 23 never answered 1. 炮二平五 from the book');
});

test('names and the explorer work offline after one visit', async (t) => {
  const page = await open(t, { query: '?mode=pvp' });
  await clickMove(page, 'h2e2');
  await waitForCode(page, 'B00');
  await page.locator('[data-action=analyse]').click();
  await bookMoves(page);
  await keptLater(page);
  await page.context().setOffline(true);
  await page.reload();
  await page.locator('[data-piece]').nth(31).waitFor();
  await waitForCode(page, 'B00');
  await page.locator('[data-action=analyse]').click();
  assert.ok((await bookMoves(page)).length >= 1);
});
