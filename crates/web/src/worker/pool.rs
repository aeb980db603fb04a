//! Searching on several workers without shared memory: the root moves of a strong search are
//! dealt out among the workers (each searches the same position with its share as
//! `searchmoves`), and their replies are merged into the replies of one search.
//!
//! No SharedArrayBuffer is needed, so the page keeps working in a cross-origin iframe and on a
//! plain static host. Each worker keeps its own table for its share, so the second search of
//! a game still starts from what the first learned.

use super::protocol::{Line, Progress, SearchReply, SearchRequest};
use super::rebuild::rebuild;
use xiangqi::Move;
use xiangqi_ai::{Player, Score};

/// The most workers a search uses, however many cores the browser reports.
pub const MAX_WORKERS: usize = 4;

/// The workers a page keeps when the browser reports `cores` logical cores: all of them on
/// two (the page's own thread is nearly idle while the computer thinks: it only draws the
/// figures a few times a second), else one core left for the page, and at most
/// [`MAX_WORKERS`].
pub fn pool_size(cores: u32) -> usize {
    match cores {
        0 | 1 => 1,
        2 => 2,
        n => (n as usize - 1).min(MAX_WORKERS),
    }
}

/// The workers an analysis or a review uses when the browser reports `cores` logical cores:
/// one core is always left to the page, since the person moves pieces and browses while it
/// runs (on two cores, two busy workers stretch each of the page's redraws past 50 ms).
pub fn analysis_size(cores: u32) -> usize {
    (cores as usize).saturating_sub(1).clamp(1, MAX_WORKERS)
}

/// The requests for up to `workers` workers: a strong search with more root moves than one
/// is split, every other search goes to one worker as it is, and so does a search with a
/// node budget (the budget is the level's strength, which shares would multiply), and so
/// does a level's search of a position of the book's plies from the start (one worker
/// answers from the book at once; shares of the moves would each search). Moves are dealt
/// round-robin in the order the rules generate them, so each share holds a mix of captures
/// and quiet moves.
pub fn split(request: &SearchRequest, workers: usize) -> Vec<SearchRequest> {
    let limits = &request.task.limits;
    let in_book = limits.book.is_some()
        && request.start == xiangqi::Setup::start()
        && request.moves.len() <= xiangqi_ai::book::BOOK_PLIES;
    if workers <= 1 || request.task.player != Player::Strong || limits.nodes.is_some() || in_book {
        return vec![request.clone()];
    }
    let Ok(game) = rebuild(&request.start, &request.moves) else {
        // The worker says what is wrong with it.
        return vec![request.clone()];
    };
    let legal: Vec<Move> = game.position().legal_moves().iter().copied().collect();
    let wanted = &request.task.limits.searchmoves;
    let mut candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| wanted.contains(m))
        .collect();
    if candidates.is_empty() {
        candidates = legal;
    }
    // Multi-PV lines must all come from one worker's share to be ranked against each other.
    let lines = request.task.limits.multipv.max(1) as usize;
    let workers = workers.min(candidates.len() / lines);
    if workers <= 1 {
        return vec![request.clone()];
    }
    (0..workers)
        .map(|w| {
            let mut part = request.clone();
            part.task.limits.searchmoves = candidates
                .iter()
                .copied()
                .skip(w)
                .step_by(workers)
                .collect();
            part
        })
        .collect()
}

/// Whether `request` is searched by `workers` workers on a shared table, one answering and
/// the others helping (Lazy SMP): a strong search without a node budget (the budget is the
/// level's strength, which helpers would multiply), on more than one worker.
pub fn helped(request: &SearchRequest, workers: usize) -> bool {
    workers > 1 && request.task.player == Player::Strong && request.task.limits.nodes.is_none()
}

/// The figures of a search answered by one worker and helped by others, `workers` in all.
pub fn helped_figures(reply: &mut SearchReply, workers: u32) {
    if let SearchReply::Progress { progress, .. } | SearchReply::Done { progress, .. } = reply {
        progress.workers = workers;
        progress.shared = true;
    }
}

/// A score as one number, higher is better for the side to move; mates beyond every
/// centipawn score, nearer mates first.
fn rank(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

/// The replies of the workers of one split search, merged into those of one search.
#[derive(Debug)]
pub struct Merge {
    /// The search merged: replies of another are not this merge's.
    id: u64,
    /// Each worker's latest figures.
    latest: Vec<Option<Progress>>,
    /// Each worker's answer, once it has given one.
    done: Vec<Option<Option<Move>>>,
    /// A failure was passed on: the rest is not.
    failed: bool,
}

impl Merge {
    /// The merge of `workers` workers' replies to search `id`.
    pub fn new(id: u64, workers: usize) -> Merge {
        Merge {
            id,
            latest: vec![None; workers],
            done: vec![None; workers],
            failed: false,
        }
    }

    /// The figures of the whole search: the line of the worker with the best score, at the
    /// shallowest depth any worker completed; nodes and speed summed; the longest time; and
    /// of a multi-line search, the best lines of all the workers' (as many as one gives).
    fn merged(&self) -> Option<Progress> {
        let reported: Vec<&Progress> = self.latest.iter().flatten().collect();
        let best = reported.iter().max_by_key(|p| (rank(p.score), p.depth))?;
        let want = reported.iter().map(|p| p.lines.len()).max().unwrap_or(0);
        let mut pool: Vec<&Line> = reported.iter().flat_map(|p| &p.lines).collect();
        let mut lines = Vec::with_capacity(want);
        while lines.len() < want {
            // The first of the best: a worker's own order is kept among equal scores.
            let Some(i) = (0..pool.len()).rev().max_by_key(|&i| rank(pool[i].score)) else {
                break;
            };
            lines.push(pool.remove(i).clone());
        }
        Some(Progress {
            depth: reported.iter().map(|p| p.depth).min().unwrap_or(0),
            nodes: reported.iter().map(|p| p.nodes).sum(),
            time_ms: reported.iter().map(|p| p.time_ms).max().unwrap_or(0),
            nps: reported.iter().map(|p| p.nps).sum(),
            // A worker's lines may come out of order (a later line can score above the
            // first when its search fails high), so the best line decides.
            score: lines.first().map_or(best.score, |l: &Line| l.score),
            pv: lines
                .first()
                .map_or_else(|| best.pv.clone(), |l| l.pv.clone()),
            workers: self.latest.len() as u32,
            shared: false,
            network: reported.iter().all(|p| p.network),
            lines,
        })
    }

    /// Takes the reply of worker `worker` and returns what to pass on: merged progress, the
    /// one answer once every worker has answered (the best-scoring worker's move), or a
    /// failure at once. A reply to another search, or from a worker that is not one of this
    /// merge's (a helper, which answers nothing), is no part of it. Whether the search is
    /// still wanted is the model's to say (`model::Search::reply`), not this.
    pub fn take(&mut self, worker: usize, reply: SearchReply) -> Option<SearchReply> {
        if self.failed || worker >= self.latest.len() || reply.id() != Some(self.id) {
            return None;
        }
        match reply {
            SearchReply::Progress { id, progress } => {
                self.latest[worker] = Some(progress);
                let progress = self.merged()?;
                Some(SearchReply::Progress { id, progress })
            }
            SearchReply::Done { id, best, progress } => {
                self.latest[worker] = Some(progress);
                self.done[worker] = Some(best);
                let progress = self.merged()?;
                if self.done.iter().any(Option::is_none) {
                    return Some(SearchReply::Progress { id, progress });
                }
                // The best line's move; a worker without a move (none legal) never wins.
                let best = progress
                    .pv
                    .first()
                    .copied()
                    .or_else(|| self.done.iter().flatten().flatten().next().copied());
                Some(SearchReply::Done { id, best, progress })
            }
            failure @ (SearchReply::Failed { .. } | SearchReply::Crashed { .. }) => {
                self.failed = true;
                Some(failure)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Setup;
    use xiangqi_ai::{Level, Limits, Task};

    fn request(moves: &[&str], task: Task) -> SearchRequest {
        SearchRequest {
            id: 9,
            game: 1,
            start: Setup::start(),
            moves: moves.iter().map(|s| parse_uci(s).unwrap()).collect(),
            task,
            seed: None,
        }
    }

    fn progress(depth: u32, nodes: u64, score: Score, pv: &str) -> Progress {
        Progress {
            depth,
            nodes,
            time_ms: 100,
            nps: nodes * 10,
            score,
            pv: vec![parse_uci(pv).unwrap()],
            workers: 1,
            shared: false,
            network: false,
            lines: Vec::new(),
        }
    }

    #[test]
    fn pool_sizes_leave_the_page_a_core_from_three_on() {
        assert_eq!([0, 1, 2, 3, 4, 8, 64].map(pool_size), [1, 1, 2, 2, 3, 4, 4]);
        assert_eq!(
            [0, 1, 2, 3, 4, 8, 64].map(analysis_size),
            [1, 1, 1, 2, 3, 4, 4]
        );
    }

    #[test]
    fn a_strong_search_is_dealt_out_and_every_legal_move_is_searched_once() {
        // Out of the book's reach (the level's book asked for, but no longer of use).
        let mut task = Level::new(26).task(0);
        task.limits.book = None;
        let req = request(&["h2e2"], task);
        let parts = split(&req, 3);
        assert_eq!(parts.len(), 3);
        let mut all: Vec<Move> = parts
            .iter()
            .flat_map(|p| p.task.limits.searchmoves.clone())
            .collect();
        all.sort_by_key(|m| m.raw());
        let game = rebuild(&req.start, &req.moves).unwrap();
        let mut legal: Vec<Move> = game.position().legal_moves().iter().copied().collect();
        legal.sort_by_key(|m| m.raw());
        assert_eq!(all, legal);
        for p in &parts {
            assert_eq!(
                (p.id, &p.moves, p.task.player),
                (req.id, &req.moves, req.task.player)
            );
        }
    }

    #[test]
    fn weak_players_single_moves_and_searchmoves_are_respected() {
        // The weak levels are not split, nor the strong search on a node budget.
        assert_eq!(split(&request(&[], Level::new(10).task(0)), 4).len(), 1);
        assert_eq!(split(&request(&[], Level::new(19).task(0)), 4).len(), 1);
        // A level that uses the book, in the opening: one worker, which looks in the book.
        assert_eq!(split(&request(&[], Level::new(21).task(0)), 4).len(), 1);
        let mut no_book = Level::new(21).task(0);
        no_book.limits.book = None;
        assert_eq!(split(&request(&[], no_book), 4).len(), 4);
        // Two searchmoves among two workers at most.
        let mut task = Level::new(26).task(0);
        task.limits.book = None;
        task.limits.searchmoves = ["h2e2", "b2e2", "h0g2"]
            .map(|m| parse_uci(m).unwrap())
            .to_vec();
        let parts = split(&request(&[], task), 2);
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts
                .iter()
                .map(|p| p.task.limits.searchmoves.len())
                .sum::<usize>(),
            3
        );
        // One legal move: one worker.
        let mut task = Level::new(26).task(0);
        task.limits = Limits {
            searchmoves: vec![parse_uci("h2e2").unwrap()],
            ..task.limits
        };
        assert_eq!(split(&request(&[], task), 4).len(), 1);
    }

    #[test]
    fn replies_merge_into_one_search() {
        let mut merge = Merge::new(9, 2);
        let p0 = progress(6, 1000, Score::Cp(20), "h2e2");
        let p1 = progress(5, 3000, Score::Cp(45), "b2e2");
        let Some(SearchReply::Progress { progress, .. }) = merge.take(
            0,
            SearchReply::Progress {
                id: 9,
                progress: p0.clone(),
            },
        ) else {
            panic!("progress is passed on");
        };
        assert_eq!((progress.depth, progress.workers), (6, 2));
        let one_done = merge.take(
            1,
            SearchReply::Done {
                id: 9,
                best: Some(p1.pv[0]),
                progress: p1,
            },
        );
        assert!(
            matches!(one_done, Some(SearchReply::Progress { .. })),
            "with one worker still searching, only figures: {one_done:?}"
        );
        let Some(SearchReply::Done { id, best, progress }) = merge.take(
            0,
            SearchReply::Done {
                id: 9,
                best: Some(p0.pv[0]),
                progress: p0,
            },
        ) else {
            panic!("the answer comes when both answered");
        };
        assert_eq!(id, 9);
        assert_eq!(
            best,
            Some(parse_uci("b2e2").unwrap()),
            "the better score wins"
        );
        assert_eq!(
            (progress.depth, progress.nodes, progress.nps),
            (5, 4000, 40_000)
        );
        // A mate beats any centipawn score, a nearer mate a farther one.
        assert!(rank(Score::Mate(3)) > rank(Score::Mate(5)));
        assert!(rank(Score::Mate(5)) > rank(Score::Cp(5000)));
        assert!(rank(Score::Mate(-5)) > rank(Score::Mate(-3)));
        assert!(rank(Score::Cp(-5000)) > rank(Score::Mate(-9)));
    }

    #[test]
    fn the_lines_of_an_analysis_are_the_best_of_every_worker() {
        let line = |cp, pv| Line {
            score: Score::Cp(cp),
            pv: vec![parse_uci(pv).unwrap()],
        };
        let mut p0 = progress(9, 1000, Score::Cp(30), "h2e2");
        p0.lines = vec![line(30, "h2e2"), line(10, "b0c2"), line(-5, "a3a4")];
        // This worker's second line scored above its first.
        let mut p1 = progress(8, 1000, Score::Cp(10), "h0g2");
        p1.lines = vec![line(10, "h0g2"), line(40, "b2e2"), line(0, "c3c4")];
        merge_progress(&mut Merge::new(9, 2), [p0, p1], |progress| {
            let got: Vec<(Score, String)> = progress
                .lines
                .iter()
                .map(|l| (l.score, l.pv[0].to_string()))
                .collect();
            let want = [(40, "b2e2"), (30, "h2e2"), (10, "b0c2")];
            let want: Vec<(Score, String)> = want
                .iter()
                .map(|&(cp, m)| (Score::Cp(cp), m.to_string()))
                .collect();
            assert_eq!(
                got, want,
                "three lines, best first, the first worker's first on a tie"
            );
            assert_eq!((progress.score, progress.depth), (Score::Cp(40), 8));
            assert_eq!(
                progress.pv,
                vec![parse_uci("b2e2").unwrap()],
                "the best line's"
            );
        });
    }

    /// Passes each of `reports` (worker 0, 1, ...) to `merge` and checks the last merge.
    fn merge_progress<const N: usize>(
        merge: &mut Merge,
        reports: [Progress; N],
        check: impl Fn(&Progress),
    ) {
        let mut last = None;
        for (worker, progress) in reports.into_iter().enumerate() {
            last = merge.take(worker, SearchReply::Progress { id: 9, progress });
        }
        let Some(SearchReply::Progress { progress, .. }) = last else {
            panic!("progress is passed on");
        };
        check(&progress);
    }

    #[test]
    fn a_merge_takes_only_its_own_search_and_workers() {
        let mut merge = Merge::new(9, 2);
        let p = progress(3, 10, Score::Cp(0), "h2e2");
        let other = SearchReply::Progress {
            id: 8,
            progress: p.clone(),
        };
        assert_eq!(merge.take(0, other), None, "a reply to another search");
        let helper = SearchReply::Progress {
            id: 9,
            progress: p.clone(),
        };
        assert_eq!(merge.take(2, helper), None, "a worker outside the merge");
        let own = SearchReply::Progress { id: 9, progress: p };
        assert!(merge.take(0, own).is_some());
    }

    #[test]
    fn a_failure_is_passed_on_once_and_ends_the_merge() {
        let mut merge = Merge::new(9, 2);
        let failed = SearchReply::Failed {
            id: 9,
            reason: "bad".into(),
        };
        assert_eq!(merge.take(1, failed.clone()), Some(failed));
        let p = progress(3, 10, Score::Cp(0), "h2e2");
        assert_eq!(
            merge.take(0, SearchReply::Progress { id: 9, progress: p }),
            None
        );
    }
}
