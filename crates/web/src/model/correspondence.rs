//! A game played with a friend by sending links back and forth: each device keeps the game
//! with its identity and the side its person plays; after each move (or a resignation, a draw
//! offer or its acceptance) the page offers the link that carries the game to the other side.
//! Opening a link of a game kept here adds the friend's moves to it; a link that would take
//! moves back or change them is refused and changes nothing. No server: the link is all.
//! Pure: the page draws the identity and reads the store; the game's part as text, in links
//! and saved games, is read and written in `records/link/corr.rs`.

use xiangqi::records::GameResult;
use xiangqi::{Color, Game};

/// How a correspondence game ended besides the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// This side resigned.
    Resigned(Color),
    /// Both sides agreed to a draw.
    DrawAgreed,
}

impl Ended {
    /// The result it gives the game.
    pub fn result(self) -> GameResult {
        match self {
            Ended::Resigned(Color::Red) => GameResult::BlackWins,
            Ended::Resigned(Color::Black) => GameResult::RedWins,
            Ended::DrawAgreed => GameResult::Draw,
        }
    }
}

/// A correspondence game's own part: its identity, this device's side, and what travels in the
/// link besides the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correspondence {
    /// The game's identity, the same on both devices.
    pub id: String,
    /// The side this device's person plays.
    pub mine: Color,
    /// The time a move may take, in days (shown, not enforced).
    pub days: Option<u8>,
    /// The side whose draw offer stands (until the other side moves or accepts).
    pub offer: Option<Color>,
    /// How the game ended besides the rules, if it did.
    pub ended: Option<Ended>,
}

/// A change of a correspondence game.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start a game from the initial position with `id`, this device playing `mine`.
    Start {
        /// The identity, drawn by the page.
        id: String,
        /// This device's side.
        mine: Color,
        /// The time a move may take, in days.
        days: Option<u8>,
    },
    /// This device's person resigns.
    Resign,
    /// This device's person offers a draw.
    OfferDraw,
    /// This device's person accepts the friend's draw offer.
    AcceptDraw,
}

/// What becomes of a link of a correspondence game on this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A game this device does not have: it joins, this device playing the other side.
    New,
    /// The friend's moves (or ending, or offer) added to the game kept here.
    Update,
    /// The same game as kept: nothing new.
    Same,
    /// A link this device's own side sent: to be sent to the friend, not opened here.
    Own,
    /// A link with fewer moves than the game kept: an older one, which changes nothing.
    Older,
    /// A link whose moves differ from those already played: refused, changing nothing.
    Rewritten,
}

impl Correspondence {
    /// The game as this device keeps it once `sent` (a link's, its `mine` the sender's side)
    /// is taken in by a device that did not have it.
    pub fn joined(sent: &Correspondence) -> Correspondence {
        Correspondence {
            mine: !sent.mine,
            ..sent.clone()
        }
    }

    /// What `sent` (a link's, its `mine` the sender's side) with the game `theirs` does to
    /// this game, `ours` its moves here.
    pub fn receive(&self, ours: &Game, sent: &Correspondence, theirs: &Game) -> Received {
        if sent.mine == self.mine {
            return Received::Own;
        }
        let (a, b) = (ours.moves(), theirs.moves());
        let start_same = ours.start_position() == theirs.start_position();
        if !start_same || !(a.starts_with(&b) || b.starts_with(&a)) {
            return Received::Rewritten;
        }
        if b.len() < a.len() {
            return Received::Older;
        }
        if b.len() == a.len() && sent.ended == self.ended && sent.offer == self.offer {
            return Received::Same;
        }
        Received::Update
    }

    /// Takes in what `sent` says besides the moves (after [`Correspondence::receive`] said
    /// [`Received::Update`]).
    pub fn update(&mut self, sent: &Correspondence) {
        self.offer = sent.offer;
        self.ended = self.ended.or(sent.ended);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new();
        for m in moves {
            g.play(parse_uci(m).unwrap()).unwrap();
        }
        g
    }

    fn sent(from: Color) -> Correspondence {
        Correspondence {
            id: "abcdefgh".into(),
            mine: from,
            days: Some(3),
            offer: None,
            ended: None,
        }
    }

    #[test]
    fn a_link_adds_moves_and_never_takes_any_back_or_changes_them() {
        let mut mine = Correspondence::joined(&sent(Color::Black));
        assert_eq!(mine.mine, Color::Red);
        let ours = game(&["h2e2", "h9g7"]);
        let s = sent(Color::Black);
        assert_eq!(
            mine.receive(&ours, &s, &game(&["h2e2", "h9g7"])),
            Received::Same
        );
        assert_eq!(
            mine.receive(&ours, &s, &game(&["h2e2", "h9g7", "h0g2"])),
            Received::Update
        );
        assert_eq!(mine.receive(&ours, &s, &game(&["h2e2"])), Received::Older);
        assert_eq!(
            mine.receive(&ours, &s, &game(&["h2e2", "b9c7"])),
            Received::Rewritten
        );
        assert_eq!(mine.receive(&ours, &sent(Color::Red), &ours), Received::Own);
        // A resignation or an offer with the same moves is news.
        let resigned = Correspondence {
            ended: Some(Ended::Resigned(Color::Black)),
            ..sent(Color::Black)
        };
        assert_eq!(mine.receive(&ours, &resigned, &ours), Received::Update);
        mine.update(&resigned);
        assert_eq!(mine.ended, Some(Ended::Resigned(Color::Black)));
    }
}
