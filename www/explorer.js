// The openings on the page: the ECCO name of the line shown and the analysis board's explorer
// of the opening book. Loaded by the page's script (www/page.js) the first time the app asks
// about an opening, outside the first load; the service worker keeps it for offline play.
//
// The app calls `xqOpenings(ask)` whenever the line shown, the language, the notation or the
// analysis board changes (crates/web/src/hooks/use_openings.rs): `ask` is the openings'
// worker's ask without its number (crates/web/src/openings/mod.rs, `Ask::text`), or "" when
// nothing about openings is shown. This numbers each ask, sends it to the openings' worker
// (crates/web/src/bin/openings.rs, started on the first ask) and, for the reply to the last
// one, puts the HTML the worker wrote into the app's empty slots: the opening's name into
// `[data-testid=opening-slot]`, the book's moves into `[data-testid=explorer]`. It keeps the
// main line's tags for a record (`ECCO`, `Opening`, `Variation`) on the document element, in
// `data-ecco-tags` (tab-separated) beside `data-ecco-main` (the main line they name, UCI), for
// the app's PGN export. A click on a book move (`[data-book-move]`) dispatches
// `xiangqi:book-move` on the document with the move's number as `detail`: the app plays it.
// It also names the openings of the games in the list of recent games (below).
{
  // The look of the opening's name and of the explorer, beside the analysis panel's. The
  // name's one line (font size, line height, padding) is the height www/layout.css keeps for
  // its slot before it comes (tests/openings.test.mjs checks the two agree).
  const style = document.createElement('style');
  style.textContent = `
.opening-name { margin: 0; padding: 4px 2px; font-size: 13px; line-height: 1.35; color: #4a3b27; }
.opening-name .label { color: #6b5a43; }
.opening-name .tag { color: #8a4b16; }
.explorer { padding: 8px 10px; background: var(--panel); border: 1px solid var(--edge); border-radius: 10px; }
.explorer:empty { display: none; }
.explorer h2 { margin: 0 0 4px; font-size: 14px; }
.explorer p { margin: 0; font-size: 13px; color: #6b5a43; }
.explorer ol { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 2px; }
.explorer li.head, .explorer button { display: grid; grid-template-columns: 5.5em 3.6em 3em 1fr; gap: 6px; align-items: baseline; }
.explorer li.head { font-size: 11px; color: #6b5a43; padding: 0 6px; }
.explorer button { width: 100%; text-align: start; font: inherit; font-size: 13px; line-height: 1.35; padding: 3px 6px;
  border: 1px solid transparent; border-radius: 6px; background: none; color: inherit; cursor: pointer; }
.explorer button:hover, .explorer button:focus-visible { border-color: var(--edge); background: #f7eedc; }
.explorer .score, .explorer .share { font-variant-numeric: tabular-nums; }
.explorer .score { font-weight: 600; }
.explorer .leads { color: #6b5a43; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.saved-games .opening { font-size: 12px; color: #8a4b16; }
.saved-games .opening:empty { display: none; }
@media (max-width: 480px) {
  .explorer li.head, .explorer button { grid-template-columns: 5em 3.4em 2.8em 1fr; }
}`;
  document.head.append(style);
  let worker = null;
  let listening = false;
  const waiting = new Map();
  let asked = 0;
  let main = '';
  let reply = null;
  // The language and notation the reply shown was written in, and those of the last ask.
  let shownKey = '';
  let askedKey = '';
  const fill = () => {
    const [line, explorer] = reply ?? ['', ''];
    const slot = document.querySelector('[data-testid=opening-slot]');
    const book = document.querySelector('[data-testid=explorer]');
    if (slot && slot.innerHTML !== line) slot.innerHTML = line;
    if (book && explorer && book.innerHTML !== explorer) book.innerHTML = explorer;
  };
  const heard = (text) => {
    const [id, tags, line, explorer] = String(text).split('\n');
    if (Number(id) !== asked || explorer === undefined) return;
    reply = [line, explorer];
    shownKey = askedKey;
    const root = document.documentElement;
    root.dataset.eccoMain = main;
    root.dataset.eccoTags = tags;
    fill();
  };
  window.xqOpenings = (ask) => {
    if (!ask) {
      reply = null;
      fill();
      return;
    }
    asked += 1;
    // The main line: the second field of the ask; the language and notation: the next two.
    const fields = ask.split('|');
    main = fields[1] ?? '';
    askedKey = fields.slice(2, 4).join('|');
    // Text in another language or notation is not left on show while the new one comes.
    if (askedKey !== shownKey) reply = null;
    send(`${asked}|${ask}`);
    // The slots may be new (the analysis board just opened): the last reply fills them until
    // this ask's comes.
    fill();
  };
  // Sends `message` to the openings' worker, started on the first; until it is ready, the
  // last ask of each kind waits.
  const send = (message) => {
    if (!worker) {
      worker = new Worker('./openings_loader.js');
      worker.onmessage = (e) => {
        if (e.data === 'ready') {
          listening = true;
          for (const w of waiting.values()) worker.postMessage(w);
          waiting.clear();
        } else if (String(e.data).startsWith('names|')) named(e.data);
        else heard(e.data);
      };
      // A worker that cannot start (offline before it was ever kept) leaves the slots empty.
      worker.onerror = (e) => e.preventDefault();
    }
    if (listening) worker.postMessage(message);
    else waiting.set(message.startsWith('names|'), message);
  };
  // The recent games' openings ("My games", crates/web/src/components/saved_games.rs): each
  // earlier game's row gets a line with its opening's name in the page's language
  // (`.opening`, after the row's own lines), which keeps the opening as a record's tags in
  // `data-ecco-tags` (tab-separated). The worker reads the games' saved texts, as the app
  // keeps them (`xiangqi.game.ID`), and names all the rows not yet named at once
  // (crates/web/src/openings/names.rs); the names are kept here by language and ID (an ID's
  // text does not change).
  const names = new Map();
  // The rows asked about and in which language, until the answer comes; one ask at a time
  // (rows still unnamed after it are asked about then).
  let pending = null;
  let naming = false;
  const saved = (id) => {
    try {
      return localStorage.getItem(`xiangqi.game.${id}`) ?? '';
    } catch {
      return '';
    }
  };
  const nameGames = () => {
    naming = false;
    const lang = document.documentElement.lang || 'en';
    const missing = [];
    for (const row of document.querySelectorAll('[data-testid=saved-games] li[data-saved-game]')) {
      const id = row.dataset.savedGame;
      const key = `${lang}|${id}`;
      const [name, tags] = names.get(key) ?? ['', ''];
      const open = row.querySelector('.open');
      let slot = open?.querySelector('.opening');
      if (open && !slot) {
        slot = document.createElement('span');
        slot.className = 'opening';
        open.append(slot);
      }
      if (slot && slot.textContent !== name) slot.textContent = name;
      if (slot && slot.dataset.eccoTags !== tags) slot.dataset.eccoTags = tags;
      if (!names.has(key)) missing.push(id);
    }
    if (missing.length && !pending) {
      pending = { lang, ids: missing };
      send(`names|${lang}|${missing.map(saved).join('\x1e')}`);
    }
  };
  const named = (text) => {
    const [head, ...lines] = String(text).split('\n');
    const lang = head.slice('names|'.length);
    if (pending?.lang !== lang || lines.length !== pending.ids.length) return;
    lines.forEach((line, i) => {
      const [name, ...tags] = line.split('\t');
      names.set(`${lang}|${pending.ids[i]}`, [name, name ? tags.join('\t') : '']);
    });
    pending = null;
    nameGames();
  };
  // The list is drawn, redrawn in another language, or shows other games: name them (once
  // the app's redraw is done).
  new MutationObserver(() => {
    if (!naming) queueMicrotask(nameGames);
    naming = true;
  }).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-saved-game', 'lang'],
  });
  addEventListener('click', (e) => {
    const move = e.target.closest?.('[data-book-move]');
    if (move) document.dispatchEvent(new CustomEvent('xiangqi:book-move', { detail: Number(move.dataset.raw) }));
  });
  // The list may be on show already.
  nameGames();
  // The ask made before this script was loaded.
  if (window.xqOpeningsAsk !== undefined) window.xqOpenings(window.xqOpeningsAsk);
}
