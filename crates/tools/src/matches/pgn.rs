//! A match game written in PGN.

use super::clock::TimeControl;
use super::config::MatchConfig;
use super::record::GameRecord;
use xiangqi::notation::Notation;
use xiangqi::records::Pgn;
use xiangqi::Game;

/// The game in PGN, with the moves in ICCS as Xiangqi PGN readers expect.
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let (red, black) = if g.a_is_red {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    // The moves the rules accept; a game they ended early is listed up to that point.
    let mut game = Game::new();
    let _ = game.play_all(&g.moves);
    let mut tags: Vec<(String, String)> = [
        ("Event", "xiangqi match".to_string()),
        ("Round", g.number.to_string()),
        ("Red", red.text.clone()),
        ("Black", black.text.clone()),
        ("Opening", cfg.openings.tag(g.opening)),
    ]
    .map(|(k, v)| (k.to_string(), v))
    .to_vec();
    tags.extend(time_control_tags(red.tc, black.tc));
    tags.push(("Termination".to_string(), g.ending.to_string()));
    tags.push(("PlyCount".to_string(), g.moves.len().to_string()));
    let record = Pgn {
        tags,
        result: g.ending.result_tag().parse().ok(),
        ..Pgn::new(game)
    };
    // A blank line between the games of a file.
    record.write(Notation::Iccs) + "\n"
}

/// The tags that give the game's clocks, as other match runners write them: `TimeControl`
/// when both sides play on the same one, else `RedTimeControl` and `BlackTimeControl` (`-`
/// for a side without a clock); none when neither side has a clock.
pub fn time_control_tags(
    red: Option<TimeControl>,
    black: Option<TimeControl>,
) -> Vec<(String, String)> {
    let text = |tc: Option<TimeControl>| tc.map_or("-".to_string(), |tc| tc.to_string());
    match (red, black) {
        (None, None) => Vec::new(),
        (r, b) if r == b => vec![("TimeControl".to_string(), text(r))],
        (r, b) => vec![
            ("RedTimeControl".to_string(), text(r)),
            ("BlackTimeControl".to_string(), text(b)),
        ],
    }
}
