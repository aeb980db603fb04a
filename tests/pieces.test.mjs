// For players who do not read Chinese: the international piece set (setting, reload, link,
// legend), WXF and digits in the English page, and an embedded toolbar without Chinese-only
// labels. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appSuite } from './suite.mjs';
import { choose, clickMove } from './harness.mjs';

const open = appSuite();

/** Any CJK ideograph or CJK punctuation. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u;

/**
 * How each piece on the board is drawn: its FEN letter, whether its character shows, the
 * symbol it is drawn with (the mask image of its ::after, if any) and its background.
 */
function drawings(page, scope = '.board') {
  return page.evaluate((scope) => [...document.querySelectorAll(`${scope} .piece`)].map((p) => {
    const after = getComputedStyle(p, '::after');
    return {
      piece: p.dataset.piece,
      glyph: getComputedStyle(p.querySelector('.glyph')).visibility,
      symbol: after.content === 'none' ? null : (after.maskImage || after.webkitMaskImage),
      background: getComputedStyle(p).backgroundImage,
    };
  }), scope);
}

/** Checks that every piece is drawn with `set`: characters, or one symbol per kind. */
function assertDrawnWith(list, set) {
  assert.equal(list.length, 32, 'every piece of the start position');
  if (set === 'traditional') {
    for (const d of list) {
      assert.equal(d.glyph, 'visible', d.piece);
      assert.equal(d.symbol, null, d.piece);
    }
    return;
  }
  const byKind = new Map();
  for (const d of list) {
    assert.equal(d.glyph, 'hidden', `${d.piece}: no character`);
    assert.match(d.symbol ?? '', /^url\("data:image\/svg\+xml/, `${d.piece}: a drawn symbol`);
    const kind = d.piece.toLowerCase();
    if (byKind.has(kind)) assert.equal(byKind.get(kind), d.symbol, `one symbol for ${kind}`);
    byKind.set(kind, d.symbol);
  }
  assert.equal(new Set(byKind.values()).size, 7, 'seven different symbols');
  // Red and Black differ in lightness, not only in hue: Black's discs are dark.
  const red = list.find((d) => d.piece === 'R').background;
  const black = list.find((d) => d.piece === 'r').background;
  assert.notEqual(red, black);
}

const boardSet = (page) => page.locator('.board').getAttribute('data-pieces');

test('the international set draws every piece as a symbol, and stays after a reload and in a link', async (t) => {
  const page = await open(t);
  assert.equal(await boardSet(page), 'traditional');
  assertDrawnWith(await drawings(page), 'traditional');
  await choose(page, 'pieces', 'international');
  assert.equal(await boardSet(page), 'international');
  assertDrawnWith(await drawings(page), 'international');
  // A move keeps the symbols, on the piece that moved too.
  await choose(page, 'mode', 'two');
  await clickMove(page, 'h2e2');
  assert.equal((await drawings(page)).find((d) => d.piece === 'C').glyph, 'hidden');
  await page.reload();
  await page.locator('[data-square]').nth(89).waitFor();
  assert.equal(await boardSet(page), 'international', 'kept after a reload');
  assert.equal(await page.getByTestId('pieces').inputValue(), 'international');
  // The share link carries it.
  await page.locator('[data-action=share]').click();
  const url = (await page.getByTestId('notice').first().textContent()).match(/https?:\S+/)[0];
  assert.match(url, /[?&]pieces=international\b/);
  // Back to the characters.
  await choose(page, 'pieces', 'traditional');
  assert.equal(await boardSet(page), 'traditional');
});

test('a link and an embedded board choose the set; a bad value is named', async (t) => {
  const page = await open(t, { query: '?pieces=international&embed=1' });
  assert.equal(await boardSet(page), 'international');
  assertDrawnWith(await drawings(page), 'international');
  const bad = await open(t, { query: '?pieces=western' });
  assert.equal(await boardSet(bad), 'traditional');
  assert.match(await bad.getByTestId('notice').first().textContent(), /pieces=“western”/);
});

test('the legend shows each piece in both sets with its name and moves', async (t) => {
  const page = await open(t);
  const legend = page.getByTestId('piece-legend');
  await legend.locator('summary').click();
  const rows = legend.locator('li');
  assert.equal(await rows.count(), 7);
  assert.deepEqual(
    await rows.evaluateAll((li) => li.map((l) => l.dataset.kind)),
    ['general', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'],
  );
  for (let i = 0; i < 7; i++) {
    const text = await rows.nth(i).locator('.what').textContent();
    assert.ok(text.length > 20 && !CJK.test(text), text);
  }
  // Each row: red and black with characters, then red and black as symbols.
  const drawn = await drawings(page, '[data-testid=piece-legend]');
  assert.equal(drawn.length, 28);
  for (let i = 0; i < 28; i += 4) {
    assert.deepEqual(drawn.slice(i, i + 4).map((d) => d.glyph), ['visible', 'visible', 'hidden', 'hidden']);
  }
  // The Chinese page names them in Chinese.
  const zh = await open(t, { query: '?lang=zh' });
  await zh.getByTestId('piece-legend').locator('summary').click();
  assert.match(await zh.getByTestId('piece-legend').locator('li').first().textContent(), /九宫/);
});

test('the English page opens with WXF and digits; its embedded toolbar has no Chinese-only labels', async (t) => {
  const page = await open(t);
  assert.equal(await page.getByTestId('notation').inputValue(), 'wxf');
  const redFiles = await page.locator('.red-no').evaluateAll((els) => els.map((e) => getComputedStyle(e, '::after').content));
  assert.deepEqual(redFiles, ['"9"', '"8"', '"7"', '"6"', '"5"', '"4"', '"3"', '"2"', '"1"']);

  const embed = await open(t, { query: '?embed=1&lang=en' });
  const buttons = await embed.locator('.toolbar button').evaluateAll((bs) => bs.map((b) => ({
    name: b.getAttribute('aria-label'),
    text: b.innerText,
    icon: getComputedStyle(b.querySelector('.icon'), '::before').content,
    mask: getComputedStyle(b.querySelector('.icon'), '::before').maskImage,
    width: b.querySelector('.icon').getBoundingClientRect().width,
  })));
  assert.equal(buttons.length, 7);
  for (const b of buttons) {
    assert.ok(b.name && !CJK.test(b.name), `accessible name ${b.name}`);
    assert.ok(!CJK.test(b.text) && !CJK.test(b.icon), `${b.name}: "${b.text}" ${b.icon}`);
    assert.match(b.mask, /^url\("data:image\/svg\+xml/, `${b.name} has a drawn icon`);
    assert.ok(b.width >= 16, `${b.name}'s icon is drawn at its size`);
  }
  // The Chinese page keeps its characters.
  const zh = await open(t, { query: '?embed=1&lang=zh&mode=pvp' });
  assert.equal(await zh.locator('[data-action=new] .icon').evaluate((i) => getComputedStyle(i, '::before').content), '"新"');
  await clickMove(zh, 'h2e2');
  // The move is said in Chinese in the live region (the embed has no move list).
  await zh.waitForFunction(() => document.querySelector('[data-testid=announcer]').textContent === '红方：炮走到 e2');
});
