//! `xiangqi match`: two engine configurations play each other from a set of opening lines,
//! each line twice with the colours swapped, and the result is reported as wins, draws and
//! losses, a score and an Elo difference with its 95% interval.
//!
//! Games are judged by the engine's rules ([`xiangqi::Game`]: mate, no legal move, perpetual
//! check or chase, repetition, 60 moves without a capture, no attacking material), and a game
//! that reaches the length limit is a draw. A player that fails (an external engine that times
//! out, crashes or plays an illegal move) loses that game. With `--adjudicate`, a game whose
//! result both engines' scores agree on ends there ([`adjudication`]).
//!
//! ```text
//! xiangqi match --a alphabeta:depth=4 --b greedy --games 20
//! ```
//!
//! With `--sprt`, the match is a sequential test: game pairs are played until the
//! log-likelihood ratio crosses a bound ([`sprt`], [`sequential`]).
//!
//! The parts: [`args`] (the command line), [`spec`] (engine specs and the players they
//! start: [`builtin`] and [`external`]; [`clock`] for the engines that play on a game clock), [`opening_set`] (the openings: the named lines of
//! [`openings`], or a book that [`book`] writes), [`game`] (one game, [`adjudication`]), [`mod@run`] (the whole
//! match), and [`summary`], [`mod@pgn`] and [`elo`] for what is written.

pub mod adjudication;
pub mod args;
pub mod book;
pub mod builtin;
pub mod clock;
pub mod command_line;
pub mod config;
pub mod connection;
pub mod elo;
pub mod ending;
pub mod engine_move;
pub mod error;
pub mod external;
pub mod game;
pub mod go;
pub mod opening_set;
pub mod openings;
pub mod pgn;
pub mod player;
pub mod record;
pub mod resume;
pub mod run;
pub mod sequential;
pub mod spec;
pub mod spec_help;
pub mod sprt;
pub mod summary;
pub mod thinking;
pub mod uci_spec;

pub use adjudication::Adjudication;
pub use args::MatchArgs;
pub use book::{run_openings, OpeningsArgs};
pub use clock::{Clocks, TimeControl};
pub use config::{MatchConfig, DEFAULT_MAX_PLIES, DEFAULT_PAIRS};
pub use ending::{Ending, CLAIM_PLIES};
pub use error::{MatchError, PlayerError, SpecError, SpecProblem};
pub use game::{play_game, Conditions, Played};
pub use opening_set::OpeningSet;
pub use pgn::pgn;
pub use player::{Player, Searched};
pub use record::{pairs_of, ForA, GameRecord, MatchResult};
pub use run::{run, run_match};
pub use spec::EngineSpec;
pub use spec_help::SPEC_HELP;
pub use sprt::Sprt;
pub use summary::write_summary;
pub use thinking::Thinking;
