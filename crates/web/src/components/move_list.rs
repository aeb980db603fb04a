//! The moves played, two to a line (Red's, then Black's), in the chosen notation.

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
            Some((i, text)) => html! { <span class="ply" data-ply={i.to_string()}>{text}</span> },
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
        <ol ref={list} class="moves" data-testid="moves" aria-label="Moves">
            if props.moves.is_empty() { <li class="none">{"No moves yet · 尚未走棋"}</li> }
            { for lines }
        </ol>
    }
}
