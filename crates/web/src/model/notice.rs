//! What the page tells the person that is not part of the game: a restarted worker, ignored
//! link parameters, a FEN or record that could not be loaded, a copied text. Kept as data, not
//! text, so it is shown in the current language; the words are in `text/notices.rs`.

use super::read_errors::{ImportError, SavedGameError};
use xiangqi::{Color, FenError, Move, SetupWarning};

/// Why a link parameter was ignored.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The FEN cannot be read or is not a legal position.
    Fen(FenError),
    /// A move of the list cannot be read or is not legal; the moves before it are kept.
    Move {
        /// Its move number.
        number: u32,
        /// Who was to play it.
        side: Color,
    },
    /// Not one of the values the parameter takes.
    Value,
    /// The game record cannot be read.
    Record(ImportError),
}

/// Something the person should know that is not part of the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The worker died; the reason is the browser's (empty: it went silent).
    WorkerRestarted(String),
    /// Link parameters that were ignored: name, value and why.
    BadParams(Vec<(String, String, Problem)>),
    /// A FEN typed or pasted into the FEN box was not loaded.
    BadFen(FenError),
    /// A FEN was loaded, but its position cannot arise in a game (a composed position).
    Composed(Vec<SetupWarning>),
    /// The engine proposed an illegal move.
    EngineIllegal(Move),
    /// The engine found no move.
    NoMove,
    /// The engine could not search.
    SearchFailed(String),
    /// The saved game could not be read at all: why. A new game took its place; its text is
    /// kept aside (see `records/saved/list.rs`).
    SavedUnreadable(SavedGameError),
    /// The saved game was read in part: what was set right or left out.
    SavedRepaired(Vec<SavedGameError>),
    /// The current FEN was copied.
    CopiedFen,
    /// A link to this game was made (and copied, if the browser allowed).
    Link(String),
    /// The game record was copied.
    CopiedRecord,
    /// A game record could not be imported; the current game was kept.
    Import(ImportError),
    /// A game record was imported.
    Imported(usize),
    /// A record in another form (or with several games) was read in the records' worker
    /// and its game put on the board.
    RecordOpened(RecordOpened),
    /// A record could not be read: the form it seemed to be (if any), and where and why in
    /// the readers' words. The current game was kept.
    RecordUnreadable(Option<String>, String),
    /// The records' reader could not be loaded (offline before the page was ever kept for
    /// offline play).
    ReaderUnavailable,
    /// What became of a link of a game played by link.
    Corr(crate::model::correspondence::Received),
    /// A diagram of the position was saved as SVG and PNG images.
    DiagramSaved,
}

/// What a record opened holds beyond the game put on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordOpened {
    /// The form it was read in ("XQF", "DhtmlXQ", "WXF", "PGN").
    pub format: String,
    /// The game on the board, counted from 1, and how many the record has.
    pub game: usize,
    /// How many games the record has.
    pub games: usize,
    /// The moves of the game's main line.
    pub moves: usize,
    /// How many of its moves are in variations, which the board does not keep.
    pub variations: usize,
    /// The first move that could not be played: its ply and text.
    pub fault: Option<(usize, String)>,
}
