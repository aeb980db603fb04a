//! The second stage, shared by WXF and Chinese: a description found on a position as the
//! one legal move it names for the side to move.

use super::board::{board_file, column, destination, soldier_labels};
use super::resolve_error::ResolveError;
use super::syntax::{Description, Place, Which};
use crate::m::Move;
use crate::notation::write::format;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

impl Description {
    /// The one legal move this description names for the side to move in `pos`, or why
    /// there is none, in the notation it was read in.
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        let color = pos.turn();
        let (notation, text, kind) = (self.notation, || self.text.clone(), self.kind);
        let candidates: Vec<Square> = match self.which {
            Which::File(n) => {
                let col = column(pos, color, kind, board_file(color, n));
                if col.is_empty() {
                    return Err(ResolveError::NoPiece {
                        notation,
                        text: text(),
                        color,
                        kind,
                        file: n,
                    });
                }
                col
            }
            Which::Place(place, file) => {
                let files: Vec<u8> = match file {
                    Some(n) => vec![board_file(color, n)],
                    // In the mover's file order, so alternatives are listed as labels count
                    // them.
                    None => (1..=9).map(|n| board_file(color, n)).collect(),
                };
                let picked: Vec<Square> = files
                    .into_iter()
                    .map(|f| column(pos, color, kind, f))
                    .filter_map(|col| match place {
                        Place::Front if col.len() >= 2 => col.first().copied(),
                        Place::Rear if col.len() >= 2 => col.last().copied(),
                        Place::Middle if col.len() == 3 => Some(col[1]),
                        _ => None,
                    })
                    .collect();
                if picked.is_empty() {
                    return Err(ResolveError::NoPair {
                        notation,
                        text: text(),
                        color,
                        kind,
                        file,
                        needed: if place == Place::Middle { 3 } else { 2 },
                    });
                }
                picked
            }
            Which::Ordinal(k) => {
                let labels = if kind == Kind::Soldier {
                    soldier_labels(pos, color)
                } else {
                    Vec::new()
                };
                match labels.get((k as usize).wrapping_sub(1)) {
                    Some(&sq) => vec![sq],
                    None => {
                        return Err(ResolveError::NoLabel {
                            notation,
                            text: text(),
                            color,
                            label: k,
                        })
                    }
                }
            }
        };
        let mut found = Vec::new();
        let mut exposes_general = false;
        for &from in &candidates {
            let Some(to) = destination(color, kind, from, self.op, self.num) else {
                continue;
            };
            let m = Move::new(from, to);
            if pos.is_legal(m) {
                found.push(m);
            } else if pos.is_pseudo_legal(m) {
                exposes_general = true;
            }
        }
        match found[..] {
            [m] => Ok(m),
            [] => Err(ResolveError::Illegal {
                notation,
                text: text(),
                exposes_general,
            }),
            _ => Err(ResolveError::Ambiguous {
                notation,
                text: text(),
                color,
                kind,
                file: match self.which {
                    Which::File(n) => Some(n),
                    Which::Place(_, file) => file,
                    Which::Ordinal(_) => None,
                },
                count: candidates.len() as u8,
                options: found.iter().map(|&m| format(pos, m, notation)).collect(),
            }),
        }
    }
}
