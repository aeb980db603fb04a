//! The search worker: the request and reply types the page and the worker exchange, the pure
//! function that answers a request, and the yew-agent worker that runs it off the main thread.
//!
//! Every request carries an id chosen by the page; every reply repeats it, so the page can
//! recognise and drop a late reply for a position that is no longer on the board.
//! The worker rebuilds the game from the start FEN and the moves played, so the engine sees the
//! history and the repetition rules apply inside the search.

use crate::ai::{self, Score};
use serde::{Deserialize, Serialize};
use xiangqi::{notation::parse_uci, Game, Move, Position};

/// What the page asks the worker to search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchRequest {
    /// Chosen by the page, repeated in every reply.
    pub id: u64,
    /// The position the game started from.
    pub fen: String,
    /// The moves played since, in UCI coordinates.
    pub moves: Vec<String>,
    /// Difficulty level, 1..=[`ai::MAX_LEVEL`].
    pub level: u8,
}

/// A score as the status bar shows it, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Eval {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl From<Score> for Eval {
    fn from(s: Score) -> Eval {
        match s {
            Score::Cp(cp) => Eval::Cp(cp),
            Score::Mate(n) => Eval::Mate(n),
        }
    }
}

impl core::fmt::Display for Eval {
    /// "+0.35" in pawns, or "mate 3" / "mated in 3".
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Eval::Cp(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Eval::Mate(n) if n > 0 => write!(f, "mate in {n}"),
            Eval::Mate(n) => write!(f, "mated in {}", -n),
        }
    }
}

/// How far a search has got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Score for the side to move.
    pub eval: Eval,
    /// The principal variation in UCI coordinates, best move first.
    pub pv: Vec<String>,
}

/// What the worker sends back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchReply {
    /// A search iteration completed.
    Progress {
        /// The request's id.
        id: u64,
        /// Where it got.
        progress: Progress,
    },
    /// The search finished; `best` is `None` only if there is no legal move.
    Done {
        /// The request's id.
        id: u64,
        /// The chosen move in UCI coordinates.
        best: Option<String>,
        /// The final figures.
        progress: Progress,
    },
    /// The request could not be searched (a bad FEN or move); the message says why.
    Failed {
        /// The request's id.
        id: u64,
        /// Why.
        reason: String,
    },
    /// The worker hit a bug and cannot go on; the page should start a new one.
    Crashed {
        /// The panic message.
        reason: String,
    },
}

impl SearchReply {
    /// The id of the request this replies to (`None` for a crash, which ends every request).
    pub fn id(&self) -> Option<u64> {
        match self {
            SearchReply::Progress { id, .. }
            | SearchReply::Done { id, .. }
            | SearchReply::Failed { id, .. } => Some(*id),
            SearchReply::Crashed { .. } => None,
        }
    }
}

fn uci_line(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// Rebuilds the game a request describes.
pub fn rebuild(fen: &str, moves: &[String]) -> Result<Game, String> {
    let start = Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    let moves = moves
        .iter()
        .map(|text| parse_uci(text))
        .collect::<Result<Vec<Move>, _>>()
        .map_err(|e| e.to_string())?;
    Game::replay(start, &moves).map_err(|e| e.to_string())
}

/// Answers `request`: emits a [`SearchReply::Progress`] whenever `report_now` allows (the
/// worker throttles them to a few a second), then exactly one `Done` or `Failed`.
pub fn answer(
    request: &SearchRequest,
    seed: u64,
    clock: &dyn Fn() -> u64,
    report_now: &mut dyn FnMut(u64) -> bool,
    emit: &mut dyn FnMut(SearchReply),
) {
    let id = request.id;
    let game = match rebuild(&request.fen, &request.moves) {
        Ok(g) => g,
        Err(reason) => return emit(SearchReply::Failed { id, reason }),
    };
    if game.outcome().is_some() {
        let reason = "the game is over".to_string();
        return emit(SearchReply::Failed { id, reason });
    }
    let req = ai::Request {
        level: request.level,
        seed,
        multipv: 1,
    };
    let mut on_info = |info: &ai::Info| {
        if report_now(info.time_ms) {
            emit(SearchReply::Progress {
                id,
                progress: Progress {
                    depth: info.depth,
                    nodes: info.nodes,
                    time_ms: info.time_ms,
                    nps: info.nps,
                    eval: info.score.into(),
                    pv: uci_line(&info.pv),
                },
            });
        }
    };
    let thought = ai::think(&game, &req, clock, &mut on_info);
    let time_ms = clock();
    emit(SearchReply::Done {
        id,
        best: thought.best.map(|m| m.to_string()),
        progress: Progress {
            depth: thought.depth,
            nodes: thought.nodes,
            time_ms,
            nps: thought.nodes * 1000 / time_ms.max(1),
            eval: thought.score.into(),
            pv: uci_line(&thought.pv),
        },
    });
}

/// The worker binary's agent: one search at a time, run synchronously when a request arrives.
/// While it runs the worker cannot read messages, so the page cancels a search by dropping
/// this worker and starting a new one.
pub struct SearchAgent;

#[cfg(target_arch = "wasm32")]
mod worker {
    use super::*;
    use yew_agent::worker::{HandlerId, Worker, WorkerScope};

    /// Smallest gap between two progress reports, so the page is not flooded.
    const REPORT_EVERY_MS: u64 = 200;

    thread_local! {
        /// Where a panic reports itself before the instance traps.
        static CRASH_REPORT: core::cell::RefCell<Option<(WorkerScope<SearchAgent>, HandlerId)>> =
            const { core::cell::RefCell::new(None) };
    }

    fn now_ms() -> f64 {
        js_sys::Date::now()
    }

    fn seed() -> u64 {
        let mut bytes = [0u8; 8];
        // Without a random source the levels are merely deterministic, not broken.
        let _ = getrandom::fill(&mut bytes);
        u64::from_le_bytes(bytes)
    }

    impl Worker for SearchAgent {
        type Message = ();
        type Input = SearchRequest;
        type Output = SearchReply;

        fn create(_scope: &WorkerScope<Self>) -> Self {
            std::panic::set_hook(Box::new(|info| {
                CRASH_REPORT.with(|c| {
                    if let Some((scope, id)) = c.borrow().as_ref() {
                        scope.respond(
                            *id,
                            SearchReply::Crashed {
                                reason: info.to_string(),
                            },
                        );
                    }
                });
            }));
            SearchAgent
        }

        fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

        fn received(&mut self, scope: &WorkerScope<Self>, request: SearchRequest, who: HandlerId) {
            CRASH_REPORT.with(|c| *c.borrow_mut() = Some((scope.clone(), who)));
            let start = now_ms();
            let clock = move || (now_ms() - start).max(0.0) as u64;
            let mut last_report: Option<u64> = None;
            let mut report_now = |t: u64| {
                let due = last_report.is_none_or(|l| t >= l + REPORT_EVERY_MS);
                if due {
                    last_report = Some(t);
                }
                due
            };
            answer(&request, seed(), &clock, &mut report_now, &mut |reply| {
                scope.respond(who, reply)
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::START_FEN;

    fn request(moves: &[&str], level: u8) -> SearchRequest {
        SearchRequest {
            id: 7,
            fen: START_FEN.to_string(),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            level,
        }
    }

    fn replies(req: &SearchRequest) -> Vec<SearchReply> {
        let mut out = Vec::new();
        answer(req, 1, &|| 0, &mut |_| true, &mut |r| out.push(r));
        out
    }

    #[test]
    fn a_search_ends_with_one_done_carrying_the_request_id() {
        let out = replies(&request(&["h2e2"], 3));
        let (last, rest) = out.split_last().unwrap();
        assert!(matches!(
            last,
            SearchReply::Done {
                id: 7,
                best: Some(_),
                ..
            }
        ));
        assert!(rest
            .iter()
            .all(|r| matches!(r, SearchReply::Progress { id: 7, .. })));
        assert!(!rest.is_empty(), "progress is reported before the answer");
    }

    #[test]
    fn an_illegal_history_is_refused_with_a_reason() {
        let out = replies(&request(&["h2e2", "h2e2"], 1));
        assert!(
            matches!(&out[..], [SearchReply::Failed { id: 7, reason }] if reason.contains("h2e2"))
        );
    }

    #[test]
    fn evals_read_as_pawns_or_mates() {
        assert_eq!(Eval::Cp(35).to_string(), "+0.35");
        assert_eq!(Eval::Cp(-120).to_string(), "-1.20");
        assert_eq!(Eval::Mate(3).to_string(), "mate in 3");
        assert_eq!(Eval::Mate(-2).to_string(), "mated in 2");
    }
}
