//! The moves played, two to a line (Red's, then Black's), in the chosen notation, with the
//! game's comments under the line of the move they follow.

use crate::model::judgement::Judgement;
use crate::text::i18n::Lang;
use std::rc::Rc;
use xiangqi::records::Comment;
use yew::prelude::*;

/// The move list's content.
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// Each ply written out, the first move first.
    pub moves: Vec<String>,
    /// True when the game began with Black to move (the first line then has only Black's).
    pub black_first: bool,
    /// The comments, in order of their ply.
    #[prop_or_default]
    pub comments: Rc<Vec<Comment>>,
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
    /// The review's judgement of each move (by ply, first move first), where it has one.
    #[prop_or_default]
    pub marks: Rc<Vec<Option<Judgement>>>,
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
    // The comments under each line: those after its plies, the line's first ply being
    // `first` (comments before the first move go above the list).
    let note = |c: &Comment| {
        html! {
            <li class="comment" data-comment={c.ply.to_string()}
                aria-current={(props.viewing.unwrap_or(props.moves.len()) == c.ply).then_some("true")}>
                {&c.text}
            </li>
        }
    };
    let opening_notes = props.comments.iter().filter(|c| c.ply == 0).map(note);
    let lines = plies.chunks(2).enumerate().map(|(n, pair)| {
        let plies_here: Vec<usize> = pair.iter().flatten().map(|(i, _)| i + 1).collect();
        let notes = props
            .comments
            .iter()
            .filter(|c| plies_here.contains(&c.ply))
            .map(note);
        let cell = |p: Option<&Option<(usize, &String)>>| match p.copied().flatten() {
            Some((i, text)) => {
                let on_select = props.on_select.clone();
                let current = props.viewing == Some(i + 1);
                let mark = props.marks.get(i).copied().flatten();
                html! {
                    <span class={classes!("ply", current.then_some("current"))} data-ply={i.to_string()}
                          data-judgement={mark.map(Judgement::key)}
                          role="button" tabindex="0" onclick={move |_| on_select.emit(i + 1)}>
                        {text}
                        if let Some(mark) = mark { <span class="judgement">{mark.symbol()}</span> }
                    </span>
                }
            }
            None => html! { <span class="ply empty" /> },
        };
        html! {
            <>
            <li>
                <span class="no">{format!("{}.", n as u32 + props.first_number)}</span>
                { cell(pair.first()) }
                { cell(pair.get(1)) }
            </li>
            { for notes }
            </>
        }
    });
    html! {
        <ol ref={list} class="moves" data-testid="moves" aria-label={props.lang.t("Moves", "着法")}>
            { for opening_notes }
            if props.moves.is_empty() { <li class="none">{props.lang.t("No moves yet", "尚未走棋")}</li> }
            { for lines }
        </ol>
    }
}
