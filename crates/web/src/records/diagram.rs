//! A diagram of a position as a self-contained SVG image: the board with its lines, palaces,
//! river and file numbers, the pieces, the last move's two points, optional arrows, and a
//! caption with the side to move and the move number. Drawn here from the position alone, with
//! no image or font fetched (the pieces' characters use the reader's own serif CJK font), so
//! the same text is the `view=diagram` page, the downloaded SVG, and the source of the PNG.
//! Pure, tested natively.
//!
//! ```
//! use xiangqi_web::records::diagram::{svg, Diagram};
//! use xiangqi_web::text::i18n::Lang;
//! use xiangqi::Position;
//! let image = svg(&Diagram::of(&Position::start(), None, Lang::En));
//! assert!(image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(image.matches("data-piece=").count(), 32);
//! assert!(image.contains("Red to move · move 1"));
//! ```

use crate::model::lang::Lang;
use crate::model::view::screen_cell;
use xiangqi::{Color, Move, Piece, Position, Square};

/// The distance between two lines, in the image's units (pixels at 1x).
const CELL: i32 = 48;
/// The margin around the lines, wide enough for the file numbers.
const MARGIN: i32 = 44;
/// The band under the board for the caption.
const CAPTION: i32 = 40;
/// The image's width and height at 1x.
pub const WIDTH: i32 = 8 * CELL + 2 * MARGIN;
/// See [`WIDTH`].
pub const HEIGHT: i32 = 9 * CELL + 2 * MARGIN + CAPTION;

/// What a diagram shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// The piece on each point, by [`Square::index`].
    pub pieces: Vec<Option<Piece>>,
    /// The side drawn at the bottom.
    pub orientation: Color,
    /// The move that led here, marked on its two points.
    pub last: Option<Move>,
    /// Moves drawn as arrows (a hint, a better move).
    pub arrows: Vec<Move>,
    /// The side to move.
    pub turn: Color,
    /// The move number.
    pub fullmoves: u32,
    /// The caption's language.
    pub lang: Lang,
}

impl Diagram {
    /// The diagram of `pos` seen from Red, with `last` marked, captioned in `lang`.
    pub fn of(pos: &Position, last: Option<Move>, lang: Lang) -> Diagram {
        Diagram {
            pieces: Square::all().map(|sq| pos.piece_at(sq)).collect(),
            orientation: Color::Red,
            last,
            arrows: Vec::new(),
            turn: pos.turn(),
            fullmoves: pos.fullmoves(),
            lang,
        }
    }
}

/// The centre of `sq` in image units.
fn centre(sq: Square, orientation: Color) -> (i32, i32) {
    let (col, row) = screen_cell(sq, orientation);
    (
        MARGIN + i32::from(col) * CELL,
        MARGIN + i32::from(row) * CELL,
    )
}

/// The SVG text of `d`.
pub fn svg(d: &Diagram) -> String {
    let mut out = String::with_capacity(12_000);
    let (w, h) = (WIDTH, HEIGHT);
    let lang = d.lang;
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         role=\"img\" aria-label=\"{}\" font-family=\"'Noto Serif CJK SC','Noto Serif CJK TC','Source Han Serif','Songti SC',STSong,SimSun,serif\">",
        lang.t("Xiangqi diagram", "象棋局面图")
    ));
    out.push_str(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"#fffaf0\"/>\
         <rect x=\"6\" y=\"6\" width=\"{}\" height=\"{}\" rx=\"10\" fill=\"#e9c88b\" stroke=\"#c29a5b\"/>",
        w - 12,
        h - 6 - CAPTION
    ));
    // The lines: ten ranks, the two edge files whole, the others broken by the river.
    out.push_str(
        "<g stroke=\"#4e3014\" stroke-width=\"1.6\" stroke-linecap=\"square\" fill=\"none\">",
    );
    let (left, right, top, bottom) = (MARGIN, MARGIN + 8 * CELL, MARGIN, MARGIN + 9 * CELL);
    for r in 0..10 {
        let y = top + r * CELL;
        out.push_str(&format!("<path d=\"M{left} {y}H{right}\"/>"));
    }
    for f in 0..9 {
        let x = left + f * CELL;
        if f == 0 || f == 8 {
            out.push_str(&format!("<path d=\"M{x} {top}V{bottom}\"/>"));
        } else {
            let river = top + 4 * CELL;
            out.push_str(&format!(
                "<path d=\"M{x} {top}V{river}M{x} {}V{bottom}\"/>",
                river + CELL
            ));
        }
    }
    // The palaces' diagonals.
    for (r0, r1) in [(0, 2), (7, 9)] {
        let (x0, x1) = (left + 3 * CELL, left + 5 * CELL);
        let (y0, y1) = (top + r0 * CELL, top + r1 * CELL);
        out.push_str(&format!(
            "<path d=\"M{x0} {y0}L{x1} {y1}M{x1} {y0}L{x0} {y1}\"/>"
        ));
    }
    out.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke-width=\"3\"/></g>",
        left - 5,
        top - 5,
        8 * CELL + 10,
        9 * CELL + 10
    ));
    // The river's words.
    let river_y = top + 4 * CELL + CELL / 2 + 9;
    out.push_str(&format!(
        "<g fill=\"#6b4520\" font-size=\"26\" font-weight=\"600\" text-anchor=\"middle\">\
         <text x=\"{}\" y=\"{river_y}\">楚 河</text><text x=\"{}\" y=\"{river_y}\">漢 界</text></g>",
        left + 2 * CELL,
        left + 6 * CELL
    ));
    // File numbers: Red's from the right in Chinese numerals at its side, Black's in digits.
    const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
    out.push_str("<g fill=\"#6b4520\" font-size=\"15\" text-anchor=\"middle\">");
    for f in 0..9u8 {
        let red = RED_FILES[usize::from(f)];
        let black = (f + 1).to_string();
        let (bottom_text, top_text) = match d.orientation {
            Color::Red => (red.to_string(), black),
            Color::Black => (
                (9 - f).to_string(),
                RED_FILES[usize::from(8 - f)].to_string(),
            ),
        };
        let x = left + i32::from(f) * CELL;
        out.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\">{top_text}</text><text x=\"{x}\" y=\"{}\">{bottom_text}</text>",
            top - 24,
            bottom + 39
        ));
    }
    out.push_str("</g>");
    // The last move: a ring on the point it left; the piece that arrived gets its own ring
    // (drawn with the pieces).
    if let Some(m) = d.last {
        let (fx, fy) = centre(m.from(), d.orientation);
        out.push_str(&format!(
            "<circle data-last=\"{m}\" cx=\"{fx}\" cy=\"{fy}\" r=\"12\" fill=\"none\" stroke=\"#0060c8\" stroke-width=\"3\" stroke-opacity=\"0.85\"/>"
        ));
    }
    // The pieces.
    for sq in Square::all() {
        let Some(p) = d.pieces.get(sq.index()).copied().flatten() else {
            continue;
        };
        let (x, y) = centre(sq, d.orientation);
        let ink = match p.color {
            Color::Red => "#b3161c",
            Color::Black => "#1e1b18",
        };
        out.push_str(&format!(
            "<g data-piece=\"{}\" data-square=\"{sq}\">\
             <circle cx=\"{x}\" cy=\"{}\" r=\"21\" fill=\"#7a5226\" fill-opacity=\"0.35\"/>\
             <circle cx=\"{x}\" cy=\"{y}\" r=\"21\" fill=\"#f7e4bd\" stroke=\"#b88a4e\" stroke-width=\"1.5\"/>\
             <circle cx=\"{x}\" cy=\"{y}\" r=\"17\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1.4\"/>\
             <text x=\"{x}\" y=\"{}\" fill=\"{ink}\" font-size=\"24\" font-weight=\"700\" text-anchor=\"middle\">{}</text></g>",
            p.fen_char(),
            y + 2,
            y + 8,
            p.chinese_char()
        ));
        if d.last.is_some_and(|m| m.to() == sq) {
            out.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"24\" fill=\"none\" stroke=\"#0060c8\" stroke-width=\"3.5\"/>"
            ));
        }
    }
    // Arrows over everything.
    if !d.arrows.is_empty() {
        out.push_str(
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"3\" \
             markerHeight=\"3\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"#2f7d4f\"/></marker></defs>",
        );
        for m in &d.arrows {
            let (fx, fy) = centre(m.from(), d.orientation);
            let (tx, ty) = centre(m.to(), d.orientation);
            // Stop short of the target's centre so the head does not hide its piece.
            let (dx, dy) = (f64::from(tx - fx), f64::from(ty - fy));
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let ex = (f64::from(tx) - dx / len * 14.0).round() as i32;
            let ey = (f64::from(ty) - dy / len * 14.0).round() as i32;
            out.push_str(&format!(
                "<path data-arrow=\"{m}\" d=\"M{fx} {fy}L{ex} {ey}\" stroke=\"#2f7d4f\" stroke-width=\"8\" \
                 stroke-opacity=\"0.8\" stroke-linecap=\"round\" marker-end=\"url(#head)\"/>"
            ));
        }
    }
    // The caption.
    let caption = match lang {
        Lang::En => format!("{} to move · move {}", lang.side(d.turn), d.fullmoves),
        Lang::Zh => format!("{}走 · 第 {} 回合", lang.side(d.turn), d.fullmoves),
    };
    let dot = match d.turn {
        Color::Red => "#b3161c",
        Color::Black => "#1e1b18",
    };
    let cy = h - CAPTION / 2 - 4;
    out.push_str(&format!(
        "<g font-family=\"system-ui,'Noto Sans','Noto Sans CJK SC',sans-serif\" font-size=\"17\" fill=\"#2a2118\">\
         <circle cx=\"{}\" cy=\"{}\" r=\"7\" fill=\"{dot}\"/><text x=\"{}\" y=\"{cy}\" data-caption=\"\">{caption}</text></g>",
        MARGIN - 8,
        cy - 6,
        MARGIN + 6
    ));
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    #[test]
    fn the_image_has_every_piece_where_it_stands_and_the_marks() {
        let mut pos = Position::start();
        let m = parse_uci("h2e2").unwrap();
        pos.make_move(m);
        let mut d = Diagram::of(&pos, Some(m), Lang::Zh);
        d.arrows.push(parse_uci("h9g7").unwrap());
        let image = svg(&d);
        assert_eq!(image.matches("data-piece=").count(), 32);
        // Red's cannon now on e2: column 4, row 7 from the top.
        let (x, y) = (MARGIN + 4 * CELL, MARGIN + 7 * CELL);
        assert!(
            image.contains(&format!(
                "data-piece=\"C\" data-square=\"e2\"><circle cx=\"{x}\" cy=\"{}\"",
                y + 2
            )),
            "{image}"
        );
        assert!(image.contains("data-last=\"h2e2\""));
        assert!(image.contains("data-arrow=\"h9g7\""));
        assert!(image.contains("黑方走 · 第 1 回合"), "{image}");
        assert!(!image.contains("href"), "nothing fetched");
    }

    #[test]
    fn flipped_the_black_general_stands_at_the_bottom() {
        let pos = Position::start();
        let mut d = Diagram::of(&pos, None, Lang::En);
        let (x, y) = centre("e9".parse().unwrap(), Color::Red);
        assert_eq!((x, y), (MARGIN + 4 * CELL, MARGIN));
        d.orientation = Color::Black;
        let (x, y) = centre("e9".parse().unwrap(), Color::Black);
        assert_eq!((x, y), (MARGIN + 4 * CELL, MARGIN + 9 * CELL));
        assert!(svg(&d).contains(&format!(
            "data-square=\"e9\"><circle cx=\"{x}\" cy=\"{}\"",
            y + 2
        )));
    }

    #[test]
    fn the_text_is_well_formed() {
        // Every element opened is closed: a tag count that any XML reader would also check.
        let image = svg(&Diagram::of(&Position::start(), None, Lang::En));
        let opened = image.matches("<g").count() + image.matches("<text").count();
        let closed = image.matches("</g>").count() + image.matches("</text>").count();
        assert_eq!(opened, closed);
        assert!(image.ends_with("</svg>"));
    }
}
