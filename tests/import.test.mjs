// The records players keep, opened in the page: XQF files chosen or dropped on the board, a
// DhtmlXQ text and Chinese and WXF records pasted, a file of several games, and records that
// cannot be read. The built app (dist/) in Debian's Chromium. Run with `node --test tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { moveTexts, waitForMoves, choose, clickMove, ROOT } from './harness.mjs';
import { appSuite } from './suite.mjs';

const open = appSuite();
const DATA = join(ROOT, 'crates/xiangqi/tests/data/records');
const fen = (page) => page.getByTestId('fen').textContent();
const board = async (page) => (await fen(page)).split(' ').slice(0, 2).join(' ');
const notice = (page) => page.getByTestId('notice').first().textContent();

/** Opens the import panel in the notation named. */
async function importPanel(page, notation = 'chinese') {
  await choose(page, 'notation', notation);
  await page.locator('[data-action=import]').click();
}

/** Pastes `text` into the import box and loads it. */
async function paste(page, text) {
  await page.getByTestId('import-text').fill(text);
  await page.locator('[data-action=import-load]').click();
}

test('an XQF file chosen opens at its last move, with its title and moves', async (t) => {
  const page = await open(t);
  await importPanel(page);
  await page.getByTestId('import-file').setInputFiles(join(DATA, 'example-1.0.xqf'));
  await waitForMoves(page, 16);
  // The example of the format's own description (XQF.TXT), version 1.0.
  assert.deepEqual(await moveTexts(page), [
    '兵七进一', '马8进7', '兵三进一', '炮2平3', '相七进五', '马2进1', '马八进七', '车1平2',
    '车九平八', '车2进4', '炮八平九', '车2平8', '炮二进五', '炮3平8', '马二进三', '车9平8',
  ]);
  assert.match(await notice(page), /Record opened \(XQF\): 16 moves/);
});

test('an encrypted XQF dropped on the board opens its set position, Black first, with its variation', async (t) => {
  const page = await open(t);
  const bytes = [...(await readFile(join(DATA, 'setup-encrypted.xqf')))];
  // A file dropped as a person drops one: a drop event carrying it.
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'endgame.xqf'));
    const target = document.querySelector('main.play');
    for (const type of ['dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, bytes);
  await waitForMoves(page, 2);
  // Black's horse b9c7, Red's chariot a3a9 on the board; the variation (a3e3) in the list.
  assert.equal(await board(page), 'R3k4/9/2n6/9/9/9/9/9/9/3K5 b');
  assert.match(await notice(page), /Record opened \(XQF\): 2 moves and 1 more in a variation/);
  assert.equal(await page.locator('[data-testid=moves] [data-variation="1"]').count(), 1);
});

test('a DhtmlXQ text pasted opens, and a Chinese record in traditional characters too', async (t) => {
  const page = await open(t);
  await importPanel(page);
  await paste(page, '[DhtmlXQ][DhtmlXQ_title]A game[/DhtmlXQ_title][DhtmlXQ_movelist]77477242'
    + '[/DhtmlXQ_movelist][DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1][/DhtmlXQ]');
  await waitForMoves(page, 2);
  assert.deepEqual(await moveTexts(page), ['炮二平五', '炮8平5']);
  assert.match(await notice(page), /Record opened \(DhtmlXQ\): 2 moves/);

  await page.locator('[data-action=import]').click();
  await paste(page, '[Event "象棋錦標賽"]\n[Red "王天一"]\n\n'
    + '1. 砲二平五 馬８進７ 2. 傌二進三 (2. 兵七進一 卒７進１) 車９平８ 3. 俥一平二 馬２進３ 4. 兵三進一 1-0');
  await waitForMoves(page, 7);
  const moves = await moveTexts(page);
  assert.equal(moves.at(-1), '兵三进一', 'the last move is there');
});

test('a GBK file of a traditional Chinese record opens to its last move', async (t) => {
  const page = await open(t);
  await importPanel(page);
  await page.getByTestId('import-file').setInputFiles(join(DATA, 'traditional_gbk.pgn'));
  await waitForMoves(page, 7);
  assert.equal((await moveTexts(page)).at(-1), '兵三进一');
  assert.match(await notice(page), /Record opened \(PGN\): 7 moves and 2 more in variations/);
});

test('a WXF file pasted opens', async (t) => {
  const page = await open(t);
  await importPanel(page, 'wxf');
  await paste(page, await readFile(join(DATA, 'game.wxf'), 'utf8'));
  await waitForMoves(page, 6);
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3', 'R9.8', 'R1.2', 'C2.5']);
});

test('a file of several games opens the first and lists them all to choose from', async (t) => {
  const page = await open(t);
  await importPanel(page, 'wxf');
  await page.getByTestId('import-file').setInputFiles(join(DATA, 'two_games.pgn'));
  await waitForMoves(page, 3);
  const list = page.getByTestId('import-games');
  assert.deepEqual(await list.locator('button').allTextContents(), ['First · 3 moves', 'Second · 2 moves']);
  assert.match(await notice(page), /Record opened \(PGN, game 1 of 2\): 3 moves/);
  // It opens as it is: two players, so the computer (to move, as Black) adds nothing.
  assert.equal(await page.getByTestId('mode').inputValue(), 'two');
  await page.waitForTimeout(1500);
  assert.equal((await moveTexts(page)).length, 3);
  await list.locator('[data-action=import-game][data-game="1"]').click();
  await waitForMoves(page, 2);
  assert.deepEqual(await moveTexts(page), ['K5.6', 'R9+9']);
  assert.match(await notice(page), /game 2 of 2/);
});

test('a record that cannot be read says why and keeps the game', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  await clickMove(page, 'h2e2');
  await importPanel(page, 'wxf');
  const cut = (await readFile(join(DATA, 'example-1.0.xqf'))).subarray(0, 100);
  await page.getByTestId('import-file').setInputFiles({ name: 'cut.xqf', mimeType: 'application/octet-stream', buffer: cut });
  await page.getByTestId('notice').waitFor();
  assert.match(await notice(page), /This XQF record cannot be read: .*byte 100.*The current game was kept/);
  assert.deepEqual(await moveTexts(page), ['C2.5']);
  // A pasted text of no known form is answered by the page's own reading, as before.
  await paste(page, '1. 炮二平五 马8进7 2. B0-C2 a9a0');
  await page.waitForFunction(() => /move 2/i.test(document.querySelector('[data-testid=notice]')?.textContent ?? ''));
  assert.deepEqual(await moveTexts(page), ['C2.5']);
});

test('in Chinese the panel and the notices are Chinese', async (t) => {
  const page = await open(t, { query: '?lang=zh' });
  await importPanel(page);
  assert.match(await page.locator('.records').textContent(), /打开文件/);
  await page.getByTestId('import-file').setInputFiles(join(DATA, 'two_games.pgn'));
  await waitForMoves(page, 3);
  assert.match(await notice(page), /已打开棋谱（PGN，第 1 局，共 2 局）：3 步/);
});
