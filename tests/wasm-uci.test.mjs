// The page's engine as a UCI engine (scripts/wasm-uci): the protocol, `stop` while it searches,
// and the move the native engine chooses. Run with `node --test tests/`; the engine is built
// first if it is missing or stale (scripts/test builds it in a step of its own).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withinBudget } from './harness.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const SCRIPT = join(ROOT, 'scripts', 'wasm-uci');

before(() => {
  execFileSync(SCRIPT, ['--build'], { stdio: ['ignore', 'inherit', 'inherit'] });
}, { timeout: 20 * 60_000 });

/** A UCI engine process: lines in, lines out. */
class Engine {
  constructor(command, args = []) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.lines = [];
    this.waiters = [];
    let rest = '';
    this.child.stdout.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop();
      for (const line of parts) this.lines.push({ line: line.trimEnd(), at: Date.now() });
      this.wake();
    });
    this.exited = new Promise((done) => this.child.on('exit', (code) => done(code)));
    this.child.on('exit', () => this.wake());
  }

  wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  send(...lines) {
    for (const line of lines) this.child.stdin.write(`${line}\n`);
  }

  /** Resolves to every line up to the first one whose first word is `word`, removing them. */
  async until(word, ms = 10_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.lines.findIndex((l) => l.line.split(' ')[0] === word);
      if (i >= 0) return this.lines.splice(0, i + 1);
      const left = deadline - Date.now();
      if (left <= 0 || this.child.exitCode !== null) {
        throw new Error(`no "${word}" in ${left <= 0 ? ms + ' ms' : 'the output'}: ${JSON.stringify(this.lines)}`);
      }
      await new Promise((done) => {
        this.waiters.push(done);
        setTimeout(done, Math.min(left, 50));
      });
    }
  }

  async quit() {
    this.send('quit');
    return this.exited;
  }
}

const wasm = () => new Engine(SCRIPT);
const words = (lines) => lines.map((l) => l.line);
const moveOf = (lines) => lines.at(-1).line.split(' ')[1];

test('the handshake names the engine and its options', async () => {
  const engine = wasm();
  engine.send('uci');
  const hello = words(await engine.until('uciok', 30_000));
  assert.match(hello[0], /^id name Xiangqi .* \(wasm\)$/);
  assert.ok(hello.includes('option name Level type spin default 0 min 0 max 26'), hello.join('\n'));
  engine.send('isready');
  assert.deepEqual(words(await engine.until('readyok')), ['readyok']);
  assert.equal(await engine.quit(), 0);
});

test('a timed search answers a legal move in time', async (t) => {
  const engine = wasm();
  engine.send('uci', 'isready');
  await engine.until('readyok', 30_000);
  let search;
  await withinBudget(t, '"go movetime 200" to its bestmove', 1500, async () => {
    engine.send('ucinewgame', 'position startpos moves h2e2', 'go movetime 200');
    const sent = Date.now();
    search = await engine.until('bestmove');
    const took = search.at(-1).at - sent;
    assert.ok(took >= 190, `it used its time: ${took} ms`);
    return took;
  });
  assert.match(search.at(-2).line, /^info depth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv /);
  const best = moveOf(search);
  // The rules say whether it is legal: a position with it played is taken without a word.
  engine.send(`position startpos moves h2e2 ${best}`, 'isready');
  assert.deepEqual(words(await engine.until('readyok')), ['readyok'], best);
  assert.equal(await engine.quit(), 0);
});

test('go infinite answers isready while it searches, and stop at once', async (t) => {
  const engine = wasm();
  engine.send('uci', 'isready');
  await engine.until('readyok', 30_000);
  engine.send('position startpos');
  let answer;
  await withinBudget(t, '"isready" during "go infinite" to its readyok, and "stop" to its bestmove', 500, async () => {
    engine.send('go infinite');
    await engine.until('info');
    await new Promise((done) => setTimeout(done, 300));
    const asked = Date.now();
    engine.send('isready');
    const ready = await engine.until('readyok', 10_000);
    assert.ok(!words(ready).some((l) => l.startsWith('bestmove')), 'still searching');
    const sent = Date.now();
    engine.send('stop');
    answer = await engine.until('bestmove', 10_000);
    return Math.max(ready.at(-1).at - asked, answer.at(-1).at - sent);
  });
  assert.match(moveOf(answer), /^[a-i][0-9][a-i][0-9]$/);
  // quit during a search ends it too, and the process.
  engine.send('go infinite');
  await engine.until('info');
  assert.equal(await engine.quit(), 0);
});

/** Starts `go infinite`, sends `stop` 300 ms into it, and checks the answer comes within 500 ms. */
async function stopsAtOnce(t, engine) {
  await withinBudget(t, '"stop" 300 ms into "go infinite" to its bestmove', 500, async () => {
    engine.send('go infinite');
    await engine.until('info');
    await new Promise((done) => setTimeout(done, 300));
    const sent = Date.now();
    engine.send('stop');
    const answer = await engine.until('bestmove', 10_000);
    return answer.at(-1).at - sent;
  });
}

test('with Threads 2 and a shared table a helper searches beside the engine, and stops with it', async (t) => {
  const engine = wasm();
  engine.send('uci', 'setoption name Threads value 2', 'isready');
  const hello = words(await engine.until('readyok', 30_000));
  assert.ok(hello.includes('option name Shared Table type check default true'), hello.join('\n'));
  engine.send('position startpos moves h2e2', 'go depth 9');
  const helped = await engine.until('bestmove', 30_000);
  assert.match(helped.at(-2).line, /^info depth 9 /);
  engine.send(`position startpos moves h2e2 ${moveOf(helped)}`, 'isready');
  assert.deepEqual(words(await engine.until('readyok')), ['readyok'], 'a legal move');
  // A timed move ends with its time, the helper with it: the next search starts at once.
  await withinBudget(t, 'the slowest of three "go movetime 200" in a row, to its bestmove', 1000, async () => {
    let slowest = 0;
    for (let i = 0; i < 3; i++) {
      const sent = Date.now();
      engine.send('position startpos moves h2e2 h9g7', 'go movetime 200');
      const answer = await engine.until('bestmove', 10_000);
      slowest = Math.max(slowest, answer.at(-1).at - sent);
    }
    return slowest;
  });
  await stopsAtOnce(t, engine);
  assert.equal(await engine.quit(), 0);
});

test('with Threads 2 and no shared table the search is dealt out to a helper, as the pool of two in a page that is not isolated deals it', async (t) => {
  const engine = wasm();
  engine.send('uci', 'setoption name Shared Table value false', 'setoption name Threads value 2', 'isready');
  const hello = words(await engine.until('readyok', 30_000));
  assert.ok(hello.includes('option name Threads type spin default 1 min 1 max 4'), hello.join('\n'));
  // At a fixed depth each worker searches half the root moves: together about the nodes of
  // one search of them all, and one merged line.
  engine.send('position startpos moves h2e2', 'go depth 7');
  const split = await engine.until('bestmove', 30_000);
  engine.send('setoption name Threads value 1', 'ucinewgame', 'position startpos moves h2e2', 'go depth 7');
  const whole = await engine.until('bestmove', 30_000);
  const nodes = (lines) => Number(lines.at(-2).line.match(/ nodes (\d+)/)[1]);
  assert.match(split.at(-2).line, /^info depth 7 /);
  assert.ok(nodes(split) > nodes(whole) / 2, `${nodes(split)} against ${nodes(whole)}`);
  engine.send(`position startpos moves h2e2 ${moveOf(split)}`, 'isready');
  assert.deepEqual(words(await engine.until('readyok')), ['readyok'], 'a legal move');
  // stop ends both workers' searches.
  engine.send('setoption name Threads value 2');
  await stopsAtOnce(t, engine);
  assert.equal(await engine.quit(), 0);
});

test('lines that cannot be used are answered with info string, and every go with a bestmove', async () => {
  const engine = wasm();
  // An illegal move keeps the moves before it; a bad number of go is named and passed over.
  engine.send('hello', 'setoption name Level value 27', 'position startpos moves h2e2 h2e2', 'go depth 1 nodes x');
  let out = words(await engine.until('bestmove', 30_000));
  const notes = out.filter((l) => l.startsWith('info string '));
  assert.equal(notes.length, 4, out.join('\n'));
  assert.match(notes[2], /move 2 \(h2e2\) is not legal; the moves before it stand/, out.join('\n'));
  assert.match(notes[3], /nodes "x"/, out.join('\n'));
  assert.match(out.at(-1), /^bestmove [a-i][5-9][a-i]\d/, 'a move of Black, after h2e2');
  // A depth out of range is held to it.
  engine.send('position startpos', 'go depth -1');
  out = words(await engine.until('bestmove', 30_000));
  assert.match(out.find((l) => l.startsWith('info string ')) ?? '', /depth/, out.join('\n'));
  assert.notEqual(out.at(-1).split(' ')[1], '(none)');
  engine.send('position startpos', 'go depth 2');
  assert.notEqual(moveOf(await engine.until('bestmove')), '(none)');
  // The end of the input ends the process once the last search has answered.
  engine.send('go depth 3');
  engine.child.stdin.end();
  assert.equal(await engine.exited, 0);
  assert.ok(words(engine.lines).at(-1).startsWith('bestmove '), words(engine.lines).join('\n'));
});

/** The native engine, if it is built. */
function nativeEngine() {
  const target = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
  return ['release', 'debug'].map((p) => join(target, p, 'xiangqi')).find((p) => existsSync(p));
}

test('at a fixed depth it searches what the native engine searches, node for node, with the network and without', async (t) => {
  const native = nativeEngine();
  if (!native) return t.skip('the native xiangqi is not built');
  const positions = [
    'position startpos',
    'position startpos moves h2e2 h9g7 h0g2 i9h9',
    'position fen 1rbakab2/9/2n1c1nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1',
  ];
  const bestmoves = async (engine, evalFile) => {
    const out = [];
    engine.send('uci', 'setoption name Level value 0', `setoption name EvalFile value ${evalFile}`);
    for (const position of positions) {
      engine.send('ucinewgame', position, 'go depth 6');
      const search = await engine.until('bestmove', 60_000);
      // The last iteration's figures (the native engine says more on the line).
      const info = search.at(-2).line.split(' ');
      const after = (word, n = 1) => info.slice(info.indexOf(word) + 1, info.indexOf(word) + 1 + n).join(' ');
      out.push({
        move: moveOf(search),
        depth: after('depth'),
        score: after('score', 2),
        nodes: after('nodes'),
        pv: info.slice(info.indexOf('pv') + 1).join(' '),
      });
    }
    await engine.quit();
    return out;
  };
  // The network the native engine has built in, read from its file by the page's engine
  // (vector loops of another instruction set, the same sums).
  const network = fileURLToPath(new URL('../crates/xiangqi-ai/nets/xq-r1.nnue', import.meta.url));
  const [wasmNet, nativeNet] = await Promise.all([bestmoves(wasm(), network), bestmoves(new Engine(native), '<built-in>')]);
  assert.deepEqual(wasmNet, nativeNet);
  const [wasmHand, nativeHand] = await Promise.all([bestmoves(wasm(), '<empty>'), bestmoves(new Engine(native), '<empty>')]);
  assert.deepEqual(wasmHand, nativeHand);
  assert.notDeepEqual(wasmNet, wasmHand, 'the network changes the search');
});
