//! The app's state and every way it changes: the game with its undo and redo stacks, who plays
//! which side, the selection and keyboard cursor, and the search the page wants the worker to
//! run. Pure: nothing here touches the DOM or the worker, so it compiles and is tested natively.
//!
//! The worker is driven from the state, not the other way round: [`State::search`] says which
//! search should be running (with a fresh id whenever it changes), `app.rs` makes the worker
//! match it, and replies come back as [`Action::Reply`]. A reply whose id is not the wanted
//! search's is stale (the position changed, or the search was cancelled) and is dropped.

use crate::agent::{Progress, SearchReply, SearchRequest};
use crate::ai::MAX_LEVEL;
use crate::i18n::Lang;
use crate::notation::{self, Notation};
use crate::pgn::ImportError;
use std::rc::Rc;
use xiangqi::{
    Board, Color, FenError, Game, Move, Piece, Position, PositionError, Setup, Square, START_FEN,
};
use xiangqi_ai::{Level, Limits, Player, Task};
use yew::Reducible;

/// Who plays the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// One person against the computer; [`State::human`] says which side the person has.
    Computer,
    /// Two people on one device.
    TwoPlayers,
    /// The computer plays both sides.
    Watch,
}

impl Mode {
    /// Every mode, in the order the selector offers them.
    pub const ALL: [Mode; 3] = [Mode::Computer, Mode::TwoPlayers, Mode::Watch];

    /// The stable value of the selector option.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::TwoPlayers => "two",
            Mode::Watch => "watch",
        }
    }

    /// The mode for [`Mode::key`].
    pub fn from_key(key: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.key() == key)
    }

    /// The label shown in the selector.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Mode::Computer => lang.t("You v computer", "人机对弈"),
            Mode::TwoPlayers => lang.t("Two players", "双人对弈"),
            Mode::Watch => lang.t("Computer v computer", "电脑对电脑"),
        }
    }

    /// The value of the `mode` link parameter.
    pub fn param(self) -> &'static str {
        match self {
            Mode::Computer => "ai",
            Mode::TwoPlayers => "pvp",
            Mode::Watch => "watch",
        }
    }

    /// The mode for a `mode` link parameter.
    pub fn from_param(v: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.param() == v)
    }
}

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
}

/// Something the person should know that is not part of the game. Kept as data, not text, so
/// it is shown in the current language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The worker died; the reason is the browser's (empty: it went silent).
    WorkerRestarted(String),
    /// Link parameters that were ignored: name, value and why.
    BadParams(Vec<(String, String, Problem)>),
    /// A FEN typed or pasted into the FEN box was not loaded.
    BadFen(FenError),
    /// The engine proposed an illegal move.
    EngineIllegal(Move),
    /// The engine found no move.
    NoMove,
    /// The engine could not search.
    SearchFailed(String),
    /// The saved game could not be read, or was saved by an older version, and was dropped.
    SavedDiscarded,
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
}

impl Notice {
    /// The notice in words.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Notice::WorkerRestarted(reason) if reason.is_empty() => lang
                .t(
                    "The search worker stopped (it stopped answering); a new one was started.",
                    "搜索线程已停止（没有响应），已启动新的线程。",
                )
                .into(),
            Notice::WorkerRestarted(reason) => match lang {
                Lang::En => format!("The search worker stopped ({reason}); a new one was started."),
                Lang::Zh => format!("搜索线程已停止（{reason}），已启动新的线程。"),
            },
            Notice::BadParams(list) => {
                let items: Vec<String> = list
                    .iter()
                    .map(|(name, value, why)| {
                        let why = match why {
                            Problem::Fen(e) => lang.fen_error(e),
                            Problem::Move { number, side } => match lang {
                                Lang::En => format!(
                                    "move {number} ({}) cannot be read or is not legal",
                                    lang.side(*side)
                                ),
                                Lang::Zh => {
                                    format!("第 {number} 回合{}的着法无法读取或不合法", lang.side(*side))
                                }
                            },
                            Problem::Value => lang.t("unknown value", "无效的值").to_string(),
                        };
                        format!("{name}=“{value}”: {why}")
                    })
                    .collect();
                format!(
                    "{} {}",
                    lang.t("Ignored in the address:", "已忽略地址中的参数："),
                    items.join("; ")
                )
            }
            Notice::BadFen(e) => format!(
                "{} {}",
                lang.t("That FEN was not loaded:", "未能载入该 FEN："),
                lang.fen_error(e)
            ),
            Notice::EngineIllegal(m) => match lang {
                Lang::En => format!("The engine proposed {m}, which is not legal here."),
                Lang::Zh => format!("引擎给出的着法 {m} 在此不合法。"),
            },
            Notice::NoMove => lang.t("The engine found no move.", "引擎没有找到着法。").into(),
            Notice::SearchFailed(r) => match lang {
                Lang::En => format!("The engine could not search: {r}"),
                Lang::Zh => format!("引擎无法搜索：{r}"),
            },
            Notice::SavedDiscarded => lang
                .t(
                    "The saved game could not be read (damaged or from an older version) and was discarded.",
                    "保存的对局无法读取（已损坏或来自旧版本），已丢弃。",
                )
                .into(),
            Notice::CopiedFen => lang.t("FEN copied.", "FEN 已复制。").into(),
            Notice::Link(url) => format!("{} {url}", lang.t("Link to this game:", "本局链接：")),
            Notice::CopiedRecord => lang.t("Game record copied.", "棋谱已复制。").into(),
            Notice::Import(e) => format!(
                "{} {}",
                e.text(lang),
                lang.t("The current game was kept.", "当前对局未改变。")
            ),
            Notice::Imported(n) => match lang {
                Lang::En => format!("Game loaded: {n} moves."),
                Lang::Zh => format!("已载入对局：{n} 步。"),
            },
        }
    }
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

/// The board editor: a free placement, checked only when asked for the position.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// What a click puts down; `None` picks up and moves pieces.
    pub tool: Option<Tool>,
    /// The picked-up piece's point, when no tool is chosen.
    pub selected: Option<Square>,
}

impl Editor {
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
}

/// A move played from an earlier position, waiting for the person to agree to drop the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Branch {
    /// The ply it is played at.
    pub ply: usize,
    /// The move.
    pub m: Move,
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// To choose the computer's move.
    Play,
    /// To suggest a move to a person.
    Hint,
}

/// The search the page wants running, and what it has reported so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// What the worker is asked.
    pub request: SearchRequest,
    /// What the answer is for.
    pub purpose: Purpose,
    /// The latest progress report, if any.
    pub progress: Option<Progress>,
    /// "Move now" was pressed before any move was reported: play the first one that comes.
    pub move_now: bool,
}

/// A screen direction for the keyboard cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
}

/// Everything the page shows. The UI is a function of this.
#[derive(Clone, Debug)]
pub struct State {
    /// The game being played, from its start position.
    pub game: Game,
    /// Moves taken back, the most recent last; redo plays them again.
    pub redo: Vec<Move>,
    /// Who plays which side.
    pub mode: Mode,
    /// The person's side in [`Mode::Computer`].
    pub human: Color,
    /// The computer's level, 1..=[`MAX_LEVEL`].
    pub level: u8,
    /// The side drawn at the bottom of the board.
    pub orientation: Color,
    /// The point whose piece is picked up.
    pub selected: Option<Square>,
    /// The keyboard cursor.
    pub cursor: Square,
    /// How the move list writes moves.
    pub notation: Notation,
    /// The search that should be running, if any.
    pub search: Option<Search>,
    /// The figures of the last finished search, kept for the status bar.
    pub last_search: Option<Progress>,
    /// The engine's suggestion, drawn on the board until the position changes.
    pub hint: Option<Move>,
    /// The move to animate: set when a move is played, cleared when moves are taken back.
    pub animate: Option<Move>,
    /// Something the person should know that is not part of the game (a restarted worker,
    /// an unreadable `?fen=`).
    pub notice: Option<Notice>,
    /// The page's language.
    pub lang: Lang,
    /// Sounds are off.
    pub muted: bool,
    /// The board editor, while it is open.
    pub editor: Option<Editor>,
    /// The ply whose position is shown while browsing back; `None` shows the current one.
    pub view: Option<usize>,
    /// A new line waiting for confirmation.
    pub branch: Option<Branch>,
    /// The id the next search request will carry.
    next_id: u64,
    /// Which game this is, for the worker: it changes whenever the game is replaced, so the
    /// worker keeps what it learned only within one game.
    game_id: u64,
}

/// The search behind a hint, whatever the level: a suggestion should come quickly but be
/// worth having, so the strong search to depth 8, for at most a second.
pub fn hint_task() -> Task {
    Task {
        player: Player::Strong,
        limits: Limits {
            depth: Some(8),
            movetime_ms: Some(1_000),
            ..Limits::default()
        },
    }
}

/// Every change the page can make.
#[derive(Clone, Debug, PartialEq)]
// Actions come from clicks and worker replies, a few a second: a large variant costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// A point was clicked, tapped, or chosen with Enter: pick up, drop or put down.
    Click(Square),
    /// A piece was dragged from one point and dropped on another (or off the board: `None`).
    Drop {
        /// Where the drag began.
        from: Square,
        /// Where it ended.
        to: Option<Square>,
    },
    /// Put down the picked-up piece.
    Deselect,
    /// Take back a move (against the computer: your move and its reply).
    Undo,
    /// Play again what undo took back.
    Redo,
    /// Start again from the start position, keeping the mode, side and level.
    NewGame,
    /// Turn the board round.
    Flip,
    /// Choose who plays.
    SetMode(Mode),
    /// Choose the person's side against the computer.
    SetSide(Color),
    /// Choose the computer's level.
    SetLevel(u8),
    /// Choose the move list's notation.
    SetNotation(Notation),
    /// Ask the engine for a suggestion.
    Hint,
    /// Make the computer play the best move it has found so far.
    MoveNow,
    /// Move the keyboard cursor.
    Cursor(Step),
    /// The worker answered.
    Reply(SearchReply),
    /// The worker died and a new one was started.
    WorkerRestarted(String),
    /// Dismiss the notice.
    DismissNotice,
    /// Show a notice.
    Notify(Notice),
    /// Choose the page's language.
    SetLang(Lang),
    /// Turn sounds on or off.
    ToggleMute,
    /// Load the position of a FEN typed or pasted in; a bad one only gives a notice.
    LoadFen(String),
    /// Replace the game with an imported one.
    LoadGame {
        /// The start position.
        start: Position,
        /// The moves, legal from it.
        moves: Vec<Move>,
    },
    /// Open the board editor on the shown position.
    Edit,
    /// Choose the editor's tool.
    EditTool(Option<Tool>),
    /// A point was clicked in the editor.
    EditClick(Square),
    /// A piece was dragged in the editor; off the board removes it.
    EditDrop {
        /// Where the drag began.
        from: Square,
        /// Where it ended.
        to: Option<Square>,
    },
    /// Choose the side to move in the editor.
    EditTurn(Color),
    /// Empty the editor's board.
    EditClear,
    /// Put the start position on the editor's board.
    EditReset,
    /// Close the editor without changing the game.
    EditCancel,
    /// Start a game from the editor's position, in this mode.
    EditPlay(Mode),
    /// Show the position after this many plies (`None`: the current one).
    View(Option<usize>),
    /// Step one ply back or forward while browsing.
    ViewStep(i32),
    /// Answer the question about dropping the rest of the game for a new line.
    ConfirmBranch(bool),
}

impl Default for State {
    fn default() -> Self {
        State::new(Game::new())
    }
}

impl State {
    /// A state for `game`, Red to play against the computer at level 3.
    pub fn new(game: Game) -> State {
        let mut s = State {
            game,
            redo: Vec::new(),
            mode: Mode::Computer,
            human: Color::Red,
            level: 3,
            orientation: Color::Red,
            selected: None,
            cursor: Square::new(4, 0).expect("e0 is on the board"),
            notation: Notation::Chinese,
            search: None,
            last_search: None,
            hint: None,
            animate: None,
            notice: None,
            lang: Lang::En,
            muted: false,
            editor: None,
            view: None,
            branch: None,
            next_id: 1,
            game_id: 1,
        };
        s.schedule();
        s
    }

    /// The state for the page's URL parameter `?fen=`, if given: a bad FEN leaves the start
    /// position and a notice that says what was wrong.
    pub fn from_fen_param(fen: Option<&str>) -> State {
        match fen.map(Position::from_fen) {
            None => State::default(),
            Some(Ok(pos)) => {
                let mut s = State::new(Game::from_position(pos));
                // The person plays the side to move of a loaded position.
                s.human = s.game.position().turn();
                s.orientation = s.human;
                s.search = None;
                s.schedule();
                s
            }
            Some(Err(e)) => State {
                notice: Some(Notice::BadParams(vec![(
                    "fen".into(),
                    fen.unwrap_or_default().into(),
                    Problem::Fen(e),
                )])),
                ..State::default()
            },
        }
    }

    /// Replaces the game with one from `start` (the person plays its side to move), keeping
    /// the mode, level, language and sound.
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.game_id += 1;
        self.redo.clear();
        self.view = None;
        self.branch = None;
        self.editor = None;
        self.reset_transient();
        self.animate = None;
    }

    /// The position shown: the current one, or an earlier one while browsing.
    pub fn shown(&self) -> Position {
        match self.view {
            None => self.position().clone(),
            Some(n) => {
                let mut pos = self.game.start_position().clone();
                for m in self.game.moves().into_iter().take(n) {
                    pos.make_move(m);
                }
                pos
            }
        }
    }

    /// The number of plies of the shown position.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.len())
    }

    /// The move that led to the shown position.
    pub fn shown_last_move(&self) -> Option<Move> {
        let n = self.shown_ply();
        (n > 0).then(|| self.game.moves()[n - 1])
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// True if `color` is moved by the computer in the current mode.
    pub fn is_computer(&self, color: Color) -> bool {
        match self.mode {
            Mode::Computer => color != self.human,
            Mode::TwoPlayers => false,
            Mode::Watch => true,
        }
    }

    /// True while the game goes on and the side to move is the computer's.
    pub fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.is_computer(self.position().turn())
    }

    /// True while the computer is choosing its move.
    pub fn thinking(&self) -> bool {
        matches!(&self.search, Some(s) if s.purpose == Purpose::Play)
    }

    /// True if a person may pick up pieces of the side to move now.
    pub fn person_to_move(&self) -> bool {
        if self.editor.is_some() || self.branch.is_some() {
            return false;
        }
        match self.view {
            None => self.game.outcome().is_none() && !self.is_computer(self.position().turn()),
            // From an earlier position a person may start a new line.
            Some(_) => !self.is_computer(self.shown().turn()),
        }
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.game.moves().last().copied()
    }

    /// The legal destinations of the piece on `from`, if a person may move it now.
    pub fn destinations(&self, from: Square) -> Vec<Square> {
        if !self.person_to_move() {
            return Vec::new();
        }
        self.shown()
            .legal_moves()
            .as_slice()
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect()
    }

    /// True if the piece on `sq` belongs to a person who may move it now.
    pub fn movable(&self, sq: Square) -> bool {
        if !self.person_to_move() {
            return false;
        }
        let pos = self.shown();
        pos.piece_at(sq).is_some_and(|p| p.color == pos.turn())
    }

    /// The moves played, each written in the current notation.
    pub fn move_texts(&self) -> Vec<String> {
        let mut pos = self.game.start_position().clone();
        self.game
            .moves()
            .into_iter()
            .map(|m| {
                let text = notation::format(&pos, m, self.notation);
                pos.make_move(m);
                text
            })
            .collect()
    }

    /// Applies `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Click(sq) => self.click(sq),
            Action::Drop { from, to } => {
                let m = to.map(|to| Move::new(from, to));
                match m {
                    Some(m) if to != Some(from) && self.person_may_play(m) => {
                        self.person_play(m);
                        // The hand already carried the piece there: nothing to slide.
                        self.animate = None;
                    }
                    // An illegal drop returns the piece; it stays picked up for a click.
                    _ => self.selected = self.movable(from).then_some(from),
                }
            }
            Action::Deselect => self.selected = None,
            Action::Undo => {
                self.view = None;
                self.branch = None;
                self.undo()
            }
            Action::Redo => {
                self.view = None;
                self.branch = None;
                self.redo()
            }
            Action::NewGame => {
                let start = self.game.start_position().clone();
                self.set_game(Game::from_position(start));
            }
            Action::Flip => self.orientation = !self.orientation,
            Action::SetMode(mode) => {
                self.mode = mode;
                self.reset_transient();
            }
            Action::SetSide(color) => {
                self.human = color;
                self.orientation = color;
                self.reset_transient();
            }
            Action::SetLevel(level) => {
                self.level = level.clamp(1, MAX_LEVEL);
                // A search already running keeps its level: the next one uses the new one.
            }
            Action::SetNotation(n) => self.notation = n,
            Action::Hint => self.hint(),
            Action::MoveNow => self.move_now(),
            Action::Cursor(step) => self.step_cursor(step),
            Action::Reply(reply) => self.reply(reply),
            Action::WorkerRestarted(reason) => {
                self.notice = Some(Notice::WorkerRestarted(reason));
                // Ask the new worker again, under a new id.
                if let Some(s) = self.search.take() {
                    self.start_search(s.purpose);
                }
            }
            Action::DismissNotice => self.notice = None,
            Action::Notify(n) => self.notice = Some(n),
            Action::SetLang(l) => self.lang = l,
            Action::ToggleMute => self.muted = !self.muted,
            Action::LoadFen(text) => match Position::from_fen(text.trim()) {
                Ok(pos) => {
                    self.start_from(pos);
                    self.notice = None;
                }
                Err(e) => self.notice = Some(Notice::BadFen(e)),
            },
            Action::LoadGame { start, moves } => {
                let mut game = Game::from_position(start);
                for m in &moves {
                    if game.play(*m).is_err() {
                        return;
                    }
                }
                let n = moves.len();
                self.set_game(game);
                self.notice = Some(Notice::Imported(n));
            }
            Action::Edit => {
                let pos = self.shown();
                self.editor = Some(Editor {
                    board: pos.board(),
                    turn: pos.turn(),
                    tool: None,
                    selected: None,
                });
                self.branch = None;
                self.reset_transient();
            }
            Action::EditTool(tool) => {
                if let Some(e) = &mut self.editor {
                    e.tool = tool;
                    e.selected = None;
                }
            }
            Action::EditClick(sq) => {
                if let Some(e) = &mut self.editor {
                    match e.tool {
                        Some(Tool::Piece(p)) => {
                            let same = e.board.get(sq) == Some(p);
                            e.board.set(sq, (!same).then_some(p));
                        }
                        Some(Tool::Eraser) => {
                            e.board.set(sq, None);
                        }
                        None => match e.selected {
                            Some(from) if from == sq => e.selected = None,
                            Some(from) => {
                                let p = e.board.set(from, None);
                                e.board.set(sq, p);
                                e.selected = None;
                            }
                            None => e.selected = e.board.get(sq).map(|_| sq),
                        },
                    }
                }
            }
            Action::EditDrop { from, to } => {
                if let Some(e) = &mut self.editor {
                    e.selected = None;
                    if to != Some(from) {
                        let p = e.board.set(from, None);
                        if let Some(to) = to {
                            e.board.set(to, p);
                        }
                    }
                }
            }
            Action::EditTurn(c) => {
                if let Some(e) = &mut self.editor {
                    e.turn = c;
                }
            }
            Action::EditClear => {
                if let Some(e) = &mut self.editor {
                    e.board = Board::default();
                    e.selected = None;
                }
            }
            Action::EditReset => {
                if let Some(e) = &mut self.editor {
                    e.board = Board::start();
                    e.turn = Color::Red;
                    e.selected = None;
                }
            }
            Action::EditCancel => self.editor = None,
            Action::EditPlay(mode) => {
                if let Some(Ok(pos)) = self.editor.as_ref().map(Editor::check) {
                    self.mode = mode;
                    self.start_from(pos);
                }
            }
            Action::View(n) => {
                self.branch = None;
                self.selected = None;
                self.view = n.filter(|&n| n < self.game.len());
                self.animate = None;
            }
            Action::ViewStep(d) => {
                let cur = self.shown_ply() as i64 + i64::from(d);
                let n = cur.clamp(0, self.game.len() as i64) as usize;
                self.apply(Action::View(Some(n)));
                return;
            }
            Action::ConfirmBranch(yes) => {
                if let (true, Some(b)) = (yes, self.branch) {
                    while self.game.len() > b.ply {
                        self.game.undo();
                    }
                    self.redo.clear();
                    self.view = None;
                    self.play(b.m);
                }
                self.branch = None;
            }
        }
        self.schedule();
    }

    /// Starts a game from `pos`, the person playing its side to move.
    fn start_from(&mut self, pos: Position) {
        self.human = pos.turn();
        self.orientation = self.human;
        self.set_game(Game::from_position(pos));
    }

    /// A person plays `m` in the shown position: at the end of the game it is played; from an
    /// earlier position it follows the game if it is the next move, else it asks first.
    fn person_play(&mut self, m: Move) {
        let Some(n) = self.view else {
            return self.play(m);
        };
        self.selected = None;
        if self.game.moves().get(n) == Some(&m) {
            self.view = Some(n + 1).filter(|&v| v < self.game.len());
            self.animate = Some(m);
        } else {
            self.branch = Some(Branch { ply: n, m });
        }
    }

    /// Clears the selection, hint and any search: the position or the players changed.
    fn reset_transient(&mut self) {
        self.selected = None;
        self.hint = None;
        self.search = None;
        self.last_search = None;
    }

    fn person_may_play(&self, m: Move) -> bool {
        self.movable(m.from()) && self.shown().is_legal(m)
    }

    fn click(&mut self, sq: Square) {
        self.cursor = sq;
        if let Some(from) = self.selected {
            let m = Move::new(from, sq);
            if from != sq && self.person_may_play(m) {
                return self.person_play(m);
            }
        }
        self.selected = match self.selected {
            Some(s) if s == sq => None,
            _ if self.movable(sq) => Some(sq),
            _ => None,
        };
    }

    /// Plays `m`, legal in the current position, by whoever is to move.
    fn play(&mut self, m: Move) {
        if self.game.play(m).is_err() {
            return;
        }
        // Playing the move that redo would play keeps the rest of the redo line.
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.selected = None;
        self.hint = None;
        self.search = None;
        self.animate = Some(m);
        self.cursor = m.to();
    }

    /// How many plies undo takes back: one, or against the computer as many as it takes to
    /// give the person the move again after taking back one of their moves. `None` if there
    /// is nothing of theirs to take back.
    fn undo_count(&self) -> Option<usize> {
        let moves = self.game.moves();
        if moves.is_empty() {
            return None;
        }
        if self.mode != Mode::Computer {
            return Some(1);
        }
        // The side that played ply i is the start's side to move, alternating.
        let first = self.game.start_position().turn();
        let mover = |i: usize| if i % 2 == 0 { first } else { !first };
        let last_human = (0..moves.len()).rev().find(|&i| mover(i) == self.human)?;
        Some(moves.len() - last_human)
    }

    fn undo(&mut self) {
        let Some(n) = self.undo_count() else { return };
        for _ in 0..n {
            if let Some(m) = self.game.undo() {
                self.redo.push(m);
            }
        }
        self.reset_transient();
        self.animate = None;
        if let Some(m) = self.last_move() {
            self.cursor = m.to();
        }
    }

    fn redo(&mut self) {
        let Some(&m) = self.redo.last() else { return };
        let mover = self.position().turn();
        if self.game.play(m).is_err() {
            self.redo.clear();
            return;
        }
        self.redo.pop();
        // Against the computer, redo the reply as well so the person has the move again.
        if self.mode == Mode::Computer && mover == self.human {
            if let Some(&reply) = self.redo.last() {
                if self.game.play(reply).is_ok() {
                    self.redo.pop();
                }
            }
        }
        self.reset_transient();
        self.animate = self.last_move();
        if let Some(m) = self.last_move() {
            self.cursor = m.to();
        }
    }

    fn hint(&mut self) {
        if !self.person_to_move() || self.search.is_some() {
            return;
        }
        self.hint = None;
        self.start_search(Purpose::Hint);
    }

    fn move_now(&mut self) {
        let Some(search) = &mut self.search else {
            return;
        };
        let best = search.progress.as_ref().and_then(|p| p.pv.first().copied());
        match best {
            Some(m) => self.finish(m),
            None => search.move_now = true,
        }
    }

    /// Ends the wanted search with `m` as its answer.
    fn finish(&mut self, m: Move) {
        let Some(search) = self.search.take() else {
            return;
        };
        self.last_search = search.progress;
        if !self.position().is_legal(m) {
            self.notice = Some(Notice::EngineIllegal(m));
            return;
        }
        match search.purpose {
            Purpose::Play => self.play(m),
            Purpose::Hint => self.hint = Some(m),
        }
    }

    fn reply(&mut self, reply: SearchReply) {
        let wanted = self.search.as_ref().map(|s| s.request.id);
        if reply.id().is_none() || reply.id() != wanted {
            return; // stale: for a position or search that is gone
        }
        match reply {
            SearchReply::Progress { progress, .. } => {
                let search = self.search.as_mut().expect("the wanted search");
                let first = progress.pv.first().copied();
                let move_now = search.move_now;
                search.progress = Some(progress);
                if let (true, Some(m)) = (move_now, first) {
                    self.finish(m);
                }
            }
            SearchReply::Done { best, progress, .. } => {
                if let Some(s) = self.search.as_mut() {
                    s.progress = Some(progress);
                }
                match best {
                    Some(m) => self.finish(m),
                    _ => {
                        self.search = None;
                        self.notice = Some(Notice::NoMove);
                    }
                }
            }
            SearchReply::Failed { reason, .. } => {
                self.search = None;
                self.notice = Some(Notice::SearchFailed(reason));
            }
            SearchReply::Crashed { .. } => {}
        }
    }

    fn step_cursor(&mut self, step: Step) {
        // Screen directions become board directions through the orientation.
        let (df, dr): (i8, i8) = match step {
            Step::Up => (0, 1),
            Step::Down => (0, -1),
            Step::Left => (-1, 0),
            Step::Right => (1, 0),
        };
        let (df, dr) = match self.orientation {
            Color::Red => (df, dr),
            Color::Black => (-df, -dr),
        };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    fn start_search(&mut self, purpose: Purpose) {
        let id = self.next_id;
        self.next_id += 1;
        let task = match purpose {
            // Seed 0: the worker draws a fresh one for the randomized levels.
            Purpose::Play => Level::new(self.level).task(0),
            Purpose::Hint => hint_task(),
        };
        self.search = Some(Search {
            request: SearchRequest {
                id,
                game: self.game_id,
                start: self.game.start_position().to_setup(),
                moves: self.game.moves(),
                task,
            },
            purpose,
            progress: None,
            move_now: false,
        });
    }

    /// Starts the computer's search when it is its turn, and cancels a search that no
    /// longer fits the position.
    fn schedule(&mut self) {
        if self.game.outcome().is_some() || self.editor.is_some() {
            self.search = None;
            self.selected = None;
            return;
        }
        let computer = self.computer_to_move();
        match self.search.as_ref().map(|s| s.purpose) {
            Some(Purpose::Play) if !computer => self.search = None,
            Some(Purpose::Hint) if computer => self.search = None,
            _ => {}
        }
        if computer && self.search.is_none() {
            self.start_search(Purpose::Play);
        }
    }

    /// The start position's FEN, for new games.
    pub fn start_fen(&self) -> String {
        self.game.start_position().to_fen()
    }

    /// True when the game began from the usual initial position.
    pub fn standard_start(&self) -> bool {
        self.start_fen() == START_FEN
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Score;
    use xiangqi::notation::parse_uci;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn mv(text: &str) -> Move {
        parse_uci(text).unwrap()
    }

    fn two_players() -> State {
        let mut s = State::default();
        s.apply(Action::SetMode(Mode::TwoPlayers));
        s
    }

    fn progress(pv: &[&str]) -> Progress {
        Progress {
            depth: 3,
            nodes: 1000,
            time_ms: 50,
            nps: 20_000,
            score: Score::Cp(12),
            pv: pv.iter().map(|s| mv(s)).collect(),
        }
    }

    /// The id of the search the state wants; panics if none.
    fn wanted(s: &State) -> u64 {
        s.search.as_ref().expect("a search is wanted").request.id
    }

    fn done(id: u64, best: &str) -> Action {
        Action::Reply(SearchReply::Done {
            id,
            best: Some(mv(best)),
            progress: progress(&[best]),
        })
    }

    #[test]
    fn click_picks_up_then_drops_on_a_legal_point() {
        let mut s = two_players();
        s.apply(Action::Click(sq("h2")));
        assert_eq!(s.selected, Some(sq("h2")));
        assert!(s.destinations(sq("h2")).contains(&sq("e2")));
        s.apply(Action::Click(sq("e2")));
        assert_eq!(s.game.moves(), vec![mv("h2e2")]);
        assert_eq!(s.selected, None);
        assert_eq!(s.animate, Some(mv("h2e2")));
    }

    #[test]
    fn an_illegal_drop_returns_the_piece() {
        let mut s = two_players();
        s.apply(Action::Drop {
            from: sq("h2"),
            to: Some(sq("g4")),
        });
        assert!(s.game.moves().is_empty());
        s.apply(Action::Drop {
            from: sq("h2"),
            to: None,
        });
        assert!(s.game.moves().is_empty());
        s.apply(Action::Drop {
            from: sq("h2"),
            to: Some(sq("e2")),
        });
        assert_eq!(s.game.moves(), vec![mv("h2e2")]);
        assert_eq!(s.animate, None, "a dropped piece does not slide");
    }

    #[test]
    fn the_other_sides_pieces_cannot_be_picked_up() {
        let mut s = two_players();
        s.apply(Action::Click(sq("h7")));
        assert_eq!(s.selected, None);
    }

    #[test]
    fn against_the_computer_a_move_asks_for_a_reply() {
        let mut s = State::default();
        assert!(
            s.search.is_none(),
            "Red is the person's: nothing to search yet"
        );
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        let id = wanted(&s);
        let req = &s.search.as_ref().unwrap().request;
        assert_eq!(req.moves, vec![mv("h2e2")]);
        assert_eq!(req.start, Setup::start());
        assert!(s.thinking());
        // Black's pieces are the computer's: the person cannot move them.
        s.apply(Action::Click(sq("h7")));
        assert_eq!(s.selected, None);
        s.apply(done(id, "h7e7"));
        assert_eq!(s.game.moves(), vec![mv("h2e2"), mv("h7e7")]);
        assert!(s.search.is_none());
    }

    #[test]
    fn taking_black_lets_the_computer_open() {
        let mut s = State::default();
        s.apply(Action::SetSide(Color::Black));
        assert_eq!(s.orientation, Color::Black);
        assert!(s.thinking());
    }

    #[test]
    fn undo_against_the_computer_takes_back_the_move_and_its_reply_and_redo_replays_both() {
        let mut s = State::default();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        let id = wanted(&s);
        s.apply(done(id, "h9g7"));
        s.apply(Action::Undo);
        assert!(s.game.moves().is_empty());
        assert_eq!(s.redo, vec![mv("h9g7"), mv("h2e2")]);
        assert!(s.search.is_none(), "the person is to move again");
        s.apply(Action::Redo);
        assert_eq!(s.game.moves(), vec![mv("h2e2"), mv("h9g7")]);
        assert!(s.redo.is_empty());
        assert!(s.search.is_none());
    }

    #[test]
    fn undo_while_the_computer_thinks_cancels_the_search_and_drops_its_late_reply() {
        let mut s = State::default();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        let id = wanted(&s);
        s.apply(Action::Undo);
        assert!(s.game.moves().is_empty());
        assert!(s.search.is_none());
        // The worker's answer for the cancelled search arrives late and is ignored.
        s.apply(done(id, "h9g7"));
        assert!(s.game.moves().is_empty());
    }

    #[test]
    fn a_reply_for_an_older_search_is_dropped() {
        let mut s = State::default();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        let old = wanted(&s);
        s.apply(Action::NewGame);
        s.apply(Action::Click(sq("b2")));
        s.apply(Action::Click(sq("e2")));
        let new = wanted(&s);
        assert_ne!(old, new);
        s.apply(done(old, "h9g7"));
        assert_eq!(s.game.moves(), vec![mv("b2e2")]);
        s.apply(Action::Reply(SearchReply::Progress {
            id: old,
            progress: progress(&["b9c7"]),
        }));
        assert_eq!(s.search.as_ref().unwrap().progress, None);
        s.apply(done(new, "b9c7"));
        assert_eq!(s.game.moves(), vec![mv("b2e2"), mv("b9c7")]);
    }

    #[test]
    fn two_players_undo_and_redo_one_move_at_a_time() {
        let mut s = two_players();
        for m in ["h2e2", "h9g7", "h0g2"] {
            s.apply(Action::Click(mv(m).from()));
            s.apply(Action::Click(mv(m).to()));
        }
        s.apply(Action::Undo);
        s.apply(Action::Undo);
        assert_eq!(s.game.moves(), vec![mv("h2e2")]);
        s.apply(Action::Redo);
        assert_eq!(s.game.moves(), vec![mv("h2e2"), mv("h9g7")]);
        // A different move clears what is left to redo.
        s.apply(Action::Click(sq("b2")));
        s.apply(Action::Click(sq("b9")));
        assert_eq!(s.game.len(), 3);
        assert!(s.redo.is_empty());
        assert!(s.search.is_none(), "no computer in two-player mode");
    }

    #[test]
    fn move_now_plays_the_best_move_reported_so_far() {
        let mut s = State::default();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        let id = wanted(&s);
        s.apply(Action::MoveNow);
        assert!(
            s.thinking(),
            "nothing reported yet: wait for the first report"
        );
        s.apply(Action::Reply(SearchReply::Progress {
            id,
            progress: progress(&["b9c7", "b0c2"]),
        }));
        assert_eq!(s.game.moves(), vec![mv("h2e2"), mv("b9c7")]);
        assert!(s.search.is_none());
        // The worker's final answer is now stale.
        s.apply(done(id, "h9g7"));
        assert_eq!(s.game.len(), 2);
    }

    #[test]
    fn mode_changes_start_or_stop_the_computer() {
        let mut s = two_players();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        assert!(s.search.is_none());
        s.apply(Action::SetMode(Mode::Computer));
        assert!(
            s.thinking(),
            "Black is now the computer's, and it is Black's turn"
        );
        s.apply(Action::SetMode(Mode::TwoPlayers));
        assert!(s.search.is_none());
        s.apply(Action::SetMode(Mode::Watch));
        let id = wanted(&s);
        s.apply(done(id, "h9g7"));
        assert!(s.thinking(), "in watch mode the computer answers itself");
        assert_ne!(wanted(&s), id);
    }

    #[test]
    fn hint_marks_a_move_and_is_cleared_by_the_next_move() {
        let mut s = two_players();
        s.apply(Action::Hint);
        let id = wanted(&s);
        s.apply(done(id, "h2e2"));
        assert_eq!(s.hint, Some(mv("h2e2")));
        assert!(s.game.moves().is_empty(), "a hint is shown, not played");
        s.apply(Action::Click(sq("b2")));
        s.apply(Action::Click(sq("e2")));
        assert_eq!(s.hint, None);
    }

    #[test]
    fn a_dead_worker_is_asked_again_under_a_new_id() {
        let mut s = State::default();
        s.apply(Action::SetSide(Color::Black));
        let id = wanted(&s);
        s.apply(Action::WorkerRestarted("out of memory".into()));
        assert_ne!(wanted(&s), id);
        assert!(s
            .notice
            .as_ref()
            .unwrap()
            .text(Lang::En)
            .contains("new one"));
    }

    #[test]
    fn checkmate_ends_the_game_and_nobody_can_move() {
        let pos = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
        let mut s = State::from_fen_param(Some(pos));
        assert_eq!(s.human, Color::Red);
        s.apply(Action::Click(sq("b0")));
        s.apply(Action::Click(sq("b9")));
        let outcome = s.game.outcome().expect("checkmate");
        assert_eq!(outcome.chinese(), "红方胜 — 黑方被将死");
        assert!(s.search.is_none());
        assert!(!s.movable(sq("e9")));
    }

    #[test]
    fn a_bad_fen_parameter_gives_the_start_position_and_a_notice() {
        let s = State::from_fen_param(Some("not a fen"));
        assert!(s.standard_start());
        assert!(s.notice.is_some());
    }

    #[test]
    fn the_cursor_moves_with_the_screen_whichever_side_is_at_the_bottom() {
        let mut s = two_players();
        s.apply(Action::Cursor(Step::Up));
        assert_eq!(s.cursor, sq("e1"));
        s.apply(Action::Flip);
        s.apply(Action::Cursor(Step::Up));
        s.apply(Action::Cursor(Step::Left));
        assert_eq!(s.cursor, sq("f0"));
        // Enter on the cursor picks up like a click.
        s.cursor = sq("h2");
        let c = s.cursor;
        s.apply(Action::Click(c));
        assert_eq!(s.selected, Some(sq("h2")));
    }

    #[test]
    fn the_move_list_follows_the_notation_switch() {
        let mut s = two_players();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        assert_eq!(s.move_texts(), vec!["炮二平五"]);
        s.apply(Action::SetNotation(Notation::Wxf));
        assert_eq!(s.move_texts(), vec!["C2.5"]);
        s.apply(Action::SetNotation(Notation::Iccs));
        assert_eq!(s.move_texts(), vec!["H2-E2"]);
    }
    #[test]
    fn the_editor_places_moves_and_removes_pieces_and_plays_from_a_legal_setup() {
        let mut s = two_players();
        s.apply(Action::Edit);
        s.apply(Action::EditClear);
        let e = s.editor.as_ref().unwrap();
        assert_eq!(e.check(), Err(PositionError::MissingGeneral(Color::Red)));
        let king = |c| Tool::Piece(Piece::new(c, xiangqi::Kind::General));
        s.apply(Action::EditTool(Some(king(Color::Red))));
        s.apply(Action::Click(sq("e0"))); // ignored: the editor takes EditClick
        s.apply(Action::EditClick(sq("e0")));
        s.apply(Action::EditTool(Some(king(Color::Black))));
        s.apply(Action::EditClick(sq("e9")));
        let e = s.editor.as_ref().unwrap();
        assert_eq!(e.check(), Err(PositionError::GeneralsFacing));
        s.apply(Action::EditTool(None));
        s.apply(Action::EditClick(sq("e9")));
        s.apply(Action::EditClick(sq("d9")));
        s.apply(Action::EditTool(Some(Tool::Piece(Piece::new(
            Color::Red,
            xiangqi::Kind::Chariot,
        )))));
        s.apply(Action::EditClick(sq("a5")));
        s.apply(Action::EditDrop {
            from: sq("a5"),
            to: None,
        });
        s.apply(Action::EditTurn(Color::Black));
        assert!(s.editor.as_ref().unwrap().check().is_ok());
        assert!(s.search.is_none(), "no search while editing");
        s.apply(Action::EditPlay(Mode::Computer));
        assert!(s.editor.is_none());
        assert_eq!(s.start_fen(), "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
        assert_eq!(s.human, Color::Black);
        assert!(!s.thinking(), "the person has the move");
    }

    #[test]
    fn browsing_back_and_a_new_line_asks_before_dropping_the_rest() {
        let mut s = two_players();
        for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            s.apply(Action::Click(mv(m).from()));
            s.apply(Action::Click(mv(m).to()));
        }
        s.apply(Action::ViewStep(-1));
        s.apply(Action::ViewStep(-1));
        assert_eq!(s.view, Some(2));
        assert_eq!(
            s.shown().piece_at(sq("h0")).map(|p| p.fen_char()),
            Some('N')
        );
        assert_eq!(s.shown_last_move(), Some(mv("h9g7")));
        // The game's own next move follows the game.
        s.apply(Action::Click(sq("h0")));
        s.apply(Action::Click(sq("g2")));
        assert_eq!((s.view, s.game.len()), (Some(3), 4));
        // A different one waits for an answer.
        s.apply(Action::Click(sq("b9")));
        s.apply(Action::Click(sq("c7")));
        assert_eq!(s.branch.map(|b| b.ply), Some(3));
        s.apply(Action::ConfirmBranch(false));
        assert_eq!(s.game.len(), 4);
        s.apply(Action::Click(sq("b9")));
        s.apply(Action::Click(sq("c7")));
        s.apply(Action::ConfirmBranch(true));
        assert_eq!(
            s.game.moves(),
            vec![mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("b9c7")]
        );
        assert_eq!(s.view, None);
        s.apply(Action::ViewStep(1));
        assert_eq!(s.view, None, "already at the end");
    }

    #[test]
    fn a_bad_pasted_fen_changes_nothing() {
        let mut s = two_players();
        s.apply(Action::Click(sq("h2")));
        s.apply(Action::Click(sq("e2")));
        s.apply(Action::LoadFen("4k4/9/9/9/9/9/9/9/9/4K4 w".into()));
        assert_eq!(s.game.len(), 1);
        let text = s.notice.as_ref().unwrap().text(Lang::Zh);
        assert!(text.contains("双方将帅在同一直线上照面"), "{text}");
        s.apply(Action::LoadFen("3k5/9/9/9/9/9/9/9/9/4K4 w".into()));
        assert!(s.game.is_empty());
        assert_eq!(s.notice, None);
    }
}
