//! Writing moves as text in any of the four notations: one move, or a line of them.

use super::chinese::format_chinese;
use super::choice::Notation;
use super::iccs::format_iccs;
use super::uci::format_uci;
use super::wxf::format_wxf;
use crate::m::Move;
use crate::position::Position;

/// Writes `m`, which must be legal in `pos`, in `notation`.
pub fn format(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Uci => format_uci(m),
        Notation::Iccs => format_iccs(m),
        Notation::Wxf => format_wxf(pos, m),
        Notation::Chinese => format_chinese(pos, m),
    }
}

/// Writes the line `moves`, played one after another from `pos`, in `notation`: a move
/// each, up to the first that is not legal where it stands (a line from a search whose
/// position has changed since ends there).
pub fn format_line(pos: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut at = pos.clone();
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        if !at.is_legal(m) {
            break;
        }
        texts.push(format(&at, m, notation));
        at.make_move(m);
    }
    texts
}
