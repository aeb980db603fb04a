// The files of the build outside the first load, in one place for the build's precache list
// (scripts/web-precache.mjs) and the first-load budget test (tests/pwa.test.mjs). None is
// needed to draw the game page or to play on it: the search workers' module and scripts
// (started at the first search, or once the page has been idle a moment), the records' worker
// (started when a record in another form is first opened), the evaluation network (fetched by a
// worker once searching), the practice page's module, style sheet, puzzle set and the worker
// that compiles the module's code (fetched when that page opens). The service worker keeps each
// when it is first fetched, and fetches those not yet kept once the page is idle (www/sw.js
// `keepLater`), so every part works offline after one visit. The openings' script
// (explorer.js), worker and book come when a game first has a move.
const WORKERS = /^((worker|records)(\.js|_bg\.wasm|_loader\.js)|shared-table\.js|network\.js)$/;
const OPENINGS = /^(openings(\.js|_bg\.wasm|_loader\.js)|book\.txt|explorer\.js)$/;
const PRACTICE = /^(practice(\.js|_bg\.wasm|\.css|-warm\.js)|puzzles\.txt)$/;

/** Whether the build's file `f` (a path relative to dist/) is outside the first load. */
export const later = (f) => f.endsWith('.nnue') || WORKERS.test(f) || OPENINGS.test(f) || PRACTICE.test(f);
