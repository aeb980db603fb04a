//! The page's live region for the game (`data-testid="announcer"`, visually hidden): the move
//! that led to the position shown, in words ("Red: cannon to e2, check", see `text/announce.rs`),
//! and at the end of the game the result banner's text. Its text depends on the game, the ply
//! shown and the ending only, so it changes once a move (twice when a clock runs out after
//! it), never while the computer thinks: the status bar's figures stay outside any live region.

use yew::prelude::*;

/// The live region with `text`: present, empty, from the first render, so that a screen
/// reader hears its first change.
pub fn announcer(text: &str) -> Html {
    html! {
        <div class="visually-hidden" data-testid="announcer" aria-live="polite" aria-atomic="true">
            {text.to_string()}
        </div>
    }
}
