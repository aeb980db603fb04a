//! The transposition table: what earlier searches learned about a position (best move,
//! score and its bound, depth), found by Zobrist hash.
//!
//! Buckets of four 16-byte entries (one 64-byte cache line); a new entry replaces the entry
//! of the same position, else the shallowest or oldest one. One table is shared by every
//! thread of a search, without locks (see [`Entry`]). Mate scores are stored relative
//! to the node, not the root, so they stay right when found again at another ply.

use crate::score::MATE_BOUND;
use core::sync::atomic::AtomicU64;
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering::Relaxed;
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

const BUCKET: usize = 4;

/// A transposition table of a fixed size in megabytes.
pub struct Table {
    entries: Vec<Entry>,
    buckets: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (16 * BUCKET)).max(1);
        Table {
            entries: (0..buckets * BUCKET).map(|_| Entry::default()).collect(),
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for e in &self.entries {
            e.data.store(0, Relaxed);
            e.check.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
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
        // SAFETY: prefetching is a hint and the address is inside the table.
        unsafe {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.entries.as_ptr().add(self.bucket(hash));
            _mm_prefetch(p as *const i8, _MM_HINT_T0);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks `hash` up, at `ply` plies from the root.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let start = self.bucket(hash);
        self.entries[start..start + BUCKET]
            .iter()
            .find_map(|e| e.read(hash))
            .map(|e| Hit {
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
        let bucket = &self.entries[start..start + BUCKET];
        let peeked: [(Data, bool); BUCKET] = core::array::from_fn(|i| bucket[i].peek(hash));
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
            bucket[slot].write(hash, Data { mv, ..old });
            return;
        }
        bucket[slot].write(
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
        let n = self.entries.len().min(1000);
        let generation = self.generation.load(Relaxed);
        let used = self.entries[..n]
            .iter()
            .map(|e| Data::unpack(e.data.load(Relaxed)).flags)
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
