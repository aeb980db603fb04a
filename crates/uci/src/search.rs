//! How a search runs, the one thing the two engines do differently: [`Searcher`], which the
//! native engine implements with a thread ([`crate::thread`]) and the page's engine with the
//! search worker's engine under node; and the [`Search`] a `go` hands it, which writes the
//! `info` and `bestmove` lines the same way for both.

use crate::options::{Caps, Options};
use crate::output::bestmove_line;
use core::fmt;
use xiangqi::{Game, Move, Position};
use xiangqi_ai::{Score, Task};

/// How an engine runs what the protocol asks: the searches, and what they keep between
/// them (the table, the network).
pub trait Searcher {
    /// What this engine can do.
    fn caps(&self) -> Caps;
    /// Writes a line where the search's lines go (before the search's own, in order).
    fn say(&mut self, line: &str);
    /// Runs `search`, which writes an [`Iteration`] line per iteration (ending once
    /// [`Search::mated`]) and then [`Search::bestmove`]. It may return at once (a thread) or
    /// once it has answered.
    fn go(&mut self, search: Search);
    /// Counts the move tree of `position` to `depth` (only where [`Caps::counts`]).
    fn perft(&mut self, position: Position, depth: u32);
    /// Ends a running search (it answers with the best move it has), and returns once it has.
    fn stop(&mut self);
    /// `ponderhit`: false when no search is pondering.
    fn ponder_hit(&mut self) -> bool;
    /// The next position is from another game: forget what the table holds.
    fn new_game(&mut self);
    /// The options changed: the table's size and the threads to use.
    fn configure(&mut self, options: &Options);
    /// `EvalFile`: evaluate with the network of `value` from now on, or say why it cannot.
    fn load_network(&mut self, value: &str) -> Result<(), String>;
    /// A fresh seed for `Seed 0`, or `None` where the engine draws its own.
    fn fresh_seed(&mut self) -> Option<u64>;
}

/// What a `go` asks the searcher to run.
#[derive(Clone, Debug)]
pub struct Search {
    /// The game so far; the search is of its position.
    pub game: Game,
    /// The player and the limits.
    pub task: Task,
    /// The seed of the randomized players, which their task holds; `None`: the engine draws
    /// its own for each search (the task's is then 0, a placeholder).
    pub seed: Option<u64>,
    /// `go mate N`: stop once an iteration proves a mate in `N` moves or fewer.
    pub mate: Option<u32>,
    /// `go ponder`: the clock stands still until `ponderhit`, and the answer waits for it or
    /// `stop`.
    pub ponder: bool,
    /// False when only `stop` ends the search: `go infinite`, or the strong search with no
    /// limit. At the end of the input such a search is stopped; others are waited for.
    pub ends_by_itself: bool,
}

/// One iteration of a search, as its `info` line says it.
pub struct Iteration<'a> {
    /// Depth in plies.
    pub depth: u32,
    /// The deepest ply reached, where the search says it.
    pub seldepth: Option<u32>,
    /// The line's rank among the lines reported, where the search reports several.
    pub multipv: Option<u32>,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Milliseconds since the `go`.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: &'a [Move],
}

impl fmt::Display for Iteration<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "info depth {}", self.depth)?;
        if let Some(s) = self.seldepth {
            write!(f, " seldepth {s}")?;
        }
        if let Some(m) = self.multipv {
            write!(f, " multipv {m}")?;
        }
        let (score, nodes, nps, time) = (self.score, self.nodes, self.nps, self.time_ms);
        write!(f, " score {score} nodes {nodes} nps {nps} time {time} pv")?;
        for m in self.pv {
            write!(f, " {m}")?;
        }
        if self.pv.is_empty() {
            write!(f, " ")?;
        }
        Ok(())
    }
}

impl Search {
    /// Whether the search must end after `iteration`: it proved the mate `go mate` asks for.
    pub fn mated(&self, iteration: &Iteration) -> bool {
        match (self.mate, iteration.multipv.unwrap_or(1), iteration.score) {
            (Some(n), 1, Score::Mate(k)) => k > 0 && k.unsigned_abs() <= n,
            _ => false,
        }
    }

    /// The `bestmove` line of the search that chose `best` with the principal variation
    /// `pv` (see [`bestmove_line`]).
    pub fn bestmove(&self, best: Option<Move>, pv: &[Move]) -> String {
        bestmove_line(self.game.position(), best, pv)
    }
}
