//! A game in progress: playing and taking back moves, and judging the outcome after each.

use super::outcome::{Outcome, Reason, Ruleset};
use super::ply::Ply;
use super::repetition::{judge, new_chases};
use crate::color::Color;
use crate::m::Move;
use crate::piece::Kind;
use crate::position::Position;
use core::fmt;

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

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) start: Position,
    pub(super) pos: Position,
    pub(super) rules: Ruleset,
    pub(super) plies: Vec<Ply>,
    pub(super) outcome: Option<Outcome>,
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
        let chased = new_chases(&self.pos, m);
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
        if let Some(o) = judge(&self.start, &self.plies, &self.rules) {
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
