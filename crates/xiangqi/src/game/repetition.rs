//! The repetition rules: perpetual check (长将), perpetual chase (长捉) and the plain draw.
//!
//! The common core of the Asian rules, as the reference engines (Pikafish, Fairy-Stockfish)
//! read them, in one sitting:
//! 1. The game is judged when the current position has occurred
//!    [`Ruleset::repetition_count`] times with the same side to move. The window is every ply
//!    from the first of those occurrences to now (no capture can lie inside it).
//! 2. In that window each side's conduct is an [`Offence`]: `Check` if every one of its moves
//!    gave check; `Chase` if every one of its moves chased one and the same piece (followed
//!    from point to point as it flees; a move that checks counts only if it also chases that
//!    piece); otherwise `None`.
//! 3. A move chases an enemy piece when, after it, one of the mover's pieces newly attacks
//!    that piece with a legal capture (newly: the piece did not attack it before the move,
//!    not even while pinned to its own general, so a general stepping aside to free a pinned
//!    piece chases nothing), and:
//!    - the attacker is neither a general nor a soldier, and the target is neither the
//!      general nor a soldier still on its own side of the river;
//!    - and either the attack is on a stronger piece: a horse or cannon on a chariot, an
//!      advisor or elephant on a chariot, horse or cannon (protected or not);
//!    - or the target is unprotected (its owner has no legal recapture, so a piece pinned to
//!      its general protects nothing) and is not of the attacker's kind, or is of its kind but
//!      cannot legally take the attacker back (it is pinned, or it is a horse whose leg is
//!      hobbled): like pieces facing each other only offer an exchange.
//! 4. The worse offence loses (check is worse than chase); equal offences draw. So perpetual
//!    check loses, mutual perpetual check draws, a checker loses to a chaser, and a plain
//!    repetition draws.

use super::outcome::{Outcome, Reason, Ruleset};
use super::ply::Ply;
use crate::color::Color;
use crate::m::{Move, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;

/// A side's conduct over a repetition cycle, from least to most serious.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Offence {
    /// Neither: some move chased no common target, and some move gave no check.
    None,
    /// Every move chased one and the same piece (some may have given check too), and not
    /// every move gave check.
    Chase,
    /// Every move gave check.
    Check,
}

/// The (attacker, target) pairs by which `side` chases enemy pieces in `pos` under rule 3 of
/// the module doc, ignoring whether the attacks are new. `side` need not be to move.
pub fn chased_pieces(pos: &Position, side: Color) -> Vec<(Square, Square)> {
    chases(pos, side)
}

/// The pairs of [`chased_pieces`]: the legal captures of `side` that chase.
fn chases(pos: &Position, side: Color) -> Vec<(Square, Square)> {
    let p = to_move(pos, side);
    let mut captures = MoveList::new();
    p.generate_legal_captures(&mut captures);
    captures
        .iter()
        .filter(|&&m| is_chase(&p, m))
        .map(|m| (m.from(), m.to()))
        .collect()
}

/// Every (attacker, target) pair by which `side` attacks an enemy piece in `pos`: each
/// capture that follows the pieces' rules, though a piece pinned to its own general could not
/// make it, and whether it would chase or not.
fn attacks(pos: &Position, side: Color) -> Vec<(Square, Square)> {
    let p = to_move(pos, side);
    let mut captures = MoveList::new();
    p.generate_pseudo::<true>(&mut captures);
    captures.iter().map(|m| (m.from(), m.to())).collect()
}

/// `pos` with `side` to move.
fn to_move(pos: &Position, side: Color) -> Position {
    let mut p = pos.clone();
    if p.turn() != side {
        p.make_null();
    }
    p
}

/// True if the legal capture `m` of the side to move is a chase under rule 3.
fn is_chase(pos: &Position, m: Move) -> bool {
    let (Some(attacker), Some(target)) = (pos.piece_at(m.from()), pos.piece_at(m.to())) else {
        return false;
    };
    if matches!(attacker.kind, Kind::General | Kind::Soldier) || target.kind == Kind::General {
        return false;
    }
    if target.kind == Kind::Soldier && m.to().on_side_of(target.color) {
        return false;
    }
    if outranks(attacker.kind, target.kind) {
        return true;
    }
    if is_protected(pos, m) {
        return false;
    }
    // Like pieces facing each other offer an exchange, unless the target cannot take back.
    attacker.kind != target.kind || !can_take_back(pos, m)
}

/// True if an attack by `attacker` on `target` chases even a protected target: a horse or
/// cannon on a chariot, an advisor or elephant on a chariot, horse or cannon.
fn outranks(attacker: Kind, target: Kind) -> bool {
    match attacker {
        Kind::Horse | Kind::Cannon => target == Kind::Chariot,
        Kind::Advisor | Kind::Elephant => {
            matches!(target, Kind::Chariot | Kind::Horse | Kind::Cannon)
        }
        _ => false,
    }
}

/// True if the target of the capture `m` could legally capture its attacker instead, were
/// it its owner's turn: a pinned piece or a horse with its leg hobbled cannot.
fn can_take_back(pos: &Position, m: Move) -> bool {
    let mut p = pos.clone();
    p.make_null();
    p.is_legal(Move::new(m.to(), m.from()))
}

/// True if, after the capture `m`, the captured piece's owner can legally recapture.
fn is_protected(pos: &Position, m: Move) -> bool {
    let after = pos.after(m);
    let mut replies = MoveList::new();
    after.generate_legal_captures(&mut replies);
    replies.iter().any(|r| r.to() == m.to())
}

/// The enemy pieces (as a set of points after the move) that `m`, played in `before`, starts
/// to chase: chasing pairs after the move whose attack was not there before it (as
/// Fairy-Stockfish and Pikafish judge it, which count only the attacks a move makes or
/// uncovers). So an attack that was there before by a piece pinned to its own general is not
/// new: a general that steps aside and so frees such a piece to capture chases nothing. Nor is
/// an attack that was there before on a guarded piece whose guard the move takes away (by
/// blocking the guard's line, say): the piece was attacked all along.
pub(crate) fn new_chases(before: &Position, m: Move) -> u128 {
    let side = before.turn();
    let moved = |sq: Square| if sq == m.from() { m.to() } else { sq };
    let old: Vec<(Square, Square)> = attacks(before, side)
        .into_iter()
        .map(|(a, t)| (moved(a), t))
        .collect();
    let after = before.after(m);
    chased_pieces(&after, side)
        .into_iter()
        .filter(|pair| !old.contains(pair))
        .fold(0u128, |set, (_, t)| set | 1u128 << t.index())
}

/// The offence of `side` over `window`, whose first ply was made by `first_mover`.
fn offence(window: &[Ply], first_mover: Color, side: Color) -> Offence {
    let mut all_checks = true;
    let mut all_check_or_chase = true;
    let mut target: Option<u128> = None;
    for (i, ply) in window.iter().enumerate() {
        let mover = if i % 2 == 0 {
            first_mover
        } else {
            !first_mover
        };
        if mover != side {
            // The opponent moved: follow the chased piece if it was the one that moved.
            if let Some(t) = target.as_mut() {
                let (from, to) = (ply.mv.from().index(), ply.mv.to().index());
                if *t & (1u128 << from) != 0 {
                    *t = (*t & !(1u128 << from)) | 1u128 << to;
                }
            }
            continue;
        }
        all_checks &= ply.check;
        let common = target.map_or(ply.chased, |t| t & ply.chased);
        if common == 0 {
            all_check_or_chase = false;
        }
        target = Some(common);
    }
    if all_checks {
        Offence::Check
    } else if all_check_or_chase {
        Offence::Chase
    } else {
        Offence::None
    }
}

/// Judges the repetition rules after the last ply of `plies`, played from `start`.
pub(crate) fn judge(start: &Position, plies: &[Ply], rules: &Ruleset) -> Option<Outcome> {
    let n = plies.len();
    let current = plies.last()?.hash;
    let hash_at = |i: usize| {
        if i == 0 {
            start.hash()
        } else {
            plies[i - 1].hash
        }
    };
    // Positions before the last capture cannot recur: stop looking there.
    let earliest = plies
        .iter()
        .rposition(|p| p.undo.captured().is_some())
        .map_or(0, |i| i + 1);
    let mut count = 0;
    let mut first = n;
    let mut i = n as isize;
    while i >= earliest as isize {
        if hash_at(i as usize) == current {
            count += 1;
            first = i as usize;
        }
        i -= 2;
    }
    if count < rules.repetition_count {
        return None;
    }
    let window = &plies[first..];
    let first_mover = if first % 2 == 0 {
        start.turn()
    } else {
        !start.turn()
    };
    let red = offence(window, first_mover, Color::Red);
    let black = offence(window, first_mover, Color::Black);
    let (loser, worst) = match red.cmp(&black) {
        core::cmp::Ordering::Equal => {
            return Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            })
        }
        core::cmp::Ordering::Greater => (Color::Red, red),
        core::cmp::Ordering::Less => (Color::Black, black),
    };
    Some(Outcome {
        winner: Some(!loser),
        reason: if worst == Offence::Check {
            Reason::PerpetualCheck
        } else {
            Reason::PerpetualChase
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_uci;

    /// Plies of the king-shuffle cycle with the given check and chase flags, so that the
    /// ranking of offences can be checked on its own.
    fn cycle(flags: &[(bool, u128)]) -> (Position, Vec<Ply>) {
        let start = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let mut pos = start.clone();
        let moves = "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9";
        let plies = moves
            .split(' ')
            .zip(flags.iter().cycle())
            .map(|(text, &(check, chased))| {
                let mv = parse_uci(text).unwrap();
                let undo = pos.make_move(mv);
                Ply {
                    mv,
                    undo,
                    hash: pos.hash(),
                    check,
                    chased,
                }
            })
            .collect();
        (start, plies)
    }

    fn judged(flags: &[(bool, u128)]) -> Option<Outcome> {
        let (start, plies) = cycle(flags);
        judge(&start, &plies, &Ruleset::default())
    }

    const E8: u128 = 1 << 76;
    const E9: u128 = 1 << 85;

    #[test]
    fn check_is_worse_than_chase() {
        // Red checks every move; Black "chases" the same piece every move: Red loses.
        let outcome = judged(&[(true, 0), (false, 1 << 0)]);
        assert_eq!(
            outcome,
            Some(Outcome {
                winner: Some(Color::Black),
                reason: Reason::PerpetualCheck
            })
        );
    }

    #[test]
    fn equal_offences_draw() {
        let outcome = judged(&[(true, 0), (true, 0)]);
        assert_eq!(outcome.map(|o| o.reason), Some(Reason::Repetition));
        assert_eq!(outcome.and_then(|o| o.winner), None);
    }

    #[test]
    fn a_chase_must_follow_one_piece() {
        // Red chases alternately two different pieces (the general's points stand in for
        // them): that is no perpetual chase, so the repetition is a draw.
        let (start, mut plies) = cycle(&[(false, 0), (false, 0)]);
        for (i, p) in plies.iter_mut().enumerate() {
            if i % 2 == 0 {
                p.chased = if i % 4 == 0 { 1 << 10 } else { 1 << 20 };
            }
        }
        let outcome = judge(&start, &plies, &Ruleset::default()).unwrap();
        assert_eq!(outcome.reason, Reason::Repetition);
        // The same piece, followed as it moves between e8 and e9, is a chase.
        for (i, p) in plies.iter_mut().enumerate() {
            if i % 2 == 0 {
                p.chased = if i % 4 == 0 { E9 } else { E8 };
            }
        }
        let outcome = judge(&start, &plies, &Ruleset::default()).unwrap();
        assert_eq!(outcome.reason, Reason::PerpetualChase);
        assert_eq!(outcome.winner, Some(Color::Black));
    }
}
