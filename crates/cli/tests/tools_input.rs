//! The tools' subcommands on arguments they cannot use: sizes and counts out of range are
//! refused before anything is allocated (usage errors, exit code 2), real numbers must be
//! finite, an output that cannot be written is found before the work (exit code 1, said on
//! stderr), and an empty result never replaces an existing file.

use std::path::PathBuf;
use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The exit code and stderr of a run that must print nothing on stdout.
fn refused(args: &[&str]) -> (i32, String) {
    let out = xiangqi(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.is_empty(), "{args:?}: stdout {stdout}");
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-tools-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sizes_and_counts_out_of_range_are_usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "match",
                "--a",
                "pvs:threads=100000:movetime=10",
                "--b",
                "greedy",
            ],
            "threads=100000 is out of range: 1 to 256",
        ),
        (
            &["match", "--a", "pvs:hash=100000000", "--b", "greedy"],
            "hash=100000000 is out of range: 1 to 4096",
        ),
        (
            &["match", "--a", "pvs:depth=1000", "--b", "greedy"],
            "depth=1000 is out of range: 1 to 92",
        ),
        (
            &[
                "match",
                "--a",
                "greedy",
                "--b",
                "greedy",
                "--concurrency",
                "100000",
            ],
            "--concurrency",
        ),
        (
            &["match", "--a", "greedy", "--b", "greedy", "--games", "0"],
            "--games",
        ),
        (
            &[
                "train",
                "--data",
                "x",
                "--out",
                "y",
                "--hidden",
                "100000000",
            ],
            "--hidden",
        ),
        (
            &["train", "--data", "x", "--out", "y", "--rate", "NaN"],
            "--rate",
        ),
        (
            &["train", "--data", "x", "--out", "y", "--decay", "inf"],
            "--decay",
        ),
        (
            &["train", "--data", "x", "--out", "y", "--lambda", "2"],
            "--lambda",
        ),
        (
            &["train", "--data", "x", "--out", "y", "--batch", "0"],
            "--batch",
        ),
        (
            &["train", "--data", "x", "--out", "y", "--threads", "100000"],
            "--threads",
        ),
        (&["tune", "--data", "x", "--rate", "NaN"], "--rate"),
        (&["tune", "--data", "x", "--l2=-1"], "--l2"),
        (&["tune", "--data", "x", "--threads", "0"], "--threads"),
        (
            &["datagen", "--out", "x", "--threads", "100000"],
            "--threads",
        ),
        (
            &["datagen", "--out", "x", "--games", "100000001"],
            "--games",
        ),
        (&["datagen", "--out", "x", "--nodes", "0"], "--nodes"),
        (
            &["puzzles", "--out", "x", "--threads", "100000"],
            "--threads",
        ),
        (&["puzzles", "--out", "x", "--nodes", "300,0"], "--nodes"),
        (&["puzzles", "--out", "x", "--depth", "1000"], "--depth"),
        (&["bench", "--threads", "100000"], "--threads"),
    ];
    for (args, says) in cases {
        let (code, err) = refused(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn an_output_that_cannot_be_written_is_found_before_the_work() {
    let dir = scratch("unwritable");
    let missing = dir.join("no/such/dir/out");
    let missing = missing.to_str().unwrap();
    let data = dir.join("data.txt");
    std::fs::write(&data, "").unwrap();
    let data = data.to_str().unwrap();
    for args in [
        vec!["train", "--data", data, "--out", missing],
        vec![
            "train",
            "--data",
            data,
            "--out",
            "ok.bin",
            "--checkpoint",
            missing,
        ],
        vec!["tune", "--data", data, "--out", missing],
        vec!["puzzles", "--out", missing, "--games", data],
    ] {
        let (code, err) = refused(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(
            err.contains("cannot write") && err.contains(missing),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_input_never_replaces_an_output() {
    let dir = scratch("empty");
    let empty = dir.join("empty.bin");
    std::fs::write(&empty, "").unwrap();
    let set = dir.join("puzzles.txt");
    std::fs::write(&set, "kept\n").unwrap();
    let (code, err) = refused(&[
        "puzzles",
        "--out",
        set.to_str().unwrap(),
        "--games",
        empty.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no puzzles found"), "{err}");
    assert_eq!(std::fs::read_to_string(&set).unwrap(), "kept\n");
    // Nothing to mine at all is said at once.
    let (code, err) = refused(&["puzzles", "--out", set.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no games to mine"), "{err}");
    // Training on no games writes no network and says so on stderr.
    let net = dir.join("net.bin");
    let (code, err) = refused(&[
        "train",
        "--data",
        empty.to_str().unwrap(),
        "--out",
        net.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("too few to train on"), "{err}");
    assert!(!net.exists());
    // Tuning on no positions likewise.
    let weights = dir.join("weights.rs");
    std::fs::write(&weights, "kept").unwrap();
    let (code, err) = refused(&[
        "tune",
        "--data",
        empty.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no positions"), "{err}");
    assert_eq!(std::fs::read_to_string(&weights).unwrap(), "kept");
    std::fs::remove_dir_all(&dir).unwrap();
}
