//! The page's fuzz targets' properties (xiangqi_web::fuzzing) on a few thousand seeded inputs,
//! so that `cargo test` guards them too: random bytes, and valid links, saved games and records
//! with small mutations. Deterministic: a failure prints the seed and the input that broke.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../cli/tests/seeded/mod.rs"]
mod seeded;

use seeded::{mutate, random_bytes, run, Rng};
use xiangqi_web::fuzzing;
use xiangqi_web::model::settings::Action as Set;
use xiangqi_web::model::{game, Action, Mode, State, TimeControl};

/// Links the page gives or accepts.
fn link_seeds() -> Vec<String> {
    [
        "?moves=h2e2+h9g7&mode=pvp&lang=zh",
        "?line=ep&mode=pvp&flip=1&lang=zh",
        "?fen=4k4%2FR8%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F1R1K5+w+-+-+0+1&mode=ai&side=black&level=3",
        "?moves=h2e2+h9g7+e2e6&notes=1%3Aa%20note&ply=2",
        "?tc=3%2B2&level=8&pieces=international",
        "?view=replay&line=epJ&ply=1",
        "?view=diagram&fen=9%2F9",
        "?pgn=1.+C2.5+H8%2B7+2.+H2%2B3",
        "?level=3&level=5&embed=1&embed=0",
        "?tc=180%2B60&side=r&flip=0&lang=en&mode=watch",
        "?line=ep.h.e~J~J&notes=0%3Astart%0A%233%3Aa+variation%0A2%3Amain",
        "?line=ep&corr=Ab3dEf6hIj+red+days%3D3+offer%3Dred",
        "?line=&corr=Ab3dEf6hIj+black+end%3Dresign-black",
    ]
    .map(str::to_string)
    .to_vec()
}

/// Saved games as the page writes them.
fn saved_seeds() -> Vec<String> {
    let mut games = Vec::new();
    let mut s = State::default();
    games.push(xiangqi_web::records::saved::write(&s));
    for m in ["h2e2", "h9g7", "b0c2"] {
        let m = xiangqi::notation::parse_uci(m).unwrap();
        s.apply(Action::Click(m.from()), 0);
        s.apply(Action::Click(m.to()), 0);
    }
    games.push(xiangqi_web::records::saved::write(&s));
    // A game played by link, Black to move on this device.
    let mut c = State::default();
    c.apply(
        xiangqi_web::model::correspondence::Action::Start {
            id: "Ab3dEf6hIj".into(),
            mine: xiangqi::Color::Black,
            days: Some(2),
        }
        .into(),
        0,
    );
    games.push(xiangqi_web::records::saved::write(&c));
    // From the position after the first move, another reply: a variation.
    s.apply(game::Action::Show(Some(1)).into(), 0);
    for sq in ["c9", "e7"] {
        s.apply(Action::Click(sq.parse().unwrap()), 0);
    }
    games.push(xiangqi_web::records::saved::write(&s));
    for a in [
        Set::SetMode(Mode::TwoPlayers),
        Set::SetTimeControl(Some(TimeControl::new(3, 2))),
        Set::Flip,
        Set::SetLevel(7),
    ] {
        s.apply(a.into(), 0);
    }
    games.push(xiangqi_web::records::saved::write(&s));
    games
}

/// Records: PGNs and plain lists of moves in each notation.
fn record_seeds() -> Vec<String> {
    [
        "1. C2.5 H8+7 2. H2+3 R9.8 *",
        "[Event \"Casual game\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\"]\n\n1. R2+9 1-0\n",
        "h2e2 h9g7 h0g2 i9h9",
        "H2-E2 H9-G7",
        "炮二平五 马8进7 马二进三",
        "1. C2.5 {a comment} H8+7 (1... C8.5) 2. H2+3 *",
        "[Result \"0-1\"]\n1. C2.5 C8.5 2. C5+4 0-1",
    ]
    .map(str::to_string)
    .to_vec()
}

fn seeded(
    name: &str,
    seeds: &[String],
    randoms: (u64, usize),
    mutations: (u64, usize),
    check: fn(&[u8]),
) {
    run(name, randoms.0, randoms.1, random_bytes, check);
    run(
        name,
        mutations.0,
        mutations.1,
        |rng: &mut Rng| {
            let s = rng.pick(seeds).clone();
            mutate(rng, s.as_bytes(), seeds)
        },
        check,
    );
    for s in seeds {
        check(s.as_bytes());
    }
}

#[test]
fn link_params_target_on_random_and_mutated_links() {
    seeded(
        "link_params",
        &link_seeds(),
        (0x9E37_79B9_7F4A_7C15, 1000),
        (0xC2B2_AE3D_27D4_EB4F, 3000),
        fuzzing::link_params,
    );
}

#[test]
fn saved_game_target_on_random_and_mutated_saved_games() {
    seeded(
        "saved_game",
        &saved_seeds(),
        (0x1656_67B1_9E37_79F9, 1000),
        (0x85EB_CA77_C2B2_AE63, 3000),
        fuzzing::saved_game,
    );
}

#[test]
fn record_import_target_on_random_and_mutated_records() {
    seeded(
        "record_import",
        &record_seeds(),
        (0x27D4_EB2F_1656_67C5, 1000),
        (0x94D0_49BB_1331_11EB, 3000),
        fuzzing::record_import,
    );
}

/// Lists of recent games: saved games cut apart by 0 bytes, damaged as the browser may keep
/// them.
fn list_seeds() -> Vec<String> {
    let games = saved_seeds();
    let damaged = [
        games[1].replace("lang=en", "lang=xx"),
        games[1].replace("xiangqi-saved 1", "xiangqi-saved 2"),
        format!("{}date=abc\nfuture=1\n", games[1]),
        games[1].replace("b0c2", "a0a9"),
        "{not a game".to_string(),
    ];
    vec![
        games.join("\0"),
        damaged.join("\0"),
        format!("{}\0{}", damaged.join("\0"), games[2]),
        vec![games[1].as_str(); 40].join("\0"),
    ]
}

/// Practice records as the page writes them, and damaged.
fn practice_seeds() -> Vec<String> {
    use xiangqi_web::practice::progress::Progress;
    let mut p = Progress::default();
    for i in 0..12 {
        p.record(i, 1300 + 40 * i as u16, i % 3 != 0);
    }
    p.record_drill("chariot-vs-advisors", true);
    let good = p.write();
    vec![
        good.clone(),
        good.replacen("\"rd\":", "\"rd\":1e300,\"x\":", 1),
        good.replacen("\"streak\":", "\"streak\":\"many\",\"y\":", 1),
        good.replacen("\"history\":[", "\"history\":[7,", 1),
        "{\"rating\": 12".to_string(),
        "[]".to_string(),
    ]
}

#[test]
fn game_list_target_on_random_and_mutated_lists() {
    seeded(
        "game_list",
        &list_seeds(),
        (0x2545_F491_4F6C_DD1D, 300),
        (0x9FB2_1C65_1E98_DF25, 600),
        fuzzing::game_list,
    );
}

#[test]
fn practice_record_target_on_random_and_mutated_records() {
    seeded(
        "practice_record",
        &practice_seeds(),
        (0xD6E8_FEB8_6659_FD93, 1000),
        (0xA076_1D64_78BD_642F, 3000),
        fuzzing::practice_record,
    );
}
