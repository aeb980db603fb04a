//! The pieces' legend (`data-testid="piece-legend"`): each piece in both sets, red and black,
//! with its name and how it moves, for a player learning the game or the symbols.

use crate::i18n::Lang;
use crate::model::PieceSet;
use xiangqi::{Color, Kind, Piece};
use yew::prelude::*;

/// A piece's name and how it moves, in the page's language.
fn describe(kind: Kind, lang: Lang) -> (&'static str, &'static str) {
    match (kind, lang) {
        (Kind::General, Lang::En) => ("General", "One point along a line, inside the palace. The two generals may never face each other on an open file."),
        (Kind::Advisor, Lang::En) => ("Advisor", "One point diagonally, inside the palace."),
        (Kind::Elephant, Lang::En) => ("Elephant", "Exactly two points diagonally, unless the point between is occupied. It never crosses the river."),
        (Kind::Horse, Lang::En) => ("Horse", "One point along a line, then one diagonally outwards, unless the point next to it is occupied."),
        (Kind::Chariot, Lang::En) => ("Chariot", "Any distance along a line, like a rook."),
        (Kind::Cannon, Lang::En) => ("Cannon", "Moves like a chariot; captures by jumping over exactly one piece."),
        (Kind::Soldier, Lang::En) => ("Soldier", "One point forward; once across the river, also one sideways."),
        (Kind::General, Lang::Zh) => ("帅 / 将", "在九宫内沿直线走一格；双方将帅不得在同一直线上直接照面。"),
        (Kind::Advisor, Lang::Zh) => ("仕 / 士", "在九宫内斜走一格。"),
        (Kind::Elephant, Lang::Zh) => ("相 / 象", "斜走两格（田字），田心有子则不能走（塞象眼），不能过河。"),
        (Kind::Horse, Lang::Zh) => ("马", "先直走一格再斜走一格（日字），紧邻处有子则不能走（蹩马腿）。"),
        (Kind::Chariot, Lang::Zh) => ("车", "沿直线走任意格。"),
        (Kind::Cannon, Lang::Zh) => ("炮", "走法同车；吃子时须隔一个棋子（炮架）。"),
        (Kind::Soldier, Lang::Zh) => ("兵 / 卒", "向前走一格；过河后也可横走一格。"),
    }
}

/// A piece drawn as the board draws it, in `set`.
fn disc(piece: Piece, set: PieceSet) -> Html {
    html! {
        <span class="set" data-pieces={set.key()}>
            <span class={classes!("piece", piece.color.name())} data-piece={piece.fen_char().to_string()}>
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
