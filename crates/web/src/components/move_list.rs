//! The moves played, two to a line (Red's, then Black's), in the chosen notation.

use crate::i18n::Lang;
use yew::prelude::*;

/// The move list's content.
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// Each ply written out, the first move first.
    pub moves: Vec<String>,
    /// True when the game began with Black to move (the first line then has only Black's).
    pub black_first: bool,
    /// The number of the first line (the start position's move number).
    #[prop_or(1)]
    pub first_number: u32,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
    /// The ply shown while browsing (the position after it), if not the last.
    #[prop_or_default]
    pub viewing: Option<usize>,
    /// A move was clicked: show the position after this ply.
    #[prop_or_default]
    pub on_select: Callback<usize>,
}

/// The move list.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let list = use_node_ref();
    // Keep the newest move in view.
    {
        let list = list.clone();
        use_effect_with(props.moves.len(), move |_| {
            if let Some(el) = list.cast::<web_sys::Element>() {
                el.set_scroll_top(el.scroll_height());
            }
        });
    }
    let mut plies: Vec<Option<(usize, &String)>> = Vec::new();
    if props.black_first && !props.moves.is_empty() {
        plies.push(None);
    }
    plies.extend(props.moves.iter().enumerate().map(Some));
    let lines = plies.chunks(2).enumerate().map(|(n, pair)| {
        let cell = |p: Option<&Option<(usize, &String)>>| match p.copied().flatten() {
            Some((i, text)) => {
                let on_select = props.on_select.clone();
                let current = props.viewing == Some(i + 1);
                html! {
                    <span class={classes!("ply", current.then_some("current"))} data-ply={i.to_string()}
                          role="button" tabindex="0" onclick={move |_| on_select.emit(i + 1)}>{text}</span>
                }
            }
            None => html! { <span class="ply empty" /> },
        };
        html! {
            <li>
                <span class="no">{format!("{}.", n as u32 + props.first_number)}</span>
                { cell(pair.first()) }
                { cell(pair.get(1)) }
            </li>
        }
    });
    html! {
        <ol ref={list} class="moves" data-testid="moves" aria-label={props.lang.t("Moves", "着法")}>
            if props.moves.is_empty() { <li class="none">{props.lang.t("No moves yet", "尚未走棋")}</li> }
            { for lines }
        </ol>
    }
}
