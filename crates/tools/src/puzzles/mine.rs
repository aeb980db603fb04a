//! From a candidate position to a puzzle: the first move must be the only win; then the
//! solution is played out, the defender answering with the search's best, each move of the
//! solver checked to be the only one again, until mate or until the material is won and the
//! defender has no capture back.

use super::judge::{also_solves, Judge};
use super::themes::{balance, difficulty, themes};
use xiangqi::records::puzzle::{Puzzle, MAX_LINE};
use xiangqi::{Move, Position};
use xiangqi_ai::Score;

/// Material the line must win (a horse's worth, near enough) when it does not mate.
pub const MIN_GAIN: i32 = 350;
/// The longest mate a puzzle asks for, in moves of the solver.
pub const MAX_MATE: i32 = 7;

/// The puzzle at `pos`, numbered `id`, if there is one: why not otherwise.
pub fn mine(judge: &mut Judge, pos: &Position, id: u32) -> Result<Puzzle, String> {
    let solver = pos.turn();
    let first = judge.unique_win(pos)?;
    let mating = matches!(first.score, Score::Mate(n) if n <= MAX_MATE);
    if matches!(first.score, Score::Mate(_)) && !mating {
        return Err(format!("{}: too long a mate", first.score));
    }
    let start_balance = balance(pos, solver);
    let mut line: Vec<Move> = Vec::new();
    let mut at = pos.clone();
    let mut verdict = first;
    loop {
        line.push(verdict.best);
        at = at.after(verdict.best);
        if !at.has_legal_move() {
            if !mating {
                return Err("mates, but the search did not say so".into());
            }
            break;
        }
        if line.len() >= MAX_LINE {
            return Err("the tactic goes on too long".into());
        }
        let reply = judge.best(&at).ok_or("no reply")?;
        let won = balance(&at, solver) - start_balance;
        if !mating && won >= MIN_GAIN && at.piece_at(reply.best.to()).is_none() {
            break;
        }
        line.push(reply.best);
        at = at.after(reply.best);
        // The solver's next move: the search's best, and the only one that keeps the win.
        let next = judge.best(&at).ok_or("no move after the reply")?;
        if mating != matches!(next.score, Score::Mate(n) if n > 0) {
            return Err(format!("the line changes its nature ({})", next.score));
        }
        if let Some(alt) = judge.best_other(&at, next.best) {
            let another = match next.score {
                // A second mate is fine on the last move (the page takes any mate there).
                Score::Mate(1) => false,
                Score::Mate(_) => matches!(alt, Score::Mate(n) if n > 0),
                Score::Cp(_) => also_solves(next.score, alt),
            };
            if another {
                return Err(format!(
                    "move {} has a second solution ({alt})",
                    line.len() + 1
                ));
            }
        }
        verdict = next;
    }
    let rating = difficulty(pos, &line, first.found_at);
    Ok(Puzzle {
        id,
        themes: themes(pos, &line, mating),
        position: pos.clone(),
        line,
        rating,
    })
}
