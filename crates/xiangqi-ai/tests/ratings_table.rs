//! The levels' table in `docs/levels.md` is the one the app shows: each row's budget and
//! rating are those of `Level` (`level/`).

use xiangqi_ai::{Level, Player, MAX_LEVEL};

/// The rows of the levels table in `docs/levels.md`: (level, budget cell, rating cell).
fn table_rows() -> Vec<(u8, String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/levels.md");
    let doc = std::fs::read_to_string(path).expect("docs/levels.md is in the workspace");
    let table = doc
        .split("| level | player | budget | rating | 95% interval |")
        .nth(1)
        .expect("docs/levels.md has the levels table");
    table
        .lines()
        .skip(2) // the rest of the header line and the alignment row
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 6, "{l}");
            let level = cells[0].parse().unwrap_or_else(|_| panic!("a level: {l}"));
            (level, cells[2].to_string(), cells[3].to_string())
        })
        .collect()
}

/// The first number in `cell`, read with the typographic minus.
fn first_number(cell: &str) -> i64 {
    let text = cell.replace('−', "-");
    let start = text
        .find(|c: char| c == '-' || c.is_ascii_digit())
        .unwrap_or_else(|| panic!("no number in {cell}"));
    let digits: String = text[start..]
        .chars()
        .enumerate()
        .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && c == '-'))
        .map(|(_, c)| c)
        .collect();
    digits.parse().unwrap()
}

#[test]
fn the_documented_levels_table_is_the_one_the_app_shows() {
    let rows = table_rows();
    assert_eq!(
        rows.iter().map(|r| r.0).collect::<Vec<_>>(),
        (1..=MAX_LEVEL).collect::<Vec<_>>(),
        "one row a level"
    );
    for (n, budget, rating) in rows {
        let level = Level::new(n);
        assert_eq!(
            first_number(&rating),
            i64::from(level.rating()),
            "level {n}'s rating"
        );
        assert_eq!(
            rating.ends_with(", estimate"),
            !level.measured(),
            "level {n}: {rating}"
        );
        let task = level.task(0);
        let expected = match (task.player, &task.limits) {
            (Player::Greedy { .. }, _) => "one ply".to_string(),
            (Player::AlphaBeta { depth, .. }, _) => format!("depth {depth}"),
            (
                Player::Skill {
                    depth, temperature, ..
                },
                _,
            ) => {
                format!("depth {depth}, softmax at {temperature} cp")
            }
            (Player::Strong, l) if l.nodes.is_some() => {
                format!("{} nodes a move", l.nodes.unwrap())
            }
            (Player::Strong, l) => match l.movetime_ms.expect("a timed level") {
                ms if ms % 1000 == 0 => format!("{} s a move", ms / 1000),
                ms => format!("{ms} ms a move"),
            },
        };
        assert_eq!(
            budget, expected,
            "level {n}'s budget: docs/levels.md says {budget:?}, the level {expected:?}"
        );
    }
}
