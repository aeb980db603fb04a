// Takes screenshots of the built app (dist/) in Debian's Chromium, for looking at the design.
// Usage: node scripts/web-screenshots.mjs [out-dir]   (default: target/screenshots)
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { serve, launch, openApp, clickMove, choose, fillStorage, ROOT, DIST } from '../tests/harness.mjs';

const out = process.argv[2] ?? join(ROOT, 'target', 'screenshots');
await mkdir(out, { recursive: true });
const server = await serve();
const browser = await launch();
const shoot = async (name, viewport, setup, query = '') => {
  const { page, context } = await openApp(browser, server.url, { viewport, query });
  await setup?.(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`) });
  await context.close();
  console.log(join(out, `${name}.png`));
};
const shootPage = async (name, page) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `${name}.png`) });
  console.log(join(out, `${name}.png`));
};
const midGame = async (page) => {
  await choose(page, 'mode', 'two');
  for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b7b3']) await clickMove(page, m);
  await page.locator('[data-square="h0"]').click();
};
const mate = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1';
const check = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 1';
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
  await shoot(`${label}-start`, viewport);
  await shoot(`${label}-midgame`, viewport, midGame);
  await shoot(`${label}-check`, viewport, null, `?fen=${encodeURIComponent(check)}`);
  await shoot(`${label}-mate`, viewport, (p) => clickMove(p, 'b0b9'), `?fen=${encodeURIComponent(mate)}`);
}
// "My games": an earlier game and a link's game, the list open (both languages, both sizes).
for (const lang of ['en', 'zh']) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
    const { page, context } = await openApp(browser, server.url, { viewport, query: `?lang=${lang}` });
    await choose(page, 'mode', 'two');
    for (const m of ['h2e2', 'h9g7', 'b0c2']) await clickMove(page, m);
    await page.goto(`${server.url}?mode=pvp&lang=${lang}&moves=b2e2+b9c7`);
    await page.locator('[data-square]').nth(89).waitFor();
    await page.locator('[data-action=saved-games]').click();
    await page.getByTestId('saved-games').scrollIntoViewIfNeeded();
    await shootPage(`${label}-saved-games-${lang}`, page);
    await context.close();
  }
}
// Variations: a record pasted with nested variations and comments, a variation's move shown
// (its promote and delete buttons out), in both languages and both sizes.
const withVariations = '[Event "Variations"]\n\n1. 炮二平五 马8进7 {the usual reply} (1... 炮8平5 {same direction cannons} '
  + '2. 马二进三 (2. 马八进七 马2进3) 马8进7) 2. 马二进三 车9平8 3. 车一平二 马2进3 *';
for (const lang of ['en', 'zh']) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
    const { page, context } = await openApp(browser, server.url, { viewport, query: `?lang=${lang}` });
    await page.locator('[data-action=import]').click();
    await page.getByTestId('import-text').fill(withVariations);
    await page.locator('[data-action=import-load]').click();
    await page.locator('[data-variation="2"]').first().waitFor();
    await page.locator('[data-variation="1"]').nth(1).click();
    await page.getByTestId('moves').scrollIntoViewIfNeeded();
    await shootPage(`${label}-variations-${lang}`, page);
    await context.close();
  }
}
// Playing a friend by link: the start, then the panel with the link after a move.
for (const lang of ['en', 'zh']) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
    const { page, context } = await openApp(browser, server.url, { viewport, query: `?lang=${lang}` });
    await page.locator('[data-action=correspondence]').click();
    await page.locator('[data-action=correspondence-start]').scrollIntoViewIfNeeded();
    await shootPage(`${label}-correspondence-start-${lang}`, page);
    await page.getByTestId('correspondence-days').selectOption('3');
    await page.locator('[data-action=correspondence-start]').click();
    await clickMove(page, 'h2e2');
    await page.getByTestId('correspondence').scrollIntoViewIfNeeded();
    await shootPage(`${label}-correspondence-${lang}`, page);
    await context.close();
  }
}
await shoot('desktop-flipped-thinking', { width: 1280, height: 800 }, async (page) => {
  await choose(page, 'level', '23');
  await choose(page, 'side', 'black');
  await page.locator('[data-figure=depth]').waitFor();
});
await shoot('phone-dragging', { width: 360, height: 740 }, async (page) => {
  await choose(page, 'mode', 'two');
  const b = await page.locator('[data-square="b0"]').boundingBox();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width, b.y - b.height * 1.2, { steps: 5 });
});
// Embedded in a blog post, on a phone (the column is the screen less its margins) and on a
// desktop (a 480 px column): a page from another port holds the app's own snippet.
{
  const { page, context } = await openApp(browser, server.url);
  await choose(page, 'mode', 'two');
  for (const m of ['h2e2', 'h9g7']) await clickMove(page, m);
  await page.locator('[data-action=embed-code]').click();
  const snippet = await page.getByTestId('embed-code').inputValue();
  await shootPage('desktop-embed-code', page);
  await context.close();
  const post = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
    <title>A blog post</title></head><body style="margin:0 auto;max-width:640px;padding:0 16px;font:17px/1.5 Georgia,serif;color:#222">
    <h1 style="font-size:24px">The central cannon opening</h1>
    <p>Red opens with the cannon to the centre; Black answers with the horse. Try a reply below.</p>
    ${snippet}<p>Every move is checked by the board, and the computer answers.</p></body></html>`;
  const host = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(post));
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
  for (const [name, viewport] of [['phone-embedded', { width: 390, height: 844 }], ['desktop-embedded', { width: 1280, height: 900 }]]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    await page.frameLocator('iframe').locator('[data-piece]').nth(31).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(out, `${name}.png`), fullPage: true });
    console.log(join(out, `${name}.png`));
    await context.close();
  }
  host.close();
}

// On a phone, a new version of the app has been installed while a game is on: the banner.
{
  const dir = await mkdtemp(join(tmpdir(), 'xiangqi-dist-'));
  await cp(DIST, dir, { recursive: true });
  const copy = await serve(dir);
  const { page, context } = await openApp(browser, copy.url, { viewport: { width: 360, height: 740 } });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.locator('[data-piece]').nth(31).waitFor();
  await choose(page, 'mode', 'two');
  for (const m of ['h2e2', 'h9g7']) await clickMove(page, m);
  const sw = join(dir, 'sw.js');
  await writeFile(sw, (await readFile(sw, 'utf8')).replace(/const VERSION ?= ?(['"])(\w+)\1/, 'const VERSION=$1$2-next$1'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.getByTestId('update').waitFor();
  await shootPage('phone-update', page);
  await context.close();
  await copy.close();
  await rm(dir, { recursive: true, force: true });
}

const editor = async (page) => {
  await page.locator('[data-action=edit]').click();
  await page.locator('[data-palette="B"]').click();
  await page.locator('[data-square="e3"]').click();
};
const records = async (page) => {
  await midGame(page);
  await page.locator('[data-action=export]').click();
};
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
  await shoot(`${label}-editor`, viewport, editor);
  await shoot(`${label}-editor-zh`, viewport, editor, '?lang=zh');
  await shoot(`${label}-start-zh`, viewport, null, '?lang=zh');
  await shoot(`${label}-records-zh`, viewport, records, '?lang=zh');
  await shoot(`${label}-browsing`, viewport, async (page) => {
    await midGame(page);
    await page.locator('[data-action=back]').click();
    await page.locator('[data-action=back]').click();
    await clickMove(page, 'b0c2');
  });
  await shoot(`${label}-bad-link`, viewport, null, '?fen=nonsense&mode=chess');
}
// A record opened from a file of two games: the first on the board, both listed, the notice.
const importFile = async (page) => {
  await page.locator('[data-action=import]').click();
  await page.getByTestId('import-file').setInputFiles(join(ROOT, 'crates/xiangqi/tests/data/records/two_games.pgn'));
  await page.getByTestId('import-games').waitFor();
  await page.getByTestId('import-games').scrollIntoViewIfNeeded();
};
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
  await shoot(`${label}-import`, viewport, importFile);
  await shoot(`${label}-import-zh`, viewport, importFile, '?lang=zh');
}
// The practice page: a puzzle (solved, and failed), the drills, a drill being played.
for (const lang of ['en', 'zh']) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${server.url}?view=puzzle&lang=${lang}`);
    await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
    await shootPage(`${label}-puzzle-${lang}`, page);
    await page.locator('[data-action=puzzle-hint]').click();
    await shootPage(`${label}-puzzle-hint-${lang}`, page);
    await page.locator('[data-action=puzzle-solution]').click();
    await page.locator('[data-testid=puzzle][data-phase=solved]').waitFor({ timeout: 15_000 });
    await page.getByTestId('puzzle-result').scrollIntoViewIfNeeded();
    await shootPage(`${label}-puzzle-solution-${lang}`, page);
    await page.goto(`${server.url}?view=endgames&lang=${lang}`);
    await page.locator('[data-endgame]').first().waitFor();
    await shootPage(`${label}-endgames-${lang}`, page);
    await page.locator('[data-endgame=chariot-vs-two-advisors] button').click();
    await page.getByTestId('endgame').locator('[data-square]').nth(89).waitFor();
    await shootPage(`${label}-endgame-drill-${lang}`, page);
    await context.close();
    // While the set is fetched (it never comes): the empty board and what is happening; and
    // when it cannot be had. (No service worker, which would serve the set itself.)
    const bare = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const waiting = await bare.newPage();
    await waiting.route('**/puzzles.txt', () => new Promise(() => {}));
    await waiting.goto(`${server.url}?view=puzzle&lang=${lang}`);
    await waiting.locator('[data-testid=puzzle][data-drawn=board] .puzzle-loading').waitFor();
    await shootPage(`${label}-puzzle-loading-${lang}`, waiting);
    const failing = await bare.newPage();
    await failing.route('**/puzzles.txt', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await failing.goto(`${server.url}?view=puzzle&lang=${lang}`);
    await failing.locator('[data-testid=puzzle][aria-busy=false] .puzzle-loading').waitFor();
    await shootPage(`${label}-puzzle-unavailable-${lang}`, failing);
    await bare.close();
  }
}
// Stored data: the browser's storage full (the game page and the practice page), a saved game
// read in part, one that cannot be read, and values in an address that cannot be used.
for (const lang of ['en', 'zh']) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
    const { page, context } = await openApp(browser, server.url, { viewport, query: `?lang=${lang}` });
    await choose(page, 'mode', 'two');
    for (const m of ['h2e2', 'h9g7']) await clickMove(page, m);
    const makeRoom = await fillStorage(page);
    await page.goto(`${server.url}?mode=pvp&lang=${lang}&moves=b2e2+b9c7`);
    await page.getByTestId('storage-full').waitFor();
    await page.getByTestId('storage-full').scrollIntoViewIfNeeded();
    await shootPage(`${label}-storage-full-${lang}`, page);
    await makeRoom();
    const saved = await page.evaluate(() => localStorage.getItem('xiangqi.saved'));
    await page.evaluate((t) => localStorage.setItem('xiangqi.saved', t), saved.replace('b9c7', 'b9b0').replace('lvl=', 'lvl=x'));
    await page.reload();
    await page.getByTestId('notice').waitFor();
    await page.getByTestId('notice').scrollIntoViewIfNeeded();
    await shootPage(`${label}-saved-repaired-${lang}`, page);
    await page.evaluate(() => localStorage.setItem('xiangqi.saved', '{"version":1,"fen":'));
    await page.reload();
    await page.getByTestId('notice').waitFor();
    await page.getByTestId('notice').scrollIntoViewIfNeeded();
    await shootPage(`${label}-saved-unreadable-${lang}`, page);
    await page.goto(`${server.url}?view=diagram&lang=${lang}&fen=garbage`);
    await page.getByTestId('notice').waitFor();
    await shootPage(`${label}-diagram-bad-fen-${lang}`, page);
    await page.goto(`${server.url}?view=puzzle&lang=${lang}&puzzle=-1&endgame=x${'y'.repeat(200)}`);
    await page.locator('[data-testid=puzzle][data-puzzle-id]').waitFor();
    await shootPage(`${label}-puzzle-bad-link-${lang}`, page);
    await fillStorage(page);
    await page.locator('[data-action=puzzle-solution]').click();
    await page.getByTestId('storage-full').waitFor();
    await page.getByTestId('storage-full').scrollIntoViewIfNeeded();
    await shootPage(`${label}-puzzle-storage-full-${lang}`, page);
    await context.close();
    // The practice page offline, its module never kept: what it says.
    const bare = await browser.newContext({ viewport, serviceWorkers: 'block' });
    const offline = await bare.newPage();
    await offline.route('**/practice.js', (route) => route.abort('internetdisconnected'));
    await bare.setOffline(false);
    await offline.addInitScript(() => Object.defineProperty(navigator, 'onLine', { get: () => false }));
    await offline.goto(`${server.url}?view=puzzle&lang=${lang}`);
    await offline.getByTestId('practice-unavailable').waitFor();
    await shootPage(`${label}-practice-offline-${lang}`, offline);
    await bare.close();
  }
}
await browser.close();
await server.close();
