//! The evaluation itself: the incremental material-and-table sums of the [`Node`] plus the
//! terms of both sides, blended by phase, for the side to move.

use super::psq::{blend, phase};
use super::term::Term;
use super::terms::{side_terms, Sink};
use super::weights::TERMS;
use crate::node::Node;
use xiangqi::{Color, Position};

/// Material and piece-square value blended by phase, for the side to move: the part of the
/// evaluation kept incrementally, cheap enough for a lazy cutoff in quiescence.
#[inline]
pub fn material(pos: &Node) -> i32 {
    let [mg, eg] = pos.psq();
    let score = blend(mg, eg, phase(pos));
    if pos.turn() == Color::Red {
        score
    } else {
        -score
    }
}

/// The evaluation of `pos` for the side to move (for one position outside a search; the
/// searches keep a [`Node`] and call [`evaluate`]).
pub fn evaluate_position(pos: &Position) -> i32 {
    evaluate(&Node::new(pos.clone()))
}

/// Adds the weights up, middlegame and endgame apart.
#[derive(Default)]
struct Sum {
    mg: i32,
    eg: i32,
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, term: Term, n: i32) {
        let [mg, eg] = TERMS[term as usize];
        self.mg += mg * n;
        self.eg += eg * n;
    }
}

/// The network's scores are kept this far from the mate scores.
const NETWORK_BOUND: i32 = 20_000;

/// The evaluation of the search node `pos` for the side to move: its network's where it has
/// one, the hand-set terms' otherwise.
#[inline]
pub fn evaluate(pos: &Node) -> i32 {
    match pos.network_eval() {
        Some(score) => score.clamp(-NETWORK_BOUND, NETWORK_BOUND),
        None => hand_set(pos),
    }
}

/// The hand-set evaluation of `pos` for the side to move.
fn hand_set(pos: &Node) -> i32 {
    let phase = phase(pos);
    let [mg, eg] = pos.psq();
    let (mut red, mut black) = (Sum::default(), Sum::default());
    side_terms(pos, 0, &mut red);
    side_terms(pos, 1, &mut black);
    let score = blend(mg + red.mg - black.mg, eg + red.eg - black.eg, phase);
    let score = if pos.turn() == Color::Red {
        score
    } else {
        -score
    };
    let [tempo_mg, tempo_eg] = TERMS[Term::Tempo as usize];
    score + blend(tempo_mg, tempo_eg, phase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced() {
        let pos = Position::start();
        assert_eq!(evaluate_position(&pos), TERMS[Term::Tempo as usize][0]);
        let black = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .unwrap();
        assert_eq!(evaluate_position(&black), TERMS[Term::Tempo as usize][0]);
    }

    /// The same position seen from the other side: ranks reversed, colours swapped.
    fn mirrored(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let board: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side}", board.join("/"))
    }

    #[test]
    fn mirrored_positions_evaluate_the_same() {
        for fen in [
            "3akab2/9/4b4/p3p1R1p/2n6/9/P3P3P/4B4/4A4/2BAK4 w",
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
        ] {
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirrored(fen)).unwrap();
            assert_eq!(evaluate_position(&a), evaluate_position(&b), "{fen}");
        }
    }

    #[test]
    fn a_chariot_up_is_winning() {
        let pos =
            Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
                .unwrap();
        assert!(evaluate_position(&pos) > 700);
    }
}
