//! A built-in player of a match: one of this workspace's searches, run in this process.

use super::error::PlayerError;
use super::player::{mate_cp, on_clock, Player, Searched};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::{Game, Move};
use xiangqi_ai::{GameClock, Score, Session, Task};

/// A built-in player: an engine session kept for every game the player plays, and its task.
pub struct Builtin {
    session: Session,
    task: Task,
    last: Option<Searched>,
}

impl Builtin {
    /// A player for `task` (its seed is replaced for every move), with a session of
    /// `hash_mb` megabytes searching on `threads` threads.
    pub fn new(task: Task, hash_mb: usize, threads: usize) -> Builtin {
        let mut session = Session::new(hash_mb);
        session.set_threads(threads);
        Builtin {
            session,
            task,
            last: None,
        }
    }
}

impl Player for Builtin {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.session.new_game();
        Ok(())
    }

    fn choose(
        &mut self,
        game: &Game,
        seed: u64,
        game_clock: Option<GameClock>,
    ) -> Result<Move, PlayerError> {
        let start = Instant::now();
        let clock = || start.elapsed().as_millis() as u64;
        let task = Task {
            player: self.task.player.with_seed(seed),
            limits: on_clock(&self.task.limits, game_clock),
        };
        let thought = self
            .session
            .think(game, &task, &clock, &AtomicBool::new(false), &mut |_| {});
        self.last = Some(Searched {
            nodes: thought.nodes,
            depth: thought.depth,
            score: thought.best.map(|_| match thought.score {
                Score::Cp(cp) => cp,
                Score::Mate(n) => mate_cp(n),
            }),
        });
        thought.best.ok_or(PlayerError::NoBuiltinMove)
    }

    fn searched(&self) -> Option<Searched> {
        self.last
    }
}
