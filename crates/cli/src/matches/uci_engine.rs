//! An external engine that speaks UCI, run as a child process.
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

use super::player::{Player, Searched};
use super::uci_spec::{Protocol, UciSpec};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};
use xiangqi::{Game, Move, Square};
use xiangqi_ai::Limits;

/// How long the handshake (`uciok`, `readyok`) may take: engines in a JavaScript runtime
/// need a moment to load.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 30_000;

/// The text of `m` for an engine whose ranks start at `offset` (0: `h2e2`, 1: `h3e3`).
pub fn to_engine_move(m: Move, offset: u8) -> String {
    let sq = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + offset);
    format!("{}{}", sq(m.from()), sq(m.to()))
}

/// The move for an engine's text, whose ranks start at `offset`; `None` if it names no
/// points on the board.
pub fn from_engine_move(text: &str, offset: u8) -> Option<Move> {
    let b = text.as_bytes();
    let file = |c: u8| (b'a'..=b'i').contains(&c).then(|| c - b'a');
    let mut i = 0;
    let mut square = || -> Option<Square> {
        let f = file(*b.get(i)?)?;
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let n: u8 = text[i..i + digits].parse().ok()?;
        i += digits;
        Square::new(f, n.checked_sub(offset)?)
    };
    let from = square()?;
    let to = square()?;
    (i == b.len()).then(|| Move::new(from, to))
}

/// The pipes to a running engine.
struct Connection {
    /// The process, when there is one (tests talk to a thread instead).
    child: Option<Child>,
    input: Box<dyn Write + Send>,
    lines: Receiver<String>,
}

impl Connection {
    fn spawn(spec: &UciSpec) -> Result<Connection, String> {
        let mut cmd = Command::new(&spec.command[0]);
        cmd.args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start \"{}\": {e}", spec.command.join(" ")))?;
        let input = child.stdin.take().expect("stdin is piped");
        let output = child.stdout.take().expect("stdout is piped");
        Ok(Connection {
            child: Some(child),
            input: Box::new(input),
            lines: read_lines(output),
        })
    }
}

/// Reads lines on a thread of its own, so that waiting for one can time out; the channel
/// closes when the output ends.
pub(crate) fn read_lines<R: std::io::Read + Send + 'static>(r: R) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Drop for Connection {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        if let Some(child) = &mut self.child {
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(10));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Makes the connection to the engine: starts its process (or, in tests, a thread).
type Connector = Box<dyn FnMut(&UciSpec) -> Result<Connection, String>>;

/// A UCI engine as a match player.
pub struct UciEngine {
    spec: UciSpec,
    name: String,
    conn: Option<Connection>,
    /// The last `go` was answered with `nobestmove`.
    declined: bool,
    /// Nodes and depth of the last `info` line that gave them, since the last `go`.
    last: Option<Searched>,
    /// How the connection is made again after a crash (a process, or a test's thread).
    connect: Connector,
}

impl UciEngine {
    /// Starts the engine's process and completes the handshake.
    pub fn start(spec: UciSpec, name: String) -> Result<UciEngine, String> {
        UciEngine::with_connector(spec, name, Box::new(Connection::spawn))
    }

    fn with_connector(
        spec: UciSpec,
        name: String,
        connect: Connector,
    ) -> Result<UciEngine, String> {
        let mut engine = UciEngine {
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

    fn connect(&mut self) -> Result<(), String> {
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

    /// Ends the process (if any) after a failure, and returns the message for it.
    fn fail(&mut self, why: String) -> String {
        if let Some(mut conn) = self.conn.take() {
            if let Some(child) = &mut conn.child {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
        format!("engine {} {why}", self.name)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let conn = self
            .conn
            .as_mut()
            .ok_or_else(|| format!("engine {} is not running", self.name))?;
        let sent = writeln!(conn.input, "{line}").and_then(|()| conn.input.flush());
        sent.map_err(|e| self.fail(format!("stopped reading its input ({e})")))
    }

    /// Reads lines until one whose first word is `word`, which is returned.
    fn wait_for(&mut self, word: &str, timeout_ms: u64) -> Result<String, String> {
        self.wait_for_any(&[word], timeout_ms)
    }

    /// Reads lines until one whose first word is one of `words`, which is returned.
    fn wait_for_any(&mut self, words: &[&str], timeout_ms: u64) -> Result<String, String> {
        let word = words[0];
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            let conn = self
                .conn
                .as_mut()
                .ok_or_else(|| format!("engine {} is not running", self.name))?;
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
                        self.last = Some(s);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(format!("sent no {word} within {timeout_ms} ms: killed")))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.fail(format!("exited or crashed before sending {word}")))
                }
            }
        }
    }
}

impl Player for UciEngine {
    fn searched(&self) -> Option<Searched> {
        self.last
    }

    fn claims_draw(&self) -> bool {
        self.declined
    }

    fn new_game(&mut self) -> Result<(), String> {
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

    fn choose(&mut self, game: &Game, _seed: u64) -> Result<Move, String> {
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
        let go = match self.spec.protocol {
            Protocol::Uci => crate::uci::format_go(&self.spec.limits),
            Protocol::Ucci => format_ucci_go(&self.spec.limits, game.position().turn().index()),
        };
        self.last = None;
        self.send(&format!("go {go}"))?;
        self.declined = false;
        let line = self.wait_for_any(&["bestmove", "nobestmove"], self.spec.move_timeout_ms())?;
        self.declined = line.split_whitespace().next() == Some("nobestmove");
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match from_engine_move(text, offset) {
            Some(m) if game.position().is_legal(m) => Ok(m),
            Some(_) => Err(format!(
                "engine {} played the illegal move {text} in {}",
                self.name,
                game.position().to_fen()
            )),
            None => Err(format!(
                "engine {} answered \"{line}\", which is no move, in {}",
                self.name,
                game.position().to_fen()
            )),
        }
    }
}

/// The nodes and depth of an `info` line that gives both.
fn info_searched(line: &str) -> Option<Searched> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut nodes, mut depth) = (None, None);
    while let Some(w) = words.next() {
        match w {
            "nodes" => nodes = words.next().and_then(|n| n.parse().ok()),
            "depth" => depth = words.next().and_then(|n| n.parse().ok()),
            "pv" | "string" => break,
            _ => {}
        }
    }
    Some(Searched {
        nodes: nodes?,
        depth: depth?,
    })
}

/// The words after `go` for a UCCI engine to move for the side `us` (0 red, 1 black): depth
/// and nodes as in UCI, a move time as `time MS` (UCCI has no move time; ElephantEye spends
/// a `time` with no moves to go on this one move), a clock as `time ... increment ...
/// opptime ... oppincrement ...` with `movestogo` if given.
pub fn format_ucci_go(limits: &Limits, us: usize) -> String {
    // Everything but time is said as in UCI.
    let untimed = Limits {
        movetime_ms: None,
        clock: None,
        ..limits.clone()
    };
    let mut parts = vec![crate::uci::format_go(&untimed)];
    if let Some(c) = limits.clock {
        let them = us ^ 1;
        parts.push(format!(
            "time {} increment {} opptime {} oppincrement {}",
            c.time_ms[us], c.inc_ms[us], c.time_ms[them], c.inc_ms[them]
        ));
        if let Some(n) = c.moves_to_go {
            parts.push(format!("movestogo {n}"));
        }
    } else if let Some(ms) = limits.movetime_ms {
        parts.push(format!("time {ms}"));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;
    use xiangqi_ai::Limits;

    #[test]
    fn ranks_convert_both_ways() {
        let m = parse_uci("h2e2").unwrap();
        assert_eq!(to_engine_move(m, 0), "h2e2");
        assert_eq!(to_engine_move(m, 1), "h3e3");
        let top = parse_uci("b9c7").unwrap();
        assert_eq!(to_engine_move(top, 1), "b10c8");
        assert_eq!(from_engine_move("b10c8", 1), Some(top));
        assert_eq!(from_engine_move("h3e3", 1), Some(m));
        assert_eq!(from_engine_move("h2e2", 0), Some(m));
        for bad in [
            "", "h2", "h2e", "h0e2x", "j2e2", "h10e2", "a1a0", "(none)", "0000",
        ] {
            let offset = if bad == "a1a0" { 1 } else { 0 };
            assert_eq!(from_engine_move(bad, offset), None, "{bad}");
        }
        // Every move of the start position survives the round trip at either offset.
        for &m in Position::start().legal_moves().iter() {
            for offset in [0, 1] {
                assert_eq!(
                    from_engine_move(&to_engine_move(m, offset), offset),
                    Some(m)
                );
            }
        }
    }

    /// The behaviour of a fake engine, to test the protocol without a process.
    #[derive(Clone, Copy, PartialEq)]
    enum Fake {
        /// Plays the greedy move, with ranks 1-10.
        Greedy,
        /// Answers everything but never sends bestmove.
        Silent,
        /// Always answers a1a2 (a0a1 in our ranks).
        Illegal,
        /// Exits when asked to move.
        Crash,
        /// Declines to move, as ElephantEye does in a position it holds drawn.
        Declines,
    }

    /// A pipe made of a channel: the engine's stdin as the fake reads it.
    struct ChannelReader {
        rx: Receiver<Vec<u8>>,
        buf: Vec<u8>,
    }

    impl Read for ChannelReader {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            if self.buf.is_empty() {
                match self.rx.recv() {
                    Ok(b) => self.buf = b,
                    Err(_) => return Ok(0),
                }
            }
            let n = out.len().min(self.buf.len());
            out[..n].copy_from_slice(&self.buf[..n]);
            self.buf.drain(..n);
            Ok(n)
        }
    }

    struct ChannelWriter(mpsc::Sender<Vec<u8>>);

    impl Write for ChannelWriter {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0
                .send(b.to_vec())
                .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Runs a fake engine on a thread; it records every line it was sent.
    fn fake_connection(
        fake: Fake,
        log: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    ) -> Connection {
        let (to_engine, engine_in) = mpsc::channel::<Vec<u8>>();
        let (engine_out, from_engine) = mpsc::channel::<Vec<u8>>();
        thread::spawn(move || {
            let input = BufReader::new(ChannelReader {
                rx: engine_in,
                buf: Vec::new(),
            });
            let mut out = ChannelWriter(engine_out);
            let mut game = Game::new();
            for line in input.lines() {
                let Ok(line) = line else { break };
                log.lock().unwrap().push(line.clone());
                let words: Vec<&str> = line.split_whitespace().collect();
                let reply = match words.first().copied() {
                    Some("uci") => "id name fake\nuciok".to_string(),
                    Some("ucci") => "id name fake\nucciok".to_string(),
                    Some("isready") => "readyok".to_string(),
                    Some("position") => {
                        // position fen F1 .. F6 moves m1 m2 ...
                        let fen = words[2..8].join(" ");
                        game = Game::from_position(Position::from_fen(&fen).unwrap());
                        for w in words.iter().skip(9) {
                            game.play(from_engine_move(w, 1).unwrap()).unwrap();
                        }
                        continue;
                    }
                    Some("go") => match fake {
                        Fake::Greedy => {
                            let limits = Limits::default();
                            let m = xiangqi_ai::greedy::choose(&game, 1, &limits).best.unwrap();
                            format!("info depth 1 score cp 0\nbestmove {}", to_engine_move(m, 1))
                        }
                        Fake::Silent => continue,
                        Fake::Illegal => "bestmove a1a2".to_string(),
                        Fake::Crash => break,
                        Fake::Declines => "nobestmove".to_string(),
                    },
                    Some("quit") => break,
                    _ => continue,
                };
                if out.write_all(format!("{reply}\n").as_bytes()).is_err() {
                    break;
                }
            }
        });
        Connection {
            child: None,
            input: Box::new(ChannelWriter(to_engine)),
            lines: read_lines(ChannelReader {
                rx: from_engine,
                buf: Vec::new(),
            }),
        }
    }

    fn fake_engine(
        fake: Fake,
        timeout_ms: u64,
    ) -> (UciEngine, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
        fake_engine_speaking(Protocol::Uci, fake, timeout_ms)
    }

    fn fake_engine_speaking(
        protocol: Protocol,
        fake: Fake,
        timeout_ms: u64,
    ) -> (UciEngine, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
        let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let spec = UciSpec {
            protocol,
            command: vec!["fake".into()],
            dir: None,
            options: vec![("UCI_Variant".into(), "xiangqi".into())],
            rank_offset: 1,
            limits: Limits::movetime(50),
            timeout_ms: Some(timeout_ms),
        };
        let l = log.clone();
        let engine = UciEngine::with_connector(
            spec,
            "fake".into(),
            Box::new(move |_| Ok(fake_connection(fake, l.clone()))),
        )
        .unwrap();
        (engine, log)
    }

    #[test]
    fn a_game_against_the_fake_engine_speaks_the_protocol() {
        let (mut engine, log) = fake_engine(Fake::Greedy, 5_000);
        engine.new_game().unwrap();
        let mut game = Game::new();
        game.play(parse_uci("h2e2").unwrap()).unwrap();
        let reply = engine.choose(&game, 0).unwrap();
        assert!(game.position().is_legal(reply));
        game.play(reply).unwrap();
        let third = parse_uci("h0g2").unwrap();
        let third = if game.position().is_legal(third) {
            third
        } else {
            game.position().legal_moves()[0]
        };
        game.play(third).unwrap();
        let reply2 = engine.choose(&game, 0).unwrap();
        assert!(game.position().is_legal(reply2));
        let sent = log.lock().unwrap().clone();
        assert_eq!(sent[0], "uci");
        assert_eq!(sent[1], "setoption name UCI_Variant value xiangqi");
        assert_eq!(sent[2], "isready");
        assert_eq!(sent[3], "ucinewgame");
        assert_eq!(sent[4], "isready");
        assert_eq!(
            sent[5],
            format!("position fen {} moves h3e3", xiangqi::START_FEN)
        );
        assert_eq!(sent[6], "go movetime 50");
        assert!(sent[7].ends_with(&format!(
            "moves h3e3 {} {}",
            to_engine_move(reply, 1),
            to_engine_move(game.moves()[2], 1)
        )));
    }

    #[test]
    fn a_ucci_engine_is_spoken_to_in_ucci() {
        let (mut engine, log) = fake_engine_speaking(Protocol::Ucci, Fake::Greedy, 5_000);
        engine.new_game().unwrap();
        let reply = engine.choose(&Game::new(), 0).unwrap();
        assert!(Position::start().is_legal(reply));
        let sent = log.lock().unwrap().clone();
        assert_eq!(
            sent[..6],
            [
                "ucci",
                "setoption UCI_Variant xiangqi",
                "isready",
                "setoption newgame",
                "isready",
                &format!("position fen {}", xiangqi::START_FEN),
            ]
        );
        assert_eq!(sent[6], "go time 50");
    }

    #[test]
    fn info_lines_say_what_was_searched() {
        let s = info_searched("info depth 12 seldepth 14 score cp 45 nodes 127818 pv c1e3 b10c8");
        assert_eq!(
            s,
            Some(Searched {
                nodes: 127818,
                depth: 12
            })
        );
        assert_eq!(info_searched("info time 1005 nodes 1430469"), None);
        assert_eq!(info_searched("info string depth 3 nodes 4"), None);
        assert_eq!(info_searched("bestmove h2e2"), None);
    }

    #[test]
    fn ucci_go_words() {
        use xiangqi_ai::GameClock;
        assert_eq!(format_ucci_go(&Limits::movetime(100), 0), "time 100");
        assert_eq!(format_ucci_go(&Limits::depth(7), 1), "depth 7");
        let clock = Limits {
            clock: Some(GameClock {
                time_ms: [60_000, 50_000],
                inc_ms: [1_000, 2_000],
                moves_to_go: Some(20),
            }),
            ..Limits::default()
        };
        assert_eq!(
            format_ucci_go(&clock, 1),
            "time 50000 increment 2000 opptime 60000 oppincrement 1000 movestogo 20"
        );
    }

    #[test]
    fn silence_is_killed_and_lost_then_the_engine_restarts() {
        let (mut engine, log) = fake_engine(Fake::Silent, 200);
        engine.new_game().unwrap();
        let t = Instant::now();
        let e = engine.choose(&Game::new(), 0).unwrap_err();
        assert!(t.elapsed() < Duration::from_secs(3));
        assert_eq!(e, "engine fake sent no bestmove within 200 ms: killed");
        // The next game starts it again with a fresh handshake.
        engine.new_game().unwrap();
        let uci_count = log.lock().unwrap().iter().filter(|l| *l == "uci").count();
        assert_eq!(uci_count, 2);
    }

    #[test]
    fn illegal_moves_and_crashes_are_reported() {
        let (mut engine, _) = fake_engine(Fake::Illegal, 5_000);
        engine.new_game().unwrap();
        // The fake says a1a2 (ranks 1-10), which is a0a1: Red's chariot, not Black's move.
        let mut game = Game::new();
        game.play(parse_uci("h2e2").unwrap()).unwrap();
        let e = engine.choose(&game, 0).unwrap_err();
        assert!(
            e.starts_with("engine fake played the illegal move a1a2 in "),
            "{e}"
        );

        assert!(!engine.claims_draw());

        let (mut engine, _) = fake_engine(Fake::Crash, 5_000);
        engine.new_game().unwrap();
        let e = engine.choose(&Game::new(), 0).unwrap_err();
        assert_eq!(e, "engine fake exited or crashed before sending bestmove");
        assert!(!engine.claims_draw());

        // nobestmove is no move, but the match hears the claim.
        let (mut engine, _) = fake_engine(Fake::Declines, 5_000);
        engine.new_game().unwrap();
        let e = engine.choose(&Game::new(), 0).unwrap_err();
        assert!(e.contains("answered \"nobestmove\""), "{e}");
        assert!(engine.claims_draw());
    }
}
