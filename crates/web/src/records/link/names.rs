//! The address's parameters, each named here once: the game page's reader ([`super::params`]),
//! its share link and embed code, the practice page and the page's loader all use these
//! constants, and [`PARAMS`] says, for each, which page reads it, the values it takes and what
//! it means: the table of docs/embedding.md ("Link parameters") is checked against it. No
//! other file of the web crate writes a parameter's name as a literal (a test looks).

/// The game as a PGN record, with its comments.
pub const PGN: &str = "pgn";
/// The start position's FEN.
pub const FEN: &str = "fen";
/// The moves in the compact text of [`xiangqi::records::compact`].
pub const LINE: &str = "line";
/// The moves in any notation, separated by spaces or commas.
pub const MOVES: &str = "moves";
/// Comments, one per line as `PLY:TEXT` (`#N:TEXT` on a variation's move).
pub const NOTES: &str = "notes";
/// The ply to show.
pub const PLY: &str = "ply";
/// What the page is: the game, a replay viewer, a diagram or the practice page.
pub const VIEW: &str = "view";
/// Who plays: `ai`, `pvp` or `watch`.
pub const MODE: &str = "mode";
/// The person's side.
pub const SIDE: &str = "side";
/// The computer's level, 1 to [`xiangqi_ai::MAX_LEVEL`].
pub const LEVEL: &str = "lvl";
/// The computer's level on the first ladder, 1 to 8 (links written before 2026-11-28): read,
/// as the level of the same player and budget, and never written.
pub const FIRST_LADDER_LEVEL: &str = "level";
/// Turn the board.
pub const FLIP: &str = "flip";
/// The page's language.
pub const LANG: &str = "lang";
/// The embedded layout.
pub const EMBED: &str = "embed";
/// The piece set.
pub const PIECES: &str = "pieces";
/// The time control.
pub const TC: &str = "tc";
/// A game played by link: its identity, the sender's side, and its offer or ending.
pub const CORR: &str = "corr";
/// The practice page's puzzle, by its number.
pub const PUZZLE: &str = "puzzle";
/// The practice page's endgame drill, by its id.
pub const ENDGAME: &str = "endgame";

/// The parameters the game page reads.
pub const NAMES: [&str; 17] = [
    FEN,
    MOVES,
    LINE,
    PGN,
    NOTES,
    PLY,
    MODE,
    SIDE,
    LEVEL,
    FIRST_LADDER_LEVEL,
    FLIP,
    LANG,
    VIEW,
    EMBED,
    PIECES,
    TC,
    CORR,
];

/// The parameters the practice page reads.
pub const PRACTICE_NAMES: [&str; 5] = [VIEW, PUZZLE, ENDGAME, LANG, EMBED];

/// Which page reads a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The game page (playing, the replay viewer, the diagram).
    Game,
    /// The practice page (`view=puzzle`, `view=endgames`).
    Practice,
    /// Both.
    Both,
}

impl Page {
    /// As the docs' table writes it.
    pub fn label(self) -> &'static str {
        match self {
            Page::Game => "game",
            Page::Practice => "practice",
            Page::Both => "both",
        }
    }
}

/// A parameter of the address, as the docs' table gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: &'static str,
    /// The page that reads it.
    pub page: Page,
    /// The values it takes, as written in a link.
    pub values: &'static str,
    /// What it does.
    pub meaning: &'static str,
}

/// Every parameter of the address, in the order of the docs' table. A value that cannot be
/// used is ignored and named in a notice (its first 80 characters); each is read as its first
/// value, decoded as the browser's `URLSearchParams` does.
pub const PARAMS: [Param; 19] = [
    Param {
        name: PGN,
        page: Page::Game,
        values: "a PGN record",
        meaning: "the game, with its comments",
    },
    Param {
        name: FEN,
        page: Page::Game,
        values: "a FEN",
        meaning: "the start position (else the initial one)",
    },
    Param {
        name: LINE,
        page: Page::Game,
        values: "the compact move text",
        meaning: "the moves from the start position, with their variations (below)",
    },
    Param {
        name: MOVES,
        page: Page::Game,
        values: "moves in any notation, separated by spaces or commas",
        meaning: "the moves, the older and longer form, still read",
    },
    Param {
        name: NOTES,
        page: Page::Game,
        values: "`PLY:TEXT` or `#N:TEXT` lines",
        meaning: "comments: on the main line by ply (0 is before the first move), on a variation's move by its place `N` among all the moves",
    },
    Param {
        name: PLY,
        page: Page::Game,
        values: "a number",
        meaning: "show the position after that many plies",
    },
    Param {
        name: MODE,
        page: Page::Game,
        values: "`ai`, `pvp`, `watch`",
        meaning: "who plays: the computer, two people, the computer against itself",
    },
    Param {
        name: SIDE,
        page: Page::Game,
        values: "`red`, `black`",
        meaning: "the person's side against the computer",
    },
    Param {
        name: LEVEL,
        page: Page::Game,
        values: "`1` to `26`",
        meaning: "the computer's level",
    },
    Param {
        name: FIRST_LADDER_LEVEL,
        page: Page::Game,
        values: "`1` to `8`",
        meaning: "a level of the first ladder, in links written before it had 26 levels: opens the level that plays the same (`lvl` wins where both are given)",
    },
    Param {
        name: FLIP,
        page: Page::Game,
        values: "`1`",
        meaning: "the board turned",
    },
    Param {
        name: LANG,
        page: Page::Both,
        values: "`en`, `zh`",
        meaning: "the page's language",
    },
    Param {
        name: PIECES,
        page: Page::Game,
        values: "`traditional`, `international`",
        meaning: "the piece set",
    },
    Param {
        name: TC,
        page: Page::Game,
        values: "`3+2` (minutes 1-180, increment 0-60 s), `none`",
        meaning: "the time control (typed into an address, the `+` reads as a space, taken as the same)",
    },
    Param {
        name: CORR,
        page: Page::Game,
        values: "`ID SIDE [days=N] [offer=SIDE] [end=WORD]`",
        meaning: "a game played by link: its identity, the side of the person who sent it, the days a move may take, a standing draw offer, and how it ended (`resign-red`, `resign-black` or `draw`); see playing.md",
    },
    Param {
        name: VIEW,
        page: Page::Both,
        values: "`play`, `replay`, `diagram`, `puzzle`, `endgames`",
        meaning: "the game to play (the default), a replay viewer, a still diagram, or the practice page's puzzles or endgame drills",
    },
    Param {
        name: EMBED,
        page: Page::Both,
        values: "`1`",
        meaning: "the embedded layout",
    },
    Param {
        name: PUZZLE,
        page: Page::Practice,
        values: "a puzzle's number",
        meaning: "the puzzle to open (with `view=puzzle`)",
    },
    Param {
        name: ENDGAME,
        page: Page::Practice,
        values: "a drill's id",
        meaning: "the endgame drill to open (with `view=endgames`)",
    },
];

/// A query (from '?') of `pairs`, each value escaped for a link.
pub fn query<V: AsRef<str>>(pairs: &[(&str, V)]) -> String {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", super::codec::encode(v.as_ref())))
        .collect();
    format!("?{}", body.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_read_by_a_page_is_in_the_registry_once() {
        for name in NAMES {
            let p = PARAMS.iter().filter(|p| p.name == name).collect::<Vec<_>>();
            assert_eq!(p.len(), 1, "{name}");
            assert_ne!(p[0].page, Page::Practice, "{name} is read by the game page");
        }
        for name in PRACTICE_NAMES {
            let p = PARAMS.iter().find(|p| p.name == name).expect(name);
            assert_ne!(p.page, Page::Game, "{name} is read by the practice page");
        }
        for p in PARAMS {
            let game = NAMES.contains(&p.name);
            let practice = PRACTICE_NAMES.contains(&p.name);
            let page = match (game, practice) {
                (true, true) => Page::Both,
                (true, false) => Page::Game,
                (false, true) => Page::Practice,
                (false, false) => panic!("{} is read by no page", p.name),
            };
            assert_eq!(p.page, page, "{}", p.name);
        }
    }

    #[test]
    fn a_query_escapes_its_values() {
        assert_eq!(
            query(&[(VIEW, "puzzle"), (PUZZLE, "12")]),
            "?view=puzzle&puzzle=12"
        );
        assert_eq!(query(&[(TC, "3+2".to_string())]), "?tc=3%2B2");
    }
}
