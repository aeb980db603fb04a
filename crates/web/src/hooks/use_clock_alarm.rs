//! The clocks' alarm: `xiangqi:clock`, which the page's script (`www/page.js`) dispatches on
//! the document when the running clock falls under ten seconds or runs out, without drawing
//! the app in between. The state then ends the game on time ([`Action::ClockTick`]), and a
//! person's clock under ten seconds sounds a warning, if sounds are on.

use super::Page;
use crate::model::clock::{now_ms, LOW_MS};
use crate::model::Action;
use crate::sound::{self, Sound};
use yew::prelude::*;

/// Listens for the clocks' alarm for as long as the component lives, reading the state of the
/// latest render.
#[hook]
pub fn use_clock_alarm(state: &Page, dispatch: Callback<Action>) {
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let listener = document.map(|d| {
            gloo_events::EventListener::new(&d, "xiangqi:clock", move |_| {
                let state = latest.borrow();
                let settings = state.settings();
                let clock = state.clock();
                let running = clock.and_then(|c| c.snapshot().1).map(|(side, _)| side);
                let warn = running.filter(|&c| !settings.muted() && !settings.is_computer(c));
                if let (Some(clock), Some(side)) = (clock, warn) {
                    let left = clock.left_at(side, now_ms());
                    if left > 0 && left < LOW_MS {
                        sound::play(Sound::Low);
                    }
                }
                dispatch.emit(Action::ClockTick);
            })
        });
        move || drop(listener)
    });
}
