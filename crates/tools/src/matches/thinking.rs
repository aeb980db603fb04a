//! The time a side spent choosing its moves in a game, and what it said it searched.

/// The moves a side chose in a game and the time it took, for the time-per-move check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    /// Moves chosen.
    pub moves: u32,
    /// Milliseconds spent, as the match sees it (for an external engine, the round trip).
    pub ms: u64,
    /// Moves for which the player said what it searched, and their nodes, depths and
    /// milliseconds.
    pub searched_moves: u32,
    /// Nodes over those moves.
    pub nodes: u64,
    /// Depths over those moves, added up.
    pub depths: u64,
    /// Milliseconds over those moves.
    pub searched_ms: u64,
}

impl Thinking {
    /// Adds another game's (or move's) thinking to this one.
    pub fn add(&mut self, other: Thinking) {
        self.moves += other.moves;
        self.ms += other.ms;
        self.searched_moves += other.searched_moves;
        self.nodes += other.nodes;
        self.depths += other.depths;
        self.searched_ms += other.searched_ms;
    }

    /// Nodes per second over the moves whose nodes are known, timed by the match.
    pub fn nps(&self) -> Option<f64> {
        (self.searched_ms > 0).then(|| self.nodes as f64 * 1000.0 / self.searched_ms as f64)
    }

    /// The average depth over the moves whose depth is known.
    pub fn average_depth(&self) -> Option<f64> {
        (self.searched_moves > 0).then(|| self.depths as f64 / self.searched_moves as f64)
    }

    /// Like `100 ms, 1.23 M nodes/s, depth 9.8`.
    pub fn describe(&self) -> String {
        let mut text = format!("{:.0} ms", self.average_ms());
        // A player too fast for the match's millisecond clock has no measurable speed.
        if let Some(nps) = self.nps() {
            text.push_str(&format!(", {:.2} M nodes/s", nps / 1e6));
        }
        if let Some(depth) = self.average_depth() {
            text.push_str(&format!(", depth {depth:.1}"));
        }
        text
    }

    /// Milliseconds per move.
    pub fn average_ms(&self) -> f64 {
        self.ms as f64 / self.moves.max(1) as f64
    }
}
