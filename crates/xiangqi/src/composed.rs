//! Composed positions: placements that can be played but cannot arise in a game, such as a
//! soldier behind its starting rank or an elephant off its seven points.
//!
//! [`Position::from_setup`](crate::Position::from_setup) accepts them (a problem composer
//! may want them, and every piece still moves by its rule: a soldier only forward until it
//! crosses the river, an advisor only into its palace, an elephant only onto its own side);
//! [`Setup::warnings`] lists what could not happen in a game, so that an editor or an import
//! can say so without refusing the position.
//!
//! ```
//! use xiangqi::{Color, Position, Setup, SetupWarning, Square};
//! let setup: Setup = "4k1p2/9/9/9/9/9/9/9/9/3K5 w - - 0 1".parse().unwrap();
//! assert!(Position::from_setup(&setup).is_ok());
//! let g9: Square = "g9".parse().unwrap();
//! assert_eq!(setup.warnings(), vec![SetupWarning::SoldierBehindStart(Color::Black, g9)]);
//! ```

use crate::color::Color;
use crate::fen::Setup;
use crate::piece::Kind;
use crate::square::Square;
use core::fmt;

/// Something in a setup that no game can reach, though the position can be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupWarning {
    /// An advisor (仕/士) stands off the five points its side's advisors can reach.
    AdvisorOffItsPoints(Color, Square),
    /// An elephant (相/象) stands off the seven points its side's elephants can reach.
    ElephantOffItsPoints(Color, Square),
    /// A soldier (兵/卒) stands behind its starting rank.
    SoldierBehindStart(Color, Square),
    /// A soldier stands on its own side on a file it could not have reached (it moves
    /// sideways only after crossing the river).
    SoldierOffItsFiles(Color, Square),
}

/// The advisor points seen from Red's side: d0 f0 e1 d2 f2.
const RED_ADVISOR_POINTS: [u8; 5] = [3, 5, 13, 21, 23];
/// The elephant points seen from Red's side: c0 g0 a2 e2 i2 c4 g4.
const RED_ELEPHANT_POINTS: [u8; 7] = [2, 6, 18, 22, 26, 38, 42];

impl Setup {
    /// What in this setup cannot arise in a game, in board order; empty for every position
    /// reached by play. The setup need not be playable: this looks only at where advisors,
    /// elephants and soldiers stand.
    pub fn warnings(&self) -> Vec<SetupWarning> {
        self.board
            .pieces()
            .filter_map(|(sq, p)| {
                // Seen from its own side, Red's numbering.
                let own = if p.color == Color::Red { sq } else { sq.flip() };
                let i = own.index() as u8;
                match p.kind {
                    Kind::Advisor if !RED_ADVISOR_POINTS.contains(&i) => {
                        Some(SetupWarning::AdvisorOffItsPoints(p.color, sq))
                    }
                    Kind::Elephant if !RED_ELEPHANT_POINTS.contains(&i) => {
                        Some(SetupWarning::ElephantOffItsPoints(p.color, sq))
                    }
                    // Start rank 3; before the river (ranks 3-4) only the five starting files.
                    Kind::Soldier if own.rank() < 3 => {
                        Some(SetupWarning::SoldierBehindStart(p.color, sq))
                    }
                    Kind::Soldier if own.rank() <= 4 && own.file() % 2 == 1 => {
                        Some(SetupWarning::SoldierOffItsFiles(p.color, sq))
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

impl fmt::Display for SetupWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupWarning::AdvisorOffItsPoints(c, s) => {
                write!(f, "no {} advisor can reach {s} in a game", c.name())
            }
            SetupWarning::ElephantOffItsPoints(c, s) => {
                write!(f, "no {} elephant can reach {s} in a game", c.name())
            }
            SetupWarning::SoldierBehindStart(c, s) => write!(
                f,
                "the {} soldier on {s} is behind its starting rank, which no game can reach",
                c.name()
            ),
            SetupWarning::SoldierOffItsFiles(c, s) => write!(
                f,
                "no {} soldier can reach {s} in a game: it moves sideways only after crossing the river",
                c.name()
            ),
        }
    }
}
