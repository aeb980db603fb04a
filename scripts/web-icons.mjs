// Draws the app's icons as PNG files in www/icons/ with nothing but node's zlib: a cream
// piece with a red rim and the palace (a square with its two diagonals) in red.
// The maskable icon fills the whole square with the page colour and keeps the piece inside the
// central 80% circle, the safe zone that launchers never crop. It is also the large icon for
// every other use ("any maskable"): a second 512 px icon would cost the first load some 4.7 KB.
// Usage: node scripts/web-icons.mjs   (the PNGs are committed; run again only to change them)
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tests/harness.mjs';

const PAGE = [0xf6, 0xef, 0xe2];
const CREAM = [0xf5, 0xe2, 0xbb];
const RED = [0xb3, 0x16, 0x1c];

/** Colour at (x, y) in a unit square centred on 0.5, or null outside the piece. */
function shade(x, y, scale) {
  const dx = (x - 0.5) / scale;
  const dy = (y - 0.5) / scale;
  const r = Math.hypot(dx, dy);
  if (r > 0.5) return null;
  if (r > 0.44) return RED; // the rim
  // The palace: a square with both diagonals.
  const h = 0.2;
  const w = 0.022;
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax <= h + w && ay <= h + w) {
    if (ax >= h - w || ay >= h - w) return RED;
    if (Math.abs(ax - ay) <= w * Math.SQRT2) return RED;
  }
  return CREAM;
}

/** An RGBA image of `size` pixels, antialiased by 2x2 supersampling. */
function draw(size, { maskable }) {
  const scale = maskable ? 0.8 : 1;
  const px = Buffer.alloc(size * size * 4);
  const n = 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let j = 0; j < n; j++) {
        for (let i = 0; i < n; i++) {
          const c = shade((x + (i + 0.5) / n) / size, (y + (j + 0.5) / n) / size, scale) ?? (maskable ? PAGE : null);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      }
      const o = (y * size + x) * 4;
      if (a) {
        px[o] = Math.round(r / a); px[o + 1] = Math.round(g / a); px[o + 2] = Math.round(b / a);
        px[o + 3] = Math.round((a / (n * n)) * 255);
      }
    }
  }
  return px;
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** PNG bytes of an RGBA image, written with a palette (the icons have few distinct colours),
 */
function png(size, px) {
  const palette = new Map();
  const index = Buffer.alloc(size * size);
  for (let i = 0; i < size * size; i++) {
    // Coarser steps at the antialiased edges keep the palette within 256 colours.
    const q = (v) => Math.min(255, Math.round(v / 16) * 16);
    const a = q(px[i * 4 + 3]);
    const key = a === 0 ? 0 : ((q(px[i * 4]) << 24) | (q(px[i * 4 + 1]) << 16) | (q(px[i * 4 + 2]) << 8) | a) >>> 0;
    if (!palette.has(key)) palette.set(key, palette.size);
    index[i] = palette.get(key);
  }
  if (palette.size > 256) throw new Error(`${palette.size} colours`);
  const plte = Buffer.alloc(palette.size * 3);
  const trns = Buffer.alloc(palette.size);
  for (const [key, i] of palette) {
    plte[i * 3] = key >>> 24; plte[i * 3 + 1] = (key >>> 16) & 0xff; plte[i * 3 + 2] = (key >>> 8) & 0xff;
    trns[i] = key & 0xff;
  }
  // Four bits a pixel when the palette allows it: the rows are half as long to compress.
  const depth = palette.size <= 16 ? 4 : 8;
  const stride = Math.ceil((size * depth) / 8);
  const raw = Buffer.alloc((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const v = index[y * size + x];
      const o = y * (stride + 1) + 1;
      if (depth === 8) raw[o + x] = v;
      else raw[o + (x >> 1)] |= x & 1 ? v : v << 4;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = depth;
  ihdr[9] = 3; // palette
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
    chunk('tRNS', trns),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = join(ROOT, 'www', 'icons');
mkdirSync(dir, { recursive: true });
for (const [name, size, maskable] of [['icon-192.png', 192, false], ['maskable-512.png', 512, true]]) {
  const bytes = png(size, draw(size, { maskable }));
  writeFileSync(join(dir, name), bytes);
  console.log(`${join(dir, name)}: ${bytes.length} B`);
}
