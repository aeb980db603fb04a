//! The steps in which the puzzle view is first drawn, each once a frame has shown the one
//! before (see `puzzle.rs`), and the hidden samples of type drawn in the quiet ones: the
//! browser's first layout of a font is its slowest, so each font is first laid out in a frame
//! with little else.

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

/// A hidden line in the type that a later step needs: the river's before the board's lines,
/// the panel's bold and fixed-width type (Latin and Chinese) with the board's points. The
/// browser's first layout of a font is its slowest; this puts it in a frame with little else.
pub fn font_samples(drawn: Drawn) -> Html {
    let sample = match drawn {
        Drawn::Type => html! { <span class="river">{"楚河漢界"}</span> },
        Drawn::Board => html! { <><b>{"Aa 谜题"}</b><code>{"4kab2/9 w"}</code></> },
        _ => return Html::default(),
    };
    hidden_sample(sample)
}

/// A sample of type, laid out but neither seen nor read aloud.
pub fn hidden_sample(sample: Html) -> Html {
    html! { <div class="font-samples" aria-hidden="true">{ sample }</div> }
}
