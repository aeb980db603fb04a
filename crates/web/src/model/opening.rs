//! What a game is opened from: a new visit, the saved copy, a link or a reopened game.

use super::clock::SavedClock;
use super::correspondence::Correspondence;
use super::notice::Notice;
use super::review::Eval;
use super::settings::Settings;
use xiangqi::records::{Comment, GameTree};
use xiangqi::Game;

/// A game and its settings as a new visit, the saved copy or a link opens them, with anything
/// worth saying about how they were read.
#[derive(Clone, Debug, Default)]
pub struct Opening {
    /// The game.
    pub game: Game,
    /// Its comments (from a record or a link), in order of their ply.
    pub comments: Vec<Comment>,
    /// Its variations, where it has any: the whole tree (with its comments), `game` being the
    /// line of it on the board.
    pub tree: Option<GameTree>,
    /// The ply to show, if not the current position.
    pub ply: Option<usize>,
    /// Its settings.
    pub settings: Settings,
    /// Its part as a game played by link, if it is one.
    pub corr: Option<Correspondence>,
    /// What to tell the person (a discarded saved game, ignored link parameters).
    pub notice: Option<Notice>,
    /// A review of the game found before (a saved one): its budget and evaluations.
    pub review: Option<(u64, Vec<Option<Eval>>)>,
    /// The clocks of a timed game found before (a saved one): each side's time left, the
    /// time left after each ply, and the flag if the time ran out.
    pub clock: Option<SavedClock>,
    /// Whether it counts toward the person's rating (a saved game's; a new game from the
    /// start counts whatever this says: `State::new`).
    pub rated: super::rated::Rated,
}

/// The same game (start and moves: a game keeps no other state of its own) and the same rest.
impl PartialEq for Opening {
    fn eq(&self, other: &Opening) -> bool {
        self.game.start_position().to_fen() == other.game.start_position().to_fen()
            && self.game.moves() == other.game.moves()
            && self.comments == other.comments
            && self.tree == other.tree
            && self.ply == other.ply
            && self.settings == other.settings
            && self.corr == other.corr
            && self.notice == other.notice
            && self.review == other.review
            && self.clock == other.clock
            && self.rated == other.rated
    }
}
