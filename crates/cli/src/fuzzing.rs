//! The properties that the fuzz targets in `crates/fuzz` check, one function per target.
//!
//! They live here, not in the fuzz package, so that `cargo test` (tests/robustness.rs) runs
//! the very same checks on seeded pseudo-random inputs, while `cargo fuzz` explores further.
//! Each function takes arbitrary bytes and panics only when a property is broken.

use crate::flow::Flow;
use crate::uci::{Command, Engine, Go};
use xiangqi::notation::{self, format_uci, parse_uci, Notation};
use xiangqi::records::{read_records, write_dhtml, write_pgn, Format, GameTree, Node};
use xiangqi::{Move, Position};

/// The deepest `go perft` that [`uci_lines`] carries out. Deeper ones are parsed but not
/// run: they are valid input, only too slow to repeat millions of times.
pub const PERFT_DEPTH_LIMIT: u32 = 2;

/// Checks that the position obeys the engine's own invariants: its FEN is read back to the
/// same position, its hash is the one computed from scratch, and every legal move leads to a
/// position that is legal again and is undone exactly.
pub fn check_position(pos: &Position) {
    let fen = pos.to_fen();
    assert_eq!(pos.hash(), pos.compute_hash(), "stale hash in {fen}");
    let setup = pos.to_setup();
    match Position::from_setup(&setup) {
        Ok(again) => assert_eq!(&again, pos, "{fen} is not rebuilt from its setup"),
        Err(e) => panic!("{fen} holds an illegal position: {e}"),
    }
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        assert!(pos.is_legal(m), "{m} is generated but not legal in {fen}");
        let undo = p.make_move(m);
        assert_eq!(p.hash(), p.compute_hash(), "stale hash after {m} in {fen}");
        if let Err(e) = Position::from_setup(&p.to_setup()) {
            panic!("{m} in {fen} leads to an illegal position: {e}");
        }
        p.unmake_move(m, undo);
        assert_eq!(&p, pos, "{m} is not undone exactly in {fen}");
    }
}

/// Target `fen`: parsing any text never panics, and a FEN that parses is written back as a
/// FEN that parses to an equal position.
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    let fen = pos.to_fen();
    match Position::from_fen(&fen) {
        Ok(again) => {
            assert_eq!(again, pos, "{text:?} -> {fen} reads back differently");
            assert_eq!(again.to_fen(), fen);
        }
        Err(e) => panic!("{text:?} -> {fen} does not read back: {e}"),
    }
    check_position(&pos);
}

/// Target `uci_move`: reading any text as a coordinate move never panics, and a move that
/// is read is written back as the same text (in lower case) and reads back equal.
pub fn uci_move(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(m) = parse_uci(&text) else {
        return;
    };
    let written = format_uci(m);
    assert_eq!(
        written,
        text.to_ascii_lowercase(),
        "{text:?} is written back differently"
    );
    assert_eq!(parse_uci(&written), Ok(m));
    assert_eq!(Move::from_raw(m.raw()), Some(m));
    assert_ne!(m.from(), m.to());
    // Legality is a separate question, but asking it must be safe for any move.
    let _ = Position::start().is_legal(m);
}

/// Target `uci_line`: the input, split into lines, goes through the [`Command`] parser and
/// through the protocol loop of a fresh [`Engine`]. Nothing panics; a line that cannot be
/// read is answered by exactly one `info string` line and leaves the position as it was;
/// the position is always a legal one.
pub fn uci_lines(data: &[u8]) {
    let mut engine = Engine::new();
    let mut out = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let parsed = text.parse::<Command>();
        if let Ok(Command::Go(Go::Perft(depth))) = parsed {
            if depth > PERFT_DEPTH_LIMIT {
                continue;
            }
        }
        // Searches run on their own thread; only shallow, bounded ones are worth repeating
        // millions of times (the protocol tests cover the rest).
        if let Ok(Command::Go(Go::Search { limits, ponder, .. })) = &parsed {
            let shallow = limits.depth.is_some_and(|d| d <= PERFT_DEPTH_LIMIT);
            if !shallow || limits.infinite || *ponder {
                continue;
            }
        }
        let before = engine.position().clone();
        out.clear();
        let flow = engine
            .handle_bytes(line, &mut out)
            .expect("writing to memory cannot fail");
        let answer = String::from_utf8(out.clone()).expect("answers are UTF-8");
        if text.trim().is_empty() {
            assert!(answer.is_empty(), "a blank line is answered: {answer:?}");
        } else if parsed.is_err() {
            assert!(
                answer.starts_with("info string ") && answer.ends_with('\n'),
                "{text:?} is answered with {answer:?}"
            );
            assert_eq!(
                answer.lines().count(),
                1,
                "{text:?} gets a multi-line answer"
            );
            assert_eq!(engine.position(), &before, "{text:?} changed the position");
        }
        if engine.position() != &before {
            check_position(engine.position());
        }
        if flow == Flow::Quit {
            break;
        }
    }
}

/// Positions for [`move_text`]: the start, one with tandem pieces and stacked soldiers on
/// both sides, and a sparse endgame; the first input byte picks one.
pub const MOVE_TEXT_POSITIONS: [&str; 3] = [
    xiangqi::START_FEN,
    "2bakab2/9/3PPP3/4P4/2R1c1R2/2r1C1r2/4p4/3ppp3/9/2BAKAB2 w - - 0 1",
    "3k5/4a4/4b4/9/2P3p2/9/9/4B4/4A4/3AK4 b - - 0 1",
];

/// Target `move_text`: reading any text in each notation (and with `parse_any`) never
/// panics; a move that is read is legal, and writing it in the notation it was read in
/// reads back the same move.
pub fn move_text(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let fen = MOVE_TEXT_POSITIONS[which as usize % MOVE_TEXT_POSITIONS.len()];
    let pos = Position::from_fen(fen).expect("the fuzz positions are legal");
    let text = String::from_utf8_lossy(rest);
    for notation in Notation::ALL {
        if let Ok(m) = notation::parse(&pos, &text, notation) {
            assert!(
                pos.is_legal(m),
                "{text:?} read as illegal {m} in {notation}"
            );
            let written = notation::format(&pos, m, notation);
            assert_eq!(
                notation::parse(&pos, &written, notation),
                Ok(m),
                "{text:?} -> {m} -> {written:?} in {notation}"
            );
        }
    }
    if let Ok(m) = notation::parse_any(&pos, &text) {
        assert!(pos.is_legal(m), "{text:?} read as illegal {m}");
    }
}

/// Target `record_read`: reading any bytes as a record (XQF, DhtmlXQ, WXF, PGN) never
/// panics; every game read is a legal tree; its PGN (WXF and Chinese moves) and its DhtmlXQ
/// read back as one game without faults and the same tree: moves, variations, start and
/// result always, comments and tags too wherever the form can carry their characters
/// (braces in a PGN comment, brackets and `|` in DhtmlXQ text cannot).
pub fn record_read(data: &[u8]) {
    let Ok(records) = read_records(data) else {
        return;
    };
    assert!(!records.is_empty(), "a record read holds a game");
    for record in records {
        let tree = record.tree;
        check_tree(&tree);
        let pgn_safe = texts(&tree).all(|t| !t.contains(['{', '}']));
        for notation in [Notation::Wxf, Notation::Chinese] {
            let text = write_pgn(&tree, notation);
            let back = read_back(&text, Format::Pgn);
            compare(&back, &tree, pgn_safe, &text);
        }
        let dhtml_safe = texts(&tree).all(|t| !t.contains(['[', ']', '|']));
        let text = write_dhtml(&tree);
        let back = read_back(&text, Format::DhtmlXq);
        compare(&back, &tree, dhtml_safe, &text);
    }
}

/// Every move of the tree is legal where it stands.
fn check_tree(tree: &GameTree) {
    for view in tree.nodes() {
        assert!(
            view.before.is_legal(view.node.mv),
            "{} at {:?} is not legal in {}",
            view.node.mv,
            view.path,
            view.before.to_fen()
        );
    }
}

/// The tree's comments and tag values.
fn texts(tree: &GameTree) -> impl Iterator<Item = &str> {
    let comments = tree.nodes().into_iter().map(|v| v.node.comment.as_str());
    let tags = tree.tags.iter().map(|(_, v)| v.as_str());
    comments
        .chain([tree.comment.as_str()])
        .chain(tags)
        .collect::<Vec<_>>()
        .into_iter()
}

fn read_back(text: &str, format: Format) -> GameTree {
    let mut back = read_records(text.as_bytes())
        .unwrap_or_else(|e| panic!("{format} written does not read: {e}\n{text}"));
    assert_eq!(
        back.len(),
        1,
        "{format} written reads as several games:\n{text}"
    );
    let record = back.remove(0);
    assert_eq!(record.format, format, "{text}");
    assert!(record.faults.is_empty(), "{:?}\n{text}", record.faults);
    record.tree
}

/// The tree without its comments and tags: what every form carries whatever the text.
fn bare(tree: &GameTree) -> GameTree {
    let mut t = tree.clone();
    t.tags.clear();
    t.comment.clear();
    let mut stack: Vec<&mut Node> = t.children.iter_mut().collect();
    while let Some(n) = stack.pop() {
        n.comment.clear();
        stack.extend(n.children.iter_mut());
    }
    t
}

fn compare(back: &GameTree, tree: &GameTree, whole: bool, text: &str) {
    if whole {
        assert_eq!(back, tree, "read back differently:\n{text}");
    } else {
        assert_eq!(bare(back), bare(tree), "read back differently:\n{text}");
    }
}
