// The service worker: keeps every file of the build in a cache on the first visit (the
// evaluation network when the search workers first fetch it), then serves
// the app (page, styles, wasm, the search worker) from that cache, with or without a network.
// scripts/web-precache.mjs (a Trunk post_build hook) fills in VERSION and FILES for each build.
// A new build installs beside the running one and waits: the page offers a reload, and only
// then does the new version take over (see www/page.js).
//
// Everything it serves carries the headers that make the page cross-origin isolated (a plain
// static host cannot send them): from the second visit on, the page may share memory with its
// search workers, which then stop a search in place through a shared flag. The app loads
// nothing from other origins, so the isolation costs it nothing.
const VERSION = 'dev';
const FILES = [];
// Files of the build fetched after the first load (scripts/later-files.mjs: the search workers,
// the evaluation network, the practice page), kept in the cache when first fetched.
const LATER = [];

const SCOPE = new URL('./', self.location).href;
const PREFIX = `xiangqi ${SCOPE} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  // `no-cache`: revalidate with the server, so an old copy in the HTTP cache is never kept.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: 'no-cache' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** Stops the keeping of the later files when a new version is about to take over (a file
 * fetched after it fails at once, and is kept on a later visit). */
const leaving = new AbortController();

self.addEventListener('message', (event) => {
  // The page's reload button: the new version (waiting) is told to take over, and the running
  // one (its `controller`) to stop keeping files, since the new one waits until its events are
  // done. The new one keeps them itself once the reloaded page is idle, so it must not stop.
  if (event.data === 'activate') self.skipWaiting();
  if (event.data === 'leave') leaving.abort();
  // The page, once it is idle, asks for the files fetched after the first load (the workers,
  // the network, the practice page's), so that every part works offline after one visit, whoever fetched
  // them first (a search worker started before this took charge of the page goes around it).
  if (event.data === 'keep') event.waitUntil(keepLater());
});

/** Fetches each file of LATER not yet kept, and keeps it, until a new version takes over. */
async function keepLater() {
  const cache = await caches.open(CACHE);
  for (const f of LATER) {
    const url = new URL(f, SCOPE).href;
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url, { cache: 'no-cache', signal: leaving.signal });
      if (response.ok) await cache.put(url, response);
    } catch {
      // Offline now, or leaving: the next visit asks again.
    }
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  // The page itself, whatever its address within the scope and its query (?fen=, ?embed=1),
  // is the copy fetched as "./" (some hosts redirect index.html to the folder).
  if (request.mode === 'navigate') url.href = SCOPE;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(url.href);
    if (kept) return isolated(kept);
    const response = await fetch(request);
    if (response.ok && LATER.some((f) => new URL(f, SCOPE).href === url.href)) {
      await cache.put(url.href, response.clone());
    }
    return isolated(response);
  })());
});

/** `response` with the cross-origin isolation headers (a redirect or an error as it is). */
function isolated(response) {
  if (response.status === 0 || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
