//! Game clocks in a match: an engine given `tc=BASE+INC` plays on a clock of BASE seconds
//! with INC seconds added after each of its moves, is sent the time left on both clocks with
//! each `go` (`wtime btime winc binc`), and loses on time when a move takes longer than its
//! clock has left. The time a move takes is what the match measures, from the `go` (or the
//! call of a built-in player) to the move: what the engine's own overhead and the machine's
//! load cost count against it, as they do against a person's clock.

use std::fmt;
use xiangqi::Color;
use xiangqi_ai::GameClock;

/// The most seconds a clock may start with or gain a move: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// A time control: the clock's start and what each move adds, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time on the clock at the start of the game.
    pub base_ms: u64,
    /// The time added after each move.
    pub inc_ms: u64,
}

/// Why a time control cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tc=\"{}\" is not a time control: write BASE+INC in seconds, like tc=10+0.1 \
             (BASE above 0, each at most a day, to the millisecond)",
            self.0
        )
    }
}

impl std::error::Error for TimeControlError {}

/// Seconds as whole milliseconds, if `text` is a number of seconds from 0 to a day with at
/// most three decimals.
fn millis(text: &str) -> Option<u64> {
    let t = text;
    let decimals = t.split_once('.').map_or(0, |(_, d)| d.len());
    let all_digits = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit() || c == '.');
    if !all_digits || decimals > 3 {
        return None;
    }
    let s: f64 = t.parse().ok()?;
    (s <= MAX_SECONDS).then(|| (s * 1000.0).round() as u64)
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    /// `BASE+INC` or `BASE`, in seconds: `10+0.1`, `60`, `2.5+0.025`.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError(text.to_string());
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let base_ms = millis(base).filter(|&ms| ms > 0).ok_or_else(error)?;
        let inc_ms = millis(inc).ok_or_else(error)?;
        Ok(TimeControl { base_ms, inc_ms })
    }
}

/// Seconds with no trailing zeros: 10, 0.1, 2.5.
fn seconds(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// As read: `10+0.1` (PGN's `TimeControl` tag writes it so too).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", seconds(self.base_ms), seconds(self.inc_ms))
    }
}

/// A move that took longer than its side's clock had left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    /// What the move took, in milliseconds.
    pub used_ms: u64,
    /// What the clock had left, in milliseconds.
    pub left_ms: u64,
}

/// The clocks of one game: each side's control (none for a side that plays without one) and
/// the time it has left.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    controls: [Option<TimeControl>; 2],
    left_ms: [u64; 2],
}

impl Clocks {
    /// Clocks at the start of a game, Red's control then Black's.
    pub fn new(controls: [Option<TimeControl>; 2]) -> Clocks {
        Clocks {
            controls,
            left_ms: controls.map(|c| c.map_or(0, |c| c.base_ms)),
        }
    }

    /// What `side` is told before it moves, if it plays on a clock: both clocks, a side
    /// without one shown as `side`'s own (an engine reads the opponent's time too).
    pub fn for_move(&self, side: Color) -> Option<GameClock> {
        let own = self.controls[side.index()]?;
        let shown = |c: Color| match self.controls[c.index()] {
            Some(tc) => (self.left_ms[c.index()], tc.inc_ms),
            None => (self.left_ms[side.index()], own.inc_ms),
        };
        let (red, black) = (shown(Color::Red), shown(Color::Black));
        Some(GameClock {
            time_ms: [red.0, black.0],
            inc_ms: [red.1, black.1],
            moves_to_go: None,
        })
    }

    /// Takes `used_ms` off `side`'s clock and adds its increment; an error, and the clock
    /// unchanged, when the move took longer than the clock had left. A side without a clock
    /// never loses on time.
    pub fn spend(&mut self, side: Color, used_ms: u64) -> Result<(), Flagged> {
        let Some(tc) = self.controls[side.index()] else {
            return Ok(());
        };
        let left = &mut self.left_ms[side.index()];
        if used_ms > *left {
            return Err(Flagged {
                used_ms,
                left_ms: *left,
            });
        }
        *left = *left - used_ms + tc.inc_ms;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn time_controls_read_and_write_in_seconds() {
        assert_eq!(
            tc("10+0.1"),
            TimeControl {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(tc("60").inc_ms, 0);
        assert_eq!(tc("2.5+0.025").base_ms, 2_500);
        assert_eq!(tc("2.5+0.025").inc_ms, 25);
        for s in ["10+0.1", "60+0", "2.5+0.025", "0.5+1"] {
            assert_eq!(tc(s).to_string(), s);
        }
        assert_eq!(tc("60").to_string(), "60+0");
        for bad in [
            "",
            "0",
            "0+1",
            "+1",
            "10+",
            "-1+0",
            "10+-1",
            "1e3",
            "10+0.0001",
            "a+b",
            "10+1+1",
            "90000",
            "10 + 1",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("tc=\"{bad}\" is not a time control")),
                "{e}"
            );
        }
    }

    #[test]
    fn a_clock_spends_adds_and_flags() {
        let mut clocks = Clocks::new([Some(tc("1+0.1")), Some(tc("2"))]);
        let red = clocks.for_move(Color::Red).unwrap();
        assert_eq!(red.time_ms, [1_000, 2_000]);
        assert_eq!(red.inc_ms, [100, 0]);
        clocks.spend(Color::Red, 400).unwrap();
        assert_eq!(clocks.for_move(Color::Black).unwrap().time_ms, [700, 2_000]);
        // Exactly what is left is still in time; a millisecond more is not.
        clocks.spend(Color::Red, 700).unwrap();
        assert_eq!(clocks.for_move(Color::Red).unwrap().time_ms[0], 100);
        assert_eq!(
            clocks.spend(Color::Red, 101),
            Err(Flagged {
                used_ms: 101,
                left_ms: 100
            })
        );
        assert_eq!(clocks.for_move(Color::Red).unwrap().time_ms[0], 100);
    }

    #[test]
    fn a_side_without_a_clock_is_shown_the_others_and_never_flags() {
        let mut clocks = Clocks::new([None, Some(tc("5+1"))]);
        assert_eq!(clocks.for_move(Color::Red), None);
        assert_eq!(clocks.spend(Color::Red, 1_000_000), Ok(()));
        let black = clocks.for_move(Color::Black).unwrap();
        assert_eq!(black.time_ms, [5_000, 5_000]);
        assert_eq!(black.inc_ms, [1_000, 1_000]);
    }
}
