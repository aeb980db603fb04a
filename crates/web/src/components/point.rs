//! One of the 90 points, with the piece standing on it. Carries the stable test hooks:
//! `data-square` (UCI name, whatever the orientation), `data-piece` (FEN letter) and
//! `data-last` ("from" / "to").

use crate::text::i18n::{kind_zh, Lang};
use xiangqi::{Color, Piece, Square};
use yew::prelude::*;

/// How a point is marked.
#[derive(Clone, Copy, Default, PartialEq, Debug)]
pub struct Mark {
    /// Its piece is picked up.
    pub selected: bool,
    /// The picked-up piece may go here.
    pub destination: bool,
    /// The keyboard cursor is here.
    pub cursor: bool,
    /// A general in check stands here.
    pub check: bool,
    /// "from" or "to" of the last move.
    pub last: Option<&'static str>,
    /// "from" or "to" of the suggested move.
    pub hint: Option<&'static str>,
}

/// What a point draws.
#[derive(Properties, PartialEq, Clone)]
pub struct PointProps {
    /// Which point.
    pub square: Square,
    /// The piece on it.
    pub piece: Option<Piece>,
    /// Its marks.
    pub mark: Mark,
    /// The piece is being dragged this many pixels from its place.
    pub drag_offset: Option<(i32, i32)>,
    /// The piece just arrived from this far away (in hundredths of a cell), with a key that
    /// restarts the animation for each new move.
    pub arrive: Option<(i32, i32, usize)>,
    /// The language of the accessible name.
    #[prop_or_default]
    pub lang: Lang,
}

/// The name a screen reader announces in Chinese, such as "b0 红马".
fn accessible_name_zh(square: Square, piece: Option<Piece>, mark: &Mark) -> String {
    let mut name = match piece {
        Some(p) => format!(
            "{square} {}{}",
            p.color.chinese_name(),
            kind_zh(p.color, p.kind)
        ),
        None => format!("{square}"),
    };
    for (on, text) in [
        (mark.selected, "，已拿起"),
        (mark.destination && piece.is_some(), "，可吃"),
        (mark.destination && piece.is_none(), "，可走到此处"),
        (mark.check, "，被将军"),
        (mark.last == Some("from"), "，上一步从此处走出"),
        (mark.last == Some("to"), "，上一步走到此处"),
        (mark.hint.is_some(), "，提示"),
    ] {
        if on {
            name.push_str(text);
        }
    }
    name
}

/// The name a screen reader announces, such as "red horse on b0".
pub fn accessible_name(square: Square, piece: Option<Piece>, mark: &Mark) -> String {
    let mut name = match piece {
        Some(p) => format!("{} {} on {square}", p.color.name(), p.kind.name()),
        None => format!("{square}"),
    };
    if mark.selected {
        name.push_str(", picked up");
    }
    if mark.destination {
        name.push_str(if piece.is_some() {
            ", can be captured"
        } else {
            ", can move here"
        });
    }
    if mark.check {
        name.push_str(", in check");
    }
    if let Some(end) = mark.last {
        name.push_str(if end == "from" {
            ", last move from here"
        } else {
            ", last move to here"
        });
    }
    if mark.hint.is_some() {
        name.push_str(", suggested");
    }
    name
}

/// A point of the board.
#[function_component(Point)]
pub fn point(props: &PointProps) -> Html {
    let PointProps {
        square,
        piece,
        mark,
        ..
    } = props.clone();
    // The place is worked out by the style sheet from the file and rank and the board's
    // orientation (`.pt`): turning the board changes no point's props, so none is drawn again.
    let style = format!("--f:{};--k:{}", square.file(), square.rank());
    let disc = piece.map(|p| {
        let mut class = classes!(
            "piece",
            match p.color {
                Color::Red => "red",
                Color::Black => "black",
            }
        );
        let mut style = String::new();
        if let Some((dx, dy)) = props.drag_offset {
            class.push("lifted");
            style = format!("transform:translate({dx}px,{dy}px)");
        }
        let mut key = String::from("still");
        if let Some((dx, dy, k)) = props.arrive.filter(|_| props.drag_offset.is_none()) {
            class.push("arrive");
            style = format!("--from-x:{dx}%;--from-y:{dy}%");
            key = format!("arrive-{k}");
        }
        html! {
            <div {key} {class} {style} data-piece={p.fen_char().to_string()} aria-hidden="true">
                <span class="glyph">{p.chinese_char()}</span>
            </div>
        }
    });
    html! {
        <div
            class="pt"
            id={format!("pt-{square}")}
            role="button"
            aria-label={match props.lang {
                Lang::En => accessible_name(square, piece, &mark),
                Lang::Zh => accessible_name_zh(square, piece, &mark),
            }}
            aria-pressed={mark.selected.then_some("true")}
            data-square={square.to_string()}
            data-last={mark.last}
            data-hint={mark.hint}
            data-selected={mark.selected.then_some("")}
            data-dest={mark.destination.then_some("")}
            data-check={mark.check.then_some("")}
            data-cursor={mark.cursor.then_some("")}
            {style}
        >
            if mark.destination { <span class={if piece.is_some() { "dest capture" } else { "dest" }} /> }
            { for disc }
        </div>
    }
}
