//! A sound for each move as it is played: a move, a capture, a check or the end. Only when the
//! game grows by exactly one move, so the game restored on load and undo make no sound; never
//! in an embedded board, which has no mute switch and must not sound in someone's blog post.

use crate::model::State;
use crate::sound::{self, Sound};
use yew::prelude::*;

/// The sound for the game's last move, if it has one.
fn sound_for(state: &State) -> Option<Sound> {
    let game = state.game();
    if game.is_empty() {
        return None;
    }
    Some(if game.outcome().is_some() {
        Sound::End
    } else if game.position().in_check() {
        Sound::Check
    } else if state.view().captured {
        Sound::Capture
    } else {
        Sound::Move
    })
}

/// Plays the sound of a move when the game grows by one, unless muted or `embedded`.
#[hook]
pub fn use_sounds(state: &State, embedded: bool) {
    let seen = use_mut_ref(|| state.game().len());
    let next = sound_for(state).filter(|_| !embedded && !state.settings().muted());
    use_effect_with(state.game().len(), move |&len| {
        let before = std::mem::replace(&mut *seen.borrow_mut(), len);
        if len == before + 1 {
            if let Some(s) = next {
                sound::play(s);
            }
        }
    });
}
