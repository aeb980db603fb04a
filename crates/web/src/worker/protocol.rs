//! The search worker's protocol: the request the page sends and the replies the worker sends
//! back, nothing else (the channel is in `bridge.rs`, the engine that answers in `engine.rs`).
//! Their serde names are the wire format.
//!
//! Every request carries an id chosen by the page; every reply repeats it, so the page can
//! recognise and drop a late reply for a position that is no longer on the board.
//! The worker rebuilds the game from the start FEN and the moves played, so the engine sees the
//! history and the repetition rules apply inside the search.

use serde::{Deserialize, Serialize};
use xiangqi::{Move, Setup};
use xiangqi_ai::{Score, Task};

/// What the page asks the worker to search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// Chosen by the page, repeated in every reply.
    pub id: u64,
    /// The game the search belongs to: the worker keeps what it learned while this stays
    /// the same, and starts afresh when it changes.
    pub game: u64,
    /// The position the game started from.
    pub start: Setup,
    /// The moves played since.
    pub moves: Vec<Move>,
    /// Who thinks and within what.
    pub task: Task,
    /// The seed of the levels that draw among near-equal moves (the task's is replaced by
    /// it); `None`: the worker draws a fresh one.
    pub seed: Option<u64>,
}

/// How far a search has got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Score for the side to move.
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// The workers the search runs on (see `pool.rs`).
    pub workers: u32,
    /// They search on one shared table, one answering and the others helping, rather than
    /// dealing the root moves out; the nodes and speed are then the first worker's.
    pub shared: bool,
    /// The strong search evaluated with the network (fetched after the page was up), not
    /// the hand-set evaluation.
    pub network: bool,
    /// A multi-line search's lines, best first, all from the same iteration (empty for a
    /// search of one line, whose line is `score` and `pv`).
    pub lines: Vec<Line>,
}

impl Default for Progress {
    /// Nothing searched yet, on one worker.
    fn default() -> Self {
        Progress {
            depth: 0,
            nodes: 0,
            time_ms: 0,
            nps: 0,
            score: Score::Cp(0),
            pv: Vec::new(),
            workers: 1,
            shared: false,
            network: false,
            lines: Vec::new(),
        }
    }
}

/// One line of a multi-line search (analysis).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// Its score for the side to move.
    pub score: Score,
    /// Its moves, the first one the line's move.
    pub pv: Vec<Move>,
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchReply {
    /// A search iteration completed.
    Progress {
        /// The request's id.
        id: u64,
        /// Where it got.
        progress: Progress,
    },
    /// The search finished; `best` is `None` only if there is no legal move.
    Done {
        /// The request's id.
        id: u64,
        /// The chosen move.
        best: Option<Move>,
        /// The final figures.
        progress: Progress,
    },
    /// The request could not be searched (a bad start or move); the message says why.
    Failed {
        /// The request's id.
        id: u64,
        /// Why.
        reason: String,
    },
    /// The worker hit a bug and cannot go on; the page should start a new one.
    Crashed {
        /// The panic message.
        reason: String,
    },
}

impl SearchReply {
    /// The id of the request this replies to (`None` for a crash, which ends every request).
    pub fn id(&self) -> Option<u64> {
        match self {
            SearchReply::Progress { id, .. }
            | SearchReply::Done { id, .. }
            | SearchReply::Failed { id, .. } => Some(*id),
            SearchReply::Crashed { .. } => None,
        }
    }
}

/// What the page sends the worker (besides, once, the shared stop flag and table: see
/// `bridge.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Search this, after the requests before it.
    Search(Box<SearchRequest>),
    /// Help the worker that searches this request on the shared table, as helper number
    /// `helper` (from 1), until the stop flag stops naming it; reply nothing.
    Help {
        /// The request the other worker searches.
        request: Box<SearchRequest>,
        /// Which helper this worker is (helpers differ in the depths they search).
        helper: u32,
    },
    /// The page no longer wants request `id`: end it (or drop it unstarted) without an answer.
    Stop {
        /// The request's id.
        id: u64,
    },
    /// Evaluate with this network (a file `xiangqi train --out` writes) from now on, or with
    /// the hand-set evaluation if it is empty or no network; reply nothing.
    Network(Vec<u8>),
}
