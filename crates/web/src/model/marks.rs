//! What a review found about each move of the game, derived from the state once per change of
//! the review or the game and then only read: the move list's marks, the review panel's
//! figures, and at a marked move the better one.

use super::game::History;
use super::review::{MoveReview, Review};
use crate::model::judgement::Judgement;
use std::rc::Rc;

/// What the review found about each move (empty without a review).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Each move's review, where both positions around it are evaluated (as
    /// [`Review::of_moves`] gives them).
    pub moves: Vec<Option<MoveReview>>,
    /// Each move's judgement, as the move list marks it.
    pub judgements: Rc<Vec<Option<Judgement>>>,
    /// What this was derived from: the main line (its history's id and main revision) and the
    /// review.
    inputs: Option<((u64, u64), Review)>,
}

impl Marks {
    /// True if these are the marks [`Marks::new`] would derive from these inputs.
    pub(super) fn is_of(&self, history: &History, review: Option<&Review>) -> bool {
        match (&self.inputs, review) {
            (None, None) => true,
            (Some((game, old)), Some(review)) => *game == history.main_key() && old == review,
            _ => false,
        }
    }

    /// The marks `review` gives the moves of `history`'s main line.
    pub(super) fn new(history: &History, review: Option<&Review>) -> Marks {
        let Some(review) = review else {
            return Marks::default();
        };
        let moves = review.of_moves(history.main_moves());
        let judgements = moves
            .iter()
            .map(|r| r.as_ref().and_then(|r| r.judgement))
            .collect();
        Marks {
            moves,
            judgements: Rc::new(judgements),
            inputs: Some((history.main_key(), review.clone())),
        }
    }
}
