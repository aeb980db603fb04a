// The evaluation network, fetched by a search worker once the page is up and searching (see
// crates/web/src/worker/network.rs): its bytes come back to the worker as a message of its
// own, an ArrayBuffer (the page's messages are Uint8Arrays). The service worker keeps the file once fetched, for offline play. A
// failed fetch leaves the worker on the hand-set evaluation.
globalThis.xqNetwork = (url) =>
  fetch(url)
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(r.status)))
    .then((b) => self.dispatchEvent(new MessageEvent('message', { data: b })))
    .catch(() => {});
// The opening book, the same way: its text comes back as a string. A failed fetch leaves the
// levels searching every move.
globalThis.xqBook = (url) =>
  fetch(url)
    .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
    .then((t) => self.dispatchEvent(new MessageEvent('message', { data: t })))
    .catch(() => {});
