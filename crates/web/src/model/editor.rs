//! The board editor: a free placement of pieces and the side to move, checked against the
//! rules only when asked (so the person can pass through illegal placements on the way), with
//! the palette's tool or a picked-up piece.

use super::settings::Mode;
use xiangqi::{Board, Color, Piece, Position, PositionError, Setup, Square};

/// A change in the editor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Open the editor on the shown position.
    Open,
    /// Choose the tool (`None`: pick up and move pieces).
    Tool(Option<Tool>),
    /// Choose the side to move.
    Turn(Color),
    /// Empty the board.
    Clear,
    /// Put the start position on the board.
    Reset,
    /// Close the editor without changing the game.
    Cancel,
    /// Start a game from the editor's position, in this mode.
    Play(Mode),
}

/// What the editor's pointer puts down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts this piece on the clicked point.
    Piece(Piece),
    /// Clears the clicked point.
    Eraser,
}

impl Tool {
    /// The `data-palette` value: the FEN letter, or "x" for the eraser.
    pub fn key(self) -> char {
        match self {
            Tool::Piece(p) => p.fen_char(),
            Tool::Eraser => 'x',
        }
    }
}

/// The board editor.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    /// The pieces.
    board: Board,
    /// The side to move.
    turn: Color,
    /// What a click puts down; `None` picks up and moves pieces.
    tool: Option<Tool>,
    /// The picked-up piece's point, when no tool is chosen.
    selected: Option<Square>,
}

impl Editor {
    /// An editor holding `pos`, with no tool chosen.
    pub fn new(pos: &Position) -> Editor {
        Editor {
            board: pos.board(),
            turn: pos.turn(),
            tool: None,
            selected: None,
        }
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The chosen tool.
    pub fn tool(&self) -> Option<Tool> {
        self.tool
    }

    /// The picked-up piece's point.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The placement as a setup, move 1.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.board.clone(),
            turn: self.turn,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The position, or exactly what is wrong with it.
    pub fn check(&self) -> Result<Position, PositionError> {
        Position::from_setup(&self.setup())
    }

    /// Applies the actions that stay inside the editor (tool, turn, clear, reset); opening,
    /// cancelling and playing are the state's.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Tool(tool) => {
                self.tool = tool;
                self.selected = None;
            }
            Action::Turn(c) => self.turn = c,
            Action::Clear => {
                self.board = Board::default();
                self.selected = None;
            }
            Action::Reset => {
                self.board = Board::start();
                self.turn = Color::Red;
                self.selected = None;
            }
            Action::Open | Action::Cancel | Action::Play(_) => {}
        }
    }

    /// A click on `sq`: put down the tool's piece (a second click on the same piece removes
    /// it), erase, or with no tool pick up a piece and move it with the next click.
    pub fn click(&mut self, sq: Square) {
        match self.tool {
            Some(Tool::Piece(p)) => {
                let same = self.board.get(sq) == Some(p);
                self.board.set(sq, (!same).then_some(p));
            }
            Some(Tool::Eraser) => {
                self.board.set(sq, None);
            }
            None => match self.selected {
                Some(from) if from == sq => self.selected = None,
                Some(from) => {
                    let p = self.board.set(from, None);
                    self.board.set(sq, p);
                    self.selected = None;
                }
                None => self.selected = self.board.get(sq).map(|_| sq),
            },
        }
    }

    /// A piece dragged from `from` to `to`; off the board (`None`) removes it.
    pub fn drop(&mut self, from: Square, to: Option<Square>) {
        self.selected = None;
        if to != Some(from) {
            let p = self.board.set(from, None);
            if let Some(to) = to {
                self.board.set(to, p);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Kind;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_editor_places_moves_and_removes_pieces_and_says_what_is_wrong() {
        let mut e = Editor::new(&Position::start());
        e.apply(Action::Clear);
        assert_eq!(e.check(), Err(PositionError::MissingGeneral(Color::Red)));
        let general = |c| Tool::Piece(Piece::new(c, Kind::General));
        e.apply(Action::Tool(Some(general(Color::Red))));
        e.click(sq("e0"));
        e.apply(Action::Tool(Some(general(Color::Black))));
        e.click(sq("e9"));
        assert_eq!(e.check(), Err(PositionError::GeneralsFacing));
        e.apply(Action::Tool(None));
        e.click(sq("e9"));
        assert_eq!(e.selected(), Some(sq("e9")));
        e.click(sq("d9"));
        let chariot = Tool::Piece(Piece::new(Color::Red, Kind::Chariot));
        e.apply(Action::Tool(Some(chariot)));
        e.click(sq("a5"));
        e.drop(sq("a5"), None);
        e.apply(Action::Turn(Color::Black));
        assert_eq!(
            e.check().map(|p| p.to_fen()),
            Ok("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1".to_string())
        );
    }
}
