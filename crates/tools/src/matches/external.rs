//! An external engine that speaks UCI (or UCCI), run as a child process, as a match player.
//!
//! Start: `uci` until `uciok`, the `setoption` lines, `isready` until `readyok`. Each game:
//! `ucinewgame`, `isready`. Each move: `position fen <start> moves ...`, `go ...`, then lines
//! are read until `bestmove`. An engine that does not answer in time is killed; one whose
//! output ends has crashed; either way it loses the game at hand and is started again for the
//! next one. Its standard error is discarded.
//!
//! Moves are converted with the spec's rank offset, for engines that number ranks 1-10.
//!
//! UCCI differs in a few words: `ucci`/`ucciok`, `setoption NAME VALUE`, `setoption newgame`
//! for a new game, `go time MS` for a move time (the whole time given for this move), and
//! `nobestmove` when there is no move.

use super::connection::Connection;
use super::engine_move::{from_engine_move, to_engine_move};
use super::error::PlayerError;
use super::go::{format_go, format_ucci_go};
use super::player::{mate_cp, on_clock, Player, Searched, MATE_CP};
use super::uci_spec::{Protocol, UciSpec};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};
use xiangqi::{Game, Move};
use xiangqi_ai::GameClock;

/// How long the handshake (`uciok`, `readyok`) may take: engines in a JavaScript runtime
/// need a moment to load.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 30_000;

/// Makes the connection to the engine: starts its process (or, in tests, a thread).
type Connector = Box<dyn FnMut(&UciSpec) -> Result<Connection, PlayerError>>;

/// An external engine (UCI or UCCI) as a match player.
pub struct ExternalEngine {
    spec: UciSpec,
    name: String,
    conn: Option<Connection>,
    /// The last `go` was answered with `nobestmove`.
    declined: bool,
    /// Nodes and depth of the last `info` line that gave them, and the last score given,
    /// since the last `go`.
    last: Option<Searched>,
    /// How the connection is made again after a crash (a process, or a test's thread).
    connect: Connector,
}

impl ExternalEngine {
    /// Starts the engine's process and completes the handshake.
    pub fn start(spec: UciSpec, name: String) -> Result<ExternalEngine, PlayerError> {
        ExternalEngine::with_connector(spec, name, Box::new(Connection::spawn))
    }

    fn with_connector(
        spec: UciSpec,
        name: String,
        connect: Connector,
    ) -> Result<ExternalEngine, PlayerError> {
        let mut engine = ExternalEngine {
            spec,
            name,
            conn: None,
            last: None,
            declined: false,
            connect,
        };
        engine.connect()?;
        Ok(engine)
    }

    fn connect(&mut self) -> Result<(), PlayerError> {
        self.conn = Some((self.connect)(&self.spec)?);
        let ucci = self.spec.protocol == Protocol::Ucci;
        self.send(if ucci { "ucci" } else { "uci" })?;
        self.wait_for(if ucci { "ucciok" } else { "uciok" }, HANDSHAKE_TIMEOUT_MS)?;
        for (name, value) in self.spec.options.clone() {
            self.send(&if ucci {
                format!("setoption {name} {value}")
            } else {
                format!("setoption name {name} value {value}")
            })?;
        }
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT_MS)?;
        Ok(())
    }

    /// Ends the process (if any) after a failure, and returns the failure.
    fn fail(&mut self, error: PlayerError) -> PlayerError {
        if let Some(mut conn) = self.conn.take() {
            if let Some(child) = &mut conn.child {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        error
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let conn = self.conn.as_mut().ok_or_else(|| PlayerError::NotRunning {
            engine: self.name.clone(),
        })?;
        let sent = writeln!(conn.input, "{line}").and_then(|()| conn.input.flush());
        sent.map_err(|e| {
            let error = PlayerError::Input {
                engine: self.name.clone(),
                error: e.to_string(),
            };
            self.fail(error)
        })
    }

    /// Reads lines until one whose first word is `word`, which is returned.
    fn wait_for(&mut self, word: &'static str, timeout_ms: u64) -> Result<String, PlayerError> {
        self.wait_for_any(&[word], timeout_ms)
    }

    /// Reads lines until one whose first word is one of `words`, which is returned.
    fn wait_for_any(
        &mut self,
        words: &[&'static str],
        timeout_ms: u64,
    ) -> Result<String, PlayerError> {
        let word = words[0];
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            let conn = self.conn.as_mut().ok_or_else(|| PlayerError::NotRunning {
                engine: self.name.clone(),
            })?;
            let left = deadline.saturating_duration_since(Instant::now());
            match conn.lines.recv_timeout(left) {
                Ok(line)
                    if line
                        .split_whitespace()
                        .next()
                        .is_some_and(|w| words.contains(&w)) =>
                {
                    return Ok(line)
                }
                Ok(line) => {
                    if let Some(s) = info_searched(&line) {
                        let score = s.score.or(self.last.and_then(|l| l.score));
                        self.last = Some(Searched { score, ..s });
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let error = PlayerError::Timeout {
                        engine: self.name.clone(),
                        awaited: word,
                        ms: timeout_ms,
                    };
                    return Err(self.fail(error));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let error = PlayerError::Crashed {
                        engine: self.name.clone(),
                        awaited: word,
                    };
                    return Err(self.fail(error));
                }
            }
        }
    }
}

impl Player for ExternalEngine {
    fn searched(&self) -> Option<Searched> {
        self.last
    }

    fn claims_draw(&self) -> bool {
        self.declined
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        if self.conn.is_none() {
            self.connect()?;
        }
        self.send(match self.spec.protocol {
            Protocol::Uci => "ucinewgame",
            Protocol::Ucci => "setoption newgame",
        })?;
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT_MS)?;
        Ok(())
    }

    fn choose(
        &mut self,
        game: &Game,
        _seed: u64,
        clock: Option<GameClock>,
    ) -> Result<Move, PlayerError> {
        let offset = self.spec.rank_offset;
        let mut position = format!("position fen {}", game.start_position().to_fen());
        let moves = game.moves();
        if !moves.is_empty() {
            position.push_str(" moves");
            for m in moves {
                position.push(' ');
                position.push_str(&to_engine_move(m, offset));
            }
        }
        self.send(&position)?;
        let us = game.position().turn().index();
        let limits = on_clock(&self.spec.limits, clock);
        let go = match self.spec.protocol {
            Protocol::Uci => format_go(&limits),
            Protocol::Ucci => format_ucci_go(&limits, us),
        };
        self.last = None;
        self.send(&format!("go {go}"))?;
        self.declined = false;
        let timeout = self.spec.move_timeout_ms(clock.map(|c| c.time_ms[us]));
        let line = self.wait_for_any(&["bestmove", "nobestmove"], timeout)?;
        self.declined = line.split_whitespace().next() == Some("nobestmove");
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match from_engine_move(text, offset) {
            Some(m) if game.position().is_legal(m) => Ok(m),
            Some(_) => Err(PlayerError::IllegalMove {
                engine: self.name.clone(),
                text: text.to_string(),
                fen: game.position().to_fen(),
            }),
            None => Err(PlayerError::NoMove {
                engine: self.name.clone(),
                line: line.clone(),
                fen: game.position().to_fen(),
            }),
        }
    }
}

/// The nodes and depth of an `info` line that gives both, with its score if it gives one
/// (`score cp N` or `score mate N`; of a multi-PV search, the first line's only).
fn info_searched(line: &str) -> Option<Searched> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut nodes, mut depth, mut score, mut first) = (None, None, None, true);
    while let Some(w) = words.next() {
        match w {
            "nodes" => nodes = words.next().and_then(|n| n.parse().ok()),
            "depth" => depth = words.next().and_then(|n| n.parse().ok()),
            "multipv" => first = words.next() == Some("1"),
            "score" => {
                score = match (
                    words.next(),
                    words.next().and_then(|n| n.parse::<i32>().ok()),
                ) {
                    (Some("cp"), Some(cp)) => Some(cp.clamp(1 - MATE_CP, MATE_CP - 1)),
                    (Some("mate"), Some(n)) => Some(mate_cp(n)),
                    _ => None,
                }
            }
            "pv" | "string" => break,
            _ => {}
        }
    }
    Some(Searched {
        nodes: nodes?,
        depth: depth?,
        score: score.filter(|_| first),
    })
}

#[cfg(test)]
mod tests;
