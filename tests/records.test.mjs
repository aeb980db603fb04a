// End-to-end tests for languages, FEN, links, the saved game, the board editor, game records,
// browsing and sounds: the built app (dist/) in Debian's Chromium. Run with `node --test tests/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTexts, clickMove, choose, pieceAt, waitForMoves, fillStorage } from './harness.mjs';
import { appSuite } from './suite.mjs';

/** Opens the app; closes the context when the test ends; fails on any page error. */
const open = appSuite();

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const MATE = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
const piece = pieceAt;
const fen = (page) => page.getByTestId('fen').textContent();
const notice = (page) => page.getByTestId('notice').first().textContent();
const pieces = (page) => page.locator('[data-piece]').count();
const twoPlayers = async (page, moves) => {
  await choose(page, 'mode', 'two');
  for (const m of moves) await clickMove(page, m);
};

/** The page's visible words of three or more Latin letters, leaving out the FEN. */
async function latinWords(page) {
  const text = await page.evaluate(() => {
    const fen = document.querySelector('[data-testid=fen]')?.textContent ?? '';
    return document.body.innerText.replace(fen, '');
  });
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])];
}

test('the language switch changes every visible string, and is remembered', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2']);
  await page.locator('[data-action=export]').click();
  const english = await latinWords(page);
  assert.ok(english.includes('Undo') && english.includes('Mode'), english.join(' '));
  await page.locator('[data-action=lang]').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  // What may stay Latin in Chinese: notation names, file formats and the switch back.
  const allowed = new Set(['FEN', 'WXF', 'ICCS', 'UCI', 'PGN', 'English']);
  const left = (await latinWords(page)).filter((w) => !allowed.has(w));
  assert.deepEqual(left, [], 'no English left after switching to Chinese');
  assert.match(await page.getByTestId('status').textContent(), /黑方走棋/);
  assert.equal(await page.locator('[data-action=undo]').getAttribute('aria-label'), '悔棋');
  assert.equal(await page.locator('[data-square="b0"]').getAttribute('aria-label'), 'b0 红方马');
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.equal(await page.locator('[data-action=undo] .label').textContent(), '悔棋');
  await page.locator('[data-action=lang]').click();
  // The page draws the new language on its next render.
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.locator('[data-action=undo] .label').textContent(), 'Undo');
});

test('a Chinese browser gets the Chinese page', async (t) => {
  const page = await open(t, {
    init: () => Object.defineProperty(navigator, 'language', { get: () => 'zh-CN' }),
  });
  assert.match(await page.getByTestId('status').textContent(), /红方走棋/);
  assert.equal(await page.locator('[data-action=lang]').textContent(), 'English');
});

test('a bad FEN in the address: start position and a notice, never a blank page', async (t) => {
  const page = await open(t, { query: '?fen=' + encodeURIComponent('rnbakabnr/9/9 w') });
  assert.equal(await pieces(page), 32);
  assert.match(await notice(page), /fen=.*10, separated by/);
  assert.equal(await fen(page), START);
});

test('bad link values are ignored and named; good ones apply', async (t) => {
  const page = await open(t, { query: '?mode=chess&level=99&side=green&flip=2&lang=fr&moves=h2e2+h9h0' });
  const text = await notice(page);
  for (const name of ['mode', 'level', 'side', 'flip', 'lang', 'moves']) assert.match(text, new RegExp(`${name}=`), name);
  assert.match(text, /move 1 \(Black\)/);
  // The move before the bad one is kept (the computer, still the opponent, may have replied).
  assert.equal((await moveTexts(page))[0], 'C2.5');
});

test('a link\'s tc=3+2 is read as the docs write it; a diagram and a long value name what was ignored', async (t) => {
  // Typed as the docs show it, the + arrives as a space.
  const page = await open(t, { query: '?mode=pvp&tc=3+2' });
  await page.getByTestId('clock-red').waitFor();
  assert.equal(await page.getByTestId('clock-red').getAttribute('data-left'), '180000');
  assert.equal(await page.getByTestId('notice').count(), 0);
  // A diagram of a FEN that cannot be read draws the start position and says why.
  await page.goto(open.url() + '?view=diagram&fen=garbage');
  const said = page.getByTestId('notice');
  await said.waitFor();
  assert.match(await said.textContent(), /fen=“garbage”/);
  // A long value (8,000 characters: the test server takes no longer address): its first 80
  // characters, wrapped, and the close button in reach.
  const long = 'x'.repeat(8000);
  const wide = await open(t, { query: `?mode=${long}`, viewport: { width: 1100, height: 800 } });
  const bar = wide.getByTestId('notice');
  const text = await bar.textContent();
  assert.ok(text.includes(`mode=“${'x'.repeat(80)}…”`), text.slice(0, 200));
  assert.ok(text.length < 300, `${text.length} characters`);
  const [box, close] = [await bar.boundingBox(), await bar.locator('button').boundingBox()];
  assert.ok(close.x + close.width <= box.x + box.width + 1 && close.x + close.width <= 1100, 'the close button is inside the notice, on screen');
});

test('a link opens a position with moves, mode, side, level, flip and language', async (t) => {
  const q = `?fen=${encodeURIComponent(START)}&moves=h2e2+h9g7&mode=pvp&flip=1&lang=zh&lvl=2`;
  const page = await open(t, { query: q });
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7']);
  assert.equal(await page.getByTestId('mode').inputValue(), 'two');
  assert.equal(await page.getByTestId('level').inputValue(), '2');
  const e0 = await page.locator('[data-square="e0"]').boundingBox();
  const e9 = await page.locator('[data-square="e9"]').boundingBox();
  assert.ok(e9.y > e0.y, 'flipped: Black at the bottom');
  assert.match(await page.getByTestId('status').textContent(), /红方走棋/);
  assert.equal(await page.getByTestId('notice').count(), 0);
});

test('share builds a link that opens the same game', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7', 'h0g2']);
  await page.locator('[data-action=share]').click();
  const url = (await notice(page)).match(/https?:\S+/)[0];
  assert.match(url, /[?&]line=epJ(&|$)/, "the moves as a compact line");
  const other = await open(t, { query: new URL(url).search });
  assert.deepEqual(await moveTexts(other), ['C2.5', 'H8+7', 'H2+3']);
  assert.equal(await other.getByTestId('mode').inputValue(), 'two');
});

test('the FEN box shows the position, and a pasted FEN loads; a bad one changes nothing', async (t) => {
  const page = await open(t);
  assert.equal(await fen(page), START);
  await page.getByTestId('fen-input').fill('4k4/9/9/9/9/9/9/9/9/9 w - - 0 1');
  await page.getByTestId('fen-input').press('Enter');
  assert.match(await notice(page), /That FEN was not loaded: Red has no general/);
  assert.equal(await pieces(page), 32, 'nothing changed');
  assert.equal(await fen(page), START);
  await page.getByTestId('fen-input').fill(MATE);
  await page.locator('[data-action=load-fen]').click();
  assert.equal(await fen(page), MATE);
  assert.equal(await pieces(page), 4);
  assert.equal(await page.getByTestId('notice').count(), 0);
  await page.locator('[data-action=copy-fen]').click();
  assert.match(await notice(page), /FEN copied/);
});

test('reload restores the game exactly', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '21');
  await twoPlayers(page, ['h2e2', 'h9g7', 'b0c2', 'b9c7']);
  await choose(page, 'notation', 'iccs');
  await page.locator('[data-action=flip]').click();
  await page.locator('[data-action=mute]').click();
  const before = { moves: await moveTexts(page), fen: await fen(page) };
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.deepEqual({ moves: await moveTexts(page), fen: await fen(page) }, before);
  assert.deepEqual(before.moves, ['H2-E2', 'H9-G7', 'B0-C2', 'B9-C7'], 'in the notation chosen');
  assert.equal(await page.getByTestId('notation').inputValue(), 'iccs');
  assert.equal(await page.getByTestId('mode').inputValue(), 'two');
  assert.equal(await page.getByTestId('level').inputValue(), '21');
  assert.equal(await page.locator('[data-action=mute]').getAttribute('aria-pressed'), 'true');
  const e0 = await page.locator('[data-square="e0"]').boundingBox();
  const e9 = await page.locator('[data-square="e9"]').boundingBox();
  assert.ok(e9.y > e0.y, 'still flipped');
  assert.equal(await page.getByTestId('notice').count(), 0);
});

test('a link with a game keeps the visitor\'s own game: My games reopens it, and deletes', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '23');
  await twoPlayers(page, ['h2e2', 'h9g7', 'b0c2']);
  const own = { moves: await moveTexts(page), fen: await fen(page) };
  // A link to another game, in the same browser.
  await page.goto(page.url().split('?')[0] + '?mode=pvp&moves=b2e2+b9c7');
  await page.locator('[data-square]').nth(89).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=moves] [data-ply]').length === 2);
  const linked = await fen(page);
  await page.locator('[data-action=saved-games]').click();
  const list = page.getByTestId('saved-games');
  await list.waitFor();
  assert.equal(await page.locator('[data-action=saved-games]').getAttribute('aria-pressed'), 'true');
  assert.match(await list.getByTestId('current-game').textContent(), /2 moves/);
  const entries = list.locator('[data-saved-game]');
  assert.equal(await entries.count(), 1, 'the earlier game is listed');
  const entry = await entries.first().textContent();
  assert.match(entry, /\d{4}-\d\d-\d\d \d\d:\d\d/, 'with its date');
  assert.match(entry, /Two players/, 'its mode');
  assert.match(entry, /In progress · 3 moves/, 'how it stands');
  // Reopened: the same game, and the link's game takes its place in the list.
  await entries.first().locator('.open').click();
  await list.waitFor({ state: 'detached' });
  assert.deepEqual({ moves: await moveTexts(page), fen: await fen(page) }, own);
  assert.equal(await page.getByTestId('level').inputValue(), '23', 'with its level');
  await page.locator('[data-action=saved-games]').click();
  assert.equal(await entries.count(), 1);
  assert.match(await entries.first().textContent(), /2 moves/);
  // Kept across a reload; deleted with its button.
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.equal(await fen(page), own.fen);
  await page.locator('[data-action=saved-games]').click();
  assert.equal(await entries.count(), 1);
  await entries.first().locator('[data-action=delete-saved-game]').click();
  assert.equal(await entries.count(), 0, 'deleted');
  assert.equal(await fen(page), own.fen, 'deleting a listed game leaves the board alone');
  assert.notEqual(own.fen, linked);
  // In Chinese, the list speaks Chinese.
  await page.locator('[data-action=close-saved-games]').click();
  await page.locator('[data-action=new]').click();
  await page.locator('[data-action=lang]').click();
  await page.locator('[data-action=saved-games]').click();
  assert.match(await entries.first().textContent(), /进行中 · 3 步/);
});

test('a damaged saved game opens what can be read, and text that cannot be read is kept aside', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7']);
  await waitForMoves(page, 2);
  const good = await page.evaluate(() => localStorage.getItem('xiangqi.saved'));
  const reopen = async (text) => {
    await page.evaluate((text) => localStorage.setItem('xiangqi.saved', text), text);
    await page.reload();
    await page.locator('[data-square]').nth(89).waitFor();
  };
  // A bad value, an unknown field, another version: the game and its moves are kept, and the
  // notice names what was set right.
  for (const [bad, named] of [
    [good.replace('lang=en', 'lang=xx') + 'future=1\n', /“lang”/],
    [good.replace(/date=\d+/, 'date=abc'), /“date”/],
    [good.replace('xiangqi-saved 1', 'xiangqi-saved 2'), /version 2/],
  ]) {
    await reopen(bad);
    assert.match(await notice(page), /opened with repairs/, bad);
    assert.match(await notice(page), named, bad);
    assert.equal((await moveTexts(page)).length, 2, bad);
  }
  // A move that cannot be played: the game stops before it, and the text as it was is kept
  // in My games.
  await reopen(good.replace('h9g7', 'h9h0'));
  assert.match(await notice(page), /move 2, “h9h0”, cannot be played/);
  assert.equal((await moveTexts(page)).length, 1);
  const whole = await page.evaluate(() => Object.keys(localStorage).filter((k) => localStorage.getItem(k).includes('h2e2 h9h0')));
  assert.equal(whole.length, 1, 'the text as it was, kept');
  // Text that is no saved game: a new game, and the text kept aside, never overwritten.
  for (const bad of ['{"version":1,"fen":', good.slice(0, 40)]) {
    await reopen(bad);
    assert.match(await notice(page), /saved game could not be read/, bad);
    assert.equal(await fen(page), START);
    const aside = await page.evaluate((bad) => Object.keys(localStorage).filter((k) => k.startsWith('xiangqi.saved.unreadable.') && localStorage.getItem(k) === bad), bad);
    assert.equal(aside.length, 1, `${bad} kept aside`);
  }
});

test('a full storage loses no kept game: the page says so, keeps the game, and saves once room is made', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7']);
  await waitForMoves(page, 2);
  const saved = await page.evaluate(() => localStorage.getItem('xiangqi.saved'));
  const makeRoom = await fillStorage(page);
  // A link's game over the saved one: the saved game cannot go into My games, so it stays
  // where it is, and the page says why.
  await page.goto(page.url().split('?')[0] + '?mode=pvp&moves=b2e2+b9c7+b0c2');
  await page.locator('[data-square]').nth(89).waitFor();
  const bar = page.getByTestId('storage-full');
  await bar.waitFor();
  assert.match(await bar.textContent(), /storage is full/);
  assert.equal(await page.evaluate(() => localStorage.getItem('xiangqi.saved')), saved, 'the saved game is not written over');
  assert.equal((await moveTexts(page)).length, 3, 'the link\'s game is on the board');
  // Moves still play, and stay in the page.
  await clickMove(page, 'h9g7');
  await waitForMoves(page, 4);
  // In Chinese too.
  await page.locator('[data-action=lang]').click();
  assert.match(await bar.textContent(), /存储空间已满/);
  await page.locator('[data-action=lang]').click();
  // Room made (another key deleted), "Try again": the earlier game goes into My games and
  // this one is saved.
  await makeRoom(2);
  await page.locator('[data-action=retry-save]').click();
  await bar.waitFor({ state: 'detached' });
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.equal((await moveTexts(page)).length, 4, 'the game played while full, saved');
  await page.locator('[data-action=saved-games]').click();
  const entries = page.getByTestId('saved-games').locator('[data-saved-game]');
  assert.equal(await entries.count(), 1);
  assert.match(await entries.first().textContent(), /2 moves/, 'the earlier game, in My games');
  // Everything kept, as one PGN file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=saved-games] [data-action=download-games]').click()]);
  const pgn = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'));
  assert.equal((pgn.match(/\[Event /g) ?? []).length, 2, pgn);
  assert.match(pgn, /1\. C2\.5 H8\+7/, pgn);
  assert.match(pgn, /1\. C8\.5 H2\+3/, pgn);
});

test('the editor says exactly what is wrong with a setup, and play starts from it', async (t) => {
  const page = await open(t);
  await page.locator('[data-action=edit]').click();
  assert.equal(await page.locator('[data-palette]').count(), 15);
  const message = () => page.locator('.editor [data-testid=notice]').textContent();
  const place = async (letter, sq) => {
    await page.locator(`[data-palette="${letter}"]`).click();
    await page.locator(`[data-square="${sq}"]`).click();
  };
  await page.locator('[data-action=edit-clear]').click();
  assert.equal(await pieces(page), 0);
  assert.equal(await message(), 'Red has no general');
  await place('K', 'e0');
  assert.equal(await message(), 'Black has no general');
  await place('k', 'e9');
  assert.equal(await message(), 'the two generals face each other on an open file');
  // A composed position can be played: it is legal, with a warning of what no game reaches.
  await place('B', 'e3');
  assert.equal(await page.getByTestId('valid').count(), 1);
  const warning = () => page.locator('.editor [data-testid=warning]').textContent();
  assert.equal(await warning(), 'no red elephant can reach e3 in a game');
  await place('x', 'e3');
  assert.equal(await message(), 'the two generals face each other on an open file');
  await place('K', 'd0');
  assert.match(await message(), /more than one general/);
  await place('x', 'd0');
  // Move the black general with no tool chosen: pick it up and put it down.
  await page.locator('[data-palette="x"]').click();
  await page.locator('[data-square="e9"]').click();
  await page.locator('[data-square="d9"]').click();
  assert.equal(await page.getByTestId('valid').count(), 1);
  await place('R', 'a0');
  await page.getByTestId('edit-turn-black').click();
  assert.equal(await fen(page), '3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
  await page.locator('[data-action=play-pvp]').click();
  assert.equal(await page.getByTestId('mode').inputValue(), 'two');
  assert.equal(await fen(page), '3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1');
  await clickMove(page, 'd9d8');
  assert.equal(await piece(page, 'd8'), 'k');
});

test('the editor in Chinese', async (t) => {
  const page = await open(t, { query: '?lang=zh' });
  await page.locator('[data-action=edit]').click();
  await page.locator('[data-action=edit-clear]').click();
  assert.equal(await page.locator('.editor [data-testid=notice]').textContent(), '红方没有将帅');
  await page.locator('[data-action=edit-reset]').click();
  assert.equal(await page.getByTestId('valid').textContent(), '局面合法。');
});

test('PGN round trip: export then import gives the same moves and result', async (t) => {
  const page = await open(t, { query: `?fen=${encodeURIComponent(MATE)}&mode=pvp` });
  await clickMove(page, 'b0b1');
  await clickMove(page, 'e9f9');
  await clickMove(page, 'b1b9');
  await page.getByTestId('result').waitFor();
  const moves = await moveTexts(page);
  await page.locator('[data-action=export]').click();
  await page.getByTestId('pgn-chinese').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, new RegExp(`\\[FEN "${MATE.replace(/\//g, '\\/')}"\\]`));
  assert.match(pgn, /\[Red "Red"\]/);
  // Another game, then the record back in.
  await page.locator('[data-action=new]').click();
  assert.equal((await moveTexts(page)).length, 0);
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-text').fill(pgn);
  await page.locator('[data-action=import-load]').click();
  assert.deepEqual(await moveTexts(page), moves);
  assert.equal(await page.getByTestId('result').getAttribute('data-winner'), 'red');
  assert.match(await page.getByTestId('result').textContent(), /1-0/);
});

test('a WXF export of an unfinished game reads back, and the Chinese record is offered', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7', 'h0g2']);
  await page.locator('[data-action=export]').click();
  const pgn = await page.getByTestId('pgn').inputValue();
  assert.match(pgn, /1\. C2\.5 H8\+7 2\. H2\+3 \*/);
  assert.doesNotMatch(pgn, /\[FEN/);
  const download = page.waitForEvent('download');
  await page.locator('[data-action=download]').click();
  assert.match((await download).suggestedFilename(), /\.pgn$/);
  await page.locator('[data-action=copy-record]').click();
  assert.match(await notice(page), /record copied/);
  await page.locator('[data-action=new]').click();
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-text').fill(pgn);
  await page.locator('[data-action=import-load]').click();
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3']);
});

test('an unreadable move in an import is named with its number and the game is kept', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['b0c2']);
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-text').fill('1. 炮二平五 马8进7 2. B0-C2 a9a0');
  await page.locator('[data-action=import-load]').click();
  assert.match(await notice(page), /Move 2 \(Black\), “a9a0”, cannot be read or is not legal\. The current game was kept\./);
  assert.deepEqual(await moveTexts(page), ['H8+7']);
  // A plain list in mixed notations loads.
  await page.getByTestId('import-text').fill('h2e2 H9-G7 H2+3 马2进3');
  await page.locator('[data-action=import-load]').click();
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3', 'H2+3']);
});

test('browsing: step back and forward, click a move, and a new move becomes a variation', async (t) => {
  const page = await open(t);
  await twoPlayers(page, ['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  await page.locator('[data-action=back]').click();
  await page.locator('[data-action=back]').click();
  assert.match(await page.getByTestId('status').textContent(), /Viewing move 2 of 4/);
  assert.equal(await piece(page, 'g2'), null);
  assert.equal(await piece(page, 'h0'), 'N');
  await page.locator('[data-action=forward]').click();
  assert.equal(await piece(page, 'g2'), 'N');
  await page.locator('[data-ply="0"]').click();
  assert.equal(await piece(page, 'g7'), null);
  assert.equal(await page.locator('[data-last=to]').getAttribute('data-square'), 'e2');
  // The game's own next move just follows it.
  await clickMove(page, 'h9g7');
  assert.match(await page.getByTestId('status').textContent(), /Viewing move 2 of 4/);
  // A different move asks nothing: it starts a variation, and the main line stays.
  await clickMove(page, 'b0c2');
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3', 'R9.8']);
  assert.deepEqual(await page.locator('[data-variation="1"]').allTextContents(), ['H8+7']);
  assert.match(await page.getByTestId('status').textContent(), /Black to move/);
  await page.locator('[data-action=first]').click();
  assert.equal(await pieces(page), 32);
  await page.locator('[data-action=last]').click();
  assert.equal(await piece(page, 'c2'), 'N');
});

test('sounds play on moves with Web Audio, and the mute switch silences them', async (t) => {
  const page = await open(t, {
    init: () => {
      window.__tones = 0;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () {
        window.__tones += 1;
        return create.call(this);
      };
    },
  });
  await twoPlayers(page, ['h2e2']);
  const tones = () => page.evaluate(() => window.__tones);
  assert.ok((await tones()) > 0, 'a move sounds');
  await page.locator('[data-action=mute]').click();
  const n = await tones();
  await clickMove(page, 'h7e7');
  await waitForMoves(page, 2);
  assert.equal(await piece(page, 'e7'), 'c', 'the move was played');
  assert.equal(await tones(), n, 'muted');
  assert.equal(await page.locator('[data-action=mute]').getAttribute('aria-pressed'), 'true');
});
