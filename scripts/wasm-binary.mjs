// Reading and writing the pieces of a wasm module's binary form that the build's rewrites of a
// module share (scripts/wasm-imports.mjs, scripts/wasm-warm.mjs): LEB128 numbers, byte
// vectors and the import section's entries.

/** Unsigned LEB128 of `n`. */
export function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

/** Reads an unsigned LEB128 at `at` in `bytes`: [value, next offset]. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** Reads a vector of bytes (its LEB128 length, then the bytes) at `at` in `bytes`: [the
 * bytes, next offset]. */
export function readBytes(bytes, at) {
  const [len, p] = readLeb(bytes, at);
  return [bytes.subarray(p, p + len), p + len];
}

const decoder = new TextDecoder();

/**
 * The import at `at` in `bytes` (an import section's body): its module and name, its kind (0
 * function, 1 table, 2 memory, 3 global), its description's bytes (the kind and what follows
 * it), and the offset after it. Throws on a kind it does not know.
 */
export function readImport(bytes, at) {
  let p = at;
  const text = () => {
    let raw;
    [raw, p] = readBytes(bytes, p);
    return decoder.decode(raw);
  };
  const module = text();
  const name = text();
  const start = p;
  const kind = bytes[p++];
  const limits = () => {
    const flags = bytes[p++];
    [, p] = readLeb(bytes, p);
    if (flags & 1) [, p] = readLeb(bytes, p);
  };
  if (kind === 0) [, p] = readLeb(bytes, p);
  else if (kind === 1) {
    p++;
    limits();
  } else if (kind === 2) limits();
  else if (kind === 3) p += 2;
  else throw new Error(`import ${module} ${name}: unknown kind ${kind}`);
  return { module, name, kind, description: bytes.subarray(start, p), next: p };
}
