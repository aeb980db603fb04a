//! Playing a friend by link: the start ("Play a friend by link", `data-action="correspondence"`:
//! a side and the days a move may take), and while such a game is on the board its panel
//! (`data-testid="correspondence"`, `data-turn` "mine" or "theirs"): whose move it is, the link
//! to send (`data-testid="correspondence-link"`, with Share, which opens the phone's share
//! sheet, and Copy), resignation, and the draw offer and its acceptance.

use crate::browser;
use crate::model::correspondence::{Action as C, Correspondence};
use crate::model::{Action, Notice};
use crate::text::i18n::Lang;
use wasm_bindgen::JsCast;
use xiangqi::Color;
use yew::prelude::*;

/// A new game's identity: 10 characters of base64url.
fn new_id() -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..10)
        .map(|_| ALPHABET[(browser::random() * 64.0) as usize % 64] as char)
        .collect()
}

/// The value of the select marked `data-testid=testid`, if it is on the page.
fn chosen(testid: &str) -> Option<String> {
    let doc = web_sys::window()?.document()?;
    let el = doc
        .query_selector(&format!("[data-testid={testid}]"))
        .ok()??;
    Some(el.unchecked_into::<web_sys::HtmlSelectElement>().value())
}

/// The start of a game played by link: a side, the days a move may take, and Start (which
/// reads the two choices when pressed, so the start keeps no state of its own).
pub fn corr_start(lang: Lang, dispatch: &Callback<Action>, on_close: &Callback<()>) -> Html {
    let on_start = {
        let (d, close) = (dispatch.clone(), on_close.clone());
        Callback::from(move |_: MouseEvent| {
            let mine = match chosen("correspondence-side").as_deref() {
                Some("black") => Color::Black,
                _ => Color::Red,
            };
            let days = chosen("correspondence-days").and_then(|v| v.parse().ok());
            d.emit(
                C::Start {
                    id: new_id(),
                    mine,
                    days,
                }
                .into(),
            );
            close.emit(());
        })
    };
    html! {
        <section class="records correspondence-start" aria-labelledby="corr-start-title">
            <h2 id="corr-start-title">{lang.t("Play a friend by link", "链接对弈")}</h2>
            <p>{lang.t("Each move is a link you send your friend; no server.", "每步棋都是发给好友的链接，不经服务器。")}</p>
            <label>{lang.t("You play", "你执")}
                <select data-testid="correspondence-side">
                    <option value="red" selected=true>{lang.t("Red (first)", "红方（先走）")}</option>
                    <option value="black">{lang.t("Black", "黑方")}</option>
                </select>
            </label>
            <label>{lang.t("Days a move (shown, not enforced)", "每步天数（仅显示，不强制）")}
                <select data-testid="correspondence-days">
                    <option value="" selected=true>{lang.t("No limit", "不限")}</option>
                    { for ["1", "2", "3", "7"].map(|n| html! { <option value={n}>{n}</option> }) }
                </select>
            </label>
            <button type="button" data-action="correspondence-start" onclick={on_start}>
                {lang.t("Start", "开始")}</button>
        </section>
    }
}

/// The panel of the game played by link `c` on the board: `turn` to move, `over` if it ended,
/// `link` the link that carries it as it is now. Resigning asks once more, in a disclosure.
pub fn corr_panel(
    c: &Correspondence,
    turn: Color,
    over: bool,
    link: String,
    lang: Lang,
    dispatch: &Callback<Action>,
) -> Html {
    let mine = turn == c.mine;
    let status = match (over, mine) {
        (true, _) => lang.t(
            "The game is over: send the link so that your friend's game ends too.",
            "对局已结束：把链接发给好友，对方的对局也随之结束。",
        ),
        (false, true) => lang.t("Your move.", "轮到你走。"),
        (false, false) => lang.t(
            "Your friend's move: send them this link.",
            "轮到好友走：请把这个链接发给对方。",
        ),
    };
    let side = match c.mine {
        Color::Red => lang.t("You play Red", "你执红"),
        Color::Black => lang.t("You play Black", "你执黑"),
    };
    let days = c
        .days
        .map(|n| format!(" · {} {n}", lang.t("days a move:", "每步天数：")));
    let act = |a: C| dispatch.reform(move |_: MouseEvent| a.clone().into());
    let on_share = {
        let (d, url) = (dispatch.clone(), link.clone());
        let title = lang.t("Xiangqi: your move", "象棋：轮到你了");
        Callback::from(move |_: MouseEvent| {
            if !browser::share_or_copy(title, &url) {
                d.emit(Action::Notify(Notice::Link(url.clone())));
            }
        })
    };
    let on_copy = {
        let (d, url) = (dispatch.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            browser::copy(&url);
            d.emit(Action::Notify(Notice::Link(url.clone())));
        })
    };
    let offered_to_me = c.offer == Some(!c.mine);
    let offer = match (over, c.offer) {
        (false, Some(side)) if side == c.mine => {
            Some(lang.t("You offered a draw.", "你已提议和棋。"))
        }
        (false, Some(_)) => Some(lang.t("Your friend offers a draw.", "好友提议和棋。")),
        _ => None,
    };
    html! {
        <section class="records correspondence" data-testid="correspondence"
                 data-turn={if mine { "mine" } else { "theirs" }} aria-labelledby="corr-title">
            <h2 id="corr-title">{lang.t("Game with a friend, by link", "链接对弈")}</h2>
            <p>{side}{days}</p>
            <p class="corr-status" role="status">{status}</p>
            if let Some(offer) = offer { <p>{offer}</p> }
            <label>{lang.t("The link to send", "要发送的链接")}
                <input type="text" readonly=true data-testid="correspondence-link" value={link} />
            </label>
            <div class="row">
                <button type="button" data-action="share-correspondence" onclick={on_share}>{lang.t("Share…", "分享…")}</button>
                <button type="button" data-action="copy-correspondence" onclick={on_copy}>{lang.t("Copy", "复制")}</button>
            </div>
            if !over {
                <div class="row">
                    if offered_to_me {
                        <button type="button" data-action="accept-draw" onclick={act(C::AcceptDraw)}>{lang.t("Accept the draw", "同意和棋")}</button>
                    } else {
                        <button type="button" data-action="offer-draw" disabled={c.offer == Some(c.mine)}
                                onclick={act(C::OfferDraw)}>{lang.t("Offer a draw", "提议和棋")}</button>
                    }
                    <details>
                        <summary data-action="resign">{lang.t("Resign", "认输")}</summary>
                        <button type="button" data-action="confirm-resign" onclick={act(C::Resign)}>{lang.t("Yes, resign", "确定认输")}</button>
                    </details>
                </div>
            }
        </section>
    }
}
