//! The search the page wants: which search the worker should be running (with a fresh id
//! whenever it changes), what it has reported, the figures of the last one finished, and the
//! hint it gave. Pure: the worker hook makes the worker match [`Search::request`], and its
//! replies come back through [`Search::reply`]. A reply whose id is not the wanted search's is
//! stale (the position changed, or the search was cancelled) and is dropped.

use super::notice::Notice;
use super::review::{Eval, Review};
use crate::worker::protocol::{Progress, SearchReply, SearchRequest};
use xiangqi::{Game, Move, Setup};
use xiangqi_ai::{GameClock, Level, Limits, Player, Task};

/// A change of the search.
#[derive(Clone, Debug, PartialEq)]
// Actions come from clicks and worker replies, a few a second: a large variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// Ask the engine for a suggestion.
    Hint,
    /// Make the computer play the best move it has found so far.
    MoveNow,
    /// Start or stop analysing the position shown.
    Analyse,
    /// Review the game, each position for the default time or (`deeper`) for longer.
    Review {
        /// Give each position [`super::review::DEEPER_MS`] rather than the default.
        deeper: bool,
    },
    /// Stop the review (what it found so far stays).
    CancelReview,
    /// The worker answered.
    Reply(SearchReply),
    /// The worker died and a new one was started.
    WorkerRestarted(String),
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To choose the computer's move.
    Play,
    /// To suggest a move to a person.
    Hint,
    /// To show the best lines of the position shown, for as long as it is shown.
    Analyse,
    /// To evaluate one position of a game under review.
    Review,
}

/// The lines an analysis shows.
pub const ANALYSIS_LINES: u32 = 3;

/// The computer's task at `level` on `clock`: the level's player and budget, which the game
/// clock can only shorten (the engine keeps the tighter). The levels that use the opening book
/// answer from it once the worker has it. The worker draws the randomized levels' seed and
/// the book's (the request's is `None`; the task's 0 stands in).
pub fn play_task(level: u8, clock: Option<GameClock>) -> Task {
    Level::new(level).task_within(
        Limits {
            clock,
            book: Some(0),
            ..Limits::default()
        },
        0,
    )
}

/// The search behind the analysis board: the strong search with no limit but the position
/// changing, reporting its [`ANALYSIS_LINES`] best lines.
pub fn analysis_task() -> Task {
    Task {
        player: Player::Strong,
        limits: Limits {
            infinite: true,
            multipv: ANALYSIS_LINES,
            ..Limits::default()
        },
    }
}

/// The search behind a hint, whatever the level: a suggestion should come quickly but be
/// worth having, so the strong search to depth 8, for at most a second.
pub fn hint_task() -> Task {
    Task {
        player: Player::Strong,
        limits: Limits {
            depth: Some(8),
            movetime_ms: Some(1_000),
            ..Limits::default()
        },
    }
}

/// The search behind one position of a review: the strong search for `budget_ms`.
pub fn review_task(budget_ms: u64) -> Task {
    Task {
        player: Player::Strong,
        limits: Limits::movetime(budget_ms),
    }
}

/// A search the page wants running, and what it has reported so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Wanted {
    /// What the worker is asked.
    request: SearchRequest,
    /// What the answer is for.
    purpose: Purpose,
    /// The latest progress report, if any.
    progress: Option<Progress>,
    /// "Move now" was pressed before any move was reported: play the first one that comes.
    move_now: bool,
}

/// A search's answer, for the state to act on.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The move the search chose, for what it was for (not yet checked against the position).
    Move(Purpose, Move),
    /// The search ended without a move; the notice says why.
    Failed(Notice),
}

/// The page's side of the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// The search that should be running, if any.
    wanted: Option<Wanted>,
    /// The figures of the last finished search, kept for the status bar.
    last: Option<Progress>,
    /// The engine's suggestion, drawn on the board until the position changes.
    hint: Option<Move>,
    /// The id the next request will carry.
    next_id: u64,
    /// The analysis board is on: the position shown is analysed, and the computer does not
    /// play.
    analysing: bool,
    /// The analysed position (the game's id and the moves to it) and the latest lines found
    /// there; kept when the search ends (a mate proven) until the position changes.
    analysis: Option<(u64, Vec<Move>, Option<Progress>)>,
    /// The game under review, or reviewed.
    review: Option<Review>,
    /// The review is running: its positions are searched one after another.
    reviewing: bool,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            wanted: None,
            last: None,
            hint: None,
            next_id: 1,
            analysing: false,
            analysis: None,
            review: None,
            reviewing: false,
        }
    }
}

impl Search {
    /// The request the worker should be running, if any.
    pub fn request(&self) -> Option<&SearchRequest> {
        self.wanted.as_ref().map(|w| &w.request)
    }

    /// What the wanted search is for, if one is wanted.
    pub fn purpose(&self) -> Option<Purpose> {
        self.wanted.as_ref().map(|w| w.purpose)
    }

    /// The figures to show: the running search's latest, else the last finished one's.
    pub fn progress(&self) -> Option<&Progress> {
        self.wanted
            .as_ref()
            .and_then(|w| w.progress.as_ref())
            .or(self.last.as_ref())
    }

    /// The suggested move, if any.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// True while the analysis board is on.
    pub fn analysing(&self) -> bool {
        self.analysing
    }

    /// The analysis's latest lines (in `Progress::lines`) for the position shown, if any yet.
    pub fn analysis(&self) -> Option<&Progress> {
        self.analysis.as_ref().and_then(|(_, _, p)| p.as_ref())
    }

    /// Turns the analysis board on or off; off forgets the analysis.
    pub fn set_analysing(&mut self, on: bool) {
        self.analysing = on;
        if !on {
            self.analysis = None;
            if self.purpose() == Some(Purpose::Analyse) {
                self.wanted = None;
            }
        }
    }

    /// True if the position after `moves` of game `game_id` is analysed, or was to the end.
    pub fn analyses(&self, game_id: u64, moves: &[Move]) -> bool {
        self.analysis
            .as_ref()
            .is_some_and(|(g, m, _)| *g == game_id && m == moves)
    }

    /// Wants an analysis of the position after `moves` from `start` (game `game_id`).
    pub fn start_analysis(&mut self, game_id: u64, start: Setup, moves: Vec<Move>) {
        self.analysis = Some((game_id, moves.clone(), None));
        self.hint = None;
        self.want(Purpose::Analyse, game_id, start, moves, analysis_task());
    }

    /// The review, running or done, if any.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// True while the review runs.
    pub fn reviewing(&self) -> bool {
        self.reviewing
    }

    /// Starts a review (replacing any other).
    pub fn start_review(&mut self, review: Review) {
        self.review = Some(review);
        self.reviewing = true;
        if self.purpose() == Some(Purpose::Review) {
            self.wanted = None;
        }
    }

    /// Keeps `review` (a saved one) on show, not running.
    pub fn keep_review(&mut self, review: Review) {
        self.review = Some(review);
        self.reviewing = false;
    }

    /// Stops the review; what it found stays.
    pub fn stop_review(&mut self) {
        self.reviewing = false;
        if self.purpose() == Some(Purpose::Review) {
            self.wanted = None;
        }
    }

    /// Forgets the review (the game it was of is gone).
    pub fn drop_review(&mut self) {
        self.stop_review();
        self.review = None;
    }

    /// Wants the evaluation of the position after `moves` from `start` for the review of game
    /// `game_id`, in `budget_ms`.
    pub fn start_review_search(
        &mut self,
        game_id: u64,
        start: Setup,
        moves: Vec<Move>,
        budget_ms: u64,
    ) {
        self.want(
            Purpose::Review,
            game_id,
            start,
            moves,
            review_task(budget_ms),
        );
    }

    /// Shows `m` as the suggested move.
    pub fn set_hint(&mut self, m: Move) {
        self.hint = Some(m);
    }

    /// Wants a search of `game` (game `game_id` to the worker) for `purpose`, at `level` when
    /// it is to play (on `clock` in a timed game), under a new id. Asking for a hint forgets
    /// the last one.
    pub fn start(
        &mut self,
        purpose: Purpose,
        game_id: u64,
        game: &Game,
        level: u8,
        clock: Option<GameClock>,
    ) {
        let task = match purpose {
            // The worker draws the randomized levels' seed (the request's is `None`; the
            // task's 0 stands in). The game clock and the level's own limit both bound it:
            // the engine keeps the tighter.
            Purpose::Play => play_task(level, clock),
            Purpose::Hint => hint_task(),
            Purpose::Analyse => analysis_task(),
            Purpose::Review => review_task(super::review::REVIEW_MS),
        };
        if purpose == Purpose::Hint {
            self.hint = None;
        }
        let start = game.start_position().to_setup();
        self.want(purpose, game_id, start, game.moves(), task);
    }

    /// Wants the search of the position after `moves` from `start` (game `game_id`) for
    /// `purpose`, with `task`, under a new id.
    fn want(&mut self, purpose: Purpose, game_id: u64, start: Setup, moves: Vec<Move>, task: Task) {
        let id = self.next_id;
        self.next_id += 1;
        self.wanted = Some(Wanted {
            request: SearchRequest {
                id,
                game: game_id,
                start,
                moves,
                task,
                seed: None,
            },
            purpose,
            progress: None,
            move_now: false,
        });
    }

    /// Wants no search.
    pub fn cancel(&mut self) {
        self.wanted = None;
    }

    /// A move was played: the wanted search and the hint were for the position before it.
    /// The last search's figures stay on show.
    pub fn moved(&mut self) {
        self.wanted = None;
        self.hint = None;
    }

    /// Wants no search and forgets the last one's figures and the hint: the position or the
    /// players changed.
    pub fn clear(&mut self) {
        self.wanted = None;
        self.last = None;
        self.hint = None;
        self.analysis = None;
    }

    /// Asks the wanted search again under a new id, for a new worker (an analysis is asked
    /// again by the state, for the position then shown).
    pub fn restart(&mut self, game_id: u64, game: &Game, level: u8, clock: Option<GameClock>) {
        match self.purpose() {
            Some(Purpose::Analyse) => {
                self.wanted = None;
                self.analysis = None;
            }
            // The state asks again for the position the review is at.
            Some(Purpose::Review) => self.wanted = None,
            Some(purpose) => self.start(purpose, game_id, game, level, clock),
            None => {}
        }
    }

    /// "Move now": the first move of the latest reported line, or, with none reported yet,
    /// the first move the search reports.
    pub fn move_now(&mut self) -> Option<Answer> {
        let wanted = self.wanted.as_mut()?;
        match wanted.progress.as_ref().and_then(|p| p.pv.first().copied()) {
            Some(m) => self.finish(m),
            None => {
                wanted.move_now = true;
                None
            }
        }
    }

    /// Ends the wanted search with `m` as its answer.
    fn finish(&mut self, m: Move) -> Option<Answer> {
        let wanted = self.wanted.take()?;
        self.last = wanted.progress;
        Some(Answer::Move(wanted.purpose, m))
    }

    /// Takes in a reply of the worker; stale replies are dropped.
    pub fn reply(&mut self, reply: SearchReply) -> Option<Answer> {
        let wanted = self.wanted.as_mut()?;
        if reply.id() != Some(wanted.request.id) {
            return None; // stale: for a position or search that is gone
        }
        match reply {
            SearchReply::Progress { progress, .. } => {
                let first = progress.pv.first().copied();
                if wanted.purpose == Purpose::Analyse {
                    if let Some((_, _, lines)) = &mut self.analysis {
                        *lines = Some(progress.clone());
                    }
                }
                wanted.progress = Some(progress);
                match first {
                    Some(m) if wanted.move_now => self.finish(m),
                    _ => None,
                }
            }
            SearchReply::Done { best, progress, .. } if wanted.purpose == Purpose::Review => {
                let ply = wanted.request.moves.len();
                let score = progress.score;
                let line = progress.pv.clone();
                self.last = Some(progress);
                self.wanted = None;
                if let Some(review) = &mut self.review {
                    review.set(ply, Eval { best, score, line });
                }
                None
            }
            SearchReply::Done { best, progress, .. } => {
                if wanted.purpose == Purpose::Analyse {
                    if let Some((_, _, lines)) = &mut self.analysis {
                        *lines = Some(progress.clone());
                    }
                }
                wanted.progress = Some(progress);
                match best {
                    Some(m) => self.finish(m),
                    None => {
                        self.wanted = None;
                        Some(Answer::Failed(Notice::NoMove))
                    }
                }
            }
            SearchReply::Failed { reason, .. } => {
                self.wanted = None;
                Some(Answer::Failed(Notice::SearchFailed(reason)))
            }
            SearchReply::Crashed { .. } => None,
        }
    }
}
