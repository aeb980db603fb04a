//! A game: the start position, the moves played, and the outcome with its reason under a
//! [`Ruleset`]. A game is rebuilt from a start and a move list with [`Game::replay`], and
//! walked ply by ply with [`Game::plies`] and [`Game::position_at`].
//!
//! ```
//! use xiangqi::{Game, notation::parse_uci};
//! let mut game = Game::new();
//! game.play(parse_uci("h2e2").unwrap()).unwrap();
//! assert_eq!(game.moves().len(), 1);
//! assert_eq!(game.undo(), Some(parse_uci("h2e2").unwrap()));
//! assert!(game.outcome().is_none());
//! ```

mod repetition;
mod walk;

use crate::{Color, Kind, Move, Position, Undo};
use core::fmt;

pub use repetition::{chased_pieces, Offence};
pub use walk::{Plies, PlyView, ReplayError};

/// The limits of the game's rules. The defaults are the common Asian rules.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// A position that occurs this many times (with the same side to move) ends the game:
    /// by perpetual check or chase if one side's moves were all checks or chases, else a draw.
    pub repetition_count: u32,
    /// This many plies in a row without a capture is a draw (120 = 60 moves).
    pub capture_less_plies: u32,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            repetition_count: 3,
            capture_less_plies: 120,
        }
    }
}

/// Why a game ended.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move (将死).
    Checkmate,
    /// The side to move is not in check but has no legal move; in Xiangqi it loses (困毙).
    Stalemate,
    /// The loser checked on every move of a repeated cycle (长将).
    PerpetualCheck,
    /// The loser chased the same piece on every move of a repeated cycle (长捉).
    PerpetualChase,
    /// A position occurred for the third time and neither side broke a rule (or both did).
    Repetition,
    /// No capture for the number of plies of [`Ruleset::capture_less_plies`].
    NoCapture,
    /// Neither side has a piece that can cross the river.
    InsufficientMaterial,
}

/// How a game ended: the winner (`None` for a draw) and why.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// The result in PGN form: "1-0" (Red wins), "0-1" or "1/2-1/2".
    pub fn result_tag(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The result and reason in Chinese, such as "黑方胜 — 红方长将判负".
    pub fn chinese(&self) -> String {
        let head = match self.winner {
            Some(c) => format!("{}胜", c.chinese_name()),
            None => "和棋".to_string(),
        };
        let loser = self.winner.map(|w| (!w).chinese_name()).unwrap_or("");
        let why = match self.reason {
            Reason::Checkmate => format!("{loser}被将死"),
            Reason::Stalemate => format!("{loser}困毙"),
            Reason::PerpetualCheck => format!("{loser}长将判负"),
            Reason::PerpetualChase => format!("{loser}长捉判负"),
            Reason::Repetition => "重复局面".to_string(),
            Reason::NoCapture => "六十回合无吃子".to_string(),
            Reason::InsufficientMaterial => "双方均无过河子力".to_string(),
        };
        format!("{head} — {why}")
    }
}

/// English, such as "Black wins: perpetual check by Red".
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{w} wins: ")?,
            None => write!(f, "Draw: ")?,
        }
        let loser = self.winner.map(|w| !w);
        match (self.reason, loser) {
            (Reason::Checkmate, _) => write!(f, "checkmate"),
            (Reason::Stalemate, Some(l)) => write!(f, "{l} has no legal move"),
            (Reason::PerpetualCheck, Some(l)) => write!(f, "perpetual check by {l}"),
            (Reason::PerpetualChase, Some(l)) => write!(f, "perpetual chase by {l}"),
            (Reason::Repetition, _) => write!(f, "the same position occurred three times"),
            (Reason::NoCapture, _) => write!(f, "60 moves without a capture"),
            (Reason::InsufficientMaterial, _) => {
                write!(f, "neither side has a piece that can cross the river")
            }
            (_, None) => write!(f, "{:?}", self.reason),
        }
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal in the current position.
    Illegal(Move),
    /// The game is already over.
    GameOver(Outcome),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(m) => write!(f, "{m} is not a legal move here"),
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What the game remembers of each ply, for undo and for the repetition rules.
#[derive(Clone, Debug)]
pub(crate) struct Ply {
    pub mv: Move,
    pub undo: Undo,
    /// Hash of the position after the move.
    pub hash: u64,
    /// The move attacked the opponent's general.
    pub check: bool,
    /// Opponent pieces (by point, after the move) that the move started to chase.
    pub chased: u128,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    rules: Ruleset,
    plies: Vec<Ply>,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the initial position with the default rules.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game from `start` with the default rules (the outcome is judged at once, so a
    /// position without legal moves is already over).
    pub fn from_position(start: Position) -> Game {
        Game::with_rules(start, Ruleset::default())
    }

    /// A game from `start` under `rules`.
    pub fn with_rules(start: Position, rules: Ruleset) -> Game {
        let mut g = Game {
            pos: start.clone(),
            start,
            rules,
            plies: Vec::new(),
            outcome: None,
        };
        g.outcome = g.judge();
        g
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules in force.
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// The number of plies played.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// True when no move has been played.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The hashes of every position so far, the start first and the current last.
    pub fn hashes(&self) -> Vec<u64> {
        core::iter::once(self.start.hash())
            .chain(self.plies.iter().map(|p| p.hash))
            .collect()
    }

    /// For every position since the last capture (the current one last): its hash and
    /// whether the side to move was in check. The searches continue this path so that they
    /// see repetitions of the game's positions and who gave the checks.
    pub fn repetition_path(&self) -> Vec<(u64, bool)> {
        let since = self
            .plies
            .iter()
            .rposition(|p| p.undo.captured().is_some())
            .map_or(0, |i| i + 1);
        (since..=self.plies.len())
            .map(|i| match i {
                0 => (self.start.hash(), self.start.in_check()),
                _ => (self.plies[i - 1].hash, self.plies[i - 1].check),
            })
            .collect()
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// True if the last move gave check.
    pub fn last_move_was_check(&self) -> bool {
        self.plies.last().is_some_and(|p| p.check)
    }

    /// Plays `m` if it is legal and the game is not over, then judges the outcome.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        self.play_on(m)
    }

    /// Plays the legal move `m` even if the rules have already ended the game (for a GUI
    /// or analysis that plays on under rules of its own), then judges the outcome again.
    pub fn play_on(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        if !self.pos.is_legal(m) {
            return Err(PlayError::Illegal(m));
        }
        let chased = repetition::new_chases(&self.pos, m);
        let undo = self.pos.make_move(m);
        self.plies.push(Ply {
            mv: m,
            undo,
            hash: self.pos.hash(),
            check: self.pos.in_check(),
            chased,
        });
        self.outcome = self.judge();
        Ok(self.outcome)
    }

    /// Takes back the last move, returning it (or `None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop()?;
        self.pos.unmake_move(ply.mv, ply.undo);
        self.outcome = self.judge();
        Some(ply.mv)
    }

    /// The outcome of the current position given the history, if the game is over.
    fn judge(&self) -> Option<Outcome> {
        let pos = &self.pos;
        let us = pos.turn();
        if !pos.has_legal_move() {
            let reason = if pos.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome {
                winner: Some(!us),
                reason,
            });
        }
        if let Some(o) = repetition::judge(&self.start, &self.plies, &self.rules) {
            return Some(o);
        }
        if pos.halfmoves() >= self.rules.capture_less_plies {
            return Some(Outcome {
                winner: None,
                reason: Reason::NoCapture,
            });
        }
        let attackers = |c: Color| {
            [Kind::Horse, Kind::Chariot, Kind::Cannon, Kind::Soldier]
                .iter()
                .any(|&k| pos.count(c, k) > 0)
        };
        if !attackers(Color::Red) && !attackers(Color::Black) {
            return Some(Outcome {
                winner: None,
                reason: Reason::InsufficientMaterial,
            });
        }
        None
    }
}
