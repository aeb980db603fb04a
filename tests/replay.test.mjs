// For bloggers: the replay viewer (?view=replay), the diagram (?view=diagram and "Save
// diagram"), and links that carry long games. Run with `node --test tests/` after
// `trunk build --release`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serve, launch, openApp, moveTexts, hostPage } from './harness.mjs';

let app;
let browser;
before(async () => {
  app = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await app?.close();
});

// An 80-ply game (40 moves each), legal by Fairy-Stockfish's rules and not over.
const GAME = `b2b5 c9e7 a3a4 b7a7 b5b3 e7c9 g0e2 e9e8 i0i2 e8e9 a0a1 i6i5 h2f2 h9i7 i2h2 a7a8 h0g2
  e6e5 b3b7 c9e7 b7b3 c6c5 a4a5 h7g7 h2i2 a8a7 e3e4 g7h7 a1a0 f9e8 f2f3 i9h9 f3d3 h9h8 d3d1 b9d8
  a5a6 c5c4 g2e3 e5e4 d1d7 e7c5 d7c7 e8f7 c7b7 a9b9 a0a3 b9c9 b0a2 a7a8 b7b5 e9e8 e3c2 e8f8 b5b9
  e4d4 c2a1 d4d3 b9b8 f7e8 i3i4 i7h9 b3b4 h7e7 e2g4 c5a7 a3b3 e7e2 b8b5 d3c3 i2i3 d8b7 b5b6 c9c8
  a6a7 c3b3 b4b7 e8f9 i3h3 c8d8`.split(/\s+/);
// Comments after these plies.
const NOTES = { 1: 'An unusual cannon move.', 3: 'Black answers at once.', 40: 'Half way.', 80: 'The end of the line.' };

/** The game as a plain record with its comments in braces. */
function record() {
  return GAME.map((m, i) => (NOTES[i + 1] ? `${m} {${NOTES[i + 1]}}` : m)).join(' ');
}

/** Counts the workers each frame of the context makes (every frame gets the init script). */
function countWorkers() {
  window.workersMade = 0;
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      window.workersMade += 1;
    }
  };
}

/** The full app with the game imported, two players, in `lang`. */
async function appWithGame(t, lang = 'en') {
  const { page, context, errors } = await openApp(browser, app.url, { query: `?mode=pvp&lang=${lang}` });
  t.after(() => context.close());
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-text').fill(record());
  await page.locator('[data-action=import-load]').click();
  assert.equal((await moveTexts(page)).length, 80);
  assert.deepEqual(errors, []);
  return page;
}

/** Opens a replay (address `query`) on its own and resolves to the page. */
async function openReplay(t, query, viewport = { width: 360, height: 600 }) {
  const context = await browser.newContext({ viewport });
  t.after(() => context.close());
  await context.addInitScript(countWorkers);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('dialog', (d) => { problems.push(`dialog: ${d.type()}`); d.dismiss(); });
  await page.goto(app.url + query);
  await page.locator('[data-square]').nth(89).waitFor();
  t.after(() => assert.deepEqual(problems, [], 'no errors and no dialogs'));
  return page;
}

test('a replay embedded in a page of another origin steps through a 40-move game with its comments', async (t) => {
  const page = await appWithGame(t);
  // The move list of the full app shows the comments too.
  assert.equal(await page.locator('[data-testid=moves] [data-comment]').count(), 4);
  await page.locator('[data-action=embed-code]').click();
  await page.locator('[data-testid=embed-view] input[value=replay]').check();
  const snippet = await page.getByTestId('embed-code').inputValue();
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1&amp;view=replay&amp;line=[A-Za-z0-9_-]+&amp;notes=[^"]+&amp;lang=en"/);
  const line = decodeURIComponent(snippet.match(/line=([^&"]+)/)[1]);
  assert.ok(line.length <= 90, `the 80 plies take ${line.length} characters`);

  const url = await hostPage(t, `<!doctype html><html><head><meta charset="utf-8"><title>A blog post</title></head>
    <body style="margin:0"><p>A game worth a look:</p><div style="width:360px">${snippet}</div></body></html>`);
  const context = await browser.newContext({ viewport: { width: 400, height: 1000 } });
  t.after(() => context.close());
  await context.addInitScript(countWorkers);
  const host = await context.newPage();
  const problems = [];
  host.on('pageerror', (e) => problems.push(String(e)));
  host.on('dialog', (d) => { problems.push(`dialog: ${d.type()}`); d.dismiss(); });
  await host.goto(url);
  const frame = host.frameLocator('iframe');
  await frame.locator('[data-square]').nth(89).waitFor();
  const count = () => frame.getByTestId('replay-ply').textContent();
  const comment = () => frame.getByTestId('comment').textContent();

  // It opens at the start, with no computer and no game controls.
  assert.equal(await count(), '0 / 80');
  assert.equal(await frame.locator('[data-piece]').count(), 32);
  for (const action of ['new', 'undo', 'hint', 'stop', 'embed-code']) {
    assert.equal(await frame.locator(`[data-action=${action}]`).count(), 0, `no ${action}`);
  }
  assert.equal(await frame.locator('[data-testid=moves] [data-ply]').count(), 80);
  assert.equal(await frame.locator('[data-testid=moves] [data-comment]').count(), 4);

  // The buttons.
  await frame.locator('[data-action=forward]').click();
  assert.equal(await count(), '1 / 80');
  assert.equal(await comment(), NOTES[1]);
  assert.equal(await frame.locator('[data-square=b5] [data-piece]').getAttribute('data-piece'), 'C');
  assert.equal(await frame.locator('[data-square=b5]').getAttribute('data-last'), 'to');
  assert.match(await frame.locator('[data-testid=moves] [data-ply="0"]').getAttribute('class'), /current/);
  await frame.locator('[data-action=forward]').click();
  await frame.locator('[data-action=forward]').click();
  assert.equal(await count(), '3 / 80');
  assert.equal(await comment(), NOTES[3]);
  await frame.locator('[data-action=back]').click();
  assert.equal(await count(), '2 / 80');
  assert.equal(await comment(), '', 'no comment after ply 2');
  await frame.locator('[data-action=last]').click();
  assert.equal(await count(), '80 / 80');
  assert.equal(await comment(), NOTES[80]);
  await frame.locator('[data-action=first]').click();
  assert.equal(await count(), '0 / 80');

  // The keyboard, once the frame has the focus.
  await frame.getByTestId('replay-ply').click();
  await host.keyboard.press('ArrowRight');
  await host.keyboard.press('ArrowRight');
  await host.keyboard.press('ArrowRight');
  assert.equal(await count(), '3 / 80');
  await host.keyboard.press('ArrowLeft');
  assert.equal(await count(), '2 / 80');
  await host.keyboard.press('End');
  assert.equal(await count(), '80 / 80');
  await host.keyboard.press('ArrowRight');
  assert.equal(await count(), '80 / 80', 'no further than the end');
  await host.keyboard.press('Home');
  assert.equal(await count(), '0 / 80');
  // A click on a move goes there.
  await frame.locator('[data-testid=moves] [data-ply="39"]').click();
  assert.equal(await count(), '40 / 80');
  assert.equal(await comment(), NOTES[40]);

  const inside = await (await host.locator('iframe').elementHandle()).contentFrame();
  const m = await inside.evaluate(() => ({
    workers: window.workersMade,
    scripts: performance.getEntriesByType('resource').map((r) => r.name).filter((n) => /worker/.test(n)),
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight, innerWidth, innerHeight],
    sw: !!navigator.serviceWorker?.controller,
  }));
  assert.equal(m.workers, 0, 'no worker started');
  assert.deepEqual(m.scripts, [], 'no worker script fetched');
  assert.ok(m.scroll[0] <= m.scroll[2] && m.scroll[1] <= m.scroll[3], `no scrolling: ${m.scroll}`);
  assert.equal(m.sw, false);
  assert.deepEqual(problems, [], 'no errors and no dialogs');
});

test('ply= opens a replay at that move, in Chinese and flipped, and a bad value is named', async (t) => {
  const pgn = `[Event "T"]\n1. C2.5 {中炮} H8+7 2. H2+3 R9.8 *`;
  const page = await openReplay(t, `?embed=1&view=replay&lang=zh&flip=1&ply=3&pgn=${encodeURIComponent(pgn)}`);
  assert.equal(await page.getByTestId('replay-ply').textContent(), '3 / 4');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马二进三', '车9平8']);
  assert.match(await page.locator('[data-testid=moves] [data-ply="2"]').getAttribute('class'), /current/);
  assert.equal(await page.locator('[data-square=g2]').getAttribute('data-last'), 'to');
  const e9 = await page.locator('[data-square=e9]').boundingBox();
  const e0 = await page.locator('[data-square=e0]').boundingBox();
  assert.ok(e9.y > e0.y, 'flipped: Black at the bottom');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans');
  await page.locator('[data-action=back]').click();
  await page.locator('[data-action=back]').click();
  assert.equal(await page.getByTestId('comment').textContent(), '中炮');
  assert.equal(await page.evaluate(() => window.workersMade), 0);

  const bad = await openReplay(t, `?embed=1&view=replay&line=epJ&ply=99`);
  assert.equal(await bad.getByTestId('replay-ply').textContent(), '0 / 3');
  assert.match(await bad.locator('.notice').textContent(), /ply=“99”/);
});

test('a diagram view is a still image of the position, with no worker', async (t) => {
  const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  t.after(() => context.close());
  await context.addInitScript(countWorkers);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${app.url}?embed=1&view=diagram&fen=${encodeURIComponent(fen)}`);
  const svg = page.locator('[data-testid=diagram] svg');
  await svg.waitFor();
  assert.equal(await svg.locator('[data-piece]').count(), 4);
  assert.equal(await svg.locator('[data-square=b0]').getAttribute('data-piece'), 'R');
  assert.match(await svg.locator('[data-caption]').textContent(), /Red to move · move 1/);
  assert.equal(await page.locator('button').count(), 0, 'no controls');
  const box = await svg.boundingBox();
  assert.ok(box.width >= 350 && box.width <= 360, `the image fills the width: ${box.width}`);
  assert.equal(await page.evaluate(() => window.workersMade), 0, 'no worker started');
  assert.deepEqual(errors, []);
});

/** The average colour of a `size` px square centred on (x, y) of a PNG, read in the page. */
async function averageColour(page, png, x, y, size = 16) {
  return page.evaluate(async ({ data, x, y, size }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(x - size / 2, y - size / 2, size, size).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < px.length; i += 4) for (let k = 0; k < 3; k++) sum[k] += px[i + k];
    return sum.map((s) => s / (px.length / 4));
  }, { data: png.toString('base64'), x, y, size });
}

test('"Save diagram" downloads the position as valid SVG and PNG images', async (t) => {
  const { page, context, errors } = await openApp(browser, app.url, { query: '?mode=pvp&lang=en&line=ep' });
  t.after(() => context.close());
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await page.locator('[data-action=diagram]').click();
  await page.waitForFunction(() => true);
  for (let i = 0; i < 50 && downloads.length < 2; i++) await page.waitForTimeout(100);
  assert.equal(downloads.length, 2, 'an SVG and a PNG');
  const byType = {};
  for (const d of downloads) byType[d.suggestedFilename().split('.').pop()] = await readFile(await d.path());
  assert.deepEqual(Object.keys(byType).sort(), ['png', 'svg']);

  // The SVG: well-formed XML, every piece, the last move.
  const text = byType.svg.toString('utf8');
  const parsed = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      pieces: doc.querySelectorAll('[data-piece]').length,
      last: doc.querySelector('[data-last]')?.getAttribute('data-last'),
      caption: doc.querySelector('[data-caption]')?.textContent,
    };
  }, text);
  assert.deepEqual(parsed, { error: null, root: 'svg', pieces: 32, last: 'h9g7', caption: 'Red to move · move 2' });

  // The PNG: the signature, twice the SVG's 472 by 560, and a piece's point unlike an empty one.
  const png = byType.png;
  assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [944, 1120]);
  // Points at 2x: (44 + 48 file) * 2, (44 + 48 row from the top) * 2.
  const at = (file, row) => [(44 + 48 * file) * 2, (44 + 48 * row) * 2];
  const piece = await averageColour(page, png, ...at(4, 9)); // Red's general on e0
  const empty = await averageColour(page, png, ...at(1, 8)); // b1, empty
  const diff = piece.reduce((s, v, k) => s + Math.abs(v - empty[k]), 0);
  assert.ok(diff > 30, `the general's point differs from an empty one: ${piece} vs ${empty}`);
  assert.match(await page.getByTestId('notice').textContent(), /Diagram saved/);
  assert.deepEqual(errors, []);
  if (process.env.DIAGRAM_OUT) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(`${process.env.DIAGRAM_OUT}/diagram.png`, png);
    await writeFile(`${process.env.DIAGRAM_OUT}/diagram.svg`, text);
  }
});

test('a long game fits a short link that opens it again', async (t) => {
  const page = await appWithGame(t);
  await page.locator('[data-action=share]').click();
  const url = (await page.getByTestId('notice').textContent()).match(/https?:\S+/)[0];
  assert.ok(url.length < 300, `${url.length} characters: ${url}`);
  assert.ok(!/moves=/.test(url), 'the compact line, not the long form');
  const { page: other, context, errors } = await openApp(browser, app.url, { query: new URL(url).search });
  t.after(() => context.close());
  assert.equal((await moveTexts(other)).length, 80);
  assert.equal(await other.locator('[data-testid=moves] [data-comment]').count(), 4);
  assert.deepEqual(errors, []);
});
