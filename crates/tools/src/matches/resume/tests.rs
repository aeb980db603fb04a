use super::*;
use crate::matches::opening_set::OpeningSet;
use crate::matches::record::ForA;
use crate::matches::run::run_match;
use std::path::PathBuf;

fn config(pgn: &Path, pairs: usize) -> MatchConfig {
    MatchConfig {
        a: "alphabeta:depth=1".parse().unwrap(),
        b: "greedy".parse().unwrap(),
        pairs,
        openings: OpeningSet::named(),
        sprt: None,
        concurrency: 1,
        max_plies: 60,
        adjudication: Default::default(),
        seed: 3,
        pgn: Some(pgn.to_path_buf()),
        resume: true,
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-resume-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("match.pgn")
}

/// (number, result for A, moves) of each game.
fn games(records: &[GameRecord]) -> Vec<(usize, ForA, Vec<xiangqi::Move>)> {
    records
        .iter()
        .map(|g| (g.number, g.for_a(), g.moves.clone()))
        .collect()
}

#[test]
fn a_stopped_match_goes_on_where_it_stopped() {
    let path = temp("parts");
    let _ = std::fs::remove_file(&path);
    // The whole match in one part, written elsewhere.
    let whole_path = temp("whole");
    let _ = std::fs::remove_file(&whole_path);
    let whole = run_match(&config(&whole_path, 3), &mut Vec::new()).unwrap();
    // The same match stopped after two pairs (a match of 2 pairs writes the same first games),
    // then resumed as the match of 3.
    run_match(&config(&path, 2), &mut Vec::new()).unwrap();
    let mut out = Vec::new();
    let resumed = run_match(&config(&path, 3), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("Resumed: 4 games from ") && text.contains("the other 2 to play"),
        "{text}"
    );
    assert!(!text.contains("Game 1/6"), "{text}");
    assert!(text.contains("Game 5/6"), "{text}");
    assert_eq!(resumed.tally.games(), 6);
    assert_eq!(resumed.tally, whole.tally);
    assert_eq!(games(&resumed.records), games(&whole.records));
    assert!(matches!(resumed.records[0].ending, Ending::Earlier { .. }));
    // The file now holds all six, and a third run plays nothing.
    let mut out = Vec::new();
    let again = run_match(&config(&path, 3), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("Resumed: 6 games"), "{text}");
    assert!(!text.contains("\nGame "), "{text}");
    assert_eq!(games(&again.records), games(&whole.records));
    assert_eq!(
        earlier_games(&config(&path, 3), &path).unwrap().games.len(),
        6
    );
}

#[test]
fn a_file_of_another_match_is_refused_and_left_alone() {
    let path = temp("other");
    let _ = std::fs::remove_file(&path);
    run_match(&config(&path, 1), &mut Vec::new()).unwrap();
    let before = std::fs::read(&path).unwrap();
    let refused = |cfg: &MatchConfig| run_match(cfg, &mut Vec::new()).unwrap_err().to_string();
    // Other engines.
    let other = MatchConfig {
        b: "alphabeta:depth=2".parse().unwrap(),
        ..config(&path, 1)
    };
    let e = refused(&other);
    assert!(
        e.contains("game 1 was played by alphabeta:depth=1 (Red) and greedy (Black)"),
        "{e}"
    );
    assert!(e.contains("nothing was played"), "{e}");
    // Other openings.
    let other = MatchConfig {
        openings: OpeningSet::book(),
        ..config(&path, 1)
    };
    assert!(
        refused(&other).contains("opened with"),
        "{}",
        refused(&other)
    );
    std::fs::write(&path, [&before[..], &before[..]].concat()).unwrap();
    let e = refused(&config(&path, 1));
    assert!(e.contains("game 1 is in the file twice"), "{e}");
    let round = String::from_utf8(before.clone())
        .unwrap()
        .replace("[Round \"1\"]", "[Round \"x\"]");
    std::fs::write(&path, round).unwrap();
    let e = refused(&config(&path, 1));
    assert!(e.contains("its Round is not a game of 1 to 2"), "{e}");
    std::fs::write(&path, "some notes\n").unwrap();
    let e = refused(&config(&path, 1));
    assert!(e.contains("does not begin with a game's Game tag"), "{e}");
    std::fs::write(&path, &before).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_game_cut_off_while_written_is_played_again() {
    let path = temp("cut");
    let _ = std::fs::remove_file(&path);
    run_match(&config(&path, 1), &mut Vec::new()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // The second game cut off: as if the match stopped while writing it.
    let second = text.rfind("[Game ").unwrap();
    let body = &text[second..];
    let cut = [" 1-0", " 0-1", " 1/2-1/2", "\n1-0", "\n0-1", "\n1/2-1/2"]
        .iter()
        .filter_map(|r| body.rfind(r))
        .max()
        .unwrap();
    // Cut inside its last moves: fewer moves than its PlyCount, or a move half written.
    let cut_text = format!("{}{}", &text[..second], &body[..cut - 6]);
    std::fs::write(&path, &cut_text).unwrap();
    let earlier = earlier_games(&config(&path, 1), &path).unwrap();
    let numbers = |e: &Earlier| e.games.iter().map(|g| g.number).collect::<Vec<_>>();
    assert_eq!(numbers(&earlier), [1]);
    assert_eq!(earlier.cut_to, Some(second as u64));
    // Cut inside its tags, too.
    std::fs::write(&path, &text[..second + 30]).unwrap();
    let earlier = earlier_games(&config(&path, 1), &path).unwrap();
    assert_eq!(
        (numbers(&earlier), earlier.cut_to),
        (vec![1], Some(second as u64))
    );
    // Resumed, the cut game goes from the file and is played again: the file is whole.
    let mut out = Vec::new();
    let resumed = run_match(&config(&path, 1), &mut out).unwrap();
    let said = String::from_utf8(out).unwrap();
    assert!(
        said.contains("Resumed: 1 games") && said.contains("Game 2/2"),
        "{said}"
    );
    assert_eq!(resumed.tally.games(), 2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // A missing file is no games.
    let none = temp("none");
    let _ = std::fs::remove_file(&none);
    assert!(earlier_games(&config(&none, 1), &none)
        .unwrap()
        .games
        .is_empty());
}

#[test]
fn a_file_played_on_other_clocks_is_refused() {
    let path = temp("clocks");
    let _ = std::fs::remove_file(&path);
    let clocked = |tc: Option<&str>| {
        let mut cfg = config(&path, 2);
        // On greedy, which a clock does not slow.
        cfg.b.tc = tc.map(|t| t.parse().unwrap());
        cfg
    };
    // Only B plays on a clock: Red's and Black's are written apart.
    run_match(&clocked(Some("60")), &mut Vec::new()).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("[RedTimeControl \"-\"]\n[BlackTimeControl \"60+0\"]\n"),
        "{text}"
    );
    assert_eq!(
        earlier_games(&clocked(Some("60")), &path)
            .unwrap()
            .games
            .len(),
        4
    );
    let refused = |tc| {
        run_match(&clocked(tc), &mut Vec::new())
            .unwrap_err()
            .to_string()
    };
    let e = refused(Some("30"));
    assert!(
        e.contains(
            "game 1 was played with RedTimeControl -, BlackTimeControl 60+0, not with this \
             match's RedTimeControl -, BlackTimeControl 30+0"
        ),
        "{e}"
    );
    assert!(refused(None).contains("not with this match's no clock"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn the_time_control_tags() {
    use crate::matches::pgn::time_control_tags;
    let tc = |s: &str| Some(s.parse().unwrap());
    assert!(time_control_tags(None, None).is_empty());
    assert_eq!(
        time_control_tags(tc("10+0.1"), tc("10+0.1")),
        [("TimeControl".to_string(), "10+0.1".to_string())]
    );
    assert_eq!(
        time_control_tags(None, tc("5")),
        [
            ("RedTimeControl".to_string(), "-".to_string()),
            ("BlackTimeControl".to_string(), "5+0".to_string())
        ]
    );
}
