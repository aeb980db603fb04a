//! A match game written in PGN.

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
    let tags = [
        ("Event", "xiangqi match".to_string()),
        ("Round", g.number.to_string()),
        ("Red", red.text.clone()),
        ("Black", black.text.clone()),
        ("Opening", cfg.openings.tag(g.opening)),
        ("Termination", g.ending.to_string()),
        ("PlyCount", g.moves.len().to_string()),
    ];
    let record = Pgn {
        tags: tags.map(|(k, v)| (k.to_string(), v)).to_vec(),
        result: g.ending.result_tag().parse().ok(),
        ..Pgn::new(game)
    };
    // A blank line between the games of a file.
    record.write(Notation::Iccs) + "\n"
}
