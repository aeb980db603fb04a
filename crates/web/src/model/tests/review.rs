//! The review: each position searched in turn, before any other search, until every
//! position is evaluated or it is cancelled; a changed game drops it.

use super::*;
use crate::model::review::{DEEPER_MS, REVIEW_MS};
use crate::model::search::Purpose;

fn review_reply(s: &mut State, best: &str, cp: i32) {
    let id = wanted(s);
    let mut p = progress(&[best]);
    p.score = Score::Cp(cp);
    s.apply(
        reply(SearchReply::Done {
            id,
            best: Some(mv(best)),
            progress: p,
        }),
        0,
    );
}

#[test]
fn a_review_searches_every_position_in_turn_then_stops() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7"]);
    s.apply(search::Action::Review { deeper: false }.into(), 0);
    assert!(s.search().reviewing());
    let req = s.search().request().unwrap();
    assert_eq!(s.search().purpose(), Some(Purpose::Review));
    assert_eq!(
        (req.moves.len(), req.task.limits.movetime_ms),
        (0, Some(REVIEW_MS))
    );
    review_reply(&mut s, "h2e2", 20);
    assert_eq!(s.search().request().unwrap().moves, vec![mv("h2e2")]);
    review_reply(&mut s, "h9g7", 10);
    assert_eq!(s.search().request().unwrap().moves.len(), 2);
    review_reply(&mut s, "h0g2", 15);
    assert!(!s.search().reviewing(), "every position evaluated");
    assert!(s.search().request().is_none());
    let review = s.search().review().unwrap();
    assert_eq!(review.progress(), (3, 3));
    assert_eq!(review.graph(), vec![Some(20), Some(-10), Some(15)]);
}

#[test]
fn a_review_goes_before_the_computer_and_can_be_cancelled_or_made_deeper() {
    let mut s = State::default();
    play(&mut s, &["h2e2"]);
    assert!(s.thinking());
    s.apply(search::Action::Review { deeper: true }.into(), 0);
    assert_eq!(s.search().purpose(), Some(Purpose::Review));
    assert_eq!(
        s.search().request().unwrap().task.limits.movetime_ms,
        Some(DEEPER_MS)
    );
    review_reply(&mut s, "h2e2", 20);
    s.apply(search::Action::CancelReview.into(), 0);
    assert!(!s.search().reviewing());
    assert_eq!(
        s.search().review().unwrap().progress(),
        (1, 2),
        "what it found stays"
    );
    assert!(s.thinking(), "the computer's turn again");
}

#[test]
fn a_changed_game_drops_its_review() {
    let mut s = two_players();
    play(&mut s, &["h2e2"]);
    s.apply(search::Action::Review { deeper: false }.into(), 0);
    review_reply(&mut s, "h2e2", 20);
    review_reply(&mut s, "h9g7", 10);
    assert!(s.search().review().is_some());
    play(&mut s, &["h9g7"]);
    assert!(s.search().review().is_none());
}

#[test]
fn the_marks_follow_the_review_and_the_game() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7"]);
    assert!(s.marks().moves.is_empty(), "no review, no marks");
    s.apply(search::Action::Review { deeper: false }.into(), 0);
    review_reply(&mut s, "h2e2", 20);
    assert_eq!(s.marks().moves, [None, None], "no move has both sides yet");
    // Red played its best move; after Black's h9g7 (not its best) Red stands 9 pawns up.
    review_reply(&mut s, "b9c7", -20);
    review_reply(&mut s, "h0g2", 900);
    let review = s.search().review().unwrap();
    let moves = s.game().moves();
    assert_eq!(s.marks().moves, review.of_moves(&moves));
    let judgements: Vec<_> = s
        .marks()
        .moves
        .iter()
        .map(|r| r.as_ref().and_then(|r| r.judgement))
        .collect();
    assert_eq!(*s.marks().judgements, judgements);
    assert!(judgements[1].is_some(), "Black's h9g7 lost a lot");
    play(&mut s, &["h0g2"]);
    assert!(
        s.marks().moves.is_empty(),
        "a changed game drops them with its review"
    );
}

#[test]
fn a_review_judges_the_main_line_and_stays_while_a_variation_is_explored() {
    let mut s = two_players();
    play(&mut s, &["h2e2", "h9g7"]);
    // A variation on Black's reply, on the board when the review starts.
    s.apply(game(game::Action::Show(Some(1))), 0);
    play(&mut s, &["b9c7"]);
    assert_eq!(s.game().moves(), vec![mv("h2e2"), mv("b9c7")]);
    s.apply(search::Action::Review { deeper: false }.into(), 0);
    review_reply(&mut s, "h2e2", 20);
    assert_eq!(
        s.search().request().unwrap().moves,
        vec![mv("h2e2")],
        "the main line's positions"
    );
    review_reply(&mut s, "h9g7", 10);
    assert_eq!(
        s.search().request().unwrap().moves,
        vec![mv("h2e2"), mv("h9g7")]
    );
    review_reply(&mut s, "h0g2", 15);
    assert_eq!(s.search().review().unwrap().progress(), (3, 3));
    // Going from line to line keeps it; a change of the main line drops it.
    s.apply(game(game::Action::GoTo(vec![0, 0])), 0);
    s.apply(game(game::Action::GoTo(vec![0, 1])), 0);
    assert!(s.search().review().is_some());
    assert_eq!(s.marks().moves.len(), 2, "the main line's two moves");
    s.apply(game(game::Action::Promote(vec![0, 1])), 0);
    assert!(s.search().review().is_none());
}
