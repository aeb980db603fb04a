// The practice page: puzzles (solving, a wrong move, hints, the solution, next, links, the
// rating) and endgame drills against the computer, each with the network off after one visit.
// Run with `node --test tests/` after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, serve, clickMove, recordLongTasks, longestTaskSince, withinBudget, waitInPage, clickInPage, fillStorage, keptLater } from './harness.mjs';
import { appSuite } from './suite.mjs';
import { mainThreadEvents } from '../scripts/trace-events.mjs';

const open = appSuite();

/** The shipped set, as { id, fen, line, themes, rating }. */
const PUZZLES = readFileSync(join(DIST, 'puzzles.txt'), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [id, fen, line, themes, rating] = l.split(';');
    return { id: Number(id), fen, line: line.split(' '), themes: themes.split(' '), rating: Number(rating) };
  });
const MATE2 = PUZZLES.find((p) => p.themes[0] === 'mate2');

/** Opens puzzle `id` (or the one the page picks) and waits for its board. */
async function openPuzzle(t, id, options = {}) {
  const query = `?view=puzzle${id ? `&puzzle=${id}` : ''}`;
  const page = await open(t, { query, ...options });
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  return page;
}

const view = (page) => page.getByTestId('puzzle');
const rating = async (page) => Number(await page.getByTestId('puzzle-rating').getAttribute('data-rating'));
const yourMove = (page) => page.locator('[data-testid=puzzle][data-phase=yours]').waitFor();

/** Plays the solver's moves of `line`, waiting for each reply the page plays from it. */
async function solve(page, line) {
  for (let i = 0; i < line.length; i += 2) {
    await yourMove(page);
    await clickMove(page, line[i]);
    if (i + 1 < line.length) {
      await page.locator(`[data-square="${line[i + 1].slice(2)}"][data-last=to]`).waitFor();
    }
  }
}

/** A legal move of the solver that is not `right`: a piece picked up, one of its points. */
async function wrongMove(page, right) {
  const solverIsRed = (await page.getByTestId('fen').textContent()).split(' ')[1] === 'w';
  const squares = await page.locator('[data-square]:has([data-piece])').evaluateAll((els) =>
    els.map((e) => [e.dataset.square, e.querySelector('[data-piece]').dataset.piece]));
  for (const [sq, piece] of squares) {
    if ((piece === piece.toUpperCase()) !== solverIsRed) continue;
    await page.locator(`[data-square="${sq}"]`).click();
    const dests = await page.locator('[data-square][data-dest]').evaluateAll((els) => els.map((e) => e.dataset.square));
    const to = dests.find((d) => sq + d !== right);
    await page.locator(`[data-square="${sq}"]`).click(); // put it down again
    if (to) return sq + to;
  }
  throw new Error('no other legal move');
}

test('the set is the shipped one and its puzzles have themes and ratings', () => {
  assert.ok(PUZZLES.length >= 1950, `${PUZZLES.length} puzzles`);
  assert.ok(MATE2, 'a mate in two');
});

test('a mate puzzle solved with the right moves is marked solved and the rating rises', async (t) => {
  const page = await openPuzzle(t, MATE2.id);
  assert.equal(await view(page).getAttribute('data-puzzle-id'), String(MATE2.id));
  assert.equal((await page.getByTestId('fen').textContent()).split(' ').slice(0, 2).join(' '), MATE2.fen);
  // The board is turned to the solver's side.
  const solverIsRed = MATE2.fen.endsWith(' w');
  const firstRow = await page.locator('[data-square]').first().getAttribute('data-square');
  assert.equal(firstRow.endsWith('9'), solverIsRed, `top-left point ${firstRow}`);
  const before = await rating(page);
  assert.equal(await page.getByTestId('puzzle-result').count(), 0);
  await solve(page, MATE2.line);
  await page.locator('[data-testid=puzzle-result][data-result=solved]').waitFor();
  assert.ok((await rating(page)) > before, 'the rating rises');
  assert.equal(await page.getByTestId('puzzle-streak').getAttribute('data-streak'), '1');
  // The record outlives the page.
  await page.reload();
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  assert.ok((await rating(page)) > before, 'kept in the browser');
  assert.equal(await page.getByTestId('puzzle-history').locator('[data-solved=true]').count(), 1);
});

test('a wrong move is marked failed, taken back, and lowers the rating', async (t) => {
  const page = await openPuzzle(t, MATE2.id);
  const before = await rating(page);
  const fen = await page.getByTestId('fen').textContent();
  await clickMove(page, await wrongMove(page, MATE2.line[0]));
  await page.locator('[data-testid=puzzle-result][data-result=failed]').waitFor();
  await yourMove(page);
  assert.equal(await page.getByTestId('fen').textContent(), fen, 'the wrong move is taken back');
  assert.ok((await rating(page)) < before, 'the rating falls');
  // Solving it now leaves it failed.
  await solve(page, MATE2.line);
  await page.locator('[data-testid=puzzle][data-phase=solved]').waitFor();
  assert.equal(await page.getByTestId('puzzle-result').getAttribute('data-result'), 'failed');
});

test('the hint shows the piece, then the move; the solution plays itself out', async (t) => {
  const page = await openPuzzle(t, MATE2.id);
  await page.locator('[data-action=puzzle-hint]').click();
  const from = MATE2.line[0].slice(0, 2);
  await page.locator(`[data-square="${from}"][data-selected]`).waitFor();
  await page.locator('[data-action=puzzle-hint]').click();
  await page.locator('[data-square][data-hint]').first().waitFor();
  await page.locator('[data-testid=puzzle-result][data-result=failed]').waitFor();
  await page.locator('[data-action=puzzle-solution]').click();
  await page.locator('[data-testid=puzzle][data-phase=solved]').waitFor({ timeout: 10_000 });
  const last = MATE2.line.at(-1);
  assert.equal(await page.locator('[data-last=to]').getAttribute('data-square'), last.slice(2));
  // Retry puts the start back.
  await page.locator('[data-action=puzzle-retry]').click();
  await yourMove(page);
  assert.equal((await page.getByTestId('fen').textContent()).split(' ').slice(0, 2).join(' '), MATE2.fen);
});

test('next opens another puzzle near the rating, of the theme chosen, with no long task', async (t) => {
  // No task over 50 ms while the page and its puzzle load, nor while the next one does; the
  // page is watched and clicked without the driver's selector engine, whose first use in a
  // page is itself a long task.
  let page;
  await withinBudget(t, 'the longest task while the practice page opens a puzzle and the next', 50, async () => {
    await page?.context().close();
    page = await open(t, { query: '?view=puzzle', init: recordLongTasks, quiet: true });
    await waitInPage(page, '[data-testid=puzzle][data-puzzle-id]');
    const first = await page.evaluate(() => document.querySelector('[data-testid=puzzle]').dataset.puzzleId);
    await clickInPage(page, '[data-action=puzzle-next]');
    await waitInPage(page, `[data-testid=puzzle][data-puzzle-id]:not([data-puzzle-id="${first}"])`);
    return longestTaskSince(page, 0);
  });
  // The address names the puzzle on the board, so a reload or a copied link opens it.
  const id = await view(page).getAttribute('data-puzzle-id');
  assert.match(page.url(), new RegExp(`[?&]puzzle=${id}(&|$)`));
  // A theme: the next puzzle has it.
  await page.getByTestId('puzzle-theme').selectOption('fork');
  await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]').dataset.puzzleId !== id, id);
  const chosenId = await view(page).getAttribute('data-puzzle-id');
  const chosen = PUZZLES.find((p) => String(p.id) === chosenId);
  assert.ok(chosen.themes.includes('fork'), `puzzle ${chosen.id}: ${chosen.themes}`);
  await page.locator('[data-action=puzzle-next]').click();
  await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]').dataset.puzzleId !== id, String(chosen.id));
  const nextId = await view(page).getAttribute('data-puzzle-id');
  const next = PUZZLES.find((p) => String(p.id) === nextId);
  assert.ok(next.themes.includes('fork'), 'the theme is kept');
});

/** An init script that notes, as each frame shows them, the page container's `data-drawn`
 * (in `window.__page`; before the page, the mark of the framework's first run) and the
 * puzzle view's (in `window.__drawn`), each value once; and how the page's WebAssembly
 * modules were compiled (`window.__compiled`: `streamed URL` for each module compiled as it
 * streamed in, `whole N` for each compiled from N bytes). */
function recordDrawn() {
  window.__drawn = [];
  window.__page = [];
  const note = (list, now) => now && list.at(-1) !== now && list.push(now);
  const look = () => {
    const root = document.querySelector('.app.practice') ?? document.querySelector('.app[hidden] [data-drawn=framework]');
    note(window.__page, root?.dataset.drawn);
    note(window.__drawn, document.querySelector('[data-testid=puzzle]')?.dataset.drawn);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  window.__compiled = [];
  for (const name of ['compileStreaming', 'instantiateStreaming']) {
    const real = WebAssembly[name];
    WebAssembly[name] = async (source, ...rest) => {
      const response = await source;
      window.__compiled.push(`streamed ${response.url}`);
      return real.call(WebAssembly, response, ...rest);
    };
  }
  const compile = WebAssembly.compile;
  WebAssembly.compile = (bytes) => {
    window.__compiled.push(`whole ${bytes.byteLength}`);
    return compile.call(WebAssembly, bytes);
  };
}

test('the page is drawn in steps, each shown in a frame of its own: an empty page, samples of its type, a sample of the board\'s, the board\'s lines, its points, the pieces, the panel', async (t) => {
  // Whatever the machine's speed: a frame shows each step before the next is rendered. Were
  // the steps one task again, no frame would show the first ones.
  const page = await open(t, { query: `?view=puzzle&puzzle=${MATE2.id}`, init: recordDrawn });
  await page.locator('[data-testid=puzzle][data-drawn=all][data-puzzle-id]').waitFor();
  // The framework's code runs first, in a component that draws only a hidden mark; the
  // module's first render, a frame later, draws the empty page; the first layout of each use
  // of the page's type (Latin, Chinese, both in bold) has a frame of its own before the bar.
  assert.deepEqual(await page.evaluate(() => window.__page), ['framework', 'empty', 'sans', 'sans-zh', 'sans-bold', 'page']);
  // The practice module is compiled from its whole bytes, which the browser decodes off the
  // page's thread, not as they stream in.
  const compiled = await page.evaluate(() => window.__compiled);
  assert.ok(!compiled.some((c) => c.includes('practice_bg')), compiled.join('; '));
  assert.ok(compiled.some((c) => c.startsWith('whole ')), compiled.join('; '));
  assert.deepEqual(await page.evaluate(() => window.__drawn), ['type', 'frame', 'board', 'pieces', 'all']);
  assert.equal(await page.getByTestId('puzzle').getAttribute('aria-busy'), 'false');
  // The next puzzle is drawn whole at once.
  await page.evaluate(() => { window.__drawn = []; });
  await page.locator('[data-action=puzzle-next]').click();
  await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]').dataset.puzzleId !== id, String(MATE2.id));
  assert.deepEqual(await page.evaluate(() => window.__drawn), ['all']);
});

/** The type of `el`'s text (or of its `pseudo` element's) as a font look-up sees it: bold or
 * regular (600 and 700 are one face), size, family list. */
function typeOf(el, pseudo) {
  const s = getComputedStyle(el, pseudo);
  return `${Number(s.fontWeight) >= 600 ? 'bold' : 'regular'} ${s.fontSize} ${s.fontFamily}`;
}

/** The type of the board's parts found under `root` (the board, or the samples drawn in its
 * place): the river's, the file numbers' (Red's as shown: in English, its digits), the
 * pieces'; a part not there is left out. */
function boardTypes(root) {
  const seen = {};
  for (const [what, sel, pseudo] of [
    ['river', '.river span'],
    ['numbers', '.black-no'],
    ['redNumbers', '.red-no', document.documentElement.lang === 'en' ? '::after' : undefined],
    ['piece', '.piece .glyph'],
  ]) {
    const el = root.querySelector(sel);
    if (el) seen[what] = window.__typeOf(el, pseudo);
  }
  return seen;
}

/** An init script that gives the page `typeOf` and `boardTypes` (as `window.__typeOf` and
 * `window.__boardTypes`) and notes, in the frame that shows each of the first steps, the type
 * of the hidden samples drawn then: in the board's place (`window.__boardSamples`: step →
 * part → type) and anywhere (`window.__sampled`: every type, until the panel is drawn). */
const recordSamples = `window.__typeOf = ${typeOf}; window.__boardTypes = ${boardTypes}; (${() => {
  window.__boardSamples = {};
  window.__sampled = new Set();
  const look = () => {
    const step = document.querySelector('[data-testid=puzzle]')?.dataset.drawn;
    const box = document.querySelector('.board-wrap .board-samples');
    if (step && box && !window.__boardSamples[step]) window.__boardSamples[step] = window.__boardTypes(box);
    if (step !== 'all') {
      for (const el of document.querySelectorAll('.font-samples *')) {
        if (el.firstChild?.nodeType === Node.TEXT_NODE) window.__sampled.add(window.__typeOf(el));
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}})()`;

test('the board\'s type is first laid out in hidden samples at the very sizes the board then draws it, a step before', async (t) => {
  // A size the board has not yet used is a new look-up of the font at that size, at a cost
  // of a few ms each on the page's thread the first time; the samples in the board's place
  // take them in the steps before. Were they drawn outside the board's container, their
  // sizes (in cqw) would be the window's, not the board's.
  for (const lang of ['en', 'zh']) {
    const page = await open(t, { query: `?view=puzzle&puzzle=${MATE2.id}&lang=${lang}`, init: recordSamples });
    await page.locator('[data-testid=puzzle][data-drawn=all][data-puzzle-id]').waitFor();
    const samples = await page.evaluate(() => window.__boardSamples);
    const board = await page.evaluate(() => window.__boardTypes(document.querySelector('.board')));
    assert.deepEqual(samples.type, { river: board.river, numbers: board.numbers, redNumbers: board.redNumbers }, `${lang}: the river's and the numbers' samples before the board's lines`);
    assert.deepEqual(samples.frame, { piece: board.piece }, `${lang}: the pieces' sample with the board's lines`);
    assert.equal(samples.board, undefined, `${lang}: no sample left once the board's points are drawn`);
  }
});

test('every size and weight of the panel\'s type is first laid out in a hidden sample, before the panel is drawn', async (t) => {
  // As the board's: a size of a font not yet used is looked up again on the page's thread.
  for (const [lang, viewport] of [['en', undefined], ['zh', { width: 360, height: 740 }]]) {
    const page = await open(t, { query: `?view=puzzle&puzzle=${MATE2.id}&lang=${lang}`, viewport, init: recordSamples });
    await page.locator('[data-testid=puzzle][data-drawn=all][data-puzzle-id]').waitFor();
    const { sampled, panel } = await page.evaluate(() => {
      const panel = new Set();
      const walker = document.createTreeWalker(document.querySelector('.puzzle-panel'), NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent.trim()) panel.add(window.__typeOf(n.parentElement));
      }
      return { sampled: [...window.__sampled], panel: [...panel] };
    });
    assert.ok(panel.length >= 5, `${lang}: the panel's type read (${panel.join('; ')})`);
    assert.deepEqual(panel.filter((p) => !sampled.includes(p)), [], `${lang}: the panel's type not sampled before it (sampled: ${sampled.join('; ')})`);
  }
});

test('the module\'s code is compiled by a worker before it starts: the page\'s thread compiles none of its functions', async (t) => {
  // The browser compiles a wasm function on its first call, on the thread that calls it; a
  // worker that has called each once (www/practice-warm.js) leaves the page none to compile.
  // A count, not a duration: the same on any machine. Without the worker, some 850.
  const browser = open.browser();
  const page = await open(t, {
    query: `?view=puzzle&puzzle=${MATE2.id}`,
    prepare: () => browser.startTracing(undefined, { categories: ['v8.wasm'] }),
  });
  await page.locator('[data-testid=puzzle][data-drawn=all][data-puzzle-id]').waitFor();
  await page.locator('[data-action=puzzle-next]').click();
  await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]').dataset.puzzleId !== id, String(MATE2.id));
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const compiled = (main) => main.filter((e) => e.name === 'wasm.CompileLazy').length;
  const all = (trace.traceEvents ?? trace).filter((e) => e.ph === 'X');
  assert.ok(compiled(all) > 500, `the trace saw the module's functions compiled (${compiled(all)})`);
  assert.equal(compiled(mainThreadEvents(trace)), 0, 'functions compiled on the page\'s thread');
});

test('a link to an unknown puzzle says so and opens another; the game page links to puzzles and endgames', async (t) => {
  const page = await openPuzzle(t, 99_999_999);
  await page.locator('.puzzle-missing').waitFor();
  assert.notEqual(await view(page).getAttribute('data-puzzle-id'), '99999999');
  await page.goto(open.url());
  await page.locator('[data-square]').nth(89).waitFor();
  await page.locator('[data-action=puzzles]').click();
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  await page.goto(open.url());
  await page.locator('[data-action=endgames]').click();
  await page.locator('[data-endgame]').first().waitFor();
  assert.ok((await page.locator('[data-endgame]').count()) >= 30, 'at least 30 drills');
});

test('a puzzle solved with the keyboard alone, the moves and the mate said for a screen reader', async (t) => {
  const page = await openPuzzle(t, MATE2.id);
  const centre = async (sel) => {
    const b = await page.locator(sel).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  /** Moves the keyboard cursor onto `sq` with the arrow keys, whatever the orientation. */
  const cursorTo = async (sq) => {
    for (let i = 0; i < 30; i++) {
      const [cx, cy] = await centre('[data-square][data-cursor]');
      const [tx, ty] = await centre(`[data-square="${sq}"]`);
      if (Math.abs(cx - tx) < 5 && Math.abs(cy - ty) < 5) return;
      const key = Math.abs(cx - tx) >= 5 ? (tx > cx ? 'ArrowRight' : 'ArrowLeft') : (ty > cy ? 'ArrowDown' : 'ArrowUp');
      await page.keyboard.press(key);
    }
    throw new Error(`the cursor never reached ${sq}`);
  };
  await page.locator('.board').focus();
  for (let i = 0; i < MATE2.line.length; i += 2) {
    await yourMove(page);
    for (const sq of [MATE2.line[i].slice(0, 2), MATE2.line[i].slice(2)]) {
      await cursorTo(sq);
      await page.keyboard.press('Enter');
    }
  }
  await page.locator('[data-testid=puzzle-result][data-result=solved]').waitFor();
  assert.match(await page.getByTestId('announcer').textContent(), /checkmate/);
});

test('a puzzle embedded in another page shows the board and its controls only', async (t) => {
  const page = await openPuzzle(t, MATE2.id, { query: `?view=puzzle&puzzle=${MATE2.id}&embed=1` });
  assert.equal(await page.locator('header, [data-testid=puzzle-rating]').count(), 0);
  await solve(page, MATE2.line);
  await page.locator('[data-testid=puzzle-result][data-result=solved]').waitFor();
});

/** Opens the drills' list in a fresh context of the suite's browser. */
async function openDrills(t, url = open.url()) {
  const context = await open.browser().newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  t.after(() => assert.deepEqual(errors, [], 'no errors on the page'));
  await page.goto(`${url}?view=endgames`);
  await page.locator('[data-endgame]').first().waitFor();
  return { page, context };
}

/** Plays i0i7 in the chariot drill and waits for the computer's answer. */
async function playDrill(page) {
  await page.locator('[data-endgame=chariot-vs-general] button').click();
  await page.locator('[data-testid=endgame] [data-square]').nth(89).waitFor();
  assert.equal(await page.getByTestId('endgame-moves-left').getAttribute('data-left'), '6');
  await clickMove(page, 'i0i7');
  await page.locator('[data-testid=endgame-moves-left][data-left="5"]').waitFor({ timeout: 30_000 });
  // The computer's move: a black piece on the last move's point.
  await page.waitForFunction(() => {
    const to = document.querySelector('[data-last=to] [data-piece]');
    return to && to.dataset.piece === to.dataset.piece.toLowerCase();
  }, null, { timeout: 30_000 });
}

test('an endgame drill plays against the computer and leaves the saved game alone', async (t) => {
  const { page } = await openDrills(t);
  // A game on the game page first.
  await page.goto(`${open.url()}?mode=pvp`);
  await page.locator('[data-square]').nth(89).waitFor();
  await clickMove(page, 'h2e2');
  await page.goto(`${open.url()}?view=endgames`);
  await playDrill(page);
  // Winning it by force is the person's job; starting again puts the drill back.
  await page.locator('[data-action=endgame-retry]').click();
  await page.locator('[data-testid=endgame-moves-left][data-left="6"]').waitFor();
  await page.locator('[data-action=endgame-list]').click();
  await page.locator('[data-endgame]').first().waitFor();
  // The game page still has its game.
  await page.goto(open.url());
  await page.locator('[data-square="e2"] [data-piece=C]').waitFor();
});

test('after one visit, puzzles and drills work with the network off and the server stopped', async (t) => {
  const server = await serve();
  t.after(() => server.close());
  const { page, context } = await openDrills(t, server.url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto(`${server.url}?view=puzzle&puzzle=${MATE2.id}`);
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  // A visit of a few seconds: the files outside the first load (the search worker's, which
  // the drills need) are kept by then.
  await keptLater(page);
  await context.setOffline(true);
  await server.close();
  await page.goto(`${server.url}?view=puzzle&puzzle=${MATE2.id}`);
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'served by the service worker');
  await solve(page, MATE2.line);
  await page.locator('[data-testid=puzzle-result][data-result=solved]').waitFor();
  await page.locator('[data-action=puzzle-next]').click();
  await page.waitForFunction((id) => document.querySelector('[data-testid=puzzle]').dataset.puzzleId !== id, String(MATE2.id));
  // A wrong move in the next one is marked failed.
  const nextId = await view(page).getAttribute('data-puzzle-id');
  const next = PUZZLES.find((p) => String(p.id) === nextId);
  await yourMove(page);
  await clickMove(page, await wrongMove(page, next.line[0]));
  await page.locator('[data-testid=puzzle-result][data-result=failed]').waitFor();
  await page.goto(`${server.url}?view=endgames`);
  await page.locator('[data-endgame]').first().waitFor();
  await playDrill(page);
});

test('after one visit to the game page only, the practice page opens offline; without its files it says why', async (t) => {
  const server = await serve();
  t.after(() => server.close());
  const context = await open.browser().newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator('[data-square]').nth(89).waitFor();
  // Once the page is idle, the service worker keeps the practice page's files.
  const kept = () => page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match(new URL('practice_bg.wasm', location.href).href)) return true;
    }
    return false;
  });
  for (let i = 0; i < 60 && !(await kept()); i++) await page.waitForTimeout(500);
  assert.ok(await kept(), 'the practice module is kept');
  await context.setOffline(true);
  await server.close();
  await page.goto(`${server.url}?view=puzzle&puzzle=${MATE2.id}`);
  await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
  await solve(page, MATE2.line);
  await page.locator('[data-testid=puzzle-result][data-result=solved]').waitFor();
  // Its module gone from the cache (a visit before it was kept): a plain message, not a
  // blank page.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) await (await caches.open(name)).delete(new URL('practice.js', location.href).href);
  });
  // The browser's word that it is online is not trusted (it says so on any network link, even
  // one that leads nowhere): the network itself is asked.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }));
  await page.goto(`${server.url}?view=endgames`);
  const message = page.getByTestId('practice-unavailable');
  await message.waitFor();
  assert.match(await message.textContent(), /needs one visit online/);
});

test('values in the address that cannot be used are named in a notice', async (t) => {
  for (const [query, named] of [
    ['?view=puzzle&puzzle=-1', /puzzle=“-1”/],
    ['?view=puzzle&puzzle=abc&lang=xx', /puzzle=“abc”.*lang=“xx”/],
    ['?view=endgames&endgame=999', /endgame=“999”/],
  ]) {
    const context = await open.browser().newContext();
    t.after(() => context.close());
    const page = await context.newPage();
    await page.goto(open.url() + query);
    const notice = page.getByTestId('notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), named, query);
  }
  // An address with nothing wrong has no notice.
  const page = await openPuzzle(t, MATE2.id);
  assert.equal(await page.getByTestId('notice').count(), 0);
});

test('a full storage on the practice page is told, and the results are kept once room is made', async (t) => {
  const page = await openPuzzle(t, MATE2.id);
  const makeRoom = await fillStorage(page);
  await page.locator('[data-action=puzzle-solution]').click();
  await page.locator('[data-testid=puzzle-result][data-result=failed]').waitFor();
  const bar = page.getByTestId('storage-full');
  await bar.waitFor();
  assert.match(await bar.textContent(), /storage is full/);
  const history = () => page.evaluate(() => JSON.parse(localStorage.getItem('xiangqi.practice') ?? '{"history":[]}').history.map((a) => a.id));
  assert.ok(!(await history()).includes(MATE2.id), 'not written');
  await makeRoom(2);
  await page.locator('[data-action=retry-save]').click();
  await bar.waitFor({ state: 'detached' });
  assert.ok((await history()).includes(MATE2.id), 'written once room was made');
});
