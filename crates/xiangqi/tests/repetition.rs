//! The repetition rules (perpetual check, perpetual chase, the plain draw) as a table of named
//! cases: a position, a cycle of moves played until the game ends, and the verdict. The
//! verdicts are those of the Asian rules as Pikafish and Fairy-Stockfish judge them; every case
//! from "a chariot chasing an unprotected horse loses" on was checked against Fairy-Stockfish
//! (through pyffish) when it was written.

use xiangqi::game::chased_pieces;
use xiangqi::notation::parse_uci;
use xiangqi::{Color, Game, Outcome, Position, Reason, Square};

/// One scripted repetition: `moves` are played in order and the last one ends the game.
struct Case {
    name: &'static str,
    fen: &'static str,
    moves: &'static str,
    verdict: Option<Outcome>,
}

const fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(winner),
        reason,
    })
}

const DRAW: Option<Outcome> = Some(Outcome {
    winner: None,
    reason: Reason::Repetition,
});

const CASES: &[Case] = &[
    Case {
        name: "a protected chariot facing an enemy chariot only offers an exchange",
        // Red's chariot, guarded by its general on d0, keeps attacking Black's lone chariot,
        // which could take it back: an exchange offer, not a chase.
        fen: "5k3/9/9/9/3r5/9/9/4B4/9/2R1K4 w - - 0 1",
        moves: "c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5",
        verdict: DRAW,
    },
    Case {
        name: "a chariot that cannot take back because it is pinned is chased",
        // Black's chariot on the d-file shields its general from Red's chariot on d0, so it
        // cannot answer Red's rook on the h-file in kind.
        fen: "9/9/3k5/9/3r3R1/9/9/9/9/3RK4 b - - 0 1",
        moves: "d5d4 h5h4 d4d5 h4h5 d5d4 h5h4 d4d5 h4h5",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "an elephant attacking a protected chariot chases it",
        // Black's chariot runs a2-a0-c0-c2-a2 and is guarded on a2 (soldier a3) and c0
        // (horse d2); Red's elephant attacks it on a2 and c0, Red's cannon on a0 and c2.
        fen: "5k3/9/9/9/2C6/9/p1p6/r2nB4/4K4/9 w - - 0 1",
        moves: "e2c4 a2a0 c5a5 a0c0 c4e2 c0c2 a5c5 c2a2 e2c4 a2a0 c5a5 a0c0 c4e2 c0c2 a5c5 c2a2",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "a chariot chasing an unprotected cannon loses",
        fen: "4k4/9/9/9/3c5/9/9/9/9/2R2K3 w - - 0 1",
        moves: "c0d0 d5c5 d0c0 c5d5 c0d0 d5c5 d0c0 c5d5",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "perpetual check loses",
        fen: "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1",
        moves: "a0d0 d9e9 d0e0 e9d9 e0d0 d9e9 d0e0 e9d9 e0d0",
        verdict: win(Color::Black, Reason::PerpetualCheck),
    },
    Case {
        name: "mutual perpetual check draws",
        // Each cannon move lifts the screen of Black's check and gives one; each chariot move
        // does the same for Black.
        fen: "9/4c4/5k3/5r3/9/9/4C4/9/4K4/5R3 w - - 0 1",
        moves: "e3f3 f6e6 f3e3 e6f6 e3f3 f6e6 f3e3 e6f6",
        verdict: DRAW,
    },
    Case {
        name: "a side that checks on every move loses to one that chases on every move",
        // Red's chariot checks on ranks 9 and 8; each step of Black's general lifts the
        // second screen off one of Black's cannons, which then attacks the chariot.
        fen: "c1b1k4/c1n5R/9/9/9/9/9/9/9/3K5 w - - 0 1",
        moves: "i8i9 e9e8 i9i8 e8e9 i8i9 e9e8 i9i8 e8e9",
        verdict: win(Color::Black, Reason::PerpetualCheck),
    },
    Case {
        name: "an idle repetition draws",
        fen: "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
        moves: "d0d1 e9e8 d1d0 e8e9 d0d1 e9e8 d1d0 e8e9",
        verdict: DRAW,
    },
    Case {
        name: "a chariot chasing an unprotected horse loses",
        fen: "5k3/9/9/9/3n5/9/9/9/9/2R1K4 w - - 0 1",
        moves: "c0d0 d5c7 d0c0 c7d5 c0d0 d5c7 d0c0 c7d5",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "a chariot attacking a protected horse is no chase",
        fen: "4bk3/9/9/9/r2n5/9/9/9/9/2R1K4 w - - 0 1",
        moves: "c0d0 d5c7 d0c0 c7d5 c0d0 d5c7 d0c0 c7d5",
        verdict: DRAW,
    },
    Case {
        name: "a chariot chasing a soldier across the river loses",
        fen: "5k3/9/9/9/9/9/3p5/9/9/2R1K4 w - - 0 1",
        moves: "c0d0 d3c3 d0c0 c3d3 c0d0 d3c3 d0c0 c3d3",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a black chariot chasing an unprotected cannon loses",
        fen: "2r1k4/9/9/9/9/3C5/9/9/9/5K3 b - - 0 1",
        moves: "c9d9 d4c4 d9c9 c4d4 c9d9 d4c4 d9c9 c4d4",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "a horse chasing an unprotected cannon loses",
        fen: "5k3/9/9/9/2c6/1N7/9/9/9/4K4 w - - 0 1",
        moves: "b4d3 c5d5 d3b4 d5c5 b4d3 c5d5 d3b4 d5c5",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "a horse attacking a protected cannon is no chase",
        fen: "5k3/9/9/9/r1c6/1N7/9/9/9/4K4 w - - 0 1",
        moves: "b4d3 c5d5 d3b4 d5c5 b4d3 c5d5 d3b4 d5c5",
        verdict: DRAW,
    },
    Case {
        name: "a chariot checking from the file on every move loses",
        fen: "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1",
        moves: "d1e1 e9d9 e1d1 d9e9 d1e1 e9d9 e1d1 d9e9",
        verdict: win(Color::Black, Reason::PerpetualCheck),
    },
    Case {
        name: "a cannon chasing an unprotected chariot loses",
        fen: "5k3/9/2r6/2pp5/9/9/9/9/9/3CK4 w - - 0 1",
        moves: "d0c0 c7d7 c0d0 d7c7 d0c0 c7d7 c0d0 d7c7",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "a cannon chasing a protected chariot still loses: the chariot is worth more",
        fen: "5k3/9/r1r6/2pp5/9/9/9/9/9/3CK4 w - - 0 1",
        moves: "d0c0 c7d7 c0d0 d7c7 d0c0 c7d7 c0d0 d7c7",
        verdict: win(Color::Black, Reason::PerpetualChase),
    },
    Case {
        name: "a horse checking on every move loses",
        fen: "3k5/6N2/9/9/9/9/9/9/9/5K3 w - - 0 1",
        moves: "g8e7 d9e9 e7g8 e9d9 g8e7 d9e9 e7g8 e9d9",
        verdict: win(Color::Black, Reason::PerpetualCheck),
    },
    Case {
        name: "with colours swapped, a chariot chasing an unprotected horse loses",
        fen: "2r1k4/9/9/9/9/3N5/9/9/9/5K3 b - - 0 1",
        moves: "c9d9 d4c2 d9c9 c2d4 c9d9 d4c2 d9c9 c2d4",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a chariot attacking a protected horse is no chase",
        fen: "2r1k4/9/9/9/9/R2N5/9/9/9/4BK3 b - - 0 1",
        moves: "c9d9 d4c2 d9c9 c2d4 c9d9 d4c2 d9c9 c2d4",
        verdict: DRAW,
    },
    Case {
        name: "with colours swapped, a chariot chasing a soldier across the river loses",
        fen: "2r1k4/9/9/3P5/9/9/9/9/9/5K3 b - - 0 1",
        moves: "c9d9 d6c6 d9c9 c6d6 c9d9 d6c6 d9c9 c6d6",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a horse chasing an unprotected cannon loses",
        fen: "4k4/9/9/9/1n7/2C6/9/9/9/5K3 b - - 0 1",
        moves: "b5d6 c4d4 d6b5 d4c4 b5d6 c4d4 d6b5 d4c4",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a horse attacking a protected cannon is no chase",
        fen: "4k4/9/9/9/1n7/R1C6/9/9/9/5K3 b - - 0 1",
        moves: "b5d6 c4d4 d6b5 d4c4 b5d6 c4d4 d6b5 d4c4",
        verdict: DRAW,
    },
    Case {
        name: "with colours swapped, a chariot checking from the file on every move loses",
        fen: "5k3/3r5/9/9/9/9/9/9/9/4K4 b - - 0 1",
        moves: "d8e8 e0d0 e8d8 d0e0 d8e8 e0d0 e8d8 d0e0",
        verdict: win(Color::Red, Reason::PerpetualCheck),
    },
    Case {
        name: "with colours swapped, a cannon chasing an unprotected chariot loses",
        fen: "3ck4/9/9/9/9/9/2PP5/2R6/9/5K3 b - - 0 1",
        moves: "d9c9 c2d2 c9d9 d2c2 d9c9 c2d2 c9d9 d2c2",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a cannon chasing a protected chariot still loses: the chariot is worth more",
        fen: "3ck4/9/9/9/9/9/2PP5/R1R6/9/5K3 b - - 0 1",
        moves: "d9c9 c2d2 c9d9 d2c2 d9c9 c2d2 c9d9 d2c2",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
    Case {
        name: "with colours swapped, a horse checking on every move loses",
        fen: "5k3/9/9/9/9/9/9/9/6n2/3K5 b - - 0 1",
        moves: "g1e2 d0e0 e2g1 e0d0 g1e2 d0e0 e2g1 e0d0",
        verdict: win(Color::Red, Reason::PerpetualCheck),
    },
    Case {
        name: "a piece attacked throughout, never anew, is not chased",
        fen: "5k3/9/9/9/3n5/9/9/9/9/3RK4 w - - 0 1",
        moves: "d0d1 f9f8 d1d0 f8f9 d0d1 f9f8 d1d0 f8f9",
        verdict: DRAW,
    },
    Case {
        name: "red's horse and black's general shuttling, neither side checking or chasing on every move: a draw (a random game's cycle, as Fairy-Stockfish judges it)",
        fen: "9/4k4/9/9/9/P1P3P2/4P2N1/9/9/3K5 b - - 10 31",
        moves: "e8f8 h3f2 f8e8 f2h3 e8f8 h3f2 f8e8 f2h3",
        verdict: DRAW,
    },
    Case {
        name: "red's chariot and black's general shuttling, neither side checking or chasing on every move: a draw (a random game's cycle, as Fairy-Stockfish judges it)",
        fen: "9/9/2R1bk3/C2R5/9/9/P3P4/9/9/3K1ABN1 b - - 4 18",
        moves: "f7f8 c7c8 f8f7 c8c7 f7f8 c7c8 f8f7 c8c7",
        verdict: DRAW,
    },
    Case {
        name: "red's elephant and black's soldier shuttling, neither side checking or chasing on every move: a draw (a random game's cycle, as Fairy-Stockfish judges it)",
        fen: "2R6/3k5/9/5R3/9/3p2P2/9/3AB4/9/1NB1KA3 w - - 4 27",
        moves: "c0a2 d4c4 a2c0 c4d4 c0a2 d4c4 a2c0 c4d4",
        verdict: DRAW,
    },
    Case {
        name: "red's horse and black's elephant shuttling, neither side checking or chasing on every move: a draw (a random game's cycle, as Fairy-Stockfish judges it)",
        fen: "5a3/4k2N1/4b4/9/8P/9/6P2/9/4A3R/3K2B2 b - - 4 41",
        moves: "e7c5 h8g6 c5e7 g6h8 e7c5 h8g6 c5e7 g6h8",
        verdict: DRAW,
    },
    Case {
        name: "a general stepping out of check frees its advisor to take a loose soldier: no chase, a draw (a match game's cycle, as Fairy-Stockfish judges it)",
        // Black's cannon checks Red's general on f0 from f3, then steps back to e3; Red's
        // general steps to e0 and back. With the general on e0 the advisor on e1 may take the
        // soldier on f2, with it on f0 the advisor is pinned; but the advisor attacked the
        // soldier all along, so the general's step attacks nothing anew.
        fen: "3k1ab2/1P2a2C1/4b4/9/4c2P1/8C/9/4Bpn2/4A4/3AK1B2 w - - 48 57",
        moves: "i4i5 e5e3 i5i0 g2f4 e0f0 e3f3 f0e0 f3e3 e0f0 e3f3 f0e0 f3e3",
        verdict: DRAW,
    },
    Case {
        name: "a general stepping out of check frees its horse to take a loose soldier: no chase, a draw (a match game's cycle, as Fairy-Stockfish judges it)",
        fen: "3ak4/4a4/4b3b/9/9/3p1nB2/1p5pc/5N3/4A4/3K1A3 b - - 41 52",
        moves: "i3i0 d0d1 h3g3 f2h1 i0i1 d1d0 i1i0 d0d1 i0i1 d1d0 i1i0 d0d1",
        verdict: DRAW,
    },
    Case {
        name: "a cannon that chases a chariot on every move loses, though the chariot's owner unguards a piece on every move (a match game's cycle, as Fairy-Stockfish judges it)",
        // Black's cannon on c2 attacks Red's chariot on c8 anew on every Black move, over
        // Red's elephant on c4 or Black's own cannon back on c5 as its screen. Red's
        // elephant shuttles between e2 and c4, and each of its steps leaves Black's elephant
        // on c9 unguarded (the c2 cannon could take back on c9 over one screen, not two):
        // the chariot attacked it all along, so that is no chase.
        fen: "2bk1ar2/2R2R3/nN6b/8p/2cr2p2/p3C4/P3P1P1P/2c1B4/4A4/4KAB2 w - - 3 32",
        moves: "e2c4 c5b5 c4e2 b5c5 e2c4 c5b5 c4e2 b5c5",
        verdict: win(Color::Red, Reason::PerpetualChase),
    },
];

fn judge(case: &Case) -> Option<Outcome> {
    let start = Position::from_fen(case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let mut game = Game::from_position(start);
    let moves: Vec<&str> = case.moves.split_whitespace().collect();
    for (i, text) in moves.iter().enumerate() {
        assert_eq!(game.outcome(), None, "{}: over before {text}", case.name);
        let m = parse_uci(text).unwrap();
        game.play(m)
            .unwrap_or_else(|e| panic!("{}: ply {} ({text}): {e}", case.name, i + 1));
    }
    game.outcome()
}

#[test]
fn every_named_repetition_gets_its_verdict() {
    let wrong: Vec<String> = CASES
        .iter()
        .filter_map(|case| {
            let got = judge(case);
            (got != case.verdict).then(|| format!("{}: {got:?}, not {:?}", case.name, case.verdict))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The chases `side` makes in `fen`, as (attacker, target) point names.
fn chases(fen: &str, side: Color) -> Vec<(String, String)> {
    let pos = Position::from_fen(fen).unwrap();
    chased_pieces(&pos, side)
        .into_iter()
        .map(|(a, t): (Square, Square)| (a.to_string(), t.to_string()))
        .collect()
}

fn pair(a: &str, t: &str) -> (String, String) {
    (a.to_string(), t.to_string())
}

#[test]
fn a_horse_chases_a_horse_that_cannot_jump_back() {
    // Red's horse on d2 attacks Black's horse on e4 (leg d3 free); the black horse's way back
    // (leg e3) is blocked by its own soldier, so it cannot answer in kind.
    let hobbled = "4k4/9/9/9/9/4n4/4p4/3N5/9/3K5 w - - 0 1";
    assert_eq!(chases(hobbled, Color::Red), vec![pair("d2", "e4")]);
    // With the leg free, the two horses merely offer an exchange.
    let free = "4k4/9/9/9/9/4n4/9/3N5/9/3K5 w - - 0 1";
    assert_eq!(chases(free, Color::Red), vec![]);
}

#[test]
fn advisors_and_elephants_chase_protected_pieces() {
    // Red's advisor on e1 attacks Black's horse on d2, guarded by the chariot on d9.
    let advisor = "3rk4/9/9/9/9/9/9/3n5/4A4/5K3 w - - 0 1";
    assert_eq!(chases(advisor, Color::Red), vec![pair("e1", "d2")]);
    // Red's chariot on f2 attacks the same horse along the rank: guarded, so no chase.
    let chariot = "3rk4/9/9/9/9/9/9/3n1R3/9/5K3 w - - 0 1";
    assert_eq!(chases(chariot, Color::Red), vec![]);
}

#[test]
fn generals_and_soldiers_never_chase_and_home_soldiers_are_not_chased() {
    // Red's soldier on e5 attacks Black's lone chariot on e6; Red's chariot on a6 attacks
    // Black's soldier on c6, which has not crossed the river.
    let fen = "3k5/9/9/R1p1r4/4P4/9/9/9/9/5K3 w - - 0 1";
    assert_eq!(chases(fen, Color::Red), vec![]);
}
