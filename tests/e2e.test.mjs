// End-to-end tests: the built app (dist/) in Debian's Chromium. Run with `node --test tests/`
// after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveTexts, clickMove, waitForMoves, choose, recordLongTasks, longestTaskSince, withinBudget, pieceAt, OUT_OF_BOOK } from './harness.mjs';
import { appSuite } from './suite.mjs';

/** Opens the app; closes the context when the test ends; fails on any page error. */
const open = appSuite();

const piece = pieceAt;

test('the page loads with the start position', async (t) => {
  const page = await open(t);
  assert.equal(await page.locator('[data-square]').count(), 90);
  assert.equal(await page.locator('[data-piece]').count(), 32);
  assert.equal(await piece(page, 'e0'), 'K');
  assert.equal(await piece(page, 'b9'), 'n');
  assert.equal(await page.locator('[data-square="e0"] [data-piece]').textContent(), '帥');
  assert.equal(await page.locator('[data-square="e9"] [data-piece]').textContent(), '將');
  assert.match(await page.getByTestId('status').textContent(), /Red to move/);
  assert.equal(await page.locator('[data-square="b0"]').getAttribute('aria-label'), 'red horse on b0');
  for (const action of ['new', 'undo', 'redo', 'flip', 'hint', 'stop']) {
    assert.equal(await page.locator(`[data-action=${action}]`).count(), 1, action);
  }
  for (const id of ['mode', 'level', 'side', 'moves', 'status']) {
    assert.equal(await page.getByTestId(id).count(), 1, id);
  }
  assert.equal(await page.getByTestId('result').count(), 0);
});

test('a move by clicking a piece and then a point', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  await page.locator('[data-square="h2"]').click();
  assert.equal(await page.locator('[data-dest]').count(), 12, 'the cannon on h2 has 12 destinations');
  await page.locator('[data-square="e2"]').click();
  assert.equal(await piece(page, 'e2'), 'C');
  assert.equal(await piece(page, 'h2'), null);
  assert.equal(await page.locator('[data-last=from]').getAttribute('data-square'), 'h2');
  assert.equal(await page.locator('[data-last=to]').getAttribute('data-square'), 'e2');
  assert.deepEqual(await moveTexts(page), ['C2.5']);
});

test('a move by dragging, and an illegal drop returns the piece', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  const centre = async (sq) => {
    const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const drag = async (from, to) => {
    const [x0, y0] = await centre(from);
    const [x1, y1] = await centre(to);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
  };
  await drag('b0', 'b4'); // a horse cannot go straight
  assert.equal(await piece(page, 'b0'), 'N');
  assert.equal(await piece(page, 'b4'), null);
  await drag('b0', 'c2');
  assert.equal(await piece(page, 'c2'), 'N');
  assert.equal(await piece(page, 'b0'), null);
  assert.deepEqual(await moveTexts(page), ['H8+7']);
});

for (const level of ['1', '2', '15', '21']) {
  test(`the computer replies at level ${level}`, async (t) => {
    const page = await open(t);
    await choose(page, 'level', level);
    await clickMove(page, 'h2e2');
    await waitForMoves(page, 2);
    const to = await page.locator('[data-last=to]').getAttribute('data-square');
    assert.match(await piece(page, to), /^[a-z]$/, 'Black (lower case) moved');
    assert.match(await page.getByTestId('status').textContent(), /Red to move/);
  });
}

test('taking Black, the computer opens', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '2');
  await choose(page, 'side', 'black');
  await waitForMoves(page, 1);
  const to = await page.locator('[data-last=to]').getAttribute('data-square');
  assert.match(await piece(page, to), /^[A-Z]$/);
  // Black is at the bottom: e9 is drawn below e0.
  const e0 = await page.locator('[data-square="e0"]').boundingBox();
  const e9 = await page.locator('[data-square="e9"]').boundingBox();
  assert.ok(e9.y > e0.y);
});

test('undo takes back the move and the reply; redo plays both again', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '2');
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  const reply = await moveTexts(page);
  await page.locator('[data-action=undo]').click();
  await waitForMoves(page, 0);
  assert.equal(await piece(page, 'h2'), 'C');
  assert.equal(await page.locator('[data-last]').count(), 0);
  await page.locator('[data-action=redo]').click();
  await waitForMoves(page, 2);
  assert.deepEqual(await moveTexts(page), reply);
  assert.equal(await piece(page, 'e2'), 'C');
});

test('undo while the computer thinks cancels the search', async (t) => {
  const page = await open(t);
  // Level 25 thinks 2 s: long enough to be seen thinking on a busy machine (level 23's 0.5 s
  // could pass between two looks), and a reply the undo failed to cancel would come within
  // the wait.
  await choose(page, 'level', '25');
  await clickMove(page, 'h2e2');
  await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('thinking'));
  await page.locator('[data-action=undo]').click();
  await waitForMoves(page, 0);
  await page.waitForTimeout(3000);
  assert.equal((await moveTexts(page)).length, 0, 'no late reply is played');
  assert.equal(await page.getByTestId('notice').count(), 0, 'no late reply is even looked at');
  assert.doesNotMatch(await page.getByTestId('status').textContent(), /thinking/);
});

test('move now plays the best move found so far', async (t) => {
  await withinBudget(t, '"move now" at level 26 to the move played', 2000, async () => {
    const page = await open(t, { query: `?${OUT_OF_BOOK}` });
    await choose(page, 'level', '26');
    await clickMove(page, 'h2e2');
    await page.locator('[data-figure=depth]').waitFor();
    const t0 = Date.now();
    await page.locator('[data-action=stop]').click();
    // Level 25 thinks 8 s: a move within 30 s came from "move now" or it would not be timed.
    await waitForMoves(page, 2, 30_000);
    const took = Date.now() - t0;
    await page.context().close();
    return took;
  });
});

/** An init script that makes the browser report `n` logical cores. */
const cores = (n) => `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${n} });`;

test('with four cores the strongest level searches on three workers and plays a legal move', async (t) => {
  const page = await open(t, { init: cores(4), query: `?${OUT_OF_BOOK}` });
  await choose(page, 'level', '26');
  await clickMove(page, 'h2e2');
  const workers = page.locator('[data-figure=workers]');
  await page.waitForFunction(() => document.querySelector('[data-figure=workers]')?.dataset.workers === '3', null, { timeout: 30_000 });
  assert.equal(page.workers().length, 3, 'three workers in the page');
  assert.match(await workers.textContent(), /3 workers/);
  // The page stays responsive: a click on a button is handled while they search.
  await page.locator('[data-action=flip]').click();
  await page.locator('[data-action=flip]').click();
  await page.locator('[data-action=stop]').click();
  // How soon "move now" plays is timed in a test of its own.
  await waitForMoves(page, 2, 30_000);
  // The computer's move: a Black piece left one point for another, and it is Red's turn.
  const from = await page.locator('[data-last=from]').getAttribute('data-square');
  const to = await page.locator('[data-last=to]').getAttribute('data-square');
  assert.equal(await piece(page, from), null, `${from} is left empty`);
  assert.match(await piece(page, to), /^[a-z]$/, `a Black piece on ${to}`);
  assert.match(await page.getByTestId('fen').textContent(), / w /, 'Red to move');
  assert.equal(await piece(page, 'e2'), 'C', 'the person\'s cannon is where it went');
  // A weak level runs on one worker.
  await choose(page, 'level', '10');
  await clickMove(page, 'b2c2');
  await waitForMoves(page, 4);
  assert.equal(await workers.getAttribute('data-workers'), '1');
});

test('with one core reported the computer searches on one worker', async (t) => {
  const page = await open(t, { init: cores(1), query: `?${OUT_OF_BOOK}` });
  await choose(page, 'level', '21');
  await clickMove(page, 'h2e2');
  await waitForMoves(page, 2);
  assert.equal(await page.locator('[data-figure=workers]').getAttribute('data-workers'), '1');
  assert.equal(page.workers().length, 1);
});

test('a worker that dies is replaced, and the page says so', async (t) => {
  // The first worker cannot load its code and never answers; the next one loads normally.
  // The route is in place before the page asks for anything, so the first worker the page
  // starts is the one that fails, however late it starts. No service worker: it would serve
  // the worker's code from its cache, past the route.
  // One core reported, so the pool is one worker: the one that fails.
  let blocked = 0;
  const page = await open(t, {
    init: cores(1),
    expectErrors: /Failed to fetch/,
    serviceWorkers: 'block',
    prepare: (context) => context.route('**/worker_bg.wasm', (route) => (blocked++ === 0 ? route.abort() : route.continue())),
  });
  await page.locator('[data-piece]').nth(31).waitFor();
  await choose(page, 'level', '2');
  await choose(page, 'side', 'black');
  await page.getByTestId('notice').waitFor({ timeout: 15_000 });
  assert.match(await page.getByTestId('notice').textContent(), /worker stopped .* new one was started/);
  await waitForMoves(page, 1, 15_000);
  assert.ok(blocked >= 2, 'a second worker was started');
});

test('flipping the board keeps every data-square and piece', async (t) => {
  const page = await open(t);
  const snapshot = () => page.$$eval('[data-square]', (els) =>
    els.map((e) => [e.dataset.square, e.querySelector('[data-piece]')?.dataset.piece ?? '']).sort());
  const before = await snapshot();
  const e0 = await page.locator('[data-square="e0"]').boundingBox();
  await page.locator('[data-action=flip]').click();
  assert.deepEqual(await snapshot(), before);
  const e0After = await page.locator('[data-square="e0"]').boundingBox();
  assert.ok(e0After.y < e0.y, 'e0 moved from the bottom to the top');
  await page.keyboard.press('f');
  assert.equal((await page.locator('[data-square="e0"]').boundingBox()).y, e0.y);
});

test('two players take turns on one device', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  await clickMove(page, 'h2e2');
  await clickMove(page, 'h9g7');
  await clickMove(page, 'h0g2');
  assert.deepEqual(await moveTexts(page), ['C2.5', 'H8+7', 'H2+3']);
  await page.waitForTimeout(300);
  assert.equal((await moveTexts(page)).length, 3, 'the computer stays out of it');
  await choose(page, 'notation', 'chinese');
  assert.deepEqual(await moveTexts(page), ['炮二平五', '马8进7', '马二进三']);
  await choose(page, 'notation', 'iccs');
  assert.deepEqual(await moveTexts(page), ['H2-E2', 'H9-G7', 'H0-G2']);
  await page.locator('[data-action=undo]').click();
  assert.equal((await moveTexts(page)).length, 2, 'undo takes back one move');
});

test('computer against computer plays on by itself', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '2');
  await choose(page, 'mode', 'watch');
  await waitForMoves(page, 4, 20_000);
  await choose(page, 'mode', 'two');
  const n = (await moveTexts(page)).length;
  await page.waitForTimeout(1200);
  assert.ok((await moveTexts(page)).length <= n + 1, 'it stops when the mode changes');
});

test('checkmate shows the result banner in the page\'s language', async (t) => {
  const fen = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
  const page = await open(t, { query: `?fen=${encodeURIComponent(fen)}` });
  assert.equal(await piece(page, 'b0'), 'R');
  await clickMove(page, 'b0b9');
  const banner = page.getByTestId('result');
  await banner.waitFor();
  assert.match(await banner.textContent(), /Red wins: checkmate/);
  await page.locator('[data-action=lang]').click();
  assert.match(await banner.textContent(), /红方胜 — 黑方被将死/);
  await page.locator('[data-action=lang]').click();
  assert.notEqual(await page.locator('[data-square="e9"]').getAttribute('data-check'), null);
  await page.getByTestId('result-new').click();
  assert.equal(await page.getByTestId('result').count(), 0);
  assert.equal(await piece(page, 'b0'), 'R', 'a new game starts from the loaded position');
});

test('a bad ?fen= gives the start position and says why', async (t) => {
  const page = await open(t, { query: '?fen=nonsense' });
  assert.equal(await page.locator('[data-piece]').count(), 32);
  assert.match(await page.getByTestId('notice').textContent(), /fen=“nonsense”: the FEN describes 1 ranks/);
});

test('keyboard: arrows move the cursor, Enter picks up and drops, U undoes', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  await page.locator('.board').focus();
  // The cursor starts on e0: three right and two up is h2.
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  assert.equal(await page.locator('.board').getAttribute('aria-activedescendant'), 'pt-h2');
  await page.keyboard.press('Enter');
  assert.notEqual(await page.locator('[data-square="h2"]').getAttribute('data-selected'), null);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  // Each key's effect is waited for: the page renders it after the key event returns.
  await page.keyboard.press(' ');
  await waitForMoves(page, 1);
  assert.deepEqual(await moveTexts(page), ['C2.5']);
  await page.keyboard.press('u');
  await waitForMoves(page, 0);
  await page.keyboard.press('r');
  await waitForMoves(page, 1);
  assert.deepEqual(await moveTexts(page), ['C2.5']);
});

test('hint marks a suggested move on the board', async (t) => {
  const page = await open(t);
  await choose(page, 'level', '15');
  await page.locator('[data-action=hint]').click();
  await page.locator('[data-hint=to]').waitFor({ timeout: 15_000 });
  const from = await page.locator('[data-hint=from]').getAttribute('data-square');
  assert.match(await piece(page, from), /^[A-Z]$/, 'a move for Red');
  assert.equal((await moveTexts(page)).length, 0, 'a hint is not played');
});

test('the second search of a game starts from what the worker learned in the first', async (t) => {
  const page = await open(t);
  await choose(page, 'mode', 'two');
  await clickMove(page, 'h2e2');
  const figures = page.getByTestId('status').locator('.figures');
  const hint = async (previousNodes) => {
    await page.locator('[data-action=hint]').click();
    // Done when the hint is back on the board with the figures of a new search.
    await page.waitForFunction((prev) => {
      const f = document.querySelector('[data-testid=status] .figures');
      return document.querySelector('[data-hint=to]') && f && f.dataset.nodes !== prev;
    }, String(previousNodes), { timeout: 15_000 });
    return { depth: Number(await figures.getAttribute('data-depth')), nodes: Number(await figures.getAttribute('data-nodes')) };
  };
  const first = await hint(null);
  const second = await hint(first.nodes);
  assert.ok(first.depth >= 1 && first.nodes > 0, JSON.stringify(first));
  assert.ok(second.depth >= first.depth, `deeper or as deep: ${JSON.stringify({ first, second })}`);
  // The hint searches to depth 8 for at most a second. A search of one position to one depth
  // from a fresh state repeats its node count exactly; the worker's table makes the second one
  // cheaper (by how much varies: internal iterative reduction cuts a ply from every node the
  // table has not seen, which makes a first search cheap too; here about 88%). Where the
  // second cannot reach depth 8 within its second either, the table shows as a deeper search
  // in the same time.
  if (second.depth === 8 && first.depth === 8) {
    assert.ok(second.nodes < first.nodes, `fewer nodes to the same depth: ${JSON.stringify({ first, second })}`);
  } else {
    assert.ok(second.depth > first.depth, `deeper in the same second: ${JSON.stringify({ first, second })}`);
  }
});

test('no main-thread task over 50 ms while the computer thinks at the strongest level', async (t) => {
  await withinBudget(t, 'the longest task while level 26 thinks', 50, async () => {
    const page = await open(t, {
      init: recordLongTasks,
      query: `?${OUT_OF_BOOK}`,
    });
    const level = await page.locator('[data-testid=level] option').last().getAttribute('value');
    await choose(page, 'level', level);
    await clickMove(page, 'h2e2');
    const start = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => document.querySelector('[data-testid=status]').textContent.includes('thinking'));
    // Keep the page busy with input meanwhile, as a person would, until the reply comes.
    for (let i = 0; (await moveTexts(page)).length < 2; i++) {
      assert.ok(i < 100, 'the computer replied within 30 s');
      await page.mouse.move(100 + (i % 20) * 20, 300);
      await page.waitForTimeout(300);
    }
    const thought = (await page.evaluate(() => performance.now())) - start;
    assert.ok(thought > 2000, `the computer thought for several seconds (${thought} ms)`);
    const longest = await longestTaskSince(page, start);
    // The figures are set in the page's own font: a font of their own is matched (through the
    // browser's process) in the first frame of the search, 20-30 ms of it at 2x.
    const fonts = await page.evaluate(() => [document.body, document.querySelector('.status .figures')]
      .map((e) => getComputedStyle(e).fontFamily));
    assert.equal(fonts[1], fonts[0], 'the search figures are in the page\'s font');
    await page.context().close();
    return longest;
  });
});

test('at 360x740 the whole board is visible without scrolling', async (t) => {
  const page = await open(t, { viewport: { width: 360, height: 740 } });
  const board = await page.locator('.board').boundingBox();
  assert.ok(board.x >= 0 && board.y >= 0, JSON.stringify(board));
  assert.ok(board.x + board.width <= 360, JSON.stringify(board));
  assert.ok(board.y + board.height <= 740, JSON.stringify(board));
  assert.ok(board.width >= 340, 'it fills the width');
  for (const sq of ['a0', 'i0', 'a9', 'i9']) {
    const b = await page.locator(`[data-square="${sq}"]`).boundingBox();
    assert.ok(b.y + b.height <= 740 && b.x + b.width <= 360, sq);
  }
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360, 'no sideways scrolling');
});
