//! What the UCI tests share: sessions run through the protocol loop in memory, with the
//! search's lines captured, the real binary on pipes ([`binary`]), and readers of the
//! answers. Each test file uses some of it, so the rest is dead code there.
#![allow(dead_code)]

pub mod binary;

use std::time::Duration;
use xiangqi::notation::parse_uci;
use xiangqi::Position;
use xiangqi_cli::uci::{self, Engine};

/// A second, for the timings of the tests against the binary.
pub const SECOND: Duration = Duration::from_secs(1);

/// Runs a whole session and returns everything the engine wrote.
pub fn session(input: &str) -> String {
    let mut out = Vec::new();
    uci::run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The position after `moves` from the start, played directly on the engine library.
pub fn after(moves: &[&str]) -> Position {
    let mut pos = Position::start();
    for m in moves {
        pos.make_move(parse_uci(m).unwrap());
    }
    pos
}

/// A move in UCI coordinates.
pub fn mv(s: &str) -> xiangqi::Move {
    parse_uci(s).unwrap()
}

/// The move of a `bestmove` line, without its `ponder` move.
pub fn best_of(line: &str) -> &str {
    let rest = line
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{line}"));
    rest.split_once(" ponder ").map_or(rest, |(m, _)| m)
}

/// A buffer the search thread can write into while the test reads it.
#[derive(Clone, Default)]
pub struct Shared(pub std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Runs `input` through an engine whose search output is captured; returns the loop's
/// replies and the search's lines.
pub fn search_session(input: &str) -> (String, String) {
    let sink = Shared::default();
    let engine = Engine::with_output(Box::new(sink.clone()));
    let mut out = Vec::new();
    uci::run_with(engine, input.as_bytes(), &mut out).unwrap();
    (String::from_utf8(out).unwrap(), sink.text())
}

/// The moves of the `bestmove` lines of a search's output.
pub fn bestmoves(search: &str) -> Vec<String> {
    search
        .lines()
        .filter(|l| l.starts_with("bestmove "))
        .map(|l| best_of(l).to_string())
        .collect()
}

/// The `Outcome:` line that `d` prints after the board.
pub fn outcome_line(input: &str) -> String {
    let out = session(input);
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("Outcome: "))
        .unwrap_or_else(|| panic!("no outcome line: {out}"))
        .to_string()
}

/// The `bestmove` of a fixed-depth search of `fen`.
pub fn best_move(fen: &str, depth: u32) -> String {
    let (_, search) = search_session(&format!("position fen {fen}\ngo depth {depth}\n"));
    bestmoves(&search)
        .pop()
        .unwrap_or_else(|| panic!("no bestmove: {search}"))
}
