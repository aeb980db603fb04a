// One UCI transcript, tests/uci-transcript.txt, through both engines: the native `xiangqi uci`
// and the page's engine under node (scripts/wasm-uci). They speak the protocol of one crate
// (crates/uci), so they must answer it alike; the transcript's header says which lines the
// test leaves out or reads alike first. Run with `node --test tests/`; both engines are built
// first if missing or stale (scripts/test builds them in steps of their own).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const TARGET = process.env.CARGO_TARGET_DIR ? resolve(ROOT, process.env.CARGO_TARGET_DIR) : join(ROOT, 'target');
const WASM = join(ROOT, 'scripts', 'wasm-uci');
const NATIVE = join(TARGET, 'debug', 'xiangqi');

before(() => {
  const quiet = { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] };
  execFileSync('cargo', ['build', '--quiet', '-p', 'xiangqi-cli', '--bin', 'xiangqi'], quiet);
  execFileSync(WASM, ['--build'], quiet);
}, { timeout: 20 * 60_000 });

/** The transcript: each line sent, with the lines expected after it. */
function transcript() {
  const steps = [];
  const text = readFileSync(new URL('uci-transcript.txt', import.meta.url), 'utf8');
  for (const line of text.split('\n')) {
    if (line.startsWith('> ')) steps.push({ send: line.slice(2), expect: [] });
    else if (line.startsWith('< ')) steps.at(-1).expect.push(line.slice(2));
    else if (line.trim() !== '' && !line.startsWith('#')) throw new Error(`transcript: "${line}"`);
  }
  return steps;
}

/** A line as the transcript expects it, or null for a line it leaves out. */
function normalise(line) {
  if (line.startsWith('option name ')) return null;
  if (line.startsWith('id name ')) return 'id name Xiangqi';
  if (line.startsWith('info depth ')) line = line.replace(/ (seldepth|multipv|nps|time) \d+/g, '');
  return line.trimEnd();
}

/** Runs the transcript through the engine `command`: each line is sent once the lines
 * expected after the one before have come. Resolves to every line it wrote, normalised. */
async function run(command, steps) {
  const args = command === NATIVE ? ['uci'] : [];
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  // After `quit` nobody reads the input.
  child.stdin.on('error', () => {});
  const lines = [];
  let rest = '';
  let wake = () => {};
  child.stdout.on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop();
    for (const line of parts) {
      const kept = normalise(line);
      if (kept !== null) lines.push(kept);
    }
    wake();
  });
  const exited = new Promise((done) => child.on('exit', done));
  let expected = 0;
  for (const { send, expect } of steps) {
    child.stdin.write(`${send}\n`);
    expected += expect.length;
    const deadline = Date.now() + 60_000;
    while (lines.length < expected) {
      assert.ok(Date.now() < deadline, `${command}: no answer to "${send}": ${lines.join('\n')}`);
      await new Promise((done) => {
        wake = done;
        setTimeout(done, 50);
      });
    }
  }
  child.stdin.end();
  assert.equal(await exited, 0, command);
  return lines;
}

test('one UCI transcript gets the same answers from the native engine and the page’s engine', async () => {
  const steps = transcript();
  const expected = steps.flatMap((s) => s.expect);
  const [native, wasm] = await Promise.all([run(NATIVE, steps), run(WASM, steps)]);
  assert.deepEqual(native, expected, 'the native engine');
  assert.deepEqual(wasm, expected, 'the page’s engine');
});
