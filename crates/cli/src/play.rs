//! `xiangqi play`: a game against the computer in the terminal.
//!
//! The board is drawn with the traditional characters (帥仕相傌俥炮兵 for Red, 將士象馬車砲卒
//! for Black), the river (楚河 漢界), Black's file numbers 1-9 along the top and Red's 九-一
//! along the bottom, ranks 0-9 and files a-i for coordinates. The last move is marked: its
//! starting point with 〇, its piece in brackets. Colours are ANSI escapes, left out when
//! asked (the `NO_COLOR` convention) or when the output is not a terminal.
//!
//! Moves may be typed in any notation the engine reads: UCI (`h2e2`), ICCS (`H2-E2`), WXF
//! (`C2.5`) or Chinese (`炮二平五`). The loop reads lines from any [`BufRead`] and writes to any
//! [`Write`], so whole sessions are tested with scripted input.
//!
//! The computer is one engine session ([`xiangqi_ai::Session`]) kept for the whole game, so
//! each move (and each hint) starts from what the searches before it learned; `new` starts
//! it afresh.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::notation::{format, parse_any, Notation};
use xiangqi::records::movetext;
use xiangqi::{Color, Game, Move, Position, Square};
use xiangqi_ai::{Info, Level, Limits, Player, Score, Task, MAX_LEVEL, RATING_FLOOR};

/// The level played unless `--level` says otherwise.
pub const DEFAULT_LEVEL: u8 = 3;
/// How long `hint` thinks, in milliseconds.
pub const DEFAULT_HINT_MS: u64 = 500;

/// How a session starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// The computer's level, 1..=[`MAX_LEVEL`].
    pub level: u8,
    /// The side the person plays.
    pub human: Color,
    /// The position games start from (`new` goes back to it).
    pub start: Position,
    /// Draw with ANSI colours.
    pub color: bool,
    /// Seed of the computer's random choices (the randomized levels); each move gets its own.
    pub seed: u64,
    /// Milliseconds the `hint` search takes.
    pub hint_ms: u64,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            level: DEFAULT_LEVEL,
            human: Color::Red,
            start: Position::start(),
            color: false,
            seed: 1,
            hint_ms: DEFAULT_HINT_MS,
        }
    }
}

/// Whether to draw in colour by default: on a terminal, unless the `NO_COLOR` variable is
/// set to anything but the empty string.
pub fn want_color(no_color: Option<&std::ffi::OsStr>, terminal: bool) -> bool {
    terminal && !no_color.is_some_and(|v| !v.is_empty())
}

/// What a level plays, in words, with its approximate rating: "v2 alpha-beta, depth 4
/// (about 1200 Elo)".
pub fn describe_level(level: u8) -> String {
    let level = Level::new(level);
    let task = level.task(0);
    let player = match (task.player, task.limits.movetime_ms, task.limits.nodes) {
        (Player::Greedy { .. }, ..) => "v1 greedy, one ply".to_string(),
        (Player::AlphaBeta { depth, .. }, ..) => format!("v2 alpha-beta, depth {depth}"),
        (Player::Strong, Some(ms), _) if ms < 1000 => format!("v3 search, {ms} ms a move"),
        (Player::Strong, Some(ms), _) => {
            format!("v3 search, {} s a move", ms as f64 / 1000.0)
        }
        (Player::Strong, None, Some(nodes)) => format!("v3 search, {nodes} nodes a move"),
        (Player::Strong, None, None) => "v3 search".to_string(),
    };
    let rating = match level.shown_rating() {
        Some(r) => format!("about {r}"),
        None => format!("below {RATING_FLOOR}"),
    };
    format!("{player} ({rating} Elo)")
}

const RESET: &str = "\x1b[0m";
const RED_PIECE: &str = "\x1b[1;31m";
const BLACK_PIECE: &str = "\x1b[1m";
const GRID: &str = "\x1b[90m";
const MARK: &str = "\x1b[1;33m";

const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

/// A line of the drawing being built: text, with a colour escape only where the style changes.
struct Line {
    text: String,
    color: bool,
    current: Option<&'static str>,
}

impl Line {
    fn new(color: bool) -> Line {
        Line {
            text: String::new(),
            color,
            current: None,
        }
    }

    fn put(&mut self, style: Option<&'static str>, s: &str) {
        if self.color && style != self.current {
            if self.current.is_some() {
                self.text.push_str(RESET);
            }
            if let Some(st) = style {
                self.text.push_str(st);
            }
            self.current = style;
        }
        self.text.push_str(s);
    }

    fn finish(mut self) -> String {
        if self.color && self.current.is_some() {
            self.text.push_str(RESET);
        }
        self.text.trim_end().to_string()
    }
}

/// Draws the board. `flipped` puts Black at the bottom; `last` is marked.
pub fn render_board(pos: &Position, last: Option<Move>, flipped: bool, color: bool) -> String {
    // Display column c and row r (row 0 at the top) to a square.
    let square = |c: usize, r: usize| -> Square {
        let (file, rank) = if flipped { (8 - c, r) } else { (c, 9 - r) };
        Square::new(file as u8, rank as u8).expect("on the board")
    };
    let file_of = |c: usize| if flipped { 8 - c } else { c };
    let mut lines = Vec::new();

    let red_labels = |line: &mut Line| {
        line.put(None, "   ");
        for c in 0..9 {
            line.put(None, RED_FILES[file_of(c)]);
            line.put(None, "  ");
        }
    };
    let black_labels = |line: &mut Line| {
        line.put(None, "   ");
        for c in 0..9 {
            line.put(None, &format!("{:<2}  ", file_of(c) + 1));
        }
    };
    let mut top = Line::new(color);
    if flipped {
        red_labels(&mut top);
    } else {
        black_labels(&mut top);
    }
    lines.push(top.finish());

    for r in 0..10 {
        let rank = square(0, r).rank();
        let mut line = Line::new(color);
        line.put(None, &format!("{rank} "));
        for c in 0..9 {
            let sq = square(c, r);
            let is_to = last.is_some_and(|m| m.to() == sq);
            let is_from = last.is_some_and(|m| m.from() == sq);
            // A slot on each side of the point: a bracket around the last move's piece,
            // else the line to the neighbour, or a space at the edge.
            let slot = |line: &mut Line, edge: bool, bracket: &str| {
                if is_to {
                    line.put(Some(MARK), bracket);
                } else if edge {
                    line.put(None, " ");
                } else {
                    line.put(Some(GRID), "─");
                }
            };
            slot(&mut line, c == 0, "[");
            match pos.piece_at(sq) {
                Some(p) => {
                    let style = match p.color {
                        Color::Red => RED_PIECE,
                        Color::Black => BLACK_PIECE,
                    };
                    line.put(Some(style), &p.chinese_char().to_string());
                }
                None if is_from => line.put(Some(MARK), "〇"),
                None => {
                    // The inner files stop at the river; the outer ones cross it.
                    let cross = match (r, c) {
                        (0, 0) => "┌",
                        (0, 8) => "┐",
                        (9, 0) => "└",
                        (9, 8) => "┘",
                        (_, 0) => "├",
                        (_, 8) => "┤",
                        (0 | 5, _) => "┬",
                        (4 | 9, _) => "┴",
                        _ => "┼",
                    };
                    line.put(Some(GRID), cross);
                    if c == 8 {
                        line.put(None, " ");
                    } else {
                        line.put(Some(GRID), "─");
                    }
                }
            }
            slot(&mut line, c == 8, "]");
        }
        lines.push(line.finish());

        if r == 9 {
            break;
        }
        // Between two rows: the file lines, the palace diagonals, or the river.
        let mut line = Line::new(color);
        line.put(None, "  ");
        if r == 4 {
            line.put(Some(GRID), " │");
            line.put(None, "   楚   河           漢   界   ");
            line.put(Some(GRID), "│");
        } else {
            let diagonals = match r {
                0 | 7 => Some(("╲", "╱")),
                1 | 8 => Some(("╱", "╲")),
                _ => None,
            };
            // Each bar under its point, four columns apart.
            for c in 0..9 {
                line.put(Some(GRID), " │");
                match (diagonals, c) {
                    (_, 8) => {}
                    (Some((d, _)), 3) | (Some((_, d)), 4) => {
                        line.put(None, " ");
                        line.put(Some(GRID), d);
                    }
                    _ => line.put(None, "  "),
                }
            }
        }
        lines.push(line.finish());
    }

    let mut bottom = Line::new(color);
    if flipped {
        black_labels(&mut bottom);
    } else {
        red_labels(&mut bottom);
    }
    lines.push(bottom.finish());
    let mut letters = String::from("   ");
    for c in 0..9 {
        letters.push((b'a' + file_of(c) as u8) as char);
        letters.push_str("   ");
    }
    lines.push(letters.trim_end().to_string());
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// What to do after a line of input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// The person asked to quit.
    Quit,
}

/// A game against the computer, driven one line at a time.
pub struct Session {
    /// The computer: one engine for the whole game.
    engine: xiangqi_ai::Session,
    game: Game,
    start: Position,
    human: Color,
    level: u8,
    flipped: bool,
    color: bool,
    seed: u64,
    hint_ms: u64,
}

const HELP: &str = "\
Type a move in any notation: h2e2 (UCI), H2-E2 (ICCS), C2.5 (WXF) or 炮二平五 (Chinese).
Commands:
  undo      take back your last move and the computer's reply
  hint      suggest moves for you
  flip      turn the board around
  level N   play against level N from now on (1-8); `level` alone shows it
  new       start a new game
  moves     list the moves so far
  board     draw the board again
  help      this text
  quit      leave
";

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{cp:+} cp"),
        Score::Mate(0) => "mated".to_string(),
        Score::Mate(n) if n > 0 => format!("mate in {n}"),
        Score::Mate(n) => format!("mated in {}", -n),
    }
}

impl Session {
    /// A session with these options; nothing is written until [`Session::start`].
    pub fn new(opts: &PlayOptions) -> Session {
        Session {
            engine: xiangqi_ai::Session::default(),
            game: Game::from_position(opts.start.clone()),
            start: opts.start.clone(),
            human: opts.human,
            level: opts.level.clamp(1, MAX_LEVEL),
            flipped: opts.human == Color::Black,
            color: opts.color,
            seed: opts.seed,
            hint_ms: opts.hint_ms,
        }
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The computer's level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// True when Black is drawn at the bottom.
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// The side that moved at ply `i` of the game.
    fn mover(&self, i: usize) -> Color {
        let first = self.start.turn();
        if i % 2 == 0 {
            first
        } else {
            !first
        }
    }

    /// Greets, draws the board, and lets the computer move if it is its turn.
    pub fn start<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        writeln!(
            out,
            "Xiangqi: you play {} against level {} ({}). Type help for the commands.",
            self.human,
            self.level,
            describe_level(self.level)
        )?;
        self.begin(out)
    }

    /// Draws the board and lets the computer move first if it is its turn.
    fn begin<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        self.show(out)?;
        if self.game.outcome().is_some() {
            return self.announce(out);
        }
        if self.game.position().turn() != self.human {
            self.computer_move(out)?;
        }
        Ok(())
    }

    /// The prompt for the next line.
    pub fn prompt(&self) -> String {
        if self.game.outcome().is_some() {
            "> ".to_string()
        } else {
            format!("Your move ({})> ", self.human)
        }
    }

    fn show<W: Write>(&self, out: &mut W) -> io::Result<()> {
        self.show_board(out)?;
        self.show_status(out)
    }

    fn show_board<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let last = self.game.moves().last().copied();
        writeln!(out)?;
        write!(
            out,
            "{}",
            render_board(self.game.position(), last, self.flipped, self.color)
        )
    }

    /// Check and whose move it is, while the game goes on.
    fn show_status<W: Write>(&self, out: &mut W) -> io::Result<()> {
        if self.game.outcome().is_none() {
            if self.game.position().in_check() {
                let who = if self.game.position().turn() == self.human {
                    "you are"
                } else {
                    "the computer is"
                };
                writeln!(out, "將軍! Check: {who} in check.")?;
            }
            writeln!(
                out,
                "{} to move, move {}.",
                self.game.position().turn(),
                self.game.position().fullmoves()
            )?;
        }
        Ok(())
    }

    fn announce<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let Some(o) = self.game.outcome() else {
            return Ok(());
        };
        let verdict = match o.winner {
            Some(w) if w == self.human => "You win!",
            Some(_) => "The computer wins.",
            None => "A draw.",
        };
        writeln!(out, "Game over: {o}. {} ({})", verdict, o.chinese())?;
        writeln!(
            out,
            "Type new to play again, undo to take back your last move, or quit."
        )
    }

    fn next_seed(&self) -> u64 {
        xiangqi_tools::seed::mix(self.seed, self.game.len() as u64)
    }

    fn computer_move<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        writeln!(out, "Level {} is thinking...", self.level)?;
        out.flush()?;
        let started = Instant::now();
        let clock = || started.elapsed().as_millis() as u64;
        let mut seldepth = 0;
        let task = Level::new(self.level).task(self.next_seed());
        let thought = self.engine.think(
            &self.game,
            &task,
            &clock,
            &AtomicBool::new(false),
            &mut |i: &Info| seldepth = seldepth.max(i.seldepth),
        );
        let ms = started.elapsed().as_millis();
        let Some(m) = thought.best else {
            return self.announce(out);
        };
        let text = format(self.game.position(), m, Notation::Chinese);
        self.game
            .play(m)
            .expect("the computer's move is legal in a game not over");
        self.show_board(out)?;
        let depth = if seldepth > thought.depth {
            format!("{}/{}", thought.depth, seldepth)
        } else {
            thought.depth.to_string()
        };
        writeln!(
            out,
            "Computer plays {text} ({m})  [depth {depth}, {} nodes, {ms} ms, its score {}]",
            thought.nodes,
            score_text(thought.score)
        )?;
        self.show_status(out)?;
        self.announce(out)
    }

    /// Carries out one line of input: a command or a move. Bad input gets a message and
    /// changes nothing.
    pub fn handle_line<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<Flow> {
        let text = line.trim();
        let lower = text.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["quit" | "exit" | "q"] => return Ok(Flow::Quit),
            ["help" | "?" | "h"] => write!(out, "{HELP}")?,
            ["board"] => self.show(out)?,
            ["flip"] => {
                self.flipped = !self.flipped;
                self.show(out)?;
            }
            ["new"] => {
                self.game = Game::from_position(self.start.clone());
                self.engine.new_game();
                writeln!(out, "New game: you play {}.", self.human)?;
                self.begin(out)?;
            }
            ["undo"] => self.undo(out)?,
            ["moves"] => self.list_moves(out)?,
            ["hint"] => self.hint(out)?,
            ["level"] => writeln!(
                out,
                "Level {} ({}). Type level N to change it (1 to {MAX_LEVEL}).",
                self.level,
                describe_level(self.level)
            )?,
            ["level", n] => match n.parse::<Level>().map(Level::number) {
                Ok(level) => {
                    self.level = level;
                    writeln!(out, "Level {level}: {}.", describe_level(level))?;
                }
                Err(e) => writeln!(out, "{e}. The level stays {}.", self.level)?,
            },
            _ => self.human_move(text, out)?,
        }
        Ok(Flow::Continue)
    }

    fn human_move<W: Write>(&mut self, text: &str, out: &mut W) -> io::Result<()> {
        if let Some(o) = self.game.outcome() {
            return writeln!(
                out,
                "The game is over ({o}). Type new to play again, undo to take back, or quit."
            );
        }
        let m = match parse_any(self.game.position(), text) {
            Ok(m) => m,
            Err(e) if e.is_malformed() => {
                return writeln!(out, "{e}. Type help for the commands.");
            }
            Err(e) => return writeln!(out, "{e}."),
        };
        let chinese = format(self.game.position(), m, Notation::Chinese);
        self.game
            .play(m)
            .expect("parse_any returns legal moves only");
        writeln!(out, "You play {chinese} ({m}).")?;
        if self.game.outcome().is_some() {
            self.show(out)?;
            return self.announce(out);
        }
        self.computer_move(out)
    }

    fn undo<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        let human = self.human;
        let yours = (0..self.game.len())
            .filter(|&i| self.mover(i) == human)
            .count();
        if yours == 0 {
            return writeln!(out, "Nothing to undo: you have not moved yet.");
        }
        let mut taken = Vec::new();
        loop {
            let i = self.game.len() - 1;
            let mover = self.mover(i);
            let pos_before = {
                let mut g = self.game.clone();
                g.undo();
                g.position().clone()
            };
            let m = self.game.undo().expect("a move to take back");
            taken.push(format(&pos_before, m, Notation::Chinese));
            if mover == human {
                break;
            }
        }
        taken.reverse();
        writeln!(out, "Took back {}.", taken.join(" "))?;
        self.show(out)
    }

    fn list_moves<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let text = movetext(&self.game, Notation::Chinese);
        if text.is_empty() {
            writeln!(out, "No moves yet.")
        } else {
            writeln!(out, "{text}")
        }
    }

    fn hint<W: Write>(&mut self, out: &mut W) -> io::Result<()> {
        if self.game.outcome().is_some() || self.game.position().turn() != self.human {
            return writeln!(out, "No hint: it is not your move.");
        }
        writeln!(out, "Thinking about your move...")?;
        out.flush()?;
        let started = Instant::now();
        let clock = || started.elapsed().as_millis() as u64;
        let mut lines: Vec<Info> = Vec::new();
        let task = Task {
            player: Player::Strong,
            limits: Limits {
                multipv: 3,
                ..Limits::movetime(self.hint_ms)
            },
        };
        let thought = self.engine.think(
            &self.game,
            &task,
            &clock,
            &AtomicBool::new(false),
            &mut |i: &Info| {
                lines.retain(|l| l.multipv != i.multipv);
                lines.push(i.clone());
            },
        );
        lines.sort_by_key(|l| l.multipv);
        let pos = self.game.position();
        let mut shown = 0;
        for l in lines.iter().filter(|l| !l.pv.is_empty()) {
            let m = l.pv[0];
            if !pos.is_legal(m) {
                continue;
            }
            shown += 1;
            writeln!(
                out,
                "Hint {}: {} ({m}), {} at depth {}",
                l.multipv,
                format(pos, m, Notation::Chinese),
                score_text(l.score),
                l.depth
            )?;
        }
        if shown == 0 {
            if let Some(m) = thought.best {
                writeln!(
                    out,
                    "Hint: {} ({m}), {}",
                    format(pos, m, Notation::Chinese),
                    score_text(thought.score)
                )?;
            }
        }
        Ok(())
    }
}

/// Plays a session: reads lines from `input` until `quit` or the end of the input.
pub fn run<R: BufRead, W: Write>(input: R, out: &mut W, opts: &PlayOptions) -> io::Result<()> {
    let mut session = Session::new(opts);
    session.start(out)?;
    let mut lines = input.lines();
    loop {
        write!(out, "{}", session.prompt())?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            break;
        };
        if session.handle_line(&line?, out)? == Flow::Quit {
            break;
        }
    }
    writeln!(out, "Goodbye.")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_described_with_its_rating() {
        let eight = Level::new(8).rating();
        assert_eq!(
            describe_level(8),
            format!("v3 search, 8 s a move (about {eight} Elo)")
        );
        assert_eq!(
            describe_level(4),
            format!(
                "v3 search, 20000 nodes a move (about {} Elo)",
                Level::new(4).rating()
            )
        );
        assert!(describe_level(1).ends_with(&format!("(below {RATING_FLOOR} Elo)")));
    }

    #[test]
    fn the_start_position_drawn_without_colour() {
        let board = render_board(&Position::start(), None, false, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 1 + 19 + 2);
        assert_eq!(lines[0], "   1   2   3   4   5   6   7   8   9");
        assert_eq!(lines[1], "9  車──馬──象──士──將──士──象──馬──車");
        assert_eq!(lines[2], "   │   │   │   │ ╲ │ ╱ │   │   │   │");
        assert_eq!(lines[5], "7  ├───砲──┼───┼───┼───┼───┼───砲──┤");
        assert_eq!(lines[7], "6  卒──┼───卒──┼───卒──┼───卒──┼───卒");
        assert_eq!(lines[9], "5  ├───┴───┴───┴───┴───┴───┴───┴───┤");
        assert_eq!(lines[10], "   │   楚   河           漢   界   │");
        assert_eq!(lines[11], "4  ├───┬───┬───┬───┬───┬───┬───┬───┤");
        assert_eq!(lines[18], "   │   │   │   │ ╱ │ ╲ │   │   │   │");
        assert_eq!(lines[19], "0  俥──傌──相──仕──帥──仕──相──傌──俥");
        assert_eq!(lines[20], "   九  八  七  六  五  四  三  二  一");
        assert_eq!(lines[21], "   a   b   c   d   e   f   g   h   i");
        assert!(!board.contains('\x1b'));
    }

    #[test]
    fn flipped_board_and_last_move() {
        let mut pos = Position::start();
        let m = xiangqi::notation::parse_uci("h2e2").unwrap();
        pos.make_move(m);
        let board = render_board(&pos, Some(m), true, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "   一  二  三  四  五  六  七  八  九");
        assert_eq!(lines[1], "0  俥──傌──相──仕──帥──仕──相──傌──俥");
        // Seen from Black, Red's h2 cannon is the second point from the left.
        assert_eq!(lines[5], "2  ├───〇──┼───┼──[炮]─┼───┼───炮──┤");
        assert_eq!(lines[19], "9  車──馬──象──士──將──士──象──馬──車");
        assert_eq!(lines[20], "   9   8   7   6   5   4   3   2   1");
        assert_eq!(lines[21], "   i   h   g   f   e   d   c   b   a");
        let plain = render_board(&pos, Some(m), false, false);
        assert_eq!(
            plain.lines().nth(15).unwrap(),
            "2  ├───炮──┼───┼──[炮]─┼───┼───〇──┤"
        );
        let colored = render_board(&pos, Some(m), false, true);
        assert!(colored.contains("\x1b[1;31m炮"));
        assert!(colored.contains("\x1b[1m車"));
    }
}
