// The page's script: what the app (Rust, crates/web) leaves to the browser's own APIs, to keep
// their bindings out of the first load. It talks with the app through one documented event
// per feature, and calls the app's exports (`wasmBindings`, which Trunk's loader sets) for
// every rule the app owns, so that no rule is written twice:
//
// - Clocks. The app draws each clock with its time left (`data-left`, ms) and, while it runs,
//   the time it started (`data-since`, Date.now()). Ten times a second this counts the running
//   one down, writing the time as the app writes it (`clock_time`); when the time falls under
//   the low mark (`clock_low`) or runs out it dispatches `xiangqi:clock` on the document: the
//   app then ends the game on time or sounds its warning.
// - Diagrams. The app dispatches `xiangqi:png` on the window with `detail` = [svg, file name,
//   width, height, scale]; this draws the SVG into a canvas and offers the PNG as a download.
// - Embed code. The app draws the box and gives each use (play or replay) its snippet in
//   `data-snippet`; this puts the chosen one in the box and on the clipboard when the box opens
//   (`data-action=embed-code`) or the choice changes, and selects it on focus.
// - Openings. The app calls `xqOpenings(ask)` when the line shown changes; the first call
//   loads www/explorer.js (outside the first load), which defines the real one, talks to the
//   openings' worker, fills the app's opening and explorer slots and dispatches
//   `xiangqi:book-move` when a book move is clicked (see that file).
// - Practice. On the practice page (`view=puzzle` or `view=endgames`) this fetches its module
//   (practice.js, practice_bg.wasm, from crates/web/src/bin/practice.rs) and its style sheet,
//   which the game's first load does without. It says so in `xiangqiPractice` before Trunk's
//   loader runs, which then leaves the game's module unstarted there (scripts/web-precache.mjs),
//   and starts the practice module once the loader is done and a worker has compiled its code
//   (www/practice-warm.js). If it cannot be fetched (offline,
//   before the practice page was ever kept for offline play), the page says so in words.
// - Offline play. Unless the page is embedded (the app marks itself `data-embed`), this registers the
//   service worker (www/sw.js). A new version installs beside the running one and waits: the
//   page offers a reload (`data-testid=update`) rather than swapping code under a game.
//   Once the service worker serves the page and the page is idle, it asks the service worker
//   to fetch and keep the files outside the first load (the search workers, the network, the
//   practice page's):
//   every part then works offline after one visit to either page.
{
  // Openings: the script is fetched on the first ask, which it then answers.
  window.xqOpenings = (ask) => {
    window.xqOpeningsAsk = ask;
    if (document.getElementById('xq-openings')) return;
    const js = document.createElement('script');
    js.id = 'xq-openings';
    js.src = 'explorer.js';
    document.head.append(js);
  };
  const app = () => window.wasmBindings;
  const practicePage = (window.xiangqiPractice = /^(puzzle|endgames)$/.test(new URLSearchParams(location.search).get('view')));

  // Clocks.
  setInterval(() => {
    const low = app()?.clock_low();
    if (low === undefined) return;
    for (const c of document.querySelectorAll('.clock[data-since]')) {
      const ms = Math.max(0, c.dataset.left - (Date.now() - c.dataset.since));
      c.dataset.ms = ms;
      c.querySelector('.time').dataset.text = app().clock_time(ms);
      const isLow = ms < low;
      if (isLow !== c.hasAttribute('data-low')) c.toggleAttribute('data-low', isLow);
      if (!isLow) delete c.dataset.warned;
      else if (!c.dataset.warned || ms === 0) {
        c.dataset.warned = 1;
        document.dispatchEvent(new Event('xiangqi:clock'));
      }
    }
  }, 100);

  // Diagrams.
  addEventListener('xiangqi:png', ({ detail: [svg, name, width, height, scale] }) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * scale;
      canvas.height = height * scale;
      canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
      const a = document.createElement('a');
      a.href = canvas.toDataURL('image/png');
      a.download = name;
      a.click();
    };
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  });

  // Embed code.
  const embedBox = (el) => {
    const details = el.closest('.embed-code');
    const box = details?.querySelector('textarea');
    const chosen = details?.querySelector('.embed-view input:checked');
    if (box && chosen) box.value = chosen.dataset.snippet;
    return box;
  };
  const copy = (box) => navigator.clipboard?.writeText(box.value).catch(() => {});
  addEventListener('click', (e) => {
    const button = e.target.closest?.('[data-action=embed-code]');
    const box = button && embedBox(button);
    if (box && !button.parentElement.open) copy(box);
  });
  addEventListener('change', (e) => {
    const box = e.target.matches?.('.embed-view input') && embedBox(e.target);
    if (box) copy(box);
  });
  addEventListener('focusin', (e) => e.target.matches?.('.embed-code textarea') && embedBox(e.target).select());

  // Practice: once Trunk's loader is done (each start then runs in a task of its own); the
  // practice module marks whether the page is embedded as it starts, and then offline play
  // is looked at.
  const practice = () => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = 'practice.css';
    const js = document.createElement('script');
    js.src = 'practice.js';
    // The module's bytes fetched whole and compiled with `WebAssembly.compile`, which decodes
    // them off the page's thread; compiled as they stream in, they are decoded on it, in one
    // long task when they arrive at once. Then a worker compiles its functions, which the
    // browser would otherwise compile on the page's thread as each is first called
    // (www/practice-warm.js); the module starts when it is done, or fails, or after 3 s.
    js.onload = () =>
      fetch('practice_bg.wasm')
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`practice_bg.wasm: ${r.status}`))))
        .then((bytes) => WebAssembly.compile(bytes))
        .then((module) => new Promise((done) => {
          const w = new Worker('practice-warm.js');
          w.onmessage = w.onerror = done;
          w.postMessage(module);
          setTimeout(done, 3000);
        }).then(() => wasm_bindgen({ module_or_path: module })))
        .then(started, unavailable);
    js.onerror = unavailable;
    document.head.append(css, js);
  };
  // The practice page's module could not be fetched: say why, in the page's language. Whether
  // the network answers is asked of the network itself: `navigator.onLine` is true on any
  // link, even one that leads nowhere, and a server that is gone answers nothing either.
  const unavailable = async () => {
    if (document.querySelector('[data-testid=practice-unavailable]')) return;
    const answers = navigator.onLine
      && await fetch('practice.js', { method: 'HEAD', cache: 'no-store' }).then(() => true, () => false);
    if (document.querySelector('[data-testid=practice-unavailable]')) return;
    const zh = /^zh/i.test(new URLSearchParams(location.search).get('lang') ?? navigator.language);
    const p = document.createElement('p');
    p.className = 'notice';
    p.dataset.testid = 'practice-unavailable';
    p.setAttribute('role', 'alert');
    p.innerHTML = (answers
      ? (zh ? '练习页面未能载入，请重新载入再试。' : 'The practice page could not be loaded. Reload to try again.')
      : (zh ? '练习页面需要联网访问一次，之后才能离线使用。请联网后再打开。'
            : 'The practice page needs one visit online before it works offline. Open it again when you are online.'))
      + ` <a href="./">${zh ? '← 对局' : '← Game'}</a>`;
    document.body.prepend(p);
  };
  if (practicePage) addEventListener('TrunkApplicationStarted', () => setTimeout(practice), { once: true });

  // Offline play, once the app has started and marked whether the page is embedded (a reader
  // of another page need not download the whole app a second time for later).
  const offline = async () => {
    const sw = navigator.serviceWorker;
    if (!sw || document.querySelector('.app[data-embed]')) return;
    let reloading = false;
    const offer = (worker) => {
      if (document.querySelector('[data-testid=update]')) return;
      const bar = document.createElement('div');
      bar.className = 'update';
      bar.dataset.testid = 'update';
      bar.setAttribute('role', 'status');
      // In the page's language (the app sets <html lang>).
      const zh = document.documentElement.lang.startsWith('zh');
      // (A button outside a form needs no `type`.)
      bar.innerHTML = `<span>${zh ? '有新版本' : 'Update available'}</span><button data-action=reload>${zh ? '重新载入' : 'Reload'}</button>`;
      bar.querySelector('button').onclick = () => {
        reloading = true;
        // The running version stops keeping files first: the new one waits for that.
        sw.controller?.postMessage('leave');
        if (worker) worker.postMessage('activate');
        // The new version takes charge of the page (`controllerchange`, below), and the page
        // reloads into it. Should the browser hold it back (it waits while the running version
        // still has work in hand), the page reloads anyway after a while, and the new version
        // is offered again once it has taken charge; one no longer waiting reloads at once.
        setTimeout(() => location.reload(), worker?.state == 'installed' && 8e3);
      };
      document.body.append(bar);
    };
    // A new version took over, at this page's request or another tab's (the first install
    // taking charge of the page is not one).
    let controlled = !!sw.controller;
    sw.addEventListener('controllerchange', () => {
      if (reloading) location.reload();
      else if (controlled) offer(null);
      controlled = true;
    });
    try {
      const reg = await sw.register('./sw.js', { updateViaCache: 'none' });
      const follow = (w) => w?.addEventListener('statechange', () => {
        if (w.state === 'installed' && sw.controller) offer(w);
      });
      if (reg.waiting && sw.controller) offer(reg.waiting);
      follow(reg.installing);
      reg.addEventListener('updatefound', () => follow(reg.installing));
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') reg.update().catch(() => {});
      });
      // The files outside the first load (the search workers, the network, the practice
      // page's), kept for offline
      // play once the page is idle: the service worker fetches them.
      // (A few seconds on: the first game's start and its first searches come first.)
      const keepLater = () => {
        const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 2000));
        setTimeout(() => idle(() => sw.controller?.postMessage('keep'), { timeout: 10000 }), 5000);
      };
      if (sw.controller) keepLater();
      else sw.addEventListener('controllerchange', keepLater, { once: true });
    } catch (e) {
      console.warn('no offline play:', e);
    }
  };
  const started = () => (document.readyState === 'complete' ? offline() : addEventListener('load', offline));
  // (The practice page's module calls `started` itself.)
  if (!practicePage) {
    if (app()) started();
    else addEventListener('TrunkApplicationStarted', started, { once: true });
  }
}
