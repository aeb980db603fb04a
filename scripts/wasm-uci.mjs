// The page's search engine as a UCI engine under node: `node scripts/wasm-uci.mjs
// target/wasm-uci/uci.js` (scripts/wasm-uci builds that first). UCI on standard input and
// output; see docs/protocol.md.
//
// The wasm searches synchronously, so it runs in a worker thread, which handles the lines
// one at a time, in order. This main thread reads the input meanwhile: while a `go` is on its
// way or searching, it answers `isready` itself, and `stop`, `quit` and the commands that
// replace a search (`position`, `go`, `ucinewgame`, `setoption`) raise a flag in shared
// memory that the search polls through its clock (every thousand nodes or so). Every other
// line waits its turn in the worker.
//
// With `Threads` above one, the engine runs a strong search as the page's pool does, with
// helper threads (started when first needed, one engine each, kept for the engine's life) that
// stop on the same flags. With `Shared Table` (the default, as in a cross-origin isolated page)
// every engine searches on one table in a SharedArrayBuffer, through www/shared-table.js: the
// helpers help until the engine has answered. Without it the engine deals the root moves out,
// and the helpers send their replies back on a port of their own that the engine reads as it
// searches.
import { Worker, MessageChannel, isMainThread, parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readFileSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { runInThisContext } from 'node:vm';

/** Defines `xqTable`, the shared table's calls, in this thread, as a worker's importScripts does. */
function loadSharedTable() {
  const script = new URL('../www/shared-table.js', import.meta.url);
  runInThisContext(readFileSync(script, 'utf8'), { filename: script.pathname });
}

/** The flags' slots: the number of the last `go` that must stop, why every search must
 * end (0 while none must), and the number of the last `go` whose helpers must stop. */
const STOP = 0;
const END = 1;
const PARTS = 2;
/** The helpers' counters' slots: replies sent, and requests not yet finished. */
const REPLIES = 0;
const BUSY = 1;
const INPUT_ENDED = 1;
const QUIT = 2;

/** Words that end a running search before the worker handles them, as in the native engine. */
const STOPPING = new Set(['stop', 'quit', 'position', 'go', 'ucinewgame', 'setoption']);

/** Writes one line on standard output at once, from either thread. */
function writeLine(line) {
  const bytes = Buffer.from(`${line}\n`);
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(1, bytes, done);
    } catch (e) {
      if (e.code !== 'EAGAIN') {
        // Nobody is reading any more.
        process.exit(0);
      }
    }
  }
}

/** The first word of a line. */
const firstWord = (line) => line.trim().split(/\s+/)[0];

function main() {
  const module = process.argv[2];
  if (!module) {
    process.stderr.write('usage: node scripts/wasm-uci.mjs target/wasm-uci/uci.js\n');
    process.exit(2);
  }
  const flags = new Int32Array(new SharedArrayBuffer(12));
  const worker = new Worker(new URL(import.meta.url), { workerData: { module, flags: flags.buffer } });
  let goes = 0; // `go` lines sent to the worker
  const sent = []; // for each line the worker has not yet handled: whether it is a `go`
  let ending = false;
  const searching = () => sent.includes(true);
  const stopSearches = () => {
    Atomics.store(flags, STOP, goes);
    Atomics.notify(flags, STOP);
  };
  const end = (why) => {
    ending = true;
    Atomics.store(flags, END, why);
    Atomics.notify(flags, STOP);
    if (sent.length === 0) process.exit(0);
  };
  worker.on('message', ({ quit }) => {
    sent.shift();
    if (quit || (ending && sent.length === 0)) process.exit(0);
  });
  worker.on('error', (e) => {
    writeLine(`info string the engine failed: ${String(e).replace(/\s+/g, ' ')}`);
    process.exit(1);
  });
  worker.on('exit', (code) => process.exit(code === 0 ? 1 : code));
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  input.on('line', (line) => {
    if (ending) return;
    const word = firstWord(line);
    if (searching()) {
      if (word === 'isready') return writeLine('readyok');
      if (STOPPING.has(word)) stopSearches();
    }
    const go = word === 'go';
    if (go) goes += 1;
    sent.push(go);
    worker.postMessage({ line, go: go ? goes : 0 });
    if (word === 'quit') end(QUIT);
  });
  input.on('close', () => end(INPUT_ENDED));
}

/** Whether search number `go` must end, by the flags (see `main`); a helper's also once the
 * engine has answered it. */
function halted(flags, go, endsByItself, helper = false) {
  if (helper && Atomics.load(flags, PARTS) >= go) return true;
  const end = Atomics.load(flags, END);
  return Atomics.load(flags, STOP) >= go || end === QUIT || (end === INPUT_ENDED && !endsByItself);
}

function serve() {
  const { module, flags: buffer } = workerData;
  const flags = new Int32Array(buffer);
  loadSharedTable();
  const { Uci } = createRequire(import.meta.url)(module);
  const engine = new Uci();
  let go = 0; // the number of the `go` being handled
  let table = null; // the shared table, once made
  // The helpers, by index (from 1): { worker, port, busy }; a counter they raise on each
  // reply, and one of the requests they have not finished.
  const helpers = [];
  const replies = new Int32Array(new SharedArrayBuffer(8));
  const helper = (index) => {
    if (!helpers[index]) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { module, flags: buffer, helper: { port: port2, replies: replies.buffer } },
        transferList: [port2],
      });
      worker.on('error', (e) => {
        writeLine(`info string a helper failed: ${String(e).replace(/\s+/g, ' ')}`);
        process.exit(1);
      });
      worker.unref();
      helpers[index] = { worker, port: port1 };
    }
    return helpers[index];
  };
  const host = {
    write: writeLine,
    halted: (endsByItself) => halted(flags, go, endsByItself),
    startPart(index, bytes, endsByItself) {
      // A copy: the bytes are a view of the wasm memory.
      Atomics.add(replies, BUSY, 1);
      const h = helper(index);
      // The table goes once: each message would make it a new object in the helper.
      const fresh = h.table !== table;
      h.table = table;
      h.port.postMessage({ bytes: bytes.slice(), go, endsByItself, table: fresh ? table : null });
    },
    nextPart(wait) {
      for (;;) {
        const seen = Atomics.load(replies, REPLIES);
        for (let i = 1; i < helpers.length; i++) {
          const message = helpers[i] && receiveMessageOnPort(helpers[i].port);
          if (message) return [i, message.message.bytes];
        }
        if (!wait) return undefined;
        Atomics.wait(replies, REPLIES, seen, 1000);
      }
    },
    endParts() {
      Atomics.store(flags, PARTS, go);
      while (Atomics.load(replies, BUSY) > 0) Atomics.wait(replies, BUSY, Atomics.load(replies, BUSY), 100);
      for (const h of helpers) while (h && receiveMessageOnPort(h.port));
    },
    sharedTable(bytes) {
      table = new SharedArrayBuffer(bytes);
      return table;
    },
    // `EvalFile`: node's message for a file that cannot be read names it already.
    readFile(path) {
      try {
        return readFileSync(path);
      } catch (e) {
        throw new Error(e.code === 'ENOENT' ? 'no such file' : e.message);
      }
    },
    waitForStop() {
      while (Atomics.load(flags, STOP) < go && Atomics.load(flags, END) === 0) {
        Atomics.wait(flags, STOP, Atomics.load(flags, STOP), 100);
      }
    },
  };
  parentPort.on('message', (message) => {
    go = message.go;
    let goesOn;
    try {
      goesOn = engine.line(message.line, host);
    } catch (e) {
      // A trap leaves the instance unusable: the engine says so and ends.
      writeLine(`info string the engine failed: ${String(e).replace(/\s+/g, ' ')}`);
      process.exit(1);
    }
    parentPort.postMessage({ quit: !goesOn });
  });
}

/** A helper thread: answers the shares of split searches with an engine of its own. */
function help() {
  const { module, flags: buffer, helper: { port, replies: counter } } = workerData;
  const flags = new Int32Array(buffer);
  const replies = new Int32Array(counter);
  loadSharedTable();
  const { Helper } = createRequire(import.meta.url)(module);
  const engine = new Helper();
  port.on('message', ({ bytes, go, endsByItself, table }) => {
    if (table) engine.shareTable(table);
    const host = {
      halted: () => halted(flags, go, endsByItself, true),
      reply(reply) {
        port.postMessage({ bytes: reply.slice() });
        Atomics.add(replies, REPLIES, 1);
        Atomics.notify(replies, REPLIES);
      },
    };
    try {
      engine.answer(bytes, host);
    } catch (e) {
      writeLine(`info string a helper failed: ${String(e).replace(/\s+/g, ' ')}`);
      process.exit(1);
    }
    Atomics.sub(replies, BUSY, 1);
    Atomics.notify(replies, BUSY);
  });
}

if (isMainThread) main();
else if (workerData.helper) help();
else serve();
