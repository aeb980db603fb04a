//! The transposition table: what earlier searches learned about a position (best move,
//! score and its bound, depth), found by Zobrist hash.
//!
//! Buckets of four 16-byte entries (one 64-byte cache line); a new entry replaces the entry
//! of the same position, else the shallowest or oldest one. Mate scores are stored relative
//! to the node, not the root, so they stay right when found again at another ply.

use crate::MATE_BOUND;
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

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u32,
    mv: u16,
    score: i16,
    eval: i16,
    depth: i8,
    /// Bound in the low 2 bits, generation in the rest.
    flags: u8,
    _pad: u32,
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
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let buckets = (bytes / (16 * BUCKET)).max(1);
        Table {
            entries: vec![Entry::default(); buckets * BUCKET],
            buckets,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4);
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
        let key = (hash >> 32) as u32;
        let start = self.bucket(hash);
        self.entries[start..start + BUCKET]
            .iter()
            .find(|e| e.key == key && e.flags & 3 != 0)
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
        &mut self,
        hash: u64,
        ply: usize,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let key = (hash >> 32) as u32;
        let start = self.bucket(hash);
        let generation = self.generation;
        let bucket = &mut self.entries[start..start + BUCKET];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                // Replace the entry worth least: shallow and from an older search.
                let worth = |e: &Entry| {
                    let age = generation.wrapping_sub(e.flags & !3) as i32 / 4;
                    e.depth as i32 - 8 * age
                };
                (0..BUCKET).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            }
        };
        let e = &mut bucket[slot];
        // Keep a known best move when the new result has none.
        let mv = if mv.is_none() && e.key == key {
            e.mv
        } else {
            mv.raw()
        };
        // Do not let a shallow bound overwrite a deeper result of the same position.
        if e.key == key
            && bound != Bound::Exact
            && depth + 2 < e.depth as i32
            && e.flags & !3 == generation
        {
            e.mv = mv;
            return;
        }
        *e = Entry {
            key,
            mv,
            score: to_tt(score, ply) as i16,
            eval: eval.clamp(-32_000, 32_000) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: generation | bound as u8,
            _pad: 0,
        };
    }

    /// Per mille of the first thousand entries used by the current search (UCI hashfull).
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags & !3 == self.generation)
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
