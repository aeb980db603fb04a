//! `EvalFile`: the strong search evaluates with the built-in network by default, with a
//! network read from a file, with the hand-set evaluation for `<empty>`; a file that is no
//! network is named and changes nothing.

mod common;

use common::search_session;

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

/// The score of the last `info depth` line of `out`.
fn last_score(out: &str) -> String {
    let line = out
        .lines()
        .rfind(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info line in {out}"));
    let rest = &line[line.find("score ").expect("a score") + 6..];
    rest.split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_search_evaluates_with_the_network_of_eval_file() {
    let dir = std::env::temp_dir().join(format!("xiangqi-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = dir.join("constant.nnue");
    std::fs::write(&net, constant_network(100)).unwrap();
    let go = "position startpos\ngo depth 1\n";

    let (_, built_in) = search_session(go);
    let (_, hand_set) = search_session(&format!("setoption name EvalFile value <empty>\n{go}"));
    assert_ne!(last_score(&built_in), last_score(&hand_set));
    // Whatever Red plays, Black then stands at +100.
    let (replies, with_net) = search_session(&format!(
        "setoption name EvalFile value {}\n{go}",
        net.display()
    ));
    assert!(!replies.contains("info string"), "{replies}");
    assert_eq!(last_score(&with_net), "cp -100");
    assert_ne!(last_score(&hand_set), "cp -100");

    // `<empty>` goes to the hand-set evaluation, `<built-in>` back to the built-in network.
    let (_, back) = search_session(&format!(
        "setoption name EvalFile value {}\nsetoption name EvalFile value <empty>\n{go}",
        net.display()
    ));
    assert_eq!(last_score(&back), last_score(&hand_set));
    let (_, back) = search_session(&format!(
        "setoption name EvalFile value {}\nsetoption name EvalFile value <built-in>\n{go}",
        net.display()
    ));
    assert_eq!(last_score(&back), last_score(&built_in));

    // A file that cannot be used is named, and the network set before stays.
    let not_a_net = dir.join("not-a-net.txt");
    std::fs::write(&not_a_net, "hello").unwrap();
    let missing = dir.join("missing.nnue");
    // A network of a later format version.
    let later = dir.join("later.nnue");
    let mut bytes = constant_network(100);
    bytes[4..8].copy_from_slice(&3u32.to_le_bytes());
    std::fs::write(&later, bytes).unwrap();
    let (replies, after_bad) = search_session(&format!(
        "setoption name EvalFile value {}\nsetoption name EvalFile value {}\n\
         setoption name EvalFile value {}\nsetoption name EvalFile value {}\n{go}",
        net.display(),
        not_a_net.display(),
        missing.display(),
        later.display()
    ));
    let all = replies + &after_bad;
    assert!(
        all.contains(&format!(
            "info string EvalFile cannot use \"{}\": not an evaluation network (no XQNN header)",
            not_a_net.display()
        )),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "info string EvalFile cannot use \"{}\": ",
            missing.display()
        )),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "info string EvalFile cannot use \"{}\": the network file is version 3 (1260 \
             inputs, 8 hidden, 1 output, scales 255 and 64, 400 cp a unit), this engine reads \
             version 2 (1260 inputs, 1 to 4096 hidden, 1 to 13 outputs, scales 255 and 64, 400 \
             cp a unit) and the versions before it",
            later.display()
        )),
        "{all}"
    );
    assert_eq!(last_score(&after_bad), "cp -100");
    let _ = std::fs::remove_dir_all(&dir);
}
