// Reading a Chromium trace (as Playwright's `browser.startTracing` writes it), shared by the
// page's measuring scripts.

/** The complete events (`ph: 'X'`) of the page's main thread (`CrRendererMain`) in `trace`
 * (the parsed JSON: an object with `traceEvents`, or the array itself). */
export function mainThreadEvents(trace) {
  const events = trace.traceEvents ?? trace;
  const threads = new Map();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  return events.filter((e) => e.ph === 'X' && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain');
}
