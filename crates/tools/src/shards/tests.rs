use super::manifest::{Entry, Manifest, COLUMNS};
use super::*;

fn settings() -> Settings {
    Settings {
        format: "games".into(),
        nodes: 5000,
        random_plies: 6,
        seed: 7,
        network: "built-in xq-r1 d7277f38".into(),
        search: 1_024_229,
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_sidecar_reads_back_its_settings_and_names_what_is_wrong() {
    let s = settings();
    let text = s.to_meta("xiangqi datagen --format games --out x --seed 7");
    assert_eq!(Settings::from_meta(&text), Ok(s.clone()));
    let no_seed: String = text
        .lines()
        .filter(|l| !l.starts_with("seed"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(Settings::from_meta(&no_seed), Err("no `seed` line".into()));
    let bad = text.replace("nodes: 5000", "nodes: many");
    assert!(Settings::from_meta(&bad)
        .unwrap_err()
        .contains("`nodes` is not a number"));
    let unknown = format!("{text}colour: red\n");
    assert!(Settings::from_meta(&unknown)
        .unwrap_err()
        .contains("unknown key `colour`"));
    assert!(Settings::from_meta("nodes 5000")
        .unwrap_err()
        .contains("line 1"));
}

#[test]
fn differences_name_each_setting_that_differs() {
    let a = settings();
    assert!(a.differences(&a).is_empty());
    let b = Settings {
        nodes: 8000,
        network: "hand-set".into(),
        ..a.clone()
    };
    assert_eq!(
        a.differences(&b),
        vec![
            "nodes 5000, not 8000",
            "network built-in xq-r1 d7277f38, not hand-set"
        ]
    );
}

#[test]
fn a_shard_takes_games_only_of_its_own_settings() {
    let dir = scratch("claim");
    let out = dir.join("a.bin");
    // New: the sidecar is written.
    claim(&out, &settings(), "cmd").unwrap();
    let meta = std::fs::read_to_string(meta_path(&out)).unwrap();
    assert!(
        meta.contains("seed: 7") && meta.contains("command: cmd"),
        "{meta}"
    );
    // The same settings go on; other ones are refused and the sidecar kept.
    claim(&out, &settings(), "another cmd").unwrap();
    let other = Settings {
        seed: 8,
        ..settings()
    };
    let e = claim(&out, &other, "cmd").unwrap_err();
    assert!(e.contains("seed 7, not 8"), "{e}");
    assert_eq!(std::fs::read_to_string(meta_path(&out)).unwrap(), meta);
    // Data with no sidecar is nobody's shard.
    let old = dir.join("old.bin");
    std::fs::write(&old, [1, 2, 3]).unwrap();
    let e = claim(&old, &settings(), "cmd").unwrap_err();
    assert!(e.contains("no ") && e.contains("old.bin.meta"), "{e}");
    assert!(!meta_path(&old).exists());
    // An empty file may become one.
    let empty = dir.join("empty.bin");
    std::fs::write(&empty, []).unwrap();
    claim(&empty, &settings(), "cmd").unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_sha256_is_the_published_one() {
    // FIPS 180-2's example "abc".
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn a_manifest_keeps_its_comments_and_one_line_per_shard() {
    let entry = |name: &str, games| Entry {
        name: name.into(),
        games,
        positions: games * 150,
        bytes: games * 600,
        sha256: "ab".repeat(32),
        settings: settings(),
    };
    let mut m = Manifest {
        comments: vec!["# round 2".into(), COLUMNS.into()],
        entries: vec![],
    };
    assert!(m.put(entry("s1.bin", 10)));
    assert!(m.put(entry("s2.bin", 20)));
    assert!(!m.put(entry("s1.bin", 10)), "the same line changes nothing");
    assert!(
        m.put(entry("s1.bin", 12)),
        "a shard that grew replaces its line"
    );
    assert_eq!(m.entries.len(), 2);
    assert_eq!(m.totals(), (32, 32 * 150));
    let text = m.to_text();
    assert!(text.starts_with("# round 2\n# shard\t"));
    assert_eq!(Manifest::parse(&text), Ok(m));
    let e = Manifest::parse("# x\ns1.bin\t1\t2\n").unwrap_err();
    assert_eq!(e, "line 2: 3 fields, not 11");
    let bad = entry("s.bin", 1)
        .to_line()
        .replace("\t1\t150\t", "\tone\t150\t");
    assert!(Manifest::parse(&bad)
        .unwrap_err()
        .contains("games is not a number"));
}
