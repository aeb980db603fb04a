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
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The flags' slots: the number of the last `go` that must stop, and why every search must
 * end (0 while none must). */
const STOP = 0;
const END = 1;
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
  const flags = new Int32Array(new SharedArrayBuffer(8));
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

function serve() {
  const { module, flags: buffer } = workerData;
  const flags = new Int32Array(buffer);
  const { Uci } = createRequire(import.meta.url)(module);
  const engine = new Uci();
  let go = 0; // the number of the `go` being handled
  const host = {
    write: writeLine,
    halted(endsByItself) {
      const end = Atomics.load(flags, END);
      return Atomics.load(flags, STOP) >= go || end === QUIT || (end === INPUT_ENDED && !endsByItself);
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

if (isMainThread) main();
else serve();
