// Measures the game page's main thread while it reviews a game, in the release build (dist/),
// in Debian's Chromium: the six-move game of tests/review.test.mjs, "Review", then `PageUp`
// while the review runs, as the test does. Each run prints, for each build:
// - the page's tasks over 50 ms from the click to the end of the review (the long-task
//   observer, as the test counts them), at the CPU rate given;
// - unthrottled and traced (a Chromium trace, which slows the page alike for every build): the
//   count of the tasks that took in a worker's message (a search's progress or answer, which
//   the page draws) and their main-thread time in all, and the time of the other tasks
//   (mostly the frames drawn).
// The builds take turns run by run, so that a change in the machine's load falls on each alike.
// Usage: trunk build --release && node scripts/web-review-tasks.mjs [--dist DIR]... [RUNS] [RATE]
//        (8 runs at 2x unless told; --dist: another build's dist/, given more than once to
//        compare builds)
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openApp, recordLongTasks, longTasksSince, ROOT } from '../tests/harness.mjs';
import { mainThreadEvents } from './trace-events.mjs';

const args = process.argv.slice(2);
const dists = [];
while (args[0] === '--dist') dists.push(args.splice(0, 2)[1]);
if (!dists.length) dists.push(undefined);
const runs = Number(args[0] ?? 8);
const rate = Number(args[1] ?? 2);
const BUDGET = 50;
// 1. C2.5 H8+7 2. C5+4?? H7+5 3. C8.5 H2+3, as in tests/review.test.mjs.
const GAME = 'h2e2+h9g7+e2e6+g7e6+b2e2+b9c7';
const TRACE = join(ROOT, 'target', 'review-trace.json');

const browser = await launch();
const label = (d) => d ?? 'dist';

/** The review as the test runs it, on a fresh page of `url` at CPU `rate`; `during` runs around it. */
async function review(url, cpu, during = { start: async () => {}, stop: async () => {} }) {
  const { page, context } = await openApp(browser, url, { query: `?mode=pvp&moves=${GAME}`, init: recordLongTasks });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.waitForTimeout(1000); // the workers are up
  await during.start(page);
  const start = await page.evaluate(() => performance.now());
  await page.locator('[data-action=review]').click();
  await page.getByTestId('review-progress').waitFor();
  await page.keyboard.press('PageUp');
  await page.locator('[data-action=review-deeper]').waitFor({ timeout: 60_000 });
  await during.stop(page);
  const long = (await longTasksSince(page, start)).map((t) => Math.round(t.duration));
  await context.close();
  return long;
}

/** The main thread's tasks in the trace at TRACE: those that took in a worker's message, and the others. */
async function traced() {
  const json = JSON.parse(await readFile(TRACE, 'utf8'));
  const main = mainThreadEvents(json);
  const messages = main.filter((e) => e.name === 'HandlePostMessage');
  const tasks = main.filter((e) => e.name === 'RunTask');
  const took = (t) => messages.some((m) => m.ts >= t.ts && m.ts <= t.ts + t.dur);
  const ms = (ts) => ts.reduce((s, t) => s + t.dur, 0) / 1000;
  const own = tasks.filter(took);
  return { count: own.length, messages: ms(own), others: ms(tasks.filter((t) => !took(t))) };
}

const results = new Map(dists.map((d) => [label(d), []]));
for (let run = 1; run <= runs; run += 1) {
  for (const dist of dists) {
    const server = await serve(dist);
    const long = await review(server.url, rate);
    const trace = {
      start: (page) => browser.startTracing(page, { path: TRACE, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] }),
      stop: () => browser.stopTracing(),
    };
    await review(server.url, 1, trace);
    const t = await traced();
    await server.close();
    results.get(label(dist)).push({ long, ...t });
    console.log(`run ${run} ${label(dist)}: tasks over ${BUDGET} ms at ${rate}x: ${long.join(', ') || 'none'}; `
      + `traced at 1x: ${t.count} worker messages taken in, ${t.messages.toFixed(0)} ms, other tasks ${t.others.toFixed(0)} ms`);
  }
}
await rm(TRACE, { force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [name, rs] of results) {
  const clean = rs.filter((r) => r.long.length === 0).length;
  console.log(`${name}: ${clean} of ${rs.length} runs with no task over ${BUDGET} ms at ${rate}x (longest ${Math.max(0, ...rs.flatMap((r) => r.long))} ms); `
    + `the workers' messages' tasks ${median(rs.map((r) => r.messages)).toFixed(0)} ms in all (median of ${rs.length}), other tasks ${median(rs.map((r) => r.others)).toFixed(0)} ms`);
}
await browser.close();
process.exit(0);
