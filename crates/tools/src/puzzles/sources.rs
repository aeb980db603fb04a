//! Where candidate positions come from: self-play games, whose scores show where a move threw
//! the game away: those of `xiangqi datagen --format games` files, and games played here
//! between the strong search at several node budgets. A candidate is the position after such a
//! move: the side to move now wins by the search, where the side that just moved did not think
//! itself lost.

use super::judge::WIN_CP;
use crate::matches::openings::OPENINGS;
use crate::seed::mix;
use crate::train::games::{is_mate, GameRecord};
use std::sync::atomic::AtomicBool;
use xiangqi::{Game, Position};
use xiangqi_ai::{Limits, Player, Score, Session, Task};

/// The score above which the side that just moved did not think itself lost.
pub const BALANCED: i32 = -400;
/// How far the score must jump, for the side to move, from what the side that just moved
/// thought of its move: the size of the blunder.
pub const JUMP: i32 = 300;

/// The candidates of one game, given the position before each scored move and the score of
/// that move for the side to move (mates as `i32::MAX` or `MIN`, sign for the mover).
fn after_blunders(scored: &[(Position, i32)], out: &mut Vec<Position>) {
    for w in scored.windows(2) {
        let ((_, before), (pos, now)) = (&w[0], &w[1]);
        if *now >= WIN_CP && *before >= BALANCED && now.saturating_add(*before) >= JUMP {
            out.push(pos.clone());
        }
    }
}

/// The candidates in a recorded game.
pub fn from_record(record: &GameRecord) -> Result<Vec<Position>, String> {
    let scored: Vec<(Position, i32)> = record
        .positions()?
        .into_iter()
        .map(|(pos, _, s)| {
            let s = if is_mate(s) {
                if s > 0 {
                    i32::MAX
                } else {
                    i32::MIN
                }
            } else {
                i32::from(s)
            };
            (pos, s)
        })
        .collect();
    let mut out = Vec::new();
    after_blunders(&scored, &mut out);
    Ok(out)
}

/// Plies after which a self-play game is stopped.
const MAX_PLIES: usize = 240;
/// A game is over for mining once every score of this many plies in a row is beyond
/// [`DECIDED_CP`] either way.
const DECIDED_PLIES: usize = 6;
/// See [`DECIDED_PLIES`].
const DECIDED_CP: u32 = 800;
/// Random moves after the opening line, so that games differ.
const RANDOM_PLIES: usize = 4;

/// Plays self-play game `k` of a run seeded `seed`: the strong search at two of the node
/// budgets `nodes` (each pair in turn, so each budget plays each colour against each), from an
/// opening line and a few random moves, and returns its candidates. The smaller budgets
/// blunder, the larger ones punish. Node budgets keep it deterministic: the same `k` and seed
/// give the same game.
pub fn from_selfplay(session: &mut Session, nodes: &[u64], seed: u64, k: usize) -> Vec<Position> {
    let n = nodes.len();
    let (red, black) = (nodes[k % n], nodes[(k / n) % n]);
    let opening = OPENINGS[(k / (n * n)) % OPENINGS.len()].moves();
    let mut game =
        Game::replay(Position::start(), &opening).expect("the openings are legal (tested)");
    let mut rng = mix(seed, k as u64);
    for _ in 0..RANDOM_PLIES {
        let moves = game.position().legal_moves();
        rng = mix(rng, 1);
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let m = moves.as_slice()[(rng % moves.len() as u64) as usize];
        if game.play(m).is_err() {
            break;
        }
    }
    let stop = AtomicBool::new(false);
    let mut scored = Vec::new();
    session.new_game();
    while game.outcome().is_none() && game.len() < MAX_PLIES {
        let budget = if game.position().turn() == xiangqi::Color::Red {
            red
        } else {
            black
        };
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                nodes: Some(budget),
                ..Limits::default()
            },
        };
        let t = session.think(&game, &task, &|| 0, &stop, &mut |_| {});
        let Some(m) = t.best else { break };
        let s = match t.score {
            Score::Cp(cp) => cp,
            Score::Mate(m) if m > 0 => i32::MAX,
            Score::Mate(_) => i32::MIN,
        };
        scored.push((game.position().clone(), s));
        if game.play(m).is_err() {
            break;
        }
        // Once one side has been far ahead for a while, every move wins: no puzzle is left.
        let decided = scored.len() >= DECIDED_PLIES
            && scored[scored.len() - DECIDED_PLIES..]
                .iter()
                .all(|(_, s)| s.unsigned_abs() >= DECIDED_CP);
        if decided {
            break;
        }
    }
    let mut out = Vec::new();
    after_blunders(&scored, &mut out);
    out
}
