use super::*;
use crate::matches::go::format_go;

fn parse(s: &str) -> Kind {
    s.parse::<EngineSpec>()
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .kind
}

fn error(s: &str) -> String {
    s.parse::<EngineSpec>().unwrap_err().to_string()
}

fn task(player: Who, limits: Limits) -> Kind {
    Kind::builtin(Task { player, limits })
}

#[test]
fn built_in_specs() {
    assert_eq!(
        parse("greedy"),
        task(Who::Greedy { seed: 0 }, Limits::default())
    );
    let alpha_beta = |depth, margin| {
        task(
            Who::AlphaBeta {
                depth,
                margin,
                seed: 0,
            },
            Limits::default(),
        )
    };
    assert_eq!(parse("alphabeta"), alpha_beta(4, 20));
    assert_eq!(parse("alphabeta:depth=3:margin=0"), alpha_beta(3, 0));
    assert_eq!(parse("level=3"), Kind::builtin(Level::new(3).task(0)));
    assert_eq!(
        parse("skill:depth=3:temperature=80"),
        Kind::builtin(Task {
            player: Who::Skill {
                depth: 3,
                temperature: 80,
                seed: 0
            },
            limits: Limits::default(),
        })
    );
    assert_eq!(parse("level:8"), Kind::builtin(Level::new(8).task(0)));
    let pvs = |limits| task(Who::Strong, limits);
    assert_eq!(parse("pvs"), pvs(Limits::movetime(100)));
    assert_eq!(parse("pvs:movetime=250"), pvs(Limits::movetime(250)));
    assert_eq!(parse("pvs:depth=8"), pvs(Limits::depth(8)));
    let nodes = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    assert_eq!(parse("pvs:nodes=20000"), pvs(nodes));
    assert_eq!(
        parse("pvs:depth=8:hash=64"),
        Kind::Builtin {
            task: Task {
                player: Who::Strong,
                limits: Limits::depth(8)
            },
            hash_mb: 64,
            threads: 1,
        }
    );
}

#[test]
fn bad_specs_say_why() {
    assert!(error("stockfish").starts_with("unknown engine \"stockfish\": use greedy"));
    assert!(error("level=27").contains("levels are 1 to 26"));
    assert!(error("alphabeta:depth=x").contains("depth=\"x\" is not a number"));
    assert!(error("alphabeta:depth=0").contains("depth must be 1 to 20"));
    assert!(error("pvs:time=5").contains("\"time=5\" means nothing for pvs"));
    assert!(error("greedy:depth=2").contains("means nothing for greedy"));
    assert!(error("uci:").contains("give the command"));
    assert!(error("uci:engine:ranks=2").contains("ranks is 0"));
    assert!(error("uci:'engine").contains("single quote is not closed"));
    assert!(error("pvs:tc=fast").contains("tc=\"fast\" is not a time control"));
    assert!(error("uci:engine:tc=0+1").contains("tc=\"0+1\" is not a time control"));
}

#[test]
fn a_clock_replaces_the_default_move_time() {
    let tc: TimeControl = "10+0.1".parse().unwrap();
    let spec: EngineSpec = "pvs:tc=10+0.1".parse().unwrap();
    assert_eq!(spec.tc, Some(tc));
    assert_eq!(spec.kind, task(Who::Strong, Limits::default()));
    // Other limits given with it are kept.
    let spec: EngineSpec = "pvs:tc=10+0.1:nodes=5000".parse().unwrap();
    let nodes = Limits {
        nodes: Some(5000),
        ..Limits::default()
    };
    assert_eq!(spec.kind, task(Who::Strong, nodes));
    let spec: EngineSpec = "uci:./engine:tc=10+0.1:name=E".parse().unwrap();
    assert_eq!((spec.text.as_str(), spec.tc), ("E", Some(tc)));
    let Kind::Uci(s) = spec.kind else {
        panic!("not uci")
    };
    assert_eq!(format_go(&s.limits), "");
    // Killed only well after its clock would have run out.
    assert_eq!(s.move_timeout_ms(Some(7_000)), 12_000);
    assert_eq!("pvs".parse::<EngineSpec>().unwrap().tc, None);
}

#[test]
fn uci_specs() {
    let Kind::Uci(s) = parse(
        "uci:node --no-experimental-fetch 'dir with space/uci.js':opt=UCI_Variant=xiangqi\
         :ranks=1:movetime=200:opt=Threads=1:timeout=9000",
    ) else {
        panic!("not uci")
    };
    assert_eq!(
        s.command,
        ["node", "--no-experimental-fetch", "dir with space/uci.js"]
    );
    assert_eq!(
        s.options,
        [
            ("UCI_Variant".to_string(), "xiangqi".to_string()),
            ("Threads".to_string(), "1".to_string())
        ]
    );
    assert_eq!(s.rank_offset, 1);
    assert_eq!(format_go(&s.limits), "movetime 200");
    assert_eq!(s.move_timeout_ms(None), 9000);
    let named: EngineSpec = "uci:./engine -x:name=Engine X:hash=64".parse().unwrap();
    assert_eq!(named.text, "Engine X");
    let Kind::Uci(s) = named.kind else {
        panic!("not uci")
    };
    assert_eq!(s.command, ["./engine", "-x"]);
    assert_eq!(s.options, [("Hash".to_string(), "64".to_string())]);

    // Colons that start no option stay in the command; the default search is 100 ms.
    let Kind::Uci(s) = parse("uci:engine --url=http://x:depth=7:nodes=5000") else {
        panic!("not uci")
    };
    assert_eq!(s.command, ["engine", "--url=http://x"]);
    assert_eq!(format_go(&s.limits), "depth 7 nodes 5000");
    assert_eq!(s.move_timeout_ms(None), 60_000);
    let Kind::Uci(s) = parse("uci:./engine") else {
        panic!("not uci")
    };
    assert_eq!(format_go(&s.limits), "movetime 100");
    assert_eq!(s.move_timeout_ms(None), 5_300);
}
