//! The transposition table the page's workers share where the page is cross-origin isolated:
//! a `SharedArrayBuffer` that every worker's engine searches on ([`SharedTable`]), as threads
//! share one table natively (Lazy SMP).
//!
//! A worker is a wasm instance without threads, whose own memory cannot be shared, so the
//! entries stay outside it and are reached through the calls of `www/shared-table.js` (the
//! global `xqTable`, which the worker loads before it takes the table): one to copy a bucket
//! into the scratch words below, one to write an entry.

use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
use wasm_bindgen::prelude::*;
use xiangqi_ai::{Backing, BUCKET};

/// Where `xqTable.read` copies a bucket: four 32-bit words per entry (data low and high,
/// check low and high).
static SCRATCH: [AtomicU32; BUCKET * 4] = [const { AtomicU32::new(0) }; BUCKET * 4];

/// The script that defines `xqTable`, beside the worker's loader in the build.
pub const SCRIPT: &str = "./shared-table.js";

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = xqTable, js_name = init)]
    fn table_init(buffer: &js_sys::SharedArrayBuffer, memory: &JsValue, scratch: u32);
    #[wasm_bindgen(js_namespace = xqTable, js_name = read)]
    fn table_read(first: u32);
    #[wasm_bindgen(js_namespace = xqTable, js_name = write)]
    fn table_write(index: u32, data_low: u32, data_high: u32, check_low: u32, check_high: u32);
    #[wasm_bindgen(js_namespace = xqTable, js_name = clear)]
    fn table_clear();
}

/// The table's size in bytes for `mb` megabytes: whole buckets of 16-byte entries.
pub fn table_bytes(mb: usize) -> u32 {
    (mb.clamp(1, 1024) * 1024 * 1024) as u32
}

/// The entries in a `SharedArrayBuffer`, through `xqTable` (loaded already): there is one per
/// worker, as there is one `xqTable`.
pub struct SharedTable {
    entries: usize,
}

impl SharedTable {
    /// The table in `buffer`, as it is (what other workers stored stays).
    pub fn new(buffer: &js_sys::SharedArrayBuffer) -> SharedTable {
        table_init(buffer, &wasm_bindgen::memory(), SCRATCH.as_ptr() as u32);
        SharedTable {
            entries: buffer.byte_length() as usize / 16 / BUCKET * BUCKET,
        }
    }
}

fn word(i: usize) -> u64 {
    u64::from(SCRATCH[i].load(Relaxed))
}

impl Backing for SharedTable {
    fn entries(&self) -> usize {
        self.entries
    }

    fn read_bucket(&self, first: usize) -> [(u64, u64); BUCKET] {
        table_read(first as u32);
        core::array::from_fn(|i| {
            let at = i * 4;
            (
                word(at) | word(at + 1) << 32,
                word(at + 2) | word(at + 3) << 32,
            )
        })
    }

    fn write(&self, index: usize, data: u64, check: u64) {
        table_write(
            index as u32,
            data as u32,
            (data >> 32) as u32,
            check as u32,
            (check >> 32) as u32,
        );
    }

    fn clear(&self) {
        table_clear();
    }
}
