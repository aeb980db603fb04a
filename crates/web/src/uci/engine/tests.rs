use super::*;
use crate::worker::rebuild::rebuild;
use std::cell::{Cell, RefCell};
use std::time::Instant;
use xiangqi::notation::parse_uci;
use xiangqi::Setup;
use xiangqi_ai::GameClock;
use xiangqi_uci::NO_POSITION;

/// A host that keeps the lines, and whose flag a test raises. Its helpers search their
/// shares at once, in turn, and keep their replies until asked; a helper of a search on the
/// shared table helps for 300 ms before the search begins.
struct TestHost {
    lines: RefCell<Vec<String>>,
    halted: Cell<bool>,
    waits: Cell<u32>,
    started: Instant,
    helpers: RefCell<Vec<Engine>>,
    replies: RefCell<std::collections::VecDeque<(usize, Vec<u8>)>>,
    shares: RefCell<Vec<SearchRequest>>,
    /// The helpers' requests to help: (helper number, request).
    helps: RefCell<Vec<(u32, SearchRequest)>>,
    table: RefCell<Option<xiangqi_ai::SharedEntries>>,
    ended: Cell<u32>,
    /// The files `read_file` finds.
    files: RefCell<Vec<(String, Vec<u8>)>>,
    /// The helpers sent a network: (index, its bytes' length).
    networks: RefCell<Vec<(usize, usize)>>,
}

impl TestHost {
    fn new() -> TestHost {
        TestHost {
            lines: RefCell::new(Vec::new()),
            halted: Cell::new(false),
            waits: Cell::new(0),
            started: Instant::now(),
            helpers: RefCell::new(Vec::new()),
            replies: RefCell::new(std::collections::VecDeque::new()),
            shares: RefCell::new(Vec::new()),
            helps: RefCell::new(Vec::new()),
            table: RefCell::new(None),
            ended: Cell::new(0),
            files: RefCell::new(Vec::new()),
            networks: RefCell::new(Vec::new()),
        }
    }

    /// The lines written since the last call.
    fn take(&self) -> Vec<String> {
        self.lines.take()
    }
}

impl Host for TestHost {
    fn write(&self, line: &str) {
        self.lines.borrow_mut().push(line.to_string());
    }
    fn now_ms(&self) -> f64 {
        self.started.elapsed().as_secs_f64() * 1000.0
    }
    fn halted(&self, _ends_by_itself: bool) -> bool {
        self.halted.get()
    }
    fn wait_for_stop(&self) {
        self.waits.set(self.waits.get() + 1);
    }
    fn seed(&self) -> u64 {
        7
    }
    fn start_part(&self, index: usize, message: &[u8], _ends_by_itself: bool) {
        let mut helpers = self.helpers.borrow_mut();
        while helpers.len() < index {
            helpers.push(Engine::default());
        }
        let request = match postcard::from_bytes(message).unwrap() {
            ToWorker::Search(request) => *request,
            ToWorker::Help { request, helper } => {
                let table = self.table.borrow().clone().expect("a shared table");
                let helping = &mut helpers[index - 1];
                helping.share_table(Box::new(table));
                let stop = AtomicBool::new(false);
                let start = Instant::now();
                let clock = || {
                    let ms = start.elapsed().as_millis() as u64;
                    if ms >= 300 {
                        stop.store(true, Ordering::Relaxed);
                    }
                    ms
                };
                assert!(helping.help(&request, helper, &clock, &stop) > 0);
                self.helps.borrow_mut().push((helper, *request));
                return;
            }
            ToWorker::Stop { .. } => panic!("helpers are not sent a stop"),
            ToWorker::Network(bytes) => {
                helpers[index - 1].set_network(&bytes).unwrap();
                self.networks.borrow_mut().push((index, bytes.len()));
                return;
            }
        };
        let never = AtomicBool::new(false);
        helpers[index - 1].answer(&request, 7, &|| 0, &never, &mut |_| true, &mut |reply| {
            let bytes = postcard::to_allocvec(&reply).unwrap();
            self.replies.borrow_mut().push_back((index, bytes));
        });
        self.shares.borrow_mut().push(request);
    }
    fn next_part(&self, _wait: bool) -> Option<(usize, Vec<u8>)> {
        self.replies.borrow_mut().pop_front()
    }
    fn end_parts(&self) {
        self.ended.set(self.ended.get() + 1);
        self.replies.borrow_mut().clear();
    }
    fn shared_table(&self, mb: usize) -> Option<Box<dyn xiangqi_ai::Backing>> {
        let table = xiangqi_ai::SharedEntries::new(mb);
        *self.table.borrow_mut() = Some(table.clone());
        Some(Box::new(table))
    }
    fn read_file(&self, path: &str) -> Result<Vec<u8>, String> {
        let files = self.files.borrow();
        let found = files.iter().find(|(p, _)| p == path);
        found
            .map(|(_, b)| b.clone())
            .ok_or_else(|| "no such file".to_string())
    }
}

/// Sends `lines` one by one and returns what was written.
fn session(engine: &mut UciEngine, host: &TestHost, lines: &str) -> Vec<String> {
    for line in lines.lines() {
        engine.handle_line(line, host);
    }
    host.take()
}

/// The move of the `bestmove` line, which must be the last.
fn bestmove(out: &[String]) -> &str {
    let last = out.last().expect("a line");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{out:?}"))
        .split(' ')
        .next()
        .unwrap()
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let host = TestHost::new();
    let out = session(&mut UciEngine::default(), &host, "uci\nisready");
    assert!(out[0].starts_with("id name Xiangqi ") && out[0].ends_with(" (wasm)"));
    assert!(out
        .iter()
        .any(|l| l.starts_with("option name Level type spin")));
    assert!(out
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    assert_eq!(out[out.len() - 2..], ["uciok", "readyok"]);
}

#[test]
fn a_search_reports_each_iteration_then_a_legal_move() {
    let host = TestHost::new();
    let mut engine = UciEngine::default();
    let out = session(
        &mut engine,
        &host,
        "position startpos moves h2e2\ngo depth 4",
    );
    let depths: Vec<&str> = out
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4"], "{out:?}");
    assert!(
        out[0].contains(" score cp ") && out[0].contains(" pv "),
        "{out:?}"
    );
    let best = parse_uci(bestmove(&out)).unwrap();
    let after = Position::start().after(parse_uci("h2e2").unwrap());
    assert!(after.is_legal(best), "{out:?}");
    assert_eq!(host.waits.get(), 0, "a bounded search answers by itself");
    // A level plays too, within the go limits.
    let out = session(
        &mut engine,
        &host,
        "setoption name Level value 2\ngo movetime 50",
    );
    assert!(
        after.is_legal(parse_uci(bestmove(&out)).unwrap()),
        "{out:?}"
    );
}

#[test]
fn a_raised_flag_ends_an_infinite_search_which_then_waits_for_stop() {
    let host = TestHost::new();
    host.halted.set(true);
    let out = session(&mut UciEngine::default(), &host, "go infinite");
    assert_ne!(bestmove(&out), "(none)", "the best move found so far");
    assert_eq!(host.waits.get(), 1);
}

#[test]
fn go_mate_ends_once_the_mate_is_proven() {
    let host = TestHost::new();
    let out = session(
        &mut UciEngine::default(),
        &host,
        "position fen 3pkp3/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1\ngo mate 1",
    );
    assert_eq!(bestmove(&out), "b1e1", "{out:?}");
    assert!(out[out.len() - 2].contains("score mate 1"), "{out:?}");
}

#[test]
fn a_search_no_clock_ends_gets_a_move_time_the_host_can_cut() {
    let year = Some(UNTIL_STOPPED_MS);
    let limits = until_stopped(Limits::infinite());
    assert_eq!((limits.infinite, limits.movetime_ms), (false, year));
    let limits = until_stopped(Limits::depth(6));
    assert_eq!((limits.depth, limits.movetime_ms), (Some(6), year));
    assert_eq!(until_stopped(Limits::movetime(100)), Limits::movetime(100));
    let clock = Limits {
        clock: Some(GameClock {
            time_ms: [1000, 1000],
            inc_ms: [0, 0],
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    assert_eq!(until_stopped(clock.clone()), clock);
}

#[test]
fn with_threads_the_search_is_dealt_out_as_the_pages_pool_deals_it() {
    let host = TestHost::new();
    let mut engine = UciEngine::default();
    let out = session(&mut engine, &host, "uci");
    assert!(out.contains(&"option name Threads type spin default 1 min 1 max 4".to_string()));
    let out = session(
        &mut engine,
        &host,
        "setoption name Shared Table value false\nsetoption name Threads value 3\nposition startpos moves h2e2\ngo depth 5",
    );
    let shares = host.shares.take();
    assert_eq!(shares.len(), 2, "two helpers");
    let own = shares[0].task.limits.searchmoves.len();
    assert!(
        own > 10
            && shares
                .iter()
                .all(|s| s.task.limits.searchmoves.len() >= own - 1)
    );
    let best = bestmove(&out).to_string();
    assert!(
        out.iter()
            .any(|l| l.starts_with("info depth 5 ") && l.contains(&format!(" pv {best}"))),
        "the answer is the merged line's: {out:?}"
    );
    // Every helper's answer was taken in: nothing is left for the next search.
    assert!(host.replies.borrow().is_empty());
    // A weak level runs on one worker, as in the page.
    let out = session(&mut engine, &host, "setoption name Level value 2\ngo");
    assert!(host.shares.take().is_empty());
    assert_ne!(bestmove(&out), "(none)");
}

#[test]
fn with_threads_and_a_shared_table_the_helpers_help_one_search_on_it() {
    let host = TestHost::new();
    let mut engine = UciEngine::default();
    let out = session(&mut engine, &host, "uci");
    assert!(out.contains(&"option name Shared Table type check default true".to_string()));
    // The first search of a game clears the table; the second is helped by what the helpers
    // stored (this host lets them search before it begins).
    let lines =
        "position startpos moves h2e2\ngo depth 5\nposition startpos moves h2e2 h9g7\ngo depth 8";
    let out = session(
        &mut engine,
        &host,
        &format!("setoption name Threads value 3\n{lines}"),
    );
    let helps = host.helps.take();
    assert_eq!(
        helps.iter().map(|(h, _)| *h).collect::<Vec<_>>(),
        [1, 2, 1, 2],
        "two helpers a search, each with its number"
    );
    assert!(helps
        .iter()
        .all(|(_, r)| r.task.limits.searchmoves.is_empty()));
    assert!(host.shares.take().is_empty(), "nothing is dealt out");
    assert_eq!(
        host.ended.get(),
        2,
        "the helpers are ended with each search"
    );
    assert!(host.table.borrow().as_ref().unwrap().used() > 1000);
    assert!(out.iter().any(|l| l.starts_with("info depth 8 ")));
    let nodes = |out: &[String]| -> u64 {
        let line = out
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 8 "))
            .unwrap();
        line.split(' ')
            .skip_while(|w| *w != "nodes")
            .nth(1)
            .unwrap()
            .parse()
            .unwrap()
    };
    let alone = session(&mut UciEngine::default(), &TestHost::new(), lines);
    assert!(
        nodes(&out) < nodes(&alone),
        "{} nodes with helpers, {} alone",
        nodes(&out),
        nodes(&alone)
    );
    let best = bestmove(&out);
    let played = ["h2e2", "h9g7", best].map(|m| parse_uci(m).unwrap());
    assert!(rebuild(&Setup::start(), &played).is_ok(), "{best} is legal");
    // A bad value changes nothing.
    let out = session(
        &mut engine,
        &host,
        "setoption name Shared Table value maybe",
    );
    assert_eq!(
        out,
        ["info string Shared Table is true or false, not \"maybe\""]
    );
}

/// A network of 8 neurons whose weights are all 0 and whose output bias makes every
/// position worth `cp` centipawns to the side to move.
fn constant_network(cp: i32) -> Vec<u8> {
    use xiangqi_ai::nnue::{file, INPUTS, QA, QB, SCALE};
    let hidden = 8;
    file::write(&file::Weights {
        hidden,
        outputs: 1,
        w1: vec![0; INPUTS * hidden],
        b1: vec![0; hidden],
        w2: vec![0; 2 * hidden],
        b2: vec![cp * QA * QB / SCALE],
    })
}

/// The score of the last `info depth` line.
fn last_score(out: &[String]) -> String {
    let line = out
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    let rest = &line[line.find("score ").expect("a score") + 6..];
    rest.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn eval_file_has_the_engine_and_its_helpers_evaluate_with_the_network() {
    let host = TestHost::new();
    let net = constant_network(100);
    host.files
        .borrow_mut()
        .push(("net.nnue".into(), net.clone()));
    host.files
        .borrow_mut()
        .push(("notes.txt".into(), b"hello".to_vec()));
    let mut engine = UciEngine::default();
    let go = "position startpos\ngo depth 1";
    let hand_set = last_score(&session(&mut engine, &host, go));
    assert_ne!(hand_set, "cp -100");

    let out = session(&mut engine, &host, "setoption name EvalFile value net.nnue");
    assert!(out.is_empty(), "{out:?}");
    // Whatever Red plays, Black then stands at +100.
    assert_eq!(last_score(&session(&mut engine, &host, go)), "cp -100");

    // A file that cannot be read or is no network is named and changes nothing.
    let out = session(
        &mut engine,
        &host,
        "setoption name EvalFile value notes.txt\nsetoption name EvalFile value gone.nnue",
    );
    assert_eq!(
        out,
        [
            "info string EvalFile cannot use \"notes.txt\": not an evaluation network (no XQNN header)",
            "info string EvalFile cannot use \"gone.nnue\": no such file",
        ]
    );
    assert_eq!(last_score(&session(&mut engine, &host, go)), "cp -100");

    // Helpers get the network once, before their first share.
    session(
        &mut engine,
        &host,
        "setoption name Threads value 2\nsetoption name Shared Table value false",
    );
    session(&mut engine, &host, "go depth 3\ngo depth 3");
    assert_eq!(*host.networks.borrow(), [(1, net.len())]);
    assert!(!host.shares.borrow().is_empty());

    // `<empty>` goes back to the hand-set evaluation, the helpers too.
    session(
        &mut engine,
        &host,
        "setoption name EvalFile value <empty>\nsetoption name Threads value 1",
    );
    assert_eq!(last_score(&session(&mut engine, &host, go)), hand_set);
    session(
        &mut engine,
        &host,
        "setoption name Threads value 2\ngo depth 3",
    );
    assert_eq!(host.networks.borrow().last(), Some(&(1, 0)));
}

mod input;
