//! Lines the engine cannot use, and numbers out of range: each answered, and every search
//! ends with a bestmove.

use super::*;

#[test]
fn lines_that_cannot_be_used_are_answered_with_info_string() {
    let host = TestHost::new();
    let mut engine = UciEngine::default();
    let out = session(
        &mut engine,
        &host,
        "hello\nsetoption name Level value 27\nsetoption name Threads value 5\nsetoption name Colour value red\n\ngo perft 2",
    );
    assert_eq!(out.len(), 5, "{out:?}");
    assert!(out.iter().all(|l| l.starts_with("info string ")), "{out:?}");
    assert_eq!(
        out[1],
        "info string Level must be a whole number from 0 to 26, not \"27\""
    );
    assert_eq!(out[3], "info string no such option: Colour");
    // A refused move: the moves before it stand, as the message says, and are searched.
    let out = session(
        &mut engine,
        &host,
        "position startpos moves h2e2 h2e2\ngo depth 1",
    );
    let after_h2e2 = Position::start().after(parse_uci("h2e2").unwrap());
    assert_eq!(
        out[0],
        format!(
            "info string move 2 (h2e2) is not legal; the moves before it stand: position fen {}",
            after_h2e2.to_fen()
        )
    );
    assert!(
        after_h2e2.is_legal(parse_uci(bestmove(&out)).unwrap()),
        "{out:?}"
    );
    // A move played after the rules ended the game is refused the same way.
    let mated = "4k4/9/9/9/4R4/5R3/9/9/9/3K5 b";
    let out = session(
        &mut engine,
        &host,
        &format!("position fen {mated} moves e9d9\nd"),
    );
    assert!(
        out[0].starts_with("info string move 1 (e9d9) cannot be played: the game is over"),
        "{out:?}"
    );
    assert!(out.contains(&format!(
        "Fen: {}",
        Position::from_fen(mated).unwrap().to_fen()
    )));
    // A position that cannot be read leaves none to search, until a good one comes.
    let out = session(
        &mut engine,
        &host,
        "position startpos moves h2e2 zz\ngo depth 1",
    );
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[1], format!("info string {NO_POSITION}"));
    assert_eq!(out[2], "bestmove (none)");
    let out = session(&mut engine, &host, "position startpos\ngo depth 1");
    assert_ne!(bestmove(&out), "(none)");
    // Every search `go` is answered: what cannot be used is named and left out.
    for (go, note) in [
        ("go depth -1", "go: depth \"-1\" is out of range; 1 is used"),
        (
            "go depth 99999999999999999999 movetime 100",
            "go: depth \"99999999999999999999\" is out of range; 92 is used",
        ),
        (
            "go wtime abc btime 1",
            "go: wtime \"abc\" is not a whole number; ignored",
        ),
    ] {
        let out = session(&mut engine, &host, &format!("position startpos\n{go}"));
        assert_eq!(out[0], format!("info string {note}"), "{go}: {out:?}");
        assert!(
            Position::start().is_legal(parse_uci(bestmove(&out)).unwrap()),
            "{go}: {out:?}"
        );
    }
    // A mated side has no move.
    let out = session(
        &mut engine,
        &host,
        "position fen 4k4/9/9/9/4R4/5R3/9/9/9/3K5 b\ngo depth 3",
    );
    assert_eq!(
        out.last().map(String::as_str),
        Some("bestmove (none)"),
        "{out:?}"
    );
}
