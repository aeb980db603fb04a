//! The protocol against fake engines that run on a thread, so that no process is needed.

use super::*;
use crate::matches::connection::read_lines;
use std::io::{BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use xiangqi::notation::parse_uci;
use xiangqi::Position;
use xiangqi_ai::Limits;

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
fn fake_connection(fake: Fake, log: std::sync::Arc<std::sync::Mutex<Vec<String>>>) -> Connection {
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
) -> (
    ExternalEngine,
    std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
    fake_engine_speaking(Protocol::Uci, fake, timeout_ms)
}

fn fake_engine_speaking(
    protocol: Protocol,
    fake: Fake,
    timeout_ms: u64,
) -> (
    ExternalEngine,
    std::sync::Arc<std::sync::Mutex<Vec<String>>>,
) {
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
    let engine = ExternalEngine::with_connector(
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
    let reply = engine.choose(&game, 0, None).unwrap();
    assert!(game.position().is_legal(reply));
    game.play(reply).unwrap();
    let third = parse_uci("h0g2").unwrap();
    let third = if game.position().is_legal(third) {
        third
    } else {
        game.position().legal_moves()[0]
    };
    game.play(third).unwrap();
    let reply2 = engine.choose(&game, 0, None).unwrap();
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
    let reply = engine.choose(&Game::new(), 0, None).unwrap();
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
            depth: 12,
            score: Some(45),
        })
    );
    let score = |line: &str| info_searched(line).and_then(|s| s.score);
    assert_eq!(
        score("info depth 9 score cp -310 nodes 5 pv a0a1"),
        Some(-310)
    );
    assert_eq!(
        score("info depth 9 score mate 3 nodes 5"),
        Some(MATE_CP - 3)
    );
    assert_eq!(
        score("info depth 9 score mate -2 nodes 5"),
        Some(-MATE_CP + 2)
    );
    assert_eq!(
        score("info depth 9 score cp 20 lowerbound nodes 5"),
        Some(20)
    );
    assert_eq!(score("info depth 9 multipv 2 score cp 20 nodes 5"), None);
    assert_eq!(
        score("info depth 9 multipv 1 score cp 20 nodes 5"),
        Some(20)
    );
    assert_eq!(score("info depth 9 score cp x nodes 5"), None);
    assert_eq!(score("info depth 9 nodes 5 pv a0a1 score cp 7"), None);
    assert_eq!(info_searched("info time 1005 nodes 1430469"), None);
    assert_eq!(info_searched("info string depth 3 nodes 4"), None);
    assert_eq!(info_searched("bestmove h2e2"), None);
}

#[test]
fn silence_is_killed_and_lost_then_the_engine_restarts() {
    let (mut engine, log) = fake_engine(Fake::Silent, 200);
    let mut games = 0;
    let budget = Duration::from_secs(3);
    xiangqi_budget::best_of_three("a silent engine killed after 200 ms", budget, || {
        // After the first, each game starts the killed engine again.
        engine.new_game().unwrap();
        games += 1;
        let t = Instant::now();
        let e = engine
            .choose(&Game::new(), 0, None)
            .unwrap_err()
            .to_string();
        assert_eq!(e, "engine fake sent no bestmove within 200 ms: killed");
        t.elapsed()
    });
    // The next game starts it again with a fresh handshake.
    engine.new_game().unwrap();
    let uci_count = log.lock().unwrap().iter().filter(|l| *l == "uci").count();
    assert_eq!(uci_count, games + 1);
}

#[test]
fn illegal_moves_and_crashes_are_reported() {
    let (mut engine, _) = fake_engine(Fake::Illegal, 5_000);
    engine.new_game().unwrap();
    // The fake says a1a2 (ranks 1-10), which is a0a1: Red's chariot, not Black's move.
    let mut game = Game::new();
    game.play(parse_uci("h2e2").unwrap()).unwrap();
    let e = engine.choose(&game, 0, None).unwrap_err().to_string();
    assert!(
        e.starts_with("engine fake played the illegal move a1a2 in "),
        "{e}"
    );

    assert!(!engine.claims_draw());

    let (mut engine, _) = fake_engine(Fake::Crash, 5_000);
    engine.new_game().unwrap();
    let e = engine
        .choose(&Game::new(), 0, None)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "engine fake exited or crashed before sending bestmove");
    assert!(!engine.claims_draw());

    // nobestmove is no move, but the match hears the claim.
    let (mut engine, _) = fake_engine(Fake::Declines, 5_000);
    engine.new_game().unwrap();
    let e = engine
        .choose(&Game::new(), 0, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("answered \"nobestmove\""), "{e}");
    assert!(engine.claims_draw());
}
