//! The engine session: one protocol-neutral engine that every front end drives.
//!
//! A [`Session`] owns what a search learns and the next one can use: the strong search's
//! transposition table, history and killers. It keeps them for the life of a game, so the
//! second move of a game starts from what the first search found; [`Session::new_game`]
//! forgets them. Each search is a [`Task`]: which [`Player`] thinks, within which [`Limits`].
//! The caller passes in the clock (milliseconds since the search began) and the stop flag,
//! so the same session runs natively on a thread and in a web worker. UCI, the terminal
//! player, the match runner and the web worker are thin layers over it.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use xiangqi::Game;
//! use xiangqi_ai::{Limits, Player, Session, Task};
//! let mut session = Session::new(4);
//! let task = Task { player: Player::Strong, limits: Limits::depth(3) };
//! let game = Game::new();
//! let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
//! assert!(game.position().is_legal(thought.best.unwrap()));
//! ```

use crate::alphabeta;
use crate::book::Book;
use crate::choice::Choice;
use crate::greedy;
use crate::limits::Limits;
use crate::nnue::Network;
use crate::score::Score;
use crate::search::searcher::Searcher;
use crate::thought::{Info, Thought};
use crate::tt::{Backing, Table};
use core::sync::atomic::AtomicBool;
use std::sync::Arc;
use xiangqi::Game;

/// Transposition table size of a session unless the caller asks otherwise, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Who thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// v1: the best one-ply evaluation, at random among equals.
    Greedy {
        /// Seed of the random choice.
        seed: u64,
    },
    /// v2: alpha-beta to a depth, at random among the root moves near the best.
    AlphaBeta {
        /// Plies, unless the limits give a depth or a budget.
        depth: u32,
        /// Centipawns from the best within which a root move is a candidate.
        margin: i32,
        /// Seed of the random choice.
        seed: u64,
    },
    /// A player of some skill: v2's search to a depth, every root move scored, and one drawn
    /// by a softmax of the scores, so that it plays a worse move now and then, the worse the
    /// more rarely (`choice.rs`).
    Skill {
        /// Plies, unless the limits give a depth or a budget.
        depth: u32,
        /// Centipawns lost that halve a move's chance of being played (0: the best always).
        temperature: i32,
        /// Seed of the random choice.
        seed: u64,
    },
    /// v3: the strong search, with the session's table, history and killers.
    Strong,
}

impl Player {
    /// The same player with another seed (the strong search has none).
    pub fn with_seed(self, new: u64) -> Player {
        match self {
            Player::Greedy { .. } => Player::Greedy { seed: new },
            Player::AlphaBeta { depth, margin, .. } => Player::AlphaBeta {
                depth,
                margin,
                seed: new,
            },
            Player::Skill {
                depth, temperature, ..
            } => Player::Skill {
                depth,
                temperature,
                seed: new,
            },
            Player::Strong => Player::Strong,
        }
    }
}

/// One search: a player and its limits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Task {
    /// Who thinks.
    pub player: Player,
    /// Within what.
    pub limits: Limits,
}

/// The engine: what the searches of one game share (see the module doc).
pub struct Session {
    searcher: Searcher,
    hash_mb: usize,
    /// The opening book that tasks asking for it ([`Limits::book`]) answer from.
    book: Option<Arc<Book>>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(DEFAULT_HASH_MB)
    }
}

impl Session {
    /// A session whose transposition table takes `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Session {
        Session {
            searcher: Searcher::new(hash_mb),
            hash_mb,
            book: None,
        }
    }

    /// Forgets everything learned: a new game starts from nothing.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Searches on a table whose entries are `backing`'s from now on: a table shared with
    /// other sessions, in other programs, that search the same games (see [`Backing`]). What
    /// the table holds is kept; `set_hash_mb` with another size goes back to a table of the
    /// session's own.
    pub fn share_table(&mut self, backing: Box<dyn Backing>) {
        self.searcher.use_table(Table::backed(backing));
    }

    /// Forgets what this session learned (its histories and killers) but not the table: a new
    /// game for a session that helps another on a shared table, whose owner clears it.
    pub fn new_game_keeping_table(&mut self) {
        self.searcher.clear_own();
    }

    /// Searches the position of `game` as helper number `helper` (from 1) of the strong search
    /// another session runs on the same shared table ([`Session::share_table`]): Lazy SMP
    /// across programs. It searches within the depth and moves of `limits` until `stop` is
    /// set, as a helper thread does, reports nothing and returns the nodes it searched; what it
    /// finds reaches the other search through the table.
    pub fn help(
        &mut self,
        game: &Game,
        limits: &Limits,
        helper: usize,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
    ) -> u64 {
        self.searcher.help(game, limits, helper.max(1), clock, stop)
    }

    /// Replaces the transposition table with an empty one of `mb` megabytes (a no-op when
    /// the size is unchanged).
    pub fn set_hash_mb(&mut self, mb: usize) {
        if mb != self.hash_mb {
            self.searcher.resize(mb);
            self.hash_mb = mb;
        }
    }

    /// The table's size in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Lets the strong search use `n` threads (at least one) from now on: Lazy SMP, one
    /// shared transposition table. Where threads cannot be started (a web worker), the
    /// search runs on one.
    pub fn set_threads(&mut self, n: usize) {
        if n.max(1) != self.searcher.threads() {
            self.searcher.set_threads(n);
        }
    }

    /// Has the strong search evaluate with `net` from now on, or with the hand-set terms
    /// (`None`). The table keeps what it holds, scored by the evaluation before: a new game
    /// ([`Session::new_game`]) clears it, and a session that helps on a shared table leaves
    /// that to the table's owner.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.searcher.set_network(net);
    }

    /// The network the strong search evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.searcher.network()
    }

    /// Has tasks that ask for it ([`Limits::book`]) answer from `book` while it knows the
    /// position; `None` always searches.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// The book's move for `game` under `limits`: only when the limits ask for the book, leave
    /// every move open, want one line and do not search until stopped.
    fn book_move(&self, game: &Game, limits: &Limits) -> Option<Thought> {
        let seed = limits.book?;
        let book = self.book.as_ref()?;
        if !limits.searchmoves.is_empty() || limits.multipv > 1 || limits.infinite {
            return None;
        }
        let position = game.position();
        let mv = book.choose(position, seed)?;
        let entry = book.moves(position).into_iter().find(|m| m.mv == mv)?;
        Some(Thought {
            best: Some(mv),
            score: Score::Cp(entry.score),
            depth: 0,
            nodes: 0,
            pv: vec![mv],
        })
    }

    /// The threads the strong search uses.
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Per mille of the table in use.
    pub fn hashfull(&self) -> u32 {
        self.searcher.hashfull()
    }

    /// Chooses a move for the side to move in `game` with `task`, reporting progress to
    /// `on_info`. `clock` gives milliseconds since the search began; setting `stop` ends the
    /// search as soon as it is polled, and the best move found so far is returned.
    pub fn think(
        &mut self,
        game: &Game,
        task: &Task,
        clock: &dyn Fn() -> u64,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Thought {
        let limits = &task.limits;
        if let Some(thought) = self.book_move(game, limits) {
            return thought;
        }
        match task.player {
            Player::Greedy { seed } => greedy::choose(game, seed, limits),
            Player::AlphaBeta {
                depth,
                margin,
                seed,
            } => alphabeta::choose(
                game,
                &alphabeta::Config {
                    depth,
                    choice: Choice::Margin(margin),
                    seed,
                },
                limits,
                clock,
                stop,
                on_info,
            ),
            Player::Skill {
                depth,
                temperature,
                seed,
            } => alphabeta::choose(
                game,
                &alphabeta::Config {
                    depth,
                    choice: Choice::Softmax(temperature),
                    seed,
                },
                limits,
                clock,
                stop,
                on_info,
            ),
            Player::Strong => self.searcher.search(game, limits, clock, stop, on_info),
        }
    }
}
