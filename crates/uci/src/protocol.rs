//! The protocol's state between lines (the game, the options) and what each command does, for
//! both engines: a search is handed to the engine's [`Searcher`].

use crate::option::OptionError;
use crate::options::{Caps, Effect, Options};
use crate::output::{info_string, refused_move};
use crate::search::{Search, Searcher};
use crate::{Command, Go, ENGINE_AUTHOR};
use std::io::{self, Write};
use xiangqi::{Game, Move, Outcome, Position};
use xiangqi_ai::Player;

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `quit` was received (the GUI's or the person's).
    Quit,
}

/// Why `go` answers no move after a `position` that could not be read.
pub const NO_POSITION: &str =
    "no position to search: the last position command could not be read; send a valid one";

/// The protocol's state between lines: the game so far (so the search knows its
/// repetitions) and the options.
///
/// Nothing a GUI or a person sends stops it: every line that cannot be used is answered with
/// `info string` and the state stays as it was before that line. After a `position` that
/// cannot be read, `go` answers `bestmove (none)` (with an `info string` saying why) until a
/// `position` succeeds, rather than a move of a position the GUI did not mean. An illegal move
/// in `position` is named, and the moves before it stand. A search `go` is never refused: what
/// it cannot use is named and left out, so it gets its `bestmove` (see [`crate::GoNote`]).
#[derive(Clone, Debug)]
pub struct Protocol {
    caps: Caps,
    game: Game,
    /// False after a `position` that could not be read (a bad FEN, a word that is no move):
    /// the game is the one before it, which the GUI no longer means, so `go` answers no move.
    position_ok: bool,
    options: Options,
}

impl Protocol {
    /// The start position and the default options of an engine that can do `caps`.
    pub fn new(caps: Caps) -> Protocol {
        Protocol {
            options: Options::new(&caps),
            caps,
            game: Game::new(),
            position_ok: true,
        }
    }

    /// The position the next `go` would start from.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Handles one line of text, answering on `out` (a search answers through `searcher`).
    /// Blank lines are ignored; lines that cannot be read or carried out are answered with
    /// `info string` and change nothing.
    pub fn handle_line(
        &mut self,
        line: &str,
        searcher: &mut dyn Searcher,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        if line.trim().is_empty() {
            return Ok(Flow::Continue);
        }
        match line.parse::<Command>() {
            Ok(command) => self.execute(command, searcher, out),
            Err(e) => {
                if line.split_whitespace().next() == Some("position") {
                    self.position_ok = false;
                }
                info(out, &e.to_string())?;
                Ok(Flow::Continue)
            }
        }
    }

    /// Carries out a command.
    pub fn execute(
        &mut self,
        command: Command,
        searcher: &mut dyn Searcher,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        match command {
            Command::Uci => {
                writeln!(out, "id name {}", self.caps.name)?;
                writeln!(out, "id author {ENGINE_AUTHOR}")?;
                for line in Options::announce(&self.caps) {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "uciok")?;
            }
            Command::IsReady => writeln!(out, "readyok")?,
            Command::UciNewGame => {
                self.game = Game::new();
                self.position_ok = true;
                searcher.new_game();
            }
            Command::Position { start, moves } => {
                searcher.stop();
                self.set_position(*start, &moves, out)?;
            }
            Command::Go(Go::Perft(depth)) => {
                searcher.stop();
                if !self.caps.counts {
                    let why =
                        "go perft: the page's engine only searches; the native xiangqi counts";
                    info(out, why)?;
                } else if !self.position_ok {
                    info(out, NO_POSITION)?;
                } else {
                    searcher.perft(self.game.position().clone(), depth);
                }
            }
            Command::Go(Go::Search {
                limits,
                mut ponder,
                mate,
                notes,
            }) => {
                searcher.stop();
                // Said where the search's answer goes, so that they come before it.
                for note in notes {
                    searcher.say(&info_string(&note.to_string()));
                }
                if ponder && !self.caps.ponders {
                    let why = "go ponder: this engine does not ponder; it searches now";
                    searcher.say(&info_string(why));
                    ponder = false;
                }
                if !self.position_ok {
                    searcher.say(&info_string(NO_POSITION));
                    searcher.say("bestmove (none)");
                    return Ok(Flow::Continue);
                }
                let seed = match self.options.seed {
                    0 => searcher.fresh_seed(),
                    seed => Some(seed),
                };
                let task = self.options.task(limits, seed.unwrap_or_default());
                let l = &task.limits;
                let bounded = l.depth.is_some()
                    || l.nodes.is_some()
                    || l.movetime_ms.is_some()
                    || l.clock.is_some()
                    || task.player != Player::Strong;
                let ends_by_itself = bounded && !l.infinite;
                searcher.go(Search {
                    game: self.game.clone(),
                    task,
                    seed,
                    mate,
                    ponder,
                    ends_by_itself,
                });
            }
            Command::Stop => searcher.stop(),
            Command::PonderHit => {
                if !searcher.ponder_hit() {
                    info(out, "ponderhit: no search is pondering; ignored")?;
                }
            }
            Command::SetOption { name, value } => {
                if let Err(e) = self.set_option(&name, value.as_deref(), searcher) {
                    info(out, &e.to_string())?;
                }
            }
            Command::Display => {
                let position = self.game.position();
                writeln!(out, "{}", position.board())?;
                writeln!(out, "Fen: {}", position.to_fen())?;
                writeln!(out, "Key: {:016X}", position.hash())?;
                writeln!(out, "Outcome: {}", outcome_text(self.game.outcome()))?;
            }
            Command::Quit => {
                searcher.stop();
                return Ok(Flow::Quit);
            }
        }
        Ok(Flow::Continue)
    }

    /// `setoption`, through the one table of options ([`crate::options::TABLE`]); the error
    /// says what is wrong, and nothing changes then.
    fn set_option(
        &mut self,
        name: &str,
        value: Option<&str>,
        searcher: &mut dyn Searcher,
    ) -> Result<(), OptionError> {
        let mut options = self.options.clone();
        match options.set(&self.caps, name, value)? {
            Effect::Kept => {}
            Effect::Configure => searcher.configure(&options),
            Effect::ClearHash => searcher.new_game(),
            Effect::Network => {
                let path = &options.eval_file;
                searcher
                    .load_network(path)
                    .map_err(|reason| OptionError::File {
                        name: "EvalFile",
                        path: path.clone(),
                        reason,
                    })?
            }
        }
        self.options = options;
        Ok(())
    }

    /// Plays `moves` from `start`; if one is refused, the moves before it stand (as in
    /// reference engines), and an `info string` says which move was refused and what
    /// position is set.
    fn set_position(
        &mut self,
        start: Position,
        moves: &[Move],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut game = Game::from_position(start);
        let played = if self.caps.plays_on {
            game.play_all_on(moves)
        } else {
            game.play_all(moves)
        };
        self.game = game;
        self.position_ok = true;
        match played {
            Ok(()) => Ok(()),
            Err(e) => info(out, &refused_move(&e, self.game.position())),
        }
    }
}

/// Answers with `info string TEXT`, on one line whatever the text holds.
fn info(out: &mut dyn Write, text: &str) -> io::Result<()> {
    writeln!(out, "{}", info_string(text))
}

/// The game's outcome by the rules as `d` prints it: `none`, or the outcome in lower case
/// with a comma after the result, such as `black wins, perpetual chase by red`.
fn outcome_text(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "none".to_string(),
        Some(o) => o.to_string().to_lowercase().replacen(": ", ", ", 1),
    }
}
