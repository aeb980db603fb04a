//! Lines an engine writes whatever runs its search: `info string`, `bestmove`, and what a
//! `position` with a refused move says.

use xiangqi::{Move, PlayError, Position, ReplayError};

/// `info string TEXT`, on one line whatever the text holds (control characters, line breaks
/// included, become spaces).
pub fn info_string(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("info string {text}")
}

/// `bestmove M` for a search of `position` that chose `best` with the principal variation
/// `pv`, with `ponder P` when the variation has the reply `P` to expect after `M`;
/// `bestmove (none)` when there is no move.
pub fn bestmove_line(position: &Position, best: Option<Move>, pv: &[Move]) -> String {
    let Some(best) = best else {
        return "bestmove (none)".to_string();
    };
    match pv {
        [first, reply, ..] if *first == best && position.after(best).is_legal(*reply) => {
            format!("bestmove {best} ponder {reply}")
        }
        _ => format!("bestmove {best}"),
    }
}

/// What a `position` says (as `info string`) when one of its moves is refused: the moves
/// before it are played, as reference engines do, and `now` is the position they lead to,
/// which `go` then searches.
pub fn refused_move(error: &ReplayError, now: &Position) -> String {
    let (ply, mv) = (error.ply, error.mv);
    let why = match &error.error {
        PlayError::Illegal(_) => "is not legal".to_string(),
        PlayError::GameOver(o) => format!("cannot be played: the game is over ({o})"),
    };
    format!(
        "move {ply} ({mv}) {why}; the moves before it stand: position fen {}",
        now.to_fen()
    )
}
