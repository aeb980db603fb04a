//! The clocks of a timed game (`data-testid="clock-red"` and `"clock-black"`): each side's
//! time left, counting down for the side to move, in tenths under ten seconds, red when low
//! (and a warning sound for a person's clock, if sounds are on). When the running side's time
//! is out it asks the state to look ([`Action::ClockTick`]), which ends the game.

use crate::i18n::Lang;
use crate::model::clock::{display, now_ms, LOW_MS};
use crate::model::{Action, Flag};
use crate::sound::{self, Sound};
use gloo_timers::callback::Interval;
use xiangqi::Color;
use yew::prelude::*;

/// What the clocks show.
#[derive(Properties, PartialEq, Clone)]
pub struct ClocksProps {
    /// Each side's time left (Red's, Black's) when its clock last stopped or started.
    pub left: [u64; 2],
    /// The side whose clock runs, and since when (`Date.now()` milliseconds).
    pub running: Option<(Color, u64)>,
    /// Both clocks are paused (analysis, review, editor).
    pub paused: bool,
    /// The time ran out.
    pub flag: Option<Flag>,
    /// The side at the bottom of the board: its clock is drawn second.
    pub orientation: Color,
    /// The sides whose low time is warned of with a sound (a person's, with sounds on).
    pub warn: [bool; 2],
    /// Where the time-out check goes.
    pub dispatch: Callback<Action>,
    /// The page's language.
    pub lang: Lang,
}

/// `color`'s time left at `now`.
fn left_at(props: &ClocksProps, color: Color, now: u64) -> u64 {
    let left = props.left[color.index()];
    match props.running {
        Some((c, since)) if c == color => left.saturating_sub(now.saturating_sub(since)),
        _ => left,
    }
}

/// The two clocks.
#[function_component(Clocks)]
pub fn clocks(props: &ClocksProps) -> Html {
    let update = use_force_update();
    // Which sides were warned of low time already (once each, until their time is up again).
    let warned = use_mut_ref(|| [false; 2]);
    {
        let props = props.clone();
        let warned = warned.clone();
        use_effect_with((props.running, props.left), move |_| {
            let interval = props.running.map(|(side, _)| {
                Interval::new(100, move || {
                    let left = left_at(&props, side, now_ms());
                    let mut w = warned.borrow_mut();
                    if left < LOW_MS && !w[side.index()] && props.warn[side.index()] {
                        sound::play(Sound::Low);
                    }
                    w[side.index()] = left < LOW_MS;
                    if left == 0 {
                        props.dispatch.emit(Action::ClockTick);
                    }
                    update.force_update();
                })
            });
            move || drop(interval)
        });
    }
    let now = now_ms();
    let lang = props.lang;
    let clock = |color: Color| {
        let ms = left_at(props, color, now);
        let running = props.running.is_some_and(|(c, _)| c == color);
        let out = props.flag.is_some_and(|f| f.side == color);
        let class = classes!(
            "clock",
            color.name(),
            running.then_some("running"),
            (ms < LOW_MS).then_some("low"),
            out.then_some("out")
        );
        let name = match lang {
            Lang::En => format!("{} clock", lang.side(color)),
            Lang::Zh => format!("{}时钟", lang.side(color)),
        };
        html! {
            <div {class} data-testid={format!("clock-{}", color.name())} role="timer"
                 aria-label={name} data-ms={ms.to_string()}
                 data-running={running.then_some("")} data-low={(ms < LOW_MS).then_some("")}>
                <span class="who">{lang.side(color)}</span>
                <span class="time">{display(ms)}</span>
            </div>
        }
    };
    html! {
        <div class="clocks" data-testid="clocks" data-paused={props.paused.then_some("")}>
            { clock(!props.orientation) }
            { clock(props.orientation) }
            if props.paused {
                <span class="paused">{lang.t("paused", "已暂停")}</span>
            }
        </div>
    }
}
