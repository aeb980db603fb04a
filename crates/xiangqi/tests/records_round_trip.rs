//! Round trips of random legal game trees: each writer's text, read back by the readers,
//! gives the same tree (moves and variations in order, comments, tags, result, start).

use proptest::prelude::*;
use xiangqi::notation::Notation;
use xiangqi::records::{read_records, write_dhtml, write_pgn, Format, GameResult, GameTree};
use xiangqi::Position;

/// A small deterministic generator (xorshift), so a failing seed replays exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Text from pieces a record's comments and tags may hold (no braces, brackets or `|`,
    /// which the formats cannot carry), trimmed.
    fn text(&mut self, lines: bool) -> String {
        const PIECES: [&str; 14] = [
            "a", "Zq", "中炮", "好棋", " ", "!", "?", "(", ")", ";", "\"", "\\", "1-0", "車",
        ];
        let n = 1 + self.below(6);
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(PIECES[self.below(PIECES.len())]);
            if lines && self.below(8) == 0 {
                s.push('\n');
            }
        }
        s.trim().to_string()
    }
}

const STARTS: [&str; 3] = [
    xiangqi::START_FEN,
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    "3ak4/4a4/9/9/2p6/9/9/4C4/4A4/3K1A3 b - - 3 41",
];

const TAGS: [&str; 8] = [
    "Event",
    "Site",
    "Date",
    "Red",
    "Black",
    "ECCO",
    "Opening",
    "Annotator",
];

fn random_tree(seed: u64) -> GameTree {
    let mut rng = Rng(seed | 1);
    let start = Position::from_fen(STARTS[rng.below(STARTS.len())]).unwrap();
    let mut tree = GameTree::new(start);
    for name in TAGS {
        if rng.below(2) == 0 {
            let value = rng.text(false);
            tree.tags.push((name.to_string(), value));
        }
    }
    tree.result = [
        None,
        Some(GameResult::RedWins),
        Some(GameResult::BlackWins),
        Some(GameResult::Draw),
        Some(GameResult::Unknown),
    ][rng.below(5)];
    if rng.below(3) == 0 {
        tree.comment = rng.text(true);
    }
    // Grow lines from random nodes: a main line first, then variations off it.
    let mut budget = 60;
    let mut leaves = vec![Vec::<usize>::new()];
    while budget > 0 && !leaves.is_empty() {
        let from = leaves[rng.below(leaves.len())].clone();
        let mut path = from;
        let len = 1 + rng.below(12);
        for _ in 0..len {
            let pos = tree.position_at(&path).unwrap();
            let legal = pos.legal_moves();
            if legal.is_empty() || budget == 0 {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            path = tree.add_move(&path, m).unwrap();
            budget -= 1;
            if rng.below(4) == 0 {
                tree.node_mut(&path).unwrap().comment = rng.text(true);
            }
            if rng.below(3) == 0 {
                leaves.push(path[..path.len() - 1].to_vec());
            }
        }
    }
    tree
}

fn read_back(text: &str, format: Format) -> GameTree {
    let mut records = read_records(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(records.len(), 1, "{text}");
    let r = records.remove(0);
    assert_eq!(r.format, format);
    assert!(r.faults.is_empty(), "{:?}\n{text}", r.faults);
    r.tree
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pgn_in_wxf_and_chinese_reads_back_as_the_same_tree(seed in any::<u64>()) {
        let tree = random_tree(seed);
        for notation in [Notation::Wxf, Notation::Chinese] {
            let text = write_pgn(&tree, notation);
            prop_assert_eq!(&read_back(&text, Format::Pgn), &tree, "{}", text);
        }
    }

    #[test]
    fn dhtmlxq_reads_back_as_the_same_tree(seed in any::<u64>()) {
        let tree = random_tree(seed);
        let text = write_dhtml(&tree);
        prop_assert_eq!(&read_back(&text, Format::DhtmlXq), &tree, "{}", text);
    }
}

#[test]
fn the_main_line_converts_to_and_from_the_linear_record() {
    for seed in 1..50 {
        let tree = random_tree(seed);
        let pgn = tree.to_pgn();
        assert_eq!(pgn.game.moves(), tree.main_line().moves());
        let back = GameTree::from_pgn(&pgn);
        assert_eq!(back.main_line().moves(), tree.main_line().moves());
        assert_eq!(back.len(), tree.main_line().len());
        assert_eq!(back.comment, tree.comment);
        assert_eq!((back.tags, back.result), (tree.tags.clone(), tree.result));
    }
}

#[test]
fn tags_that_share_a_dhtmlxq_name_with_another_field_survive() {
    let mut tree = random_tree(7);
    tree.tags = ["red", "binit", "comment1", "tag_x", "Red", "Site"]
        .map(|k| (k.to_string(), format!("value of {k}")))
        .to_vec();
    let text = write_dhtml(&tree);
    assert_eq!(read_back(&text, Format::DhtmlXq), tree, "{text}");
}
