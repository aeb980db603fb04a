//! An external engine as a match names it: the protocol it speaks, how to start it, and the
//! options and limits it is sent (read from a spec by `spec.rs`, run by `external.rs`).

use xiangqi_ai::Limits;

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI, as Pikafish and Fairy-Stockfish speak it.
    #[default]
    Uci,
    /// UCCI, as ElephantEye speaks it.
    Ucci,
}

/// An external UCI (or UCCI) engine and how to talk to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    /// UCI or UCCI.
    pub protocol: Protocol,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The working directory to start it in.
    pub dir: Option<String>,
    /// `setoption` name and value pairs, sent after `uciok` in this order.
    pub options: Vec<(String, String)>,
    /// Added to our ranks (0-9) in the moves sent, taken off the moves read.
    pub rank_offset: u8,
    /// The `go` limits (depth, nodes, movetime).
    pub limits: Limits,
    /// Milliseconds to wait for `bestmove` (see the module doc for the default).
    pub timeout_ms: Option<u64>,
}

impl UciSpec {
    /// How long to wait for `bestmove`, with `clock_ms` left on the engine's game clock if it
    /// plays on one.
    pub fn move_timeout_ms(&self, clock_ms: Option<u64>) -> u64 {
        self.timeout_ms
            .unwrap_or(match (clock_ms, self.limits.movetime_ms) {
                (Some(left), _) => left.saturating_add(5_000),
                (None, Some(ms)) => ms.saturating_mul(3).saturating_add(5_000),
                (None, None) => 60_000,
            })
    }
}
