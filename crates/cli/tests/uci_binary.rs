//! The real binary speaking UCI on pipes, timed: `searchmoves`, pondering, `go mate`, `quit`
//! during a perft, move times, infinite searches and `stop`, the table kept between searches,
//! the end of the input, `go` after a `position` with a refused move or that cannot be read,
//! and `go` with numbers that cannot be used.

mod common;

use common::binary::{last_nodes, Uci};
use common::{after, best_of, mv, SECOND};
use std::time::Duration;
use xiangqi::Position;
use xiangqi_budget::best_of_three;

#[test]
fn searchmoves_bound_the_answer_of_every_algorithm() {
    let mut uci = Uci::start(&["uci"]);
    for algorithm in ["greedy", "alphabeta", "pvs"] {
        uci.send(&format!("setoption name Algorithm value {algorithm}"));
        uci.send("position startpos");
        uci.send("go depth 6 searchmoves a3a4 i3i4");
        let (lines, _) = uci.until("bestmove ", 30 * SECOND);
        let best = best_of(lines.last().unwrap());
        assert!(best == "a3a4" || best == "i3i4", "{algorithm}: {lines:#?}");
    }
}

#[test]
fn go_ponder_thinks_until_ponderhit_then_answers_on_the_clock_with_a_ponder_move() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Ponder value true");
    let pos = after(&["h2e2", "h9g7"]);
    // Each try is a new game, so none starts from the table of the one before.
    let what = "ponderhit to bestmove on a 6 s clock (at least 30 ms)";
    best_of_three(what, 3 * SECOND, || {
        uci.send("ucinewgame");
        // The GUI expects h9g7 and lets the engine think on it in the opponent's time.
        uci.send("position startpos moves h2e2 h9g7");
        uci.sync();
        uci.send("go ponder wtime 6000 btime 6000 winc 0 binc 0");
        // A 6 s clock plans a fraction of a second; pondering goes on well past that.
        let early = uci.drain(Duration::from_millis(1_500));
        assert!(
            !early.iter().any(|l| l.starts_with("bestmove")),
            "bestmove while pondering: {early:#?}"
        );
        let hit = uci.send("ponderhit");
        let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
        let took = answered - hit;
        // It goes on thinking on its clock after ponderhit (not at once, not for ever).
        assert!(took >= Duration::from_millis(30), "{took:?}: {lines:#?}");
        let last = lines.last().unwrap();
        let (best, reply) = last
            .strip_prefix("bestmove ")
            .and_then(|l| l.split_once(" ponder "))
            .unwrap_or_else(|| panic!("no ponder move: {last}"));
        assert!(pos.is_legal(mv(best)), "{last}");
        assert!(pos.after(mv(best)).is_legal(mv(reply)), "{last}");
        took
    });
    // stop ends a ponder search that never gets its ponderhit, with a move as well.
    uci.send("go ponder wtime 6000 btime 6000");
    uci.drain(Duration::from_millis(300));
    uci.send("stop");
    let (lines, _) = uci.until("bestmove ", 5 * SECOND);
    assert!(pos.is_legal(mv(best_of(lines.last().unwrap()))));
    // A ponderhit with nothing pondering is answered, and harms nothing.
    uci.send("ponderhit");
    let (said, _) = uci.until("info string ", 5 * SECOND);
    assert_eq!(
        said,
        ["info string ponderhit: no search is pondering; ignored"]
    );
}

#[test]
fn go_mate_stops_once_it_proves_the_mate() {
    // Mate in 3: a0a9 e9e8 a9f9 e8e7 f9f8 (the advisor blocks the general's way out).
    let mut uci = Uci::start(&["uci"]);
    uci.send("position fen 4ka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    uci.send("go mate 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    let last = infos.last().unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(last.contains(" score mate 3 "), "{lines:#?}");
    // It stopped on the proof, before the depth limit of a 3-move mate (7 plies).
    let depth: u32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(depth < 7, "{lines:#?}");
    assert_eq!(best_of(lines.last().unwrap()), "a0a9");
}

#[test]
fn quit_ends_a_long_perft_at_once() {
    best_of_three("quit during a perft 9", SECOND, || {
        let mut uci = Uci::start(&["uci"]);
        uci.send("go perft 9");
        std::thread::sleep(Duration::from_millis(200));
        // The engine still reads its input while the perft runs.
        uci.sync();
        let quit = uci.send("quit");
        let status = uci.exit_within(3 * SECOND);
        assert_eq!(status.map(|s| s.code()), Some(Some(0)), "exits by itself");
        quit.elapsed()
    });
    // stop ends one too, and says so rather than give a wrong total.
    best_of_three("stop during a perft 9", SECOND, || {
        let mut uci = Uci::start(&["uci"]);
        uci.send("go perft 9");
        std::thread::sleep(Duration::from_millis(200));
        let stop = uci.send("stop");
        let (lines, stopped) = uci.until("info string perft stopped", 10 * SECOND);
        assert!(
            !lines.iter().any(|l| l.starts_with("Nodes searched")),
            "{lines:#?}"
        );
        uci.sync();
        stopped - stop
    });
}

#[test]
fn alphabeta_movetime_300_answers_within_a_second() {
    // It thinks for its time (not just its default depth), and not much longer.
    let what = "alphabeta, go movetime 300 (at least 250 ms)";
    best_of_three(what, SECOND, || {
        let mut uci = Uci::start(&["uci"]);
        uci.send("setoption name Algorithm value alphabeta");
        uci.send("position startpos");
        uci.sync();
        let sent = uci.send("go movetime 300");
        let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
        let took = answered - sent;
        assert!(took >= Duration::from_millis(250), "{took:?}: {lines:#?}");
        took
    });
}

#[test]
fn alphabeta_infinite_answers_soon_after_stop() {
    let budget = Duration::from_millis(300);
    best_of_three("alphabeta, stop to bestmove", budget, || {
        let mut uci = Uci::start(&["uci"]);
        uci.send("setoption name Algorithm value alphabeta");
        uci.send("position startpos");
        uci.sync();
        uci.send("go infinite");
        let early = uci.drain(Duration::from_millis(200));
        assert!(
            !early.iter().any(|l| l.starts_with("bestmove")),
            "bestmove before stop: {early:#?}"
        );
        let stopped = uci.send("stop");
        let (lines, answered) = uci.until("bestmove ", 5 * SECOND);
        let best = best_of(lines.last().unwrap());
        assert!(Position::start().is_legal(mv(best)), "{best}");
        answered - stopped
    });
}

#[test]
fn greedy_infinite_waits_for_stop() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name Algorithm value greedy");
    uci.send("position startpos");
    uci.send("go infinite");
    let early = uci.drain(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {early:#?}"
    );
    uci.send("stop");
    uci.until("bestmove ", 5 * SECOND);
}

#[test]
fn the_table_is_kept_between_searches_until_ucinewgame() {
    let mut uci = Uci::start(&["uci"]);
    let search = |uci: &mut Uci| {
        uci.send("position startpos");
        uci.send("go depth 10");
        let (lines, _) = uci.until("bestmove ", 60 * SECOND);
        last_nodes(&lines)
    };
    let first = search(&mut uci);
    let second = search(&mut uci);
    uci.send("ucinewgame");
    let fresh = search(&mut uci);
    assert!(
        second * 2 < first,
        "the second search reuses the table: {first} then {second}"
    );
    assert!(
        fresh * 2 > first && fresh < first * 2,
        "ucinewgame forgets it: {first}, then {fresh} after ucinewgame"
    );
}

#[test]
fn end_of_input_ends_an_infinite_search_with_its_answer() {
    let mut uci = Uci::start(&[]);
    uci.send("position startpos");
    uci.send("go infinite");
    uci.close();
    let status = uci.exit_within(3 * SECOND);
    assert_eq!(
        status.map(|s| s.code()),
        Some(Some(0)),
        "the engine exits by itself"
    );
    let lines = uci.drain(Duration::from_millis(100));
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .map(|l| best_of(l))
        .unwrap_or_else(|| panic!("no bestmove: {lines:#?}"));
    assert!(Position::start().is_legal(mv(best)), "{best}");
}

#[test]
fn after_a_refused_move_go_searches_the_moves_before_it() {
    let mut uci = Uci::start(&["uci"]);
    // The rook cannot jump its own pieces: the refused move is named, the moves before it
    // (here none) stand, and `go` searches that position, as the message said.
    uci.send("position startpos moves a0a9");
    let (said, _) = uci.until("info string ", 5 * SECOND);
    let fen = Position::start().to_fen();
    assert_eq!(
        said,
        [format!(
            "info string move 1 (a0a9) is not legal; the moves before it stand: position fen {fen}"
        )]
    );
    uci.send("go depth 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    let best = best_of(lines.last().unwrap());
    assert!(Position::start().is_legal(mv(best)), "{lines:#?}");
    // After h2e2 h9g7 the cannon has left h2: Red's move is searched after the two that stand.
    uci.send("position startpos moves h2e2 h9g7 h2e2");
    uci.send("go depth 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    assert!(
        lines[0].starts_with("info string move 3 (h2e2) is not legal;"),
        "{lines:#?}"
    );
    let best = best_of(lines.last().unwrap());
    assert!(after(&["h2e2", "h9g7"]).is_legal(mv(best)), "{lines:#?}");
}

#[test]
fn after_a_position_that_cannot_be_read_go_answers_no_move_of_the_old_one() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("position startpos moves h2e2");
    // The GUI means some other position, which cannot be read: the engine keeps the position
    // after h2e2 (Black to move), but must not answer a Black move for it.
    for failed in [
        "position fen 9/9/9 w moves h2e2",
        "position startpos moves h2e2 zz",
    ] {
        uci.send(failed);
        let (said, _) = uci.until("info string ", 5 * SECOND);
        assert_eq!(said.len(), 1, "{failed}: {said:#?}");
        uci.send("go depth 3");
        let (lines, _) = uci.until("bestmove ", 10 * SECOND);
        assert_eq!(
            lines.last().unwrap(),
            "bestmove (none)",
            "{failed}: {lines:#?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string no position to search")),
            "{failed}: the answer says why: {lines:#?}"
        );
    }
    // A position that works searches again.
    uci.send("position startpos moves h2e2 h9g7");
    uci.send("go depth 3");
    let (lines, _) = uci.until("bestmove ", 10 * SECOND);
    let best = best_of(lines.last().unwrap());
    assert!(after(&["h2e2", "h9g7"]).is_legal(mv(best)), "{lines:#?}");
}

#[test]
fn every_go_gets_a_bestmove_however_bad_its_numbers() {
    let mut uci = Uci::start(&["uci"]);
    uci.send("position startpos");
    for (go, note) in [
        ("go depth -1", "depth \"-1\" is out of range; 1 is used"),
        (
            "go depth 99999999999999999999 movetime 100",
            "depth \"99999999999999999999\" is out of range; 92 is used",
        ),
        (
            "go wtime abc btime 1",
            "wtime \"abc\" is not a whole number; ignored",
        ),
        ("go depth 2 sideways", "unexpected \"sideways\"; ignored"),
    ] {
        uci.send(go);
        let (lines, _) = uci.until("bestmove ", 10 * SECOND);
        assert_eq!(
            lines[0],
            format!("info string go: {note}"),
            "{go}: {lines:#?}"
        );
        let best = best_of(lines.last().unwrap());
        assert!(Position::start().is_legal(mv(best)), "{go}: {lines:#?}");
    }
}

#[test]
fn own_book_answers_at_once_from_the_book_and_is_off_by_default() {
    // With the book, the first move comes from it: no search, so no `info` line.
    let mut uci = Uci::start(&["uci"]);
    uci.send("setoption name OwnBook value true");
    uci.send("position startpos");
    uci.send("go depth 6");
    let (lines, _) = uci.until("bestmove ", 30 * SECOND);
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    // The book's moves from the start (its line "; MOVE SCORE WEIGHT ..."), or their mirror
    // images: the start is symmetric, and the book answers a position by its mirror too.
    let book = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/book.txt"))
        .unwrap();
    let start = book.lines().find(|l| l.starts_with("; ")).unwrap();
    let moves: Vec<String> = start
        .split_whitespace()
        .skip(1)
        .step_by(3)
        .map(String::from)
        .collect();
    assert!(moves.len() >= 2, "{start}");
    let best = best_of(lines.last().unwrap());
    assert!(
        moves
            .iter()
            .any(|m| mv(m) == mv(best) || mv(m).mirrored() == mv(best)),
        "{best} is not among the book's moves {moves:?} or their mirror images: {lines:?}"
    );
    // Without it the same `go` searches.
    let mut uci = Uci::start(&["uci"]);
    uci.send("position startpos");
    uci.send("go depth 2");
    let (lines, _) = uci.until("bestmove ", 30 * SECOND);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
}
