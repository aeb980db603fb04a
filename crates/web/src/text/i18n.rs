//! The page's two languages, Simplified Chinese and English, and the Chinese wording of the
//! engine's messages (FEN problems, illegal setups, results); the notices are in
//! `notices.rs`. Every
//! other string the page shows is written as an English and Chinese pair at the place it is
//! used, through [`Lang::t`], so the two can never drift apart in number.

use xiangqi::{Color, FenError, Kind, Outcome, PositionError, SetupWarning};

pub use crate::model::lang::Lang;

/// The words of each language (the language itself is a setting: [`crate::model::lang`]).
impl Lang {
    /// The switch's label: the name of the language it switches to.
    pub fn switch_label(self) -> &'static str {
        match self {
            Lang::En => "中文",
            Lang::Zh => "English",
        }
    }

    /// Chooses the text for this language.
    pub fn t<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }

    /// A side's name: "Red" / "红方".
    pub fn side(self, c: Color) -> &'static str {
        match self {
            Lang::En => match c {
                Color::Red => "Red",
                Color::Black => "Black",
            },
            Lang::Zh => c.chinese_name(),
        }
    }

    /// A result in words.
    pub fn outcome(self, o: &Outcome) -> String {
        match self {
            Lang::En => o.to_string(),
            Lang::Zh => o.chinese(),
        }
    }

    /// What is wrong with a FEN, in words.
    pub fn fen_error(self, e: &FenError) -> String {
        if self == Lang::En {
            return e.to_string();
        }
        match e {
            FenError::Empty => "FEN 为空".into(),
            FenError::WrongRankCount { found } => {
                format!("FEN 描述了 {found} 行；棋盘应有 10 行，以“/”分隔")
            }
            FenError::UnknownLetter { letter, rank } => {
                format!("第 {rank} 行有未知字母“{letter}”：棋子字母为 K A B N R C P（红方大写）")
            }
            FenError::WrongRankLength { rank, points } => {
                format!("第 {rank} 行描述了 {points} 个点；每行应有 9 个")
            }
            FenError::BadSide(s) => format!("走棋方为“{s}”；应为 w（红方）或 b（黑方）"),
            FenError::BadCounter { field, found } => {
                let field = match *field {
                    "castling" => "易位",
                    "en passant" => "吃过路兵",
                    "halfmove clock" => "半回合计数",
                    "move number" => "回合数",
                    other => other,
                };
                format!("{field}字段为“{found}”，无法读取")
            }
            FenError::TooManyFields => "FEN 的字段多于六个".into(),
            FenError::Illegal(p) => self.position_error(p),
        }
    }

    /// Why a placement is not a legal position, in words.
    pub fn position_error(self, e: &PositionError) -> String {
        if self == Lang::En {
            return e.to_string();
        }
        let side = |c: &Color| c.chinese_name();
        match e {
            PositionError::MissingGeneral(c) => format!("{}没有将帅", side(c)),
            PositionError::ExtraGeneral(c) => format!("{}有不止一个将帅", side(c)),
            PositionError::GeneralOutsidePalace(c, s) => {
                format!(
                    "{}在 {s} 的{}不在九宫内",
                    side(c),
                    kind_zh(*c, Kind::General)
                )
            }
            PositionError::TooMany { color, kind, count } => format!(
                "{}有 {count} 个{}；最多 {} 个",
                side(color),
                kind_zh(*color, *kind),
                kind.max_count()
            ),
            PositionError::GeneralsFacing => "双方将帅在同一直线上照面".into(),
            PositionError::OpponentInCheck(c) => {
                format!("{}正被将军却不该它走：将帅会被吃掉", side(c))
            }
        }
    }

    /// What in a playable position no game can reach, in words (shown as a warning).
    pub fn setup_warning(self, w: &SetupWarning) -> String {
        if self == Lang::En {
            return w.to_string();
        }
        let side = |c: &Color| c.chinese_name();
        match w {
            SetupWarning::AdvisorOffItsPoints(c, s) => {
                format!(
                    "实战中{}的{}到不了 {s}",
                    side(c),
                    kind_zh(*c, Kind::Advisor)
                )
            }
            SetupWarning::ElephantOffItsPoints(c, s) => {
                format!(
                    "实战中{}的{}到不了 {s}",
                    side(c),
                    kind_zh(*c, Kind::Elephant)
                )
            }
            SetupWarning::SoldierBehindStart(c, s) => format!(
                "{}在 {s} 的{}位于其起始行之后，实战中不会出现",
                side(c),
                kind_zh(*c, Kind::Soldier)
            ),
            SetupWarning::SoldierOffItsFiles(c, s) => format!(
                "实战中{}的{}到不了 {s}：过河之后才能横走",
                side(c),
                kind_zh(*c, Kind::Soldier)
            ),
        }
    }
}

/// A kind's Chinese name as the side writes it (帅/将, 仕/士, 相/象, 兵/卒 ...).
pub fn kind_zh(c: Color, k: Kind) -> &'static str {
    let red = c == Color::Red;
    match k {
        Kind::General => {
            if red {
                "帅"
            } else {
                "将"
            }
        }
        Kind::Advisor => {
            if red {
                "仕"
            } else {
                "士"
            }
        }
        Kind::Elephant => {
            if red {
                "相"
            } else {
                "象"
            }
        }
        Kind::Horse => "马",
        Kind::Chariot => "车",
        Kind::Cannon => "炮",
        Kind::Soldier => {
            if red {
                "兵"
            } else {
                "卒"
            }
        }
    }
}

/// A kind's English name.
pub fn kind_en(k: Kind) -> &'static str {
    k.name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Position;

    #[test]
    fn browser_tags_choose_the_language() {
        assert_eq!(Lang::from_browser(Some("zh-CN")), Lang::Zh);
        assert_eq!(Lang::from_browser(Some("zh-TW")), Lang::Zh);
        assert_eq!(Lang::from_browser(Some("en-US")), Lang::En);
        assert_eq!(Lang::from_browser(Some("fr")), Lang::En);
        assert_eq!(Lang::from_browser(None), Lang::En);
        assert_eq!(Lang::from_key("xx"), None);
    }

    #[test]
    fn fen_problems_are_said_in_both_languages() {
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/9 w - - 0 1").unwrap_err();
        assert_eq!(Lang::En.fen_error(&e), "Red has no general");
        assert_eq!(Lang::Zh.fen_error(&e), "红方没有将帅");
        let e = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K1 w - - 0 1").unwrap_err();
        assert!(Lang::Zh.fen_error(&e).contains("第 0 行"), "{e}");
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4KB3 w - - 0 1").unwrap();
        let w = pos.to_setup().warnings();
        assert_eq!(Lang::Zh.setup_warning(&w[0]), "实战中红方的相到不了 f0");
        assert_eq!(
            Lang::En.setup_warning(&w[0]),
            "no red elephant can reach f0 in a game"
        );
    }
}
