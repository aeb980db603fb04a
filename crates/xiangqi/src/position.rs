//! A legal position: the board, the side to move and the counters, with the derived state
//! that makes move generation fast.
//!
//! # Representation
//! - `board`: one byte per point (`rank * 9 + file`), 0 for empty, otherwise the piece code
//!   `colour << 3 | (kind + 1)`. Move generation and the check test read only this array and
//!   the precomputed step and ray tables of [`crate::tables`].
//! - `by_code`: a 128-bit set of points per piece code (bit `i` = point `i`), so the generator
//!   visits each piece without scanning 90 points; `by_color` is the union per side.
//! - `generals`: the two generals' points, for the check test.
//! - `hash`: the Zobrist key, updated incrementally by [`Position::make_move`].
//!
//! `make_move` changes all of these in place and returns an [`Undo`] holding what cannot be
//! recomputed (the captured piece, the previous hash and clock); `unmake_move` restores them.

use crate::m::Move;
use crate::tables::{bit, HORSE_ATTACKS, HORSE_ATTACK_MASKS, RAYS, RAY_MASKS};
use crate::zobrist::{piece_key, BLACK_TO_MOVE};
use crate::{Board, Color, Kind, Piece, Setup, Square};
use core::fmt;

/// Board piece codes (see the module doc): what [`Position::code_at`] returns, and the index of
/// [`Position::code_bits`]. For engines that read the board in their inner loops.
#[allow(missing_docs)]
pub mod code {
    pub const EMPTY: u8 = 0;
    pub const fn of(color: usize, kind: usize) -> u8 {
        ((color as u8) << 3) | (kind as u8 + 1)
    }
    pub const fn general(c: usize) -> u8 {
        of(c, 0)
    }
    pub const fn advisor(c: usize) -> u8 {
        of(c, 1)
    }
    pub const fn elephant(c: usize) -> u8 {
        of(c, 2)
    }
    pub const fn horse(c: usize) -> u8 {
        of(c, 3)
    }
    pub const fn chariot(c: usize) -> u8 {
        of(c, 4)
    }
    pub const fn cannon(c: usize) -> u8 {
        of(c, 5)
    }
    pub const fn soldier(c: usize) -> u8 {
        of(c, 6)
    }
    #[inline(always)]
    pub const fn color(code: u8) -> usize {
        (code >> 3) as usize
    }
    #[inline(always)]
    pub const fn kind(code: u8) -> usize {
        ((code & 7) - 1) as usize
    }
}

/// Why a placement is not a position that can be played. (Placements that can be played but
/// cannot arise in a game are accepted; [`Setup::warnings`] lists what is odd about them.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no general.
    MissingGeneral(Color),
    /// A side has more than one general.
    ExtraGeneral(Color),
    /// A general stands outside its palace.
    GeneralOutsidePalace(Color, Square),
    /// A side has more pieces of a kind than the game starts with.
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        kind: Kind,
        /// How many stand on the board.
        count: usize,
    },
    /// The two generals face each other on an open file.
    GeneralsFacing,
    /// The side that just moved has left its general in check (it would be captured).
    OpponentInCheck(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingGeneral(c) => write!(f, "{c} has no general"),
            PositionError::ExtraGeneral(c) => write!(f, "{c} has more than one general"),
            PositionError::GeneralOutsidePalace(c, s) => {
                write!(f, "the {} general on {s} is outside its palace", c.name())
            }
            PositionError::TooMany { color, kind, count } => write!(
                f,
                "{color} has {count} {}s; at most {} are allowed",
                kind.name(),
                kind.max_count()
            ),
            PositionError::GeneralsFacing => {
                write!(f, "the two generals face each other on an open file")
            }
            PositionError::OpponentInCheck(c) => write!(
                f,
                "{c} is in check but it is not {c}'s turn: the general could be captured"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

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

/// A legal Xiangqi position (see the module doc for the representation).
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) by_code: [u128; 16],
    pub(crate) by_color: [u128; 2],
    pub(crate) generals: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) hash: u64,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl Position {
    /// The initial position.
    pub fn start() -> Position {
        Position::from_setup(&Setup::start()).expect("the start position is legal")
    }

    /// Checks that `setup` can be played and builds the position: one general per side, in
    /// its palace; at most a set's pieces of each kind per side; the generals not facing each
    /// other; the side not to move not in check. Composed placements that no game reaches
    /// (see [`Setup::warnings`]) are accepted.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let b = &setup.board;
        for color in Color::ALL {
            match b.count(color, Kind::General) {
                0 => return Err(PositionError::MissingGeneral(color)),
                1 => {}
                _ => return Err(PositionError::ExtraGeneral(color)),
            }
        }
        for (sq, p) in b.pieces() {
            if p.kind == Kind::General && !sq.in_palace_of(p.color) {
                return Err(PositionError::GeneralOutsidePalace(p.color, sq));
            }
        }
        for color in Color::ALL {
            for kind in Kind::ALL {
                let count = b.count(color, kind);
                if count > kind.max_count() as usize {
                    return Err(PositionError::TooMany { color, kind, count });
                }
            }
        }
        let pos = Position::from_board_unchecked(b, setup.turn, setup.halfmoves, setup.fullmoves);
        if pos.generals_facing() {
            return Err(PositionError::GeneralsFacing);
        }
        let them = !setup.turn;
        if pos.is_attacked_by(pos.general(them), setup.turn) {
            return Err(PositionError::OpponentInCheck(them));
        }
        Ok(pos)
    }

    /// Builds the derived state without checking any rule. Callers guarantee one general
    /// per side.
    fn from_board_unchecked(b: &Board, turn: Color, halfmoves: u32, fullmoves: u32) -> Position {
        let mut pos = Position {
            board: [0; 90],
            by_code: [0; 16],
            by_color: [0; 2],
            generals: [0; 2],
            turn,
            hash: 0,
            halfmoves,
            fullmoves,
        };
        for (sq, p) in b.pieces() {
            let c = p.code();
            let i = sq.index();
            pos.board[i] = c;
            pos.by_code[c as usize] |= 1u128 << i;
            pos.by_color[p.color.index()] |= 1u128 << i;
            if p.kind == Kind::General {
                pos.generals[p.color.index()] = i as u8;
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The setup (placement, side, counters) of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board(),
            turn: self.turn,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The placement.
    pub fn board(&self) -> Board {
        let mut b = Board::empty();
        for (i, &c) in self.board.iter().enumerate() {
            if c != code::EMPTY {
                b.set(Square::from_index(i), Some(Piece::from_code(c)));
            }
        }
        b
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c != code::EMPTY).then(|| Piece::from_code(c))
    }

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture.
    #[inline(always)]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, grows after each Black move).
    #[inline(always)]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of the placement and side to move.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point of `color`'s general.
    #[inline(always)]
    pub fn general(&self, color: Color) -> Square {
        Square::from_index(self.generals[color.index()] as usize)
    }

    /// The points holding pieces of `color` and `kind`, as a 90-bit set.
    #[inline(always)]
    pub fn bits(&self, color: Color, kind: Kind) -> u128 {
        self.by_code[code::of(color.index(), kind.index()) as usize]
    }

    /// The points holding pieces of `color`.
    #[inline(always)]
    pub fn color_bits(&self, color: Color) -> u128 {
        self.by_color[color.index()]
    }

    /// The piece code on point `index` (`rank * 9 + file`), [`code::EMPTY`] if none: the raw
    /// board for engines' inner loops (see the module doc).
    #[inline(always)]
    pub fn code_at(&self, index: usize) -> u8 {
        self.board[index]
    }

    /// The whole board as piece codes, indexed by point.
    #[inline(always)]
    pub fn codes(&self) -> &[u8; 90] {
        &self.board
    }

    /// The points holding pieces with this [`code`], as a 90-bit set.
    #[inline(always)]
    pub fn code_bits(&self, code: u8) -> u128 {
        self.by_code[code as usize]
    }

    /// How many pieces of `color` and `kind` are on the board.
    #[inline]
    pub fn count(&self, color: Color, kind: Kind) -> u32 {
        self.bits(color, kind).count_ones()
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (i, &c) in self.board.iter().enumerate() {
            if c != code::EMPTY {
                h ^= piece_key(c, i);
            }
        }
        if self.turn == Color::Black {
            h ^= BLACK_TO_MOVE;
        }
        h
    }

    /// True if the side to move's general is attacked.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.is_attacked_by(self.general(self.turn), !self.turn)
    }

    /// True if the generals stand on one file with nothing between them.
    pub fn generals_facing(&self) -> bool {
        let r = self.generals[0] as usize;
        let b = self.generals[1] as usize;
        r % 9 == b % 9
            && ((r + 9)..b)
                .step_by(9)
                .all(|i| self.board[i] == code::EMPTY)
    }

    /// True if a piece of `by` could capture on `sq` (ignoring whether that would leave its
    /// own general attacked); on the other general's point this includes the flying general.
    pub fn is_attacked_by(&self, sq: Square, by: Color) -> bool {
        let (sliders, horses) = self.attacker_sets(by.index());
        if sq.index() == self.generals[by.index() ^ 1] as usize {
            attacked::<true>(&self.board, sq.index(), by.index(), sliders, horses)
        } else {
            attacked::<false>(&self.board, sq.index(), by.index(), sliders, horses)
                || self.step_attacked(sq.index(), by.index())
        }
    }

    /// The points of `by`'s line pieces (chariots, cannons, general) and of its horses: the
    /// filters that let [`attacked`] skip rays and horse points with nothing to fear.
    #[inline(always)]
    pub(crate) fn attacker_sets(&self, by: usize) -> (u128, u128) {
        let sliders = self.by_code[code::chariot(by) as usize]
            | self.by_code[code::cannon(by) as usize]
            | self.by_code[code::general(by) as usize];
        (sliders, self.by_code[code::horse(by) as usize])
    }

    /// Attacks by the three pieces that never reach the enemy general (general steps,
    /// advisors, elephants): only needed for points other than a general's.
    fn step_attacked(&self, sq: usize, by: usize) -> bool {
        use crate::tables::{ADVISOR_ATTACKS, ELEPHANT_ATTACKS, GENERAL};
        let b = &self.board;
        GENERAL
            .get(sq)
            .iter()
            .any(|s| b[s.to as usize] == code::general(by))
            || ADVISOR_ATTACKS[by]
                .get(sq)
                .iter()
                .any(|s| b[s.to as usize] == code::advisor(by))
            || ELEPHANT_ATTACKS[by]
                .get(sq)
                .iter()
                .any(|s| b[s.to as usize] == code::elephant(by) && b[s.via as usize] == code::EMPTY)
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

/// True if a piece of colour `by` attacks point `sq` on `board` with a chariot, cannon, horse
/// or soldier, and, when `FLYING` (the point is the other general's), with its general along
/// an open file: every way a general can be attacked. Reads only the array, so the legality
/// test can call it on a scratch copy.
///
/// `sliders` and `horses` are supersets of the points of `by`'s chariots, cannons and general,
/// and of its horses (see [`Position::attacker_sets`]): a ray or horse point outside them
/// cannot hold an attacker and is not looked at.
#[inline(always)]
pub(crate) fn attacked<const FLYING: bool>(
    board: &[u8; 90],
    sq: usize,
    by: usize,
    sliders: u128,
    horses: u128,
) -> bool {
    let chariot = code::chariot(by);
    let cannon = code::cannon(by);
    let general = if FLYING { code::general(by) } else { 0xff };
    for dir in 0..4 {
        if sliders & RAY_MASKS[sq][dir] == 0 {
            continue;
        }
        let ray = RAYS.get(sq, dir);
        let mut i = 0;
        // First piece on the ray: a chariot attacks, and so does the general (which can only
        // share a file with the other general).
        while i < ray.len() {
            let c = board[ray[i] as usize];
            i += 1;
            if c != code::EMPTY {
                if c == chariot || c == general {
                    return true;
                }
                break;
            }
        }
        // Second piece: a cannon attacks over the screen.
        while i < ray.len() {
            let c = board[ray[i] as usize];
            i += 1;
            if c != code::EMPTY {
                if c == cannon {
                    return true;
                }
                break;
            }
        }
    }
    let horse = code::horse(by);
    if horses & HORSE_ATTACK_MASKS[sq] != 0 {
        for s in HORSE_ATTACKS.get(sq) {
            if board[s.to as usize] == horse && board[s.via as usize] == code::EMPTY {
                return true;
            }
        }
    }
    let soldier = code::soldier(by);
    let rank = sq / 9;
    let file = sq % 9;
    if by == 0 {
        // A red soldier attacks from below, and from the side once across (rank >= 5).
        if rank >= 1 && board[sq - 9] == soldier {
            return true;
        }
        if rank >= 5
            && ((file > 0 && board[sq - 1] == soldier) || (file < 8 && board[sq + 1] == soldier))
        {
            return true;
        }
    } else {
        if rank <= 8 && board[sq + 9] == soldier {
            return true;
        }
        if rank <= 4
            && ((file > 0 && board[sq - 1] == soldier) || (file < 8 && board[sq + 1] == soldier))
        {
            return true;
        }
    }
    false
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.board(), f)?;
        write!(f, "\n{}", self.to_fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}
