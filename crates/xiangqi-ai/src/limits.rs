//! When a search must stop and what it may choose from ([`Limits`]), and the game clock it
//! may plan its time from ([`GameClock`]): the vocabulary every player and front end shares.
//! The time on a clock is planned here (a share of what is left, see `clock_plan`); how the
//! strong search stretches or cuts that plan as it goes is in `search/time.rs`.

use xiangqi::{Color, Move};

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
