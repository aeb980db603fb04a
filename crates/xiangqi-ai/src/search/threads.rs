//! The strong search's threads (Lazy SMP): the helpers are started for each search and
//! stopped when the main search ends, and each thread polls its stop flag, its budget and,
//! for a helper, adds its nodes to the shared count.

use super::searcher::Searcher;
use crate::limits::Limits;
use crate::thought::{Info, Thought};
use core::sync::atomic::{AtomicBool, Ordering};
use xiangqi::Game;

impl Searcher {
    /// The number of threads a search uses.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Searches with `n` threads (at least one) from now on.
    pub fn set_threads(&mut self, n: usize) {
        self.helpers = (1..n.max(1))
            .map(|i| {
                let mut helper =
                    Searcher::sharing(self.tt.clone(), Some(i), self.helper_nodes.clone());
                helper.net = self.net.clone();
                helper
            })
            .collect();
    }

    /// Searches the position of `game` within `limits` (among its `searchmoves`, reporting
    /// its `multipv` lines), polling `stop` and `clock` (milliseconds since the search
    /// began), reporting each iteration to `on_info`.
    pub(crate) fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        self.tt.new_search();
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() {
            return self.iterate(game, limits, clock, stop, on_info);
        }
        let helper_limits = helper_limits(limits);
        let done = AtomicBool::new(false);
        let mut helpers = core::mem::take(&mut self.helpers);
        let thought = std::thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                let (limits, done) = (&helper_limits, &done);
                // A thread that cannot be started leaves the work to the others.
                let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                    helper.iterate(game, limits, &|| 0, done, &mut |_| {});
                    helper.publish_nodes();
                });
            }
            // The helpers stop when the main search ends, even by a panic (the scope joins
            // them before the panic goes on).
            let _stop_helpers = SetOnDrop(&done);
            self.iterate(game, limits, clock, stop, on_info)
        });
        self.helpers = helpers;
        Thought {
            nodes: self.total_nodes(),
            ..thought
        }
    }

    /// Searches the position of `game` as helper number `helper` (from 1) of a search that
    /// another program runs on the same [`Backing`](crate::tt::Backing) (a worker of the page
    /// helping another): as a helper thread does, within the depth and the moves of `limits`,
    /// until `stop` is set, reporting nothing. Returns the nodes searched.
    pub(crate) fn help(
        &mut self,
        game: &Game,
        limits: &Limits,
        helper: usize,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
    ) -> u64 {
        self.tt.new_search();
        let own = core::mem::replace(&mut self.depth_offset, Searcher::offset(helper));
        self.iterate(game, &helper_limits(limits), clock, stop, &mut |_| {});
        self.depth_offset = own;
        self.nodes
    }

    /// The nodes of the whole search so far, helpers included.
    pub(super) fn total_nodes(&self) -> u64 {
        self.nodes + self.helper_nodes.load(Ordering::Relaxed)
    }

    /// A helper adds the nodes it counted since it last did to the shared count.
    fn publish_nodes(&mut self) {
        self.helper_nodes
            .fetch_add(self.nodes - self.unpublished, Ordering::Relaxed);
        self.unpublished = self.nodes;
    }

    /// Stops the search (sets `stopped`) once the caller's flag is set or the budget is
    /// spent; a helper first adds its nodes to the shared count.
    #[inline]
    pub(super) fn poll(&mut self, ctl: &mut Control) {
        if self.is_helper {
            self.publish_nodes();
        }
        // The budget reads the clock first, where a caller may set the stop flag.
        let spent = self.budget.spent(self.nodes, ctl.clock);
        if spent || ctl.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }
}

/// A helper's limits for a search within `limits`: until the main search ends, within its
/// depth and moves.
fn helper_limits(limits: &Limits) -> Limits {
    Limits {
        depth: limits.depth,
        searchmoves: limits.searchmoves.clone(),
        infinite: true,
        ..Limits::default()
    }
}

/// Sets its flag when dropped.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The caller's clock and stop flag, borrowed for one search.
pub(super) struct Control<'a> {
    pub(super) clock: &'a dyn Fn() -> u64,
    pub(super) stop: &'a AtomicBool,
}
