//! The notices in words, in both languages: what the page tells the person that is not part
//! of the game (`model/notice.rs` keeps them as data), and why a record could not be imported.

use super::i18n::Lang;
use crate::model::{Notice, Problem, RecordOpened};
use crate::records::pgn::ImportError;
use crate::records::saved::list::ASIDE;
use crate::records::saved::SavedGameError;

/// The first [`SHOWN`] characters of `value`, and "…" if there is more.
fn shortened(value: &str) -> String {
    match value.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.into(),
    }
}

/// The characters of an ignored value a notice shows.
pub const SHOWN: usize = 80;

impl Lang {
    /// A notice in words.
    pub fn notice(self, notice: &Notice) -> String {
        let lang = self;
        match notice {
            Notice::WorkerRestarted(reason) if reason.is_empty() => lang
                .t(
                    "The search worker stopped (it stopped answering); a new one was started.",
                    "搜索线程已停止（没有响应），已启动新的线程。",
                )
                .into(),
            Notice::WorkerRestarted(reason) => match lang {
                Lang::En => format!("The search worker stopped ({reason}); a new one was started."),
                Lang::Zh => format!("搜索线程已停止（{reason}），已启动新的线程。"),
            },
            Notice::BadParams(list) => lang.ignored(list),
            Notice::BadFen(e) => format!(
                "{} {}",
                lang.t("That FEN was not loaded:", "未能载入该 FEN："),
                lang.fen_error(e)
            ),
            Notice::Composed(warnings) => {
                let items: Vec<String> = warnings.iter().map(|w| lang.setup_warning(w)).collect();
                format!(
                    "{} {}",
                    lang.t(
                        "Loaded a composed position:",
                        "已载入排局（实战中不会出现）："
                    ),
                    items.join("; ")
                )
            }
            Notice::EngineIllegal(m) => match lang {
                Lang::En => format!("The engine proposed {m}, which is not legal here."),
                Lang::Zh => format!("引擎给出的着法 {m} 在此不合法。"),
            },
            Notice::NoMove => lang.t("The engine found no move.", "引擎没有找到着法。").into(),
            Notice::SearchFailed(r) => match lang {
                Lang::En => format!("The engine could not search: {r}"),
                Lang::Zh => format!("引擎无法搜索：{r}"),
            },
            Notice::SavedUnreadable(e) => match lang {
                Lang::En => format!(
                    "The saved game could not be read ({}): a new game was started, and its text is kept aside in this browser's storage (“{ASIDE}…”).",
                    lang.saved_fault(e)
                ),
                Lang::Zh => format!(
                    "保存的对局无法读取（{}）：已开始新对局，原文另存在本浏览器的存储中（“{ASIDE}…”）。",
                    lang.saved_fault(e)
                ),
            },
            Notice::SavedRepaired(faults) => {
                let items: Vec<String> = faults.iter().map(|f| lang.saved_fault(f)).collect();
                format!(
                    "{} {}",
                    lang.t("The saved game was opened with repairs:", "保存的对局经修复后打开："),
                    items.join("; ")
                )
            }
            Notice::CopiedFen => lang.t("FEN copied.", "FEN 已复制。").into(),
            Notice::Link(url) => format!("{} {url}", lang.t("Link to this game:", "本局链接：")),
            Notice::CopiedRecord => lang.t("Game record copied.", "棋谱已复制。").into(),
            Notice::Import(e) => format!(
                "{} {}",
                lang.import_error(e),
                lang.t("The current game was kept.", "当前对局未改变。")
            ),
            Notice::Imported(n) => match lang {
                Lang::En => format!("Game loaded: {n} moves."),
                Lang::Zh => format!("已载入对局：{n} 步。"),
            },
            Notice::RecordOpened(r) => record_opened(lang, r),
            Notice::RecordUnreadable(format, detail) => match (lang, format) {
                (Lang::En, Some(f)) => {
                    format!("This {f} record cannot be read: {detail}. The current game was kept.")
                }
                (Lang::Zh, Some(f)) => format!("无法读取此 {f} 棋谱（{detail}）。当前对局未改变。"),
                (Lang::En, None) => format!(
                    "This is not a record the page reads (XQF, DhtmlXQ, WXF, PGN or a list of moves): {detail}. The current game was kept."
                ),
                (Lang::Zh, None) => format!(
                    "无法识别此棋谱（可读 XQF、DhtmlXQ、WXF、PGN 或着法列表）：{detail}。当前对局未改变。"
                ),
            },
            Notice::ReaderUnavailable => lang
                .t(
                    "The record reader could not be loaded: it works offline once the page has been opened online. The current game was kept.",
                    "未能载入棋谱读取程序：在线打开本页一次后即可离线使用。当前对局未改变。",
                )
                .into(),
            Notice::Corr(r) => {
                use crate::model::correspondence::Received as R;
                lang.t(
                    match r {
                        R::New => "A game with a friend, by link, kept in My games.",
                        R::Update => "Your friend's link: the game goes on.",
                        R::Same => "This link holds nothing new.",
                        R::Own => "This is the link you sent: send it to your friend. Nothing changed.",
                        R::Older => "This link is older than your game: nothing changed.",
                        R::Rewritten => "This link changes moves already played: nothing changed.",
                    },
                    match r {
                        R::New => "与好友的链接对局，已存入“我的对局”。",
                        R::Update => "好友的链接：对局继续。",
                        R::Same => "此链接没有新内容。",
                        R::Own => "这是你发出的链接：请发给好友。未作改动。",
                        R::Older => "此链接比你的对局旧：未作改动。",
                        R::Rewritten => "此链接改动了已走的着法：未作改动。",
                    },
                )
                .into()
            }
            Notice::DiagramSaved => lang
                .t(
                    "Diagram saved as an SVG and a PNG image.",
                    "局面图已存为 SVG 和 PNG 图片。",
                )
                .into(),
        }
    }

    /// The address's parameters that were ignored, each with its value (cut short) and why.
    pub fn ignored(self, list: &[(String, String, Problem)]) -> String {
        let items: Vec<String> = list
            .iter()
            .map(|(name, value, why)| {
                format!("{name}=“{}”: {}", shortened(value), self.problem(why))
            })
            .collect();
        format!(
            "{} {}",
            self.t("Ignored in the address:", "已忽略地址中的参数："),
            items.join("; ")
        )
    }

    /// What could not be read in a saved game, in words.
    fn saved_fault(self, e: &SavedGameError) -> String {
        use SavedGameError as E;
        match (e, self) {
            (E::NotASavedGame, _) => self.t("not a saved game", "不是保存的对局").into(),
            (E::Start(e), _) => self.fen_error(e),
            (E::Version(v), Lang::En) => format!("written by version {v} of the format"),
            (E::Version(v), Lang::Zh) => format!("由第 {v} 版格式写成"),
            (E::Move { ply, text }, Lang::En) => {
                format!("move {ply}, “{text}”, cannot be played: the game stops before it")
            }
            (E::Move { ply, text }, Lang::Zh) => {
                format!("第 {ply} 步“{text}”无法走出，对局止于其前")
            }
            (E::Setting(name), Lang::En) => format!("“{name}” unknown, the default used"),
            (E::Setting(name), Lang::Zh) => format!("“{name}”无效，已用默认值"),
            (E::Clock, _) => self
                .t(
                    "the clocks could not be read and were left out",
                    "计时无法读取，已略去",
                )
                .into(),
            (E::Comments(_), _) => self
                .t(
                    "a comment could not be read and was left out",
                    "一条注释无法读取，已略去",
                )
                .into(),
            (E::Variations, _) => self
                .t(
                    "the variations could not be read and were left out",
                    "变着无法读取，已略去",
                )
                .into(),
        }
    }

    /// Why a link parameter was ignored, in words.
    fn problem(self, why: &Problem) -> String {
        match why {
            Problem::Fen(e) => self.fen_error(e),
            Problem::Move { number, side } => match self {
                Lang::En => format!(
                    "move {number} ({}) cannot be read or is not legal",
                    self.side(*side)
                ),
                Lang::Zh => format!("第 {number} 回合{}的着法无法读取或不合法", self.side(*side)),
            },
            Problem::Value => self.t("unknown value", "无效的值").to_string(),
            Problem::Record(e) => self.import_error(e),
        }
    }

    /// Why a game record could not be imported, in words.
    pub fn import_error(self, e: &ImportError) -> String {
        let lang = self;
        match (e, lang) {
            (ImportError::Fen(e), _) => format!(
                "{} {}",
                lang.t("The FEN tag cannot be used:", "FEN 标签无法使用："),
                lang.fen_error(e)
            ),
            (ImportError::Move { number, side, text }, Lang::En) => format!(
                "Move {number} ({}), “{text}”, cannot be read or is not legal.",
                lang.side(*side)
            ),
            (ImportError::Move { number, side, text }, Lang::Zh) => format!(
                "第 {number} 回合{}的着法“{text}”无法读取或不合法。",
                lang.side(*side)
            ),
            (ImportError::Empty, _) => lang
                .t("There are no moves to load.", "没有可载入的着法。")
                .into(),
        }
    }
}

/// "Record opened (DhtmlXQ, game 2 of 5): 40 moves and 3 more in variations;
/// ply 23 (C5+9) cannot be played, the game stops before it."
fn record_opened(lang: Lang, r: &RecordOpened) -> String {
    let mut parts = Vec::new();
    parts.push(match (lang, r.games) {
        (Lang::En, 1) => format!("Record opened ({}): {} moves", r.format, r.moves),
        (Lang::Zh, 1) => format!("已打开棋谱（{}）：{} 步", r.format, r.moves),
        (Lang::En, n) => format!(
            "Record opened ({}, game {} of {n}): {} moves",
            r.format, r.game, r.moves
        ),
        (Lang::Zh, n) => format!(
            "已打开棋谱（{}，第 {} 局，共 {n} 局）：{} 步",
            r.format, r.game, r.moves
        ),
    });
    if r.variations > 0 {
        parts[0].push_str(&match (lang, r.variations) {
            (Lang::En, 1) => " and 1 more in a variation".to_string(),
            (Lang::En, n) => format!(" and {n} more in variations"),
            (Lang::Zh, n) => format!("，另有变着 {n} 步"),
        });
    }
    if let Some((ply, text)) = &r.fault {
        parts.push(match lang {
            Lang::En => format!("ply {ply} ({text}) cannot be played, the game stops before it"),
            Lang::Zh => format!("第 {ply} 着（{text}）不合规则，棋局止于其前"),
        });
    }
    let sep = lang.t("; ", "；");
    format!("{}{}", parts.join(sep), lang.t(".", "。"))
}
