//! The strong searcher's state: what one thread's search keeps (its history, killers, path
//! and principal variations) and what the threads share (the transposition table, the
//! helpers' node count). It is made, resized and cleared here; `threads.rs` runs it on one or
//! more threads, `iterate.rs` deepens, `tree.rs` searches the tree.

use super::correction::Corrections;
use super::history::{Histories, Played};
use super::params::LMR_DIVISOR;
use crate::nnue::Network;
use crate::score::MATE;
use crate::time::Budget;
use crate::tt::Table;
use core::sync::atomic::AtomicU64;
use std::sync::Arc;
use xiangqi::Move;

/// Beyond every score: the bounds of a full window.
pub(super) const INF: i32 = MATE + 1;
/// Deepest ply the search reaches, quiescence included.
pub const MAX_PLY: usize = 96;
/// The deepest iteration: a deeper `depth` limit is read as this one (room is left above it
/// for extensions and quiescence within [`MAX_PLY`]).
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 4;

/// The strong searcher, with its transposition table and history kept between searches.
///
/// With more than one thread (Lazy SMP), helper searchers run the same iterative deepening
/// on other threads (the first at the main depth, then every other one a ply deeper: with two
/// threads, the same depth reached the bench depths sooner), sharing only the transposition table:
/// what they store steers the main search. The main thread alone reports and decides; it
/// stops the helpers when it is done.
pub(crate) struct Searcher {
    pub(super) tt: Arc<Table>,
    /// The evaluation network, if the search evaluates with one (the hand-set terms if not).
    pub(super) net: Option<Arc<Network>>,
    /// The helpers of a threaded search, each with its own history and killers.
    pub(super) helpers: Vec<Searcher>,
    /// Plies a helper adds to every iteration's depth (0 or 1), for diversity.
    pub(super) depth_offset: i32,
    /// Nodes counted by the helpers in the current search, added as they poll.
    pub(super) helper_nodes: Arc<AtomicU64>,
    /// True for a helper thread's searcher.
    pub(super) is_helper: bool,
    /// The node count at the last time a helper added its nodes to `helper_nodes`.
    pub(super) unpublished: u64,
    pub(super) histories: Histories,
    /// How far the static evaluation was from the search's results (`correction.rs`).
    pub(super) corrections: Corrections,
    /// The move played at each ply of the search path ([`Played::NONE`] for a null move).
    pub(super) played: [Played; MAX_PLY],
    /// The static evaluation at each ply of the search path (-INF in check).
    pub(super) evals: [i32; MAX_PLY],
    /// Set when a search stopped in the middle of an iteration after a move other than the
    /// previous best had been searched in full and found better: it is played.
    pub(super) root_improved: bool,
    pub(super) killers: [[Move; 2]; MAX_PLY],
    pub(super) lmr: [[u8; 64]; 64],
    pub(super) pv: Box<[[Move; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// (hash, side to move in check) of each position since the game's last capture, then
    /// of the search path; the last entry is the current node.
    pub(super) path: Vec<(u64, bool)>,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) budget: Budget,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::sharing(
            Arc::new(Table::new(hash_mb)),
            None,
            Arc::new(AtomicU64::new(0)),
        )
    }

    /// A searcher on the table `tt`: the main one, or the helper number `helper` (from 1).
    pub(super) fn sharing(
        tt: Arc<Table>,
        helper: Option<usize>,
        helper_nodes: Arc<AtomicU64>,
    ) -> Searcher {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = ((d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as u8;
            }
        }
        Searcher {
            tt,
            net: None,
            helpers: Vec::new(),
            depth_offset: helper.map_or(0, Searcher::offset),
            helper_nodes,
            is_helper: helper.is_some(),
            unpublished: 0,
            histories: Histories::new(),
            corrections: Corrections::new(),
            played: [Played::NONE; MAX_PLY],
            evals: [-INF; MAX_PLY],
            root_improved: false,
            killers: [[Move::NONE; 2]; MAX_PLY],
            lmr,
            pv: Box::new([[Move::NONE; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            path: Vec::with_capacity(512),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            budget: Budget::default(),
        }
    }

    /// The plies helper number `helper` (from 1) adds to each iteration's depth.
    pub(super) fn offset(helper: usize) -> i32 {
        ((helper + 1) % 2) as i32
    }

    /// Replaces the transposition table with one of `mb` megabytes.
    pub fn resize(&mut self, mb: usize) {
        self.use_table(Table::new(mb));
    }

    /// Searches on `table` from now on, with the threads it has.
    pub fn use_table(&mut self, table: Table) {
        self.tt = Arc::new(table);
        let threads = self.threads();
        self.set_threads(threads);
    }

    /// Evaluates with `net` from now on (the hand-set terms with `None`), on every thread.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
        let threads = self.threads();
        self.set_threads(threads);
    }

    /// The network the search evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.clear_own();
    }

    /// Forgets what this searcher and its helpers learned, keeping the table.
    pub fn clear_own(&mut self) {
        self.histories.clear();
        self.corrections.clear();
        self.killers = [[Move::NONE; 2]; MAX_PLY];
        for h in &mut self.helpers {
            h.histories.clear();
            h.corrections.clear();
            h.killers = [[Move::NONE; 2]; MAX_PLY];
        }
    }

    /// Per mille of the table in use.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}
