//! When a search must stop and what it may choose from ([`Limits`]), and the game clock it
//! may plan its time from ([`GameClock`]): the vocabulary every player and front end shares.
//! How a search turns them into time to think is in `time.rs`.

use xiangqi::Move;

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
    /// Answer at once from the session's opening book ([`crate::Session::set_book`]) when it
    /// knows the position, drawing among its moves with this seed; `None` always searches.
    /// Levels from the middle up set it; analysis never does.
    #[cfg_attr(feature = "serde", serde(default))]
    pub book: Option<u64>,
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

    /// The moves of `legal` the search may choose from: the listed ones that are legal, or
    /// all of them when none is listed (or none of those listed is legal).
    pub(crate) fn allows(&self, m: Move, legal: &[Move]) -> bool {
        self.searchmoves.is_empty()
            || !self.searchmoves.iter().any(|s| legal.contains(s))
            || self.searchmoves.contains(&m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
