//! A game under review: the evaluation of each of its positions as the worker finds them, one
//! search per position with a time budget, and what they make of each move (see
//! [`crate::model::judgement`] for the judgements). Pure.

use crate::model::judgement::{accuracy, centipawns, judge, loss, Judgement};
use xiangqi::{Color, Game, Move};
use xiangqi_ai::Score;

/// The time a review gives each position by default, in milliseconds.
pub const REVIEW_MS: u64 = 300;
/// The time "deeper" gives each position.
pub const DEEPER_MS: u64 = 1_500;

/// A position's evaluation: its best move (none at the end of the game) and its score for the
/// side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// The best move found.
    pub best: Option<Move>,
    /// Its score for the side to move.
    pub score: Score,
    /// The line the search expects, the best move first (a saved review keeps only the
    /// best move).
    pub line: Vec<Move>,
}

/// What a review found about one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// What the mover lost, in centipawns.
    pub loss: i32,
    /// The judgement, if the move is marked.
    pub judgement: Option<Judgement>,
    /// The better move, for a marked move.
    pub better: Option<Move>,
    /// The line that begins with the better move, for a marked move.
    pub line: Vec<Move>,
}

/// A review of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The game reviewed (its history id) and its revision: other moves make another game.
    game: (u64, u64),
    /// The time each position gets.
    budget_ms: u64,
    /// The side to move at the start.
    first: Color,
    /// The evaluation of each position, from the start to the end, as found.
    evals: Vec<Option<Eval>>,
}

impl Review {
    /// A review of `game` (history id and revision `id`), `budget_ms` a position. The last
    /// position of a finished game needs no search: it is evaluated by its result.
    pub fn new(id: (u64, u64), game: &Game, budget_ms: u64) -> Review {
        let mut evals = vec![None; game.len() + 1];
        if let Some(outcome) = game.outcome() {
            let score = match outcome.winner {
                // The side to move at the end has lost (mated, stalemated, or by a rule).
                Some(winner) if winner != game.position().turn() => Score::Mate(0),
                Some(_) => Score::Mate(1),
                None => Score::Cp(0),
            };
            evals[game.len()] = Some(Eval {
                best: None,
                score,
                line: Vec::new(),
            });
        }
        Review {
            game: id,
            budget_ms,
            first: game.start_position().turn(),
            evals,
        }
    }

    /// True if this is the review of game `id` (history id and revision).
    pub fn is_of(&self, id: (u64, u64)) -> bool {
        self.game == id
    }

    /// The time each position gets.
    pub fn budget_ms(&self) -> u64 {
        self.budget_ms
    }

    /// A review of `game` (history id and revision `id`) with `evals` found before (a saved
    /// one), if there is one per position.
    pub fn restore(
        id: (u64, u64),
        game: &Game,
        budget_ms: u64,
        evals: Vec<Option<Eval>>,
    ) -> Option<Review> {
        let mut review = Review::new(id, game, budget_ms);
        if evals.len() != review.evals.len() {
            return None;
        }
        // Each best move must be legal where it was found.
        let positions = game
            .plies()
            .map(|p| p.before)
            .chain(std::iter::once(game.position().clone()));
        for (e, pos) in evals.iter().zip(positions) {
            if let Some(Eval { best: Some(m), .. }) = e {
                if !pos.is_legal(*m) {
                    return None;
                }
            }
        }
        for (slot, e) in review.evals.iter_mut().zip(evals) {
            if e.is_some() {
                *slot = e;
            }
        }
        Some(review)
    }

    /// The review as one line of text, for the saved game: the budget, then each position's
    /// evaluation as `MOVE:SCORE` (`-` for no move; `c20` is 20 centipawns, `m-3` mated in
    /// 3), empty for one not evaluated. `300;h2e2:c20,b9c7:c-40,` is a review of two moves
    /// stopped before the last position.
    pub fn encode(&self) -> String {
        let evals: Vec<String> = self
            .evals
            .iter()
            .map(|e| match e {
                None => String::new(),
                Some(Eval { best, score, .. }) => {
                    let best = best.map_or("-".to_string(), |m| m.to_string());
                    match score {
                        Score::Cp(cp) => format!("{best}:c{cp}"),
                        Score::Mate(n) => format!("{best}:m{n}"),
                    }
                }
            })
            .collect();
        format!("{};{}", self.budget_ms, evals.join(","))
    }

    /// The budget and evaluations in `text` (as [`Review::encode`] writes them), each move
    /// checked to be a move; `None` if it is not such a text.
    pub fn decode(text: &str) -> Option<(u64, Vec<Option<Eval>>)> {
        let (budget, evals) = text.split_once(';')?;
        let evals = evals
            .split(',')
            .map(|e| {
                if e.is_empty() {
                    return Some(None);
                }
                let (best, score) = e.split_once(':')?;
                let best = match best {
                    "-" => None,
                    m => Some(xiangqi::notation::parse_uci(m).ok()?),
                };
                let score = match score.split_at_checked(1)? {
                    ("c", cp) => Score::Cp(cp.parse().ok()?),
                    ("m", n) => Score::Mate(n.parse().ok()?),
                    _ => return None,
                };
                Some(Some(Eval {
                    best,
                    score,
                    line: best.into_iter().collect(),
                }))
            })
            .collect::<Option<Vec<_>>>()?;
        Some((budget.parse().ok()?, evals))
    }

    /// The first position still to evaluate (its ply), if any.
    pub fn next(&self) -> Option<usize> {
        self.evals.iter().position(Option::is_none)
    }

    /// Positions evaluated, and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.evals.iter().flatten().count(), self.evals.len())
    }

    /// Takes in the evaluation of the position after `ply` moves.
    pub fn set(&mut self, ply: usize, eval: Eval) {
        if let Some(slot) = self.evals.get_mut(ply) {
            *slot = Some(eval);
        }
    }

    /// The evaluations found so far, one per position.
    pub fn evals(&self) -> &[Option<Eval>] {
        &self.evals
    }

    /// Who made move `i` (0 is the first move).
    pub fn mover(&self, i: usize) -> Color {
        if i % 2 == 0 {
            self.first
        } else {
            !self.first
        }
    }

    /// What move `i` (0 is the first) was, once the positions before and after it are
    /// evaluated; `played` is the move, so that playing the best move is never marked.
    pub fn of_move(&self, i: usize, played: Move) -> Option<MoveReview> {
        let before = self.evals.get(i)?.as_ref()?;
        let after = self.evals.get(i + 1)?.as_ref()?;
        let lost = if before.best == Some(played) {
            0
        } else {
            loss(before.score, after.score)
        };
        let judgement = judge(before.score, lost);
        Some(MoveReview {
            loss: lost,
            judgement,
            better: judgement.and(before.best),
            line: if judgement.is_some() {
                before.line.clone()
            } else {
                Vec::new()
            },
        })
    }

    /// What the review found about each of `moves` (the game's), where both positions around
    /// it are evaluated.
    pub fn of_moves(&self, moves: &[Move]) -> Vec<Option<MoveReview>> {
        moves
            .iter()
            .enumerate()
            .map(|(i, &m)| self.of_move(i, m))
            .collect()
    }

    /// Each side's accuracy (Red's, Black's) over its moves `reviewed` so far (as
    /// [`Review::of_moves`] gives them).
    pub fn accuracy(&self, reviewed: &[Option<MoveReview>]) -> (Option<u32>, Option<u32>) {
        let (mut red, mut black) = (Vec::new(), Vec::new());
        for (i, r) in reviewed.iter().enumerate() {
            if let Some(r) = r {
                match self.mover(i) {
                    Color::Red => red.push(r.loss),
                    Color::Black => black.push(r.loss),
                }
            }
        }
        (accuracy(&red), accuracy(&black))
    }

    /// The graph's points: each evaluated position's score from Red's side, in centipawns
    /// held within a mate.
    pub fn graph(&self) -> Vec<Option<i32>> {
        self.evals
            .iter()
            .enumerate()
            .map(|(ply, e)| {
                e.as_ref().map(|e| {
                    let cp = centipawns(e.score);
                    if self.mover(ply) == Color::Red {
                        cp
                    } else {
                        -cp
                    }
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn mv(s: &str) -> Move {
        parse_uci(s).unwrap()
    }

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new();
        for m in moves {
            g.play(mv(m)).unwrap();
        }
        g
    }

    #[test]
    fn positions_are_evaluated_in_order_and_moves_judged_from_both_sides() {
        let g = game(&["h2e2", "h9g7", "h0g2"]);
        let mut r = Review::new((1, 3), &g, REVIEW_MS);
        assert_eq!(r.next(), Some(0));
        assert_eq!(r.progress(), (0, 4));
        let eval = |best: &str, cp| Eval {
            best: Some(mv(best)),
            score: Score::Cp(cp),
            line: vec![mv(best)],
        };
        r.set(0, eval("h2e2", 20));
        r.set(1, eval("b9c7", 60)); // Black to move, 0.60 up: another Red move lost 0.80
        r.set(2, eval("h0g2", 10)); // Red to move and 0.10 up: Black went from +0.60 to -0.10
        assert_eq!(r.next(), Some(3));
        let first = r.of_move(0, mv("h2e2")).unwrap();
        assert_eq!(
            (first.loss, first.judgement),
            (0, None),
            "the best move loses nothing"
        );
        // Had Red played another move that led to the same evaluation, it would have lost 0.80.
        let other = r.of_move(0, mv("b2e2")).unwrap();
        assert_eq!(other.loss, 80);
        assert_eq!(other.judgement, Some(Judgement::Inaccuracy));
        assert_eq!(other.better, Some(mv("h2e2")));
        assert_eq!(other.line, vec![mv("h2e2")], "the better move's line");
        let second = r.of_move(1, mv("h9g7")).unwrap();
        assert_eq!(
            second.loss, 70,
            "Black stood at +0.60 and came out at -0.10"
        );
        assert_eq!(second.better, Some(mv("b9c7")));
        assert!(
            r.of_move(2, mv("h0g2")).is_none(),
            "the last position is not evaluated yet"
        );
        assert_eq!(r.graph(), vec![Some(20), Some(-60), Some(10), None]);
        assert_eq!(r.accuracy(&r.of_moves(&g.moves())), (Some(100), Some(62)));
    }

    #[test]
    fn a_review_is_written_and_read_back() {
        let g = game(&["h2e2", "h9g7"]);
        let mut r = Review::new((1, 2), &g, DEEPER_MS);
        r.set(
            0,
            Eval {
                best: Some(mv("h2e2")),
                score: Score::Cp(20),
                line: vec![mv("h2e2")],
            },
        );
        r.set(
            1,
            Eval {
                best: Some(mv("b9c7")),
                score: Score::Mate(-3),
                line: vec![mv("b9c7")],
            },
        );
        let text = r.encode();
        assert_eq!(text, "1500;h2e2:c20,b9c7:m-3,");
        let (budget, evals) = Review::decode(&text).unwrap();
        let back = Review::restore((5, 6), &g, budget, evals).unwrap();
        assert_eq!(back.evals(), r.evals());
        assert_eq!(back.budget_ms(), DEEPER_MS);
        assert!(back.is_of((5, 6)));
        for bad in [
            "",
            "300",
            "x;",
            "300;h2e2:c20",
            "300;a0a5:c1,,",
            "300;h2e2:q1,,",
            "300;h2e2,,",
        ] {
            let restored = Review::decode(bad).and_then(|(b, e)| Review::restore((1, 2), &g, b, e));
            assert!(restored.is_none(), "{bad:?}");
        }
    }

    #[test]
    fn the_end_of_a_finished_game_is_evaluated_by_its_result() {
        // Red mates at once: one chariot checks on the back rank, the other holds the next.
        let start = xiangqi::Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1").unwrap();
        let mut g = Game::from_position(start);
        g.play(mv("i0i9")).unwrap();
        assert!(g.outcome().is_some());
        let r = Review::new((1, 1), &g, REVIEW_MS);
        assert_eq!(r.next(), Some(0), "the mated position needs no search");
        assert_eq!(
            r.graph(),
            vec![None, Some(1_000)],
            "Red has mated: +10 on the graph"
        );
    }
}
