//! Shards of network data end to end: `xiangqi datagen --format games` writes each shard's
//! sidecar and refuses to add games of other settings; `xiangqi shards` lists the shards in a
//! manifest and `--check` finds a shard that changed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn datagen(out: &Path, seed: &str) -> Output {
    datagen_games(out, seed, "2")
}

fn datagen_games(out: &Path, seed: &str, games: &str) -> Output {
    let out = out.to_str().unwrap();
    let args = [
        "datagen", "--format", "games", "--out", out, "--games", games,
    ];
    let rest = [
        "--nodes",
        "300",
        "--threads",
        "1",
        "--hand-set",
        "--seed",
        seed,
    ];
    xiangqi(&[&args[..], &rest[..]].concat())
}

#[test]
fn shards_are_described_listed_and_checked() {
    let dir = scratch("shards");
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    for (shard, seed) in [(&a, "1"), (&a, "1"), (&b, "2")] {
        let run = datagen(shard, seed);
        assert!(run.status.success(), "{}", text(&run.stderr));
    }
    let meta = std::fs::read_to_string(dir.join("a.bin.meta")).unwrap();
    for line in [
        "format: games",
        "nodes: 300",
        "seed: 1",
        "network: hand-set",
        "search: ",
    ] {
        assert!(meta.contains(line), "{line} in\n{meta}");
    }

    // Another seed into a shard of seed 1: refused, the shard unchanged.
    let before = std::fs::read(&a).unwrap();
    let run = datagen(&a, "3");
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("seed 1, not 3"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(std::fs::read(&a).unwrap(), before);

    // Listed in a new manifest, then checked.
    let manifest = dir.join("round.tsv");
    let (a_, b_, m_) = (
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        manifest.to_str().unwrap(),
    );
    let run = xiangqi(&["shards", a_, b_, "--manifest", m_]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains("2 of 2 lines written; 2 shards, 6 games"),
        "{}",
        text(&run.stdout)
    );
    let listed = std::fs::read_to_string(&manifest).unwrap();
    let lines: Vec<&str> = listed.lines().collect();
    assert!(
        lines[0].starts_with("# shard\tgames\tpositions"),
        "{listed}"
    );
    assert!(
        lines[1].starts_with("a.bin\t4\t") && lines[2].starts_with("b.bin\t2\t"),
        "{listed}"
    );
    let run = xiangqi(&["shards", a_, b_, "--manifest", m_, "--check"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains("2 shards as"),
        "{}",
        text(&run.stdout)
    );

    // A shard that grew no longer checks, and listing it again replaces its line.
    assert!(datagen(&b, "2").status.success());
    let run = xiangqi(&["shards", a_, b_, "--manifest", m_, "--check"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("b.bin: differs from"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&manifest).unwrap(),
        listed,
        "--check writes nothing"
    );
    let run = xiangqi(&["shards", b_, "--manifest", m_]);
    assert!(
        text(&run.stdout).contains("1 of 1 lines written; 2 shards, 8 games"),
        "{}",
        text(&run.stdout)
    );

    // A shard without its sidecar is refused by name.
    std::fs::remove_file(dir.join("b.bin.meta")).unwrap();
    let run = xiangqi(&["shards", b_]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("b.bin.meta"),
        "{}",
        text(&run.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run stopped while it wrote a game (a killed process, a machine handed back) leaves the
/// shard ending inside that game: the next run drops the unfinished game, says so, and goes on
/// from the last whole one, so a stop loses one game and never the shard.
#[test]
fn a_shard_cut_inside_a_game_goes_on_from_the_last_whole_game() {
    let dir = scratch("torn");
    let (whole, torn) = (dir.join("whole.bin"), dir.join("torn.bin"));
    for shard in [&whole, &torn] {
        let run = datagen(shard, "5");
        assert!(run.status.success(), "{}", text(&run.stderr));
    }
    let two_games = std::fs::read(&torn).unwrap();
    // Two more games, the second of them cut short: what a stop mid-write leaves.
    assert!(datagen(&whole, "5").status.success());
    let four_games = std::fs::read(&whole).unwrap();
    let third_ends = {
        let mut input = &four_games[two_games.len()..];
        let third = xiangqi_tools::train::read_games(&mut input).next().unwrap();
        assert!(third.is_ok());
        four_games.len() - input.len()
    };
    let cut = (four_games.len() - third_ends) / 2;
    std::fs::write(&torn, &four_games[..third_ends + cut]).unwrap();

    // Made whole by a run of no games: the three whole games, nothing else.
    let mended = dir.join("mended.bin");
    std::fs::write(&mended, &four_games[..third_ends + cut]).unwrap();
    std::fs::copy(dir.join("torn.bin.meta"), dir.join("mended.bin.meta")).unwrap();
    let run = datagen_games(&mended, "5", "0");
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(std::fs::read(&mended).unwrap(), four_games[..third_ends]);
    // Listed as it is, it is refused with what mends it.
    let run = xiangqi(&["shards", torn.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("game 3: the data ends inside it: run the datagen command"),
        "{}",
        text(&run.stderr)
    );
    let run = datagen(&torn, "5");
    assert!(run.status.success(), "{}", text(&run.stderr));
    let said = text(&run.stderr);
    assert!(
        said.contains(&format!(
            "game 3 ends {cut} bytes in (the run that wrote it stopped): dropped"
        )),
        "{said}"
    );
    assert!(said.contains("3 games already in"), "{said}");
    // Games 3 and 4 written after the three whole ones: the first five games of one shard.
    assert!(datagen(&whole, "5").status.success());
    let six_games = std::fs::read(&whole).unwrap();
    let five_games = std::fs::read(&torn).unwrap();
    assert!(five_games.len() > four_games.len() && six_games.starts_with(&five_games));
    let mut input = &five_games[..];
    assert_eq!(xiangqi_tools::train::read_games(&mut input).count(), 5);
    let _ = std::fs::remove_dir_all(&dir);
}
