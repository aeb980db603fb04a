//! The clocks of a timed game (`data-testid="clock-red"` and `"clock-black"`): each side's
//! time left, the running one lit, in tenths under ten seconds and red when low.
//!
//! The app draws them when the state changes; between changes the page's ticker (a few lines
//! in `index.html`) counts the running one down from its `data-left` and `data-since`, ten
//! times a second, without drawing the app again. When the running side's time is out, or
//! falls under ten seconds, the ticker presses the hidden `clock-tick` button: the state then
//! ends the game on time ([`Action::ClockTick`]), or the page sounds its warning. A component
//! with a timer of its own would cost the first load some 3 KB (gzip).

use crate::model::clock::{now_ms, LOW_MS};
use crate::model::{Action, Clock, State};
use crate::sound::{self, Sound};
use crate::text::figures::clock_time;
use crate::text::i18n::Lang;
use xiangqi::Color;
use yew::prelude::*;

/// The two clocks, the side at the top of the board first.
pub fn clocks(clock: &Clock, state: &State, dispatch: &Callback<Action>) -> Html {
    let settings = state.settings();
    let lang = settings.lang();
    let now = now_ms();
    let (left, running) = clock.snapshot();
    let one = |color: Color| {
        let ms = clock.left_at(color, now);
        let since = running.filter(|(c, _)| *c == color).map(|(_, t)| t);
        let out = clock.flag().is_some_and(|f| f.side == color);
        let name = match lang {
            Lang::En => format!("{} clock", lang.side(color)),
            Lang::Zh => format!("{}时钟", lang.side(color)),
        };
        html! {
            <div class={classes!("clock", color.name(), out.then_some("out"))}
                 data-testid={format!("clock-{}", color.name())} role="timer" aria-label={name}
                 data-ms={ms.to_string()} data-left={left[color.index()].to_string()}
                 data-since={since.map(|t| t.to_string())} data-running={since.map(|_| "")}
                 data-low={(ms < LOW_MS).then_some("")}>
                <span class="who">{lang.side(color)}</span>
                <span class="time" data-text={clock_time(ms)} />
            </div>
        }
    };
    // The ticker's button: the game ends if the time is out; a person's clock under ten
    // seconds sounds a warning, if sounds are on.
    let on_tick = {
        let d = dispatch.clone();
        let warn = running
            .map(|(c, _)| c)
            .filter(|&c| !settings.muted() && !settings.is_computer(c));
        let clock = clock.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(side) = warn {
                let left = clock.left_at(side, now_ms());
                if left > 0 && left < LOW_MS {
                    sound::play(Sound::Low);
                }
            }
            d.emit(Action::ClockTick);
        })
    };
    let orientation = settings.orientation();
    html! {
        <div class="clocks" data-testid="clocks" data-paused={clock.paused().then_some("")}>
            { one(!orientation) }
            { one(orientation) }
            if clock.paused() {
                <span class="paused">{lang.t("paused", "已暂停")}</span>
            }
            <button type="button" data-action="clock-tick" hidden=true tabindex="-1" onclick={on_tick} />
        </div>
    }
}
