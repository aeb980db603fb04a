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

use super::error::SavedGameError;
use crate::model::review::Review;
use crate::model::settings::Action as Set;
use crate::model::{Flag, Notice, Opening, Settings, State, TimeControl};
use crate::records::link::notes::{read_notes, write_notes};
use crate::records::side::SideName;
use crate::text::i18n::Lang;
use crate::text::moves;
use xiangqi::notation::{parse_uci, Notation};
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
    /// The comments, as a link's `notes` lines (`PLY:TEXT`).
    pub comments: Vec<String>,
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
}

/// The side named `name`, or a [`SavedGameError::Setting`] naming `field`.
fn side(name: &str, field: &'static str) -> Result<Color, SavedGameError> {
    let SideName(color) = name.parse().map_err(|_| SavedGameError::Setting(field))?;
    Ok(color)
}

/// The stored text for `state`.
pub fn write(state: &State) -> String {
    let settings = state.settings();
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
        comments: write_notes(&state.history().comments())
            .lines()
            .map(String::from)
            .collect(),
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
    };
    let s = saved;
    let comments: String = s
        .comments
        .iter()
        .map(|c| format!("comment={c}\n"))
        .collect();
    let mut review = s.review.map_or(String::new(), |r| format!("review={r}\n"));
    for (k, v) in [
        ("pieces", &s.pieces),
        ("tc", &s.tc),
        ("clock", &s.clock),
        ("clocks", &s.clocks),
        ("date", &s.date.map(|d| d.to_string())),
    ] {
        if let Some(v) = v {
            review.push_str(&format!("{k}={v}\n"));
        }
    }
    format!(
        "{MAGIC} {}\nfen={}\nmoves={}\nmode={}\nhuman={}\nlevel={}\norientation={}\nnotation={}\nlang={}\nmuted={}\n{comments}{review}",
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

/// The record in `text`, if it is one.
pub(super) fn parse(text: &str) -> Option<Saved> {
    let mut lines = text.lines();
    let version = lines.next()?.strip_prefix(MAGIC)?.trim().parse().ok()?;
    let mut s = Saved {
        version,
        ..Saved::default()
    };
    let mut seen = 0;
    for line in lines {
        let (k, v) = line.split_once('=')?;
        match k {
            "fen" => s.fen = v.into(),
            "moves" => s.moves = v.split_whitespace().map(String::from).collect(),
            "mode" => s.mode = v.into(),
            "human" => s.human = v.into(),
            "level" => s.level = v.parse().ok()?,
            "orientation" => s.orientation = v.into(),
            "notation" => s.notation = v.into(),
            "lang" => s.lang = v.into(),
            "muted" => s.muted = v.parse().ok()?,
            // Optional and repeated: not counted.
            "comment" => {
                s.comments.push(v.into());
                continue;
            }
            "review" => {
                s.review = Some(v.into());
                continue;
            }
            "date" => {
                s.date = Some(v.parse().ok()?);
                continue;
            }
            "pieces" | "tc" | "clock" | "clocks" => {
                let field = match k {
                    "pieces" => &mut s.pieces,
                    "tc" => &mut s.tc,
                    "clock" => &mut s.clock,
                    _ => &mut s.clocks,
                };
                *field = Some(v.into());
                continue;
            }
            _ => return None,
        }
        seen += 1;
    }
    (seen == 9).then_some(s)
}

/// The game and settings stored in `text`, or why they cannot be used.
pub(crate) fn read_opening(text: &str) -> Result<Opening, SavedGameError> {
    open(parse(text).ok_or(SavedGameError::NotASavedGame)?)
}

/// The game and settings of a record read, or why they cannot be used.
pub(super) fn open(s: Saved) -> Result<Opening, SavedGameError> {
    use SavedGameError::Setting;
    if s.version != VERSION {
        return Err(SavedGameError::Version(s.version));
    }
    let start = Position::from_fen(&s.fen).map_err(SavedGameError::Start)?;
    let read = s
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| parse_uci(m).map_err(|_| SavedGameError::Move { ply: i + 1 }));
    let played = read.collect::<Result<Vec<_>, _>>()?;
    let game = Game::replay(start, &played).map_err(|e| SavedGameError::Move { ply: e.ply })?;
    let settings = Settings::default()
        .with(Set::SetMode(s.mode.parse().map_err(|_| Setting("mode"))?))
        .with(Set::SetSide(side(&s.human, "human")?))
        .with(Set::SetLevel(s.level))
        .with(Set::Orient(side(&s.orientation, "orientation")?))
        .with(Set::SetLang(
            Lang::from_key(&s.lang).ok_or(Setting("lang"))?,
        ))
        .with(Set::Mute(s.muted));
    let mut settings = match s.notation.as_str() {
        "auto" => settings,
        key => settings.with(Set::SetNotation(
            moves::from_key(key).ok_or(Setting("notation"))?,
        )),
    };
    if let Some(p) = &s.pieces {
        settings.apply(Set::SetPieces(p.parse().map_err(|_| Setting("pieces"))?));
    }
    if let Some(tc) = &s.tc {
        settings.apply(Set::SetTimeControl(
            TimeControl::parse(tc).map_err(|_| Setting("tc"))?,
        ));
    }
    let clock = match (&s.clock, settings.time_control()) {
        (Some(text), Some(_)) => {
            Some(read_clock(text, s.clocks.as_deref().unwrap_or("")).ok_or(SavedGameError::Clock)?)
        }
        _ => None,
    };
    let comments =
        read_notes(&s.comments.join("\n"), game.len()).map_err(SavedGameError::Comments)?;
    // A review that does not fit the game is dropped, the game kept.
    let review = s.review.as_deref().and_then(Review::decode);
    Ok(Opening {
        game,
        comments,
        ply: None,
        settings,
        notice: None,
        review,
        clock,
    })
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

/// What to open from the stored text: `None` if nothing was stored; a new game (in `lang`)
/// with a notice if it could not be used.
pub fn read(text: Option<&str>, lang: Lang) -> Option<Opening> {
    let text = text?;
    Some(read_opening(text).unwrap_or_else(|_| Opening {
        settings: Settings::default().with(Set::SetLang(lang)),
        notice: Some(Notice::SavedDiscarded),
        ..Opening::default()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Action, Mode, PieceSet};
    use xiangqi::Square;

    fn sq(n: &str) -> Square {
        n.parse().unwrap()
    }

    #[test]
    fn a_game_comes_back_exactly() {
        let mut s = State::default();
        for a in [
            Set::SetMode(Mode::TwoPlayers),
            Set::SetLevel(5),
            Set::Flip,
            Set::SetNotation(Notation::Wxf),
            Set::SetLang(Lang::Zh),
            Set::Mute(true),
            Set::SetPieces(PieceSet::International),
        ] {
            s.apply(a.into(), 0);
        }
        s.apply(Action::Click(sq("h2")), 0);
        s.apply(Action::Click(sq("e2")), 0);
        s.apply(Action::Click(sq("h9")), 0);
        s.apply(Action::Click(sq("g7")), 0);
        let comments = vec![
            xiangqi::records::Comment {
                ply: 1,
                text: "the central cannon".into(),
            },
            xiangqi::records::Comment {
                ply: 2,
                text: "a: b = c".into(),
            },
        ];
        let s = State::new(Opening {
            game: s.game().clone(),
            comments: comments.clone(),
            ply: None,
            settings: *s.settings(),
            notice: None,
            review: None,
            clock: None,
        });
        let text = write(&s);
        let t = State::new(read(Some(&text), Lang::En).unwrap());
        assert_eq!(t.game().moves(), s.game().moves());
        assert_eq!(t.history().comments(), comments);
        assert_eq!(t.settings(), s.settings());
        assert_eq!(
            (
                t.settings().level(),
                t.settings().orientation(),
                t.settings().lang()
            ),
            (5, Color::Black, Lang::Zh)
        );
        assert!(t.notice().is_none());
    }

    #[test]
    fn a_review_comes_back_with_its_game_and_a_bad_one_is_dropped() {
        use crate::model::search;
        use crate::worker::protocol::{Progress, SearchReply};
        use xiangqi_ai::Score;
        let mut s = State::default();
        s.apply(Set::SetMode(Mode::TwoPlayers).into(), 0);
        s.apply(Action::Click(sq("h2")), 0);
        s.apply(Action::Click(sq("e2")), 0);
        s.apply(search::Action::Review { deeper: false }.into(), 0);
        for (best, cp) in [("h2e2", 25), ("h9g7", 10)] {
            let id = s.search().request().unwrap().id;
            let progress = Progress {
                depth: 5,
                nodes: 100,
                time_ms: 300,
                nps: 1,
                score: Score::Cp(cp),
                pv: vec![parse_uci(best).unwrap()],
                ..Progress::default()
            };
            let best = Some(parse_uci(best).unwrap());
            s.apply(
                search::Action::Reply(SearchReply::Done { id, best, progress }).into(),
                0,
            );
        }
        assert!(!s.search().reviewing());
        let text = write(&s);
        assert!(text.contains("review=300;h2e2:c25,h9g7:c10\n"), "{text}");
        let t = State::new(read(Some(&text), Lang::En).unwrap());
        let (a, b) = (s.search().review().unwrap(), t.search().review().unwrap());
        assert_eq!(a.evals(), b.evals());
        assert!(!t.search().reviewing());
        // A review that does not fit the game goes; the game stays.
        let bad = text.replace("h9g7:c10", "h9g7:c10,a0a1:c0");
        let t = State::new(read(Some(&bad), Lang::En).unwrap());
        assert!(t.search().review().is_none());
        assert_eq!(t.game().len(), 1);
        assert!(t.notice().is_none());
    }

    #[test]
    fn damaged_or_old_data_is_discarded_with_a_notice() {
        let good = write(&State::default());
        let old = good.replace("xiangqi-saved 1", "xiangqi-saved 0");
        let bad_move = good.replace("moves=\n", "moves=h2h8\n");
        let cut = &good[..good.len() / 2];
        for text in ["{not json", "null", "", &old, &bad_move, cut] {
            let s = read(Some(text), Lang::Zh).unwrap();
            assert_eq!(s.notice, Some(Notice::SavedDiscarded), "{text}");
            assert_eq!(s.settings.lang(), Lang::Zh);
            assert!(s.game.is_empty());
        }
        assert!(read(None, Lang::En).is_none());
    }

    #[test]
    fn each_reason_to_discard_is_told_apart() {
        let good = write(&State::default());
        let cases = [
            ("{not json".to_string(), SavedGameError::NotASavedGame),
            (
                good.replace("saved 1", "saved 0"),
                SavedGameError::Version(0),
            ),
            (
                good.replace("moves=\n", "moves=h2e2 h9g7 h2h8\n"),
                SavedGameError::Move { ply: 3 },
            ),
            (
                good.replace("mode=ai", "mode=chess"),
                SavedGameError::Setting("mode"),
            ),
            (
                good.replace("human=red", "human=r"),
                SavedGameError::Setting("human"),
            ),
        ];
        for (text, error) in cases {
            assert_eq!(read_opening(&text).err(), Some(error), "{text}");
        }
        assert_eq!(
            SavedGameError::Move { ply: 3 }.to_string(),
            "bad move at ply 3"
        );
    }

    #[test]
    fn the_clocks_come_back_with_their_flag() {
        use crate::model::clock::set_test_now;
        set_test_now(1_000);
        let mut s = State::default();
        s.apply(Set::SetMode(Mode::TwoPlayers).into(), 1_000);
        s.apply(
            Set::SetTimeControl(Some(TimeControl::new(1, 5))).into(),
            1_000,
        );
        for m in ["h2", "e2", "h9", "g7"] {
            s.apply(Action::Click(sq(m)), 1_000);
        }
        set_test_now(21_000);
        s.apply(Action::Click(sq("b0")), 21_000);
        s.apply(Action::Click(sq("c2")), 21_000);
        assert_eq!(s.game().len(), 3);
        let text = write(&s);
        assert!(text.contains("tc=1+5\n"), "{text}");
        let t = State::new(read(Some(&text), Lang::En).unwrap());
        let c = t.clock().unwrap();
        // Black moved at once (+5 s), Red after 20 s (+5 s).
        assert_eq!(c.left_at(Color::Black, 99_000), 65_000, "{text}");
        assert_eq!(c.left_at(Color::Red, 99_000), 45_000, "{text}");
        assert_eq!(c.record(), s.clock().unwrap().record());
        assert_eq!(c.running(), None, "they run again from the next move");
        // A flag fall is kept, and ends the game.
        set_test_now(200_000);
        s.apply(Action::ClockTick, 200_000);
        assert!(s.flag().is_some());
        let t = State::new(read(Some(&write(&s)), Lang::En).unwrap());
        assert_eq!(t.flag(), s.flag());
        assert!(t.over() && !t.can_undo());
        // Bad clock data discards the saved game.
        let bad = write(&s).replace("clock=", "clock=x");
        assert_eq!(
            read(Some(&bad), Lang::En).unwrap().notice,
            Some(Notice::SavedDiscarded)
        );
    }
}
