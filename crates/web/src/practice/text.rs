//! The practice page's words in English and Chinese: themes, prompts, outcomes.

use super::drills::Goal;
use super::set::Filter;
use super::solving::{Phase, Result};
use crate::text::i18n::Lang;
use xiangqi::records::puzzle::Theme;
use xiangqi::Color;

/// A theme's name.
pub fn theme(t: Theme, lang: Lang) -> String {
    let zh_number =
        |n: u8| ["一", "二", "三", "四", "五", "六", "七"][usize::from(n.clamp(1, 7)) - 1];
    match t {
        Theme::Mate(n) => match lang {
            Lang::En => format!("Mate in {n}"),
            Lang::Zh => format!("{}步杀", zh_number(n)),
        },
        Theme::DoubleCheck => lang.t("Double check", "双将").into(),
        Theme::Discovered => lang.t("Discovered attack", "闪击").into(),
        Theme::Fork => lang.t("Fork", "捉双").into(),
        Theme::Pin => lang.t("Pin", "牵制").into(),
        Theme::Trapped => lang.t("Trapped piece", "困子").into(),
        Theme::Chariot => lang.t("Winning the chariot", "得车").into(),
        Theme::Advantage => lang.t("Winning material", "得子").into(),
    }
}

/// A filter's name in the theme menu.
pub fn filter(f: Filter, lang: Lang) -> String {
    match f {
        Filter::All => lang.t("All themes", "全部主题").into(),
        Filter::Mates => lang.t("Every mate", "全部杀法").into(),
        Filter::Theme(t) => theme(t, lang),
    }
}

/// A side's name.
pub fn side(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Red => lang.t("Red", "红方"),
        Color::Black => lang.t("Black", "黑方"),
    }
}

/// What the page says while the puzzle is solved.
pub fn prompt(phase: Phase, solver: Color, lang: Lang) -> String {
    match (phase, lang) {
        (Phase::Yours, Lang::En) => {
            format!("Your move: find the best move for {}.", side(solver, lang))
        }
        (Phase::Yours, Lang::Zh) => format!("轮到你走：为{}找出最佳着法。", side(solver, lang)),
        (Phase::Reply, _) => lang.t("Right! Now the reply…", "正确！对方应着…").into(),
        (Phase::Wrong(_), _) => lang
            .t("Not that move. Try again.", "不是这步，再试一次。")
            .into(),
        (Phase::Solved, _) => lang.t("The puzzle is done.", "本题结束。").into(),
        (Phase::Showing, _) => lang.t("The solution…", "正解演示…").into(),
    }
}

/// What became of the puzzle.
pub fn result(r: Result, lang: Lang) -> &'static str {
    match r {
        Result::Solved => lang.t("Solved!", "解题成功！"),
        Result::Failed => lang.t("Failed: it counts as missed.", "解题失败：本题计为未解出。"),
    }
}

/// A drill's goal, with its move limit.
pub fn goal(g: Goal, moves: u32, lang: Lang) -> String {
    match (g, lang) {
        (Goal::Win, Lang::En) => format!("Win within {moves} moves"),
        (Goal::Win, Lang::Zh) => format!("{moves}步内取胜"),
        (Goal::Draw, Lang::En) => format!("Hold the draw for {moves} moves"),
        (Goal::Draw, Lang::Zh) => format!("守和{moves}步"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_and_filter_has_a_name_in_both_languages() {
        for f in Filter::all() {
            for lang in [Lang::En, Lang::Zh] {
                assert!(!filter(f, lang).is_empty());
            }
        }
        assert_eq!(theme(Theme::Mate(3), Lang::Zh), "三步杀");
        assert_eq!(theme(Theme::Mate(2), Lang::En), "Mate in 2");
        assert_eq!(goal(Goal::Draw, 20, Lang::Zh), "守和20步");
    }
}
