//! The one option table: what each engine announces, and what `setoption` does with a name
//! and a value, the other engine's options included.

use xiangqi_uci::option::OptionError;
use xiangqi_uci::options::{Effect, MAX_AB_DEPTH};
use xiangqi_uci::{Algorithm, Caps, Front, Options};

fn caps(front: Front) -> Caps {
    let native = front == Front::Native;
    Caps {
        front,
        name: "Xiangqi".into(),
        max_hash_mb: if native { 4096 } else { 1024 },
        max_threads: if native { 8 } else { 4 },
        eval_file: if native { "<built-in>" } else { "<empty>" },
        counts: native,
        ponders: native,
        plays_on: native,
    }
}

#[test]
fn each_engine_announces_its_own_options_in_one_order() {
    let native: Vec<String> = Options::announce(&caps(Front::Native)).collect();
    assert_eq!(
        native,
        [
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 8",
            "option name Algorithm type combo default pvs var greedy var alphabeta var pvs",
            &format!("option name Depth type spin default 4 min 1 max {MAX_AB_DEPTH}"),
            "option name Seed type spin default 0 min 0 max 2147483647",
            "option name MultiPV type spin default 1 min 1 max 16",
            "option name EvalFile type string default <built-in>",
            "option name Level type spin default 0 min 0 max 26",
            "option name OwnBook type check default false",
            "option name Ponder type check default false",
        ]
    );
    let page: Vec<String> = Options::announce(&caps(Front::Page)).collect();
    assert_eq!(
        page,
        [
            "option name Hash type spin default 16 min 1 max 1024",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 4",
            "option name Shared Table type check default true",
            "option name EvalFile type string default <empty>",
            "option name Level type spin default 0 min 0 max 26",
        ]
    );
}

#[test]
fn setoption_reads_names_in_any_case_and_says_what_the_engine_must_do() {
    let caps = caps(Front::Native);
    let mut options = Options::new(&caps);
    assert_eq!(options.eval_file, "<built-in>");
    let set = |o: &mut Options, name: &str, value: &str| o.set(&caps, name, Some(value));
    assert_eq!(set(&mut options, "hash", " 64 "), Ok(Effect::Configure));
    assert_eq!(
        set(&mut options, "ALGORITHM", "AlphaBeta"),
        Ok(Effect::Configure)
    );
    assert_eq!(set(&mut options, "Ponder", "TRUE"), Ok(Effect::Kept));
    assert_eq!(
        set(&mut options, "evalfile", " net.nnue "),
        Ok(Effect::Network)
    );
    assert_eq!(
        options.set(&caps, "clear hash", None),
        Ok(Effect::ClearHash)
    );
    assert_eq!(
        (options.hash_mb, options.algorithm, options.ponder),
        (64, Algorithm::AlphaBeta, true)
    );
    assert_eq!(options.eval_file, "net.nnue");
}

#[test]
fn a_value_that_cannot_be_used_or_another_engines_option_changes_nothing() {
    let native = caps(Front::Native);
    let page = caps(Front::Page);
    let mut options = Options::new(&native);
    let before = options.clone();
    let errors = [
        (
            "Hash",
            "0",
            "Hash must be a whole number from 1 to 4096, not \"0\"",
        ),
        (
            "threads",
            "9",
            "threads must be a whole number from 1 to 8, not \"9\"",
        ),
        (
            "Algorithm",
            "mcts",
            "Algorithm is greedy, alphabeta or pvs, not \"mcts\"",
        ),
        ("Ponder", "maybe", "Ponder is true or false, not \"maybe\""),
        ("Shared Table", "true", "no such option: Shared Table"),
        ("Colour", "red", "no such option: Colour"),
    ];
    for (name, value, says) in errors {
        let error = options.set(&native, name, Some(value)).unwrap_err();
        assert_eq!(error.to_string(), says);
    }
    assert_eq!(options, before);
    let mut options = Options::new(&page);
    for name in ["Algorithm", "Depth", "Seed", "MultiPV", "Ponder"] {
        assert_eq!(
            options.set(&page, name, Some("1")),
            Err(OptionError::Unknown { name: name.into() })
        );
    }
    assert_eq!(
        options
            .set(&page, "Hash", Some("2048"))
            .unwrap_err()
            .to_string(),
        "Hash must be a whole number from 1 to 1024, not \"2048\""
    );
}
