//! The puzzle view (`data-testid="puzzle"` with `data-puzzle-id`): the board turned to the
//! solver's side, what to do, and what became of the puzzle (`puzzle-result` with
//! `data-result`); hint, retry, solution and next (`data-action` `puzzle-hint`,
//! `puzzle-retry`, `puzzle-solution`, `puzzle-next`); the solver's rating (`puzzle-rating`),
//! streak and recent puzzles; the theme filter (`puzzle-theme`); the position's FEN
//! (`data-testid="fen"`). The set is fetched when the view opens; the opponent's replies, the
//! solution's moves and the take-back of a wrong move come on timers.
//!
//! No step of opening the page runs long on the page's thread. The view is drawn in steps
//! (`data-drawn`), each after the browser has drawn a frame of the one before, so that no
//! render and no first layout of the board's fonts is added to another: while the set is
//! fetched, hidden samples of the river's and the file numbers' type at the board's sizes
//! (`type`), the board's lines with a sample of the pieces' type (`frame`), and its points
//! (`board`, with a hidden sample of the panel's bold and fixed-width type); then the first
//! puzzle's pieces (`pieces`) and the panel (`all`). Each sample's fonts are loaded, the
//! first time, in a frame with little else, not in the one that needs them. The set is read
//! in a task of its own, and a button's click opens the next puzzle in a task after the
//! click's. The view has its `data-puzzle-id` and `data-phase` once it is whole.

use super::steps::{board_samples, font_samples, Drawn};
use super::store::{load_progress, use_kept_progress};
use crate::browser;
use crate::components::announcer::announcer;
use crate::components::board::Board;
use crate::components::result::Ending;
use crate::hooks::board_keys;
use crate::model::PieceSet;
use crate::practice::set::{Filter, Set};
use crate::practice::solving::{Phase, Solving};
use crate::practice::text;
use crate::practice::trainer::{Action, Trainer};
use crate::records::link::names::{query, EMBED, PUZZLE, VIEW};
use crate::text::announce::announcement;
use crate::text::i18n::Lang;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use xiangqi::{Kind, Square};
use yew::prelude::*;

/// Where the set is fetched from, beside the page.
const SET_URL: &str = "puzzles.txt";

/// Opens the set's first puzzle and drops it: the rules' code that opening a puzzle runs (a
/// position read, its moves checked, the legal moves found) is compiled on its first call, on
/// the page's thread, so it is compiled here, in a task of its own, and the task that opens
/// the chosen puzzle and draws it pays only for its own work.
fn warm_up(set: Option<&Rc<Set>>) {
    if let Some(listing) = set.and_then(|s| s.0.first()) {
        drop(listing.puzzle().map(|p| Solving::new(Rc::new(p))));
    }
}

/// How long each timed step waits, in milliseconds.
fn delay(a: &Action) -> u32 {
    match a {
        Action::TakeBack => 900,
        _ => 500,
    }
}

/// What the puzzle view shows.
#[derive(Properties, PartialEq, Clone)]
pub struct PuzzleProps {
    /// The page's language.
    pub lang: Lang,
    /// How pieces are drawn.
    pub pieces: PieceSet,
    /// Embedded in another page: the board and the puzzle's controls only.
    pub embed: bool,
    /// The puzzle the address names.
    pub asked: Option<u32>,
}

/// The puzzle view.
#[function_component(PuzzleView)]
pub fn puzzle_view(props: &PuzzleProps) -> Html {
    let first = use_memo((), |_| load_progress());
    let trainer = {
        let p = first.0.clone();
        use_reducer(move || Trainer::new(p))
    };
    let lang = props.lang;
    // The set: fetched, then read in a task of its own, then given to the page in another.
    {
        let (d, asked) = (trainer.dispatcher(), props.asked);
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let text = browser::fetch_text(SET_URL).await;
                browser::next_task().await;
                let set = text.and_then(|t| Set::read(&t).map(Rc::new).map_err(|e| e.to_string()));
                browser::next_task().await;
                warm_up(set.as_ref().ok());
                browser::next_task().await;
                d.dispatch(Action::Loaded {
                    set,
                    asked,
                    random: browser::random(),
                });
            });
        });
    }
    // The view drawn in steps, each once the one before has been drawn in a frame: the board
    // while the set is fetched, the puzzle once it is open.
    let drawn = use_state(|| Drawn::Type);
    {
        let opened = trainer.solving.is_some();
        let step = drawn.clone();
        use_effect_with((opened, *drawn), move |&(opened, now)| {
            if now < Drawn::Board || (opened && now < Drawn::All) {
                browser::after_next_frame(move || step.set(now.next()));
            }
        });
    }
    let drawn = *drawn;
    // The timed steps: a reply, the solution's next move, the take-back of a wrong move.
    {
        let due = trainer.due();
        let key = trainer
            .solving
            .as_ref()
            .map(|s| (s.puzzle.id, s.ply, s.phase));
        let d = trainer.dispatcher();
        use_effect_with((due, key), move |(due, _)| {
            let timer = due
                .clone()
                .map(|a| Timeout::new(delay(&a), move || d.dispatch(a)));
            move || drop(timer)
        });
    }
    // The record kept (or why not), and the address naming the puzzle on the board.
    let kept = use_kept_progress(&trainer.progress, first.1.clone(), lang);
    {
        let (id, embed) = (trainer.solving.as_ref().map(|s| s.puzzle.id), props.embed);
        use_effect_with(id, move |&id| {
            if let Some(id) = id {
                // After the frame: the browser lays the page out to write the address (for
                // its scroll position), which costs nothing once the frame has done it.
                let id = id.to_string();
                let mut pairs = vec![(VIEW, "puzzle"), (PUZZLE, id.as_str())];
                if embed {
                    pairs.push((EMBED, "1"));
                }
                let query = query(&pairs);
                browser::after_next_frame(move || browser::set_query(&query));
            }
        });
    }
    // A button's action in a task after the click's, which stays short.
    let act = |a: fn(f64) -> Action| {
        let d = trainer.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let (d, a) = (d.clone(), a(browser::random()));
            Timeout::new(0, move || d.dispatch(a)).forget();
        })
    };
    let Some(s) = trainer.solving.as_ref() else {
        return loading(trainer.error.as_deref(), lang, props.pieces, drawn);
    };
    let board_dispatch = {
        let d = trainer.dispatcher();
        Callback::from(move |a| d.dispatch(Action::Board(a)))
    };
    let solver = s.puzzle.position.turn();
    let whole = drawn == Drawn::All;
    let pieces_on: Vec<_> = Square::all()
        .map(|sq| s.position.piece_at(sq).filter(|_| drawn >= Drawn::Pieces))
        .collect();
    let check = s
        .position
        .in_check()
        .then(|| s.position.general(s.position.turn()));
    let filter_changed = {
        let d = trainer.dispatcher();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            let (d, action) = (
                d.clone(),
                Action::Filter(Filter::from_key(&value), browser::random()),
            );
            Timeout::new(0, move || d.dispatch(action)).forget();
        })
    };
    let progress = &trainer.progress;
    let rating = progress.rating;
    let set = trainer.set.as_ref();
    let hint_text = (s.hint >= 1 && s.phase == Phase::Yours).then(|| {
        let kind = s
            .expected()
            .and_then(|m| s.position.piece_at(m.from()))
            .map(|p| p.kind);
        format!(
            "{} {}",
            lang.t("Hint: move the", "提示：走"),
            kind.map_or("", |k| piece_name(k, lang))
        )
    });
    // The last move in words, and a mate, for the screen reader, as on the game page.
    let spoken = whole.then(|| {
        let mut played: Vec<xiangqi::Move> = s.puzzle.line[..s.ply].to_vec();
        if let Phase::Wrong(m) = s.phase {
            played.push(m);
        }
        xiangqi::Game::replay(s.puzzle.position.clone(), &played)
            .map(|g| {
                let ending = g.outcome().map(|o| Ending::Rules(o).text(lang));
                announcement(&g, played.len(), None, ending, lang)
            })
            .unwrap_or_default()
    });
    html! {
        <main class="play puzzle-page" data-testid="puzzle" data-drawn={drawn.key()}
              data-puzzle-id={whole.then(|| s.puzzle.id.to_string())}
              data-phase={whole.then(|| phase_key(s))} aria-busy={(!whole).to_string()}>
            if let Some(spoken) = spoken {
                { announcer(&spoken) }
            }
            <div class="board-wrap">
                <Board
                    pieces={pieces_on}
                    orientation={solver}
                    selected={s.selected}
                    dests={s.dests.clone()}
                    last={s.last}
                    {check}
                    hint={s.hint_move()}
                    cursor={trainer.cursor}
                    animate={s.last.map(|m| (m, s.ply))}
                    on_click={board_dispatch.reform(crate::model::Action::Click)}
                    on_drop={board_dispatch.reform(|(from, to)| crate::model::Action::Drop { from, to })}
                    on_key={board_keys(board_dispatch.clone(), trainer.cursor)}
                    {lang}
                    piece_set={props.pieces}
                    points={drawn >= Drawn::Board}
                />
                { board_samples(drawn, props.pieces) }
            </div>
            { font_samples(drawn) }
            if whole {
                <aside class="panel puzzle-panel">
                    <div class="puzzle-head">
                        <h2>{format!("{} #{}", lang.t("Puzzle", "谜题"), s.puzzle.id)}</h2>
                        <span class="puzzle-difficulty" title={lang.t("Difficulty", "难度")}>
                            {format!("{} {}", lang.t("Difficulty", "难度"), s.puzzle.rating)}
                        </span>
                    </div>
                    <p class="puzzle-themes">
                        { for s.puzzle.themes.iter().map(|&t| html! { <span class="theme" data-theme={t.to_string()}>{text::theme(t, lang)}</span> }) }
                    </p>
                    <p class="puzzle-prompt" role="status" aria-live="polite" data-side={if solver == xiangqi::Color::Red { "red" } else { "black" }}>
                        { text::prompt(s.phase, solver, lang) }
                        if let Some(h) = hint_text { <span class="puzzle-hint-text">{" "}{h}</span> }
                    </p>
                    if let Some(r) = s.result {
                        <p class="puzzle-result" data-testid="puzzle-result"
                           data-result={if r == crate::practice::solving::Result::Solved { "solved" } else { "failed" }}>
                            { text::result(r, lang) }
                        </p>
                    }
                    if let Some(id) = trainer.missing {
                        <p class="puzzle-missing" role="status">
                            {format!("{} {id}", lang.t("There is no puzzle", "没有这道谜题："))}
                        </p>
                    }
                    { kept }
                    <div class="puzzle-actions">
                        <button type="button" data-action="puzzle-hint" onclick={act(|_| Action::Hint)}
                                disabled={s.phase != Phase::Yours}>{lang.t("Hint", "提示")}</button>
                        <button type="button" data-action="puzzle-retry" onclick={act(|_| Action::Retry)}>{lang.t("Retry", "重试")}</button>
                        <button type="button" data-action="puzzle-solution" onclick={act(|_| Action::Solution)}
                                disabled={!matches!(s.phase, Phase::Yours | Phase::Reply | Phase::Wrong(_))}>{lang.t("Solution", "答案")}</button>
                        <button type="button" data-action="puzzle-next" class="primary" onclick={act(Action::Next)}>{lang.t("Next", "下一题")}</button>
                    </div>
                    if !props.embed {
                        <div class="puzzle-me">
                            <span data-testid="puzzle-rating" data-rating={rating.shown().to_string()}>
                                {format!("{} {}", lang.t("Your rating", "你的等级分"), rating.shown())}
                                <small>{format!(" ±{}", rating.rd.round())}</small>
                            </span>
                            <span data-testid="puzzle-streak" data-streak={progress.streak.to_string()}>
                                {format!("{} {} · {} {}", lang.t("Streak", "连胜"), progress.streak, lang.t("best", "最佳"), progress.best_streak)}
                            </span>
                        </div>
                        <label class="puzzle-filter">
                            {lang.t("Theme", "主题")}
                            <select data-testid="puzzle-theme" onchange={filter_changed}>
                                { for Filter::all().into_iter().map(|f| {
                                    let n = set.map_or(0, |set| set.count(f));
                                    html! {
                                        <option value={f.key()} selected={f == trainer.filter} disabled={n == 0}>
                                            {format!("{} ({n})", text::filter(f, lang))}
                                        </option>
                                    }
                                }) }
                            </select>
                        </label>
                        { history(&trainer, lang) }
                    }
                    <div class="fenbox">
                        <div class="fen-row">
                            <span class="caption">{"FEN"}</span>
                            <code data-testid="fen">{s.position.to_fen()}</code>
                        </div>
                    </div>
                </aside>
            }
        </main>
    }
}

/// The view before a puzzle is open: the empty board (drawn, and its fonts laid out, while the
/// set is fetched) and what is happening, or why the puzzles cannot be opened.
fn loading(error: Option<&str>, lang: Lang, pieces: PieceSet, drawn: Drawn) -> Html {
    let text = match error {
        Some(e) => format!(
            "{} {e}",
            lang.t("The puzzles cannot be opened:", "谜题无法打开：")
        ),
        None => lang.t("Loading the puzzles…", "正在载入谜题…").to_string(),
    };
    html! {
        <main class="play puzzle-page" data-testid="puzzle" data-drawn={drawn.key()} aria-busy={error.is_none().to_string()}>
            <div class="board-wrap">
                if drawn == Drawn::Type {
                    <div class="board" aria-hidden="true" />
                } else {
                <Board
                    pieces={vec![None; 90]}
                    orientation={xiangqi::Color::Red}
                    selected={None}
                    dests={Rc::default()}
                    last={None}
                    check={None}
                    hint={None}
                    cursor={Square::new(4, 0).expect("e0 is on the board")}
                    animate={None}
                    on_click={Callback::noop()}
                    on_drop={Callback::noop()}
                    on_key={Callback::noop()}
                    {lang}
                    piece_set={pieces}
                    points={drawn >= Drawn::Board}
                />
                }
                { board_samples(drawn, pieces) }
            </div>
            { font_samples(drawn) }
            <aside class="panel puzzle-panel">
                <p class="puzzle-loading" role="status">{text}</p>
            </aside>
        </main>
    }
}

/// The solving's phase as the view's `data-phase`.
fn phase_key(s: &Solving) -> &'static str {
    match s.phase {
        Phase::Yours => "yours",
        Phase::Reply => "reply",
        Phase::Wrong(_) => "wrong",
        Phase::Solved => "solved",
        Phase::Showing => "showing",
    }
}

/// A piece's name for the hint.
fn piece_name(k: Kind, lang: Lang) -> &'static str {
    match k {
        Kind::General => lang.t("general", "帅/将"),
        Kind::Advisor => lang.t("advisor", "仕/士"),
        Kind::Elephant => lang.t("elephant", "相/象"),
        Kind::Horse => lang.t("horse", "马"),
        Kind::Chariot => lang.t("chariot", "车"),
        Kind::Cannon => lang.t("cannon", "炮"),
        Kind::Soldier => lang.t("soldier", "兵/卒"),
    }
}

/// The latest puzzles tried, each a link to try it again.
fn history(t: &Trainer, lang: Lang) -> Html {
    let recent: Vec<_> = t.progress.history.iter().rev().take(12).collect();
    if recent.is_empty() {
        return Html::default();
    }
    html! {
        <div class="puzzle-history">
            <span class="caption">{lang.t("Recent", "最近")}</span>
            <ol data-testid="puzzle-history">
                { for recent.into_iter().map(|a| html! {
                    <li data-solved={a.solved.to_string()}>
                        <a href={query(&[(VIEW, "puzzle"), (PUZZLE, &a.id.to_string())])}
                           title={if a.solved { lang.t("solved", "已解出") } else { lang.t("missed", "未解出") }}>
                            { if a.solved { "✓" } else { "✗" } }{format!("{}", a.id)}
                        </a>
                    </li>
                }) }
            </ol>
        </div>
    }
}
