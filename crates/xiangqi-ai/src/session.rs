//! The engine session: one protocol-neutral engine that every front end drives.
//!
//! A [`Session`] owns what a search learns and the next one can use: the strong search's
//! transposition table, history and killers. It keeps them for the life of a game, so the
//! second move of a game starts from what the first search found; [`Session::new_game`]
//! forgets them. Each search is a [`Task`]: which [`Player`] thinks, within which [`Limits`].
//! The caller passes in the clock (milliseconds since the search began) and the stop flag,
//! so the same session runs natively on a thread and in a web worker. UCI, the terminal
//! player, the match runner and the web worker are thin layers over it.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_ai::{Limits, Player, Session, Task};
//! let mut session = Session::new(4);
//! let task = Task { player: Player::Strong, limits: Limits::depth(3) };
//! let game = Game::new();
//! let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(thought.best.unwrap()));
//! ```

use crate::alphabeta;
use crate::greedy;
use crate::search::Searcher;
use crate::{Info, Thought};
use core::sync::atomic::AtomicBool;
use xiangqi::{Color, Game, Move};

/// Transposition table size of a session unless the caller asks otherwise, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Time left on a game clock, as UCI's `wtime btime winc binc movestogo` give it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameClock {
    /// Milliseconds left for Red, then for Black.
    pub time_ms: [u64; 2],
    /// Milliseconds added after each move, Red's then Black's.
    pub inc_ms: [u64; 2],
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// When a search must stop, and what it may choose from. Every player honours every field.
///
/// With no depth, node, time or clock limit and not `infinite`, a player searches to its own
/// default depth (the greedy player one ply, the alpha-beta player its configured depth, the
/// strong search as deep as it can: give it a limit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limits {
    /// Search to this many plies.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think for this many milliseconds.
    pub movetime_ms: Option<u64>,
    /// Plan the time from the game clock (of the side to move).
    pub clock: Option<GameClock>,
    /// Search until stopped (depth and node limits still apply).
    pub infinite: bool,
    /// Choose only among these moves (those of them that are legal); empty means all.
    pub searchmoves: Vec<Move>,
    /// Lines to report (analysis and hints); 0 and 1 both mean one.
    pub multipv: u32,
}

impl Limits {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Think for `ms` milliseconds.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// Search until stopped.
    pub fn infinite() -> Limits {
        Limits {
            infinite: true,
            ..Limits::default()
        }
    }

    /// True if something other than depth bounds the search (time, nodes, or a stop).
    pub(crate) fn has_budget(&self) -> bool {
        self.nodes.is_some() || self.movetime_ms.is_some() || self.clock.is_some() || self.infinite
    }

    /// The time plan for `turn` to move: (soft, hard) milliseconds. Soft: start no new
    /// iteration after it; hard: abort the search at it. `None` when time does not bound the
    /// search.
    pub(crate) fn time_plan(&self, turn: Color) -> (Option<u64>, Option<u64>) {
        if self.infinite {
            return (None, None);
        }
        let mut soft = self.movetime_ms.map(|ms| ms.max(1));
        let mut hard = soft;
        if let Some(clock) = self.clock {
            let (s, h) = clock_plan(
                clock.time_ms[turn.index()],
                clock.inc_ms[turn.index()],
                clock.moves_to_go,
            );
            soft = Some(soft.map_or(s, |m| m.min(s)));
            hard = Some(hard.map_or(h, |m| m.min(h)));
        }
        (soft, hard)
    }

    /// True if the game clock sets `turn`'s time: a clock is given and its plan is no longer
    /// than any `movetime` (which then only caps it). The search may then stretch or shrink
    /// its planned time as the position calls for.
    pub(crate) fn clock_binds(&self, turn: Color) -> bool {
        let Some(clock) = self.clock else {
            return false;
        };
        let (soft, _) = clock_plan(
            clock.time_ms[turn.index()],
            clock.inc_ms[turn.index()],
            clock.moves_to_go,
        );
        !self.infinite && self.movetime_ms.map_or(true, |m| soft <= m)
    }

    /// The moves of `legal` the search may choose from: the listed ones that are legal, or
    /// all of them when none is listed (or none of those listed is legal).
    pub(crate) fn allows(&self, m: Move, legal: &[Move]) -> bool {
        self.searchmoves.is_empty()
            || !self.searchmoves.iter().any(|s| legal.contains(s))
            || self.searchmoves.contains(&m)
    }
}

/// Limits for a game clock: `time_ms` left, `inc_ms` per move, `moves_to_go` until the next
/// time control (if any). Plans on spending a share of the time left, may stretch to three
/// times that while an iteration finishes, and never more than a third of it.
fn clock_plan(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> (u64, u64) {
    let moves = moves_to_go.unwrap_or(30).clamp(1, 50) as u64;
    let reserve = 50.min(time_ms / 10);
    let usable = time_ms.saturating_sub(reserve);
    let soft = (usable / moves + inc_ms * 3 / 4).min(usable / 3).max(1);
    let hard = (soft * 3).min(usable / 3 + inc_ms / 2).max(soft);
    (soft, hard)
}

/// Who thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// v1: the best one-ply evaluation, at random among equals.
    Greedy {
        /// Seed of the random choice.
        seed: u64,
    },
    /// v2: alpha-beta to a depth, at random among the root moves near the best.
    AlphaBeta {
        /// Plies, unless the limits give a depth or a budget.
        depth: u32,
        /// Centipawns from the best within which a root move is a candidate.
        margin: i32,
        /// Seed of the random choice.
        seed: u64,
    },
    /// v3: the strong search, with the session's table, history and killers.
    Strong,
}

impl Player {
    /// The same player with another seed (the strong search has none).
    pub fn with_seed(self, new: u64) -> Player {
        match self {
            Player::Greedy { .. } => Player::Greedy { seed: new },
            Player::AlphaBeta { depth, margin, .. } => Player::AlphaBeta {
                depth,
                margin,
                seed: new,
            },
            Player::Strong => Player::Strong,
        }
    }
}

/// One search: a player and its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Task {
    /// Who thinks.
    pub player: Player,
    /// Within what.
    pub limits: Limits,
}

/// The engine: what the searches of one game share (see the module doc).
pub struct Session {
    searcher: Searcher,
    hash_mb: usize,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(DEFAULT_HASH_MB)
    }
}

impl Session {
    /// A session whose transposition table takes `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Session {
        Session {
            searcher: Searcher::new(hash_mb),
            hash_mb,
        }
    }

    /// Forgets everything learned: a new game starts from nothing.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Replaces the transposition table with an empty one of `mb` megabytes (a no-op when
    /// the size is unchanged).
    pub fn set_hash_mb(&mut self, mb: usize) {
        if mb != self.hash_mb {
            self.searcher.resize(mb);
            self.hash_mb = mb;
        }
    }

    /// The table's size in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Lets the strong search use `n` threads (at least one) from now on: Lazy SMP, one
    /// shared transposition table. Where threads cannot be started (a web worker), the
    /// search runs on one.
    pub fn set_threads(&mut self, n: usize) {
        if n.max(1) != self.searcher.threads() {
            self.searcher.set_threads(n);
        }
    }

    /// The threads the strong search uses.
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Per mille of the table in use.
    pub fn hashfull(&self) -> u32 {
        self.searcher.hashfull()
    }

    /// Chooses a move for the side to move in `game` with `task`, reporting progress to
    /// `on_info`. `clock` gives milliseconds since the search began; setting `stop` ends the
    /// search as soon as it is polled, and the best move found so far is returned.
    pub fn think(
        &mut self,
        game: &Game,
        task: &Task,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        let limits = &task.limits;
        match task.player {
            Player::Greedy { seed } => greedy::choose(game, seed, limits),
            Player::AlphaBeta {
                depth,
                margin,
                seed,
            } => alphabeta::choose(
                game,
                &alphabeta::Config {
                    depth,
                    margin,
                    seed,
                },
                limits,
                clock,
                stop,
                on_info,
            ),
            Player::Strong => self.searcher.search(game, limits, clock, stop, on_info),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_plan_spends_a_share_and_keeps_a_reserve() {
        let (soft, hard) = clock_plan(60_000, 0, None);
        assert_eq!(soft, 1_998);
        assert!(hard >= soft && hard <= 20_000);
        // Almost no time left: still a positive budget, never the whole clock.
        let (soft, hard) = clock_plan(30, 0, Some(1));
        assert!(soft >= 1 && hard < 30);
    }

    #[test]
    fn movetime_and_clock_take_the_tighter_plan() {
        let limits = Limits {
            movetime_ms: Some(500),
            clock: Some(GameClock {
                time_ms: [60_000, 300],
                ..GameClock::default()
            }),
            ..Limits::default()
        };
        assert_eq!(limits.time_plan(Color::Red), (Some(500), Some(500)));
        let (soft, hard) = limits.time_plan(Color::Black);
        assert!(soft.unwrap() < 100 && hard.unwrap() < 100);
        // The clock sets Black's time (the search may adapt it), not Red's (500 ms caps it).
        assert!(!limits.clock_binds(Color::Red) && limits.clock_binds(Color::Black));
        assert_eq!(Limits::infinite().time_plan(Color::Red), (None, None));
    }

    #[test]
    fn searchmoves_restrict_only_to_legal_ones() {
        let m = |t: &str| xiangqi::notation::parse_uci(t).unwrap();
        let legal = [m("a3a4"), m("i3i4")];
        let limits = Limits {
            searchmoves: vec![legal[1]],
            ..Limits::default()
        };
        assert!(!limits.allows(legal[0], &legal));
        assert!(limits.allows(legal[1], &legal));
        let nothing_legal = Limits {
            searchmoves: vec![m("a0a9")],
            ..Limits::default()
        };
        assert!(nothing_legal.allows(legal[0], &legal));
    }
}
