// Measures the game page's main thread while the strongest level thinks, in the release build
// (dist/) in Debian's Chromium, as the end-to-end gate does (tests/e2e.test.mjs: the position
// out of the book, the person's first move, the mouse moving until the reply): each run prints
// the page's tasks over 50 ms (the long-task observer) from the move to the reply. The runs
// take turns between the core counts given (the browser's `hardwareConcurrency` as the page
// reads it: on two cores the strongest level searches on two workers, on one core on one),
// so that a change in the machine's load falls on each alike. With --trace, each run also
// records a Chromium trace (target/thinking-trace-RATEx-RUN-CORES.json) and prints the run's
// longest main-thread tasks with what ran in them, the browser's font lookups, and the module's
// functions compiled on their first call (tracing slows the page: quote the figures without it).
// Usage: trunk build --release && node scripts/web-thinking-tasks.mjs [--trace] [RUNS] [RATE] [CORES...]
//        (4 runs at 1x on 2 cores unless told)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, openApp, recordLongTasks, longTasksSince, OUT_OF_BOOK, clickMove, choose, moveTexts, ROOT } from '../tests/harness.mjs';
import { mainThreadEvents } from './trace-events.mjs';

const args = process.argv.slice(2);
const tracing = args[0] === '--trace';
if (tracing) args.shift();
const runs = Number(args[0] ?? 4);
const rate = Number(args[1] ?? 1);
const coreCounts = args.length > 2 ? args.slice(2).map(Number) : [2];
const BUDGET = 50;

/** The trace's main-thread tasks of 10 ms or more, longest first, each with the longest events in it. */
function mainTasks(trace) {
  const main = mainThreadEvents(trace);
  return main.filter((e) => e.name === 'RunTask' && e.dur >= 10_000).sort((a, b) => b.dur - a.dur).map((task) => {
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const lazy = inside.filter((e) => e.name === 'wasm.CompileLazy');
    const fonts = inside.filter((e) => e.name === 'FontCache::GetFontPlatformData');
    const top = inside.filter((e) => e.dur >= 2000 && !['wasm.CompileLazy', 'FontCache::GetFontPlatformData'].includes(e.name))
      .sort((a, b) => b.dur - a.dur).slice(0, 5)
      .map((e) => `${e.name}${e.args?.data?.type ? `:${e.args.data.type}` : ''} ${(e.dur / 1000).toFixed(1)}`);
    const ms = (list) => (list.reduce((s, e) => s + e.dur, 0) / 1000).toFixed(1);
    return `${(task.dur / 1000).toFixed(1)} ms: ${top.join(', ')}; fonts ${fonts.length} (${ms(fonts)} ms), compiled ${lazy.length} (${ms(lazy)} ms)`;
  });
}

const server = await serve();
const browser = await launch();
const longest = Object.fromEntries(coreCounts.map((c) => [c, []]));
for (let run = 0; run < runs; run++) {
  for (const cores of coreCounts) {
    const init = `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} });
      (${recordLongTasks})();`;
    const { page, context } = await openApp(browser, server.url, { query: `?${OUT_OF_BOOK}`, init });
    if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
    const level = await page.locator('[data-testid=level] option').last().getAttribute('value');
    await choose(page, 'level', level);
    const path = join(ROOT, 'target', `thinking-trace-${rate}x-${run + 1}-${cores}.json`);
    if (tracing) await browser.startTracing(page, { path, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts', 'v8.wasm'] });
    await clickMove(page, 'h2e2');
    const start = await page.evaluate(() => performance.now());
    for (let i = 0; (await moveTexts(page)).length < 2; i++) {
      if (i >= 200) throw new Error('no reply within 60 s');
      await page.mouse.move(100 + (i % 20) * 20, 300);
      await page.waitForTimeout(300);
    }
    if (tracing) await browser.stopTracing();
    const tasks = (await longTasksSince(page, start)).map((t) => Math.round(t.duration));
    longest[cores].push(Math.max(0, ...tasks));
    console.log(`run ${run + 1}, ${cores} core${cores === 1 ? '' : 's'}, ${rate}x: tasks over ${BUDGET} ms since the move: ${JSON.stringify(tasks)}`);
    if (tracing) {
      // The trace starts before the move: its first long task is the move's own click.
      const trace = JSON.parse(await readFile(path, 'utf8'));
      for (const line of mainTasks(trace).slice(0, 6)) console.log(`  ${line}`);
    }
    await context.close();
  }
}
let over = false;
for (const cores of coreCounts) {
  const list = longest[cores];
  over ||= list.some((ms) => ms > BUDGET);
  console.log(`${cores} core${cores === 1 ? '' : 's'}, ${rate}x: longest task per run ${JSON.stringify(list)} ms; runs over ${BUDGET} ms: ${list.filter((ms) => ms > BUDGET).length} of ${list.length}`);
}
await browser.close();
server.close();
process.exit(over ? 1 : 0);
