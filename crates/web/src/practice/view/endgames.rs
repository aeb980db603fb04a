//! The endgame drills: the list (one `[data-endgame]` per drill, marked `data-done` once won or
//! held), and a drill being played: the board against the computer defending with its full
//! search (the network, every worker) at level 25's two seconds a move, the goal and the moves
//! left (`endgame-moves-left`), and the outcome (`endgame-result` with `data-result`
//! `done` or `failed`), counted once per game in the practice record. The drill's game is not
//! kept: the person's game on the game page stays as it was.

use super::store::{load_progress, reload_progress, use_kept_progress};
use crate::browser;
use crate::components::announcer::announcer;
use crate::components::board_area::board_area;
use crate::components::play::{use_handlers, Play};
use crate::hooks::{use_unsaved_game, use_worker};
use crate::model::settings::Action as Set;
use crate::model::{game, Mode, Opening, PieceSet, Settings, State};
use crate::practice::drills::{drill, Drill, Goal, Standing, DRILLS};
use crate::practice::progress::Progress;
use crate::practice::text;
use crate::records::link::names::{query, ENDGAME, VIEW};
use crate::text::i18n::Lang;
use xiangqi::Game;
use yew::prelude::*;

/// The level the computer defends at: the full search, at two seconds a move.
const DRILL_LEVEL: u8 = 25;

/// What the drills' page shows.
#[derive(Properties, PartialEq, Clone)]
pub struct EndgamesProps {
    /// The page's language.
    pub lang: Lang,
    /// How pieces are drawn.
    pub pieces: PieceSet,
}

/// The drills' page: the list, or the drill being played.
#[function_component(Endgames)]
pub fn endgames(props: &EndgamesProps) -> Html {
    let first = use_memo((), |_| load_progress());
    let progress = use_state(|| first.0.clone());
    let chosen = use_state(|| {
        browser::url_params(&[ENDGAME])
            .pop()
            .and_then(|(_, id)| drill(&id))
    });
    {
        let id = chosen.map(|d| d.id);
        use_effect_with(id, move |id| match id {
            Some(id) => browser::set_query(&query(&[(VIEW, "endgames"), (ENDGAME, *id)])),
            None => browser::set_query(&query(&[(VIEW, "endgames")])),
        });
    }
    let lang = props.lang;
    let kept = use_kept_progress(&progress, first.1.clone(), lang);
    if let Some(d) = *chosen {
        let on_done = {
            let progress = progress.clone();
            Callback::from(move |(id, done): (&'static str, bool)| {
                // The record as kept now (the puzzle page may have written it meanwhile).
                let mut p: Progress = reload_progress().unwrap_or_else(|| (*progress).clone());
                p.record_drill(id, done);
                progress.set(p);
            })
        };
        let on_back = {
            let chosen = chosen.clone();
            Callback::from(move |_: MouseEvent| chosen.set(None))
        };
        return html! {
            <>
                { kept }
                <DrillGame key={d.id} drill={d} {lang} pieces={props.pieces} {on_done} {on_back} />
            </>
        };
    }
    let done = DRILLS.iter().filter(|d| progress.drill_done(d.id)).count();
    html! {
        <main class="endgames" data-testid="endgames">
            <h2>{lang.t("Endgame drills", "实用残局练习")}</h2>
            <p class="endgames-intro">
                {format!("{} {done} / {}", lang.t("Play each against the computer. Done:", "与电脑对弈练习。已完成："), DRILLS.len())}
            </p>
            { kept }
            <ol class="drills">
                { for DRILLS.iter().map(|d| {
                    let record = progress.drills.get(d.id).copied().unwrap_or_default();
                    let open = {
                        let chosen = chosen.clone();
                        Callback::from(move |_: MouseEvent| chosen.set(Some(d)))
                    };
                    html! {
                        <li data-endgame={d.id} data-done={record.done.to_string()}>
                            <button type="button" data-action="endgame-open" onclick={open}>
                                <span class="drill-name">{lang.t(d.en, d.zh)}</span>
                                <span class="drill-goal">{text::goal(d.goal, d.moves, lang)}</span>
                                <span class="drill-mark" aria-label={if record.done { lang.t("done", "已完成") } else { lang.t("not done yet", "未完成") }}>
                                    {if record.done { "✓" } else if record.tries > 0 { "·" } else { "" }}
                                </span>
                            </button>
                        </li>
                    }
                }) }
            </ol>
        </main>
    }
}

/// What a drill being played needs.
#[derive(Properties, PartialEq, Clone)]
pub struct DrillProps {
    /// The drill.
    pub drill: &'static Drill,
    /// The page's language.
    pub lang: Lang,
    /// How pieces are drawn.
    pub pieces: PieceSet,
    /// Told once per game how it went: the drill's id, and whether it was done.
    pub on_done: Callback<(&'static str, bool)>,
    /// Back to the list.
    pub on_back: Callback<MouseEvent>,
}

/// The state a drill opens with: its position, the person on the side to move against the
/// computer.
fn drill_state(d: &Drill, lang: Lang, pieces: PieceSet) -> State {
    let pos = d.position();
    let settings = Settings::default()
        .with(Set::SetMode(Mode::Computer))
        .with(Set::SetSide(pos.turn()))
        .with(Set::SetLevel(DRILL_LEVEL))
        .with(Set::SetLang(lang))
        .with(Set::SetPieces(pieces));
    State::new(Opening {
        game: Game::from_position(pos),
        settings,
        ..Opening::default()
    })
}

/// A drill being played.
#[function_component(DrillGame)]
pub fn drill_game(props: &DrillProps) -> Html {
    let (d, lang) = (props.drill, props.lang);
    let pieces = props.pieces;
    let (state, dispatch) = use_unsaved_game(move || drill_state(d, lang, pieces));
    use_worker(&state, dispatch.clone(), true);
    let standing = d.standing(state.game());
    // Counted once per game: the game's id, once it is over.
    {
        let on_done = props.on_done.clone();
        let over = !matches!(standing, Standing::Playing(_));
        use_effect_with((state.history().id(), over), move |&(_, over)| {
            if over {
                on_done.emit((d.id, standing == Standing::Done));
            }
        });
    }
    // Out of moves with the game still on: the board takes no more moves.
    let stopped = state.game().outcome().is_none() && !matches!(standing, Standing::Playing(_));
    let handlers = use_handlers(&dispatch, state.cursor(), stopped);
    let play = Play::new(&state, &dispatch, &handlers, false, stopped);
    let retry = dispatch.reform(|_: MouseEvent| game::Action::New.into());
    let thinking = state.thinking();
    html! {
        <main class="play drill" data-testid="endgame" data-endgame={d.id}>
            { announcer(&play.spoken()) }
            { board_area(&play) }
            <aside class="panel drill-panel">
                <h2>{lang.t(d.en, d.zh)}</h2>
                <p class="drill-goal">
                    {text::goal(d.goal, d.moves, lang)}{" · "}
                    {format!("{} {}", lang.t("You play", "你执"), text::side(d.position().turn(), lang))}
                </p>
                <p class="drill-status" role="status" aria-live="polite">
                    if let Standing::Playing(left) = standing {
                        <span data-testid="endgame-moves-left" data-left={left.to_string()}>
                            {format!("{} {left}", lang.t("Moves left:", "剩余步数："))}
                        </span>
                        if thinking { {" · "}{lang.t("The computer is thinking…", "电脑思考中…")} }
                    } else {
                        <span data-testid="endgame-result" data-result={if standing == Standing::Done { "done" } else { "failed" }}>
                            { match (standing, d.goal) {
                                (Standing::Done, Goal::Win) => lang.t("Won! Drill done.", "胜利！本题完成。"),
                                (Standing::Done, Goal::Draw) => lang.t("Held! Drill done.", "守和成功！本题完成。"),
                                _ => lang.t("Not this time. Try again.", "这次没有成功，再试一次。"),
                            } }
                        </span>
                    }
                </p>
                <div class="drill-actions">
                    <button type="button" data-action="endgame-retry" onclick={retry}>{lang.t("Start again", "重新开始")}</button>
                    <button type="button" data-action="endgame-list" onclick={props.on_back.clone()}>{lang.t("All endgames", "全部残局")}</button>
                </div>
            </aside>
        </main>
    }
}
