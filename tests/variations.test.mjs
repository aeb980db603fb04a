// Variations in the move list: those of records opened (DhtmlXQ, Chinese PGN; an XQF file
// dropped on the board is in import.test.mjs), a move played from an earlier position
// becoming one, kept through a reload and a link, reached by click and keyboard, promoted and
// deleted. The built app (dist/)
// in Debian's Chromium. Run with `node --test tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTexts, waitForMoves, choose, clickMove, pieceAt } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();
const fen = (page) => page.getByTestId('fen').textContent();
const board = async (page) => (await fen(page)).split(' ').slice(0, 2).join(' ');
const notice = (page) => page.getByTestId('notice').first().textContent();
const twoPlayers = async (page, moves) => {
  await choose(page, 'mode', 'two');
  for (const m of moves) await clickMove(page, m);
};
const variation = (page, depth) => page.locator(`[data-testid=moves] [data-variation="${depth}"]`);

/** Pastes `text` into the import box and loads it. */
async function paste(page, text) {
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-text').fill(text);
  await page.locator('[data-action=import-load]').click();
}

test('a DhtmlXQ text opens with its variation in the move list, and a click goes to it', async (t) => {
  const page = await open(t);
  await choose(page, 'notation', 'chinese');
  await paste(page, '[DhtmlXQ][DhtmlXQ_movelist]77477242[/DhtmlXQ_movelist]'
    + '[DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1][/DhtmlXQ]');
  await waitForMoves(page, 2);
  assert.deepEqual(await moveTexts(page), ['炮二平五', '炮8平5']);
  // The other cannon to the centre.
  assert.deepEqual(await variation(page, 1).allTextContents(), ['炮2平5']);
  assert.equal(await pieceAt(page, 'h7'), null, 'the main line at its end');
  await variation(page, 1).click();
  assert.equal(await pieceAt(page, 'b7'), null, 'the variation');
  assert.equal(await pieceAt(page, 'h7'), 'c');
  assert.equal(await variation(page, 1).getAttribute('aria-current'), 'true');
  // The main line's move goes back to it.
  await page.locator('[data-ply="1"]').click();
  assert.equal(await pieceAt(page, 'h7'), null);
  assert.equal(await pieceAt(page, 'b7'), 'c');
});

test('a Chinese PGN pasted keeps its nested variations, each a step deeper', async (t) => {
  const page = await open(t);
  await choose(page, 'notation', 'chinese');
  await paste(page, '[Event "变例"]\n\n1. 炮二平五 马8进7 (1... 炮8平5 2. 马二进三 (2. 马八进七 马2进3) 马8进7) '
    + '2. 马二进三 车9平8 *');
  await waitForMoves(page, 4);
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马二进三', '车9平8']);
  assert.deepEqual(await variation(page, 1).allTextContents(), ['炮8平5', '马二进三', '马8进7']);
  assert.deepEqual(await variation(page, 2).allTextContents(), ['马八进七', '马2进3']);
  assert.match(await notice(page), /4 moves and 5 more in variations/);
  assert.equal(await pieceAt(page, 'h9'), 'r', 'the main line at its end');
  // Folded away, only the main line is listed; unfolded, they are back.
  const toggle = page.locator('[data-action=toggle-variations]');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.locator('[data-variation]').count(), 0);
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马二进三', '车9平8']);
  await toggle.click();
  assert.equal(await variation(page, 2).count(), 2);
});

test('a move from an earlier position is a variation that survives a reload and a link', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  await page.locator('[data-ply="1"]').click();
  await clickMove(page, 'b0c2');
  await clickMove(page, 'b9c7');
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3', 'R9.8'], 'the main line is kept');
  assert.deepEqual(await variation(page, 1).allTextContents(), ['H8+7', 'H2+3']);
  const before = await board(page);

  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.deepEqual(await variation(page, 1).allTextContents(), ['H8+7', 'H2+3']);
  assert.equal(await board(page), before, 'back on the variation it was on');

  await page.locator('[data-action=share]').click();
  const url = (await notice(page)).match(/https?:\S+/)[0];
  const other = await open(t, { query: new URL(url).search });
  assert.deepEqual(await moveTexts(other), ['C2.5', 'H8+7', 'H2+3', 'R9.8']);
  assert.deepEqual(await variation(other, 1).allTextContents(), ['H8+7', 'H2+3']);

  // By keyboard: a variation's move is a button that Enter takes.
  await variation(page, 1).first().focus();
  await page.keyboard.press('Enter');
  assert.equal(await variation(page, 1).first().getAttribute('aria-current'), 'true');
  // Promoted, it becomes the main line and the old one a variation; deleted, it is gone.
  await page.locator('[data-action=promote-variation]').click();
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H8+7', 'H2+3']);
  assert.deepEqual(await variation(page, 1).allTextContents(), ['H2+3', 'R9.8']);
  await variation(page, 1).first().click();
  await page.locator('[data-action=delete-variation]').click();
  assert.equal(await variation(page, 1).count(), 0);
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H8+7', 'H2+3']);
});

test('in Chinese and on a phone the variations and their buttons are there', async (t) => {
  const page = await open(t, { viewport: { width: 360, height: 740 }, query: '?lang=zh&line=ep.h~J' });
  await waitForMoves(page, 3);
  const row = page.locator('[data-testid=moves] li.variation');
  assert.equal(await row.getAttribute('aria-label'), '变着');
  await variation(page, 1).click();
  assert.equal(await page.locator('[data-action=promote-variation]').textContent(), '提升变着');
  assert.equal(await page.locator('[data-action=delete-variation]').textContent(), '删除变着');
  const box = await row.boundingBox();
  assert.ok(box.x + box.width <= 360, 'the row fits the phone');
});
