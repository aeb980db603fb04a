//! The game kept in localStorage between visits: moves, their comments, its review, mode,
//! level, orientation, notation (or "auto": the language's), language, sound, piece set, time
//! control and clocks, with a version. Pure, tested natively; the saved-game hook does the
//! storing. The later fields are optional lines, so a game saved before them still reads.
//! Data that cannot be read, or that an older version wrote, is discarded with a notice.
//!
//! The game on the board is kept under [`KEY`]; the games before it, in the same format, in
//! the list of recent games (`list.rs`).
//!
//! The text is a header line with the version, then one `key=value` line per field. It is
//! written and read here by hand rather than as JSON through serde_json, which would add some
//! 15 KB (gzip) to the page's first load for one flat record.

use crate::model::game::line_tree;
use crate::model::lang::Lang;
use crate::model::rated::Rated;
use crate::model::read_errors::SavedGameError;
use crate::model::review::Review;
use crate::model::settings::{notation_from_key, Action as Set};
use crate::model::{Flag, Notice, Opening, Settings, State, TimeControl};
use crate::records::link::corr_line as corr;
use crate::records::link::notes::{read_tree_notes, write_tree_notes};
use crate::records::side::SideName;
use xiangqi::notation::{parse_uci, Notation};
use xiangqi::records::compact_tree;
use xiangqi::{Color, Game, Position};

/// The localStorage key of the game on the board.
pub const KEY: &str = "xiangqi.saved";
/// The format's version; data with another version is discarded.
pub const VERSION: u32 = 1;

/// The header line's first word.
const MAGIC: &str = "xiangqi-saved";

/// What is stored.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saved {
    /// [`VERSION`] when written.
    pub version: u32,
    /// The start position.
    pub fen: String,
    /// The moves, in UCI.
    pub moves: Vec<String>,
    /// [`crate::model::Mode::param`].
    pub mode: String,
    /// The person's side: "red" or "black".
    pub human: String,
    /// The computer's level.
    pub level: u8,
    /// The side at the bottom: "red" or "black".
    pub orientation: String,
    /// The notation key.
    pub notation: String,
    /// The language key.
    pub lang: String,
    /// Sounds off.
    pub muted: bool,
    /// The comments, as a link's `notes` lines (`PLY:TEXT`, `#N:TEXT` on a variation).
    pub comments: Vec<String>,
    /// The moves with their variations, as a link's `line` (optional: written only for a
    /// game with variations; `moves` is then the line of it on the board).
    pub tree: Option<String>,
    /// The review of the game, if any (see `Review::encode`).
    pub review: Option<String>,
    /// The piece set's key (optional: the Chinese characters when missing).
    pub pieces: Option<String>,
    /// The time control, "3+2" (optional: no clocks when missing).
    pub tc: Option<String>,
    /// The clocks: Red's and Black's time left in ms, then the flag ("red", "black",
    /// "red-draw", "black-draw") if the time ran out.
    pub clock: Option<String>,
    /// The mover's time left after each ply, in ms.
    pub clocks: Option<String>,
    /// When it was written, in ms since 1970 (optional: games saved before it have none).
    pub date: Option<u64>,
    /// The game's part as a game played by link (optional: see
    /// [`corr::encode`]).
    pub corr: Option<String>,
    /// Whether the game counts toward the person's rating (optional: it does not when missing).
    pub rated: Rated,
    /// What could not be read and was passed over (not written).
    pub faults: Vec<SavedGameError>,
}

/// The side named `name`.
fn side(name: &str) -> Option<Color> {
    name.parse().ok().map(|SideName(color)| color)
}

/// The stored text for `state`.
pub fn write(state: &State) -> String {
    let settings = state.settings();
    let tree = state.history().tree();
    let saved = Saved {
        version: VERSION,
        fen: state.start_fen(),
        moves: state
            .game()
            .moves()
            .iter()
            .map(ToString::to_string)
            .collect(),
        mode: settings.mode().param().into(),
        human: settings.human().name().into(),
        level: settings.level(),
        orientation: settings.orientation().name().into(),
        notation: settings
            .chosen_notation()
            .map_or("auto", Notation::key)
            .into(),
        lang: settings.lang().key().into(),
        muted: settings.muted(),
        comments: write_tree_notes(tree).lines().map(String::from).collect(),
        tree: (tree.len() != state.history().main_moves().len())
            .then(|| compact_tree::encode(tree).unwrap_or_default()),
        review: state.search().review().map(|r| r.encode()),
        pieces: Some(settings.pieces().key().into()),
        tc: settings.time_control().map(|tc| tc.to_string()),
        clock: state.clock().map(|c| {
            let now = crate::model::clock::now_ms();
            let flag = c.flag().map_or(String::new(), |f| {
                format!(" {}{}", f.side.name(), if f.draw { "-draw" } else { "" })
            });
            format!(
                "{} {}{flag}",
                c.left_at(Color::Red, now),
                c.left_at(Color::Black, now)
            )
        }),
        clocks: state.clock().map(|c| {
            let times: Vec<String> = c.record().iter().map(u64::to_string).collect();
            times.join(" ")
        }),
        date: Some(crate::model::clock::now_ms()),
        corr: state.corr().map(corr::encode),
        rated: state.rated(),
        faults: Vec::new(),
    };
    let s = saved;
    let comments: String = s
        .comments
        .iter()
        .map(|c| format!("comment={c}\n"))
        .collect();
    let mut review = s.review.map_or(String::new(), |r| format!("review={r}\n"));
    for (k, v) in [
        ("tree", &s.tree),
        ("pieces", &s.pieces),
        ("tc", &s.tc),
        ("clock", &s.clock),
        ("clocks", &s.clocks),
        ("date", &s.date.map(|d| d.to_string())),
        ("corr", &s.corr),
        ("rated", &s.rated.key().map(String::from)),
    ] {
        if let Some(v) = v {
            review.push_str(&format!("{k}={v}\n"));
        }
    }
    format!(
        "{MAGIC} {}\nfen={}\nmoves={}\nmode={}\nhuman={}\nlvl={}\norientation={}\nnotation={}\nlang={}\nmuted={}\n{comments}{review}",
        s.version,
        s.fen,
        s.moves.join(" "),
        s.mode,
        s.human,
        s.level,
        s.orientation,
        s.notation,
        s.lang,
        s.muted
    )
}

/// The record in `text`, if it has the format's header line; `None` if it has not. Readers keep
/// what they can: a line that is not `key=value`, or names a field this version does not know,
/// is passed over; a number that cannot be read leaves its field at its default, and is named
/// in [`Saved::faults`].
pub(super) fn parse(text: &str) -> Option<Saved> {
    let mut lines = text.lines();
    let header = lines.next()?.strip_prefix(MAGIC)?.trim();
    let mut s = Saved {
        // A version that cannot be read is another version (0 is none that was written).
        version: header.parse().unwrap_or(0),
        level: Settings::default().level(),
        ..Saved::default()
    };
    // Whether the level was written as one of the 23 (`lvl`), which a first ladder's
    // `level` line cannot override.
    let mut new_ladder = false;
    for line in lines {
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let text = || Some(v.to_string());
        match k {
            "fen" => s.fen = v.into(),
            "moves" => s.moves = v.split_whitespace().map(String::from).collect(),
            "mode" => s.mode = v.into(),
            "human" => s.human = v.into(),
            "orientation" => s.orientation = v.into(),
            "notation" => s.notation = v.into(),
            "lang" => s.lang = v.into(),
            "comment" => s.comments.push(v.into()),
            "review" => s.review = text(),
            "tree" => s.tree = text(),
            "corr" => s.corr = text(),
            "rated" => s.rated = Rated::from_key(v),
            "pieces" => s.pieces = text(),
            "tc" => s.tc = text(),
            "clock" => s.clock = text(),
            "clocks" => s.clocks = text(),
            "lvl" => match v.parse() {
                Ok(l) => {
                    s.level = l;
                    new_ladder = true;
                }
                Err(_) => s.faults.push(SavedGameError::Setting("level")),
            },
            // Written before the ladder of 23 levels: the level that plays the same.
            "level" if !new_ladder => match v.parse() {
                Ok(l) => s.level = xiangqi_ai::Level::from_first_ladder(l).number(),
                Err(_) => s.faults.push(SavedGameError::Setting("level")),
            },
            "muted" => match v.parse() {
                Ok(m) => s.muted = m,
                Err(_) => s.faults.push(SavedGameError::Setting("muted")),
            },
            "date" => match v.parse() {
                Ok(d) => s.date = Some(d),
                Err(_) => s.faults.push(SavedGameError::Setting("date")),
            },
            _ => {}
        }
    }
    Some(s)
}

/// The game and settings stored in `text`, or why they cannot be used at all.
pub(crate) fn read_opening(text: &str) -> Result<Opening, SavedGameError> {
    open(parse(text).ok_or(SavedGameError::NotASavedGame)?)
}

/// The game and settings of a record read, or why it cannot be used at all (its start position
/// cannot be read). Everything else that cannot be used is set right and named in the opening's
/// notice ([`Notice::SavedRepaired`]): a setting falls back to its default, the moves stop at
/// the last one that can be played, comments and clocks that do not fit are left out.
pub(super) fn open(s: Saved) -> Result<Opening, SavedGameError> {
    use SavedGameError::Setting;
    let mut faults = s.faults;
    if s.version != VERSION {
        faults.push(SavedGameError::Version(s.version));
    }
    let start = Position::from_fen(&s.fen).map_err(SavedGameError::Start)?;
    let mut game = Game::from_position(start.clone());
    for (i, m) in s.moves.iter().enumerate() {
        if parse_uci(m).ok().and_then(|m| game.play(m).ok()).is_none() {
            faults.push(SavedGameError::Move {
                ply: i + 1,
                text: m.clone(),
            });
            break;
        }
    }
    let mut settings = Settings::default();
    let mut set = |field: &'static str, action: Option<Set>| match action {
        Some(a) => settings.apply(a),
        None => faults.push(Setting(field)),
    };
    set("mode", s.mode.parse().ok().map(Set::SetMode));
    set("human", side(&s.human).map(Set::SetSide));
    set("level", Some(Set::SetLevel(s.level)));
    set("orientation", side(&s.orientation).map(Set::Orient));
    set("lang", Lang::from_key(&s.lang).map(Set::SetLang));
    set("muted", Some(Set::Mute(s.muted)));
    if s.notation != "auto" {
        set(
            "notation",
            notation_from_key(&s.notation).map(Set::SetNotation),
        );
    }
    if let Some(p) = &s.pieces {
        set("pieces", p.parse().ok().map(Set::SetPieces));
    }
    if let Some(tc) = &s.tc {
        set("tc", TimeControl::parse(tc).ok().map(Set::SetTimeControl));
    }
    // Clocks that do not fit the game (its moves were cut) are left out: the game goes on
    // without them.
    let clock = match (&s.clock, settings.time_control()) {
        (Some(text), Some(_)) => read_clock(text, s.clocks.as_deref().unwrap_or(""))
            .filter(|(_, record, _)| record.len() <= game.len()),
        _ => None,
    };
    if s.clock.is_some() && settings.time_control().is_some() && clock.is_none() {
        faults.push(SavedGameError::Clock);
    }
    let corr = s.corr.as_deref().and_then(|c| {
        let read = corr::decode(c);
        if read.is_none() {
            faults.push(Setting("corr"));
        }
        read
    });
    // The variations, if the game has any and they can be read (else its one line).
    let mut tree = match s
        .tree
        .as_deref()
        .map(|t| compact_tree::decode(start.clone(), t))
    {
        Some(Ok(tree)) if tree.path_of(&game.moves()).is_some() => tree,
        Some(_) => {
            faults.push(SavedGameError::Variations);
            line_tree(&game, &[])
        }
        None => line_tree(&game, &[]),
    };
    // Each comment on its own: one that cannot be read, or names no move kept, is left out,
    // and the others kept.
    for line in &s.comments {
        if let Err(e) = read_tree_notes(line, &mut tree) {
            faults.push(SavedGameError::Comments(e));
        }
    }
    // A review that does not fit the game is dropped, the game kept.
    let review = s.review.as_deref().and_then(Review::decode);
    Ok(Opening {
        game,
        comments: Vec::new(),
        tree: Some(tree),
        ply: None,
        settings,
        corr,
        notice: (!faults.is_empty()).then_some(Notice::SavedRepaired(faults)),
        review,
        clock,
        rated: s.rated,
    })
}

/// Whether reading left out something of the game (a move, a comment, the clocks), so that
/// the text as it was is worth keeping beside what was read.
pub(super) fn lossy(opening: &Opening) -> bool {
    use SavedGameError as E;
    matches!(&opening.notice, Some(Notice::SavedRepaired(faults))
        if faults.iter().any(|f| matches!(f, E::Move { .. } | E::Clock | E::Comments(_) | E::Variations)))
}

/// The clocks saved as `clock` ("RED BLACK [FLAG]") and `clocks` (the time after each ply),
/// if they can be read.
fn read_clock(clock: &str, record: &str) -> Option<crate::model::clock::SavedClock> {
    let mut words = clock.split_whitespace();
    let mut time = || -> Option<u64> { words.next()?.parse().ok() };
    let left = [time()?, time()?];
    let flag = match words.next() {
        None => None,
        Some(f) => {
            let (side, draw) = match f.strip_suffix("-draw") {
                Some(side) => (side, true),
                None => (f, false),
            };
            let SideName(side) = side.parse().ok()?;
            Some(Flag { side, draw })
        }
    };
    let record = record
        .split_whitespace()
        .map(|t| t.parse().ok())
        .collect::<Option<Vec<u64>>>()?;
    Some((left, record, flag))
}

/// What to open from the stored text: `None` if nothing was stored. With it, whether the text
/// was read whole: if not, it is still there, to be kept (in the list, or aside if it could
/// not be read at all: the opening is then a new game, in `lang`, with a notice) when the game
/// opened is first saved over it ([`super::list::keep`]).
pub fn read(text: Option<&str>, lang: Lang) -> Option<(Opening, bool)> {
    let text = text?;
    Some(match read_opening(text) {
        Ok(opening) => {
            let whole = !lossy(&opening);
            (opening, whole)
        }
        Err(e) => (
            Opening {
                settings: Settings::default().with(Set::SetLang(lang)),
                notice: Some(Notice::SavedUnreadable(e)),
                ..Opening::default()
            },
            false,
        ),
    })
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
