//! The recent games kept in the browser (`data-testid="saved-games"`), opened by "My games"
//! among the game tools: the game on the board (`data-testid="current-game"`), then the
//! earlier games, the most recent first, each with its date, who played, the result and the
//! number of moves. An earlier game (`data-saved-game`, its ID) is reopened with a click on
//! it, and deleted with its own button (`data-action="delete-saved-game"`); all of them are
//! downloaded as one PGN file with `data-action="download-games"`. A game played by link is
//! marked `data-correspondence`, with `data-turn` "mine" or "theirs".

use crate::browser;
use crate::components::selectors::rating_words;
use crate::model::Mode;
use crate::records::saved::list::{Entry, Summary, CAP};
use crate::text::i18n::Lang;
use xiangqi::records::GameResult;
use yew::prelude::*;

/// Who played, in words.
fn players(s: &Summary, lang: Lang) -> String {
    let (side, level) = (lang.side(s.human), s.level);
    if let Some((mine, to_move)) = s.corr {
        let whose = match to_move {
            true => lang.t("your move", "轮到你"),
            false => lang.t("their move", "轮到对方"),
        };
        return format!(
            "{} {} · {whose}",
            lang.t("By link, you play", "链接对弈，你执"),
            lang.side(mine)
        );
    }
    match (s.mode, lang) {
        (Mode::Computer, Lang::En) => format!("You ({side}) v computer, level {level}"),
        (Mode::Computer, Lang::Zh) => format!("人机对弈，你执{side}，{level} 级"),
        (Mode::Watch, Lang::En) => format!("Computer v computer, level {level}"),
        (Mode::Watch, Lang::Zh) => format!("电脑对电脑，{level} 级"),
        (Mode::TwoPlayers, _) => Mode::TwoPlayers.label(lang).into(),
    }
}

/// The result and the number of moves, in words.
fn outcome(s: &Summary, lang: Lang) -> String {
    let result = match s.result {
        GameResult::RedWins => lang.t("Red won", "红方胜"),
        GameResult::BlackWins => lang.t("Black won", "黑方胜"),
        GameResult::Draw => lang.t("Draw", "和棋"),
        GameResult::Unknown => lang.t("In progress", "进行中"),
    };
    let n = s.plies;
    match lang {
        Lang::En if n == 1 => format!("{result} · 1 move"),
        Lang::En => format!("{result} · {n} moves"),
        Lang::Zh => format!("{result} · {n} 步"),
    }
}

/// Whose move a game played by link waits for: "mine" or "theirs" (none for other games).
fn turn(s: &Summary) -> Option<&'static str> {
    s.corr.map(|(_, mine)| if mine { "mine" } else { "theirs" })
}

/// A game's three lines: when, who played, how it stands.
fn lines(when: String, s: &Summary, lang: Lang) -> Html {
    html! {
        <>
            <span class="when">{when}</span>
            <span class="who">{players(s, lang)}</span>
            <span class="how">{outcome(s, lang)}</span>
        </>
    }
}

/// The panel: the person's rating against the computer and what counts toward it, the game on
/// the board, then the `entries`; `on_open` and `on_delete` get an entry's ID.
pub fn saved_games(
    current: &Summary,
    entries: &[Entry],
    lang: Lang,
    on_open: &Callback<u64>,
    on_delete: &Callback<u64>,
    on_close: Callback<MouseEvent>,
    on_download: &Callback<MouseEvent>,
) -> Html {
    let rating = crate::hooks::player_rating();
    let rows = entries.iter().map(|e| {
        let id = e.id;
        let when = e.summary.date.map(browser::local_time).unwrap_or_default();
        let open = on_open.reform(move |_: MouseEvent| id);
        let delete = {
            let cb = on_delete.clone();
            Callback::from(move |ev: MouseEvent| {
                // Not a click on the game as well.
                ev.stop_propagation();
                cb.emit(id);
            })
        };
        let label = format!("{} {when}", lang.t("Delete the game of", "删除对局"));
        html! {
            <li data-saved-game={id.to_string()} onclick={open}
                data-correspondence={e.summary.corr.map(|_| "")} data-turn={turn(&e.summary)}>
                <button type="button" class="open" title={lang.t("Play this game again", "继续这局")}>
                    { lines(when, &e.summary, lang) }
                </button>
                <button type="button" class="delete" data-action="delete-saved-game"
                        aria-label={label} onclick={delete}>{lang.t("Delete", "删除")}</button>
            </li>
        }
    });
    html! {
        <section class="saved-games" data-testid="saved-games" aria-labelledby="saved-games-title">
            <h2 id="saved-games-title">{lang.t("My games", "我的对局")}</h2>
            <p class="help">{ match lang {
                Lang::En => format!("The last {CAP} games are kept in this browser. Click one to play it again."),
                Lang::Zh => format!("本浏览器保存最近 {CAP} 局。点击一局即可继续。"),
            } }</p>
            <p class="help" data-testid="rating-help">
                if let Some(r) = rating {
                    <span data-rating={r.shown().to_string()}>{ rating_words(&r, lang) }{". "}</span>
                }
                { lang.t(
                    "A game against the computer counts toward your rating when played from the start to the end with no takeback, hint or analysis, and no change of side or level.",
                    "与电脑从开局下到终局、不悔棋、不用提示或分析、不换边或级别的对局计入你的等级分。"
                ) }
            </p>
            <ul>
                <li class="current" data-testid="current-game" aria-current="true"
                    data-correspondence={current.corr.map(|_| "")} data-turn={turn(current)}>
                    <div class="open">{ lines(lang.t("On the board", "当前对局").into(), current, lang) }</div>
                </li>
                { for rows }
            </ul>
            if entries.is_empty() {
                <p class="help">{lang.t(
                    "No earlier games yet: a game is kept here when a new one takes its place.",
                    "还没有其他对局：开始新的一局时，当前这局会保存在这里。"
                )}</p>
            }
            <div class="row">
                <button type="button" data-action="download-games" onclick={on_download.clone()}>
                    {lang.t("Download all (PGN)", "全部下载（PGN）")}
                </button>
                <button type="button" data-action="close-saved-games" onclick={on_close}>
                    {lang.t("Close", "关闭")}
                </button>
            </div>
        </section>
    }
}
