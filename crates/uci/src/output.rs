//! Lines an engine writes whatever runs its search: `info string` and `bestmove`.

use xiangqi::{Move, Position};

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
