//! Walking a game: rebuilding one from a start and a move list ([`Game::replay`]), and looking
//! back at each ply ([`Game::plies`], [`Game::position_at`]).
//!
//! ```
//! use xiangqi::{Game, Position, notation::parse_uci};
//! let moves = ["h2e2", "h9g7", "a9a0"].map(|t| parse_uci(t).unwrap());
//! let e = Game::replay(Position::start(), &moves).unwrap_err();
//! assert_eq!(e.ply, 3);
//! let game = Game::replay(Position::start(), &moves[..2]).unwrap();
//! for ply in game.plies() {
//!     println!("{} {:?}: {}", ply.number, ply.move_number(), ply.mv);
//! }
//! ```

use super::outcome::{Outcome, Ruleset};
use super::play::{Game, PlayError};
use super::ply::Ply;
use crate::color::Color;
use crate::m::Move;
use crate::piece::Piece;
use crate::position::Position;
use core::fmt;

/// Why a move list could not be replayed: the first move that [`Game::play`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The ply of the refused move, counted from 1 at the game's start.
    pub ply: usize,
    /// The refused move.
    pub mv: Move,
    /// Why it was refused.
    pub error: PlayError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ply = self.ply;
        match &self.error {
            PlayError::Illegal(m) => write!(f, "ply {ply}: {m} is not a legal move here"),
            PlayError::GameOver(o) => write!(
                f,
                "ply {ply}: {} cannot be played: the game is over ({o})",
                self.mv
            ),
        }
    }
}

impl std::error::Error for ReplayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// One ply of a game as [`Game::plies`] shows it: the move with the positions around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyView {
    /// The ply, counted from 1 at the game's start.
    pub number: usize,
    /// The position the move was played in.
    pub before: Position,
    /// The move.
    pub mv: Move,
    /// The position after the move.
    pub after: Position,
    /// The piece the move took, if any.
    pub captured: Option<Piece>,
    /// True when the move attacked the opponent's general.
    pub check: bool,
}

impl PlyView {
    /// The move number and the side that played this ply, as a record numbers it: Red's
    /// and Black's moves share a number, which grows after Black moves (from the start
    /// position's move number, so a game may begin at "7. ..." with Black).
    pub fn move_number(&self) -> (u32, Color) {
        (self.before.fullmoves(), self.before.turn())
    }
}

/// The plies of a game, first to last, from [`Game::plies`].
#[derive(Clone, Debug)]
pub struct Plies<'a> {
    pos: Position,
    plies: core::slice::Iter<'a, Ply>,
    number: usize,
}

impl Iterator for Plies<'_> {
    type Item = PlyView;

    fn next(&mut self) -> Option<PlyView> {
        let ply = self.plies.next()?;
        let before = self.pos.clone();
        self.pos.make_move(ply.mv);
        self.number += 1;
        Some(PlyView {
            number: self.number,
            before,
            mv: ply.mv,
            after: self.pos.clone(),
            captured: ply.undo.captured(),
            check: ply.check,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.plies.size_hint()
    }
}

impl ExactSizeIterator for Plies<'_> {}

impl Game {
    /// The game from `start` with `moves` played in turn under the default rules, or the
    /// first move that cannot be played (illegal, or after the rules ended the game).
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, ReplayError> {
        Game::replay_with_rules(start, Ruleset::default(), moves)
    }

    /// [`Game::replay`] under `rules`.
    pub fn replay_with_rules(
        start: Position,
        rules: Ruleset,
        moves: &[Move],
    ) -> Result<Game, ReplayError> {
        let mut game = Game::with_rules(start, rules);
        game.play_all(moves)?;
        Ok(game)
    }

    /// Plays `moves` in turn with [`Game::play`]. At the first that is refused the game stays
    /// as it was after the move before it, and the error counts its ply from the game's start.
    pub fn play_all(&mut self, moves: &[Move]) -> Result<(), ReplayError> {
        self.play_each(moves, Game::play)
    }

    /// Plays `moves` in turn with [`Game::play_on`] (on past an ending the rules judged, as
    /// a GUI may); at the first illegal one the game stays as it was after the move before.
    pub fn play_all_on(&mut self, moves: &[Move]) -> Result<(), ReplayError> {
        self.play_each(moves, Game::play_on)
    }

    /// Plays `moves` in turn with `play`, stopping at the first it refuses.
    fn play_each(
        &mut self,
        moves: &[Move],
        play: fn(&mut Game, Move) -> Result<Option<Outcome>, PlayError>,
    ) -> Result<(), ReplayError> {
        for &mv in moves {
            play(self, mv).map_err(|error| ReplayError {
                ply: self.len() + 1,
                mv,
                error,
            })?;
        }
        Ok(())
    }

    /// Each ply played, first to last, with the positions before and after it. Positions
    /// are rebuilt from the start as the iterator goes, one move each.
    pub fn plies(&self) -> Plies<'_> {
        Plies {
            pos: self.start.clone(),
            plies: self.plies.iter(),
            number: 0,
        }
    }

    /// The position after `ply` plies: 0 is the start, [`Game::len`] the current position,
    /// and anything beyond is `None`.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        let played = self.plies.get(..ply)?;
        let mut pos = self.start.clone();
        for p in played {
            pos.make_move(p.mv);
        }
        Some(pos)
    }
}
