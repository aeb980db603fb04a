//! The game against the computer, driven one line at a time: moves in any notation, the
//! commands (undo, hint, flip, level, new, moves, board, help, quit), and the loop over the
//! input's lines.

use super::board::render_board;
use super::options::{describe_level, PlayOptions};
use crate::flow::Flow;
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi::notation::{format, parse_any, Notation};
use xiangqi::records::movetext;
use xiangqi::{Color, Game, Position};
use xiangqi_ai::{Info, Level, Limits, Player, Score, Task, MAX_LEVEL};

/// A game against the computer, driven one line at a time.
pub struct Console {
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
  level N   play against level N from now on (1-26); `level` alone shows it
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

impl Console {
    /// A game with these options; nothing is written until [`Console::start`].
    pub fn new(opts: &PlayOptions) -> Console {
        Console {
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
    let mut session = Console::new(opts);
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
