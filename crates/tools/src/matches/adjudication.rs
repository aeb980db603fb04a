//! Ending a match game early when both engines' own scores agree on its result, as the
//! testing frameworks of the strongest engines do (cutechess's `-draw` and `-resign`): a game
//! both sides score level for many moves is a draw, one both sides score as lost for one of
//! them is that side's loss. It saves the long ends of games whose result is no longer in
//! doubt, which are most of a match's time.
//!
//! Only the scores the engines report are read (each move's last `score` before `bestmove`,
//! for the side that moved); a move with no score, from either side, breaks the count. The
//! rules of the game are always asked first: a game they end is theirs.
//!
//! `--adjudicate` alone means [`Adjudication::STANDARD`]; the rules are given as
//! `draw=MOVE/MOVES/CP,resign=MOVES/CP` (either or both), e.g. `draw=40/8/20,resign=4/1000`:
//! - draw: from full move MOVE of the game (the opening's included), once each side's last
//!   MOVES scores were all within CP of zero;
//! - resign: once one side's last MOVES scores were all CP or more below zero and the other
//!   side's last MOVES all CP or more above it (both agree), the first side loses.

use std::fmt;
use std::str::FromStr;
use xiangqi::Color;

/// The draw rule: both sides' scores near zero for a while, after the game's first moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The full move (counted from 1) from which the rule applies.
    pub from_move: u32,
    /// How many of each side's moves in a row.
    pub moves: u32,
    /// The largest score, either way, in centipawns.
    pub cp: i32,
}

/// The resignation rule: one side scores itself lost and the other agrees, for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// How many of each side's moves in a row.
    pub moves: u32,
    /// The least score, in centipawns (the loser's at most minus this, the winner's at least).
    pub cp: i32,
}

/// The rules a match adjudicates its games by; none by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// The draw rule, if any.
    pub draw: Option<DrawRule>,
    /// The resignation rule, if any.
    pub resign: Option<ResignRule>,
}

impl Adjudication {
    /// No adjudication: every game is played to the end the rules or the length limit give.
    pub const NONE: Adjudication = Adjudication {
        draw: None,
        resign: None,
    };

    /// The rules of `--adjudicate` given alone: a draw from move 40 when both sides' last 8
    /// scores are within 20 cp; a loss when one side's last 4 scores are 1000 cp or more
    /// below zero and the other's 1000 cp or more above (a chariot's worth, both agreeing:
    /// an edge of a horse or a cannon is often a draw in Xiangqi's endings, so the bar is
    /// higher than the 600 cp chess frameworks use).
    pub const STANDARD: Adjudication = Adjudication {
        draw: Some(DrawRule {
            from_move: 40,
            moves: 8,
            cp: 20,
        }),
        resign: Some(ResignRule { moves: 4, cp: 1000 }),
    };
}

/// A reason the rules of `--adjudicate` were not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjudicationError(String);

impl fmt::Display for AdjudicationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}; expected `standard`, `none` or draw=MOVE/MOVES/CP and/or resign=MOVES/CP, \
             comma-separated (e.g. draw=40/8/20,resign=4/1000)",
            self.0
        )
    }
}

impl std::error::Error for AdjudicationError {}

/// Reads `N/N/N` into exactly `n` numbers, each within `range`.
fn numbers(
    key: &str,
    text: &str,
    n: usize,
    range: std::ops::RangeInclusive<i64>,
) -> Result<Vec<i64>, AdjudicationError> {
    let values: Vec<&str> = text.split('/').collect();
    if values.len() != n {
        return Err(AdjudicationError(format!(
            "{key}={text}: {n} numbers separated by `/` are needed"
        )));
    }
    values
        .iter()
        .map(|v| match v.trim().parse::<i64>() {
            Ok(x) if range.contains(&x) => Ok(x),
            _ => Err(AdjudicationError(format!(
                "{key}={text}: `{v}` is not a whole number from {} to {}",
                range.start(),
                range.end()
            ))),
        })
        .collect()
}

impl FromStr for Adjudication {
    type Err = AdjudicationError;

    fn from_str(s: &str) -> Result<Adjudication, AdjudicationError> {
        match s.trim() {
            "standard" => return Ok(Adjudication::STANDARD),
            "none" => return Ok(Adjudication::NONE),
            _ => {}
        }
        let mut rules = Adjudication::NONE;
        for part in s.split(',').map(str::trim) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                AdjudicationError(format!("`{part}` is not of the form RULE=VALUES"))
            })?;
            let twice = || AdjudicationError(format!("`{key}` is given twice"));
            match key.trim() {
                "draw" => {
                    let v = numbers(key, value, 3, 1..=1000)?;
                    if rules.draw.is_some() {
                        return Err(twice());
                    }
                    rules.draw = Some(DrawRule {
                        from_move: v[0] as u32,
                        moves: v[1] as u32,
                        cp: v[2] as i32,
                    });
                }
                "resign" => {
                    let v = numbers(key, value, 2, 1..=100_000)?;
                    if rules.resign.is_some() {
                        return Err(twice());
                    }
                    if v[0] > 1000 {
                        return Err(AdjudicationError(format!(
                            "resign={value}: at most 1000 moves"
                        )));
                    }
                    rules.resign = Some(ResignRule {
                        moves: v[0] as u32,
                        cp: v[1] as i32,
                    });
                }
                other => {
                    return Err(AdjudicationError(format!(
                        "`{other}` is not a rule (draw or resign)"
                    )))
                }
            }
        }
        Ok(rules)
    }
}

/// Like `draw=40/8/20,resign=4/1000`, or `none`: what `--adjudicate` reads back.
impl fmt::Display for Adjudication {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(d) = self.draw {
            parts.push(format!("draw={}/{}/{}", d.from_move, d.moves, d.cp));
        }
        if let Some(r) = self.resign {
            parts.push(format!("resign={}/{}", r.moves, r.cp));
        }
        if parts.is_empty() {
            write!(f, "none")
        } else {
            write!(f, "{}", parts.join(","))
        }
    }
}

/// The counts one game's adjudication keeps: for each side, how many of its latest moves in a
/// row were scored level, lost and won.
#[derive(Clone, Debug)]
pub struct Judge {
    rules: Adjudication,
    level: [u32; 2],
    lost: [u32; 2],
    won: [u32; 2],
}

impl Judge {
    /// A judge of one game by `rules`.
    pub fn new(rules: Adjudication) -> Judge {
        Judge {
            rules,
            level: [0; 2],
            lost: [0; 2],
            won: [0; 2],
        }
    }

    /// Notes the score `side` gave (for itself, in centipawns; `None` if it gave none) for
    /// the move it has just played, `plies` being the game's length after that move; returns
    /// the result the rules now give, if any: `Some(None)` a draw, `Some(Some(c))` a win of
    /// `c`.
    pub fn after_move(
        &mut self,
        side: Color,
        score: Option<i32>,
        plies: usize,
    ) -> Option<Option<Color>> {
        let i = side.index();
        let count = |n: &mut u32, yes: bool| *n = if yes { *n + 1 } else { 0 };
        if let Some(d) = self.rules.draw {
            count(&mut self.level[i], score.is_some_and(|s| s.abs() <= d.cp));
        }
        if let Some(r) = self.rules.resign {
            count(&mut self.lost[i], score.is_some_and(|s| s <= -r.cp));
            count(&mut self.won[i], score.is_some_and(|s| s >= r.cp));
        }
        let j = (!side).index();
        if let Some(r) = self.rules.resign {
            for loser in [side, !side] {
                if self.lost[loser.index()] >= r.moves && self.won[(!loser).index()] >= r.moves {
                    return Some(Some(!loser));
                }
            }
        }
        if let Some(d) = self.rules.draw {
            // Full move N has begun once 2 (N - 1) plies are played.
            let moves_done = plies as u32 / 2 + 1;
            if moves_done >= d.from_move && self.level[i] >= d.moves && self.level[j] >= d.moves {
                return Some(None);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
