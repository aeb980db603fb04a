//! Playing and taking back moves in place: what changes, and the [`Undo`] that holds what
//! cannot be recomputed (the captured piece, the previous hash and counters).

use super::code;
use super::state::Position;
use crate::color::Color;
use crate::m::Move;
use crate::piece::Piece;
use crate::tables::bit;
use crate::zobrist::{piece_key, BLACK_TO_MOVE};

/// What [`Position::make_move`] returns so that [`Position::unmake_move`] can restore the
/// position: the captured piece code, the hash and the two counters before the move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    hash: u64,
    halfmoves: u32,
    fullmoves: u32,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        (self.captured != code::EMPTY).then(|| Piece::from_code(self.captured))
    }
}

impl Position {
    /// The hash [`Position::make_move`] would give after `m` (pseudo-legal), without playing
    /// it: a search starts loading what its table holds for the next position early.
    #[inline]
    pub fn hash_after(&self, m: Move) -> u64 {
        let from = m.from().index();
        let to = m.to().index();
        let piece = self.board[from];
        let captured = self.board[to];
        let h = self.hash ^ piece_key(piece, from) ^ piece_key(piece, to) ^ BLACK_TO_MOVE;
        if captured != code::EMPTY {
            h ^ piece_key(captured, to)
        } else {
            h
        }
    }

    /// Plays `m`, which must be legal (or at least pseudo-legal, for the search), and
    /// returns what [`Position::unmake_move`] needs.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> Undo {
        let from = m.from().index();
        let to = m.to().index();
        let piece = self.board[from];
        let captured = self.board[to];
        let undo = Undo {
            captured,
            hash: self.hash,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        let us = self.turn.index();
        let from_to = bit(from) | bit(to);
        self.by_code[piece as usize] ^= from_to;
        self.by_color[us] ^= from_to;
        let mut h = self.hash ^ piece_key(piece, from) ^ piece_key(piece, to) ^ BLACK_TO_MOVE;
        if captured != code::EMPTY {
            self.by_code[captured as usize] ^= bit(to);
            self.by_color[us ^ 1] ^= bit(to);
            h ^= piece_key(captured, to);
            self.halfmoves = 0;
        } else {
            // Saturating: a FEN may give any u32, and the old value is restored from `undo`.
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        self.board[to] = piece;
        self.board[from] = code::EMPTY;
        if piece == code::general(us) {
            self.generals[us] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
        self.hash = h;
        undo
    }

    /// Takes back `m`, which must be the last move made, with the [`Undo`] it returned.
    #[inline]
    pub fn unmake_move(&mut self, m: Move, undo: Undo) {
        let from = m.from().index();
        let to = m.to().index();
        self.turn = !self.turn;
        let us = self.turn.index();
        let piece = self.board[to];
        let from_to = bit(from) | bit(to);
        self.by_code[piece as usize] ^= from_to;
        self.by_color[us] ^= from_to;
        if undo.captured != code::EMPTY {
            self.by_code[undo.captured as usize] ^= bit(to);
            self.by_color[us ^ 1] ^= bit(to);
        }
        self.board[from] = piece;
        self.board[to] = undo.captured;
        if piece == code::general(us) {
            self.generals[us] = from as u8;
        }
        self.hash = undo.hash;
        self.halfmoves = undo.halfmoves;
        self.fullmoves = undo.fullmoves;
    }

    /// Passes the turn without moving (for null-move pruning). Never call it in check.
    #[inline]
    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: code::EMPTY,
            hash: self.hash,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        self.turn = !self.turn;
        self.hash ^= BLACK_TO_MOVE;
        // A pass is irreversible for the repetition rules: no position before it can recur.
        self.halfmoves = 0;
        undo
    }

    /// Takes back [`Position::make_null`].
    #[inline]
    pub fn unmake_null(&mut self, undo: Undo) {
        self.turn = !self.turn;
        self.hash = undo.hash;
        self.halfmoves = undo.halfmoves;
    }

    /// The position after `m` (copy-make), for callers that keep both.
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.make_move(m);
        p
    }
}
