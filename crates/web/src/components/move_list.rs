//! The moves played, two to a line (Red's, then Black's), in the chosen notation, with the
//! game's comments under the line of the move they follow, and each variation in a row of its
//! own under the line of the move it replaces (indented one step a level, every move of it
//! carrying `data-variation` with its depth), all folded away or shown again by one button. A
//! click, Enter or Space on any move shows its position; in a variation, two buttons promote
//! or delete it.

use crate::model::judgement::Judgement;
use crate::model::variations::VariationRow;
use crate::text::i18n::Lang;
use std::rc::Rc;
use xiangqi::records::Comment;
use yew::prelude::*;

/// The move list's content.
#[derive(Properties, PartialEq, Clone)]
pub struct MoveListProps {
    /// Each ply of the main line written out, the first move first.
    pub moves: Vec<String>,
    /// True when the game began with Black to move (the first line then has only Black's).
    pub black_first: bool,
    /// The main line's comments, in order of their ply.
    #[prop_or_default]
    pub comments: Rc<Vec<Comment>>,
    /// The variations, in the order they are shown.
    #[prop_or_default]
    pub variations: Rc<Vec<VariationRow>>,
    /// The number of the first line (the start position's move number).
    #[prop_or(1)]
    pub first_number: u32,
    /// The page's language.
    #[prop_or_default]
    pub lang: Lang,
    /// The main-line ply shown while browsing (the position after it), if not the last and
    /// on the main line.
    #[prop_or_default]
    pub viewing: Option<usize>,
    /// The path of the move whose position is shown, where it is in a variation.
    #[prop_or_default]
    pub shown_variation: Option<Vec<usize>>,
    /// A move was chosen: show the position after the move at this path.
    #[prop_or_default]
    pub on_go: Callback<Vec<usize>>,
    /// Promote the variation of the move at this path.
    #[prop_or_default]
    pub on_promote: Callback<Vec<usize>>,
    /// Delete the variation of the move at this path.
    #[prop_or_default]
    pub on_delete: Callback<Vec<usize>>,
    /// The review's judgement of each move (by ply, first move first), where it has one.
    #[prop_or_default]
    pub marks: Rc<Vec<Option<Judgement>>>,
}

/// A move's click and its Enter and Space: show the position after the move at `path`.
fn chooser(
    on_go: &Callback<Vec<usize>>,
    path: Vec<usize>,
) -> (Callback<MouseEvent>, Callback<KeyboardEvent>) {
    let (a, b) = (on_go.clone(), on_go.clone());
    let p = path.clone();
    (
        Callback::from(move |_| a.emit(p.clone())),
        Callback::from(move |e: KeyboardEvent| {
            if matches!(e.key().as_str(), "Enter" | " ") {
                e.prevent_default();
                b.emit(path.clone());
            }
        }),
    )
}

/// A variation's row.
fn variation(row: &VariationRow, props: &MoveListProps) -> Html {
    let lang = props.lang;
    let moves = row.moves.iter().map(|m| {
        let (onclick, onkeydown) = chooser(&props.on_go, m.path.clone());
        let current = props.shown_variation.as_ref() == Some(&m.path);
        html! {
            <>
            if let Some(n) = &m.number { <span class="no">{n}</span> }
            <span class={classes!("ply", "var", current.then_some("current"))}
                  data-variation={row.depth.to_string()} role="button" tabindex="0"
                  aria-current={current.then_some("true")} {onclick} {onkeydown}>
                {&m.text}
            </span>
            if !m.comment.is_empty() { <span class="var-comment">{&m.comment}</span> }
            </>
        }
    });
    html! {
        <li class="variation" data-depth={row.depth.to_string()}
            style={format!("--depth: {}", row.depth)}
            aria-label={lang.t("Variation", "变着")}>
            { for moves }
        </li>
    }
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
    let lang = props.lang;
    // The variations folded away, leaving the main line.
    let folded = use_state(|| false);
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
                aria-current={(props.viewing.unwrap_or(props.moves.len()) == c.ply && props.shown_variation.is_none()).then_some("true")}>
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
        let variations = props
            .variations
            .iter()
            .filter(|r| !*folded && plies_here.contains(&r.anchor))
            .map(|r| variation(r, props));
        let cell = |p: Option<&Option<(usize, &String)>>| match p.copied().flatten() {
            Some((i, text)) => {
                let (onclick, onkeydown) = chooser(&props.on_go, vec![0; i + 1]);
                let current = props.viewing == Some(i + 1) && props.shown_variation.is_none();
                let mark = props.marks.get(i).copied().flatten();
                html! {
                    <span class={classes!("ply", current.then_some("current"))} data-ply={i.to_string()}
                          data-judgement={mark.map(Judgement::key)}
                          role="button" tabindex="0" {onclick} {onkeydown}>
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
            { for variations }
            </>
        }
    });
    let edit = props.shown_variation.clone().map(|path| {
        let (p, d) = (path.clone(), path);
        let promote = props.on_promote.reform(move |_: MouseEvent| p.clone());
        let delete = props.on_delete.reform(move |_: MouseEvent| d.clone());
        html! {
            <>
            <button data-action="promote-variation" onclick={promote}>{lang.t("Promote variation", "提升变着")}</button>
            <button data-action="delete-variation" onclick={delete}>{lang.t("Delete variation", "删除变着")}</button>
            </>
        }
    });
    let tools = (!props.variations.is_empty()).then(|| {
        let toggle = {
            let folded = folded.clone();
            Callback::from(move |_: MouseEvent| folded.set(!*folded))
        };
        html! {
            <div class="variation-tools" role="group" aria-label={lang.t("Variations", "变着")}>
                <button data-action="toggle-variations" aria-expanded={(!*folded).to_string()} onclick={toggle}>
                    {if *folded { lang.t("Show variations", "显示变着") } else { lang.t("Hide variations", "隐藏变着") }}
                </button>
                { for edit }
            </div>
        }
    });
    html! {
        <>
        { for tools }
        <ol ref={list} class="moves" data-testid="moves" aria-label={lang.t("Moves", "着法")}>
            { for opening_notes }
            if props.moves.is_empty() { <li class="none">{lang.t("No moves yet", "尚未走棋")}</li> }
            { for lines }
        </ol>
        </>
    }
}
