//! The transposition table: what earlier searches learned about a position (best move,
//! score and its bound, depth), found by Zobrist hash.
//!
//! Buckets of four 16-byte entries (one 64-byte cache line); a new entry replaces the entry
//! of the same position, else the shallowest or oldest one. One table is shared by every
//! thread of a search, without locks (see [`Entry`]). Mate scores are stored relative
//! to the node, not the root, so they stay right when found again at another ply.
//!
//! The entries live in the table's own memory, or in a [`Backing`] outside it: memory that
//! several programs share, such as the page's search workers, each a wasm instance of its own
//! with no memory in common but a `SharedArrayBuffer` that all of them reach through calls.

mod memory;

use crate::score::MATE_BOUND;
use core::sync::atomic::AtomicU64;
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering::Relaxed;
use memory::Zeroed;
use std::sync::Arc;
use xiangqi::Move;

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored.
    None = 0,
    /// The true value is at most the score (all moves failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// One entry: the stored data packed in one word, and the position's hash XOR that word in
/// the other. Threads read and write entries without locks; an entry torn by two writers
/// fails the key check on read (the hash it gives back matches no position), so it is never
/// taken for another position's.
#[derive(Default)]
#[repr(C)]
struct Entry {
    data: AtomicU64,
    check: AtomicU64,
}

/// The fields of an entry's data word.
#[derive(Clone, Copy, Default)]
struct Data {
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    /// Bound in the low 2 bits, generation in the rest.
    flags: u8,
}

impl Data {
    #[inline(always)]
    fn pack(self) -> u64 {
        self.mv as u64
            | (self.score as u16 as u64) << 16
            | (self.eval as u16 as u64) << 32
            | (self.depth as u8 as u64) << 48
            | (self.flags as u64) << 56
    }

    #[inline(always)]
    fn unpack(w: u64) -> Data {
        Data {
            mv: w as u16,
            score: (w >> 16) as u16 as i16,
            eval: (w >> 32) as u16 as i16,
            depth: (w >> 48) as u8 as i8,
            flags: (w >> 56) as u8,
        }
    }
}

impl Entry {
    /// The entry's data if it holds `hash`.
    #[inline(always)]
    fn read(&self, hash: u64) -> Option<Data> {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (check ^ data == hash && data >> 56 & 3 != 0).then(|| Data::unpack(data))
    }

    /// The entry's data and whether it holds `hash`.
    #[inline(always)]
    fn peek(&self, hash: u64) -> (Data, bool) {
        let data = self.data.load(Relaxed);
        let check = self.check.load(Relaxed);
        (Data::unpack(data), check ^ data == hash)
    }

    #[inline(always)]
    fn write(&self, hash: u64, d: Data) {
        let data = d.pack();
        self.data.store(data, Relaxed);
        self.check.store(hash ^ data, Relaxed);
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move found before (may be `Move::NONE`).
    pub mv: Move,
    /// The score, adjusted to the probing ply.
    pub score: i32,
    /// The static evaluation stored with it.
    pub eval: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// How the score bounds the true value.
    pub bound: Bound,
}

/// Entries in a bucket.
pub const BUCKET: usize = 4;

/// Memory outside the table that holds its entries, shared with other programs that search
/// the same games (see the module's notes). An entry is two 64-bit words, its data and its
/// check (the position's hash XOR the data), read and written without locks as in the
/// table's own memory: a torn entry fails its check.
pub trait Backing: Send + Sync {
    /// How many entries it holds: a multiple of [`BUCKET`], at least one bucket.
    fn entries(&self) -> usize;
    /// The `(data, check)` words of the [`BUCKET`] entries from entry `first`.
    fn read_bucket(&self, first: usize) -> [(u64, u64); BUCKET];
    /// Writes entry `index`.
    fn write(&self, index: usize, data: u64, check: u64);
    /// Sets every word to zero.
    fn clear(&self);
}

/// A [`Backing`] in this program's own memory that clones share: for sessions on threads of
/// one program to share a table as programs do (tests of the page's workers run so natively).
#[derive(Clone)]
pub struct SharedEntries(Arc<Vec<AtomicU64>>);

impl SharedEntries {
    /// Entries of about `mb` megabytes (at least one bucket), all zero.
    pub fn new(mb: usize) -> SharedEntries {
        let entries = (mb.max(1) * 1024 * 1024 / 16).max(BUCKET) / BUCKET * BUCKET;
        SharedEntries(Arc::new(
            (0..entries * 2).map(|_| AtomicU64::new(0)).collect(),
        ))
    }

    /// How many entries hold something.
    pub fn used(&self) -> usize {
        self.0.chunks(2).filter(|e| e[0].load(Relaxed) != 0).count()
    }
}

impl Backing for SharedEntries {
    fn entries(&self) -> usize {
        self.0.len() / 2
    }

    fn read_bucket(&self, first: usize) -> [(u64, u64); BUCKET] {
        core::array::from_fn(|i| {
            let at = (first + i) * 2;
            (self.0[at].load(Relaxed), self.0[at + 1].load(Relaxed))
        })
    }

    fn write(&self, index: usize, data: u64, check: u64) {
        self.0[index * 2].store(data, Relaxed);
        self.0[index * 2 + 1].store(check, Relaxed);
    }

    fn clear(&self) {
        for w in self.0.iter() {
            w.store(0, Relaxed);
        }
    }
}

/// Where a table's entries live.
enum Store {
    Own(Zeroed<Entry>),
    Backed(Box<dyn Backing>),
}

/// A transposition table of a fixed size in megabytes.
pub struct Table {
    store: Store,
    buckets: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (16 * BUCKET)).max(1);
        Table {
            store: Store::Own(Zeroed::new(buckets * BUCKET)),
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// A table whose entries are `backing`'s (see [`Backing`]); as they are, not cleared.
    pub fn backed(backing: Box<dyn Backing>) -> Table {
        Table {
            buckets: (backing.entries() / BUCKET).max(1),
            store: Store::Backed(backing),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        match &self.store {
            Store::Own(entries) => {
                for e in entries.iter() {
                    e.data.store(0, Relaxed);
                    e.check.store(0, Relaxed);
                }
            }
            Store::Backed(backing) => backing.clear(),
        }
        self.generation.store(0, Relaxed);
    }

    /// The entries of the bucket from entry `start`: each as its data and whether it holds
    /// `hash`.
    #[inline(always)]
    fn peek_bucket(&self, start: usize, hash: u64) -> [(Data, bool); BUCKET] {
        match &self.store {
            Store::Own(entries) => {
                let bucket = &entries[start..start + BUCKET];
                core::array::from_fn(|i| bucket[i].peek(hash))
            }
            Store::Backed(backing) => backing
                .read_bucket(start)
                .map(|(data, check)| (Data::unpack(data), check ^ data == hash)),
        }
    }

    #[inline(always)]
    fn write(&self, index: usize, hash: u64, d: Data) {
        match &self.store {
            Store::Own(entries) => entries[index].write(hash, d),
            Store::Backed(backing) => {
                let data = d.pack();
                backing.write(index, data, hash ^ data);
            }
        }
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        self.generation.fetch_add(4, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> usize {
        // Multiply-shift maps the hash onto the bucket count without a division.
        (((hash as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET
    }

    /// Starts loading the bucket of `hash` into the cache, to be probed soon.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Store::Own(entries) = &self.store {
            // SAFETY: prefetching is a hint and the address is inside the table.
            unsafe {
                use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                let p = entries.as_ptr().add(self.bucket(hash));
                _mm_prefetch(p as *const i8, _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks `hash` up, at `ply` plies from the root.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let start = self.bucket(hash);
        let found = match &self.store {
            Store::Own(entries) => entries[start..start + BUCKET]
                .iter()
                .find_map(|e| e.read(hash)),
            Store::Backed(_) => self
                .peek_bucket(start, hash)
                .into_iter()
                .find_map(|(d, same)| (same && d.flags & 3 != 0).then_some(d)),
        };
        found.map(|e| Hit {
            mv: Move::from_raw(e.mv).unwrap_or(Move::NONE),
            score: from_tt(e.score as i32, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound: match e.flags & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                _ => Bound::Exact,
            },
        })
    }

    /// Stores a result for `hash` at `ply`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        hash: u64,
        ply: usize,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let start = self.bucket(hash);
        let generation = self.generation.load(Relaxed);
        let peeked = self.peek_bucket(start, hash);
        let slot = match peeked.iter().position(|&(_, same)| same) {
            Some(i) => i,
            None => {
                // Replace the entry worth least: shallow and from an older search.
                let worth = |d: &Data| {
                    let age = generation.wrapping_sub(d.flags & !3) as i32 / 4;
                    d.depth as i32 - 8 * age
                };
                (0..BUCKET)
                    .min_by_key(|&i| worth(&peeked[i].0))
                    .unwrap_or(0)
            }
        };
        let (old, same) = peeked[slot];
        // Keep a known best move when the new result has none.
        let mv = if mv.is_none() && same {
            old.mv
        } else {
            mv.raw()
        };
        // Do not let a shallow bound overwrite a deeper result of the same position.
        if same
            && bound != Bound::Exact
            && depth + 2 < old.depth as i32
            && old.flags & !3 == generation
        {
            self.write(start + slot, hash, Data { mv, ..old });
            return;
        }
        self.write(
            start + slot,
            hash,
            Data {
                mv,
                score: to_tt(score, ply) as i16,
                eval: eval.clamp(-32_000, 32_000) as i16,
                depth: depth.clamp(-1, 127) as i8,
                flags: generation | bound as u8,
            },
        );
    }

    /// Per mille of the first thousand entries used by the current search (UCI hashfull).
    pub fn hashfull(&self) -> u32 {
        let n = (self.buckets * BUCKET).min(1000);
        let generation = self.generation.load(Relaxed);
        let used = (0..n)
            .step_by(BUCKET)
            .flat_map(|start| self.peek_bucket(start, 0))
            .take(n)
            .map(|(d, _)| d.flags)
            .filter(|f| f & 3 != 0 && f & !3 == generation)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
