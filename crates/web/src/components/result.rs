//! The end-of-game banner: the result and the reason in the page's language, and a new game.

use crate::model::correspondence::Ended;
use crate::model::Flag;
use crate::text::i18n::Lang;
use xiangqi::{Color, Outcome};
use yew::prelude::*;

/// How the game ended: by the rules, on time, or in a game played by link by a resignation
/// or an agreed draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    /// Mate, stalemate, a rule or a draw.
    Rules(Outcome),
    /// A side's time ran out.
    Time(Flag),
    /// This side resigned.
    Resigned(Color),
    /// Both sides agreed to a draw.
    Agreed,
}

impl Ending {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Ending::Rules(o) => o.winner,
            Ending::Time(f) => f.winner(),
            Ending::Resigned(c) => Some(!c),
            Ending::Agreed => None,
        }
    }

    /// The result in PGN form.
    pub fn result_tag(self) -> &'static str {
        match self {
            Ending::Rules(o) => o.result_tag(),
            Ending::Time(f) => f.result().as_str(),
            Ending::Resigned(c) => Ended::Resigned(c).result().as_str(),
            Ending::Agreed => Ended::DrawAgreed.result().as_str(),
        }
    }

    /// The result and the reason in words.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Ending::Rules(o) => lang.outcome(&o),
            Ending::Time(f) => {
                let (loser, other) = (lang.side(f.side), lang.side(!f.side));
                match (lang, f.draw) {
                    (Lang::En, false) => format!("{other} wins — {loser} ran out of time"),
                    (Lang::En, true) => {
                        format!("Draw — {loser} ran out of time, but {other} cannot mate")
                    }
                    (Lang::Zh, false) => format!("{other}胜 — {loser}超时"),
                    (Lang::Zh, true) => format!("和棋 — {loser}超时，但{other}无子可将死对方"),
                }
            }
            Ending::Resigned(c) => {
                let (loser, other) = (lang.side(c), lang.side(!c));
                match lang {
                    Lang::En => format!("{other} wins — {loser} resigned"),
                    Lang::Zh => format!("{other}胜 — {loser}认输"),
                }
            }
            Ending::Agreed => lang.t("Draw agreed", "双方议和").into(),
        }
    }
}

/// The banner's content.
#[derive(Properties, PartialEq, Clone)]
pub struct ResultProps {
    /// How the game ended.
    pub ending: Ending,
    /// Start a new game.
    pub on_new: Callback<()>,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
}

/// The banner (`data-reason` "time", "resigned" or "agreed" when the game ended so). Not a live region: the
/// announcer says its text after the last move.
#[function_component(ResultBanner)]
pub fn result_banner(props: &ResultProps) -> Html {
    let on_new = props.on_new.clone();
    let ending = props.ending;
    let winner = ending.winner().map_or("draw", |c| c.name());
    let reason = match ending {
        Ending::Time(_) => Some("time"),
        Ending::Resigned(_) => Some("resigned"),
        Ending::Agreed => Some("agreed"),
        Ending::Rules(_) => None,
    };
    html! {
        <div class="result" data-testid="result" data-winner={winner} data-reason={reason}>
            <p class="big">{ending.text(props.lang)}</p>
            <p class="tag">{ending.result_tag()}</p>
            <button type="button" data-testid="result-new" onclick={move |_| on_new.emit(())}>
                {props.lang.t("New game", "再来一局")}
            </button>
        </div>
    }
}
