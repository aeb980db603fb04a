// The search's speed with an evaluation network, the page's engine against the native one:
//   node scripts/nnue-nps.mjs NET [MS] [ROUNDS]
// Runs the native `xiangqi` (target/release, built first by the caller: `cargo build
// --release -p xiangqi-cli`) and the page's engine under node (`scripts/wasm-uci`, which builds
// itself), one after the other, each with `EvalFile` set to NET, then each with the hand-set
// evaluation, on four of the bench positions (start, two openings, a middlegame) for MS
// milliseconds each (default 2000), ROUNDS times (default 3). It prints each run's nodes per
// second (the last `info` line's), the medians, and the ratios wasm / native.
//   --other DIR   also times another build of the page's engine with the network, in turn with
//                 the others (DIR holds its uci.js: a copy of target/wasm-uci made before a
//                 change), and prints this build's nodes per second over that one's.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const otherAt = args.indexOf('--other');
const other = otherAt >= 0 ? args.splice(otherAt, 2)[1] : null;
const [net, ms = '2000', rounds = '3'] = args;
if (other !== null && !existsSync(join(other ?? '', 'uci.js'))) {
  process.stderr.write(`--other: no uci.js in ${other}\n`);
  process.exit(2);
}
if (!net || !existsSync(net)) {
  process.stderr.write('usage: node scripts/nnue-nps.mjs NET [MS] [ROUNDS] (NET: a file `xiangqi train --out` wrote)\n');
  process.exit(2);
}
const native = join(root, 'target/release/xiangqi');
if (!existsSync(native)) {
  process.stderr.write('build the native engine first: cargo build --release -p xiangqi-cli\n');
  process.exit(2);
}
const wasm = join(root, 'scripts/wasm-uci');

const POSITIONS = [
  ['start', 'position startpos'],
  ['central cannon vs screen horses', 'position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7'],
  ['elephant opening', 'position startpos moves c0e2 h7e7 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7'],
  ['middlegame', 'position fen r1bakab1r/9/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1'],
];

/** Nodes per second of each position's search by `program` with `evalFile` ('' for none). */
function run([program, ...programArgs], evalFile) {
  return new Promise((done, fail) => {
    const engine = spawn(program, programArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
    const results = [];
    let last = null;
    let buffer = '';
    let next = 0;
    const send = (line) => engine.stdin.write(`${line}\n`);
    const ask = () => {
      if (next === POSITIONS.length) {
        send('quit');
        return;
      }
      send('ucinewgame');
      send(POSITIONS[next][1]);
      send(`go movetime ${ms}`);
    };
    engine.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('info string') && evalFile) fail(new Error(`${program}: ${line}`));
        const nps = / nps (\d+)/.exec(line);
        if (nps) last = Number(nps[1]);
        if (line === 'uciok') {
          if (evalFile) send(`setoption name EvalFile value ${resolve(evalFile)}`);
          ask();
        }
        if (line.startsWith('bestmove')) {
          results.push(last);
          last = null;
          next++;
          ask();
        }
      }
    });
    engine.on('exit', () => (results.length === POSITIONS.length ? done(results) : fail(new Error(`${program} ended early`))));
    send('uci');
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const engines = [
  ['native, network', [native], net],
  ['wasm, network', [wasm], net],
  ['native, hand-set', [native], ''],
  ['wasm, hand-set', [wasm], ''],
];
if (other) engines.push(['other wasm, network', [process.execPath, join(root, 'scripts/wasm-uci.mjs'), join(resolve(other), 'uci.js')], net]);
const runs = Object.fromEntries(engines.map(([name]) => [name, []]));
for (let r = 0; r < Number(rounds); r++) {
  for (const [name, program, file] of engines) {
    const nps = await run(program, file);
    // Each run's figure: the positions' nodes per second, averaged.
    const mean = Math.round(sum(nps) / nps.length);
    runs[name].push(mean);
    console.log(`round ${r + 1}, ${name}: ${nps.join(', ')} nodes/s; mean ${mean}`);
  }
}
const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]));
for (const [k, v] of Object.entries(m)) console.log(`median ${k}: ${v} nodes/s`);
console.log(`wasm / native with the network: ${(m['wasm, network'] / m['native, network']).toFixed(3)}`);
console.log(`wasm / native, hand-set: ${(m['wasm, hand-set'] / m['native, hand-set']).toFixed(3)}`);
console.log(`network / hand-set: native ${(m['native, network'] / m['native, hand-set']).toFixed(3)}, wasm ${(m['wasm, network'] / m['wasm, hand-set']).toFixed(3)}`);
if (other) console.log(`this wasm / the other with the network: ${(m['wasm, network'] / m['other wasm, network']).toFixed(3)}`);
