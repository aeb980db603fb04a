//! The clocks of a timed game (`data-testid="clock-red"` and `"clock-black"`): each side's
//! time left, the running one lit, in tenths under ten seconds and red when low.
//!
//! The app draws them when the state changes; between changes the page's script
//! (`www/page.js`) counts the running one down from its `data-left` and `data-since`, ten
//! times a second, without drawing the app again, and raises the clocks' alarm
//! ([`crate::hooks::use_clock_alarm`]) when the time falls under ten seconds or runs out. A
//! component with a timer of its own would cost the first load some 3 KB (gzip).

use crate::model::clock::{now_ms, LOW_MS};
use crate::model::{Clock, State};
use crate::text::figures::clock_time;
use crate::text::i18n::Lang;
use xiangqi::Color;
use yew::prelude::*;

/// The two clocks, the side at the top of the board first.
pub fn clocks(clock: &Clock, state: &State) -> Html {
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
    let orientation = settings.orientation();
    html! {
        <div class="clocks" data-testid="clocks" data-paused={clock.paused().then_some("")}>
            { one(!orientation) }
            { one(orientation) }
            if clock.paused() {
                <span class="paused">{lang.t("paused", "已暂停")}</span>
            }
        </div>
    }
}
