//! A strong search run one iteration at a time, for a worker that has no shared stop flag
//! (the page is not cross-origin isolated: a foreign frame, or the first visit before the
//! service worker serves the page). Between two steps the worker reads its messages, so a
//! search the page no longer wants ends after the iteration under way, and the worker, its
//! table, history and killers are kept.
//!
//! Step `d` asks the engine for depth `d` within what is left of the request's time and node
//! budget. It walks depths 1 to `d - 1` again, mostly from the table the steps before filled,
//! and only its new depth is reported; nodes and time add up over the steps, so the replies
//! read as those of one search.

use super::engine::Engine;
use super::protocol::{Progress, SearchReply, SearchRequest};
use super::rebuild::rebuild;
use core::sync::atomic::AtomicBool;
use xiangqi::{Game, Move};
// The deepest step is the strong search's own ceiling.
use xiangqi_ai::search::MAX_DEPTH;
use xiangqi_ai::{Player, Task};

/// Whether `task` is run in steps where there is no stop flag: the strong search with a time
/// budget or none (an analysis). The other players, and a search bounded only by depth or
/// nodes, end within a fraction of a second and run whole.
pub fn wants_steps(task: &Task) -> bool {
    let l = &task.limits;
    task.player == Player::Strong && (l.infinite || l.movetime_ms.is_some() || l.clock.is_some())
}

/// One request, searched in steps.
pub struct Stepped {
    request: SearchRequest,
    /// Its game, built once for all the steps (or why it cannot be).
    game: Result<Game, String>,
    seed: u64,
    /// The deepest iteration completed.
    depth: u32,
    /// Nodes of the finished steps.
    nodes: u64,
    /// The last finished step's answer and figures.
    last: Option<(Option<Move>, Progress)>,
}

impl Stepped {
    /// A search of `request`, drawing with `seed` where the request names none (as
    /// [`Engine::answer`]).
    pub fn new(request: SearchRequest, seed: u64) -> Stepped {
        Stepped {
            game: rebuild(&request.start, &request.moves).map_err(|e| e.to_string()),
            request,
            seed,
            depth: 0,
            nodes: 0,
            last: None,
        }
    }

    /// The request's id.
    pub fn id(&self) -> u64 {
        self.request.id
    }

    /// Searches the next depth. `clock` gives the milliseconds since the search's first step;
    /// `report_now` and `emit` are as for [`Engine::answer`]. Returns true when another step
    /// is due, false once the search has emitted its one `Done` (or `Failed`).
    pub fn step(
        &mut self,
        engine: &mut Engine,
        clock: &dyn Fn() -> u64,
        report_now: &mut dyn FnMut(u64) -> bool,
        emit: &mut dyn FnMut(SearchReply),
    ) -> bool {
        let game = match &self.game {
            Ok(game) => game,
            Err(reason) => {
                let (id, reason) = (self.request.id, reason.clone());
                emit(SearchReply::Failed { id, reason });
                return false;
            }
        };
        let limits = self.request.task.limits.clone();
        let start = clock();
        let target = self.depth + 1;
        let ceiling = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let time_left = limits.movetime_ms.map(|t| t.saturating_sub(start));
        let nodes_left = limits.nodes.map(|n| n.saturating_sub(self.nodes));
        if self.last.is_some() && (time_left == Some(0) || nodes_left == Some(0)) {
            return self.finish(start, emit);
        }
        let mut part = self.request.clone();
        let l = &mut part.task.limits;
        l.depth = Some(target.min(ceiling));
        l.infinite = false;
        l.movetime_ms = time_left.map(|t| t.max(1));
        l.nodes = nodes_left.map(|n| n.max(1));
        if let Some(c) = &mut l.clock {
            for t in &mut c.time_ms {
                *t = t.saturating_sub(start);
            }
        }
        let (depth_done, nodes_before) = (self.depth, self.nodes);
        let mut step_done: Option<(Option<Move>, Progress)> = None;
        let mut failed = false;
        let never = AtomicBool::new(false);
        engine.answer_game(
            &part,
            game,
            self.seed,
            &|| clock().saturating_sub(start),
            &never,
            &mut |t| report_now(t + start),
            &mut |reply| match reply {
                SearchReply::Progress { id, mut progress } if progress.depth > depth_done => {
                    add_up(&mut progress, nodes_before, start);
                    emit(SearchReply::Progress { id, progress });
                }
                SearchReply::Progress { .. } => {} // a depth already reported, walked again
                SearchReply::Done { best, progress, .. } => step_done = Some((best, progress)),
                other => {
                    failed = true;
                    emit(other);
                }
            },
        );
        let Some((best, mut progress)) = step_done else {
            return !failed && self.finish(clock(), emit);
        };
        self.nodes += progress.nodes;
        let whole = progress.depth >= target;
        add_up(&mut progress, nodes_before, start);
        // A step cut short by the budget keeps the last whole one's answer unless it found
        // one of its own (the engine's rule for an iteration stopped part way).
        if whole || best.is_some() && progress.depth > depth_done || self.last.is_none() {
            self.depth = progress.depth.max(self.depth);
            self.last = Some((best, progress));
        } else if let Some((_, last)) = &mut self.last {
            last.nodes = self.nodes;
        }
        if !whole || target >= ceiling || best.is_none() {
            return self.finish(clock(), emit);
        }
        true
    }

    /// Emits the search's answer: the last step's, with the figures of all of them.
    fn finish(&mut self, now: u64, emit: &mut dyn FnMut(SearchReply)) -> bool {
        if let Some((best, mut progress)) = self.last.take() {
            progress.nodes = self.nodes;
            progress.time_ms = now;
            progress.nps = self.nodes * 1000 / now.max(1);
            emit(SearchReply::Done {
                id: self.request.id,
                best,
                progress,
            });
        }
        false
    }
}

/// Makes a step's figures those of the whole search: the nodes of the steps before added,
/// its time counted from the first step.
fn add_up(progress: &mut Progress, nodes_before: u64, start: u64) {
    progress.nodes += nodes_before;
    progress.time_ms += start;
    progress.nps = progress.nodes * 1000 / progress.time_ms.max(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Setup;
    use xiangqi_ai::{Level, Limits};

    fn request(task: Task) -> SearchRequest {
        SearchRequest {
            id: 9,
            game: 1,
            start: Setup::start(),
            moves: vec![parse_uci("h2e2").unwrap()],
            task,
            seed: None,
        }
    }

    /// Runs every step; returns the replies and how many steps ran.
    fn run(
        engine: &mut Engine,
        req: &SearchRequest,
        clock: &dyn Fn() -> u64,
    ) -> (Vec<SearchReply>, u32) {
        let mut stepped = Stepped::new(req.clone(), 5);
        let mut out = Vec::new();
        let mut steps = 1;
        while stepped.step(engine, clock, &mut |_| true, &mut |r| out.push(r)) {
            steps += 1;
            assert!(steps < 100, "never ends");
        }
        (out, steps)
    }

    #[test]
    fn steps_read_as_one_search_with_rising_depths_and_one_answer() {
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                depth: Some(7),
                movetime_ms: Some(60_000),
                ..Limits::default()
            },
        };
        let (out, steps) = run(&mut Engine::default(), &request(task.clone()), &|| 0);
        assert_eq!(steps, 7, "one step a depth");
        let (last, rest) = out.split_last().unwrap();
        let depths: Vec<u32> = rest
            .iter()
            .map(|r| match r {
                SearchReply::Progress { id: 9, progress } => progress.depth,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            depths,
            (1..=7).collect::<Vec<_>>(),
            "each depth reported once"
        );
        let SearchReply::Done {
            id: 9,
            best: Some(best),
            progress,
        } = last
        else {
            panic!("{last:?}");
        };
        assert_eq!(progress.depth, 7);
        assert_eq!(progress.pv.first(), Some(best));
        // The nodes add up, and the steps cost little more than one whole search: the table
        // carries each step's work into the next.
        let whole = {
            let mut e = Engine::default();
            let mut nodes = 0;
            let never = AtomicBool::new(false);
            let mut whole_task = task;
            whole_task.limits.movetime_ms = None;
            e.answer(
                &request(whole_task),
                5,
                &|| 0,
                &never,
                &mut |_| true,
                &mut |r| {
                    if let SearchReply::Done { progress, .. } = r {
                        nodes = progress.nodes;
                    }
                },
            );
            nodes
        };
        assert!(progress.nodes > whole, "{} then {whole}", progress.nodes);
        assert!(
            progress.nodes < whole * 2,
            "{} then {whole}",
            progress.nodes
        );
    }

    #[test]
    fn an_analysis_goes_on_step_by_step_until_its_ceiling() {
        let mut task = Task {
            player: Player::Strong,
            limits: Limits::infinite(),
        };
        task.limits.depth = Some(4);
        task.limits.multipv = 2;
        let (out, steps) = run(&mut Engine::default(), &request(task), &|| 0);
        assert_eq!(steps, 4);
        assert!(
            matches!(out.last(), Some(SearchReply::Done { progress, .. }) if progress.depth == 4 && progress.lines.len() == 2)
        );
    }

    #[test]
    fn the_time_budget_holds_across_steps() {
        // A clock that moves 40 ms at each reading: level 21's 100 ms run out part way.
        let t = std::cell::Cell::new(0u64);
        let clock = || {
            t.set(t.get() + 40);
            t.get()
        };
        let (out, steps) = run(
            &mut Engine::default(),
            &request(Level::new(21).task(0)),
            &clock,
        );
        assert!(steps >= 1);
        let Some(SearchReply::Done {
            best: Some(_),
            progress,
            ..
        }) = out.last()
        else {
            panic!("{out:?}");
        };
        assert!(progress.time_ms >= 100, "{progress:?}");
    }

    #[test]
    fn only_the_strong_search_with_a_time_budget_or_none_is_stepped() {
        assert!(wants_steps(&Level::new(21).task(0)));
        assert!(wants_steps(&Task {
            player: Player::Strong,
            limits: Limits::infinite()
        }));
        assert!(!wants_steps(&Level::new(19).task(0)), "a node budget");
        assert!(!wants_steps(&Level::new(15).task(0)));
        assert!(!wants_steps(&Task {
            player: Player::Strong,
            limits: Limits::depth(8)
        }));
    }
}
