//! The endgame drills of the practice page: a fixed set of classic practical endgames
//! (实用残局), each a position, what the person must achieve in it (win, or hold the draw) and
//! within how many moves, and its names in English and Chinese. This file owns the list and
//! the tests that have the engine confirm every drill; the page that plays them is elsewhere.
//!
//! In every drill the side to move is the person's and the engine defends (or, in a drill to
//! hold, attacks). The FENs are in the canonical form [`xiangqi::Position::to_fen`] writes:
//! pieces `K A B N R C P`, Red in upper case, `w` for Red to move.

/// What the person must achieve in a drill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win (checkmate or stalemate the engine, or win by the repetition rules) within the move limit.
    Win,
    /// Hold the draw: not lose within the move limit (or reach a draw by the rules).
    Draw,
}

/// One practical endgame: a position, the side to move is the person's side, the engine defends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drill {
    /// A short stable id, lowercase words joined by '-', unique (used in links and saved progress).
    pub id: &'static str,
    /// The position, as FEN (side to move = the person's side; `w` = Red, `b` = Black), e.g. "4k4/9/9/9/9/9/9/9/4A4/3AK4 w".
    pub fen: &'static str,
    /// What the person must achieve.
    pub goal: Goal,
    /// The person's moves allowed (full moves of the person's side).
    pub moves: u32,
    /// The name in English, e.g. "Chariot against two advisors".
    pub en: &'static str,
    /// The name in Chinese, e.g. "单车胜双士".
    pub zh: &'static str,
}

/// Every drill, easiest first.
pub const DRILLS: &[Drill] = &[
    Drill {
        id: "chariot-vs-general",
        fen: "9/4k4/9/9/9/9/9/9/9/3K4R w",
        goal: Goal::Win,
        moves: 6,
        en: "Chariot against a bare general",
        zh: "单车胜光将",
    },
    Drill {
        id: "chariot-vs-advisor",
        fen: "3a5/4k4/9/9/9/9/9/7R1/9/3K5 w",
        goal: Goal::Win,
        moves: 8,
        en: "Chariot against an advisor",
        zh: "单车胜单士",
    },
    Drill {
        id: "chariot-vs-elephant",
        fen: "4k1b2/9/9/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 8,
        en: "Chariot against an elephant",
        zh: "单车胜单象",
    },
    Drill {
        id: "soldier-vs-general",
        fen: "4k4/9/9/9/2P6/9/9/9/9/5K3 w",
        goal: Goal::Win,
        moves: 10,
        en: "Soldier against a bare general",
        zh: "单兵胜光将",
    },
    Drill {
        id: "chariot-vs-horse",
        fen: "4k4/9/2n6/8R/9/9/9/9/9/3K5 w",
        goal: Goal::Win,
        moves: 10,
        en: "Chariot against a horse",
        zh: "单车胜单马",
    },
    Drill {
        id: "chariot-vs-cannon",
        fen: "4k4/9/4c4/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 10,
        en: "Chariot against a cannon",
        zh: "单车胜单炮",
    },
    Drill {
        id: "horse-vs-general",
        fen: "4k4/9/9/9/9/9/9/9/N8/3K5 w",
        goal: Goal::Win,
        moves: 12,
        en: "Horse against a bare general",
        zh: "单马胜光将",
    },
    Drill {
        id: "two-advisors-hold-soldier",
        fen: "3k5/9/9/9/9/4p4/9/9/9/3AKA3 w",
        goal: Goal::Draw,
        moves: 15,
        en: "Two advisors hold a soldier",
        zh: "双仕守和单卒",
    },
    Drill {
        id: "chariot-vs-two-advisors",
        fen: "3a1k3/4a4/9/9/9/9/7R1/9/9/3K5 w",
        goal: Goal::Win,
        moves: 10,
        en: "Chariot against two advisors",
        zh: "单车胜双士",
    },
    Drill {
        id: "chariot-vs-advisor-elephant",
        fen: "4k4/4a4/4b4/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 12,
        en: "Chariot against an advisor and an elephant",
        zh: "单车胜单士象",
    },
    Drill {
        id: "two-elephants-hold-soldier",
        fen: "3k5/9/9/9/9/4p4/9/9/9/2B1K1B2 w",
        goal: Goal::Draw,
        moves: 15,
        en: "Two elephants hold a soldier",
        zh: "双相守和单卒",
    },
    Drill {
        id: "cannon-advisor-vs-general",
        fen: "3k5/9/9/9/9/9/9/4C4/4A4/5K3 w",
        goal: Goal::Win,
        moves: 16,
        en: "Cannon and advisor against a bare general",
        zh: "炮仕胜光将",
    },
    Drill {
        id: "chariot-vs-two-elephants",
        fen: "2b1k1b2/9/9/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 20,
        en: "Chariot against two elephants",
        zh: "单车胜双象",
    },
    Drill {
        id: "advisor-elephant-hold-soldier",
        fen: "3k5/9/9/9/9/9/4p4/9/9/2B1KA3 w",
        goal: Goal::Draw,
        moves: 15,
        en: "Advisor and elephant hold a soldier",
        zh: "仕相守和单卒",
    },
    Drill {
        id: "two-soldiers-vs-two-advisors",
        fen: "3aka3/9/9/3P1P3/9/9/9/9/9/3K5 w",
        goal: Goal::Win,
        moves: 16,
        en: "Two soldiers against two advisors",
        zh: "双兵胜双士",
    },
    Drill {
        id: "cannon-soldier-advisor-vs-advisor",
        fen: "4k4/4a4/9/4P4/9/9/9/1C7/4A4/3K5 w",
        goal: Goal::Win,
        moves: 10,
        en: "Cannon, soldier and advisor against an advisor",
        zh: "炮兵仕胜单士",
    },
    Drill {
        id: "horse-vs-advisor",
        fen: "5a3/4k4/9/9/1N7/9/9/9/9/3K5 w",
        goal: Goal::Win,
        moves: 24,
        en: "Horse against an advisor",
        zh: "单马胜单士",
    },
    Drill {
        id: "horse-soldier-vs-two-advisors",
        fen: "3ak4/4a4/9/6P2/9/9/9/1N7/9/3K5 w",
        goal: Goal::Win,
        moves: 18,
        en: "Horse and soldier against two advisors",
        zh: "马兵胜双士",
    },
    Drill {
        id: "horse-soldier-vs-two-elephants",
        fen: "2b1k1b2/9/9/5P3/9/9/9/2N6/9/3K5 w",
        goal: Goal::Win,
        moves: 16,
        en: "Horse and soldier against two elephants",
        zh: "马兵胜双象",
    },
    Drill {
        id: "chariot-vs-horse-advisor",
        fen: "4k4/4a4/2n6/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 16,
        en: "Chariot against a horse and an advisor",
        zh: "单车胜马单士",
    },
    Drill {
        id: "chariot-vs-cannon-advisor",
        fen: "4k4/4a4/4c4/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 25,
        en: "Chariot against a cannon and an advisor",
        zh: "单车胜炮单士",
    },
    Drill {
        id: "chariot-advisors-hold-chariot-soldier",
        fen: "3k5/6R2/9/9/9/1r7/2p6/9/9/3AKA3 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Chariot and two advisors hold chariot and soldier",
        zh: "车双仕守和车卒",
    },
    Drill {
        id: "horse-advisors-hold-horse-soldier",
        fen: "5k3/9/9/9/9/2n6/3p5/9/6N2/3AKA3 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Horse and two advisors hold horse and soldier",
        zh: "马双仕守和马卒",
    },
    Drill {
        id: "two-horses-vs-two-advisors",
        fen: "3aka3/9/9/9/9/9/9/2N3N2/9/3K5 w",
        goal: Goal::Win,
        moves: 16,
        en: "Two horses against two advisors",
        zh: "双马胜双士",
    },
    Drill {
        id: "horse-cannon-vs-two-advisors",
        fen: "3ak4/4a4/9/9/9/9/2N6/7C1/9/3K5 w",
        goal: Goal::Win,
        moves: 12,
        en: "Horse and cannon against two advisors",
        zh: "马炮胜双士",
    },
    Drill {
        id: "chariot-vs-two-advisors-elephant",
        fen: "3ak4/4a4/4b4/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 20,
        en: "Chariot against two advisors and an elephant",
        zh: "单车胜单缺象",
    },
    Drill {
        id: "chariot-vs-advisor-two-elephants",
        fen: "2bak1b2/9/9/9/9/9/9/9/8R/3K5 w",
        goal: Goal::Win,
        moves: 30,
        en: "Chariot against an advisor and two elephants",
        zh: "单车胜单缺士",
    },
    Drill {
        id: "horse-advisor-elephant-hold-horse-soldier",
        fen: "3k5/9/9/9/9/2n6/3p5/6N2/9/2B1KA3 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Horse, advisor and elephant hold horse and soldier",
        zh: "马仕相守和马卒",
    },
    Drill {
        id: "horse-elephants-hold-horse-soldier",
        fen: "3k5/9/9/9/9/2n6/3p5/6N2/9/2B1K1B2 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Horse and two elephants hold horse and soldier",
        zh: "马双相守和马卒",
    },
    Drill {
        id: "chariot-advisor-hold-chariot-soldier",
        fen: "3k5/6R2/9/9/9/1r7/2p6/9/9/4KA3 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Chariot and advisor hold chariot and soldier",
        zh: "车单仕守和车卒",
    },
    Drill {
        id: "cannon-defenders-hold-cannon-soldier",
        fen: "3k5/9/9/9/2c6/9/4p4/6C2/9/2BAKAB2 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Cannon with full defenders holds cannon and soldier",
        zh: "炮仕相全守和炮卒",
    },
    Drill {
        id: "cannon-elephants-hold-cannon-soldier",
        fen: "3k5/9/1c7/9/9/9/3p5/7C1/9/2B1K1B2 w",
        goal: Goal::Draw,
        moves: 20,
        en: "Cannon and two elephants hold cannon and soldier",
        zh: "炮双相守和炮卒",
    },
    Drill {
        id: "horse-soldier-vs-advisor-elephant",
        fen: "4k1b2/4a4/9/4P4/9/9/9/2N6/9/3K5 w",
        goal: Goal::Win,
        moves: 30,
        en: "Horse and soldier against an advisor and an elephant",
        zh: "马兵胜单士象",
    },
    Drill {
        id: "two-chariots-vs-full-defenders",
        fen: "2bakab2/9/9/9/9/9/9/9/R7R/3K5 w",
        goal: Goal::Win,
        moves: 14,
        en: "Two chariots against full defenders",
        zh: "双车胜士象全",
    },
    Drill {
        id: "chariot-horse-vs-full-defenders",
        fen: "4kab2/4a4/4b4/9/9/9/9/2N6/R8/3K5 w",
        goal: Goal::Win,
        moves: 18,
        en: "Chariot and horse against full defenders",
        zh: "车马胜士象全",
    },
    Drill {
        id: "chariot-cannon-vs-full-defenders",
        fen: "4kab2/4a4/4b4/9/9/9/9/7C1/R3K4/2BA1AB2 w",
        goal: Goal::Win,
        moves: 12,
        en: "Chariot and cannon against full defenders",
        zh: "车炮胜士象全",
    },
    Drill {
        id: "horse-cannon-vs-full-defenders",
        fen: "2bakab2/9/9/9/9/9/2N6/7C1/9/3K5 w",
        goal: Goal::Win,
        moves: 40,
        en: "Horse and cannon against full defenders",
        zh: "马炮胜士象全",
    },
];

/// How a drill's game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Still being played: this many of the person's moves are left.
    Playing(u32),
    /// The person won (or held the draw).
    Done,
    /// The person lost, drew a drill to win, or ran out of moves to win in.
    Failed,
}

impl Drill {
    /// The drill's position.
    pub fn position(&self) -> xiangqi::Position {
        xiangqi::Position::from_fen(self.fen).expect("every drill's FEN is legal (tested)")
    }

    /// How `game`, played from the drill's position with the person moving first, stands.
    /// A drill to hold is done once the person has made all its moves and the engine has
    /// answered the last.
    pub fn standing(&self, game: &xiangqi::Game) -> Standing {
        let person = game.start_position().turn();
        if let Some(o) = game.outcome() {
            return match (o.winner, self.goal) {
                (Some(w), _) if w == person => Standing::Done,
                (None, Goal::Draw) => Standing::Done,
                _ => Standing::Failed,
            };
        }
        let made = game.len().div_ceil(2) as u32;
        let persons_turn = game.position().turn() == person;
        match self.goal {
            _ if made < self.moves || !persons_turn => {
                Standing::Playing(self.moves.saturating_sub(made))
            }
            Goal::Win => Standing::Failed,
            Goal::Draw => Standing::Done,
        }
    }
}

/// The drill named `id`.
pub fn drill(id: &str) -> Option<&'static Drill> {
    DRILLS.iter().find(|d| d.id == id)
}

#[cfg(test)]
mod tests {
    use super::{drill, Drill, Goal, Standing, DRILLS};
    use std::collections::HashSet;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use xiangqi::{Game, Position};
    use xiangqi_ai::nnue::Network;
    use xiangqi_ai::{Limits, Player, Score, Session, Task};

    /// Plies the engine searches each drill to: deep enough to prove the mates below, short
    /// enough that all of them take some seconds (the engine crates are optimised even in
    /// test builds).
    const DEPTH: u32 = 20;

    /// The least advantage (centipawns) that confirms a win the search does not see to the mate.
    const WIN_CP: i32 = 400;
    /// A drill to hold must stand better than this (centipawns) for the person.
    const DRAW_CP: i32 = -150;

    fn position(drill: &Drill) -> Position {
        Position::from_fen(drill.fen)
            .unwrap_or_else(|e| panic!("drill {}: the FEN does not parse: {e}", drill.id))
    }

    fn is_id(id: &str) -> bool {
        id.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
    }

    #[test]
    fn ids_match_the_pattern() {
        assert!(is_id("chariot-vs-general"));
        assert!(is_id("a1"));
        for bad in ["", "-a", "a-", "a--b", "A", "a_b", "a b", "单车"] {
            assert!(!is_id(bad), "{bad:?}");
        }
    }

    #[test]
    fn every_drill_is_well_formed() {
        assert!(DRILLS.len() >= 32, "{} drills", DRILLS.len());
        assert!(DRILLS.iter().filter(|d| d.goal == Goal::Draw).count() >= 8);
        let mut ids = HashSet::new();
        for d in DRILLS {
            assert!(
                is_id(d.id),
                "drill id {:?} is not lowercase words joined by '-'",
                d.id
            );
            assert!(ids.insert(d.id), "drill id {} is used twice", d.id);
            assert!(
                !d.en.trim().is_empty() && !d.zh.trim().is_empty(),
                "drill {}",
                d.id
            );
            assert!(
                (5..=60).contains(&d.moves),
                "drill {}: {} moves",
                d.id,
                d.moves
            );
            let pos = position(d);
            let board = d.fen.split(' ').next().unwrap_or_default();
            assert_eq!(
                pos.to_fen().split(' ').next(),
                Some(board),
                "drill {}: the FEN is not in canonical form",
                d.id
            );
            let warnings = pos.to_setup().warnings();
            assert!(warnings.is_empty(), "drill {}: {warnings:?}", d.id);
            assert!(
                !pos.in_check(),
                "drill {}: the person starts in check",
                d.id
            );
            assert!(pos.has_legal_move(), "drill {}: no legal move", d.id);
            let game = Game::from_position(pos);
            assert_eq!(
                game.outcome(),
                None,
                "drill {}: the game is already over",
                d.id
            );
        }
    }

    /// What is wrong with the engine's `score` (for the person, the side to move) in `drill`.
    fn verdict(drill: &Drill, score: Score) -> Result<(), String> {
        let ok = match (drill.goal, score) {
            // A mate in one is no drill; a mate beyond the limit cannot be won in time.
            (Goal::Win, Score::Mate(n)) => n > 1 && n <= drill.moves as i32,
            (Goal::Win, Score::Cp(cp)) => cp >= WIN_CP,
            // Mated, or mating: either way the drill is no defence.
            (Goal::Draw, Score::Mate(_)) => false,
            (Goal::Draw, Score::Cp(cp)) => cp > DRAW_CP,
        };
        match ok {
            true => Ok(()),
            false => Err(format!(
                "drill {} ({:?} within {} moves): the engine scores it {score} at depth {DEPTH}",
                drill.id, drill.goal, drill.moves
            )),
        }
    }

    #[test]
    fn verdicts_follow_the_goal() {
        let win = DRILLS.iter().find(|d| d.goal == Goal::Win).expect("a win");
        let draw = DRILLS
            .iter()
            .find(|d| d.goal == Goal::Draw)
            .expect("a draw");
        assert!(verdict(win, Score::Mate(2)).is_ok());
        assert!(verdict(win, Score::Mate(1)).is_err());
        assert!(verdict(win, Score::Mate(-3)).is_err());
        assert!(verdict(win, Score::Mate(win.moves as i32 + 1)).is_err());
        assert!(verdict(win, Score::Cp(WIN_CP)).is_ok());
        assert!(verdict(win, Score::Cp(WIN_CP - 1)).is_err());
        assert!(verdict(draw, Score::Cp(0)).is_ok());
        assert!(verdict(draw, Score::Cp(DRAW_CP)).is_err());
        assert!(verdict(draw, Score::Mate(-5)).is_err());
    }

    #[test]
    fn the_engine_confirms_every_drill() {
        let net = Network::from_bytes(include_bytes!("../../../xiangqi-ai/nets/xq-r1.nnue"))
            .expect("the shipped network reads");
        let net = Arc::new(net);
        let task = Task {
            player: Player::Strong,
            limits: Limits::depth(DEPTH),
        };
        let mut failures = Vec::new();
        for d in DRILLS {
            let mut session = Session::default();
            session.set_network(Some(Arc::clone(&net)));
            let game = Game::from_position(position(d));
            let thought = session.think(&game, &task, &|| 0, &AtomicBool::new(false), &mut |_| {});
            println!(
                "{:45} {:?} {} depth {}",
                d.id, d.goal, thought.score, thought.depth
            );
            if let Err(e) = verdict(d, thought.score) {
                failures.push(e);
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn a_drill_is_done_when_won_or_held_and_failed_when_lost_or_out_of_moves() {
        use xiangqi::notation::parse_uci;
        let win = drill("chariot-vs-general").unwrap();
        let mut game = Game::from_position(win.position());
        assert_eq!(win.standing(&game), Standing::Playing(win.moves));
        // Shuffling the chariot back and forth never wins: failed at the move limit.
        let mut moved = 0;
        while let Standing::Playing(_) = win.standing(&game) {
            let legal = game.position().legal_moves();
            let m = if game.position().turn() == game.start_position().turn() {
                let there = ["i0i1", "i1i0"].map(|t| parse_uci(t).unwrap());
                there[moved % 2]
            } else {
                legal.as_slice()[0]
            };
            if game.position().turn() == game.start_position().turn() {
                moved += 1;
            }
            if game.play(m).is_err() || moved > 100 {
                break;
            }
        }
        assert_eq!(win.standing(&game), Standing::Failed, "after {moved} moves");
        // A drill to hold is done once its moves are made and answered.
        let hold = DRILLS.iter().find(|d| d.goal == Goal::Draw).unwrap();
        let game = Game::from_position(hold.position());
        assert_eq!(hold.standing(&game), Standing::Playing(hold.moves));
    }
}
