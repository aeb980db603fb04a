//! The steps in which the puzzle view is first drawn, each once a frame has shown the one
//! before (see `puzzle.rs`), and the hidden samples of type drawn in the quiet ones: the
//! browser's first layout of a font is its slowest, so each font is first laid out in a frame
//! with little else.

use crate::model::PieceSet;
use yew::prelude::*;

/// How much of the view is drawn, in the order it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Drawn {
    /// The board's place, and a sample of the river's type.
    Type,
    /// The board's lines.
    Frame,
    /// The board, with no pieces.
    Board,
    /// The board and its pieces.
    Pieces,
    /// The whole view: the panel too.
    All,
}

impl Drawn {
    /// The step after this one.
    pub fn next(self) -> Drawn {
        match self {
            Drawn::Type => Drawn::Frame,
            Drawn::Frame => Drawn::Board,
            Drawn::Board => Drawn::Pieces,
            Drawn::Pieces | Drawn::All => Drawn::All,
        }
    }

    /// As the view's `data-drawn`.
    pub fn key(self) -> &'static str {
        match self {
            Drawn::Type => "type",
            Drawn::Frame => "frame",
            Drawn::Board => "board",
            Drawn::Pieces => "pieces",
            Drawn::All => "all",
        }
    }
}

/// Hidden lines in the type that the panel needs, drawn with the board's points: each size and
/// weight of the panel's text (Latin and Chinese), and its fixed-width type. The browser's
/// first layout of a font at a size is its slowest (the font is looked up again for each
/// size); this puts it in a frame with little else.
pub fn font_samples(drawn: Drawn) -> Html {
    /// The panel's sizes, in px, of its regular and its bold type.
    const REGULAR: [u32; 4] = [12, 13, 14, 16];
    const BOLD: [u32; 3] = [12, 16, 18];
    let line = |size: u32| format!("font-size:{size}px");
    match drawn {
        Drawn::Board => hidden_sample(html! {
            <>
                { for REGULAR.iter().map(|&s| html! { <span style={line(s)}>{"Aa 谜题"}</span> }) }
                { for BOLD.iter().map(|&s| html! { <b style={line(s)}>{"Aa 谜题"}</b> }) }
                <code style={line(12)}>{"4kab2/9 w"}</code>
            </>
        }),
        _ => Html::default(),
    }
}

/// Hidden samples of the board's own type, drawn in the board's place (`.board-wrap`) inside a
/// container as wide as the board, so that their sizes (in `cqw`) come out as the board's
/// and each font is laid out at the very size the board needs: the river's and the file
/// numbers' before the board's lines, the pieces' characters with the board's lines.
pub fn board_samples(drawn: Drawn, pieces: PieceSet) -> Html {
    let sample = match drawn {
        Drawn::Type => html! {
            <>
                <div class="river"><span lang="zh-Hant">{"楚　河"}</span></div>
                <span class="fileno black-no">{"1"}</span>
                <span class="fileno red-no" data-n="9">{"一"}</span>
            </>
        },
        Drawn::Frame if pieces == PieceSet::Traditional => html! {
            <span class="piece red"><span class="glyph">{"帥"}</span></span>
        },
        _ => return Html::default(),
    };
    html! { <div class="font-samples board-samples" aria-hidden="true">{ sample }</div> }
}

/// A sample of type, laid out but neither seen nor read aloud.
pub fn hidden_sample(sample: Html) -> Html {
    html! { <div class="font-samples" aria-hidden="true">{ sample }</div> }
}
