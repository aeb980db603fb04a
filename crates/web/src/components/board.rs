//! The board: lines, river, palaces and position marks drawn with HTML and CSS, the 90 points,
//! and the pointer handling for clicks, taps and drags.
//!
//! As in chessground, the board knows no rules: the host says where pieces stand and hands it
//! the legal destinations of every piece that may be picked up ([`Dests`]), derived once per
//! position; the board only looks them up, and is told about clicks and drops. The only state
//! kept here is the drag in progress, which is pure presentation.

use super::point::{Mark, Point};
use crate::model::view::{screen_cell, square_at};
use crate::model::Dests;
use std::rc::Rc;
use web_sys::{Element, PointerEvent};
use xiangqi::{Color, Move, Piece, Square};
use yew::prelude::*;

/// The board's height in cells (a cell is the distance between two lines; the board is nine
/// cells wide): a band for file numbers, half a cell, nine cells of lines, half a cell, a band.
pub const HEIGHT_CELLS: f64 = 11.1;
/// Distance from the top edge to the top line, in cells.
const TOP_LINE: f64 = 1.05;

/// What the board draws.
#[derive(Properties, PartialEq, Clone)]
pub struct BoardProps {
    /// The piece on each point, by [`Square::index`].
    pub pieces: Vec<Option<Piece>>,
    /// The side drawn at the bottom.
    pub orientation: Color,
    /// The picked-up piece's point.
    pub selected: Option<Square>,
    /// The pieces that may be picked up now, and where each may go.
    pub dests: Rc<Dests>,
    /// The last move, marked on its two points.
    pub last: Option<Move>,
    /// A general in check.
    pub check: Option<Square>,
    /// A suggested move.
    pub hint: Option<Move>,
    /// The keyboard cursor.
    pub cursor: Square,
    /// A move to animate, with a key that changes for each new move.
    pub animate: Option<(Move, usize)>,
    /// A point was clicked or tapped.
    pub on_click: Callback<Square>,
    /// A piece was dragged from a point and dropped (off the board: `None`).
    pub on_drop: Callback<(Square, Option<Square>)>,
    /// A key was pressed while the board had focus.
    pub on_key: Callback<KeyboardEvent>,
    /// The language of the points' accessible names.
    #[prop_or_default]
    pub lang: crate::text::i18n::Lang,
    /// Moves drawn as arrows over the board (the analysis's lines, best first).
    #[prop_or_default]
    pub arrows: Vec<Move>,
    /// How the pieces are drawn (the style sheet reads the board's `data-pieces`).
    #[prop_or_default]
    pub piece_set: crate::model::PieceSet,
    /// Whether the points are drawn: a page may draw the board's lines first and its points a
    /// frame later, so that neither first layout runs long.
    #[prop_or(true)]
    pub points: bool,
}

/// The arrows over the board (`data-testid="arrow"` with `data-from` and `data-to`), the
/// first one bold and green, the others thinner and blue. Drawn in hundredths of a cell, in
/// the board's own proportions (9 by 11.1 cells), so they scale and flip with it.
fn arrows(moves: &[Move], orientation: Color) -> Html {
    let centre = |sq: Square| {
        let (col, row) = screen_cell(sq, orientation);
        (i32::from(col) * 100 + 50, i32::from(row) * 100 + 105)
    };
    let lines = moves.iter().enumerate().map(|(i, m)| {
        let ((x1, y1), (x2, y2)) = (centre(m.from()), centre(m.to()));
        // Stop short of the point, so the head does not hide the piece's character.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = dx.abs().max(dy.abs()).max(1);
        let (x2, y2) = (x2 - dx * 30 / len, y2 - dy * 30 / len);
        let best = i == 0;
        html! {
            <line data-testid="arrow" data-from={m.from().to_string()} data-to={m.to().to_string()}
                  class={if best { "arrow best" } else { "arrow" }}
                  x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()}
                  marker-end={if best { "url(#head-best)" } else { "url(#head)" }} />
        }
    });
    html! {
        <svg class="arrows" viewBox="0 0 900 1110" aria-hidden="true">
            <defs>
                <marker id="head-best" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="3"
                        markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10z" class="head best" /></marker>
                <marker id="head" viewBox="0 0 10 10" refX="3" refY="5" markerWidth="3"
                        markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10z" class="head" /></marker>
            </defs>
            { for lines }
        </svg>
    }
}

/// A drag in progress.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Drag {
    from: Square,
    pointer: i32,
    start: (f64, f64),
    /// Offset from the start, in pixels.
    offset: (f64, f64),
    /// Moved far enough to be a drag rather than a click.
    moving: bool,
    /// The piece was already picked up when the pointer went down (a second tap puts it down).
    was_selected: bool,
}

const DRAG_THRESHOLD_PX: f64 = 5.0;

/// The static drawing's props: it changes only when the board turns.
#[derive(Properties, PartialEq)]
struct FurnitureProps {
    orientation: Color,
}

/// The static drawing as a component of its own, so that it is drawn again only when the
/// board turns, not on every move (its hundred-odd styles cost a redraw some milliseconds).
#[function_component(Furniture)]
fn furniture_component(props: &FurnitureProps) -> Html {
    furniture(props.orientation)
}

/// The static drawing: lines, frame, palaces, marks, river and file numbers.
fn furniture(orientation: Color) -> Html {
    let x = |col: f64| crate::text::figures::percent(col + 0.5, 9.0);
    let y = |row: f64| crate::text::figures::percent(row + TOP_LINE, HEIGHT_CELLS);
    let mut parts: Vec<Html> = Vec::new();
    for row in 0..10 {
        let style = format!(
            "left:{};top:{};width:{}",
            x(0.0),
            y(row as f64),
            crate::text::figures::percent(8.0, 9.0)
        );
        parts.push(html! { <div class="line h" {style} /> });
    }
    for col in 0..9 {
        let spans: &[(f64, f64)] = if col == 0 || col == 8 {
            &[(0.0, 9.0)]
        } else {
            &[(0.0, 4.0), (5.0, 9.0)]
        };
        for &(a, b) in spans {
            let style = format!(
                "left:{};top:{};height:{}",
                x(col as f64),
                y(a),
                crate::text::figures::percent(b - a, HEIGHT_CELLS)
            );
            parts.push(html! { <div class="line v" {style} /> });
        }
    }
    for top in [0.0, 7.0] {
        let style = format!(
            "left:{};top:{};width:{};height:{}",
            x(3.0),
            y(top),
            crate::text::figures::percent(2.0, 9.0),
            crate::text::figures::percent(2.0, HEIGHT_CELLS)
        );
        parts.push(html! { <div class="palace" {style} /> });
    }
    // Position marks on the cannons' and soldiers' starting points.
    let marks = [(1, 2), (7, 2), (1, 7), (7, 7)]
        .into_iter()
        .chain([0, 2, 4, 6, 8].into_iter().flat_map(|c| [(c, 3), (c, 6)]));
    for (col, row) in marks {
        let style = format!("left:{};top:{}", x(col as f64), y(row as f64));
        let left = col > 0;
        let right = col < 8;
        parts.push(html! {
            <div class="mark" {style}>
                if left { <i class="tl" /><i class="bl" /> }
                if right { <i class="tr" /><i class="br" /> }
            </div>
        });
    }
    let river = format!(
        "top:{};height:{}",
        y(4.0),
        crate::text::figures::percent(1.0, HEIGHT_CELLS)
    );
    parts.push(html! {
        <div class="river" style={river}>
            <span lang="zh-Hant">{"楚　河"}</span>
            <span lang="zh-Hant">{"漢　界"}</span>
        </div>
    });
    let frame = format!(
        "left:{};top:{};width:{};height:{}",
        crate::text::figures::percent(0.5 - 0.14, 9.0),
        crate::text::figures::percent(TOP_LINE - 0.14, HEIGHT_CELLS),
        crate::text::figures::percent(8.28, 9.0),
        crate::text::figures::percent(9.28, HEIGHT_CELLS)
    );
    parts.push(html! { <div class="frame" style={frame} /> });
    // File numbers: each side counts from its own right, Red in Chinese numerals (in English
    // the style sheet shows Red's as digits too, from `data-n`, as WXF writes them).
    const RED: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    const BLACK: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    for col in 0..9usize {
        let file = match orientation {
            Color::Red => col,
            Color::Black => 8 - col,
        };
        let left = x(col as f64);
        let top = format!("left:{left};top:0");
        let bottom = format!("left:{left};bottom:0");
        // Each side's numbers run along its own edge.
        let (red_edge, black_edge) = match orientation {
            Color::Red => (bottom, top),
            Color::Black => (top, bottom),
        };
        parts.push(html! { <span class="fileno black-no" style={black_edge}>{BLACK[file]}</span> });
        parts.push(html! { <span class="fileno red-no" style={red_edge} data-n={BLACK[8 - file]}>{RED[file]}</span> });
    }
    html! { <div class="furniture" aria-hidden="true">{ for parts }</div> }
}

/// The board with its pieces.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let node = use_node_ref();
    let drag = use_state(|| None::<Drag>);
    let orientation = props.orientation;

    // The point under a pointer, from the board's geometry (pieces may be in the way).
    let locate = {
        let node = node.clone();
        move |x: f64, y: f64| -> Option<Square> {
            let el: Element = node.cast()?;
            let rect = el.get_bounding_client_rect();
            let cell = rect.width() / 9.0;
            let col = ((x - rect.left()) / cell).floor() as i32;
            let row = ((y - rect.top()) / cell - (TOP_LINE - 0.5)).floor() as i32;
            square_at(col, row, orientation)
        }
    };

    let on_pointer_down = {
        let drag = drag.clone();
        let locate = locate.clone();
        let node = node.clone();
        let props = props.clone();
        Callback::from(move |e: PointerEvent| {
            if e.button() != 0 {
                return;
            }
            let Some(sq) = locate(e.client_x() as f64, e.client_y() as f64) else {
                return;
            };
            let to = props.selected.map_or(&[][..], |from| props.dests.get(from));
            if props.dests.movable(sq) && !to.contains(&sq) {
                e.prevent_default();
                if let Some(el) = node.cast::<Element>() {
                    let _ = el.set_pointer_capture(e.pointer_id());
                }
                let was_selected = props.selected == Some(sq);
                if !was_selected {
                    props.on_click.emit(sq);
                }
                drag.set(Some(Drag {
                    from: sq,
                    pointer: e.pointer_id(),
                    start: (e.client_x() as f64, e.client_y() as f64),
                    offset: (0.0, 0.0),
                    moving: false,
                    was_selected,
                }));
            } else {
                props.on_click.emit(sq);
            }
        })
    };

    let on_pointer_move = {
        let drag = drag.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(mut d) = *drag else { return };
            if d.pointer != e.pointer_id() {
                return;
            }
            let offset = (
                e.client_x() as f64 - d.start.0,
                e.client_y() as f64 - d.start.1,
            );
            d.moving |= offset.0.hypot(offset.1) > DRAG_THRESHOLD_PX;
            d.offset = offset;
            drag.set(Some(d));
        })
    };

    let on_pointer_up = {
        let drag = drag.clone();
        let props = props.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(d) = *drag else { return };
            if d.pointer != e.pointer_id() {
                return;
            }
            drag.set(None);
            if d.moving {
                let to = locate(e.client_x() as f64, e.client_y() as f64);
                props.on_drop.emit((d.from, to));
            } else if d.was_selected {
                // A second tap on the picked-up piece puts it down.
                props.on_click.emit(d.from);
            }
        })
    };

    let on_pointer_cancel = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.set(None))
    };

    let on_key = props.on_key.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| on_key.emit(e));

    let dragging = drag.filter(|d| d.moving);
    let destinations = props.selected.map_or(&[][..], |from| props.dests.get(from));
    let points = Square::all().map(|sq| {
        let (col, row) = screen_cell(sq, orientation);
        let end = |m: Option<Move>| {
            m.and_then(|m| match sq {
                s if s == m.from() => Some("from"),
                s if s == m.to() => Some("to"),
                _ => None,
            })
        };
        let mark = Mark {
            selected: props.selected == Some(sq),
            destination: destinations.contains(&sq),
            cursor: props.cursor == sq,
            check: props.check == Some(sq),
            last: end(props.last),
            hint: end(props.hint),
        };
        let drag_offset = dragging.filter(|d| d.from == sq).map(|d| d.offset);
        let arrive = props.animate.filter(|(m, _)| m.to() == sq).map(|(m, key)| {
            let (fc, fr) = screen_cell(m.from(), orientation);
            (
                f64::from(fc) - f64::from(col),
                f64::from(fr) - f64::from(row),
                key,
            )
        });
        html! {
            <Point
                key={sq.index()}
                square={sq}
                piece={props.pieces[sq.index()]}
                mark={mark}
                lang={props.lang}
                drag_offset={drag_offset.map(|(x, y)| (x as i32, y as i32))}
                arrive={arrive.map(|(x, y, k)| ((x * 100.0) as i32, (y * 100.0) as i32, k))}
            />
        }
    });

    let mut class = classes!("board");
    if dragging.is_some() {
        class.push("dragging");
    }
    html! {
        <div
            ref={node}
            {class}
            role="application"
            aria-roledescription="Xiangqi board"
            aria-label={props.lang.t(
                "Board. Arrow keys move the cursor, Enter or Space picks up and drops a piece.",
                "棋盘。方向键移动光标，回车或空格拿起和放下棋子。",
            )}
            aria-activedescendant={format!("pt-{}", props.cursor)}
            tabindex="0"
            data-orientation={orientation.name()}
            data-pieces={props.piece_set.key()}
            onpointerdown={on_pointer_down}
            onpointermove={on_pointer_move}
            onpointerup={on_pointer_up}
            onpointercancel={on_pointer_cancel}
            {onkeydown}
        >
            <Furniture {orientation} />
            if props.points {
                { for points }
            }
            if !props.arrows.is_empty() {
                { arrows(&props.arrows, orientation) }
            }
        </div>
    }
}
