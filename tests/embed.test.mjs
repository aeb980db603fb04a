// The app embedded in another site's page (?embed=1): a page served from another port holds the
// <iframe> snippet the app gives. Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clickMove, hostPage } from './harness.mjs';
import { appSuite } from './suite.mjs';

/** Opens the app; closes it when the test ends; fails on any page error. */
const open = appSuite();

/** The snippet the full app's "copy embed code" action gives for its current game. */
async function embedCode(t, query = '') {
  const page = await open(t, { query });
  await page.locator('[data-action=embed-code]').click();
  return page.getByTestId('embed-code').inputValue();
}

/** Opens the host page with the snippet in a column `width` px wide; resolves to the page and
 * the frame's locator once the board is up. Records any dialog (alert, confirm, prompt). */
async function openHost(t, snippet, width, style = '') {
  const url = await hostPage(t, `<!doctype html><html><head><meta charset="utf-8"><title>A blog post</title></head>
    <body style="margin:0;font:16px serif"><p>Here is a position:</p>
    <div style="width:${width}px">${style ? snippet.replace(/style="[^"]*"/, `style="${style}"`) : snippet}</div>
    <p>What would you play?</p></body></html>`);
  const context = await open.browser().newContext({ viewport: { width: Math.max(width, 360), height: 1200 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  // The app's own errors inside the frame, which the host page does not see thrown.
  page.on('console', (m) => { if (m.type() === 'error' && /panicked|RuntimeError|Uncaught/.test(m.text())) problems.push(m.text()); });
  page.on('dialog', (d) => { problems.push(`dialog: ${d.type()}`); d.dismiss(); });
  await page.goto(url);
  const frame = page.frameLocator('iframe');
  await frame.locator('[data-square]').nth(89).waitFor();
  t.after(() => assert.deepEqual(problems, [], 'no errors and no dialogs'));
  return { page, frame, element: page.locator('iframe') };
}

/** The embedded document's own view of its size and scroll extent. */
async function frameMetrics(element) {
  const frame = await (await element.elementHandle()).contentFrame();
  return frame.evaluate(() => {
    const b = document.querySelector('.board').getBoundingClientRect();
    const d = document.documentElement;
    return {
      width: innerWidth, height: innerHeight, scrollWidth: d.scrollWidth, scrollHeight: d.scrollHeight,
      board: { left: b.left, top: b.top, right: b.right, bottom: b.bottom },
      crossOriginIsolated, origin: location.origin, serviceWorker: !!navigator.serviceWorker?.controller,
    };
  });
}

test('embedded in a page of another origin, a move gets the computer\'s reply, with no scrolling at 360 px', async (t) => {
  const snippet = await embedCode(t);
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1&amp;lvl=\d+" [^>]*><\/iframe>$/);
  const { page, frame, element } = await openHost(t, snippet, 360);
  const box = await element.boundingBox();
  assert.equal(box.width, 360);

  const m = await frameMetrics(element);
  assert.notEqual(m.origin, new URL(page.url()).origin, 'the frame is cross-origin');
  assert.equal(m.crossOriginIsolated, false, 'no special headers');
  assert.ok(m.scrollHeight <= m.height && m.scrollWidth <= m.width, `no scrolling: ${JSON.stringify(m)}`);
  assert.ok(m.board.right - m.board.left >= 340, `the board fills the width: ${JSON.stringify(m.board)}`);

  // The board, a compact toolbar and the status only.
  for (const action of ['new', 'undo', 'redo', 'flip', 'hint', 'stop']) {
    assert.equal(await frame.locator(`[data-action=${action}]`).count(), 1, action);
  }
  assert.equal(await frame.getByTestId('status').count(), 1);
  for (const id of ['moves', 'mode', 'level', 'side', 'notation']) {
    assert.equal(await frame.getByTestId(id).count(), 0, `no ${id}`);
  }
  assert.equal(await frame.locator('h1, [data-action=embed-code]').count(), 0);

  await clickMove(frame, 'h2e2');
  await frame.locator('[data-last=to] .piece.black').waitFor({ timeout: 30_000 });
  assert.match(await frame.getByTestId('status').textContent(), /Red to move/);
  assert.equal(await frame.locator('[data-square="e2"] [data-piece]').getAttribute('data-piece'), 'C');
  const after = await frameMetrics(element);
  assert.ok(after.scrollHeight <= after.height, 'still no scrolling after the moves');
});

test('the snippet carries the position, and the embedded board fits frames 300 to 700 px wide', async (t) => {
  const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
  const snippet = await embedCode(t, `?fen=${encodeURIComponent(fen)}`);
  assert.match(snippet, /&amp;fen=4k4\/R8\/9\/9\/9\/9\/9\/9\/9\/1R1K5\+w\+-\+-\+0\+1/);
  for (const width of [300, 360, 480, 700]) {
    // The snippet's own style caps the width at 480 px; here the frame takes the whole column.
    const { frame, element } = await openHost(t, snippet, width, 'width:100%;aspect-ratio:2/3;border:0');
    assert.equal((await element.boundingBox()).width, width);
    assert.equal(await frame.locator('[data-piece]').count(), 4, `${width} px: the position is loaded`);
    const m = await frameMetrics(element);
    assert.ok(m.scrollHeight <= m.height && m.scrollWidth <= m.width, `${width} px: no scrolling: ${JSON.stringify(m)}`);
    assert.ok(m.board.left >= 0 && m.board.right <= m.width && m.board.bottom <= m.height, `${width} px: ${JSON.stringify(m)}`);
    assert.ok(m.board.right - m.board.left >= width * 0.85, `${width} px: the board fills most of the width`);
    assert.equal(m.serviceWorker, false, 'no service worker in an embed');
  }
});

test('an embedded board makes no sound; the full app does', async (t) => {
  // Counts the audio contexts the page creates: the app makes one for its first sound.
  const init = () => {
    window.audioContexts = 0;
    const Base = window.AudioContext;
    window.AudioContext = class extends Base {
      constructor(...args) {
        super(...args);
        window.audioContexts += 1;
      }
    };
  };
  const contexts = async (query) => {
    const page = await open(t, { query, init });
    await clickMove(page, 'h2e2');
    await page.locator('[data-square="e2"] [data-piece="C"]').waitFor();
    await page.waitForTimeout(300);
    return page.evaluate(() => window.audioContexts);
  };
  assert.ok((await contexts('?mode=pvp')) >= 1, 'the full app sounds a move (the count works)');
  assert.equal(await contexts('?embed=1&mode=pvp'), 0, 'the embedded board stays silent');
});

test('a parameter given twice counts with its first value, embed included, in the page and its loader', async (t) => {
  // embed=1 first: the embedded layout, and no service worker (which the loader decides).
  const page = await open(t, { query: '?embed=1&embed=0&lvl=3&lvl=5' });
  await page.waitForTimeout(1500); // the loader's service worker, if it wrongly registers one
  assert.equal(await page.locator('.app.embed').count(), 1, 'embedded');
  assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
  // embed=0 first: the full app, with its service worker, at the first level given.
  const full = await open(t, { query: '?embed=0&embed=1&lvl=3&lvl=5' });
  assert.equal(await full.locator('.app.embed').count(), 0, 'the full app');
  assert.equal(await full.getByTestId('level').inputValue(), '3');
  await full.waitForFunction(() => navigator.serviceWorker.getRegistrations().then((r) => r.length === 1), null, { timeout: 10_000 });
});
