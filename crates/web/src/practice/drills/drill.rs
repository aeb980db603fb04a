//! A drill: its position, goal and move limit, and how a game played from it stands.

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
