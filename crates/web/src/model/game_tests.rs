//! The tests of `game.rs`.

use super::*;
use xiangqi::notation::parse_uci;

fn mv(text: &str) -> Move {
    parse_uci(text).unwrap()
}

fn played(moves: &[&str]) -> History {
    let mut h = History::new(Game::new());
    for m in moves {
        assert!(h.play(mv(m)), "{m}");
    }
    h
}

#[test]
fn against_the_computer_undo_takes_back_the_persons_move_and_the_reply() {
    let mut h = played(&["h2e2", "h9g7", "h0g2"]);
    assert!(h.undo(Some(Color::Red)));
    assert_eq!(h.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
    assert!(h.undo(Some(Color::Red)));
    assert!(h.game().is_empty());
    assert!(!h.undo(Some(Color::Red)), "nothing left to take back");
    assert!(h.redo(Some(Color::Red)));
    assert_eq!(h.game().moves(), vec![mv("h2e2"), mv("h9g7")]);
    assert!(h.redo(Some(Color::Red)));
    assert_eq!(h.game().len(), 3);
    assert!(!h.can_redo());
}

#[test]
fn playing_the_move_redo_would_play_keeps_the_redo_line() {
    let mut h = played(&["h2e2", "h9g7", "h0g2"]);
    h.undo(None);
    h.undo(None);
    assert!(h.play(mv("h9g7")));
    assert_eq!(h.redo_moves(), [mv("h0g2")]);
    assert!(h.play(mv("b0c2")));
    assert!(!h.can_redo(), "another move drops it");
}

#[test]
fn comments_go_with_their_moves_through_undo_and_redo() {
    let note = |ply: usize, text: &str| Comment {
        ply,
        text: text.into(),
    };
    let mut h = played(&["h2e2", "h9g7", "h0g2"]);
    h.annotate(vec![
        note(0, "start"),
        note(1, "central cannon"),
        note(3, "horse"),
    ]);
    let texts = |h: &History| h.comments().iter().map(|c| c.ply).collect::<Vec<_>>();
    assert_eq!(texts(&h), [0, 1, 3]);
    assert_eq!(h.shared().comments().len(), 3, "the records get them");
    h.undo(None);
    assert_eq!(texts(&h), [0, 1], "not the taken-back move's");
    h.redo(None);
    assert_eq!(texts(&h), [0, 1, 3], "redo brings it back");
    h.undo(None);
    assert!(h.play(mv("b0c2")));
    assert_eq!(texts(&h), [0, 1], "a move played in its place has none");
    h.replace(Game::new());
    assert!(h.comments().is_empty(), "a new game has none");
}

#[test]
fn a_new_game_gets_a_new_id_and_every_change_a_new_revision() {
    let mut h = played(&["h2e2"]);
    let (id, rev) = (h.id(), h.revision());
    h.undo(None);
    assert_eq!(h.id(), id, "the same game");
    assert_ne!(h.revision(), rev);
    h.replace(Game::new());
    assert_ne!(h.id(), id);
    let rev = h.revision();
    assert!(!h.play(mv("h2h8")), "an illegal move changes nothing");
    assert_eq!(h.revision(), rev);
}

#[test]
fn a_move_from_an_earlier_position_starts_a_variation_and_nothing_is_dropped() {
    let mut h = played(&["h2e2", "h9g7", "h0g2", "i9h9"]);
    let main = h.game().moves();
    let key = h.main_key();
    h.step(-2);
    assert_eq!(
        (h.browsing(), h.shown_last_move()),
        (Some(2), Some(mv("h9g7")))
    );
    assert_eq!(h.person_play(mv("h0g2")), Played::Followed);
    assert_eq!(h.browsing(), Some(3));
    assert_eq!(h.person_play(mv("b9c7")), Played::Branched);
    assert_eq!(
        h.game().moves(),
        vec![mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("b9c7")]
    );
    assert_eq!((h.browsing(), h.line()), (None, &[0, 0, 0, 1][..]));
    assert_eq!(h.main_moves(), main, "the main line is kept");
    assert_eq!(h.main_key(), key, "and a review of it with it");
    assert!(!h.shown_on_main());
    assert_eq!(h.tree().len(), 5);
    // Back on the main line by a click on its move; the variation stays.
    assert!(h.go_to(&[0, 0, 0, 0]));
    assert_eq!(h.game().moves(), main);
    assert_eq!(h.tree().len(), 5);
    // Its own first move again follows the variation rather than adding one.
    h.step(-1);
    assert_eq!(h.person_play(mv("b9c7")), Played::Branched);
    assert_eq!(h.tree().len(), 5);
    assert!(h.play(mv("b0c2")));
    // Promoted, it is the main line; deleted, the main line's own position is shown.
    let line = h.line().to_vec();
    assert!(h.promote(&line));
    assert_eq!(h.main_moves().len(), 5);
    assert_ne!(h.main_key(), key);
    assert!(h.shown_on_main());
    assert!(!h.promote(&[0, 0, 0, 0]), "the main line is no variation");
    assert_eq!(h.tree().len(), 6, "the old main line is a variation now");
    assert!(h.go_to(&[0, 0, 0, 1]));
    assert_eq!(h.game().moves(), main);
    assert!(h.delete(&[0, 0, 0, 1]));
    assert_eq!(
        (h.tree().len(), h.game().len(), h.browsing()),
        (5, 5, Some(3))
    );
    assert!(!h.go_to(&[3]), "no such move");
}

#[test]
fn the_game_and_the_main_line_always_agree_with_the_tree() {
    // Random plays, undos, redos, moves from earlier positions, jumps, promotions and
    // deletions: after each, the game is the tree's line on the board and the main moves are
    // the tree's main line.
    let mut h = History::new(Game::new());
    let mut seed: u64 = 99;
    let mut rand = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n.max(1)
    };
    for step in 0..600 {
        let paths: Vec<Vec<usize>> = h.tree().nodes().into_iter().map(|n| n.path).collect();
        match rand(10) {
            0..=3 => {
                let legal = h.game().position().legal_moves();
                if !legal.is_empty() {
                    h.play(legal[rand(legal.len())]);
                }
            }
            4 => {
                h.undo(None);
            }
            5 => {
                h.redo(None);
            }
            6 => {
                h.show(Some(rand(h.game().len() + 1)));
                let pos = h.game().moves()[..h.shown_ply()].to_vec();
                let mut g = Game::new();
                for m in pos {
                    g.play(m).unwrap();
                }
                let legal = g.position().legal_moves();
                if !legal.is_empty() && g.outcome().is_none() {
                    h.person_play(legal[rand(legal.len())]);
                }
            }
            7 if !paths.is_empty() => {
                h.go_to(&paths[rand(paths.len())]);
            }
            8 if !paths.is_empty() => {
                h.promote(&paths[rand(paths.len())]);
            }
            9 if !paths.is_empty() => {
                h.delete(&paths[rand(paths.len())]);
            }
            _ => {}
        }
        let tree = h.tree();
        assert_eq!(
            h.game().moves(),
            tree.line(h.line()).unwrap().moves(),
            "step {step}"
        );
        assert_eq!(h.main_moves(), tree.main_line().moves(), "step {step}");
    }
}
