// Measures the practice page's main thread in the release build (dist/), in Debian's Chromium
// with the CPU throttled: the page opened with a cold cache (its module, the puzzle set, the
// first puzzle), then "next" five times. Each run prints the page's tasks over 50 ms (the
// long-task observer, as the tests count them), each with what ran in it as Chromium's
// long-animation-frame entries tell: a script (a timer, an event) or a frame's rendering
// (its callbacks, then style, layout and paint); the last line gives the longest over all runs
// against the 50 ms budget, and the exit status is 1 when a task went over it. With --trace,
// each run also records a Chromium trace (target/practice-trace-RATEx-RUN.json) and prints its
// main-thread tasks over 50 ms with what ran in them, fonts' matching and shaping by name
// (tracing itself slows the page, so the figures without it are the ones to quote; the
// navigation's own task, before the page's first script, shows only in a trace), and how much
// of each went to compiling the module's functions, which the browser does on their first
// call (`wasm.CompileLazy`: the count of functions and their time); then, step by step of the
// page's first drawing and each next puzzle (`data-drawn`, `data-puzzle-id`, stamped into the
// trace as they change), each task over 10 ms with its style, layout and paint and the fonts
// it looked up (a family matched, or a size of a font not used before). With
// --style CSS, each build is also measured with CSS added to the page before its own style
// sheets load (a change of style tried without a build), taking turns with the page as built;
// with --script JS, with a script run before the page's own (a change tried without a build,
// e.g. fonts read in a worker first), the same way.
// Usage: trunk build --release && node scripts/web-practice-tasks.mjs [--trace] [--dist DIR]... [--style CSS | --script JS] [RUNS] [RATE...]
//        (10 runs at 1x and 2x unless told; --dist: another build's dist/; given more than once,
//        the builds take turns run by run, so that a change in the machine's load falls on each
//        alike)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, launch, recordLongTasks, waitInPage, clickInPage, ROOT } from '../tests/harness.mjs';
import { mainThreadEvents } from './trace-events.mjs';

const args = process.argv.slice(2);
const tracing = args[0] === '--trace';
if (tracing) args.shift();
const dists = [];
while (args[0] === '--dist') dists.push(args.splice(0, 2)[1]);
if (!dists.length) dists.push(undefined);
const style = args[0] === '--style' ? args.splice(0, 2)[1] : undefined;
const script = args[0] === '--script' ? args.splice(0, 2)[1] : undefined;
// What is measured in turn: each build as built, and with the style or script when one is given.
const variants = dists.flatMap((dist, d) => [{ dist, d }, ...(style || script ? [{ dist, d, style, script }] : [])]);
const runs = Number(args[0] ?? 10);
const rates = args.length > 1 ? args.slice(1).map(Number) : [1, 2];
const BUDGET = 50;
const NEXTS = 5;

const servers = await Promise.all(dists.map((d) => serve(d)));
const browser = await launch();
const label = (b) => {
  const v = variants[b];
  const parts = [...(dists.length > 1 ? [v.dist ?? 'dist'] : []), ...(style || script ? [v.style || v.script ? `with the ${style ? 'style' : 'script'}` : 'as built'] : [])];
  return parts.length ? `${parts.join(', ')}: ` : '';
};
const tracePath = (rate, run, b) => join(ROOT, 'target', `practice-trace-${rate}x-${run + 1}${variants.length > 1 ? `-${b + 1}` : ''}.json`);

/** The main thread's top-level tasks in a trace, longest first, each with the names of the
 * longest events that ran inside it. */
function mainTasks(trace) {
  const main = mainThreadEvents(trace);
  const tasks = main.filter((e) => e.name === 'RunTask').sort((a, b) => b.dur - a.dur);
  return tasks.map((task) => {
    const inside = main
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.dur >= 2000)
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : ''} ${(e.dur / 1000).toFixed(1)}`);
    const compiled = main.filter((e) => e.name === 'wasm.CompileLazy' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    if (compiled.length) {
      const ms = compiled.reduce((sum, e) => sum + e.dur, 0) / 1000;
      inside.push(`compiled on first call: ${compiled.length} functions ${ms.toFixed(1)}`);
    }
    return { ms: task.dur / 1000, inside };
  });
}

/** In the page (traced runs only): stamps each change of the page's and the puzzle view's
 * `data-drawn` and of the puzzle shown into the trace (`console.timeStamp`), so that the
 * trace's tasks can be read step by step. */
function stampSteps() {
  let last = '';
  new MutationObserver(() => {
    const page = document.querySelector('.app.practice')?.dataset.drawn;
    const view = document.querySelector('[data-testid=puzzle]');
    const now = [page, view?.dataset.drawn, view?.dataset.puzzleId && `puzzle ${view.dataset.puzzleId}`].filter(Boolean).join(' ');
    if (now !== last) console.timeStamp(`step: ${now}`);
    last = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn', 'data-puzzle-id'] });
}

/** The main thread's tasks over 10 ms in a trace, by the step stamped before each
 * (`stampSteps`): each with its style, layout and paint, and its fonts looked up. */
function tasksBySteps(trace) {
  const events = trace.traceEvents ?? trace;
  const main = mainThreadEvents(trace);
  const stamps = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith('step: '));
  const ms = (d) => (d / 1000).toFixed(1);
  const lines = [];
  const runTasks = main.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const within = (e, task) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur;
  // A task that holds others (a nested run loop) is read as those it holds.
  const tasks = runTasks.filter((t) => t.dur > 10_000 && !runTasks.some((o) => o !== t && within(o, t)));
  for (const task of tasks) {
    const step = stamps.filter((s) => s.ts <= task.ts + task.dur).pop()?.args.data.message.slice(6) ?? 'before the page';
    const inside = main.filter((e) => within(e, task));
    // Events nest (a timer's function calls others, a paint holds the paint of a layer):
    // only the outermost of each kind are counted.
    const sum = (names) => {
      const of = inside.filter((e) => names.includes(e.name));
      return of.filter((e) => !of.some((o) => o !== e && within(e, o))).reduce((t, e) => t + e.dur, 0);
    };
    const script = sum(['FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'EvaluateScript']);
    const fonts = inside.filter((e) => e.name === 'FontDataManager::onMatchFamilyStyle' || e.name === 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike');
    lines.push(`      ${step}: task ${ms(task.dur)} ms (script ${ms(script)}, style ${ms(sum(['UpdateLayoutTree']))}, layout ${ms(sum(['Layout']))}, paint ${ms(sum(['PrePaint', 'Paint']))}; fonts looked up ${fonts.length}, ${ms(fonts.reduce((t, e) => t + e.dur, 0))} ms)`);
  }
  return lines;
}

/** In the page: records the long animation frames (Chromium's `long-animation-frame`
 * entries), each with its scripts and when its rendering began, so that a long task can be told
 * apart as a script or a frame's style, layout and paint, without a trace's overhead. */
function recordFrames() {
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__frames.push({
        start: e.startTime,
        end: e.startTime + e.duration,
        render: e.renderStart,
        layout: e.styleAndLayoutStart,
        scripts: e.scripts.map((s) => ({ start: s.startTime, end: s.startTime + s.duration, what: s.invoker })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  // The page's steps (`data-drawn`) and puzzles (`data-puzzle-id`) as each frame shows them,
  // read in an animation frame callback (a mutation observer would add its own work to the
  // page's tasks): a step rendered in a task is seen at the frame after it.
  window.__steps = [];
  let last = '';
  const look = (now) => {
    const page = document.querySelector('.app.practice')?.dataset.drawn;
    const view = document.querySelector('[data-testid=puzzle]');
    const seen = [page, view?.dataset.drawn, view?.dataset.puzzleId && `puzzle ${view.dataset.puzzleId}`].filter(Boolean).join(' ');
    if (seen !== last) window.__steps.push({ t: now, what: seen });
    last = seen;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The step of the long task `t`: a frame shows, in its own task, the step its callback
 * saw (`in STEP`); a render's task is seen as the step before it and the one the next frame
 * showed (`A → B`). */
function stepOf(t, steps) {
  const end = t.start + t.duration;
  const during = steps.filter((s) => s.t >= t.start && s.t <= end).pop();
  if (during) return `in ${during.what}`;
  const before = steps.filter((s) => s.t < t.start).pop()?.what ?? 'nothing';
  const after = steps.find((s) => s.t > end)?.what;
  return after && after !== before ? `${before} → ${after}` : `at ${before}`;
}

/** What ran in the long task `t`, from the long animation frame it falls in: the script (its
 * invoker, e.g. a timer) or the frame's rendering (its callbacks, then style, layout and
 * paint), in ms. */
function whatRan(t, frames) {
  const end = t.start + t.duration;
  const frame = frames.find((f) => f.start <= t.start + 1 && t.start < f.end);
  if (!frame) return 'no frame recorded';
  const scripts = frame.scripts.filter((s) => s.start < end && s.end > t.start);
  const ran = scripts.map((s) => `${s.what.replace('TimerHandler:', '')} ${Math.round(s.end - s.start)}`);
  if (frame.render && frame.render < end) {
    const layoutFrom = frame.layout || frame.end;
    const styleLayout = Math.round(frame.end - layoutFrom);
    const before = Math.round(layoutFrom - frame.render);
    ran.push(`rendering: frame callbacks ${before}, style and layout then paint ${styleLayout}`);
  }
  return ran.join('; ') || 'no script, no rendering';
}

/** One run against one build: the page opened, "next" five times; the page's tasks over the
 * budget, in ms. */
async function measure(server, rate, run, b) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(recordLongTasks);
  await page.addInitScript(recordFrames);
  if (variants[b].style) {
    await page.addInitScript((css) => {
      const s = document.createElement('style');
      s.textContent = css;
      document.documentElement.append(s);
    }, variants[b].style);
  }
  if (variants[b].script) await page.addInitScript(variants[b].script);
  if (tracing) await page.addInitScript(stampSteps);
  if (tracing) await browser.startTracing(page, { path: tracePath(rate, run, b), categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'fonts', 'v8.wasm'] });
  // Watched and clicked without the driver's selector engine, whose first use in a page is
  // itself a long task (as the tests do).
  await page.goto(`${server.url}?view=puzzle`);
  await waitInPage(page, '[data-testid=puzzle][data-puzzle-id]', 60_000);
  for (let i = 0; i < NEXTS; i++) {
    const id = await page.evaluate(() => document.querySelector('[data-testid=puzzle]').dataset.puzzleId);
    await clickInPage(page, '[data-action=puzzle-next]');
    await waitInPage(page, `[data-testid=puzzle][data-puzzle-id]:not([data-puzzle-id="${id}"])`);
  }
  await page.waitForTimeout(300); // the last render
  const tasks = await page.evaluate(() => window.__longTasks);
  const frames = await page.evaluate(() => window.__frames);
  const steps = await page.evaluate(() => window.__steps);
  const observed = tasks.map((t) => Math.round(t.duration));
  const said = tasks.map((t) => `${Math.round(t.duration)} (${whatRan(t, frames)}; ${stepOf(t, steps)})`);
  console.log(`${label(b)}CPU ${rate}x, run ${run + 1}: tasks over ${BUDGET} ms: [${said.join(', ')}]`);
  if (tracing) {
    await browser.stopTracing();
    const trace = JSON.parse(await readFile(tracePath(rate, run, b), 'utf8'));
    for (const t of mainTasks(trace).filter((t) => t.ms > BUDGET)) console.log(`    traced ${t.ms.toFixed(1)} ms: ${t.inside.join('; ')}`);
    console.log('    traced, the tasks over 10 ms by step:');
    for (const line of tasksBySteps(trace)) console.log(line);
  }
  await context.close();
  return observed;
}

let worst = 0;
for (const rate of rates) {
  const longest = variants.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [b, v] of variants.entries()) {
      const observed = await measure(servers[v.d], rate, run, b);
      longest[b].push(Math.max(0, ...observed));
      worst = Math.max(worst, ...observed);
    }
  }
  for (const [b, l] of longest.entries()) {
    console.log(`${label(b)}CPU ${rate}x: the longest task over 50 ms per run (0: none) ${l.join(', ')} ms; ${l.filter((m) => m === 0).length} of ${runs} runs with none`);
  }
}
console.log(`practice page, open and ${NEXTS} x next, ${runs} runs at ${rates.map((r) => `${r}x`).join(' and ')}: longest task ${worst ? `${worst} ms` : 'none over 50 ms'} (budget ${BUDGET} ms)`);
await browser.close();
for (const server of servers) await server.close();
process.exit(worst > BUDGET ? 1 : 0);
