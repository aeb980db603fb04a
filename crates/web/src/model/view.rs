//! What the board and the lists show, derived from the state once per change of what they
//! depend on (the moves, the ply shown, the notation, who may move, the editor's board) and
//! then only read: the pieces, the legal destinations of every piece a person may pick up
//! (the board looks moves up in them, as chessground's `Dests`), the move texts and the FEN.
//! So a render never asks the rules anything, and the game is replayed once per change rather
//! than once per point.

use super::editor::Editor;
use super::game::History;
use super::variations::{self, VariationRow};
use std::rc::Rc;
use xiangqi::notation::{self, Notation};
use xiangqi::records::Comment;
use xiangqi::{Board, Color, Move, Piece, Position, Square};

/// The screen column and row (0..9, 0..10 from the top left) of `sq`.
pub fn screen_cell(sq: Square, orientation: Color) -> (u8, u8) {
    match orientation {
        Color::Red => (sq.file(), 9 - sq.rank()),
        Color::Black => (8 - sq.file(), sq.rank()),
    }
}

/// The point at screen column `col` and row `row`.
pub fn square_at(col: i32, row: i32, orientation: Color) -> Option<Square> {
    if !(0..9).contains(&col) || !(0..10).contains(&row) {
        return None;
    }
    let (col, row) = (col as u8, row as u8);
    match orientation {
        Color::Red => Square::new(col, 9 - row),
        Color::Black => Square::new(8 - col, row),
    }
}

/// Where each piece that may be picked up now can go: every such piece has an entry, possibly
/// with no destinations (it can be picked up but not moved). A short list in board order
/// rather than a map: there are 16 pieces at most, and the page's wasm stays smaller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dests(Vec<(Square, Vec<Square>)>);

impl Dests {
    /// The legal moves of the side to move in `pos`, every piece of that side listed.
    pub fn of(pos: &Position) -> Dests {
        let mut dests: Dests = Square::all()
            .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == pos.turn()))
            .map(|sq| (sq, Vec::new()))
            .collect();
        for m in pos.legal_moves().as_slice() {
            if let Some((_, to)) = dests.0.iter_mut().find(|(from, _)| *from == m.from()) {
                to.push(m.to());
            }
        }
        dests
    }

    /// Every piece of `pieces` (by [`Square::index`]), each free to be picked up and going
    /// nowhere by the rules (the editor moves pieces without them).
    pub fn every_piece(pieces: &[Option<Piece>]) -> Dests {
        Square::all()
            .filter(|sq| pieces[sq.index()].is_some())
            .map(|sq| (sq, Vec::new()))
            .collect()
    }

    /// True if the piece on `sq` may be picked up.
    pub fn movable(&self, sq: Square) -> bool {
        self.0.iter().any(|(from, _)| *from == sq)
    }

    /// Where the piece on `from` may go.
    pub fn get(&self, from: Square) -> &[Square] {
        self.0
            .iter()
            .find(|(f, _)| *f == from)
            .map_or(&[], |(_, to)| to.as_slice())
    }

    /// True if `m` is one of the moves.
    pub fn allows(&self, m: Move) -> bool {
        self.get(m.from()).contains(&m.to())
    }

    /// The points whose pieces may be picked up.
    pub fn movable_squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().map(|(from, _)| *from)
    }
}

impl FromIterator<(Square, Vec<Square>)> for Dests {
    /// Dests from `(from, destinations)` pairs, each point once.
    fn from_iter<I: IntoIterator<Item = (Square, Vec<Square>)>>(iter: I) -> Dests {
        Dests(iter.into_iter().collect())
    }
}

/// What a [`View`] was derived from, to tell when it must be derived again.
#[derive(Clone, Debug, PartialEq)]
struct Inputs {
    /// The history's revision.
    revision: u64,
    /// The ply shown.
    ply: usize,
    /// The move list's notation.
    notation: Notation,
    /// A person may move in the position shown.
    person_moves: bool,
    /// The editor's placement, while it is open.
    editor: Option<(Board, Color)>,
}

impl Inputs {
    fn new(
        history: &History,
        notation: Notation,
        person_moves: bool,
        editor: Option<&Editor>,
    ) -> Inputs {
        Inputs {
            revision: history.revision(),
            ply: history.shown_ply(),
            notation,
            person_moves,
            editor: editor.map(|e| (e.board().clone(), e.turn())),
        }
    }
}

/// What the board and the lists show.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The game's position shown (also while the editor is open).
    pub position: Position,
    /// The piece on each point of the board, by [`Square::index`]: the shown position's, or
    /// the editor's.
    pub pieces: Vec<Option<Piece>>,
    /// The pieces a person may pick up now and where they may go (shared with the board).
    pub dests: Rc<Dests>,
    /// The general in check on the board.
    pub check: Option<Square>,
    /// The move that led to the position shown (none in the editor).
    pub last: Option<Move>,
    /// The FEN of what the board shows.
    pub fen: String,
    /// Every move of the main line, written in the chosen notation.
    pub moves: Vec<String>,
    /// The comments on the line on the board, in order of their ply.
    pub comments: Rc<Vec<Comment>>,
    /// The comments on the main line, in order of their ply.
    pub main_comments: Rc<Vec<Comment>>,
    /// The variations, as the move list shows them.
    pub variations: Rc<Vec<VariationRow>>,
    /// The game's last move took a piece.
    pub captured: bool,
    /// What this was derived from.
    inputs: Inputs,
}

impl View {
    /// True if this view is the one [`View::new`] would derive from these inputs.
    pub(super) fn is_of(
        &self,
        history: &History,
        notation: Notation,
        person_moves: bool,
        editor: Option<&Editor>,
    ) -> bool {
        self.inputs == Inputs::new(history, notation, person_moves, editor)
    }

    /// Derives the view of `history` in `notation`; `person_moves` says whether a person may
    /// move in the shown position, and an open `editor` replaces the board.
    pub(super) fn new(
        history: &History,
        notation: Notation,
        person_moves: bool,
        editor: Option<&Editor>,
    ) -> View {
        let game = history.game();
        let ply = history.shown_ply();
        // One replay gives the shown position and whether the last move took.
        let mut pos = game.start_position().clone();
        let mut shown = (ply == 0).then(|| pos.clone());
        let mut captured = false;
        for (i, m) in game.moves().into_iter().enumerate() {
            captured = pos.make_move(m).captured().is_some();
            if i + 1 == ply {
                shown = Some(pos.clone());
            }
        }
        let position = shown.unwrap_or(pos);
        // The move list's: the main line, its comments, and the variations.
        let tree = history.tree();
        let mut main_pos = tree.start.clone();
        let moves = history
            .main_moves()
            .iter()
            .map(|&m| {
                let text = notation::format(&main_pos, m, notation);
                main_pos.make_move(m);
                text
            })
            .collect();
        let comments = history.comments();
        let main_comments = if history.line().iter().all(|&i| i == 0) {
            Rc::new(comments.clone())
        } else {
            Rc::new(History::comments_on(tree, &tree.main_path()))
        };
        let inputs = Inputs::new(history, notation, person_moves, editor);
        let (pieces, dests, check, last, fen) = match editor {
            Some(e) => {
                let pieces: Vec<_> = Square::all().map(|sq| e.board().get(sq)).collect();
                let dests = Dests::every_piece(&pieces);
                (pieces, dests, None, None, e.setup().to_fen())
            }
            None => (
                Square::all().map(|sq| position.piece_at(sq)).collect(),
                if person_moves {
                    Dests::of(&position)
                } else {
                    Dests::default()
                },
                position
                    .in_check()
                    .then(|| position.general(position.turn())),
                history.shown_last_move(),
                position.to_fen(),
            ),
        };
        View {
            position,
            pieces,
            dests: Rc::new(dests),
            check,
            last,
            fen,
            moves,
            comments: Rc::new(comments),
            main_comments,
            variations: Rc::new(variations::rows(tree, notation)),
            captured,
            inputs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Game;

    #[test]
    fn dests_list_every_piece_of_the_side_to_move_with_its_legal_points() {
        let d = Dests::of(&Position::start());
        let sq = |n: &str| n.parse::<Square>().unwrap();
        assert_eq!(d.movable_squares().count(), 16);
        assert_eq!(d.get(sq("h2")).len(), 12, "the cannon on h2");
        let mut horse = d.get(sq("b0")).to_vec();
        horse.sort();
        assert_eq!(horse, [sq("a2"), sq("c2")], "the horse on b0");
        assert!(!d.movable(sq("h7")), "Black's pieces wait");
        assert!(d.allows(parse_uci("h2e2").unwrap()));
    }

    #[test]
    fn the_view_of_a_browsed_position_shows_it_and_every_move() {
        let mut h = History::new(Game::new());
        for m in ["h2e2", "h9g7", "e2e6"] {
            h.play(parse_uci(m).unwrap());
        }
        h.show(Some(1));
        let v = View::new(&h, Notation::Wxf, true, None);
        assert_eq!(v.moves, ["C2.5", "H8+7", "C5+4"]);
        assert_eq!(v.last, Some(parse_uci("h2e2").unwrap()));
        assert_eq!(
            v.pieces[parse_uci("h2e2").unwrap().to().index()].map(|p| p.fen_char()),
            Some('C')
        );
        assert!(
            v.dests.movable("h9".parse().unwrap()),
            "Black to move in the shown position"
        );
        assert!(v.captured, "the game's last move took a soldier");
    }
}
