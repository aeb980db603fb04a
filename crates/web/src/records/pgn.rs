//! Game records for the page: the rules crate's PGN writer and reader and its Chinese text
//! record, with the page's tags and its messages in the page's languages.

pub use crate::model::read_errors::ImportError;
use xiangqi::notation::Notation;
pub use xiangqi::records::chinese_record;
use xiangqi::records::{read_pgn, write_pgn, Comment, GameResult, GameTree};
use xiangqi::{Color, Game, Move, Outcome, Position};

/// The tags a PGN export carries besides Result and FEN.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tags {
    /// The Event tag.
    pub event: String,
    /// The Site tag.
    pub site: String,
    /// The Date tag, "YYYY.MM.DD".
    pub date: String,
    /// Who played Red.
    pub red: String,
    /// Who played Black.
    pub black: String,
    /// The TimeControl tag ("180+2"), for a timed game.
    pub time_control: Option<String>,
    /// The result when it says more than the rules (a loss on time).
    pub result: Option<GameResult>,
    /// The main line's ECCO opening, as the openings' worker named it: the `ECCO`, `Opening`
    /// and `Variation` (empty for none) tags, unless the record names its own code (which is
    /// kept as it was).
    pub opening: Option<[String; 3]>,
}

/// The name a record gives the player of `color`: "Computer (level 3)" for the computer
/// (`computer_level`), else "Red" or "Black".
pub fn player(color: Color, computer_level: Option<u8>) -> String {
    match (computer_level, color) {
        (Some(level), _) => format!("Computer (level {level})"),
        (None, Color::Red) => "Red".into(),
        (None, Color::Black) => "Black".into(),
    }
}

/// A PGN of the game `tree`: the seven tags (FEN only when the game did not begin at the
/// start), TimeControl for a timed game, and the moves in `notation` (WXF or Chinese), the
/// main line with its variations and the comments in their places, `extra` comments (the
/// clock's times, the review's notes) added after them along the line that plays `line`,
/// ending with the result (the tags', else the main line's by the rules).
pub fn export(
    tree: &GameTree,
    line: &[Move],
    extra: &[Comment],
    tags: &Tags,
    notation: Notation,
) -> String {
    let mut list: Vec<(String, String)> = [
        ("Event", &tags.event),
        ("Site", &tags.site),
        ("Date", &tags.date),
        ("Red", &tags.red),
        ("Black", &tags.black),
    ]
    .map(|(k, v)| (k.to_string(), v.clone()))
    .to_vec();
    if let Some(tc) = &tags.time_control {
        list.push(("TimeControl".into(), tc.clone()));
    }
    // A record's own code is kept; else the worker's name for the main line.
    if let Some(code) = tree.tag("ECCO") {
        list.push(("ECCO".into(), code.into()));
    } else if let Some([code, opening, variation]) = &tags.opening {
        list.push(("ECCO".into(), code.clone()));
        list.push(("Opening".into(), opening.clone()));
        if !variation.is_empty() {
            list.push(("Variation".into(), variation.clone()));
        }
    }
    let mut tree = tree.clone();
    let path = tree.path_of(line).unwrap_or_default();
    for c in extra {
        if let Some(text) = path.get(..c.ply).and_then(|p| tree.comment_at_mut(p)) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&c.text);
        }
    }
    tree.tags = list;
    let outcome = tree.main_line().outcome();
    tree.result = Some(tags.result.unwrap_or(GameResult::from_outcome(outcome)));
    write_pgn(&tree, notation)
}

/// A time as PGN's `[%clk]` writes it: "0:04:51".
fn pgn_clock(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The clock comments of a timed game: after each ply, `[%clk 0:04:51]` with the mover's time
/// left (none where it is not known).
pub fn clock_comments(record: &[u64]) -> Vec<Comment> {
    record
        .iter()
        .enumerate()
        .filter(|(_, &ms)| ms > 0)
        .map(|(i, &ms)| Comment {
            ply: i + 1,
            text: format!("[%clk {}]", pgn_clock(ms)),
        })
        .collect()
}

/// A game read from a record.
#[derive(Clone, Debug)]
pub struct Imported {
    /// Where it starts (the FEN tag, or the initial position).
    pub start: Position,
    /// The moves, each legal.
    pub moves: Vec<Move>,
    /// The result token, if the record has one.
    pub result: Option<String>,
    /// How the game ended by the rules after these moves.
    pub outcome: Option<Outcome>,
    /// The record's comments, by the ply after which each stands.
    pub comments: Vec<Comment>,
}

/// The action that puts an imported game on the board.
impl From<Imported> for crate::model::game::Action {
    fn from(g: Imported) -> Self {
        let mut game = Game::from_position(g.start);
        for m in g.moves {
            if game.play(m).is_err() {
                break;
            }
        }
        let tree = crate::model::game::line_tree(&game, &g.comments);
        crate::model::game::Action::Load(std::rc::Rc::new(tree))
    }
}

/// Reads a PGN or a plain list of moves. Every move must be legal; the first that is not is
/// reported with its move number.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let pgn = read_pgn(text)?;
    Ok(Imported {
        start: pgn.game.start_position().clone(),
        moves: pgn.game.moves(),
        result: pgn.result.map(|r| r.as_str().to_string()),
        outcome: pgn.game.outcome(),
        comments: pgn.comments,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::lang::Lang;
    use xiangqi::notation::parse_uci;
    use xiangqi::START_FEN;

    /// The tree of `game` with `comments`, and its moves.
    fn export(game: &Game, comments: &[Comment], tags: &Tags, notation: Notation) -> String {
        let tree = crate::model::game::line_tree(game, comments);
        super::export(&tree, &game.moves(), &[], tags, notation)
    }

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut g = Game::from_position(Position::from_fen(fen).unwrap());
        for m in moves {
            g.play(parse_uci(m).unwrap()).unwrap();
        }
        g
    }

    fn tags() -> Tags {
        Tags {
            event: "Casual game".into(),
            site: "127.0.0.1".into(),
            date: "2026.11.21".into(),
            red: "Red".into(),
            black: "Black".into(),
            time_control: None,
            result: None,
            opening: None,
        }
    }

    #[test]
    fn the_opening_is_tagged_and_a_records_own_code_is_kept() {
        let g = game(START_FEN, &["h2e2", "h9g7"]);
        let named = ["C46", "中炮过河车", "红左边炮"].map(String::from);
        let t = Tags {
            opening: Some(named),
            ..tags()
        };
        let pgn = export(&g, &[], &t, Notation::Wxf);
        assert!(
            pgn.contains("[ECCO \"C46\"]\n[Opening \"中炮过河车\"]\n[Variation \"红左边炮\"]"),
            "{pgn}"
        );
        let mut tree = GameTree::new(Position::start());
        tree.set_tag("ECCO", "A00");
        let pgn = super::export(&tree, &[], &[], &t, Notation::Wxf);
        assert!(
            pgn.contains("[ECCO \"A00\"]") && !pgn.contains("C46"),
            "{pgn}"
        );
    }

    #[test]
    fn a_timed_game_has_its_control_clock_times_and_result_on_time() {
        let g = game(START_FEN, &["h2e2", "h9g7"]);
        let t = Tags {
            time_control: Some("180+2".into()),
            result: Some(GameResult::RedWins),
            ..tags()
        };
        let pgn = export(&g, &clock_comments(&[180_000, 291_400]), &t, Notation::Wxf);
        assert!(pgn.contains("[TimeControl \"180+2\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        assert!(
            pgn.contains("C2.5 {[%clk 0:03:00]} 1... H8+7 {[%clk 0:04:51]}"),
            "{pgn}"
        );
        assert!(clock_comments(&[0, 5_000]).iter().all(|c| c.ply == 2));
    }

    #[test]
    fn a_pgn_reads_back_to_the_same_moves_in_both_notations() {
        let g = game(START_FEN, &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3"]);
        for n in [Notation::Wxf, Notation::Chinese] {
            let pgn = export(&g, &[], &tags(), n);
            assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
            assert!(!pgn.contains("[FEN"), "{pgn}");
            let back = import(&pgn).unwrap();
            assert_eq!(back.moves, g.moves(), "{pgn}");
            assert_eq!(back.result.as_deref(), Some("*"));
        }
        let pgn = export(&g, &[], &tags(), Notation::Wxf);
        assert!(pgn.contains("1. C2.5 H8+7 2. H2+3"), "{pgn}");
    }

    #[test]
    fn a_finished_game_from_a_position_keeps_its_fen_and_result() {
        let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let g = game(fen, &["b0b9"]);
        let pgn = export(&g, &[], &tags(), Notation::Chinese);
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
        assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
        let back = import(&pgn).unwrap();
        assert_eq!(back.start.to_fen(), fen);
        assert_eq!(back.moves, g.moves());
        assert_eq!(back.result.as_deref(), Some("1-0"));
        assert_eq!(back.outcome, g.outcome());
    }

    #[test]
    fn comments_are_written_in_their_places_and_read_back() {
        let g = game(START_FEN, &["h2e2", "h9g7", "h0g2"]);
        let comments = vec![
            Comment {
                ply: 1,
                text: "the central cannon".into(),
            },
            Comment {
                ply: 3,
                text: "both horses out".into(),
            },
        ];
        let pgn = export(&g, &comments, &tags(), Notation::Wxf);
        assert!(
            pgn.contains("1. C2.5 {the central cannon} 1... H8+7 2. H2+3 {both horses out} *"),
            "{pgn}"
        );
        let back = import(&pgn).unwrap();
        assert_eq!(back.comments, comments);
        assert_eq!(back.moves, g.moves());
    }

    #[test]
    fn plain_lists_in_any_notation_with_numbers_and_comments() {
        for text in [
            "h2e2 h9g7 h0g2",
            "1. H2-E2 H9-G7 2. H0-G2",
            "1.C2.5 H8+7 2.H2+3 *",
            "1、炮二平五 马8进7 2、马二进三 {a comment} (1... 炮8平5)",
            "1. 炮二平五 h9g7; note\n2. H2+3",
        ] {
            let back = import(text).unwrap();
            assert_eq!(back.moves.len(), 3, "{text}");
            assert_eq!(back.moves[2], parse_uci("h0g2").unwrap(), "{text}");
        }
    }

    #[test]
    fn a_bad_move_is_reported_with_its_number() {
        let e = import("1. h2e2 h9g7 2. h0g2 a9a0").unwrap_err();
        assert_eq!(
            e,
            ImportError::Move {
                number: 2,
                side: Color::Black,
                text: "a9a0".into()
            }
        );
        assert!(Lang::En.import_error(&e).contains("Move 2 (Black), “a9a0”"));
        assert!(Lang::Zh.import_error(&e).contains("第 2 回合黑方"));
        let e = import("1. 炮二平五 nonsense").unwrap_err();
        assert!(matches!(
            e,
            ImportError::Move {
                number: 1,
                side: Color::Black,
                ..
            }
        ));
        assert_eq!(import("  ").unwrap_err(), ImportError::Empty);
        assert!(matches!(
            import("[FEN \"9/9 w\"]\n1. h2e2").unwrap_err(),
            ImportError::Fen(_)
        ));
    }

    #[test]
    fn variations_and_their_comments_are_exported_and_read_back() {
        let s = crate::records::link::tests::with_variations();
        let tree = s.history().tree();
        for n in [Notation::Wxf, Notation::Chinese] {
            let pgn = super::export(tree, &s.game().moves(), &[], &tags(), n);
            assert!(pgn.contains('('), "{pgn}");
            let back = xiangqi::records::read_record(pgn.as_bytes()).unwrap();
            assert_eq!(back.tree.children, tree.children, "{pgn}");
        }
    }
}
