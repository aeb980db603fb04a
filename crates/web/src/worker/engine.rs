//! The engine behind the search worker: one session kept for the searches of one game,
//! answering each [`SearchRequest`] with its replies.

use super::protocol::{Line, Progress, SearchReply, SearchRequest};
use super::rebuild::rebuild;
use core::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::Game;
use xiangqi_ai::nnue::{FileError, Network};
use xiangqi_ai::{Backing, Info, Player, Session, DEFAULT_HASH_MB};

/// A fresh seed for the levels that draw among near-equal moves (for a request that names
/// none: [`Engine::answer`]). Without a random source they are merely deterministic, not
/// broken.
pub fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// The engine behind the worker: one session, kept for the searches of one game.
pub struct Engine {
    session: Session,
    game: Option<u64>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine {
            session: Session::new(DEFAULT_HASH_MB),
            game: None,
        }
    }
}

impl Engine {
    /// Resizes the transposition table to `mb` megabytes (at least 1), which empties it.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.session.set_hash_mb(mb);
    }

    /// Evaluates with the network in `bytes` from now on; with no bytes, or bytes that are no
    /// network (the error says why), with the hand-set evaluation. The table keeps what it
    /// holds until the next game.
    pub fn set_network(&mut self, bytes: &[u8]) -> Result<(), FileError> {
        let net = if bytes.is_empty() {
            Ok(None)
        } else {
            Network::from_bytes(bytes).map(|net| Some(Arc::new(net)))
        };
        self.session.set_network(net.clone().unwrap_or(None));
        net.map(|_| ())
    }

    /// Answers the tasks that ask for the book ([`xiangqi_ai::Limits::book`]) from the book
    /// in `text` from now on; text that is no book is refused (the error says why) and the
    /// engine keeps searching.
    pub fn set_book(&mut self, text: &str) -> Result<(), xiangqi_ai::book::BookError> {
        let book = xiangqi_ai::book::Book::parse(text)?;
        self.session.set_book(Some(Arc::new(book)));
        Ok(())
    }

    /// Searches on `backing`, a table shared with other engines, from now on.
    pub fn share_table(&mut self, backing: Box<dyn Backing>) {
        self.session.share_table(backing);
    }

    /// Helps the engine that answers `request` on the same shared table, as helper number
    /// `helper` (see [`Session::help`]), until `stop` is set (it is polled with `clock`).
    /// A request for another game forgets this engine's histories but not the table, which
    /// the engine it helps clears. A request that cannot be searched is left to that engine,
    /// which says why. Returns the nodes searched.
    pub fn help(
        &mut self,
        request: &SearchRequest,
        helper: u32,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
    ) -> u64 {
        let Ok(game) = rebuild(&request.start, &request.moves) else {
            return 0;
        };
        if game.outcome().is_some() || request.task.player != Player::Strong {
            return 0;
        }
        if self.game != Some(request.game) {
            self.session.new_game_keeping_table();
            self.game = Some(request.game);
        }
        let limits = &request.task.limits;
        self.session
            .help(&game, limits, helper as usize, clock, stop)
    }

    /// Answers `request`: emits a [`SearchReply::Progress`] whenever `report_now` allows (the
    /// worker throttles them to a few a second), then exactly one `Done` or `Failed`. The
    /// game is rebuilt from the request's start and moves, once; a search run in steps builds
    /// it once for all its steps and calls [`Engine::answer_game`]. The randomized players
    /// draw with the request's seed, or with `drawn` where it names none. The search ends
    /// early once `stop` is set (the search polls it every thousand nodes or so, as it polls
    /// `clock`), and answers with the best move it has.
    pub fn answer(
        &mut self,
        request: &SearchRequest,
        drawn: u64,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        report_now: &mut dyn FnMut(u64) -> bool,
        emit: &mut dyn FnMut(SearchReply),
    ) {
        match rebuild(&request.start, &request.moves) {
            Ok(game) => self.answer_game(request, &game, drawn, clock, stop, report_now, emit),
            Err(e) => emit(SearchReply::Failed {
                id: request.id,
                reason: e.to_string(),
            }),
        }
    }

    /// Answers `request` as [`Engine::answer`] does, on `game`, the request's game already
    /// built. A request for another game than the last one's starts the session afresh.
    #[allow(clippy::too_many_arguments)]
    pub fn answer_game(
        &mut self,
        request: &SearchRequest,
        game: &Game,
        drawn: u64,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        report_now: &mut dyn FnMut(u64) -> bool,
        emit: &mut dyn FnMut(SearchReply),
    ) {
        let id = request.id;
        if game.outcome().is_some() {
            let reason = "the game is over".to_string();
            return emit(SearchReply::Failed { id, reason });
        }
        if self.game != Some(request.game) {
            self.session.new_game();
            self.game = Some(request.game);
        }
        let mut task = request.task.clone();
        task.player = task.player.with_seed(request.seed.unwrap_or(drawn));
        if task.limits.book.is_some() {
            task.limits.book = Some(request.seed.unwrap_or(drawn));
        }
        // Only the strong search evaluates with the network.
        let network = task.player == Player::Strong && self.session.network().is_some();
        // A multi-line search reports its lines one by one at the end of each iteration: they
        // are gathered, and the whole set is sent once the last one is in.
        let wanted_lines = task.limits.multipv.max(1) as usize;
        let lines_count = if wanted_lines > 1 {
            let legal = game.position().legal_moves();
            let searchmoves = &task.limits.searchmoves;
            let n = legal
                .iter()
                .filter(|m| searchmoves.is_empty() || searchmoves.contains(m))
                .count();
            wanted_lines.min(n.max(1))
        } else {
            1
        };
        let mut lines: Vec<Line> = Vec::new();
        let mut on_info = |info: &Info| {
            let index = info.multipv.max(1) as usize - 1;
            if wanted_lines > 1 {
                lines.truncate(index);
                lines.push(Line {
                    score: info.score,
                    pv: info.pv.clone(),
                });
                if index + 1 < lines_count {
                    return;
                }
            }
            if report_now(info.time_ms) {
                let best = lines.first();
                emit(SearchReply::Progress {
                    id,
                    progress: Progress {
                        depth: info.depth,
                        nodes: info.nodes,
                        time_ms: info.time_ms,
                        nps: info.nps,
                        score: best.map_or(info.score, |l| l.score),
                        pv: best.map_or_else(|| info.pv.clone(), |l| l.pv.clone()),
                        workers: 1,
                        shared: false,
                        network,
                        lines: lines.clone(),
                    },
                });
            }
        };
        let thought = self.session.think(game, &task, clock, stop, &mut on_info);
        let time_ms = clock();
        emit(SearchReply::Done {
            id,
            best: thought.best,
            progress: Progress {
                depth: thought.depth,
                nodes: thought.nodes,
                time_ms,
                nps: thought.nodes * 1000 / time_ms.max(1),
                score: thought.score,
                pv: thought.pv,
                workers: 1,
                shared: false,
                network,
                lines,
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::{Move, Setup};
    use xiangqi_ai::{Level, Limits, Score, Task};

    fn request(game: u64, moves: &[&str], task: Task) -> SearchRequest {
        SearchRequest {
            id: 7,
            game,
            start: Setup::start(),
            moves: moves.iter().map(|s| parse_uci(s).unwrap()).collect(),
            task,
            seed: None,
        }
    }

    fn replies(engine: &mut Engine, req: &SearchRequest) -> Vec<SearchReply> {
        let mut out = Vec::new();
        let never = AtomicBool::new(false);
        engine.answer(req, 1, &|| 0, &never, &mut |_| true, &mut |r| out.push(r));
        out
    }

    fn done_figures(out: &[SearchReply]) -> (u32, u64) {
        match out.last() {
            Some(SearchReply::Done { progress, .. }) => (progress.depth, progress.nodes),
            other => panic!("not done: {other:?}"),
        }
    }

    #[test]
    fn an_analysis_reports_whole_sets_of_lines_best_first() {
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                depth: Some(5),
                multipv: 3,
                ..Limits::default()
            },
        };
        let out = replies(&mut Engine::default(), &request(1, &["h2e2"], task));
        let mut reports = 0;
        for reply in &out {
            let (SearchReply::Progress { progress, .. } | SearchReply::Done { progress, .. }) =
                reply
            else {
                panic!("{reply:?}");
            };
            reports += 1;
            assert_eq!(progress.lines.len(), 3, "{progress:?}");
            assert_eq!(progress.lines[0].score, progress.score);
            assert_eq!(progress.lines[0].pv, progress.pv);
            let firsts: Vec<Move> = progress.lines.iter().map(|l| l.pv[0]).collect();
            assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
            let rank = |s: Score| match s {
                Score::Cp(cp) => cp,
                Score::Mate(n) => 100_000 * n.signum() - n,
            };
            assert!(progress
                .lines
                .windows(2)
                .all(|w| rank(w[0].score) >= rank(w[1].score)));
        }
        assert_eq!(reports, 6, "one per depth, then the answer");
        // With one legal move there is one line.
        let one = Task {
            player: Player::Strong,
            limits: Limits {
                depth: Some(3),
                multipv: 3,
                ..Limits::default()
            },
        };
        let mut req = request(2, &[], one);
        req.task.limits.searchmoves = vec![parse_uci("h2e2").unwrap()];
        let out = replies(&mut Engine::default(), &req);
        let Some(SearchReply::Done { progress, .. }) = out.last() else {
            panic!("{out:?}");
        };
        assert_eq!(progress.lines.len(), 1);
    }

    #[test]
    fn a_search_ends_with_one_done_carrying_the_request_id() {
        let out = replies(
            &mut Engine::default(),
            &request(1, &["h2e2"], Level::new(15).task(0)),
        );
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
    fn an_illegal_history_is_refused_with_the_ply_that_fails() {
        let out = replies(
            &mut Engine::default(),
            &request(1, &["h2e2", "h2e2"], Level::new(2).task(0)),
        );
        assert!(
            matches!(&out[..], [SearchReply::Failed { id: 7, reason }] if reason.contains("ply 2")),
            "{out:?}"
        );
    }

    #[test]
    fn the_second_search_of_a_game_reuses_what_the_first_learned() {
        let task = Task {
            player: Player::Strong,
            limits: Limits::depth(8),
        };
        let mut engine = Engine::default();
        let (d1, n1) = done_figures(&replies(&mut engine, &request(1, &[], task.clone())));
        let (d2, n2) = done_figures(&replies(&mut engine, &request(1, &[], task.clone())));
        assert_eq!((d1, d2), (8, 8));
        assert!(n2 * 3 < n1 * 2, "{n1} then {n2} nodes");
        // Another game starts from nothing.
        let (_, n3) = done_figures(&replies(&mut engine, &request(2, &[], task)));
        assert!(n3 * 4 > n1 * 3, "{n1} then {n3} nodes in a new game");
    }

    #[test]
    fn a_level_that_uses_the_book_answers_from_it_once_the_engine_has_it() {
        let mut engine = Engine::default();
        // Level 23's task, its time bounded by depth here (the test's clock stands still).
        let asked = Limits {
            book: Some(0),
            ..Limits::default()
        };
        let mut level6 = Level::new(23).task_within(asked, 0);
        level6.limits.depth = Some(2);
        let out = replies(&mut engine, &request(1, &[], level6.clone()));
        let Some(SearchReply::Done { progress, .. }) = out.last() else {
            panic!("{out:?}");
        };
        assert!(progress.nodes > 0, "no book yet: a search");
        engine.set_book("; a3a4 +0 1\n").unwrap();
        let out = replies(&mut engine, &request(1, &[], level6));
        let Some(SearchReply::Done { best, progress, .. }) = out.last() else {
            panic!("{out:?}");
        };
        assert_eq!((*best, progress.nodes), (parse_uci("a3a4").ok(), 0));
        assert!(engine.set_book("not a book").is_err());
    }

    #[test]
    fn requests_and_replies_survive_serialization() {
        let req = request(3, &["h2e2", "h9g7"], Level::new(21).task(9));
        let json = serde_json::to_string(&req).unwrap();
        assert_eq!(serde_json::from_str::<SearchRequest>(&json).unwrap(), req);
        let out = replies(
            &mut Engine::default(),
            &request(1, &[], Level::new(10).task(0)),
        );
        for reply in out {
            let json = serde_json::to_string(&reply).unwrap();
            assert_eq!(serde_json::from_str::<SearchReply>(&json).unwrap(), reply);
        }
    }
}
