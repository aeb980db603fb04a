//! The pieces' legend (`data-testid="piece-legend"`): each piece in both sets, red and black,
//! with its name and how it moves, for a player learning the game or the symbols.

use crate::model::PieceSet;
use crate::text::i18n::Lang;
use xiangqi::{Color, Kind, Piece};
use yew::prelude::*;

/// A piece's name and how it moves, in the page's language.
fn describe(kind: Kind, lang: Lang) -> (&'static str, &'static str) {
    match (kind, lang) {
        (Kind::General, Lang::En) => ("General", "One point straight, inside the palace; never facing the other general on an open file."),
        (Kind::Advisor, Lang::En) => ("Advisor", "One point diagonally, inside the palace."),
        (Kind::Elephant, Lang::En) => ("Elephant", "Two points diagonally, not over a piece; never across the river."),
        (Kind::Horse, Lang::En) => ("Horse", "One point straight, then one diagonally outwards; blocked by a piece beside it."),
        (Kind::Chariot, Lang::En) => ("Chariot", "Any distance in a straight line."),
        (Kind::Cannon, Lang::En) => ("Cannon", "Moves like a chariot; captures by jumping over exactly one piece."),
        (Kind::Soldier, Lang::En) => ("Soldier", "One point forward; across the river, also sideways."),
        (Kind::General, Lang::Zh) => ("帅 / 将", "九宫内直走一格；将帅不能照面。"),
        (Kind::Advisor, Lang::Zh) => ("仕 / 士", "九宫内斜走一格。"),
        (Kind::Elephant, Lang::Zh) => ("相 / 象", "斜走田字，塞象眼不能走，不能过河。"),
        (Kind::Horse, Lang::Zh) => ("马", "走日字，蹩马腿不能走。"),
        (Kind::Chariot, Lang::Zh) => ("车", "直线走任意格。"),
        (Kind::Cannon, Lang::Zh) => ("炮", "走法同车，隔一子吃子。"),
        (Kind::Soldier, Lang::Zh) => ("兵 / 卒", "向前走一格，过河后也可横走。"),
    }
}

/// A piece drawn as the board draws it, in `set` (its letter in `data-glyph`: `data-piece`
/// belongs to the board's pieces).
fn disc(piece: Piece, set: PieceSet) -> Html {
    html! {
        <span class="set" data-pieces={set.key()}>
            <span class={classes!("piece", piece.color.name())} data-glyph={piece.fen_char().to_string()}>
                <span class="glyph">{piece.chinese_char()}</span>
            </span>
        </span>
    }
}

/// The legend, closed until opened.
pub fn legend(lang: Lang) -> Html {
    let rows = Kind::ALL.iter().map(|&kind| {
        let (name, moves) = describe(kind, lang);
        let pieces = [PieceSet::Traditional, PieceSet::International].map(|set| {
            html! {
                <span class="pair">
                    { disc(Piece::new(Color::Red, kind), set) }
                    { disc(Piece::new(Color::Black, kind), set) }
                </span>
            }
        });
        html! {
            <li data-kind={kind.name()}>
                { for pieces }
                <span class="what"><b>{name}</b>{" "}{moves}</span>
            </li>
        }
    });
    html! {
        <details class="legend" data-testid="piece-legend">
            <summary>{lang.t("Pieces and how they move", "棋子与走法")}</summary>
            <ul>{ for rows }</ul>
        </details>
    }
}
