// The transposition table the search workers share where the page is cross-origin isolated
// (see crates/web/src/worker/shared_table.rs); also loaded by scripts/wasm-uci.mjs.
globalThis.xqTable = (() => {
  let table, memory, view, scratch;
  let writes = 0;
  // A new view once the wasm memory has grown (the old one is then empty).
  const words = () => (view.length ? view : (view = new Uint32Array(memory.buffer)));
  return {
    init(buffer, wasmMemory, address) {
      table = new Uint32Array(buffer);
      memory = wasmMemory;
      view = new Uint32Array(memory.buffer);
      scratch = address >>> 2;
    },
    // Copies the bucket of four entries from entry `first` (four words each: data and check,
    // low and high) to the engine's scratch words.
    read(first) {
      const w = words();
      for (let i = 0, at = first * 4; i < 16; i++) w[scratch + i] = table[at + i];
    },
    write(index, dataLow, dataHigh, checkLow, checkHigh) {
      const at = index * 4;
      table[at] = dataLow;
      table[at + 1] = dataHigh;
      table[at + 2] = checkLow;
      table[at + 3] = checkHigh;
      writes++;
    },
    clear() {
      table.fill(0);
    },
    get writes() {
      return writes;
    },
    get buffer() {
      return table.buffer;
    },
  };
})();
