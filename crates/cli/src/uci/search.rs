//! The search thread: what the protocol loop and a running search (or perft) share, the
//! search that answers `go` with its `info` lines and `bestmove`, and the seed for `Seed 0`.

use super::output::{write_line, Sink};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;
use xiangqi::Game;
use xiangqi_ai::{Info, Score, Session, Task, Thought};

/// A search or a perft running on its own thread, which hands the session back (if it had
/// it) when it ends.
pub(super) struct Running {
    pub(super) control: Arc<Control>,
    /// False when only `stop` ends it (`infinite`, or the strong search with no limit).
    pub(super) ends_by_itself: bool,
    pub(super) thread: JoinHandle<Option<Session>>,
}

/// What the protocol loop and a running search share.
pub(super) struct Control {
    /// `stop` (or `quit`, or a command that replaces the search): answer now.
    pub(super) stop: AtomicBool,
    /// The flag the search and perft poll: set with `stop`, and by the search's own thread
    /// once `go mate` has its mate.
    pub(super) halt: AtomicBool,
    /// When the search's clock started, in milliseconds after `started`: 0, or the moment of
    /// `ponderhit`; [`PONDERING`] until then.
    pub(super) clock_origin: AtomicU64,
    /// When the `go` came.
    pub(super) started: Instant,
}

/// [`Control::clock_origin`] while the search ponders.
const PONDERING: u64 = u64::MAX;

impl Control {
    pub(super) fn new(ponder: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            halt: AtomicBool::new(false),
            clock_origin: AtomicU64::new(if ponder { PONDERING } else { 0 }),
            started: Instant::now(),
        }
    }

    /// Milliseconds since the `go`.
    pub(super) fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// The search's clock: milliseconds since it started counting, 0 while pondering.
    pub(super) fn search_ms(&self) -> u64 {
        match self.clock_origin.load(Ordering::Relaxed) {
            PONDERING => 0,
            origin => self.elapsed_ms().saturating_sub(origin),
        }
    }

    pub(super) fn pondering(&self) -> bool {
        self.clock_origin.load(Ordering::Relaxed) == PONDERING
    }

    /// `ponderhit`: the clock starts now.
    pub(super) fn ponder_hit(&self) {
        let now = self.elapsed_ms().min(PONDERING - 1);
        let _ = self.clock_origin.compare_exchange(
            PONDERING,
            now,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.halt.store(true, Ordering::Relaxed);
    }
}

/// A fresh random seed (for `Seed 0`).
pub(super) fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    }
}

/// Runs the search `go` asked for and writes its `info` lines and `bestmove` to `sink`.
/// With `mate`, an iteration that proves a mate in that many moves or fewer ends it.
pub(super) fn search_and_answer(
    session: &mut Session,
    game: &Game,
    task: &Task,
    mate: Option<u32>,
    control: &Control,
    sink: &Sink,
) {
    let clock = || control.search_ms();
    let mut on_info = |i: &Info| {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        // The search's clock stands still while pondering: the time since the `go` is
        // what the GUI wants to see.
        let time_ms = control.elapsed_ms();
        write_line(
            sink,
            format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                i.depth,
                i.seldepth,
                i.multipv,
                i.score,
                i.nodes,
                i.nodes * 1000 / time_ms.max(1),
                time_ms,
                pv.join(" ")
            ),
        );
        if let (Some(n), 1, Score::Mate(k)) = (mate, i.multipv, i.score) {
            if k > 0 && k.unsigned_abs() <= n {
                control.halt.store(true, Ordering::Relaxed);
            }
        }
    };
    let thought = session.think(game, task, &clock, &control.halt, &mut on_info);
    // The answer to `go infinite` waits for `stop`, and a ponder search's for `ponderhit` or
    // `stop`, as the protocol requires.
    while !control.stop.load(Ordering::Relaxed) && (control.pondering() || task.limits.infinite) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    write_line(sink, bestmove_line(game, &thought));
}

/// `bestmove M`, with `ponder P` when the principal variation has the reply `P` to expect
/// after `M`; `bestmove (none)` when there is no legal move.
fn bestmove_line(game: &Game, thought: &Thought) -> String {
    xiangqi_uci::output::bestmove_line(game.position(), thought.best, &thought.pv)
}
